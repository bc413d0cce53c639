//! The back office's products (issue 26): the Products list (search, filters, sort, pages), bulk
//! actions in one transaction, duplicating a product, editing its category and collection with a
//! true PATCH, and replacing, removing and reordering its main photos.

use crate::common::{Browser, TestApp, png, product, product_with, spawn_empty_app};
use reqwest::Method;
use reqwest::multipart::{Form, Part};
use serde_json::{Value, json};

async fn send_form(browser: &Browser, method: Method, path: &str, form: Form) -> (u16, Value) {
    let res = browser.client.request(method, browser.url(path)).multipart(form).send().await.unwrap();
    let status = res.status().as_u16();
    (status, res.json().await.unwrap_or(Value::Null))
}

fn names(page: &Value) -> Vec<&str> {
    page["products"].as_array().unwrap().iter().map(|p| p["name"].as_str().unwrap()).collect()
}

/// Brogues (₦45,000, 2 sizes × 2 colours, 5 each), a watch (₦120,000, 3 left), loafers (₦30,000,
/// sold out) and sneakers (₦25,000, one size down to 2), added in that order.
async fn shop() -> (TestApp, Browser) {
    let app = spawn_empty_app().await;
    let mut brogue = product_with("Oxford Brogue", "formal-shoes", 4_500_000, "Brogues", &["41", "42"], &["Black", "Brown"]);
    brogue.stock_each = 5;
    app.add_product("brogue", brogue);
    let mut watch = product("Field Watch", "wristwatches", 12_000_000);
    watch.stock_each = 3;
    app.add_product("watch", watch);
    let mut loafer = product_with("Tassel Loafer", "formal-shoes", 3_000_000, "Loafers", &["42"], &[]);
    loafer.stock_each = 0;
    app.add_product("loafer", loafer);
    app.add_product("runner", product_with("Lagos Runner", "sneakers", 2_500_000, "Runners", &["40", "41"], &["White"]));
    app.sql("UPDATE variants SET stock = 2 WHERE product_id = 'runner' AND size = '41'; UPDATE variants SET sku = 'RUN-40' WHERE product_id = 'runner' AND size = '40';");
    // Newest last: the brogue is the oldest.
    app.sql("UPDATE products SET created_at = CASE id WHEN 'brogue' THEN 1 WHEN 'watch' THEN 2 WHEN 'loafer' THEN 3 ELSE 4 END");
    app.state.catalogue.changed_elsewhere();
    let admin = app.admin_browser("boss@example.com").await;
    (app, admin)
}

