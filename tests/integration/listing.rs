//! Filters, facets and sorts on collection and search pages, the bounded cache of filtered pages,
//! sale prices (admin, cards, JSON-LD, order e-mails) and size guides (issue 25, sections 2 and 3).

use ankara::catalog::write::{Changes, NewProduct, insert_product};
use ankara::money::Kobo;
use ankara::stock::NewVariant;
use reqwest::Method;
use serde_json::{Value, json};

use crate::common::{TestApp, product_with, spawn_with};

async fn shop() -> TestApp {
    spawn_with(|c| {
        c.no_demo = true;
        c.signups_per_hour = 100;
    })
    .await
}

/// Adds a product created at `minute` (later minutes are newer) with exactly these variants
/// (size, colour, stock).
fn add(app: &TestApp, id: &str, mut product: NewProduct, minute: i64, variants: &[(&str, &str, i64)]) {
    product.variants = variants
        .iter()
        .map(|(size, color, stock)| NewVariant { size: size.to_string(), color: color.to_string(), sku: None, stock: *stock })
        .collect();
    app.state
        .catalogue
        .write_now(|tx| {
            let id = id.into();
            insert_product(tx, &id, &product, 1_700_000_000_000 + minute * 60_000)?;
            Ok(((), Changes::product(&id)))
        })
        .unwrap();
}

fn on_sale(mut product: NewProduct, before: i64) -> NewProduct {
    product.compare_at = Some(Kobo::new(before));
    product
}

/// Five formal shoes:
/// - oxford  ₦58,500  41 and 42 in Black and Brown, its 42 in Black sold out
/// - derby   ₦39,999  42 and 43 in Black, on sale (was ₦49,999)
/// - loafer  ₦52,000  40 and 42 in Brown
/// - boot    ₦89,900  42 in Black
/// - monk    ₦45,000  42 in Black, on sale (was ₦50,000)
async fn shoes() -> TestApp {
    let app = shop().await;
    let shoe = |name: &str, naira: i64| product_with(name, "formal-shoes", naira * 100, "Shoes", &[], &[]);
    add(&app, "oxford", shoe("Oxford Shoe", 58_500), 1, &[("41", "Black", 5), ("41", "Brown", 5), ("42", "Black", 0), ("42", "Brown", 5)]);
    add(&app, "derby", on_sale(shoe("Derby Shoe", 39_999), 4_999_900), 2, &[("42", "Black", 3), ("43", "Black", 3)]);
    add(&app, "loafer", shoe("Loafer Shoe", 52_000), 3, &[("40", "Brown", 2), ("42", "Brown", 2)]);
    add(&app, "boot", shoe("Boot Shoe", 89_900), 4, &[("42", "Black", 1)]);
    add(&app, "monk", on_sale(shoe("Monk Shoe", 45_000), 5_000_000), 5, &[("42", "Black", 4)]);
    app
}

async fn page(app: &TestApp, query: &str) -> Value {
    let (status, body) = app.get_json(&format!("/api/collections/formal-shoes{query}")).await;
    assert_eq!(status, 200, "{query}: {body}");
    body
}

fn ids(body: &Value) -> Vec<&str> {
    body["products"].as_array().unwrap().iter().map(|p| p["id"].as_str().unwrap()).collect()
}

fn counts(body: &Value, facet: &str) -> Vec<(String, i64)> {
    body["facets"][facet]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| (v["value"].as_str().unwrap().to_string(), v["count"].as_i64().unwrap()))
        .collect()
}

fn pairs(list: &[(&str, i64)]) -> Vec<(String, i64)> {
    list.iter().map(|(v, n)| (v.to_string(), *n)).collect()
}

