//! Issue 34: a customer is one customer however she comes (a per-customer code binds guests, pay on
//! delivery and chat orders by e-mail and phone); pay on delivery is collected at any status until
//! collected or refused; every word about money follows what was received; and pay-on-delivery
//! orders from customers the shop does not know yet wait for confirmation and release their stock
//! on their own.

use reqwest::Method;
use serde_json::{Value, json};

use crate::common::{Browser, TestApp, product, product_with, spawn_with};

pub(crate) async fn shop() -> TestApp {
    let app = spawn_with(|c| {
        c.no_demo = true;
        c.signups_per_hour = 1_000;
        c.checkouts_per_address = 1_000;
        c.trusted_proxies = vec!["127.0.0.1".into()];
    })
    .await;
    app.add_product("oxford", product_with("Oxford Cap-Toe", "formal-shoes", 4_500_000, "Oxfords", &["41", "42"], &["Black"]));
    app.add_product("chrono", product("Chronograph Steel", "wristwatches", 5_000_000));
    app.sql("UPDATE variants SET stock = 100");
    app.state.catalogue.changed_elsewhere();
    app
}

pub(crate) async fn owner(app: &TestApp) -> Browser {
    app.admin_browser("owner@example.com").await
}

pub(crate) async fn settings(owner: &Browser, change: Value) {
    let (status, reply) = owner.send_json(Method::PATCH, "/api/admin/settings", change).await;
    assert_eq!(status, 200, "{reply}");
}

/// Lagos delivers with pay on delivery up to ₦500,000.
pub(crate) async fn pay_on_delivery_in_lagos(owner: &Browser) {
    let body = json!({
        "zones": [{"name": "Lagos", "fee": "2500", "estimate": "1–2 working days", "freeOver": "", "states": ["Lagos"],
                   "payOnDelivery": {"enabled": true, "maxTotal": "500000"}}],
        "pickup": {"enabled": false}
    });
    let (status, saved) = owner.send_json(Method::PUT, "/api/admin/delivery", body).await;
    assert_eq!(status, 200, "{saved}");
}

fn details(email: &str, phone: &str) -> Value {
    json!({
        "customer": { "name": "Ada Obi", "email": email, "phone": phone },
        "address": { "street": "12 Marina Road", "city": "Lagos", "state": "Lagos", "country": "Nigeria", "postalCode": "" },
    })
}

/// A request from client address `from` (the shop trusts the proxy on 127.0.0.1).
async fn post_from(browser: &Browser, from: &str, path: &str, body: Value) -> (u16, Value) {
    let res = browser
        .client
        .post(browser.url(path))
        .header("x-requested-with", "ankara")
        .header("x-forwarded-for", from)
        .json(&body)
        .send()
        .await
        .unwrap();
    (res.status().as_u16(), res.json().await.unwrap_or(Value::Null))
}

/// A fresh guest (its own cookies) from `from` with a watch in the bag.
async fn guest_with_bag(app: &TestApp, from: &str) -> Browser {
    let guest = app.browser();
    let (status, bag) = post_from(&guest, from, "/api/bag", json!({"productId": "chrono"})).await;
    assert_eq!(status, 200, "{bag}");
    guest
}

fn on_delivery(mut body: Value) -> Value {
    body["paymentMethod"] = json!("pay_on_delivery");
    body
}

fn with_code(mut body: Value, code: &str) -> Value {
    body["code"] = json!(code);
    body
}

fn uses(app: &TestApp, code: &str) -> i64 {
    app.query_i64(&format!("SELECT COUNT(*) FROM discount_uses WHERE code = '{code}'"))
}

