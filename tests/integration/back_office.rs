//! The admin back office: uploads, releases, collections, products, featured, About Us, inbox.

use crate::common::{Browser, TestApp, png, product, spawn_empty_app};
use reqwest::Method;
use reqwest::multipart::{Form, Part};
use serde_json::{Value, json};

async fn send_form(browser: &Browser, method: Method, path: &str, form: Form) -> (u16, Value) {
    let res = browser.client.request(method, browser.url(path)).multipart(form).send().await.unwrap();
    let status = res.status().as_u16();
    (status, res.json().await.unwrap_or(Value::Null))
}

fn image_part(bytes: Vec<u8>, name: &str) -> Part {
    Part::bytes(bytes).file_name(name.to_string())
}

fn product_form(name: &str, price: &str, images: Vec<Vec<u8>>) -> Form {
    let mut form = Form::new().text("name", name.to_string()).text("description", "Soft wool, sharp cut.").text("price", price.to_string());
    for (i, bytes) in images.into_iter().enumerate() {
        form = form.part("images", image_part(bytes, &format!("p{i}.png")));
    }
    form
}

fn files_under(app: &TestApp, folder: &str) -> usize {
    let dir = app.dir.path().join("media").join(folder);
    std::fs::read_dir(dir).map(|d| d.count()).unwrap_or(0)
}

#[actix_web::test]
async fn admins_add_products_with_pictures_and_delete_them_completely() {
    let app = spawn_empty_app().await;
    let admin = app.admin_browser("boss@example.com").await;
    let (status, product) = send_form(
        &admin,
        Method::POST,
        "/api/collections/suits/products",
        product_form("Navy Two-Piece", "150000.50", vec![png(900, 1100, [20, 30, 90]), png(700, 900, [90, 30, 20])]),
    )
    .await;
    assert_eq!(status, 201, "{product}");
    assert_eq!(product["price"], 15_000_050);
    let images = product["images"].as_array().unwrap();
    assert_eq!(images.len(), 2);
    assert!(images[0]["srcset"].as_str().unwrap().contains("/media/products/"));
    assert_eq!(images[0]["width"], 900);
    // JPEG and WebP at each width: 240 … 800 and its own 900; 240 … 640 and its own 700.
    assert_eq!(files_under(&app, "products"), 2 * 8 + 2 * 6, "every width as JPEG and WebP (the smaller keeps its own width)");
    let id = product["id"].as_str().unwrap().to_string();

    // Shoppers see it at once, in the collection, on search, and can bag and save it.
    let customer = app.browser();
    customer.signup("Ada", "ada@example.com", "secret1").await;
    let (_, page) = customer.get_json("/api/collections/suits").await;
    assert_eq!(page["products"][0]["id"], id.as_str());
    let (_, found) = customer.get_json("/api/search/suggest?q=navy").await;
    assert_eq!(found[0]["id"], id.as_str());
    customer.post_json("/api/bag", json!({"productId": id})).await;
    customer.send_json(Method::PUT, &format!("/api/saved/{id}"), Value::Null).await;

    let (status, reply) = customer.send_json(Method::DELETE, &format!("/api/products/{id}"), Value::Null).await;
    assert_eq!((status, reply["message"].as_str().unwrap()), (403, "You do not have permission to delete products."));
    let (status, _) = admin.send_json(Method::DELETE, &format!("/api/products/{id}"), Value::Null).await;
    assert_eq!(status, 200);
    assert_eq!(files_under(&app, "products"), 0, "the pictures left the disk");
    assert_eq!(customer.get_json(&format!("/api/products/{id}")).await.0, 404);
    assert_eq!(customer.get_json("/api/bag").await.1["items"], json!([]));
    assert_eq!(customer.get_json("/api/saved").await.1, json!([]));
    assert_eq!(customer.get_json("/api/search/suggest?q=navy").await.1, json!([]));
    assert_eq!(admin.send_json(Method::DELETE, &format!("/api/products/{id}"), Value::Null).await.0, 404);
}

