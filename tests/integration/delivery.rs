//! Delivery fees by state and discount codes: quotes, the merchant's zones and codes, prices the
//! payment is started with, the breakdown every order keeps, and a one-use code raced by fifty.

use crate::common::{Browser, TestApp, product, spawn_with};
use crate::payments::wait_for_mail;
use reqwest::Method;
use serde_json::{Value, json};

/// A shop with a ₦30,000 suit and a ₦10,000 pair of sneakers, both in plenty.
pub(crate) async fn shop() -> TestApp {
    let app = spawn_with(|c| {
        c.no_demo = true;
        c.reconcile_secs = 3_600;
        c.signups_per_hour = 100;
    })
    .await;
    app.add_product("suit", product("Navy Suit", "suits", 3_000_000));
    app.add_product("runner", product("Lagos Runner", "sneakers", 1_000_000));
    app
}

async fn shopper(app: &TestApp, email: &str, bag: &[(&str, i64)]) -> Browser {
    let browser = app.browser();
    browser.signup("Ada Obi", email, "secret1").await;
    for (product, quantity) in bag {
        let (status, answer) = browser.post_json("/api/bag", json!({"productId": product, "quantity": quantity})).await;
        assert_eq!(status, 200, "{answer}");
    }
    browser
}

fn checkout(state: &str, code: Option<&str>) -> Value {
    json!({
        "customer": { "name": "Ada Obi", "email": "ada@example.com", "phone": "+234 803 555 0101" },
        "address": { "street": "12 Marina Road", "city": "Ikeja", "state": state, "country": "Nigeria", "postalCode": "100001" },
        "code": code,
    })
}

async fn quote(browser: &Browser, body: Value) -> (u16, Value) {
    browser.post_json("/api/checkout/quote", body).await
}

fn message(answer: &Value) -> &str {
    answer["message"].as_str().unwrap_or("")
}

async fn add_code(admin: &Browser, body: Value) -> (u16, Value) {
    admin.post_json("/api/admin/discounts", body).await
}

#[actix_web::test]
async fn delivery_costs_what_the_states_zone_says_and_pickup_is_free() {
    let app = shop().await;
    let ada = shopper(&app, "ada@example.com", &[("suit", 1)]).await;
    let (status, lagos) = quote(&ada, json!({"state": "lagos"})).await;
    assert_eq!(status, 200, "{lagos}");
    assert_eq!(lagos["breakdown"], json!({"subtotal": 3_000_000, "delivery": 250_000, "discount": 0, "total": 3_250_000}));
    assert_eq!(lagos["deliveryEstimate"], "1–2 working days");
    let (_, borno) = quote(&ada, json!({"state": "Borno"})).await;
    assert_eq!((&borno["breakdown"]["delivery"], &borno["deliveryEstimate"]), (&json!(650_000), &json!("3–5 working days")));
    let (_, abuja) = quote(&ada, json!({"state": "FCT"})).await;
    assert_eq!(abuja["breakdown"]["delivery"], 650_000, "the FCT by its short name");
    for bad in ["Atlantis", "", "Lagos'; DROP TABLE orders; --"] {
        let (status, answer) = quote(&ada, json!({"state": bad})).await;
        assert_eq!((status, message(&answer)), (400, "Please choose your state."), "{bad}");
    }
    let (status, answer) = quote(&ada, json!({"state": "Lagos", "method": "pickup"})).await;
    assert_eq!((status, message(&answer)), (400, "Pick up in store is not offered."));

    // Free delivery from ₦100,000 in Lagos.
    ada.post_json("/api/bag", json!({"productId": "suit", "quantity": 3})).await;
    let (_, big) = quote(&ada, json!({"state": "Lagos"})).await;
    assert_eq!(big["breakdown"], json!({"subtotal": 12_000_000, "delivery": 0, "discount": 0, "total": 12_000_000}));

    // The merchant regroups: Lagos and Ogun together, pickup on, Borno not served.
    let admin = app.admin_browser("boss@example.com").await;
    let zones = |zones: Value, pickup: Value| json!({"zones": zones, "pickup": pickup});
    let lagos_zone =
        json!({"name": "Lagos & Ogun", "fee": "3000", "estimate": "Next working day", "freeOver": "", "states": ["Lagos", "Ogun"]});
    for (body, reason) in [
        (
            zones(json!([{"name": "X", "fee": "-5", "estimate": "soon", "states": ["Lagos"]}]), json!({"enabled": false})),
            "The fee cannot be negative.",
        ),
        (
            zones(json!([{"name": "X", "fee": "5", "estimate": "soon", "states": ["Lagoss"]}]), json!({"enabled": false})),
            "Lagoss is not a Nigerian state.",
        ),
        (
            zones(
                json!([lagos_zone.clone(), {"name": "Y", "fee": "5", "estimate": "soon", "states": ["ogun"]}]),
                json!({"enabled": false}),
            ),
            "Ogun is in two zones.",
        ),
        (
            zones(json!([{"name": " ", "fee": "5", "estimate": "soon", "states": ["Kano"]}]), json!({"enabled": false})),
            "Every zone needs a name and a delivery estimate.",
        ),
        (zones(json!([lagos_zone.clone()]), json!({"enabled": true, "address": ""})), "Give the shop's address for pickup."),
        (zones(json!([{"name": "X", "fee": "5.123", "estimate": "soon", "states": ["Kano"]}]), json!({"enabled": false})), ""),
    ] {
        let (status, answer) = admin.send_json(Method::PUT, "/api/admin/delivery", body).await;
        assert_eq!(status, 400, "{answer}");
        if !reason.is_empty() {
            assert_eq!(message(&answer), reason);
        }
    }
    let (_, unchanged) = app.browser().get_json("/api/delivery").await;
    assert_eq!(unchanged["zones"].as_array().unwrap().len(), 3, "nothing half-applied");
    assert_eq!(unchanged["states"].as_array().unwrap().len(), 37);
    let (status, saved) = admin
        .send_json(
            Method::PUT,
            "/api/admin/delivery",
            zones(json!([lagos_zone]), json!({"enabled": true, "address": "4 Broad Street, Lagos"})),
        )
        .await;
    assert_eq!(status, 200, "{saved}");
    assert_eq!(saved["zones"][0]["freeOver"], Value::Null);
    let (_, public) = app.browser().get_json("/api/delivery").await;
    assert_eq!(public["pickup"]["address"], "4 Broad Street, Lagos", "shoppers see it at once");
    let (_, big) = quote(&ada, json!({"state": "Lagos"})).await;
    assert_eq!(big["breakdown"]["delivery"], 300_000, "no free-delivery threshold any more");
    let (status, answer) = quote(&ada, json!({"state": "Borno"})).await;
    assert_eq!((status, message(&answer)), (400, "Sorry, we do not deliver to Borno yet."));
    let (_, pickup) = quote(&ada, json!({"state": "Borno", "method": "pickup"})).await;
    assert_eq!((&pickup["breakdown"]["delivery"], &pickup["deliveryEstimate"]), (&json!(0), &Value::Null));
    assert_eq!(app.browser().send_json(Method::PUT, "/api/admin/delivery", json!({})).await.0, 401);
    assert_eq!(ada.send_json(Method::PUT, "/api/admin/delivery", json!({"zones": [], "pickup": {"enabled": false}})).await.0, 403);
}