#[actix_web::test]
async fn a_per_customer_code_binds_her_by_email_and_phone_however_she_pays() {
    let app = shop().await;
    let admin = owner(&app).await;
    settings(&admin, json!({"guestCheckout": true})).await;
    pay_on_delivery_in_lagos(&admin).await;
    let (status, code) =
        admin.post_json("/api/admin/discounts", json!({"code": "WELCOME", "kind": "percent", "percent": 10, "perCustomer": 1})).await;
    assert_eq!(status, 201, "{code}");

    // Fifty fresh guests at once (new cookies, many networks), the same e-mail and phone: one use.
    let mut guests = Vec::new();
    for n in 0..50 {
        guests.push(guest_with_bag(&app, &format!("198.51.100.{n}")).await);
    }
    let body = with_code(details("ada@example.com", "0803 555 0101"), "WELCOME");
    let addresses: Vec<String> = (0..50).map(|n| format!("198.51.100.{n}")).collect();
    let answers =
        futures_util::future::join_all(guests.iter().zip(&addresses).map(|(g, from)| post_from(g, from, "/api/checkout", body.clone())))
            .await;
    let started: Vec<&(u16, Value)> = answers.iter().filter(|(s, _)| *s == 201).collect();
    assert_eq!(started.len(), 1, "{answers:?}");
    for (status, answer) in answers.iter().filter(|(s, _)| *s != 201) {
        assert_eq!((*status, answer["message"].as_str()), (400, Some("You have already used this code")), "{answer}");
    }
    assert_eq!(uses(&app, "WELCOME"), 1);
    // The winner pays; the use is hers for good.
    let winner = guests.iter().zip(&answers).find(|(_, (s, _))| *s == 201).unwrap().0;
    let access = started[0].1["accessCode"].as_str().unwrap();
    winner.post_json(&format!("/api/sandbox/checkout/{access}"), json!({"outcome": "success"})).await;
    let (_, verified) = winner.post_json("/api/payments/verify", json!({"reference": started[0].1["reference"]})).await;
    assert_eq!(verified["data"]["success"], true, "{verified}");

    // However she writes them, the e-mail and the phone are still hers.
    for (email, phone) in [("ADA+again@Example.com", "+234 811 000 0000"), ("someone@example.com", "+234 803 555 0101")] {
        let guest = guest_with_bag(&app, "203.0.113.9").await;
        let (status, refused) = post_from(&guest, "203.0.113.9", "/api/checkout", with_code(details(email, phone), "WELCOME")).await;
        assert_eq!((status, refused["message"].as_str()), (400, Some("You have already used this code")), "{email} {phone}");
        // Pay on delivery counts her the same way.
        let (status, refused) =
            post_from(&guest, "203.0.113.9", "/api/checkout", on_delivery(with_code(details(email, phone), "WELCOME"))).await;
        assert_eq!((status, refused["message"].as_str()), (400, Some("You have already used this code")), "{refused}");
    }
    // A new account with her e-mail: its quote already refuses the code.
    let account = app.browser();
    account.signup("Ada Obi", "ada@example.com", "secret1").await;
    account.post_json("/api/bag", json!({"productId": "chrono"})).await;
    let (status, refused) = account.post_json("/api/checkout/quote", json!({"state": "Lagos", "code": "WELCOME"})).await;
    assert_eq!((status, refused["message"].as_str()), (400, Some("You have already used this code")));
    // An order taken in a chat for her phone.
    let chat = json!({
        "customer": {"name": "Ada", "phone": "08035550101"},
        "lines": [{"productId": "chrono", "quantity": 1}],
        "delivery": {"state": "Lagos"},
        "code": "WELCOME",
    });
    let (status, refused) = admin.post_json("/api/admin/orders", chat).await;
    assert_eq!((status, refused["message"].as_str()), (400, Some("You have already used this code")), "{refused}");
    // Somebody else may use it.
    let other = guest_with_bag(&app, "203.0.113.10").await;
    let (status, placed) =
        post_from(&other, "203.0.113.10", "/api/checkout", on_delivery(with_code(details("bola@example.com", "0805 222 3344"), "WELCOME")))
            .await;
    assert_eq!(status, 201, "{placed}");
    assert_eq!(uses(&app, "WELCOME"), 2);
}

/// A guest's pay-on-delivery order, placed from `from`.
pub(crate) async fn place(app: &TestApp, from: &str, email: &str, phone: &str) -> (u16, Value) {
    let guest = guest_with_bag(app, from).await;
    post_from(&guest, from, "/api/checkout", on_delivery(details(email, phone))).await
}

pub(crate) fn mails_to(app: &TestApp, to: &str) -> Vec<String> {
    std::fs::read_dir(app.dir.path().join("outbox"))
        .map(|dir| {
            dir.filter_map(|e| std::fs::read_to_string(e.unwrap().path()).ok()).filter(|m| m.contains(&format!("To: {to}"))).collect()
        })
        .unwrap_or_default()
}