#[actix_web::test]
async fn facets_count_each_value_with_the_other_filters_kept() {
    let app = shoes().await;

    let all = page(&app, "").await;
    assert_eq!(all["total"], 5);
    assert_eq!(ids(&all), ["monk", "boot", "loafer", "derby", "oxford"], "newest first by default");
    assert_eq!(counts(&all, "sizes"), pairs(&[("40", 1), ("41", 1), ("42", 5), ("43", 1)]));
    assert_eq!(counts(&all, "colors"), pairs(&[("Black", 4), ("Brown", 2)]));
    assert_eq!(all["facets"]["price"], json!({"min": 3_999_900, "max": 8_990_000}));
    assert_eq!((all["facets"]["inStock"].as_i64(), all["facets"]["onSale"].as_i64()), (Some(5), Some(2)));

    // Size 42 in black, in stock, at most ₦60,000: the oxford's 42 in black has sold out.
    let chosen = page(&app, "?size=42&color=Black&maxPrice=60000&inStock=true").await;
    assert_eq!(ids(&chosen), ["monk", "derby"]);
    assert_eq!(chosen["total"], 2);
    // Each size with the colour, the stock and the price kept: the oxford has 41 in black.
    assert_eq!(counts(&chosen, "sizes"), pairs(&[("40", 0), ("41", 1), ("42", 2), ("43", 1)]));
    // Each colour with size 42, the stock and the price kept: the oxford and loafer in brown.
    assert_eq!(counts(&chosen, "colors"), pairs(&[("Black", 2), ("Brown", 2)]));
    // The price range leaves the price filter out: the boot is there.
    assert_eq!(chosen["facets"]["price"], json!({"min": 3_999_900, "max": 8_990_000}));
    assert_eq!(chosen["facets"]["onSale"], 2);

    // Without "in stock only", the oxford's sold-out 42 in black counts; the facet says so.
    let any_stock = page(&app, "?size=42&color=black&maxPrice=60000").await;
    assert_eq!(ids(&any_stock), ["monk", "derby", "oxford"]);
    assert_eq!(any_stock["facets"]["inStock"], 2);

    assert_eq!(ids(&page(&app, "?onSale=true").await), ["monk", "derby"]);
    let sale_sizes = page(&app, "?onSale=true&size=43").await;
    assert_eq!(ids(&sale_sizes), ["derby"]);
    assert_eq!(counts(&sale_sizes, "sizes"), pairs(&[("40", 0), ("41", 0), ("42", 2), ("43", 1)]));
    assert_eq!(ids(&page(&app, "?minPrice=50000&maxPrice=60000").await), ["loafer", "oxford"]);
    let nothing = page(&app, "?color=Purple").await;
    assert_eq!((nothing["total"].as_i64(), nothing["facets"]["price"].clone()), (Some(0), Value::Null));
    assert_eq!(counts(&nothing, "sizes"), pairs(&[("40", 0), ("41", 0), ("42", 0), ("43", 0)]));

    // A card carries what it needs: the sale price and the price before.
    let derby = &chosen["products"][1];
    assert_eq!((derby["price"].as_i64(), derby["compareAtPrice"].as_i64()), (Some(3_999_900), Some(4_999_900)));
    assert_eq!(chosen["products"][0]["variants"].as_array().unwrap().len(), 1, "the page's products come whole");
}

#[actix_web::test]
async fn sorts_order_by_price_sales_and_rating_with_ties_to_the_newest() {
    let app = shoes().await;
    assert_eq!(ids(&page(&app, "?sort=price-asc").await), ["derby", "monk", "loafer", "oxford", "boot"]);
    assert_eq!(ids(&page(&app, "?sort=price-desc").await), ["boot", "oxford", "loafer", "monk", "derby"]);
    assert_eq!(ids(&page(&app, "?sort=newest&inStock=true").await), ["monk", "boot", "loafer", "derby", "oxford"]);
    assert_eq!(ids(&page(&app, "?sort=price-asc&size=42&color=Black&maxPrice=60000").await), ["derby", "monk", "oxford"]);

    // Ratings: the highest first, then the most reviews, then the newest.
    for (id, rating, reviews) in [("oxford", 4.8, 10), ("derby", 4.8, 30), ("loafer", 3.0, 2), ("boot", 0.0, 0), ("monk", 4.1, 5)] {
        app.sql(&format!("UPDATE products SET rating = {rating}, review_count = {reviews} WHERE id = '{id}'"));
    }
    // Written behind the door (reviews change ratings through it): say so, as the merchant's commands do.
    app.state.catalogue.changed_elsewhere();
    assert_eq!(ids(&page(&app, "?sort=top-rated").await), ["derby", "oxford", "monk", "loafer", "boot"]);

    // Units sold in the last 30 Lagos days; older sales do not count.
    let today = (ankara::db::now_ms() + 3_600_000) / 86_400_000;
    for (id, day, units) in [("loafer", today, 3), ("loafer", today - 5, 4), ("boot", today - 1, 5), ("oxford", today - 40, 50)] {
        app.sql(&format!(
            "INSERT INTO product_sales (day, product_key, product_id, name, units, revenue_kobo) VALUES ({day}, '{id}', '{id}', '{id}', {units}, 0)"
        ));
    }
    assert_eq!(ids(&page(&app, "?sort=best-selling").await), ["loafer", "boot", "monk", "derby", "oxford"]);

    let (status, body) = app.get_json("/api/collections/formal-shoes?sort=cheapest").await;
    assert_eq!((status, body["error"].as_str()), (400, Some("validation")), "{body}");
}