#[actix_web::test]
async fn codes_say_why_they_cannot_be_used_and_match_in_any_case() {
    let app = shop().await;
    let admin = app.admin_browser("boss@example.com").await;
    let now = ankara::db::now_ms();
    for (body, reason) in [
        (json!({"code": "BIG", "kind": "percent", "percent": 101}), "A percentage is a whole number from 1 to 100."),
        (json!({"code": "NEG", "kind": "fixed", "amount": "-500"}), "The amount cannot be negative."),
        (json!({"code": "NONE", "kind": "fixed"}), "Give the amount the code takes off."),
        (json!({"code": "bad code!", "kind": "free-delivery"}), "A code is 1 to 32 letters, digits, - or _."),
        (json!({"code": "X".repeat(10_000), "kind": "free-delivery"}), "A code is 1 to 32 letters, digits, - or _."),
        (json!({"code": "LATE", "kind": "free-delivery", "startsAt": now, "endsAt": now - 1}), "The code must start before it ends."),
        (json!({"code": "NOWHERE", "kind": "free-delivery", "collections": ["atlantis"]}), "A chosen collection does not exist."),
    ] {
        let (status, answer) = add_code(&admin, body.clone()).await;
        assert_eq!((status, message(&answer)), (400, reason), "{body}");
    }
    for body in [
        json!({"code": "FESTIVE10", "kind": "percent", "percent": 10}),
        json!({"code": "BIGSPEND", "kind": "fixed", "amount": "5000", "minSubtotal": "20000"}),
        json!({"code": "GONE", "kind": "percent", "percent": 5, "endsAt": now - 1000}),
        json!({"code": "SOON", "kind": "percent", "percent": 5, "startsAt": now + 3_600_000}),
        json!({"code": "ONCE", "kind": "free-delivery", "perCustomer": 1}),
        json!({"code": "SHOES", "kind": "percent", "percent": 50, "collections": ["sneakers"]}),
    ] {
        let (status, answer) = add_code(&admin, body).await;
        assert_eq!(status, 201, "{answer}");
    }
    let (status, answer) = add_code(&admin, json!({"code": "festive10", "kind": "free-delivery"})).await;
    assert_eq!((status, message(&answer)), (409, "The code festive10 already exists."));

    let ada = shopper(&app, "ada@example.com", &[("runner", 1)]).await;
    let try_code = |code: &'static str| {
        let ada = &ada;
        async move { quote(ada, json!({"state": "Lagos", "code": code})).await }
    };
    let (status, festive) = try_code(" festive10 ").await;
    assert_eq!(status, 200, "{festive}");
    assert_eq!(festive["breakdown"], json!({"subtotal": 1_000_000, "delivery": 250_000, "discount": 100_000, "total": 1_150_000}));
    assert_eq!(festive["code"], "FESTIVE10", "as stored");
    for (code, reason) in [
        ("GONE", "This code has expired"),
        ("BIGSPEND", "Spend ₦20,000.00 or more to use this code"),
        ("SOON", "This code is not valid"),
        ("NOPE", "This code is not valid"),
        ("<script>", "This code is not valid"),
    ] {
        let (status, answer) = try_code(code).await;
        assert_eq!((status, message(&answer)), (400, reason), "{code}");
    }
    let (_, shoes) = try_code("shoes").await;
    assert_eq!(shoes["breakdown"]["discount"], 500_000);
    ada.post_json("/api/bag", json!({"productId": "suit"})).await;
    let (_, shoes) = try_code("shoes").await;
    assert_eq!(shoes["breakdown"]["discount"], 500_000, "only the sneakers count");
    let (_, big) = try_code("BIGSPEND").await;
    assert_eq!(big["breakdown"]["discount"], 500_000);
    let (_, paused) = admin.send_json(Method::PATCH, "/api/admin/discounts/festive10", json!({"paused": true})).await;
    assert_eq!(paused["paused"], true, "{paused}");
    assert_eq!(message(&try_code("FESTIVE10").await.1), "This code is not valid");

    // A one-per-customer code, used once, is refused the second time; a new customer may.
    let (status, started) = ada.post_json("/api/checkout", checkout("Lagos", Some("once"))).await;
    assert_eq!(status, 201, "{started}");
    assert_eq!(started["breakdown"], json!({"subtotal": 4_000_000, "delivery": 250_000, "discount": 250_000, "total": 4_000_000}));
    assert_eq!(started["amount"], 4_000_000, "Paystack is asked for the total");
    let (_, again) = try_code("ONCE").await;
    assert_eq!(again["breakdown"]["discount"], 250_000, "her own unpaid checkout's hold does not count against her");
    pay(&ada, &started).await;
    ada.post_json("/api/bag", json!({"productId": "runner"})).await;
    assert_eq!(message(&try_code("ONCE").await.1), "You have already used this code");
}