#[actix_web::test]
async fn the_products_list_searches_filters_sorts_and_pages() {
    let (app, admin) = shop().await;
    assert_eq!(app.browser().get_json("/api/admin/products").await.0, 401);
    let customer = app.browser();
    customer.signup("Ada", "ada@example.com", "secret1").await;
    assert_eq!(customer.get_json("/api/admin/products").await.0, 403);

    let (status, all) = admin.get_json("/api/admin/products").await;
    assert_eq!(status, 200, "{all}");
    assert_eq!(names(&all), ["Lagos Runner", "Tassel Loafer", "Field Watch", "Oxford Brogue"], "newest first");
    assert_eq!((all["total"].as_i64(), all["page"].as_i64(), all["pageSize"].as_i64()), (Some(4), Some(1), Some(30)));
    let runner = &all["products"][0];
    assert_eq!((runner["collectionName"].as_str(), runner["price"].as_i64()), (Some("Sneakers"), Some(2_500_000)));
    assert_eq!((runner["units"].as_i64(), runner["variants"].as_i64(), runner["lowVariants"].as_i64()), (Some(102), Some(2), Some(1)));
    assert_eq!(runner["status"], "low");
    assert_eq!(all["products"][1]["status"], "sold-out");
    assert_eq!(all["products"][3]["status"], "in-stock");
    assert_eq!(all["products"][3]["units"], 20);

    let list = |query: &'static str| {
        let admin = &admin;
        async move {
            let (status, page) = admin.get_json(&format!("/api/admin/products?{query}")).await;
            assert_eq!(status, 200, "{query}: {page}");
            page
        }
    };
    // Search by name, category or SKU.
    assert_eq!(names(&list("q=oxford").await), ["Oxford Brogue"]);
    assert_eq!(names(&list("q=loafers").await), ["Tassel Loafer"]);
    assert_eq!(names(&list("q=RUN-40").await), ["Lagos Runner"]);
    assert_eq!(names(&list("q=100%25").await), Vec::<&str>::new(), "a % is a character, not a wildcard");
    // By collection, stock and price.
    assert_eq!(names(&list("collection=formal-shoes").await), ["Tassel Loafer", "Oxford Brogue"]);
    assert_eq!(names(&list("stock=sold-out").await), ["Tassel Loafer"]);
    assert_eq!(names(&list("stock=low").await), ["Lagos Runner", "Field Watch"], "the watch has 3 left, the low-stock level");
    assert_eq!(names(&list("stock=in-stock").await), ["Lagos Runner", "Field Watch", "Oxford Brogue"]);
    assert_eq!(names(&list("minPrice=30000&maxPrice=45000").await), ["Tassel Loafer", "Oxford Brogue"]);
    assert_eq!(names(&list("minPrice=30000.01").await), ["Field Watch", "Oxford Brogue"]);
    assert_eq!(names(&list("collection=formal-shoes&stock=in-stock&maxPrice=50000").await), ["Oxford Brogue"]);
    // Sorted.
    assert_eq!(names(&list("sort=price-asc").await), ["Lagos Runner", "Tassel Loafer", "Oxford Brogue", "Field Watch"]);
    assert_eq!(names(&list("sort=name-asc").await), ["Field Watch", "Lagos Runner", "Oxford Brogue", "Tassel Loafer"]);
    assert_eq!(names(&list("sort=stock-desc").await)[0], "Lagos Runner");
    assert_eq!(names(&list("sort=oldest").await)[0], "Oxford Brogue");
    // Refusals say what to fix.
    for (query, wanted) in [
        ("minPrice=abc", "Enter the lowest price in naira, like 25000 or 25000.50."),
        ("minPrice=5000&maxPrice=100", "The lowest price is above the highest."),
        ("page=0", "page must be a whole number from 1."),
    ] {
        let (status, answer) = admin.get_json(&format!("/api/admin/products?{query}")).await;
        assert_eq!((status, answer["message"].as_str()), (400, Some(wanted)), "{query}");
    }
    assert_eq!(admin.get_json("/api/admin/products?stock=plenty").await.0, 400);

    // Pages of 30.
    for i in 0..31 {
        app.add_product(&format!("extra{i:02}"), product(&format!("Extra {i:02}"), "suits", 1_000_000));
    }
    let first = list("collection=suits&sort=name-asc").await;
    assert_eq!((first["total"].as_i64(), first["products"].as_array().unwrap().len()), (Some(31), 30));
    let second = list("collection=suits&sort=name-asc&page=2").await;
    assert_eq!(names(&second), ["Extra 30"]);
}