#[actix_web::test]
async fn bad_uploads_and_prices_leave_nothing_behind() {
    let app = spawn_empty_app().await;
    let admin = app.admin_browser("boss@example.com").await;
    let huge = {
        // 50 megapixels of one colour: tiny as a PNG, a bomb when decoded.
        let picture = image::GrayImage::new(10_000, 5_000);
        let mut out = std::io::Cursor::new(Vec::new());
        picture.write_to(&mut out, image::ImageFormat::Png).unwrap();
        out.into_inner()
    };
    let mut truncated = {
        let picture = image::RgbImage::from_pixel(400, 400, image::Rgb([200, 10, 10]));
        let mut out = std::io::Cursor::new(Vec::new());
        picture.write_to(&mut out, image::ImageFormat::Jpeg).unwrap();
        out.into_inner()
    };
    truncated.truncate(truncated.len() / 3);
    let svg = b"<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>".to_vec();
    for (label, form, expected) in [
        ("text renamed .jpg", product_form("A", "100", vec![b"hello, I am text".to_vec()]), "Selected file must be an image."),
        ("50 megapixels", product_form("A", "100", vec![huge]), "Images may have at most 40 megapixels."),
        ("truncated JPEG", product_form("A", "100", vec![truncated]), "Selected file must be an image."),
        ("SVG with a script", product_form("A", "100", vec![svg]), "Selected file must be an image."),
        ("empty price", product_form("A", "", vec![png(10, 10, [1, 2, 3])]), "Please fill in all fields."),
        ("no image", product_form("A", "100", vec![]), "Please fill in all fields."),
    ] {
        let (status, body) = send_form(&admin, Method::POST, "/api/collections/suits/products", form).await;
        assert_eq!(status, 400, "{label}: {body}");
        assert_eq!(body["message"], expected, "{label}");
    }
    for price in ["-5", "12.345", "abc"] {
        let (status, _) =
            send_form(&admin, Method::POST, "/api/collections/suits/products", product_form("A", price, vec![png(10, 10, [1, 2, 3])]))
                .await;
        assert_eq!(status, 400, "price {price}");
    }
    // A good picture with a path-like file name is stored under a generated name.
    let form = Form::new()
        .text("name", "Safe")
        .text("description", "d")
        .text("price", "10")
        .part("images", image_part(png(50, 50, [5, 5, 5]), "../../etc/passwd.png"));
    let (status, product) = send_form(&admin, Method::POST, "/api/collections/no-such-collection/products", form).await;
    assert_eq!(status, 404, "{product}");
    assert_eq!(app.query_i64("SELECT COUNT(*) FROM products"), 0, "no half-created product");
    assert_eq!(app.query_i64("SELECT COUNT(*) FROM media"), 1, "only the admin's profile photo");
    assert_eq!(files_under(&app, "products"), 0, "no orphan files");
}

#[actix_web::test]
async fn a_double_clicked_form_creates_one_product() {
    let app = spawn_empty_app().await;
    let admin = app.admin_browser("boss@example.com").await;
    let post = || {
        admin
            .client
            .post(admin.url("/api/collections/suits/products"))
            .header("idempotency-key", "form-123")
            .multipart(product_form("Once", "100", vec![png(20, 20, [9, 9, 9])]))
            .send()
    };
    let (a, b) = futures_util::join!(post(), post());
    let mut statuses = vec![a.unwrap().status().as_u16(), b.unwrap().status().as_u16()];
    statuses.sort();
    assert_eq!(statuses, vec![201, 409]);
    assert_eq!(app.query_i64("SELECT COUNT(*) FROM products"), 1);
}

