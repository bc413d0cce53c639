//! Stock per variant: what shoppers can pick and put in the bag, holds taken when a payment
//! starts and given back when it cannot complete, the race for the last unit, oversold payments,
//! the merchant's Stock screen, variant edits and the spreadsheet import.

use crate::common::{Browser, TestApp, product, product_with, spawn_with};
use crate::payments::{details, wait_for_mail};
use reqwest::Method;
use serde_json::{Value, json};

/// A shop with brogues in 41 and 42 (black and brown, 5 of each) and a watch without options (3).
async fn shop() -> TestApp {
    let app = spawn_with(|c| {
        c.no_demo = true;
        c.reconcile_secs = 3_600; // tests release holds themselves
        c.signups_per_hour = 100; // fifty shoppers sign up from one address
    })
    .await;
    let mut brogue = product_with("Oxford Brogue", "formal-shoes", 4_500_000, "Brogues", &["41", "42"], &["Black", "Brown"]);
    brogue.stock_each = 5;
    app.add_product("brogue", brogue);
    let mut watch = product("Field Watch", "wristwatches", 2_000_000);
    watch.stock_each = 3;
    app.add_product("watch", watch);
    app
}

fn stock_of(app: &TestApp, product: &str, size: &str, color: &str) -> i64 {
    app.query_i64(&format!("SELECT stock FROM variants WHERE product_id = '{product}' AND size = '{size}' AND color = '{color}'"))
}

fn set_stock(app: &TestApp, product: &str, size: &str, color: &str, stock: i64) {
    app.sql(&format!("UPDATE variants SET stock = {stock} WHERE product_id = '{product}' AND size = '{size}' AND color = '{color}'"));
    app.state.catalogue.changed_elsewhere();
}

async fn shopper(app: &TestApp, email: &str) -> Browser {
    let browser = app.browser();
    browser.signup("Ada Obi", email, "secret1").await;
    browser
}

async fn add(browser: &Browser, body: Value) -> (u16, Value) {
    browser.post_json("/api/bag", body).await
}

/// Starts a payment and pays it in the sandbox, returning the verified answer.
async fn pay(browser: &Browser, started: &Value) -> Value {
    let code = started["accessCode"].as_str().unwrap();
    let (status, _) = browser.post_json(&format!("/api/sandbox/checkout/{code}"), json!({"outcome": "success"})).await;
    assert_eq!(status, 200);
    browser.post_json("/api/payments/verify", json!({"reference": started["reference"]})).await.1
}

#[actix_web::test]
async fn products_list_their_variants_and_the_bag_needs_a_choice_that_exists() {
    let app = shop().await;
    let (_, product) = app.browser().get_json("/api/products/brogue").await;
    let variants = product["variants"].as_array().unwrap();
    assert_eq!(variants.len(), 4, "sizes × colours: {product}");
    assert_eq!((&variants[0]["size"], &variants[0]["color"], &variants[0]["available"]), (&json!("41"), &json!("Black"), &json!(5)));
    let (_, watch) = app.browser().get_json("/api/products/watch").await;
    assert_eq!(watch["variants"][0]["size"], Value::Null, "one default variant: {watch}");
    assert_eq!(watch["variants"][0]["available"], 3);

    let ada = shopper(&app, "ada@example.com").await;
    for (body, message) in [
        (json!({"productId": "brogue"}), "Please choose a size and a colour."),
        (json!({"productId": "brogue", "color": "Black"}), "Please choose a size."),
        (json!({"productId": "brogue", "size": "42"}), "Please choose a colour."),
        (json!({"productId": "brogue", "size": "47", "color": "Black"}), "This product is not available in that size and colour."),
        (json!({"productId": "brogue", "size": "42", "color": "Black", "quantity": 6}), "Only 5 left."),
        (json!({"productId": "watch", "quantity": 4}), "Only 3 left."),
    ] {
        let (status, answer) = add(&ada, body.clone()).await;
        assert_eq!((status, answer["message"].as_str().unwrap_or("")), (400, message), "{body}");
    }
    let (status, _) = add(&ada, json!({"productId": "nope", "size": "42", "color": "Black"})).await;
    assert_eq!(status, 404);
    set_stock(&app, "brogue", "41", "Brown", 0);
    let (status, answer) = add(&ada, json!({"productId": "brogue", "size": "41", "color": "Brown"})).await;
    assert_eq!((status, answer["message"].as_str()), (400, Some("Sorry, this item is sold out.")));
    let (_, product) = app.browser().get_json("/api/products/brogue").await;
    assert_eq!(product["variants"][1]["available"], 0, "the catalogue answer follows stock at once");
    assert_eq!(product["variants"][1]["low"], false);

    let (status, bag) = add(&ada, json!({"productId": "brogue", "size": "42", "color": "Black", "quantity": 2})).await;
    assert_eq!(status, 200, "{bag}");
    assert_eq!((&bag["items"][0]["available"], &bag["canCheckout"]), (&json!(5), &json!(true)));
    assert!(bag["items"][0]["variantId"].is_string());
    let item = bag["items"][0]["id"].as_str().unwrap();
    let (status, answer) = ada.send_json(Method::PATCH, &format!("/api/bag/{item}"), json!({"quantity": 6})).await;
    assert_eq!((status, answer["message"].as_str()), (400, Some("Only 5 left.")));

    // Moving a saved item asks for the size and colour it needs.
    ada.send_json(Method::PUT, "/api/saved/brogue", Value::Null).await;
    let (status, answer) = ada.post_json("/api/saved/brogue/move-to-bag", json!({})).await;
    assert_eq!((status, answer["message"].as_str()), (400, Some("Please choose a size and a colour.")));
    assert_eq!(app.query_i64("SELECT COUNT(*) FROM saved_items"), 1, "a refused move keeps the saved item");
    let (status, bag) = ada.post_json("/api/saved/brogue/move-to-bag", json!({"size": "41", "color": "Black"})).await;
    assert_eq!(status, 200, "{bag}");
    assert_eq!(bag["items"][1]["size"], "41");
    assert_eq!(app.query_i64("SELECT COUNT(*) FROM saved_items"), 0);
}