pub(crate) async fn mail_to(app: &TestApp, to: &str, containing: &str) -> String {
    crate::payments::wait_for_mail(app, |m| m.contains(&format!("To: {to}")) && m.contains(containing)).await;
    mails_to(app, to).into_iter().find(|m| m.contains(containing)).unwrap()
}

#[actix_web::test]
async fn pay_on_delivery_is_collected_after_delivery_and_never_called_paid() {
    let app = shop().await;
    let admin = owner(&app).await;
    settings(&admin, json!({"guestCheckout": true})).await;
    pay_on_delivery_in_lagos(&admin).await;
    let (status, placed) = place(&app, "198.51.100.1", "ada@example.com", "0803 555 0101").await;
    assert_eq!(status, 201, "{placed}");
    let order = &placed["order"];
    let (id, number, total) = (order["id"].as_str().unwrap(), order["number"].as_str().unwrap(), order["totalAmount"].as_i64().unwrap());
    assert_eq!((&order["paid"], &order["toCollect"]), (&json!(0), &json!(total)));

    // The mails say what was received: nothing yet.
    let mail = mail_to(&app, "ada@example.com", number).await;
    assert!(!mail.contains("received your payment"), "{mail}");
    assert!(mail.contains("Nothing has been paid yet: you pay ₦52,500.00 when it arrives"), "{mail}");
    let notice = mail_to(&app, "shop@ankara.local", number).await;
    assert!(!notice.contains("paid order"), "{notice}");
    assert!(notice.contains("A new order to be paid on delivery is waiting: ₦52,500.00 to collect, nothing paid yet."), "{notice}");
    // Tracking says how it is paid and what was received.
    let (_, tracked) = app.browser().get_json(&format!("/api/orders/track?number={number}&email=ada@example.com")).await;
    assert_eq!(
        (&tracked["order"]["paymentMethod"], &tracked["order"]["paid"], &tracked["order"]["toCollect"]),
        (&json!("pay_on_delivery"), &json!(0), &json!(total)),
        "{tracked}"
    );

    // Confirmed by phone, prepared, shipped, delivered: still to collect.
    assert_eq!(admin.post_json(&format!("/api/admin/orders/{id}/confirm"), Value::Null).await.0, 200);
    let path = format!("/api/admin/orders/{id}");
    for step in [json!({"status": "processing"}), json!({"status": "shipped", "trackingNumber": "GIG1"}), json!({"status": "delivered"})] {
        let (status, moved) = admin.send_json(Method::PATCH, &path, step).await;
        assert_eq!(status, 200, "{moved}");
    }
    let (_, delivered) = admin.get_json(&path).await;
    assert_eq!((&delivered["status"], &delivered["toCollect"], &delivered["paid"]), (&json!("delivered"), &json!(total), &json!(0)));
    let (_, board) = admin.get_json("/api/admin/dashboard").await;
    assert_eq!(board["toCollect"], total, "the dashboard and the order agree");
    // Delivered but unpaid is still an open pay-on-delivery order for her.
    let (status, refused) = place(&app, "198.51.100.2", "ADA@example.com", "0811 000 0000").await;
    assert_eq!(
        (status, refused["message"].as_str()),
        (400, Some("You already have an order to pay on delivery. Pay for it first, or choose Pay now."))
    );
    // The money is recorded after delivery.
    let (status, collected) =
        admin.post_json(&format!("/api/admin/orders/{id}/collect"), json!({"amount": "52500", "method": "cash"})).await;
    assert_eq!(status, 200, "{collected}");
    assert_eq!((&collected["toCollect"], &collected["paid"]), (&json!(0), &json!(total)));
    let (_, board) = admin.get_json("/api/admin/dashboard").await;
    assert_eq!((&board["toCollect"], &board["today"]["revenue"]), (&json!(0), &json!(total)));

    // Cancelled with nothing paid: the mail says so, and promises no refund.
    let (status, second) = place(&app, "198.51.100.3", "bola@example.com", "0805 222 3344").await;
    assert_eq!(status, 201, "{second}");
    let second_id = second["order"]["id"].as_str().unwrap();
    let second_number = second["order"]["number"].as_str().unwrap();
    let (status, _) = admin.send_json(Method::PATCH, &format!("/api/admin/orders/{second_id}"), json!({"status": "cancelled"})).await;
    assert_eq!(status, 200);
    let mail = mail_to(&app, "bola@example.com", &format!("order #{second_number} cancelled")).await;
    assert!(mail.contains("Nothing was paid for it"), "{mail}");
    assert!(!mail.contains("refund"), "{mail}");
}