#[actix_web::test]
async fn filters_keep_paging_and_bad_filters_get_clear_errors() {
    let app = shop().await;
    for n in 0..30 {
        let colour = if n % 3 == 0 { "Black" } else { "Brown" };
        add(
            &app,
            &format!("shoe-{n:02}"),
            product_with(&format!("Shoe {n}"), "formal-shoes", (10_000 + n) * 100, "Shoes", &[], &[]),
            n,
            &[("42", colour, 1)],
        );
    }
    let first = page(&app, "?color=Brown&sort=price-asc").await;
    assert_eq!((first["total"].as_i64(), first["products"].as_array().unwrap().len()), (Some(20), 20));
    let second = page(&app, "?color=Brown&sort=price-asc&page=2").await;
    assert_eq!(second["products"].as_array().unwrap().len(), 0);
    let brown = page(&app, "?color=Brown&sort=price-desc").await;
    assert_eq!(brown["products"][0]["id"], "shoe-29");
    let all = page(&app, "?page=2").await;
    assert_eq!((all["total"].as_i64(), all["products"].as_array().unwrap().len()), (Some(30), 6), "24 a page");

    for (query, message) in [
        ("?minPrice=60000&maxPrice=20000", "The lowest price must not be above the highest."),
        ("?maxPrice=100000001", "Prices must be whole naira from 0 to 100000000."),
        ("?minPrice=-5", "Prices must be whole naira from 0 to 100000000."),
    ] {
        let (status, body) = app.get_json(&format!("/api/collections/formal-shoes{query}")).await;
        assert_eq!((status, body["message"].as_str()), (400, Some(message)), "{query}");
    }
    let long = "x".repeat(41);
    let (status, body) = app.get_json(&format!("/api/collections/formal-shoes?size={long}")).await;
    assert_eq!((status, body["error"].as_str()), (400, Some("validation")), "{body}");
    let (status, body) = app.get_json("/api/collections/formal-shoes?minPrice=cheap").await;
    assert_eq!((status, body["error"].as_str()), (400, Some("validation")), "{body}");
    let (status, _) = app.get_json("/api/search?q=shoe&maxPrice=1.5").await;
    assert_eq!(status, 400);
}

#[actix_web::test]
async fn a_filtered_page_is_cached_under_one_key_however_the_address_spells_it_and_the_cache_stays_bounded() {
    let app = shoes().await;
    let plain = page(&app, "").await;
    let chosen = page(&app, "?size=42&color=Black&maxPrice=60000&inStock=true&sort=price-asc").await;
    assert_eq!(app.state.cache.sizes(), (1, 1));

    // The same list spelled otherwise: another order, any case, defaults written out. (A list's
    // products and facts are kept too; its collection is read whenever a list is built.)
    app.sql("UPDATE collections SET name = 'Renamed Behind The Door' WHERE id = 'formal-shoes'");
    let respelled = page(&app, "?sort=price-asc&inStock=true&onSale=false&color=BLACK&size=%2042%20&maxPrice=60000&utm_source=x").await;
    assert_eq!(respelled, chosen, "answered from the one cache entry (the rename did not reach it)");
    assert_eq!(app.state.cache.sizes(), (1, 1));
    let other = page(&app, "?size=42&color=Black&maxPrice=60000&inStock=true&sort=price-desc").await;
    assert_eq!(other["collection"]["name"], "Renamed Behind The Door", "another list is built afresh");
    assert_eq!(app.state.cache.sizes(), (1, 2));

    // However many lists a client names, the filtered share stays bounded and the plain pages stay.
    let limit = ankara::cache::MAX_FILTERED;
    for naira in 0..limit + 100 {
        let (status, _) = app.get_json(&format!("/api/collections/formal-shoes?minPrice={naira}")).await;
        assert_eq!(status, 200);
    }
    assert_eq!(app.state.cache.sizes(), (1, limit));
    assert_eq!(page(&app, "").await, plain);
    assert_eq!(app.state.cache.sizes(), (1, limit));
}