/// Adding again what is already in the bag says why it cannot: the last one (or all left) is in
/// the bag, or, when none is left at all, that it is sold out (never "All 0 left").
#[actix_web::test]
async fn adding_again_what_the_bag_holds_says_it_is_there_or_sold_out() {
    let app = shop().await;
    let ada = shopper(&app, "ada@example.com").await;
    let watch = json!({"productId": "watch", "quantity": 1});
    assert_eq!(add(&ada, watch.clone()).await.0, 200);
    set_stock(&app, "watch", "", "", 1);
    let (status, last) = add(&ada, watch.clone()).await;
    assert_eq!((status, last["message"].as_str()), (400, Some("The last one is already in your bag.")), "{last}");
    set_stock(&app, "watch", "", "", 0);
    let (status, gone) = add(&ada, watch.clone()).await;
    assert_eq!((status, gone["message"].as_str()), (400, Some("Sorry, this item is sold out.")), "{gone}");
    set_stock(&app, "watch", "", "", 3);
    assert_eq!(add(&ada, watch).await.0, 200);
}

#[actix_web::test]
async fn the_bag_lowers_lines_to_what_is_left_and_checkout_waits_for_sold_out_lines() {
    let app = shop().await;
    let ada = shopper(&app, "ada@example.com").await;
    add(&ada, json!({"productId": "brogue", "size": "42", "color": "Black", "quantity": 4})).await;
    add(&ada, json!({"productId": "watch", "quantity": 2})).await;
    set_stock(&app, "brogue", "42", "Black", 1);
    let (_, bag) = ada.get_json("/api/bag").await;
    assert_eq!(bag["items"][0]["quantity"], 1, "{bag}");
    assert_eq!(bag["items"][0]["notice"], "Only 1 left — we reduced your quantity");
    assert_eq!(bag["canCheckout"], true);
    let (_, again) = ada.get_json("/api/bag").await;
    assert_eq!(again["items"][0]["notice"], Value::Null, "said once");

    set_stock(&app, "watch", "", "", 0);
    let (_, bag) = ada.get_json("/api/bag").await;
    assert_eq!(bag["items"][1]["notice"], "Sold out — remove it to continue");
    assert_eq!((&bag["items"][1]["quantity"], &bag["canCheckout"]), (&json!(2), &json!(false)));
    let (status, refused) = ada.post_json("/api/checkout", details()).await;
    assert_eq!((status, refused["message"].as_str()), (409, Some("Sorry, Field Watch has just sold out")));
    assert_eq!(app.query_i64("SELECT COUNT(*) FROM payments"), 0, "nothing recorded");

    // The merchant drops the size: the line is shown as gone, and checkout still waits.
    let admin = app.admin_browser("boss@example.com").await;
    let (status, edited) = admin
        .send_json(
            Method::PATCH,
            "/api/products/brogue",
            json!({"name": "Oxford Brogue", "price": "45000", "description": "A fine thing.",
                   "variants": [{"size": "41", "color": "Black", "stock": 5}, {"size": "41", "color": "Brown", "stock": 5}]}),
        )
        .await;
    assert_eq!(status, 200, "{edited}");
    assert_eq!(edited["sizes"], json!(["41"]));
    let item = {
        let (_, bag) = ada.get_json("/api/bag").await;
        assert_eq!(bag["items"][0]["notice"], "No longer available — remove it to continue", "{bag}");
        assert_eq!(bag["items"][0]["variantId"], Value::Null);
        bag["items"][1]["id"].as_str().unwrap().to_string()
    };
    ada.send_json(Method::DELETE, &format!("/api/bag/{item}"), Value::Null).await;
    let (status, refused) = ada.post_json("/api/checkout", details()).await;
    assert_eq!(
        (status, refused["message"].as_str()),
        (409, Some("Some items in your bag are no longer available. Please review your bag."))
    );
}