#[actix_web::test]
async fn collections_releases_and_featured() {
    let app = spawn_empty_app().await;
    let admin = app.admin_browser("boss@example.com").await;
    let form = |name: &str, image: bool| {
        let mut f = Form::new().text("name", name.to_string()).text("description", "Hand-woven caps and more.");
        if image {
            f = f.part("image", image_part(png(1200, 675, [120, 60, 20]), "c.png"));
        }
        f
    };
    let (status, body) = send_form(&admin, Method::POST, "/api/collections", form("Caps & Hats", false)).await;
    assert_eq!((status, body["message"].as_str().unwrap()), (400, "Please fill in all fields."));
    let (status, body) = send_form(&admin, Method::POST, "/api/collections", form("Caps & Hats", true)).await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(body["message"], "New collection added successfully");
    assert_eq!(body["collection"]["id"], "caps-hats");
    let (status, _) = send_form(&admin, Method::POST, "/api/collections", form("caps & hats", true)).await;
    assert_eq!(status, 409, "names are unique");
    let (status, body) = send_form(&admin, Method::PUT, "/api/collections/caps-hats", form("Caps and Hats", false)).await;
    assert_eq!((status, body["message"].as_str().unwrap()), (200, "Collection updated successfully"));
    assert!(body["collection"]["image"]["url"].is_string(), "the image stays when none is chosen");
    let (status, body) = admin.get_json("/api/collections/lookup?name=").await;
    assert_eq!((status, body["message"].as_str().unwrap()), (400, "Valid collection name is required"));
    let (status, body) = admin.get_json("/api/collections/lookup?name=caps%20and%20hats").await;
    assert_eq!((status, body["id"].as_str().unwrap()), (200, "caps-hats"));

    app.add_product("cap1", product("Aso-oke Cap", "caps-hats", 900_000));
    let release = |product: &str, collection: &str| {
        Form::new()
            .text("name", "The Aso-oke Drop")
            .text("description", "Woven in Iseyin.")
            .text("price", "9000")
            .text("collectionId", collection.to_string())
            .text("productId", product.to_string())
            .text("featured", "on")
            .part("image", image_part(png(1600, 900, [10, 80, 60]), "r.png"))
    };
    let (status, body) = send_form(&admin, Method::POST, "/api/releases", release("cap1", "suits")).await;
    assert_eq!(status, 400, "{body}");
    let (status, body) = send_form(&admin, Method::POST, "/api/releases", release("cap1", "caps-hats")).await;
    assert_eq!(status, 201, "{body}");
    let (_, releases) = app.get_json("/api/releases").await;
    assert_eq!(releases[0]["name"], "The Aso-oke Drop", "shown at once");
    assert_eq!(releases[0]["productId"], "cap1");
    assert_eq!(releases[0]["price"], 900_000);

    let (status, _) = admin.send_json(Method::PUT, "/api/products/cap1/featured", json!({"featured": true})).await;
    assert_eq!(status, 200);
    assert_eq!(app.get_json("/api/products/featured").await.1[0]["id"], "cap1");
    admin.send_json(Method::PUT, "/api/products/cap1/featured", json!({"featured": false})).await;
    assert_eq!(app.get_json("/api/products/featured").await.1, json!([]));
}

#[actix_web::test]
async fn about_us_is_created_then_updated_keeping_images() {
    let app = spawn_empty_app().await;
    let admin = app.admin_browser("boss@example.com").await;
    let text = |title: &str| Form::new().text("title", title.to_string()).text("description1", "One.").text("description2", "Two.");
    let (status, body) = send_form(&admin, Method::PUT, "/api/about", Form::new().text("title", "x")).await;
    assert_eq!((status, body["message"].as_str().unwrap()), (400, "Please fill in all text fields."));
    let first = text("Our story").part("image1", image_part(png(800, 600, [1, 2, 3]), "a.png"));
    let (status, body) = send_form(&admin, Method::PUT, "/api/about", first).await;
    assert_eq!((status, body["message"].as_str().unwrap()), (200, "About Us page created successfully"));
    let (_, about) = app.get_json("/api/about").await;
    let image1 = about["image1"]["url"].as_str().unwrap().to_string();
    assert!(image1.starts_with("/media/aboutUs/"));
    assert!(about["image2"].is_null());
    let (status, body) = send_form(&admin, Method::PUT, "/api/about", text("Our new story")).await;
    assert_eq!((status, body["message"].as_str().unwrap()), (200, "About Us page updated successfully"));
    let (_, about) = app.get_json("/api/about").await;
    assert_eq!(about["title"], "Our new story");
    assert_eq!(about["image1"]["url"], image1.as_str(), "kept when none is chosen");
    let customer = app.browser();
    customer.signup("Ada", "ada@example.com", "secret1").await;
    assert_eq!(send_form(&customer, Method::PUT, "/api/about", text("Hacked")).await.0, 403);
}