#[actix_web::test]
async fn a_write_through_the_door_reaches_lists_not_built_before_it() {
    let app = shoes().await;
    // The collection's facts are kept after this page…
    assert_eq!(ids(&page(&app, "?sort=price-asc").await)[0], "derby");
    let admin = app.admin_browser("owner@example.com").await;
    let (status, _) = admin.send_json(Method::PATCH, "/api/products/oxford", json!({"price": "30000"})).await;
    assert_eq!(status, 200);
    // …and a list first asked for after the price change sees it.
    let cheap = page(&app, "?sort=price-asc&minPrice=1").await;
    assert_eq!(ids(&cheap)[0], "oxford");
    assert_eq!(cheap["facets"]["price"]["min"], 3_000_000);
    assert_eq!(cheap["products"][0]["price"], 3_000_000, "the product's kept answer was dropped with the write");
    // Stock too: the boot's only variant sells out.
    let (status, _) =
        admin.send_json(Method::PATCH, "/api/products/boot", json!({"variants": [{"size": "42", "color": "Black", "stock": 0}]})).await;
    assert_eq!(status, 200);
    assert!(!ids(&page(&app, "?inStock=true&sort=price-desc").await).contains(&"boot"));
    let listed = page(&app, "?size=42&sort=price-desc").await;
    let boot = listed["products"].as_array().unwrap().iter().find(|p| p["id"] == "boot").expect("the boot is still listed");
    assert_eq!(boot["variants"][0]["available"], 0, "{boot}");
}

#[actix_web::test]
async fn search_answers_the_same_filters_sorts_and_facets() {
    let app = shoes().await;
    add(&app, "sneaker", product_with("Court Shoe Sneaker", "sneakers", 3_000_000, "Sneakers", &[], &[]), 6, &[("42", "White", 9)]);
    let (status, all) = app.get_json("/api/search?q=shoe").await;
    assert_eq!(status, 200, "{all}");
    assert_eq!(all["total"], 6);
    assert_eq!(counts(&all, "colors"), pairs(&[("Black", 4), ("Brown", 2), ("White", 1)]));

    let (_, chosen) = app.get_json("/api/search?q=shoe&size=42&color=black&maxPrice=60000&inStock=true&sort=price-asc").await;
    assert_eq!(ids(&chosen), ["derby", "monk"]);
    assert_eq!(counts(&chosen, "colors"), pairs(&[("Black", 2), ("Brown", 2), ("White", 1)]));
    let (_, sale) = app.get_json("/api/search?q=shoe&onSale=true&sort=price-desc").await;
    assert_eq!(ids(&sale), ["monk", "derby"]);
    let (_, short) = app.get_json("/api/search?q=s").await;
    assert_eq!(
        short,
        json!({"products": [], "total": 0, "facets": {"sizes": [], "colors": [], "price": null, "inStock": 0, "onSale": 0}, "partial": false})
    );
}