#[actix_web::test]
async fn bulk_actions_feature_move_and_delete_all_or_nothing() {
    let (app, admin) = shop().await;
    let bulk = |body: Value| {
        let admin = &admin;
        async move { admin.post_json("/api/admin/products/bulk", body).await }
    };
    let customer = app.browser();
    customer.signup("Ada", "ada@example.com", "secret1").await;
    let (status, answer) = customer.post_json("/api/admin/products/bulk", json!({"action": "feature", "ids": ["brogue"]})).await;
    assert_eq!((status, answer["message"].as_str()), (403, Some("You do not have permission to edit products.")));

    // Feature two, then unfeature one: the home page's featured list follows at once.
    let (status, done) = bulk(json!({"action": "feature", "ids": ["brogue", "watch"]})).await;
    assert_eq!((status, done["message"].as_str(), done["changed"].as_i64()), (200, Some("Featured 2 products."), Some(2)));
    let featured = |app: &TestApp| {
        let browser = app.browser();
        async move {
            let (_, list) = browser.get_json("/api/products/featured").await;
            let mut ids: Vec<String> = list.as_array().unwrap().iter().map(|p| p["id"].as_str().unwrap().to_string()).collect();
            ids.sort();
            ids
        }
    };
    assert_eq!(featured(&app).await, ["brogue", "watch"]);
    let (status, done) = bulk(json!({"action": "unfeature", "ids": ["watch"]})).await;
    assert_eq!((status, done["message"].as_str()), (200, Some("Removed 1 product from featured.")));
    assert_eq!(featured(&app).await, ["brogue"]);

    // A product that no longer exists: nothing changes, not even the others.
    let (status, answer) = bulk(json!({"action": "feature", "ids": ["watch", "ghost"]})).await;
    assert_eq!(
        (status, answer["message"].as_str()),
        (404, Some("Some of the chosen products no longer exist. Reload the list and try again."))
    );
    assert_eq!(featured(&app).await, ["brogue"]);
    assert_eq!(bulk(json!({"action": "feature", "ids": []})).await.0, 400);
    assert_eq!(bulk(json!({"action": "polish", "ids": ["watch"]})).await.0, 400);

    // Move two to Suits: the collection pages and search follow.
    let (status, answer) = bulk(json!({"action": "move", "ids": ["brogue", "loafer"]})).await;
    assert_eq!((status, answer["message"].as_str()), (400, Some("Choose the collection to move the products to.")));
    assert_eq!(bulk(json!({"action": "move", "ids": ["brogue"], "collectionId": "nowhere"})).await.0, 404);
    let (status, done) = bulk(json!({"action": "move", "ids": ["brogue", "loafer"], "collectionId": "suits"})).await;
    assert_eq!((status, done["message"].as_str()), (200, Some("Moved 2 products.")));
    let (_, suits) = app.browser().get_json("/api/collections/suits").await;
    assert_eq!(suits["total"], 2);
    let (_, shoes) = app.browser().get_json("/api/collections/formal-shoes").await;
    assert_eq!(shoes["total"], 0);
    let (_, found) = app.browser().get_json("/api/search?q=suits").await;
    assert!(found.to_string().contains("Oxford Brogue"), "found by its new collection's name: {found}");

    // Delete two: gone from the shop, from bags, and their pictures from the disk.
    customer.post_json("/api/bag", json!({"productId": "watch"})).await;
    let (status, done) = bulk(json!({"action": "delete", "ids": ["watch", "loafer"]})).await;
    assert_eq!((status, done["message"].as_str()), (200, Some("Deleted 2 products.")));
    assert_eq!(app.browser().get_json("/api/products/watch").await.0, 404);
    assert_eq!(customer.get_json("/api/bag").await.1["items"], json!([]));
    let (_, left) = admin.get_json("/api/admin/products").await;
    assert_eq!(names(&left), ["Lagos Runner", "Oxford Brogue"]);
}

