//! Issue 35 §1–§2: returns and size exchanges. A delivered pair of shoes in size 42 goes back for
//! a 43: the 43 is held at approval, sold to a no-charge order when the 42 arrives back, and the
//! 42 is back on sale; fifty racing clicks move each step once. Money back and store credit never
//! give more than the lines were paid; bad requests (undelivered, forged sizes, too many units, a
//! line asked for twice, past the window) are refused with the sentence a shopper reads; photos
//! are seen only by their customer and the staff.

use std::collections::HashMap;

use reqwest::Method;
use serde_json::{Value, json};

use crate::common::{Browser, TestApp, png, product_with, spawn_with};

async fn shop() -> TestApp {
    let app = spawn_with(|c| {
        c.no_demo = true;
        c.signups_per_hour = 1_000;
        c.checkouts_per_address = 1_000;
    })
    .await;
    app.add_product("brogue", product_with("Oxford Brogue", "formal-shoes", 3_000_000, "Shoes", &["42", "43"], &["Brown"]));
    app.add_product("loafer", product_with("Suede Loafer", "formal-shoes", 2_000_000, "Shoes", &["42"], &["Black"]));
    app.sql("UPDATE variants SET stock = 5");
    app.state.catalogue.changed_elsewhere();
    app
}

fn variant(app: &TestApp, product: &str, size: &str) -> String {
    let conn = rusqlite::Connection::open(app.dir.path().join("ankara.db")).unwrap();
    conn.query_row("SELECT id FROM variants WHERE product_id = ?1 AND size = ?2", [product, size], |r| r.get(0)).unwrap()
}

fn stock(app: &TestApp, product: &str, size: &str) -> i64 {
    app.query_i64(&format!("SELECT stock FROM variants WHERE product_id = '{product}' AND size = '{size}'"))
}

/// A customer's paid order for `quantity` of the brogue in size 42: (browser, order id).
async fn bought(app: &TestApp, email: &str, quantity: i64) -> (Browser, String) {
    let ada = app.browser();
    ada.signup("Ada Obi", email, "secret1").await;
    let (status, bag) =
        ada.post_json("/api/bag", json!({"productId": "brogue", "size": "42", "color": "Brown", "quantity": quantity})).await;
    assert_eq!(status, 200, "{bag}");
    let (status, started) = ada
        .post_json(
            "/api/checkout",
            json!({
                "customer": { "name": "Ada Obi", "email": email, "phone": "0803 555 0101" },
                "address": { "street": "4 Allen Avenue", "city": "Ikeja", "state": "Lagos", "country": "Nigeria", "postalCode": "" },
            }),
        )
        .await;
    assert_eq!(status, 201, "{started}");
    let code = started["accessCode"].as_str().unwrap();
    ada.post_json(&format!("/api/sandbox/checkout/{code}"), json!({"outcome": "success"})).await;
    let (_, done) = ada.post_json("/api/payments/verify", json!({"reference": started["reference"]})).await;
    assert_eq!(done["data"]["success"], true, "{done}");
    (ada, done["data"]["order"]["id"].as_str().unwrap().to_string())
}

async fn deliver(owner: &Browser, order: &str) {
    for step in [json!({"status": "processing"}), json!({"status": "shipped", "shippedBy": "rider"}), json!({"status": "delivered"})] {
        let (status, body) = owner.send_json(Method::PATCH, &format!("/api/admin/orders/{order}"), step).await;
        assert_eq!(status, 200, "{body}");
    }
}

/// Sends a return request from `who` (multipart, with `photos` PNGs).
async fn ask(who: &Browser, order: &str, request: Value, photos: usize) -> (u16, Value) {
    let mut form = reqwest::multipart::Form::new().text("order", order.to_string()).text("request", request.to_string());
    for i in 0..photos {
        let part =
            reqwest::multipart::Part::bytes(png(320, 320, [120, 60 + i as u8, 30])).file_name("shoe.png").mime_str("image/png").unwrap();
        form = form.part("photos", part);
    }
    let res = who.client.post(who.url("/api/returns")).multipart(form).send().await.unwrap();
    let status = res.status().as_u16();
    (status, res.json().await.unwrap_or(Value::Null))
}

fn message(body: &Value) -> &str {
    body["message"].as_str().unwrap_or("")
}

/// Fifty of the same click at once: the statuses they got, counted.
async fn fifty(owner: &Browser, path: &str, body: Value) -> HashMap<u16, usize> {
    let clicks = (0..50).map(|_| {
        let body = body.clone();
        async move { owner.post_json(path, body).await.0 }
    });
    let mut counted = HashMap::new();
    for status in futures_util::future::join_all(clicks).await {
        *counted.entry(status).or_insert(0) += 1;
    }
    counted
}