/// Pays a started payment in the sandbox and returns the order.
async fn pay(browser: &Browser, started: &Value) -> Value {
    let code = started["accessCode"].as_str().unwrap();
    browser.post_json(&format!("/api/sandbox/checkout/{code}"), json!({"outcome": "success"})).await;
    let (_, done) = browser.post_json("/api/payments/verify", json!({"reference": started["reference"]})).await;
    assert_eq!(done["data"]["success"], true, "{done}");
    done["data"]["order"].clone()
}

#[actix_web::test]
async fn an_order_keeps_its_breakdown_in_my_orders_the_admin_screen_and_the_emails() {
    let app = shop().await;
    let admin = app.admin_browser("boss@example.com").await;
    add_code(&admin, json!({"code": "FESTIVE10", "kind": "percent", "percent": 10})).await;
    let ada = shopper(&app, "ada@example.com", &[("runner", 2)]).await;
    let (status, answer) = ada.post_json("/api/checkout", checkout("Atlantis", None)).await;
    assert_eq!((status, message(&answer)), (400, "Please choose your state."));
    let (status, answer) = ada.post_json("/api/checkout", checkout("Lagos", Some("NOPE"))).await;
    assert_eq!((status, message(&answer)), (400, "This code is not valid"));
    assert_eq!(app.query_i64("SELECT COUNT(*) FROM payments"), 0, "refused before anything is recorded");

    let (_, started) = ada.post_json("/api/checkout", checkout("oyo", Some("festive10"))).await;
    let expected = json!({"subtotal": 2_000_000, "delivery": 400_000, "discount": 200_000, "total": 2_200_000});
    assert_eq!(started["breakdown"], expected);
    assert_eq!(started["deliveryEstimate"], "2–3 working days");
    let order = pay(&ada, &started).await;
    assert_eq!(order["totalAmount"], 2_200_000);
    assert_eq!(
        (&order["subtotal"], &order["deliveryFee"], &order["discount"], &order["discountCode"], &order["deliveryMethod"]),
        (&json!(2_000_000), &json!(400_000), &json!(200_000), &json!("FESTIVE10"), &json!("delivery"))
    );
    assert_eq!(order["deliveryAddress"]["state"], "Oyo", "the state as the list spells it");
    let (_, mine) = ada.get_json("/api/orders").await;
    assert_eq!(mine["orders"][0]["discount"], 200_000, "{mine}");
    let (_, seen) = admin.get_json(&format!("/api/admin/orders/{}", order["id"].as_str().unwrap())).await;
    assert_eq!(seen["deliveryFee"], 400_000);
    wait_for_mail(&app, |m| {
        m.contains("To: ada@example.com")
            && m.contains("Subtotal: ₦20,000.00")
            && m.contains("Delivery (2–3 working days): ₦4,000.00")
            && m.contains("Discount (FESTIVE10): −₦2,000.00")
            && m.contains("Total: ₦22,000.00")
    })
    .await;
    let (_, codes) = admin.get_json("/api/admin/discounts").await;
    assert_eq!((&codes[0]["uses"], &codes[0]["revenue"], &codes[0]["discounted"]), (&json!(1), &json!(2_200_000), &json!(200_000)));
}