#[actix_web::test]
async fn a_duplicate_is_a_copy_with_no_stock_that_keeps_its_photos() {
    let app = spawn_empty_app().await;
    let admin = app.admin_browser("boss@example.com").await;
    let form = Form::new()
        .text("name", "Navy Two-Piece")
        .text("description", "Soft wool, sharp cut.")
        .text("price", "150000.50")
        .text("category", "Two-piece")
        .text("variants", r#"[{"size":"M","color":"Navy","sku":"NV-M","stock":4},{"size":"L","color":"Navy","stock":2}]"#)
        .part("images", Part::bytes(png(500, 600, [20, 30, 90])).file_name("a.png"))
        .part("images", Part::bytes(png(500, 600, [90, 30, 20])).file_name("b.png"));
    let (status, original) = send_form(&admin, Method::POST, "/api/collections/suits/products", form).await;
    assert_eq!(status, 201, "{original}");
    let id = original["id"].as_str().unwrap();
    admin.send_json(Method::PUT, &format!("/api/products/{id}/featured"), json!({"featured": true})).await;

    assert_eq!(app.browser().post_json(&format!("/api/products/{id}/duplicate"), Value::Null).await.0, 401);
    assert_eq!(admin.post_json("/api/products/ghost/duplicate", Value::Null).await.0, 404);
    let (status, copy) = admin.post_json(&format!("/api/products/{id}/duplicate"), Value::Null).await;
    assert_eq!(status, 201, "{copy}");
    assert_ne!(copy["id"], original["id"]);
    assert_eq!(copy["name"], "Navy Two-Piece (copy)");
    for field in ["description", "price", "category", "collectionId", "sizes", "colors", "images"] {
        assert_eq!(copy[field], original[field], "{field}");
    }
    assert_eq!(copy["featured"], false);
    let stock: Vec<(Value, Value, Value)> =
        copy["variants"].as_array().unwrap().iter().map(|v| (v["size"].clone(), v["available"].clone(), v["sku"].clone())).collect();
    assert_eq!(stock, [(json!("M"), json!(0), Value::Null), (json!("L"), json!(0), Value::Null)], "no stock, no SKUs");
    let (_, again) = app.browser().get_json(&format!("/api/products/{id}")).await;
    assert_eq!(again["variants"][0]["available"], 4, "the original keeps its stock");
    assert_eq!(again["variants"][0]["sku"], "NV-M");

    // The copy's photos are the original's: deleting the original leaves them on disk.
    admin.send_json(Method::DELETE, &format!("/api/products/{id}"), Value::Null).await;
    let copy_id = copy["id"].as_str().unwrap();
    let (_, copy_now) = app.browser().get_json(&format!("/api/products/{copy_id}")).await;
    let url = copy_now["images"][0]["url"].as_str().unwrap().to_string();
    assert_eq!(app.browser().get(&url).await.status(), 200, "{url}");
}

#[actix_web::test]
async fn a_patch_changes_only_what_is_sent_including_category_and_collection() {
    let (app, admin) = shop().await;
    let patch = |body: Value| {
        let admin = &admin;
        async move { admin.send_json(Method::PATCH, "/api/products/brogue", body).await }
    };
    let (_, before) = app.browser().get_json("/api/products/brogue").await;
    let (status, after) = patch(json!({"category": "Wingtips"})).await;
    assert_eq!(status, 200, "{after}");
    assert_eq!(after["category"], "Wingtips");
    for field in ["name", "price", "description", "collectionId", "variants", "images", "sizes", "colors"] {
        assert_eq!(after[field], before[field], "{field} stays when not sent");
    }
    let (status, after) = patch(json!({"collectionId": "suits"})).await;
    assert_eq!((status, after["collectionId"].as_str(), after["category"].as_str()), (200, Some("suits"), Some("Wingtips")));
    let (_, suits) = app.browser().get_json("/api/collections/suits").await;
    assert_eq!(suits["products"][0]["id"], "brogue");
    let (status, answer) = patch(json!({"collectionId": "nowhere"})).await;
    assert_eq!((status, answer["message"].as_str()), (400, Some("Choose one of the shop's collections.")));
    let (status, after) = patch(json!({"category": null})).await;
    assert_eq!((status, &after["category"]), (200, &Value::Null), "null removes the category");
    let (status, after) = patch(json!({"category": "Brogues", "name": "Oxford Brogue II"})).await;
    assert_eq!((status, after["category"].as_str(), after["name"].as_str()), (200, Some("Brogues"), Some("Oxford Brogue II")));
    let (status, after) = patch(json!({"category": ""})).await;
    assert_eq!((status, &after["category"]), (200, &Value::Null), "\"\" removes it too");
    assert_eq!(patch(json!({"category": 5})).await.0, 400);
    assert_eq!(after["name"], "Oxford Brogue II");
}

#[actix_web::test]
async fn main_photos_are_replaced_removed_and_reordered_in_one_step() {
    let app = spawn_empty_app().await;
    let admin = app.admin_browser("boss@example.com").await;
    let mut form = Form::new().text("name", "Navy Two-Piece").text("description", "Soft wool.").text("price", "150000");
    for (i, rgb) in [[20, 30, 90], [90, 30, 20], [30, 90, 20]].into_iter().enumerate() {
        form = form.part("images", Part::bytes(png(500, 600, rgb)).file_name(format!("{i}.png")));
    }
    let (status, product) = send_form(&admin, Method::POST, "/api/collections/suits/products", form).await;
    assert_eq!(status, 201, "{product}");
    let id = product["id"].as_str().unwrap().to_string();
    let url = |p: &Value, i: usize| p["images"][i]["url"].as_str().unwrap().to_string();
    let (a, b, c) = (url(&product, 0), url(&product, 1), url(&product, 2));
    let path = format!("/api/products/{id}/images");
    let order_form = |order: Value| Form::new().text("order", order.to_string());
    let files = || std::fs::read_dir(app.dir.path().join("media/products")).unwrap().count();
    // Each photo is kept in as many widths as fit it; the three are the same size.
    let per_photo = files() / 3;
    assert_eq!((files() % 3, per_photo > 0), (0, true), "the same widths of three photos");

    // Reorder: the third photo becomes the card's picture (first in collections too).
    let (status, after) = send_form(&admin, Method::PUT, &path, order_form(json!([c, a, b]))).await;
    assert_eq!(status, 200, "{after}");
    assert_eq!([url(&after, 0), url(&after, 1), url(&after, 2)], [c.clone(), a.clone(), b.clone()]);
    let (_, suits) = app.browser().get_json("/api/collections/suits").await;
    assert_eq!(suits["products"][0]["images"][0]["url"], c.as_str());
    let (_, list) = admin.get_json("/api/admin/products").await;
    assert_eq!(list["products"][0]["image"]["url"], c.as_str());

    // Remove one and replace another with a new upload, in one step: the old files go.
    let form = order_form(json!([c, "new"])).part("images", Part::bytes(png(500, 600, [200, 200, 10])).file_name("new.png"));
    let (status, after) = send_form(&admin, Method::PUT, &path, form).await;
    assert_eq!(status, 200, "{after}");
    assert_eq!(after["images"].as_array().unwrap().len(), 2);
    assert_eq!(url(&after, 0), c);
    assert!(![&a, &b].contains(&&url(&after, 1)));
    assert_eq!(files(), 2 * per_photo, "the two photos left out are off the disk");
    for gone in [&a, &b] {
        assert_eq!(app.browser().get(gone).await.status(), 404, "{gone}");
    }

    // Refused, changing nothing: no photo, one photo twice, a photo it does not have, a count that
    // does not match, a non-admin.
    for (form, status_wanted, wanted) in [
        (order_form(json!([])), 400, "A product needs at least one photo."),
        (order_form(json!([c, c])), 400, "The photo {c} is listed twice."),
        (
            order_form(json!(["/media/products/elsewhere-640.jpg"])),
            409,
            "The product's photos changed meanwhile. Reload the page and try again.",
        ),
        (order_form(json!(["new"])), 400, "The order names 1 new photo, but 0 were sent."),
        (Form::new().part("images", Part::bytes(png(500, 600, [1, 2, 3])).file_name("x.png")), 400, "Send the photos' order."),
    ] {
        let (status, answer) = send_form(&admin, Method::PUT, &path, form).await;
        assert_eq!((status, answer["message"].as_str().unwrap()), (status_wanted, wanted.replace("{c}", &c).as_str()));
    }
    let (_, now) = app.browser().get_json(&format!("/api/products/{id}")).await;
    assert_eq!(now["images"], after["images"]);
    assert_eq!(files(), 2 * per_photo, "a refused upload leaves nothing behind");
    let customer = app.browser();
    customer.signup("Ada", "ada@example.com", "secret1").await;
    let (status, _) = send_form(&customer, Method::PUT, &path, order_form(json!([c]))).await;
    assert_eq!(status, 403);
    assert_eq!(send_form(&admin, Method::PUT, "/api/products/ghost/images", order_form(json!([c]))).await.0, 404);
}