#[actix_web::test]
async fn fifty_shoppers_race_for_the_last_pair_and_exactly_one_buys_it() {
    let app = shop().await;
    set_stock(&app, "brogue", "42", "Brown", 1);
    let mut shoppers = Vec::new();
    for n in 0..50 {
        let s = shopper(&app, &format!("racer{n}@example.com")).await;
        let (status, _) = add(&s, json!({"productId": "brogue", "size": "42", "color": "Brown"})).await;
        assert_eq!(status, 200);
        shoppers.push(s);
    }
    let starts = futures_util::future::join_all(shoppers.iter().map(|s| s.post_json("/api/checkout", details()))).await;
    let winners: Vec<usize> = starts.iter().enumerate().filter(|(_, (status, _))| *status == 201).map(|(n, _)| n).collect();
    assert_eq!(winners.len(), 1, "{starts:?}");
    for (status, answer) in starts.iter().filter(|(status, _)| *status != 201) {
        assert_eq!(
            (*status, answer["message"].as_str()),
            (409, Some("Sorry, Oxford Brogue (42, Brown) has just sold out")),
            "told before paying"
        );
    }
    assert_eq!(stock_of(&app, "brogue", "42", "Brown"), 0);
    let winner = &shoppers[winners[0]];
    let done = pay(winner, &starts[winners[0]].1).await;
    assert_eq!(done["data"]["success"], true, "{done}");
    assert_eq!(done["data"]["order"]["oversold"], false);
    assert_eq!(app.query_i64("SELECT COUNT(*) FROM orders"), 1);
    assert_eq!(app.query_i64("SELECT COUNT(*) FROM payments"), 1, "the refused never reached Paystack");
    assert_eq!(app.query_i64("SELECT COUNT(*) FROM reservations"), 0, "the hold became a sale");
    assert_eq!(stock_of(&app, "brogue", "42", "Brown"), 0);
    assert_eq!(app.query_i64("SELECT from_stock FROM order_items"), 1);
}