#[actix_web::test]
async fn a_size_exchange_holds_the_new_size_and_becomes_a_no_charge_order_once_the_old_pair_is_back() {
    let app = shop().await;
    let owner = app.admin_browser("owner@example.com").await;
    let (ada, order) = bought(&app, "ada@example.com", 1).await;
    let (v43, loafer) = (variant(&app, "brogue", "43"), variant(&app, "loafer", "42"));
    let exchange = |wanted: &str| json!({"lines": [{"position": 0, "quantity": 1, "exchangeVariantId": wanted}], "reason": "too_small", "wants": "exchange"});

    // Not delivered yet: nothing to return.
    let (status, refused) = ask(&ada, &order, exchange(&v43), 0).await;
    assert_eq!((status, message(&refused)), (409, "You can ask for a return once your order has been delivered."));
    deliver(&owner, &order).await;

    // The form offers the 43 (in stock), not the 42 she has.
    let (status, options) = ada.get_json(&format!("/api/returns/options?order={order}")).await;
    assert_eq!(status, 200, "{options}");
    assert_eq!(options["closed"], Value::Null);
    let choices: Vec<&str> =
        options["lines"][0]["exchangeChoices"].as_array().unwrap().iter().map(|c| c["size"].as_str().unwrap()).collect();
    assert_eq!(choices, ["43"]);
    // Someone else's order is unknown to her; a stranger must sign in.
    let (status, _) = app.browser().get_json(&format!("/api/returns/options?order={order}")).await;
    assert_eq!(status, 401);

    // A forged choice (another product's variant), too many units, another line, no reason words.
    let (status, refused) = ask(&ada, &order, exchange(&loafer), 0).await;
    assert_eq!((status, message(&refused)), (409, "Choose a size or colour of Oxford Brogue that is in stock."));
    let too_many = json!({"lines": [{"position": 0, "quantity": 2}], "reason": "too_big", "wants": "credit"});
    assert_eq!(message(&ask(&ada, &order, too_many, 0).await.1), "You can send back from 1 to 1 of Oxford Brogue (42, Brown).");
    let no_line = json!({"lines": [{"position": 3, "quantity": 1}], "reason": "too_big", "wants": "credit"});
    assert_eq!(message(&ask(&ada, &order, no_line, 0).await.1), "Choose items of this order.");
    let no_words = json!({"lines": [{"position": 0, "quantity": 1}], "reason": "other", "wants": "credit"});
    assert_eq!(message(&ask(&ada, &order, no_words, 0).await.1), "Please tell us in a few words why it goes back.");
    let (status, _) = ask(&ada, &order, json!({"lines": "nope"}), 0).await;
    assert_eq!(status, 400);

    // The request, with two photos; the same line again is refused while it is open.
    let (status, made) = ask(&ada, &order, exchange(&v43), 2).await;
    assert_eq!(status, 201, "{made}");
    assert_eq!((made["status"].as_str(), made["photos"].as_array().unwrap().len()), (Some("requested"), 2));
    let (status, refused) = ask(&ada, &order, exchange(&v43), 0).await;
    assert_eq!((status, message(&refused)), (409, "Oxford Brogue (42, Brown) already has a return request open."));
    let id = made["id"].as_str().unwrap().to_string();

    // Photos: hers and the staff's, no one else's, and never through the public /media/ path.
    let photo = made["photos"][0].as_str().unwrap();
    let mine = ada.get(photo).await;
    assert_eq!((mine.status().as_u16(), mine.headers()["content-type"].to_str().unwrap()), (200, "image/jpeg"));
    assert_eq!(owner.get(photo).await.status(), 200);
    // A rider is staff, but the Returns screen is not his.
    assert_eq!(app.staff("rider@example.com", "rider").await.get(photo).await.status(), 404);
    let stranger = app.browser();
    stranger.signup("Bola Ade", "bola@example.com", "secret1").await;
    assert_eq!(stranger.get(photo).await.status(), 404);
    assert_eq!(app.browser().get(photo).await.status(), 401);
    let key: String = {
        let conn = rusqlite::Connection::open(app.dir.path().join("ankara.db")).unwrap();
        conn.query_row("SELECT media_key FROM return_photos LIMIT 1", [], |r| r.get(0)).unwrap()
    };
    let width = app.query_i64(&format!("SELECT CAST(widths AS INTEGER) FROM media WHERE key = '{key}'"));
    assert!(app.dir.path().join(format!("media/{key}-{width}.jpg")).exists(), "the photo is stored");
    assert_eq!(app.browser().get(&format!("/media/{key}-{width}.jpg")).await.status(), 404);
    assert!(app.last_mail().contains("Return requested for order"), "the shop is told");

    // Fifty approvals at once: one approves and holds one 43.
    let (before_42, before_43) = (stock(&app, "brogue", "42"), stock(&app, "brogue", "43"));
    let approved = fifty(&owner, &format!("/api/admin/returns/{id}/approve"), json!({"sendBack": "drop_at_shop"})).await;
    assert_eq!((approved.get(&200), approved.get(&409)), (Some(&1), Some(&49)), "{approved:?}");
    assert_eq!(stock(&app, "brogue", "43"), before_43 - 1, "the 43 is held for her");

    // Fifty receipts at once: one receives; the 42 is back on sale; the 43 goes to a new order.
    let received = fifty(&owner, &format!("/api/admin/returns/{id}/receive"), json!({"condition": "restock"})).await;
    assert_eq!((received.get(&200), received.get(&409)), (Some(&1), Some(&49)), "{received:?}");
    assert_eq!(stock(&app, "brogue", "42"), before_42 + 1);
    assert_eq!(stock(&app, "brogue", "43"), before_43 - 1, "the held 43 was sold to the exchange, not taken again");
    let (_, mine) = ada.get_json("/api/orders").await;
    let orders = mine["orders"].as_array().unwrap();
    assert_eq!(orders.len(), 2);
    let new = &orders[0];
    assert_eq!(
        (new["totalAmount"].as_i64(), new["items"][0]["size"].as_str(), new["status"].as_str()),
        (Some(0), Some("43"), Some("paid"))
    );
    let (_, list) = owner.get_json("/api/admin/returns?status=received").await;
    assert_eq!(list["returns"][0]["exchangeOrderNumber"], new["number"]);
    // Nothing about the received request moves again.
    let (status, refused) = owner.post_json(&format!("/api/admin/returns/{id}/close"), Value::Null).await;
    assert_eq!((status, message(&refused)), (409, "This request is already received."));
    // The line is spent: no second return of the same pair.
    let (_, options) = ada.get_json(&format!("/api/returns/options?order={order}")).await;
    assert_eq!(options["lines"][0]["returnable"], 0);

    // Past the window, the form is closed with the date.
    let (_, second) = bought(&app, "chi@example.com", 1).await;
    deliver(&owner, &second).await;
    app.advance(8 * 86_400_000);
    let chi = app.browser();
    chi.login("chi@example.com", "secret1").await;
    let (_, options) = chi.get_json(&format!("/api/returns/options?order={second}")).await;
    assert!(options["closed"].as_str().unwrap().starts_with("The return window for this order closed on "), "{options}");
}