#[actix_web::test]
async fn admins_put_products_on_sale_and_shoppers_see_the_price_they_pay() {
    let app = shoes().await;
    let admin = app.admin_browser("owner@example.com").await;
    let edit = |body: Value| admin.send_json(Method::PATCH, "/api/products/oxford", body);

    let (status, product) = edit(json!({"compareAtPrice": "73125.00"})).await;
    assert_eq!(status, 200, "{product}");
    assert_eq!((product["price"].as_i64(), product["compareAtPrice"].as_i64()), (Some(5_850_000), Some(7_312_500)));

    let refused = "The compare-at price must be above the price: it is what the product cost before the sale. Clear it to end the sale.";
    // Zero too, which the table's CHECK would have refused as a server error (the API fuzzing found it).
    let zero = json!({"compareAtPrice": "0", "variants": null, "category": ""});
    for body in [json!({"compareAtPrice": "58500"}), json!({"price": "80000"}), json!({"price": "50000", "compareAtPrice": "40000"}), zero]
    {
        let (status, answer) = edit(body.clone()).await;
        assert_eq!((status, answer["message"].as_str()), (400, Some(refused)), "{body}");
    }
    let (status, answer) = edit(json!({"compareAtPrice": "-1"})).await;
    assert_eq!((status, answer["message"].as_str()), (400, Some("The compare-at price cannot be negative.")));
    // Money a person typed travels one way, as text: a JSON number is refused by the field's name.
    for (body, message) in [
        (json!({"compareAtPrice": 73125}), "The compare-at price must be an amount in naira."),
        (json!({"price": 58500}), "The price must be an amount in naira."),
        (json!({"price": null}), "Please enter a price."),
    ] {
        let (status, answer) = edit(body.clone()).await;
        assert_eq!((status, answer["message"].as_str()), (400, Some(message)), "{body}");
    }
    let (_, unchanged) = app.get_json("/api/products/oxford").await;
    assert_eq!((unchanged["price"].as_i64(), unchanged["compareAtPrice"].as_i64()), (Some(5_850_000), Some(7_312_500)));

    // The product page's JSON-LD offers the price paid.
    let html = app.get("/product/oxford").await.text().await.unwrap();
    assert!(html.contains(r#""price":"58500.00""#) && !html.contains("73125.00"), "{html}");
    assert_eq!(ids(&page(&app, "?onSale=true&sort=price-asc").await), ["derby", "monk", "oxford"]);

    let (status, product) = edit(json!({"compareAtPrice": null})).await;
    assert_eq!((status, product["compareAtPrice"].clone()), (200, Value::Null));
    let (_, product) = edit(json!({"compareAtPrice": "60000", "price": "48000"})).await;
    assert_eq!(product["compareAtPrice"], 6_000_000);
    let (_, product) = edit(json!({"compareAtPrice": ""})).await;
    assert_eq!(product["compareAtPrice"], Value::Null);

    // The add form takes one too, in naira.
    let photo = crate::common::png(40, 60, [20, 20, 20]);
    let form = |compare: &str| {
        reqwest::multipart::Form::new()
            .text("name", "Sale Brogue")
            .text("description", "A brogue on sale.")
            .text("price", "30000")
            .text("compareAtPrice", compare.to_string())
            .part("images", reqwest::multipart::Part::bytes(photo.clone()).file_name("p.png"))
    };
    let res = admin.client.post(admin.url("/api/collections/formal-shoes/products")).multipart(form("20000")).send().await.unwrap();
    assert_eq!(res.status(), 400);
    let res = admin.client.post(admin.url("/api/collections/formal-shoes/products")).multipart(form("37,500.50")).send().await.unwrap();
    assert_eq!(res.status(), 201);
    let added: Value = res.json().await.unwrap();
    assert_eq!((added["price"].as_i64(), added["compareAtPrice"].as_i64()), (Some(3_000_000), Some(3_750_050)));

    let shopper = app.browser();
    let (status, _) = shopper.send_json(Method::PATCH, "/api/products/oxford", json!({"compareAtPrice": "90000"})).await;
    assert_eq!(status, 401);
}

#[actix_web::test]
async fn the_bag_and_the_order_mails_show_what_a_sale_saved() {
    let app = shoes().await;
    let shopper = app.browser();
    shopper.signup("Ada Obi", "ada@example.com", "secret1").await;
    let (status, bag) = shopper.post_json("/api/bag", json!({"productId": "monk", "size": "42", "color": "Black", "quantity": 2})).await;
    assert_eq!(status, 200, "{bag}");
    assert_eq!(bag["items"][0]["product"]["compareAtPrice"], 5_000_000);
    let (status, started) = shopper.post_json("/api/checkout", crate::payments::details()).await;
    assert_eq!(status, 201, "{started}");
    let code = started["accessCode"].as_str().unwrap();
    shopper.post_json(&format!("/api/sandbox/checkout/{code}"), json!({"outcome": "success"})).await;
    let (_, done) = shopper.post_json("/api/payments/verify", json!({"reference": started["reference"]})).await;
    let order = &done["data"]["order"];
    assert_eq!((order["items"][0]["price"].as_i64(), order["items"][0]["compareAtPrice"].as_i64()), (Some(4_500_000), Some(5_000_000)));

    // Mail goes out in the background.
    let outbox = app.dir.path().join("outbox");
    let mut confirmation = None;
    for _ in 0..200 {
        let mails = std::fs::read_dir(&outbox).unwrap().map(|e| std::fs::read_to_string(e.unwrap().path()).unwrap_or_default());
        confirmation = mails.into_iter().find(|m| m.contains("confirmed"));
        if confirmation.is_some() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(25)).await;
    }
    let confirmation = confirmation.expect("a confirmation");
    assert!(
        confirmation.contains("2 × Monk Shoe (42, Black) — ₦90,000.00 (on sale: ₦45,000.00 each, was ₦50,000.00, 10% off)"),
        "{confirmation}"
    );
    // My Orders keeps it: the line was stored with the price before.
    let (_, orders) = shopper.get_json("/api/orders").await;
    assert_eq!(orders["orders"][0]["items"][0]["compareAtPrice"], 5_000_000, "{orders}");
}

#[actix_web::test]
async fn admins_edit_a_collections_size_guide() {
    let app = shoes().await;
    let admin = app.admin_browser("owner@example.com").await;
    async fn put(browser: &crate::common::Browser, body: Value) -> (u16, Value) {
        browser.send_json(Method::PUT, "/api/collections/formal-shoes/size-guide", body).await
    }
    let guide = json!({"columns": ["EU", " UK ", "Foot length"], "rows": [["42", "8", "26.6 cm"], ["", "", ""], ["43", "9", "27.3 cm"]]});

    let (status, _) = put(&app.browser(), guide.clone()).await;
    assert_eq!(status, 401);
    let (status, collection) = put(&admin, guide).await;
    assert_eq!(status, 200, "{collection}");
    let expected = json!({"columns": ["EU", "UK", "Foot length"], "rows": [["42", "8", "26.6 cm"], ["43", "9", "27.3 cm"]]});
    assert_eq!(collection["sizeGuide"], expected);
    assert_eq!(page(&app, "").await["collection"]["sizeGuide"], expected);
    let (_, list) = app.get_json("/api/collections").await;
    assert_eq!(list.as_array().unwrap().iter().find(|c| c["id"] == "formal-shoes").unwrap()["sizeGuide"], expected);

    for (body, message) in [
        (json!({"columns": ["EU", "UK"], "rows": [["42"]]}), "Every row of the size guide needs one cell per column."),
        (json!({"columns": ["EU", ""], "rows": [["42", "8"]]}), "Give every column of the size guide a heading."),
        (json!({"columns": ["EU"], "rows": [["x".repeat(41)]]}), "Each cell of a size guide may have at most 40 characters."),
        (json!({"columns": vec!["C"; 9], "rows": [vec!["1"; 9]]}), "A size guide may have at most 8 columns and 40 rows."),
    ] {
        let (status, answer) = put(&admin, body).await;
        assert_eq!((status, answer["message"].as_str()), (400, Some(message)));
    }
    let (status, _) = admin.send_json(Method::PUT, "/api/collections/no-such/size-guide", json!({"columns": [], "rows": []})).await;
    assert_eq!(status, 404);
    let (status, collection) = put(&admin, json!({"columns": [], "rows": []})).await;
    assert_eq!((status, collection["sizeGuide"].clone()), (200, Value::Null));
}