#[actix_web::test]
async fn holds_go_back_when_the_popup_closes_the_shopper_starts_again_or_time_runs_out() {
    let app = shop().await;
    let ada = shopper(&app, "ada@example.com").await;
    add(&ada, json!({"productId": "brogue", "size": "41", "color": "Black", "quantity": 2})).await;
    let (status, first) = ada.post_json("/api/checkout", details()).await;
    assert_eq!(status, 201, "{first}");
    assert_eq!(stock_of(&app, "brogue", "41", "Black"), 3, "held");
    let (_, bag) = ada.get_json("/api/bag").await;
    assert_eq!((&bag["items"][0]["available"], &bag["canCheckout"]), (&json!(5), &json!(true)), "her own hold counts as hers");

    // A second start replaces the first: one hold, not two.
    let (_, second) = ada.post_json("/api/checkout", details()).await;
    assert_eq!(stock_of(&app, "brogue", "41", "Black"), 3);
    assert_eq!(app.query_i64("SELECT COUNT(*) FROM reservations"), 1);

    // Closing the pop-up gives the units back; someone else's reference is not found.
    let bola = shopper(&app, "bola@example.com").await;
    let (status, _) = bola.post_json("/api/payments/cancel", json!({"reference": second["reference"]})).await;
    assert_eq!(status, 404);
    let (status, _) = ada.post_json("/api/payments/cancel", json!({"reference": second["reference"]})).await;
    assert_eq!(status, 200);
    assert_eq!(stock_of(&app, "brogue", "41", "Black"), 5);

    // Time runs out on a hold.
    let (_, third) = ada.post_json("/api/checkout", details()).await;
    assert_eq!(stock_of(&app, "brogue", "41", "Black"), 3);
    app.pass_holds();
    app.state.payments.release_lapsed_holds(0).await.unwrap();
    assert_eq!(stock_of(&app, "brogue", "41", "Black"), 5);
    assert_eq!(app.query_i64("SELECT COUNT(*) FROM reservations"), 0);

    // A payment whose start at Paystack never finished (the process died) cannot be paid: its
    // hold goes back and it is abandoned. (Another lifetime on, so her holds may start again.)
    app.advance(app.state.config.payment_lifetime_ms());
    let (_, fourth) = ada.post_json("/api/checkout", details()).await;
    let reference = fourth["reference"].as_str().unwrap();
    app.sql(&format!("UPDATE payments SET access_code = NULL WHERE reference = '{reference}'"));
    app.state.payments.release_lapsed_holds(app.now_ms() + 1).await.unwrap();
    assert_eq!(stock_of(&app, "brogue", "41", "Black"), 5);
    let status: String = app
        .state
        .db
        .with_conn(|c| Ok(c.query_row("SELECT status FROM payments WHERE reference = ?1", [reference], |r| r.get(0))?))
        .unwrap();
    assert_eq!(status, "abandoned");
    let _ = (first, third);
}

#[actix_web::test]
async fn a_payment_completing_after_its_hold_lapsed_and_the_units_sold_is_flagged_oversold() {
    let app = shop().await;
    set_stock(&app, "brogue", "42", "Black", 1);
    let ada = shopper(&app, "ada@example.com").await;
    add(&ada, json!({"productId": "brogue", "size": "42", "color": "Black"})).await;
    add(&ada, json!({"productId": "watch"})).await;
    let (_, late) = ada.post_json("/api/checkout", details()).await;
    app.pass_holds();
    app.state.payments.release_lapsed_holds(0).await.unwrap();

    let bola = shopper(&app, "bola@example.com").await;
    add(&bola, json!({"productId": "brogue", "size": "42", "color": "Black"})).await;
    let (_, started) = bola.post_json("/api/checkout", details()).await;
    assert_eq!(pay(&bola, &started).await["data"]["success"], true);

    // Ada's pop-up was still open: Paystack takes her money, so the order exists, flagged.
    let done = pay(&ada, &late).await;
    assert_eq!(done["data"]["success"], true, "{done}");
    assert_eq!(done["data"]["order"]["oversold"], true);
    assert_eq!(stock_of(&app, "brogue", "42", "Black"), 0, "never below zero");
    assert_eq!(app.query_i64("SELECT stock FROM variants WHERE product_id = 'watch'"), 2, "the watch was still there");
    let admin = app.admin_browser("boss@example.com").await;
    let (_, page) = admin.get_json("/api/admin/orders").await;
    assert_eq!(page["oversold"], 1, "{page}");
    // The shop's notice says so (the customer's confirmation does not).
    wait_for_mail(&app, |m| {
        m.contains("Subject: OVERSOLD New order") && m.contains("OVERSOLD: this order was paid for after some of its items had sold out")
    })
    .await;

    // Cancelling it puts back only what it took from stock (the watch).
    let order = done["data"]["order"]["id"].as_str().unwrap();
    let (status, _) = admin.send_json(Method::PATCH, &format!("/api/admin/orders/{order}"), json!({"status": "cancelled"})).await;
    assert_eq!(status, 200);
    assert_eq!(app.query_i64("SELECT stock FROM variants WHERE product_id = 'watch'"), 3);
    assert_eq!(stock_of(&app, "brogue", "42", "Black"), 0);
    let (_, page) = admin.get_json("/api/admin/orders").await;
    assert_eq!(page["oversold"], 0, "a cancelled oversold order needs nothing more");
}