#[actix_web::test]
async fn money_back_and_credit_never_give_more_than_the_lines_were_paid_and_packers_see_no_money() {
    let app = shop().await;
    let owner = app.admin_browser("owner@example.com").await;
    let packer = app.staff("packer@example.com", "packer").await;
    let (ada, order) = bought(&app, "ada@example.com", 2).await;
    deliver(&owner, &order).await;
    let one = |wants: &str| json!({"lines": [{"position": 0, "quantity": 1}], "reason": "changed_mind", "wants": wants});

    // One pair for store credit: the credit is what that pair was paid, once.
    let (status, made) = ask(&ada, &order, one("credit"), 0).await;
    assert_eq!(status, 201, "{made}");
    let id = made["id"].as_str().unwrap();
    // Packers see the request without its money and may not decide it, but may open the parcel.
    let (_, seen) = packer.get_json("/api/admin/returns").await;
    assert_eq!((seen["returns"][0]["value"].clone(), seen["returns"][0]["id"].as_str()), (Value::Null, Some(id)));
    assert_eq!(packer.post_json(&format!("/api/admin/returns/{id}/approve"), json!({"sendBack": "courier"})).await.0, 403);
    assert_eq!(owner.post_json(&format!("/api/admin/returns/{id}/approve"), json!({"sendBack": "courier"})).await.0, 200);
    let received = fifty(&packer, &format!("/api/admin/returns/{id}/receive"), json!({"condition": "write_off"})).await;
    assert_eq!(received.get(&200), Some(&1), "{received:?}");
    assert_eq!(app.query_i64("SELECT COALESCE(SUM(amount_kobo), 0) FROM credit_entries"), 3_000_000);
    assert_eq!(app.query_i64("SELECT COUNT(*) FROM credit_entries"), 1);
    assert_eq!(stock(&app, "brogue", "42"), 3, "written off: not back on sale");

    // The other pair for money back: one refund of what it was paid, through Paystack.
    let (status, made) = ask(&ada, &order, one("refund"), 0).await;
    assert_eq!(status, 201, "{made}");
    let id = made["id"].as_str().unwrap();
    assert_eq!(owner.post_json(&format!("/api/admin/returns/{id}/approve"), json!({"sendBack": "rider_pickup"})).await.0, 200);
    let (status, done) = owner.post_json(&format!("/api/admin/returns/{id}/receive"), json!({"condition": "restock"})).await;
    assert_eq!((status, done["refundState"].as_str()), (200, Some("sent")), "{done}");
    assert_eq!(app.query_i64("SELECT COALESCE(SUM(amount_kobo), 0) FROM refunds WHERE status != 'failed'"), 3_000_000);
    // Sending it again (a retry after a crash, a double click) records nothing more.
    let (status, refused) = owner.post_json(&format!("/api/admin/returns/{id}/refund"), Value::Null).await;
    assert_eq!((status, message(&refused)), (409, "This return has no refund waiting to be sent."));
    assert_eq!(app.query_i64("SELECT COUNT(*) FROM refunds"), 1);
    assert_eq!(stock(&app, "brogue", "42"), 4);

    // Every unit is back: nothing more to ask for.
    let (status, refused) = ask(&ada, &order, one("refund"), 0).await;
    assert_eq!((status, message(&refused)), (409, "Oxford Brogue (42, Brown) has already been returned."));
    // A refusal needs its reason; a final sale takes no request at all.
    let (chi, third) = bought(&app, "chi@example.com", 1).await;
    deliver(&owner, &third).await;
    let (_, made) = ask(&chi, &third, one("refund"), 0).await;
    let id = made["id"].as_str().unwrap();
    let (status, refused) = owner.post_json(&format!("/api/admin/returns/{id}/refuse"), json!({"message": " "})).await;
    assert_eq!((status, message(&refused)), (400, "Please tell the customer why."));
    assert_eq!(owner.post_json(&format!("/api/admin/returns/{id}/refuse"), json!({"message": "Worn outside."})).await.0, 200);
    let (status, _) = owner.send_json(Method::PUT, "/api/admin/products/brogue/returns", json!({"finalSale": true, "fitNote": true})).await;
    assert_eq!(status, 200);
    let (status, refused) = ask(&chi, &third, one("credit"), 0).await;
    assert_eq!((status, message(&refused)), (409, "Oxford Brogue (42, Brown) was a final sale: it cannot be returned."));
}