fn stock_of_watch(app: &TestApp) -> i64 {
    app.query_i64("SELECT stock FROM variants WHERE product_id = 'chrono'")
}

#[actix_web::test]
async fn unproven_customers_orders_wait_for_confirmation_a_few_per_address_and_lapse_on_their_own() {
    let app = shop().await;
    let admin = owner(&app).await;
    settings(&admin, json!({"guestCheckout": true})).await;
    pay_on_delivery_in_lagos(&admin).await;
    admin.post_json("/api/admin/discounts", json!({"code": "TEN", "kind": "percent", "percent": 10, "maxUses": 5})).await;
    let stock = stock_of_watch(&app);

    // One network, fresh guests with made-up details: three wait for confirmation, then no more.
    let mut placed = Vec::new();
    for n in 0..3 {
        let guest = guest_with_bag(&app, "198.51.100.7").await;
        let body = with_code(on_delivery(details(&format!("made-up{n}@example.com"), &format!("0803 000 000{n}"))), "TEN");
        let (status, answer) = post_from(&guest, "198.51.100.7", "/api/checkout", body).await;
        assert_eq!(status, 201, "{answer}");
        assert_eq!(answer["order"]["confirmation"]["channel"], "phone");
        assert_eq!(answer["order"]["confirmation"]["confirmedAt"], Value::Null);
        placed.push(answer["order"].clone());
    }
    let guest = guest_with_bag(&app, "198.51.100.7").await;
    let (_, quote) = post_from(&guest, "198.51.100.7", "/api/checkout/quote", json!({"state": "Lagos"})).await;
    assert_eq!(quote["payOnDelivery"]["offered"], false, "{quote}");
    let (status, refused) =
        post_from(&guest, "198.51.100.7", "/api/checkout", on_delivery(details("x9@example.com", "0809 999 9999"))).await;
    assert_eq!(status, 400);
    assert!(refused["message"].as_str().unwrap().starts_with("Many orders to pay on delivery from your network"), "{refused}");
    assert_eq!(stock_of_watch(&app), stock - 3);
    assert_eq!(uses(&app, "TEN"), 3);
    // Another network is not held up; paying now is not either.
    assert_eq!(place(&app, "198.51.100.8", "someone@example.com", "0807 111 1111").await.0, 201);

    // Not prepared before it is confirmed; the shop's call confirms it.
    let first = placed[0]["id"].as_str().unwrap();
    let (status, refused) = admin.send_json(Method::PATCH, &format!("/api/admin/orders/{first}"), json!({"status": "processing"})).await;
    assert_eq!((status, refused["message"].as_str()), (409, Some(ankara::orders::confirmation::CONFIRM_FIRST)));
    let packer = app.browser();
    packer.signup("Pat", "pat@example.com", "secret1").await;
    app.sql("UPDATE users SET role = 'packer' WHERE email = 'pat@example.com'");
    packer.post_json("/api/auth/refresh", Value::Null).await;
    assert_eq!(packer.post_json(&format!("/api/admin/orders/{first}/confirm"), Value::Null).await.0, 403);
    let (status, confirmed) = admin.post_json(&format!("/api/admin/orders/{first}/confirm"), Value::Null).await;
    assert_eq!(status, 200, "{confirmed}");
    assert!(confirmed["confirmation"]["confirmedAt"].is_i64());
    assert_eq!(admin.send_json(Method::PATCH, &format!("/api/admin/orders/{first}"), json!({"status": "processing"})).await.0, 200);

    // The other two lapse: cancelled by the background round's work, their stock and code uses back.
    let window_ends = app.query_i64("SELECT MAX(expires_at) FROM order_confirmations WHERE confirmed_at IS NULL");
    app.advance(window_ends - app.now_ms() + 1);
    let ended = app.state.payments.end_unconfirmed_orders().await.unwrap();
    assert_eq!(ended, 3, "two from the first network and the other network's");
    for order in &placed[1..] {
        let (_, now) = admin.get_json(&format!("/api/admin/orders/{}", order["id"].as_str().unwrap())).await;
        assert_eq!(now["status"], "cancelled");
    }
    assert_eq!(stock_of_watch(&app), stock - 1, "only the confirmed order keeps its watch");
    assert_eq!(uses(&app, "TEN"), 1);
    let mail = mail_to(&app, "made-up1@example.com", "was not confirmed in time").await;
    assert!(mail.contains("nothing is owed"), "{mail}");
    // The network may place orders again.
    assert_eq!(place(&app, "198.51.100.7", "new@example.com", "0803 222 2222").await.0, 201);

    // A customer the shop knows (an account with a paid order) needs no confirmation.
    let known = app.browser();
    known.signup("Kemi", "kemi@example.com", "secret1").await;
    known.post_json("/api/bag", json!({"productId": "chrono"})).await;
    let (_, started) = known.post_json("/api/checkout", details("kemi@example.com", "0802 333 4444")).await;
    let access = started["accessCode"].as_str().unwrap();
    known.post_json(&format!("/api/sandbox/checkout/{access}"), json!({"outcome": "success"})).await;
    known.post_json("/api/payments/verify", json!({"reference": started["reference"]})).await;
    known.post_json("/api/bag", json!({"productId": "chrono"})).await;
    let (status, answer) =
        post_from(&known, "198.51.100.7", "/api/checkout", on_delivery(details("kemi@example.com", "0802 333 4444"))).await;
    assert_eq!(status, 201, "{answer}");
    assert_eq!(answer["order"]["confirmation"], Value::Null);
}