#[actix_web::test]
async fn fifty_shoppers_race_for_a_one_use_code_and_one_gets_it() {
    let app = shop().await;
    let admin = app.admin_browser("boss@example.com").await;
    add_code(&admin, json!({"code": "FIRST", "kind": "fixed", "amount": "2500", "maxUses": 1})).await;
    let mut shoppers = Vec::new();
    for n in 0..50 {
        shoppers.push(shopper(&app, &format!("racer{n}@example.com"), &[("runner", 1)]).await);
    }
    // Everyone applied the code while it was free...
    for s in &shoppers[..3] {
        assert_eq!(quote(s, json!({"state": "Lagos", "code": "FIRST"})).await.0, 200);
    }
    // ...and pays at once.
    let starts =
        futures_util::future::join_all(shoppers.iter().map(|s| s.post_json("/api/checkout", checkout("Lagos", Some("FIRST"))))).await;
    let winners: Vec<usize> = starts.iter().enumerate().filter(|(_, (status, _))| *status == 201).map(|(n, _)| n).collect();
    assert_eq!(winners.len(), 1, "{starts:?}");
    for (status, answer) in starts.iter().filter(|(status, _)| *status != 201) {
        assert_eq!((*status, message(answer)), (400, "This code has been used up"), "told before paying");
    }
    assert_eq!(app.query_i64("SELECT COUNT(*) FROM payments"), 1);
    let order = pay(&shoppers[winners[0]], &starts[winners[0]].1).await;
    assert_eq!(order["discount"], 250_000);
    assert_eq!(app.query_i64("SELECT COUNT(*) FROM discount_uses WHERE status = 'used'"), 1);

    // Without the code, the others pay full price.
    let (status, started) = shoppers[(winners[0] + 1) % 50].post_json("/api/checkout", checkout("Lagos", None)).await;
    assert_eq!((status, &started["breakdown"]["discount"]), (201, &json!(0)));
}

#[actix_web::test]
async fn a_code_held_by_an_unpaid_checkout_comes_back_when_the_popup_closes_or_time_runs_out() {
    let app = shop().await;
    let admin = app.admin_browser("boss@example.com").await;
    add_code(&admin, json!({"code": "FIRST", "kind": "percent", "percent": 10, "maxUses": 1})).await;
    let ada = shopper(&app, "ada@example.com", &[("runner", 1)]).await;
    let bola = shopper(&app, "bola@example.com", &[("runner", 1)]).await;
    let (_, started) = ada.post_json("/api/checkout", checkout("Lagos", Some("FIRST"))).await;
    assert_eq!(message(&quote(&bola, json!({"state": "Lagos", "code": "FIRST"})).await.1), "This code has been used up");
    ada.post_json("/api/payments/cancel", json!({"reference": started["reference"]})).await;
    assert_eq!(quote(&bola, json!({"state": "Lagos", "code": "FIRST"})).await.0, 200, "given back with the pop-up");

    let (_, started) = bola.post_json("/api/checkout", checkout("Lagos", Some("FIRST"))).await;
    assert_eq!(started["breakdown"]["discount"], 100_000);
    app.sql("UPDATE discount_uses SET expires_at = 0; UPDATE reservations SET expires_at = 0");
    app.state.payments.release_lapsed_holds(0).await.unwrap();
    assert_eq!(quote(&ada, json!({"state": "Lagos", "code": "FIRST"})).await.0, 200, "given back when time ran out");
    // Bola's pop-up was still open: she pays the discounted price, and the use is counted once.
    let order = pay(&bola, &started).await;
    assert_eq!(order["discount"], 100_000);
    assert_eq!(app.query_i64("SELECT COUNT(*) FROM discount_uses"), 1);
    assert_eq!(message(&quote(&ada, json!({"state": "Lagos", "code": "FIRST"})).await.1), "This code has been used up");
}
