//! Checkout the way Nigerians pay: guests who buy without an account, bank transfers and
//! USSD that complete by webhook with the browser long gone, and pay on delivery.

use std::time::Duration;

use reqwest::Method;
use serde_json::{Value, json};

use crate::common::{Browser, TestApp, product, product_with, spawn_with};

fn details(email: &str) -> Value {
    json!({
        "customer": { "name": "Ada Obi", "email": email, "phone": "+234 803 555 0101" },
        "address": { "street": "12 Marina Road", "city": "Lagos", "state": "Lagos", "country": "Nigeria", "postalCode": "101001" },
    })
}

async fn shop() -> TestApp {
    let app = spawn_with(|c| {
        c.no_demo = true;
        c.signups_per_hour = 1_000;
        c.checkouts_per_address = 1_000;
        c.sandbox_transfer_delay_ms = 600;
        c.reconcile_secs = 1;
    })
    .await;
    app.add_product("oxford", product_with("Oxford Cap-Toe", "formal-shoes", 4_500_000, "Oxfords", &["41", "42"], &["Black"]));
    app.add_product("chrono", product("Chronograph Steel", "wristwatches", 12_000_050));
    app
}

async fn owner(app: &TestApp) -> Browser {
    app.admin_browser("owner@example.com").await
}

async fn settings(owner: &Browser, change: Value) {
    let (status, reply) = owner.send_json(Method::PATCH, "/api/admin/settings", change).await;
    assert_eq!(status, 200, "{reply}");
}