#[actix_web::test]
async fn three_too_small_returns_make_the_page_say_it_runs_small_and_the_dashboard_counts_them() {
    let app = shop().await;
    let owner = app.admin_browser("owner@example.com").await;
    let page = || async { app.browser().get_json("/api/products/brogue").await.1["runsSmall"].clone() };
    assert_eq!(page().await, false);
    for (i, reason) in ["too_small", "too_small", "too_big", "too_small"].iter().enumerate() {
        let (buyer, order) = bought(&app, &format!("fit{i}@example.com"), 1).await;
        deliver(&owner, &order).await;
        let (status, made) =
            ask(&buyer, &order, json!({"lines": [{"position": 0, "quantity": 1}], "reason": reason, "wants": "credit"}), 0).await;
        assert_eq!(status, 201, "{made}");
        // Two "too small" of three: not yet; three of four (75 %): it runs small.
        assert_eq!(page().await, i == 3, "after return {i}");
    }
    let (_, dashboard) = owner.get_json("/api/admin/dashboard").await;
    let returns = &dashboard["returns"];
    assert_eq!(returns["byReason"][0], json!({"reason": "too_small", "units": 3}), "{returns}");
    assert_eq!(returns["byProduct"][0]["returned"], 4);
    assert_eq!((returns["byProduct"][0]["sold"].as_i64(), returns["byProduct"][0]["rate"].as_i64()), (Some(4), Some(100)));
    assert_eq!(returns["creditOutstanding"], 0, "no credit until a parcel is received");
    // The merchant turns the note off for this product.
    let (status, _) =
        owner.send_json(Method::PUT, "/api/admin/products/brogue/returns", json!({"finalSale": false, "fitNote": false})).await;
    assert_eq!(status, 200);
    assert_eq!(page().await, false);
}