#[actix_web::test]
async fn a_code_by_email_confirms_an_order_and_wrong_codes_run_out() {
    let app = shop().await;
    let admin = owner(&app).await;
    settings(&admin, json!({"guestCheckout": true, "podConfirmation": "email", "podConfirmHours": 12})).await;
    pay_on_delivery_in_lagos(&admin).await;
    let (status, placed) = place(&app, "198.51.100.1", "ada@example.com", "0803 555 0101").await;
    assert_eq!(status, 201, "{placed}");
    let number = placed["order"]["number"].as_str().unwrap().to_string();
    assert_eq!(placed["order"]["confirmation"]["channel"], "email");
    let mail = mail_to(&app, "ada@example.com", &format!("confirm order #{number} with code")).await;
    let code: String = mail[mail.find("is:\n\n").unwrap() + 5..].trim_start().chars().take(6).collect();
    assert!(mail.contains(&format!("/track?number={number}&code={code}")), "{mail}");
    assert!(mail.contains("cancelled after 12 hours"), "{mail}");
    let confirmation = mail_to(&app, "ada@example.com", "please confirm it").await;
    assert!(confirmation.contains("confirm your order with the code"), "{confirmation}");

    let visitor = app.browser();
    let wrong = if code == "000000" { "111111" } else { "000000" };
    let (status, answer) = visitor.post_json("/api/orders/confirm", json!({"number": number, "code": wrong})).await;
    assert_eq!(status, 400, "{answer}");
    let (status, answer) = visitor.post_json("/api/orders/confirm", json!({"number": number.to_lowercase(), "code": code})).await;
    assert_eq!(status, 200, "{answer}");
    assert!(answer["confirmation"]["confirmedAt"].is_i64(), "{answer}");
    let id = placed["order"]["id"].as_str().unwrap();
    assert_eq!(admin.send_json(Method::PATCH, &format!("/api/admin/orders/{id}"), json!({"status": "processing"})).await.0, 200);

    // Five wrong codes end another order's code (the shop may still call).
    let (_, second) = place(&app, "198.51.100.2", "bola@example.com", "0805 222 3344").await;
    let number = second["order"]["number"].as_str().unwrap();
    let mail = mail_to(&app, "bola@example.com", &format!("confirm order #{number} with code")).await;
    let code: String = mail[mail.find("is:\n\n").unwrap() + 5..].trim_start().chars().take(6).collect();
    let wrong = if code == "000000" { "111111" } else { "000000" };
    for _ in 0..5 {
        assert_eq!(visitor.post_json("/api/orders/confirm", json!({"number": number, "code": wrong})).await.0, 400);
    }
    let (status, answer) = visitor.post_json("/api/orders/confirm", json!({"number": number, "code": code})).await;
    assert_eq!(status, 409, "{answer}");
}