async fn wait_until(what: &str, mut check: impl FnMut() -> bool) {
    for _ in 0..600 {
        if check() {
            return;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    panic!("timed out waiting until {what}");
}

async fn pay(browser: &Browser, access_code: &str, outcome: &str) -> (u16, Value) {
    browser.post_json(&format!("/api/sandbox/checkout/{access_code}"), json!({ "outcome": outcome })).await
}

#[actix_web::test]
async fn a_guest_buys_without_an_account_and_may_keep_the_details_as_one() {
    let app = shop().await;
    let visitor = app.browser();
    // The seed's rule stands until the merchant opens the shop to guests.
    assert_eq!(visitor.post_json("/api/bag", json!({"productId": "chrono"})).await.0, 401);
    let (_, session) = visitor.get_json("/api/session").await;
    assert_eq!((&session["guestCheckout"], &session["guest"]), (&json!(false), &json!(false)));
    settings(&owner(&app).await, json!({"guestCheckout": true})).await;

    let (status, bag) = visitor.post_json("/api/bag", json!({"productId": "chrono"})).await;
    assert_eq!(status, 200, "{bag}");
    assert_eq!(bag["count"], 1);
    let (_, session) = visitor.get_json("/api/session").await;
    assert_eq!((&session["guest"], &session["counts"]["bag"], &session["user"]), (&json!(true), &json!(1), &Value::Null));
    let (_, form) = visitor.get_json("/api/checkout").await;
    assert_eq!(form["customer"]["email"], "", "nothing of the guest row is offered");
    let (status, started) = visitor.post_json("/api/checkout", details("guest@example.com")).await;
    assert_eq!(status, 201, "{started}");
    pay(&visitor, started["accessCode"].as_str().unwrap(), "success").await;
    let (_, verified) = visitor.post_json("/api/payments/verify", json!({"reference": started["reference"]})).await;
    assert_eq!(verified["data"]["success"], true, "{verified}");
    let number = verified["data"]["order"]["number"].as_str().unwrap().to_string();
    // The tracking page finds it by number and e-mail; My Orders is for accounts.
    let (status, tracked) = app.browser().get_json(&format!("/api/orders/track?number={number}&email=GUEST@example.com")).await;
    assert_eq!((status, &tracked["order"]["number"]), (200, &json!(number)), "{tracked}");
    assert_eq!(visitor.get_json("/api/orders").await.0, 401);
    // One tap keeps the details as an account: signed in, the order in My Orders.
    let (status, kept) = visitor.post_json("/api/auth/keep-account", json!({"password": "secret1", "confirmPassword": "secret2"})).await;
    assert_eq!((status, kept["message"].as_str().unwrap()), (400, "Passwords do not match."));
    let (status, kept) = visitor.post_json("/api/auth/keep-account", json!({"password": "secret1", "confirmPassword": "secret1"})).await;
    assert_eq!(status, 200, "{kept}");
    assert_eq!(
        (&kept["user"]["email"], &kept["user"]["displayName"], &kept["guest"]),
        (&json!("guest@example.com"), &json!("Ada Obi"), &json!(false))
    );
    let (_, mine) = visitor.get_json("/api/orders").await;
    assert_eq!(mine["orders"][0]["number"], number.as_str());
    // The account signs in like any other.
    assert_eq!(app.browser().login("guest@example.com", "secret1").await.0, 200);
}

#[actix_web::test]
async fn a_guest_bag_joins_the_account_on_login_and_guest_orders_join_by_a_mailed_link() {
    let app = shop().await;
    settings(&owner(&app).await, json!({"guestCheckout": true})).await;
    let ada = app.browser();
    ada.signup("Ada Obi", "ada@example.com", "secret1").await;
    ada.post_json("/api/bag", json!({"productId": "oxford", "size": "42", "color": "Black"})).await;
    ada.post_json("/api/auth/logout", json!({})).await;
    // As a guest Ada buys a watch with her e-mail, and puts another pair in the bag.
    ada.post_json("/api/bag", json!({"productId": "chrono"})).await;
    let (_, started) = ada.post_json("/api/checkout", details("ada@example.com")).await;
    pay(&ada, started["accessCode"].as_str().unwrap(), "success").await;
    ada.post_json("/api/payments/verify", json!({"reference": started["reference"]})).await;
    let (status, bag) = ada.post_json("/api/bag", json!({"productId": "oxford", "size": "41", "color": "Black"})).await;
    assert_eq!(status, 200, "{bag}");
    // Signing in: the guest bag joins hers; the guest order waits for the link mailed to her.
    let (status, session) = ada.login("ada@example.com", "secret1").await;
    assert_eq!(status, 200, "{session}");
    assert_eq!(session["counts"]["bag"], 2, "42 from before and 41 from the guest bag");
    assert!(ada.get_json("/api/orders").await.1["orders"].as_array().unwrap().is_empty());
    crate::payments::wait_for_mail(&app, |m| m.contains("add your earlier orders")).await;
    let mail = app.last_mail();
    let mail = if mail.contains("claim=") {
        mail
    } else {
        std::fs::read_dir(app.dir.path().join("outbox"))
            .unwrap()
            .filter_map(|e| std::fs::read_to_string(e.unwrap().path()).ok())
            .find(|m| m.contains("claim="))
            .unwrap()
    };
    let token: String = mail[mail.find("claim=").unwrap() + 6..].chars().take_while(|c| !c.is_whitespace()).collect();
    // The token is hers alone.
    let mallory = app.browser();
    mallory.signup("Mallory", "mallory@example.com", "secret1").await;
    assert_eq!(mallory.post_json("/api/orders/claim", json!({"token": token})).await.0, 400);
    let (status, mine) = ada.post_json("/api/orders/claim", json!({"token": token})).await;
    assert_eq!(status, 200, "{mine}");
    assert_eq!(mine["orders"].as_array().unwrap().len(), 1);
}

#[actix_web::test]
async fn a_transfer_completes_by_webhook_with_the_browser_closed_and_holds_wait_for_it() {
    let app = shop().await;
    app.sql("UPDATE variants SET stock = 1 WHERE product_id = 'chrono'");
    let ada = app.browser();
    ada.signup("Ada Obi", "ada@example.com", "secret1").await;
    ada.post_json("/api/bag", json!({"productId": "chrono"})).await;
    let (_, started) = ada.post_json("/api/checkout", details("ada@example.com")).await;
    let reference = started["reference"].as_str().unwrap().to_string();
    // The pop-up offers what the merchant chose.
    let (_, shown) = app.browser().get_json(&format!("/api/sandbox/checkout/{}", started["accessCode"].as_str().unwrap())).await;
    assert_eq!(shown["channels"], json!(["card", "bank", "ussd", "bank_transfer"]));
    let (status, sent) = pay(&ada, started["accessCode"].as_str().unwrap(), "transfer").await;
    assert_eq!((status, &sent["status"]), (200, &json!("pending")), "{sent}");
    let (_, verified) = ada.post_json("/api/payments/verify", json!({"reference": reference})).await;
    assert_eq!(
        (&verified["data"]["success"], &verified["data"]["message"], &verified["data"]["channel"]),
        (&json!(false), &json!("We're waiting for your transfer. We'll e-mail you when it arrives."), &json!("bank_transfer"))
    );
    // Its hold lasts the transfer's time (60 minutes from the start), not the card's.
    let held_until = app.query_i64(&format!("SELECT expires_at - created_at FROM payments WHERE reference = '{reference}'"));
    assert_eq!(held_until, 60 * 60_000);
    // The browser is closed; the money lands and the webhook makes exactly one order.
    wait_until("the transfer's order exists", || app.query_i64("SELECT COUNT(*) FROM orders") == 1).await;
    tokio::time::sleep(Duration::from_millis(1_500)).await;
    assert_eq!(app.query_i64("SELECT COUNT(*) FROM orders"), 1);
    assert_eq!(app.query_i64("SELECT COUNT(*) FROM orders WHERE payment_channel = 'bank_transfer' AND oversold = 0"), 1);
    assert_eq!(app.query_i64("SELECT stock FROM variants WHERE product_id = 'chrono'"), 0);
    assert_eq!(app.query_i64("SELECT COUNT(*) FROM reservations"), 0);
}

/// Fifty shoppers race for the last watch and pay by transfer: one holds it and gets it; the rest
/// never held it. Then a transfer whose time ran out before its money came: its unit went to
/// someone else meanwhile, and the late money still makes an order, flagged oversold for the admin.
#[actix_web::test]
async fn fifty_racing_transfers_for_the_last_unit_make_one_order_and_late_money_is_never_lost() {
    let app = shop().await;
    app.sql("UPDATE variants SET stock = 1 WHERE product_id = 'chrono'");
    let mut shoppers = Vec::new();
    for n in 0..50 {
        let browser = app.browser();
        browser.signup("Racer", &format!("racer{n}@example.com"), "secret1").await;
        browser.post_json("/api/bag", json!({"productId": "chrono"})).await;
        shoppers.push(browser);
    }
    let starts = shoppers
        .iter()
        .enumerate()
        .map(|(n, b)| async move { b.post_json("/api/checkout", details(&format!("racer{n}@example.com"))).await });
    let results = futures_util::future::join_all(starts).await;
    let winners: Vec<&Value> = results.iter().filter(|(s, _)| *s == 201).map(|(_, v)| v).collect();
    assert_eq!(winners.len(), 1, "one shopper holds the last unit");
    assert!(results.iter().filter(|(s, _)| *s != 201).all(|(s, v)| *s == 409 && v["message"].as_str().unwrap().contains("sold out")));
    let winner = winners[0];
    pay(&app.browser(), winner["accessCode"].as_str().unwrap(), "transfer").await;
    wait_until("the winner's order exists", || app.query_i64("SELECT COUNT(*) FROM orders") == 1).await;
    assert_eq!(app.query_i64("SELECT COUNT(*) FROM orders WHERE oversold = 1"), 0);

    // A late transfer: its hold's time runs out (the window passed) before the money lands.
    app.sql("UPDATE variants SET stock = 1 WHERE product_id = 'chrono'");
    app.state.catalogue.changed_elsewhere();
    let (slow, fast) = (&shoppers[0], &shoppers[1]);
    slow.post_json("/api/bag", json!({"productId": "chrono"})).await;
    let (_, late) = slow.post_json("/api/checkout", details("racer0@example.com")).await;
    let late_ref = late["reference"].as_str().unwrap().to_string();
    app.sql(&format!("UPDATE sandbox_transactions SET status = 'pending', channel = 'bank_transfer' WHERE reference = '{late_ref}'"));
    app.sql(&format!(
        "UPDATE payments SET created_at = created_at - 7200000, expires_at = expires_at - 7200000 WHERE reference = '{late_ref}'"
    ));
    wait_until("the late transfer's hold is released", || app.query_i64("SELECT COUNT(*) FROM reservations") == 0).await;
    fast.post_json("/api/bag", json!({"productId": "chrono"})).await;
    let (status, bought) = fast.post_json("/api/checkout", details("racer1@example.com")).await;
    assert_eq!(status, 201, "{bought}");
    pay(fast, bought["accessCode"].as_str().unwrap(), "success").await;
    fast.post_json("/api/payments/verify", json!({"reference": bought["reference"]})).await;
    // Now the late money lands: an order all the same, flagged for the merchant.
    app.sql(&format!("UPDATE sandbox_transactions SET status = 'success', paid_at = 1 WHERE reference = '{late_ref}'"));
    let (_, verified) = slow.post_json("/api/payments/verify", json!({"reference": late_ref})).await;
    assert_eq!(verified["data"]["success"], true, "{verified}");
    assert_eq!(verified["data"]["order"]["oversold"], true);
    assert_eq!(app.query_i64("SELECT COUNT(*) FROM orders"), 3);
    assert_eq!(app.query_i64("SELECT COUNT(*) FROM payments WHERE status = 'completed'"), 3, "no money lost");
}

async fn zones_with_pay_on_delivery(owner: &Browser, max_total: &str) {
    let body = json!({
        "zones": [{"name": "Lagos", "fee": "2500", "estimate": "1–2 working days", "freeOver": "", "states": ["Lagos"],
                   "payOnDelivery": {"enabled": true, "maxTotal": max_total}}],
        "pickup": {"enabled": false}
    });
    let (status, saved) = owner.send_json(Method::PUT, "/api/admin/delivery", body).await;
    assert_eq!(status, 200, "{saved}");
    assert_eq!(saved["zones"][0]["payOnDelivery"], json!({"enabled": true, "maxTotal": crate_naira(max_total)}));
}

fn crate_naira(text: &str) -> i64 {
    text.parse::<i64>().unwrap() * 100
}

#[actix_web::test]
async fn pay_on_delivery_takes_stock_at_once_and_is_collected_or_refused() {
    let app = shop().await;
    let admin = owner(&app).await;
    let (_, before) = admin.get_json("/api/delivery").await;
    assert_eq!(before["zones"][0]["payOnDelivery"]["enabled"], false, "off until the merchant allows it");
    zones_with_pay_on_delivery(&admin, "150000").await;
    let (status, code) =
        admin.post_json("/api/admin/discounts", json!({"code": "ONCE", "kind": "fixed", "amount": "1000", "maxUses": 1})).await;
    assert_eq!(status, 201, "{code}");
    let ada = app.browser();
    ada.signup("Ada Obi", "ada@example.com", "secret1").await;
    ada.post_json("/api/bag", json!({"productId": "oxford", "size": "42", "color": "Black"})).await;
    let (_, quote) = ada.post_json("/api/checkout/quote", json!({"state": "Lagos", "code": "ONCE"})).await;
    assert_eq!(quote["payOnDelivery"], json!({"offered": true, "reason": null}));
    let stock_before = app.query_i64("SELECT stock FROM variants WHERE product_id = 'oxford' AND size = '42'");
    let mut body = details("ada@example.com");
    body["paymentMethod"] = json!("pay_on_delivery");
    body["code"] = json!("ONCE");
    let (status, placed) = ada.post_json("/api/checkout", body.clone()).await;
    assert_eq!(status, 201, "{placed}");
    let order = &placed["order"];
    assert_eq!(
        (&order["status"], &order["paymentMethod"], &order["toCollect"]),
        (&json!("placed"), &json!("pay_on_delivery"), &json!(4_500_000 + 250_000 - 100_000))
    );
    assert_eq!(
        app.query_i64("SELECT stock FROM variants WHERE product_id = 'oxford' AND size = '42'"),
        stock_before - 1,
        "stock taken at once"
    );
    assert_eq!(app.query_i64("SELECT COUNT(*) FROM discount_uses WHERE code = 'ONCE' AND status = 'used'"), 1);
    assert_eq!(ada.get_json("/api/bag").await.1["count"], 0);
    crate::payments::wait_for_mail(&app, |m| m.contains(order["number"].as_str().unwrap())).await;
    // A second one with the same e-mail waits until the first is paid (the merchant's limit of 1).
    ada.post_json("/api/bag", json!({"productId": "oxford", "size": "41", "color": "Black"})).await;
    let (_, quote) = ada.post_json("/api/checkout/quote", json!({"state": "Lagos"})).await;
    assert_eq!(quote["payOnDelivery"]["offered"], false);
    body["code"] = Value::Null;
    let (status, refused) = ada.post_json("/api/checkout", body.clone()).await;
    assert_eq!(
        (status, refused["message"].as_str().unwrap()),
        (400, "You already have an order to pay on delivery. Pay for it first, or choose Pay now.")
    );
    // Over the zone's maximum, it is not offered either.
    zones_with_pay_on_delivery(&admin, "10000").await;
    let bola = app.browser();
    bola.signup("Bola", "bola@example.com", "secret1").await;
    bola.post_json("/api/bag", json!({"productId": "chrono"})).await;
    let (_, quote) = bola.post_json("/api/checkout/quote", json!({"state": "Lagos"})).await;
    assert_eq!(quote["payOnDelivery"], json!({"offered": false, "reason": "Pay on delivery is for orders up to ₦10,000.00."}));

    // Collecting moves the dashboard's revenue; refusing puts the units and the code's use back.
    let id = order["id"].as_str().unwrap();
    let (_, board) = admin.get_json("/api/admin/dashboard").await;
    assert_eq!((&board["today"]["revenue"], &board["toCollect"], &board["toCollectOrders"]), (&json!(0), &json!(4_650_000), &json!(1)));
    let (status, wrong) = admin.post_json(&format!("/api/admin/orders/{id}/collect"), json!({"amount": "1000", "method": "cash"})).await;
    assert_eq!((status, wrong["message"].as_str().unwrap()), (400, "The amount collected must be the order's total, ₦46,500.00."));
    let (status, collected) =
        admin.post_json(&format!("/api/admin/orders/{id}/collect"), json!({"amount": "46500", "method": "cash"})).await;
    assert_eq!(status, 200, "{collected}");
    assert_eq!((&collected["collectedBy"], &collected["toCollect"]), (&json!("cash"), &json!(0)));
    let (_, board) = admin.get_json("/api/admin/dashboard").await;
    assert_eq!((&board["today"]["revenue"], &board["toCollect"]), (&json!(4_650_000), &json!(0)));
    let (_, csv) = (0, admin.get(&format!("/api/admin/orders.csv?from={0}&to={0}", today())).await.text().await.unwrap());
    assert!(csv.lines().next().unwrap().ends_with("payment_method,collected_at,source,amount_paid,balance,currency,charged"), "{csv}");
    assert!(csv.contains(",pay_on_delivery,"), "{csv}");

    // A second order, refused at the door.
    zones_with_pay_on_delivery(&admin, "150000").await;
    let (status, second) = ada.post_json("/api/checkout", body).await;
    assert_eq!(status, 201, "{second}");
    let second_id = second["order"]["id"].as_str().unwrap();
    let stock = app.query_i64("SELECT stock FROM variants WHERE product_id = 'oxford' AND size = '41'");
    let (status, refused) = admin.post_json(&format!("/api/admin/orders/{second_id}/refuse"), json!({})).await;
    assert_eq!((status, &refused["status"]), (200, &json!("refused")), "{refused}");
    assert_eq!(app.query_i64("SELECT stock FROM variants WHERE product_id = 'oxford' AND size = '41'"), stock + 1);
    // Refusing again, or collecting a refused order, is refused.
    assert_eq!(admin.post_json(&format!("/api/admin/orders/{second_id}/refuse"), json!({})).await.0, 409);
    assert_eq!(
        admin.post_json(&format!("/api/admin/orders/{second_id}/collect"), json!({"amount": "45000", "method": "pos"})).await.0,
        409
    );
    // Customers cannot collect or refuse.
    assert_eq!(ada.post_json(&format!("/api/admin/orders/{id}/refuse"), json!({})).await.0, 403);
}

#[actix_web::test]
async fn a_refused_order_gives_its_code_use_back() {
    let app = shop().await;
    let admin = owner(&app).await;
    zones_with_pay_on_delivery(&admin, "150000").await;
    admin.post_json("/api/admin/discounts", json!({"code": "ONCE", "kind": "fixed", "amount": "1000", "maxUses": 1})).await;
    let ada = app.browser();
    ada.signup("Ada Obi", "ada@example.com", "secret1").await;
    ada.post_json("/api/bag", json!({"productId": "chrono"})).await;
    let mut body = details("ada@example.com");
    body["paymentMethod"] = json!("pay_on_delivery");
    body["code"] = json!("ONCE");
    let (_, placed) = ada.post_json("/api/checkout", body).await;
    let id = placed["order"]["id"].as_str().unwrap();
    admin.post_json(&format!("/api/admin/orders/{id}/refuse"), json!({})).await;
    assert_eq!(app.query_i64("SELECT COUNT(*) FROM discount_uses WHERE code = 'ONCE'"), 0, "the use is back");
}

fn today() -> String {
    let lagos = ankara::db::now_ms() + 3_600_000;
    ankara::util::iso8601(lagos)[..10].to_string()
}

/// Issue 34: most Nigerian addresses have no postal code in use, and riders find them by a
/// landmark; a returning guest and a customer find their details filled in.
#[actix_web::test]
async fn checkout_needs_no_postal_code_in_nigeria_and_carries_the_landmark_everywhere() {
    let app = shop().await;
    let admin = owner(&app).await;
    settings(&admin, json!({"guestCheckout": true})).await;
    let guest = app.browser();
    guest.post_json("/api/bag", json!({"productId": "chrono"})).await;
    let (_, form) = guest.get_json("/api/checkout").await;
    assert_eq!(form["postalCode"], "optional_in_nigeria", "the merchant's rule comes with the form");
    let mut body = details("guest@example.com");
    body["address"]["postalCode"] = json!("");
    body["address"]["landmark"] = json!("Opposite Shoprite, by the blue gate");
    body["note"] = json!("Call before delivery");
    // Outside Nigeria the country's own rules apply, and delivery abroad is off until the merchant
    // turns a zone on (issue 41).
    let mut abroad = body.clone();
    abroad["address"]["country"] = json!("Ghana");
    let (status, refused) = guest.post_json("/api/checkout", abroad).await;
    assert_eq!((status, refused["message"].as_str()), (400, Some("Sorry, we do not deliver to Ghana yet.")));
    let (status, started) = guest.post_json("/api/checkout", body.clone()).await;
    assert_eq!(status, 201, "{started}");
    pay(&guest, started["accessCode"].as_str().unwrap(), "success").await;
    let (_, verified) = guest.post_json("/api/payments/verify", json!({"reference": started["reference"]})).await;
    let order = &verified["data"]["order"];
    assert_eq!(
        (&order["deliveryAddress"]["landmark"], &order["deliveryAddress"]["postalCode"]),
        (&json!("Opposite Shoprite, by the blue gate"), &json!(""))
    );
    let (_, seen) = admin.get_json(&format!("/api/admin/orders/{}", order["id"].as_str().unwrap())).await;
    assert_eq!(seen["deliveryAddress"]["landmark"], "Opposite Shoprite, by the blue gate");
    let number = order["number"].as_str().unwrap();
    crate::payments::wait_for_mail(&app, |m| m.contains("To: guest@example.com") && m.contains(number)).await;
    crate::payments::wait_for_mail(&app, |m| {
        m.contains("To: guest@example.com")
            && m.contains("Landmark: Opposite Shoprite, by the blue gate")
            && m.contains("Note: Call before delivery")
    })
    .await;

    // Coming back, the guest finds her name, e-mail and phone (kept as E.164) as well as the address.
    guest.post_json("/api/bag", json!({"productId": "chrono"})).await;
    let (_, form) = guest.get_json("/api/checkout").await;
    assert_eq!(
        (&form["customer"]["name"], &form["customer"]["email"], &form["customer"]["phone"], &form["address"]["landmark"]),
        (&json!("Ada Obi"), &json!("guest@example.com"), &json!("+2348035550101"), &json!("Opposite Shoprite, by the blue gate"))
    );
    // The merchant may require the code everywhere.
    settings(&admin, json!({"postalCode": "required"})).await;
    let (status, refused) = guest.post_json("/api/checkout", body).await;
    assert_eq!((status, refused["message"].as_str()), (400, Some("Please fill in all delivery address fields")));

    // A customer's phone (which sign-up does not ask) comes from her last checkout.
    let ada = app.browser();
    ada.signup("Ada Obi", "ada@example.com", "secret1").await;
    ada.post_json("/api/bag", json!({"productId": "chrono"})).await;
    let (_, form) = ada.get_json("/api/checkout").await;
    assert_eq!(form["customer"]["phone"], "", "nothing to offer yet");
    let (status, _) = ada.post_json("/api/checkout", details("ada@example.com")).await;
    assert_eq!(status, 201);
    let (_, form) = ada.get_json("/api/checkout").await;
    assert_eq!((&form["customer"]["name"], &form["customer"]["phone"]), (&json!("Ada Obi"), &json!("+2348035550101")));
}

#[actix_web::test]
async fn a_guest_paying_by_transfer_may_keep_the_details_before_the_money_arrives() {
    let app = shop().await;
    settings(&owner(&app).await, json!({"guestCheckout": true})).await;
    let guest = app.browser();
    guest.post_json("/api/bag", json!({"productId": "chrono"})).await;
    let (_, started) = guest.post_json("/api/checkout", details("transfer@example.com")).await;
    pay(&guest, started["accessCode"].as_str().unwrap(), "transfer").await;
    let (_, verified) = guest.post_json("/api/payments/verify", json!({"reference": started["reference"]})).await;
    assert_eq!(verified["data"]["channel"], "bank_transfer", "{verified}");
    let (status, kept) = guest.post_json("/api/auth/keep-account", json!({"password": "secret1", "confirmPassword": "secret1"})).await;
    assert_eq!(status, 200, "{kept}");
    assert_eq!((&kept["user"]["email"], &kept["user"]["displayName"]), (&json!("transfer@example.com"), &json!("Ada Obi")));
    // The money lands: the order is in her My Orders.
    wait_until("the transfer's order exists", || app.query_i64("SELECT COUNT(*) FROM orders") == 1).await;
    let (_, mine) = guest.get_json("/api/orders").await;
    assert_eq!(mine["orders"].as_array().unwrap().len(), 1, "{mine}");
}