#[actix_web::test]
async fn merchants_edit_variants_and_stock_and_hear_when_it_runs_low() {
    let app = shop().await;
    let admin = app.admin_browser("boss@example.com").await;
    let edit = |variants: Value| json!({"name": "Oxford Brogue", "price": "45000", "description": "A fine thing.", "variants": variants});
    for (variants, message) in [
        (json!([{"size": "41", "stock": -1}]), "Stock must be a whole number from 0 to 1000000."),
        (json!([{"size": "41", "stock": 2.5}]), "Stock must be a whole number from 0 to 1000000."),
        (json!([{"size": "41", "stock": "ten"}]), "Stock must be a whole number from 0 to 1000000."),
        (json!([]), "A product needs at least one variant."),
        (json!([{"size": "41", "stock": 1}, {"size": "41", "stock": 2}]), "The variant 41 is listed twice."),
        (json!([{"size": "41", "stock": 1}, {"stock": 2}]), "Give every variant a size, or none."),
        (json!([{"size": "41", "sku": "A", "stock": 1}, {"size": "42", "sku": "A", "stock": 2}]), "Each variant needs its own SKU."),
    ] {
        let (status, answer) = admin.send_json(Method::PATCH, "/api/products/brogue", edit(variants.clone())).await;
        assert_eq!((status, answer["message"].as_str().unwrap_or("")), (400, message), "{variants}");
    }
    assert_eq!(app.query_i64("SELECT COUNT(*) FROM variants WHERE product_id = 'brogue'"), 4, "nothing half-applied");
    let kept = app.query_i64("SELECT rowid FROM variants WHERE product_id = 'brogue' AND size = '42' AND color = 'Black'");
    let (status, product) = admin
        .send_json(
            Method::PATCH,
            "/api/products/brogue",
            edit(json!([
                {"size": "42", "color": "Black", "sku": "BRG-42-BLK", "stock": 4},
                {"size": "43", "color": "Black", "sku": "BRG-43-BLK", "stock": "7"},
            ])),
        )
        .await;
    assert_eq!(status, 200, "{product}");
    assert_eq!((&product["sizes"], &product["colors"]), (&json!(["42", "43"]), &json!(["Black"])));
    assert_eq!(product["variants"][0]["sku"], "BRG-42-BLK");
    assert_eq!(
        app.query_i64("SELECT rowid FROM variants WHERE product_id = 'brogue' AND size = '42' AND color = 'Black'"),
        kept,
        "a kept variant keeps its identity"
    );
    let (status, answer) = admin
        .send_json(
            Method::PATCH,
            "/api/products/watch",
            json!({"name": "Field Watch", "price": "20000", "description": "A fine thing.",
            "variants": [{"sku": "BRG-42-BLK", "stock": 1}]}),
        )
        .await;
    assert_eq!((status, answer["message"].as_str()), (409, Some("The SKU BRG-42-BLK is already used by another variant.")));

    // The Stock screen lists what is low, and edits counts inline.
    let (_, page) = admin.get_json("/api/admin/stock").await;
    let rows = page["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 1, "only the watch (3) is at or below the level: {page}");
    assert_eq!((&rows[0]["productName"], &rows[0]["stock"], &page["lowStockLevel"]), (&json!("Field Watch"), &json!(3), &json!(3)));
    let (_, all) = admin.get_json("/api/admin/stock?show=all&q=brg-43").await;
    assert_eq!(all["rows"].as_array().unwrap().len(), 1, "found by SKU: {all}");
    let variant = all["rows"][0]["variantId"].as_str().unwrap().to_string();
    for bad in [json!({"stock": -3}), json!({"stock": 1.5}), json!({})] {
        let (status, _) = admin.send_json(Method::PATCH, &format!("/api/admin/variants/{variant}"), bad).await;
        assert_eq!(status, 400);
    }
    let (status, _) = admin.send_json(Method::PATCH, "/api/admin/variants/unknown", json!({"stock": 1})).await;
    assert_eq!(status, 404);
    let (status, row) = admin.send_json(Method::PATCH, &format!("/api/admin/variants/{variant}"), json!({"stock": 12})).await;
    assert_eq!((status, &row["stock"]), (200, &json!(12)));
    let (_, product) = app.browser().get_json("/api/products/brogue").await;
    assert_eq!(product["variants"][1]["available"], 12, "shoppers see it at once");
    let shopper = shopper(&app, "ada@example.com").await;
    let (status, _) = shopper.send_json(Method::PATCH, &format!("/api/admin/variants/{variant}"), json!({"stock": 99})).await;
    assert_eq!(status, 403);

    // A checkout that takes the 42s to the level mails the shop once.
    add(&shopper, json!({"productId": "brogue", "size": "42", "color": "Black"})).await;
    let (status, _) = shopper.post_json("/api/checkout", details()).await;
    assert_eq!(status, 201);
    wait_for_mail(&app, |m| m.contains("Subject: Ankara: low stock") && m.contains("Oxford Brogue (42, Black) [SKU BRG-42-BLK]: 3 left"))
        .await;
}

#[actix_web::test]
async fn stock_spreadsheets_apply_whole_or_not_at_all() {
    let app = shop().await;
    let admin = app.admin_browser("boss@example.com").await;
    let exported = admin.get("/api/admin/stock.csv").await.text().await.unwrap();
    let lines: Vec<&str> = exported.lines().collect();
    // A person can read it: each row names its product and collection.
    assert_eq!(lines[0], "product_id,product_name,collection,size,colour,sku,stock");
    assert_eq!(lines.len(), 6, "{exported}");
    assert!(lines.contains(&"watch,Field Watch,Wristwatches,,,,3"), "{exported}");
    assert!(lines.contains(&"brogue,Oxford Brogue,Formal Shoes,41,Black,,5"), "{exported}");
    assert_eq!(app.browser().get("/api/admin/stock.csv").await.status(), 401);

    let upload = |text: String| {
        let admin = &admin;
        async move {
            let res =
                admin.client.post(admin.url("/api/admin/stock.csv")).header("content-type", "text/csv").body(text).send().await.unwrap();
            (res.status().as_u16(), res.json::<Value>().await.unwrap())
        }
    };
    // The older file without the read-only columns is still read.
    let bad = "product_id,size,colour,sku,stock\nbrogue,41,Black,,4\nbrogue,41,Black,,5\nghost,1,Red,,1\nbrogue,41,Brown,,-2\nwatch,,,W1,many\nbrogue,48,Black,,1\n";
    let (status, refused) = upload(bad.into()).await;
    assert_eq!(status, 400, "{refused}");
    assert_eq!(refused["message"], "5 rows are wrong; nothing was changed.");
    let errors: Vec<(i64, String)> = refused["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| (e["line"].as_i64().unwrap(), e["message"].as_str().unwrap().into()))
        .collect();
    assert_eq!(
        errors,
        [
            (3, "This variant is already on line 2.".to_string()),
            (4, "No product has the id ghost.".into()),
            (5, "Stock must be a whole number from 0 to 1000000; found \"-2\".".into()),
            (6, "Stock must be a whole number from 0 to 1000000; found \"many\".".into()),
            (7, "Product brogue has no variant 48, Black.".into()),
        ]
    );
    assert_eq!(stock_of(&app, "brogue", "41", "Black"), 5, "nothing applied");
    let (status, refused) = upload("id,stock\nbrogue,1\n".into()).await;
    assert_eq!(
        (status, refused["message"].as_str()),
        (400, Some("The first line must be the header: product_id,product_name,collection,size,colour,sku,stock."))
    );
    let mut huge = String::from("product_id,size,colour,sku,stock\n");
    for _ in 0..100_001 {
        huge.push_str("watch,,,,1\n");
    }
    let (status, refused) = upload(huge).await;
    assert_eq!((status, refused["message"].as_str()), (400, Some("The file has more than 100000 rows. Split it into smaller files.")));

    // The names and collections are for reading: edited, they change nothing, and the answer says so.
    let good = exported
        .replace("watch,Field Watch,Wristwatches,,,,3", "watch,Renamed Watch,Suits,,,\"W-1, steel\",9")
        .replace("brogue,Oxford Brogue,Formal Shoes,41,Black,,5", "brogue,Oxford Brogue,Formal Shoes,41,Black,=HYPERLINK,0");
    let (status, applied) = upload(good).await;
    assert_eq!((status, applied["updated"].as_i64()), (200, Some(5)), "{applied}");
    assert_eq!(
        applied["message"],
        "Stock updated for 5 variants. The product_name and collection columns are for reading only: they were not imported \
         (rename products and move them in the back office)."
    );
    assert_eq!(applied["ignoredReadOnlyColumns"], true);
    assert_eq!(app.query_i64("SELECT stock FROM variants WHERE product_id = 'watch'"), 9);
    assert_eq!(stock_of(&app, "brogue", "41", "Black"), 0);
    assert_eq!(
        app.query_i64("SELECT COUNT(*) FROM products WHERE id = 'watch' AND name = 'Field Watch' AND collection_id = 'wristwatches'"),
        1
    );
    let again = admin.get("/api/admin/stock.csv").await.text().await.unwrap();
    assert!(again.contains("watch,Field Watch,Wristwatches,,,\"W-1, steel\",9"), "{again}");
    assert!(again.contains("brogue,Oxford Brogue,Formal Shoes,41,Black,'=HYPERLINK,0"), "a formula is exported as text: {again}");
    let (status, _) = upload(again.clone()).await;
    assert_eq!(status, 200, "an export imports back unchanged");
    assert_eq!(admin.get("/api/admin/stock.csv").await.text().await.unwrap(), again);

    // The merchant's command does the same from a file.
    let file = app.dir.path().join("stock.csv");
    let run = |args: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_ankara"))
            .args(args)
            .env("ANKARA_DATA_DIR", app.dir.path())
            .env("ANKARA_NO_DEMO", "true")
            .output()
            .unwrap()
    };
    let out = run(&["stock", "export", file.to_str().unwrap()]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), again);
    std::fs::write(&file, "product_id,size,colour,sku,stock\nwatch,,,,x\n").unwrap();
    let out = run(&["stock", "import", file.to_str().unwrap()]);
    assert!(!out.status.success());
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("line 2: Stock must be a whole number"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    std::fs::write(&file, "product_id,size,colour,sku,stock\nwatch,,,,11\n").unwrap();
    let out = run(&["stock", "import", file.to_str().unwrap()]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(app.query_i64("SELECT stock FROM variants WHERE product_id = 'watch'"), 11);
}

/// Runs `ankara` with `args` on `data_dir`; returns its output and its peak memory (resident, MB).
/// Measured by GNU time: a process started from this big test process would be charged with the
/// test's own memory, one started from `time` is not.
fn run_measured(data_dir: &std::path::Path, args: &[&str]) -> (std::process::Output, u64) {
    let time = std::path::Path::new("/usr/bin/time");
    assert!(time.exists(), "GNU time measures the command's memory: apt-get install -y time");
    let mut out = std::process::Command::new(time)
        .args(["-f", "peak-kb %M", env!("CARGO_BIN_EXE_ankara")])
        .args(args)
        .env("ANKARA_DATA_DIR", data_dir)
        .env("ANKARA_NO_DEMO", "true")
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    let (said, peak) = stderr.trim_end().rsplit_once('\n').unwrap_or(("", stderr.trim_end()));
    let peak_kb: u64 = peak.strip_prefix("peak-kb ").and_then(|kb| kb.parse().ok()).unwrap_or_else(|| panic!("no peak in {stderr}"));
    out.stderr = said.as_bytes().to_vec();
    (out, peak_kb / 1024)
}

#[test]
fn a_stock_file_too_large_or_too_wide_is_refused_without_filling_memory() {
    let dir = tempfile::tempdir().unwrap();
    // An 80 MB file (sparse: it takes no disk) is refused from its size, before it is read.
    let large = dir.path().join("large.csv");
    std::fs::File::create(&large).unwrap().set_len(80 << 20).unwrap();
    let (out, peak_mb) = run_measured(dir.path(), &["stock", "import", large.to_str().unwrap()]);
    assert!(!out.status.success());
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.contains("is larger than 8 MB"), "{said}");
    assert!(peak_mb < 60, "the 80 MB file was read: {peak_mb} MB");

    // One line of 8 MB of commas: refused at its 65th cell, never held as millions of cells.
    let commas = dir.path().join("commas.csv");
    std::fs::write(&commas, format!("product_id,size,colour,sku,stock\n{}\n", ",".repeat((8 << 20) - 100))).unwrap();
    let started = std::time::Instant::now();
    let (out, peak_mb) = run_measured(dir.path(), &["stock", "import", commas.to_str().unwrap()]);
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(said.contains("Line 2 has more than 64 cells; nothing was changed."), "{said}");
    assert!(said.contains("line 2: Expected at most 7 columns, found more than 64."), "{said}");
    assert!(peak_mb < 60, "8 MB of commas took {peak_mb} MB");
    assert!(started.elapsed() < std::time::Duration::from_secs(5), "took {:?}", started.elapsed());
}