#[actix_web::test]
async fn the_contact_inbox_is_for_admins() {
    let app = spawn_empty_app().await;
    app.post_json("/api/contact", json!({"email": "ada@example.com", "message": "Hello shop"})).await;
    let customer = app.browser();
    customer.signup("Ada", "ada@example.com", "secret1").await;
    assert_eq!(customer.get_json("/api/admin/contact-messages").await.0, 403);
    let admin = app.admin_browser("boss@example.com").await;
    let (status, inbox) = admin.get_json("/api/admin/contact-messages").await;
    assert_eq!(status, 200);
    assert_eq!(inbox[0]["message"], "Hello shop");
}

#[actix_web::test]
async fn role_matrix_for_the_back_office() {
    let app = spawn_empty_app().await;
    app.add_product("p1", product("Thing", "suits", 100));
    let visitor = app.browser();
    let customer = app.browser();
    customer.signup("Ada", "ada@example.com", "secret1").await;
    for (method, path) in [
        (Method::POST, "/api/releases"),
        (Method::POST, "/api/collections"),
        (Method::PUT, "/api/collections/suits"),
        (Method::POST, "/api/collections/suits/products"),
        (Method::PUT, "/api/about"),
    ] {
        let form = || Form::new().text("name", "x");
        assert_eq!(send_form(&visitor, method.clone(), path, form()).await.0, 401, "visitor {method} {path}");
        assert_eq!(send_form(&customer, method.clone(), path, form()).await.0, 403, "customer {method} {path}");
    }
    for (method, path, body) in [
        (Method::DELETE, "/api/products/p1", Value::Null),
        (Method::PUT, "/api/products/p1/featured", json!({"featured": true})),
        (Method::PATCH, "/api/products/p1", json!({"name": "x", "price": "1", "description": "y"})),
        (Method::GET, "/api/admin/contact-messages", Value::Null),
    ] {
        assert_eq!(visitor.send_json(method.clone(), path, body.clone()).await.0, 401, "visitor {method} {path}");
        assert_eq!(customer.send_json(method.clone(), path, body.clone()).await.0, 403, "customer {method} {path}");
    }
    assert_eq!(app.query_i64("SELECT COUNT(*) FROM products WHERE featured = 0 AND name = 'Thing'"), 1, "nothing changed");
}

#[test]
fn a_twelve_megapixel_photo_is_processed_into_smaller_widths() {
    let photo = image::RgbImage::from_fn(4000, 3000, |x, y| image::Rgb([(x % 256) as u8, (y % 256) as u8, ((x + y) % 256) as u8]));
    let mut jpeg = std::io::Cursor::new(Vec::new());
    photo.write_to(&mut jpeg, image::ImageFormat::Jpeg).unwrap();
    let jpeg = jpeg.into_inner();
    let processed = ankara::media::process(&jpeg, ankara::media::ImageKind::Portrait).unwrap();
    let widths: Vec<u32> = processed.variants.iter().map(|(w, _)| *w).collect();
    assert_eq!(widths, vec![240, 320, 360, 480, 640, 720, 800, 1024]);
    let small = &processed.variants[0].1;
    let decoded = image::load_from_memory(small).unwrap();
    assert_eq!((decoded.width(), decoded.height()), (240, 180));
    assert!(small.len() * 4 < jpeg.len(), "a phone gets far fewer bytes than the original");
}

#[actix_web::test]
async fn a_renamed_collection_is_found_by_its_new_name_at_once() {
    let app = spawn_empty_app().await;
    app.add_product("runner", product("Volt Runner", "sneakers", 3_000_000));
    let admin = app.admin_browser("admin@example.com").await;
    let form = Form::new().text("name", "Kicks Quarter").text("description", "Trainers for the city.");
    let (status, body) = send_form(&admin, Method::PUT, "/api/collections/sneakers", form).await;
    assert_eq!(status, 200, "{body}");
    let names =
        |suggestions: Value| suggestions.as_array().unwrap().iter().map(|s| s["name"].as_str().unwrap().to_string()).collect::<Vec<_>>();
    let (_, found) = app.get_json("/api/search/suggest?q=kicks%20quarter").await;
    assert_eq!(names(found), vec!["Volt Runner"], "the products are found by the collection's new name");
}
