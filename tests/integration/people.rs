//! People using the shop (issue 34): what a packer's answers carry, phones stored and found in one
//! form, staff invited by e-mail, the customers list without the shop's own people, orders found
//! by number, name, e-mail or phone, the shop's own rider, and a page waiting on a transfer.

use std::time::Duration;

use reqwest::Method;
use serde_json::{Value, json};

use crate::common::{Browser, TestApp, product_with, spawn_with};

/// Oxford (sizes 41 and 42, Black) at ₦45,000.
const OXFORD: i64 = 4_500_000;

async fn shop() -> TestApp {
    let app = spawn_with(|c| {
        c.no_demo = true;
        c.signups_per_hour = 1_000;
        c.checkouts_per_address = 1_000;
        c.sandbox_transfer_delay_ms = 400;
        c.reconcile_secs = 1;
    })
    .await;
    app.add_product("oxford", product_with("Oxford Cap-Toe", "formal-shoes", OXFORD, "Oxfords", &["41", "42"], &["Black"]));
    app.sql("UPDATE variants SET stock = 20 WHERE product_id = 'oxford'");
    app
}

fn details(email: &str, phone: &str) -> Value {
    json!({
        "customer": { "name": "Ada Obi", "email": email, "phone": phone },
        "address": { "street": "12 Marina Road", "city": "Lagos", "state": "Lagos", "country": "Nigeria", "postalCode": "101001" },
    })
}

/// A customer buys an Oxford by card through the sandbox; returns the order.
async fn bought(app: &TestApp, email: &str, phone: &str) -> Value {
    let shopper = app.browser();
    shopper.signup("Ada Obi", email, "secret1").await;
    let (status, bag) = shopper.post_json("/api/bag", json!({"productId": "oxford", "size": "42", "color": "Black"})).await;
    assert_eq!(status, 200, "{bag}");
    let (status, started) = shopper.post_json("/api/checkout", details(email, phone)).await;
    assert_eq!(status, 201, "{started}");
    let code = started["accessCode"].as_str().unwrap();
    assert_eq!(shopper.post_json(&format!("/api/sandbox/checkout/{code}"), json!({"outcome": "success"})).await.0, 200);
    let (_, verified) = shopper.post_json("/api/payments/verify", json!({"reference": started["reference"]})).await;
    assert_eq!(verified["data"]["success"], true, "{verified}");
    verified["data"]["order"].clone()
}

/// A chat order for Chioma (phone typed as people type it, no e-mail), with a pay link.
async fn chat_order(owner: &Browser, phone: &str) -> Value {
    let (status, made) = owner
        .post_json(
            "/api/admin/orders",
            json!({
                "customer": {"name": "Chioma Eze", "phone": phone},
                "lines": [{"productId": "oxford", "size": "42", "color": "Black", "quantity": 1}],
                "delivery": {"fee": "2500", "address": {"street": "4 Allen Avenue", "city": "Ikeja", "state": "Lagos", "country": "Nigeria"}},
            }),
        )
        .await;
    assert_eq!(status, 201, "{made}");
    made
}

/// Every key of a JSON answer, at any depth (but the orders list's count per status, whose keys
/// are statuses such as "paid").
fn keys(value: &Value, out: &mut Vec<String>) {
    match value {
        Value::Object(map) => {
            for (k, v) in map {
                out.push(k.clone());
                if k != "counts" {
                    keys(v, out);
                }
            }
        }
        Value::Array(items) => items.iter().for_each(|v| keys(v, out)),
        _ => {}
    }
}

/// What a packer's answers must never carry: money, the customer's e-mail and account, pay links.
const MONEY_AND_CUSTOMERS: &[&str] = &[
    "price",
    "compareAtPrice",
    "totalAmount",
    "subtotal",
    "deliveryFee",
    "discount",
    "discountCode",
    "discountReason",
    "paid",
    "paidOnline",
    "balance",
    "toCollect",
    "collectedAmount",
    "refundable",
    "refunded",
    "refundPending",
    "refunds",
    "payLinks",
    "paymentReference",
    "paymentMethod",
    "customerEmail",
    "userId",
    "restockable",
];

fn assert_nothing_forbidden(what: &str, answer: &Value, secrets: &[&str]) {
    let mut found = Vec::new();
    keys(answer, &mut found);
    for key in MONEY_AND_CUSTOMERS {
        assert!(!found.iter().any(|k| k == key), "{what} gives a packer `{key}`: {answer}");
    }
    let text = answer.to_string();
    for secret in secrets {
        assert!(!text.contains(secret), "{what} gives a packer {secret}: {answer}");
    }
}

#[actix_web::test]
async fn every_answer_a_packer_can_reach_carries_no_money_and_no_customer_but_what_shipping_needs() {
    let app = shop().await;
    let owner = app.admin_browser("owner@example.com").await;
    let order = bought(&app, "ada@example.com", "0803 123 4567").await;
    let made = chat_order(&owner, "0805 222 3344").await;
    let link = made["payLink"].as_str().unwrap().rsplit('/').next().unwrap().to_string();
    let (id, chat_id) = (order["id"].as_str().unwrap().to_string(), made["order"]["id"].as_str().unwrap().to_string());
    let reference = order["paymentReference"].as_str().unwrap().to_string();
    // A refund, so there is one to hide.
    let (status, refunded) = owner
        .post_json(&format!("/api/admin/orders/{id}/refunds"), json!({"amount": "1000.00", "reason": "Scuffed box", "restock": []}))
        .await;
    assert_eq!(status, 201, "{refunded}");
    let secrets = ["ada@example.com", reference.as_str(), link.as_str(), "Scuffed box"];
    // Booked with the courier, so its shipment and label are there to read (the unpaid chat
    // order has none: its label is refused).
    crate::couriers::publish_shop_address(&owner).await;
    let (status, booked) = owner.post_json(&format!("/api/admin/orders/{id}/shipment"), Value::Null).await;
    assert_eq!(status, 200, "{booked}");

    let packer = app.staff("packer@example.com", "packer").await;
    // Every GET the access table gives a packer, with real ids.
    for rule in ankara::access::RULES.iter().filter(|r| r.method == "GET" && r.roles.contains(&ankara::auth::Role::Packer)) {
        for target in [&id, &chat_id] {
            let path = rule.path.replace("{id}", target);
            let path = if path.ends_with("pick-list") { format!("{path}?orders={id},{chat_id}") } else { path };
            let (status, answer) = packer.get_json(&path).await;
            if path.ends_with("/label") && target == &chat_id {
                assert_eq!(status, 409, "{path}: {answer}");
                continue;
            }
            assert_eq!(status, 200, "{path}: {answer}");
            assert_nothing_forbidden(&path, &answer, &secrets);
        }
    }
    // And the writes it may make, which answer the order.
    let (status, moved) = packer.send_json(Method::PATCH, &format!("/api/admin/orders/{id}"), json!({"status": "processing"})).await;
    assert_eq!(status, 200, "{moved}");
    assert_nothing_forbidden("PATCH", &moved, &secrets);
    let (status, noted) = packer.send_json(Method::PUT, &format!("/api/admin/orders/{id}/note"), json!({"note": "Blue box"})).await;
    assert_eq!(status, 200, "{noted}");
    assert_nothing_forbidden("PUT note", &noted, &secrets);

    // What packing and shipping need is all there.
    let (_, one) = packer.get_json(&format!("/api/admin/orders/{id}")).await;
    assert_eq!(one["view"], "packing", "{one}");
    assert_eq!((&one["customerName"], &one["customerPhone"]), (&json!("Ada Obi"), &json!("+2348031234567")));
    assert_eq!(one["deliveryAddress"]["street"], "12 Marina Road");
    assert_eq!(
        (&one["items"][0]["size"], &one["items"][0]["color"], &one["items"][0]["quantity"]),
        (&json!("42"), &json!("Black"), &json!(1))
    );
    assert_eq!(one["internalNote"], "Blue box");
    assert_eq!(one["nextStatuses"], json!(["shipped"]), "no cancelling: it decides about money");
    let (_, list) = packer.get_json("/api/admin/orders").await;
    assert_eq!(list["orders"].as_array().unwrap().len(), 2, "{list}");
    // A packer cannot search by e-mail either (it would tell whose orders they are).
    let (_, by_email) = packer.get_json("/api/admin/orders?q=ada%40example.com").await;
    assert_eq!(by_email["total"], 0, "{by_email}");

    // The owner sees the whole order, money and customer.
    let (_, whole) = owner.get_json(&format!("/api/admin/orders/{id}")).await;
    assert_eq!((&whole["view"], &whole["customerEmail"]), (&json!("full"), &json!("ada@example.com")), "{whole}");
    assert!(whole["refunds"].as_array().is_some_and(|r| r.len() == 1) && whole["payLinks"].is_array(), "{whole}");
    assert_eq!(whole["nextStatuses"], json!(["shipped", "cancelled"]));
    let (_, owners) = owner.get_json("/api/admin/orders").await;
    assert_eq!(owners["orders"][0]["view"], "full");
    assert!(owners["orders"].as_array().unwrap().iter().all(|o| o.get("totalAmount").is_some()));
    // Cancelling stays refused to the packer, as before.
    let (status, _) = packer.send_json(Method::PATCH, &format!("/api/admin/orders/{chat_id}"), json!({"status": "cancelled"})).await;
    assert_eq!(status, 403);
}

#[actix_web::test]
async fn the_session_says_which_endpoints_a_role_may_call_so_screens_offer_only_those() {
    let app = shop().await;
    let packer = app.staff("packer@example.com", "packer").await;
    let (_, session) = packer.get_json("/api/session").await;
    let access: Vec<String> = serde_json::from_value(session["user"]["access"].clone()).unwrap();
    assert!(access.contains(&"GET /api/admin/stock".to_string()), "{access:?}");
    assert!(access.contains(&"PATCH /api/admin/orders/{id}".to_string()));
    for forbidden in
        ["GET /api/admin/stock.csv", "PATCH /api/admin/variants/{id}", "POST /api/admin/orders/{id}/refunds", "GET /api/admin/dashboard"]
    {
        assert!(!access.contains(&forbidden.to_string()), "{forbidden} offered to a packer");
    }
    let manager = app.staff("manager@example.com", "manager").await;
    let (_, session) = manager.get_json("/api/session").await;
    let access: Vec<String> = serde_json::from_value(session["user"]["access"].clone()).unwrap();
    assert!(access.contains(&"GET /api/admin/dashboard".to_string()));
    assert!(!access.contains(&"GET /api/admin/settings".to_string()) && !access.contains(&"POST /api/admin/grant".to_string()));
    let customer = app.browser();
    let session = customer.signup("Ada", "ada@example.com", "secret1").await;
    assert_eq!(session["user"]["access"], json!([]));
}

#[actix_web::test]
async fn phones_are_kept_as_e164_and_found_however_they_are_typed() {
    let app = shop().await;
    let owner = app.admin_browser("owner@example.com").await;
    let order = bought(&app, "ada@example.com", "0803 123 4567").await;
    assert_eq!(order["customerPhone"], "+2348031234567");
    let made = chat_order(&owner, "0805 222 3344").await;
    assert_eq!(made["order"]["customerPhone"], "+2348052223344");

    for typed in ["0803 123 4567", "08031234567", "+2348031234567", "2348031234567", "+234 803 123 4567"] {
        let q = typed.replace(' ', "%20").replace('+', "%2B");
        let (status, found) = owner.get_json(&format!("/api/admin/customers?q={q}")).await;
        assert_eq!((status, &found["total"]), (200, &json!(1)), "customers by {typed}: {found}");
        assert_eq!(found["customers"][0]["name"], "Ada Obi");
        let (_, orders) = owner.get_json(&format!("/api/admin/orders?q={q}")).await;
        assert_eq!(orders["total"], 1, "orders by {typed}: {orders}");
        assert_eq!(orders["orders"][0]["number"], order["number"]);
    }
    let (_, chioma) = owner.get_json("/api/admin/customers?q=0805%20222%203344").await;
    assert_eq!(chioma["customers"][0]["name"], "Chioma Eze", "{chioma}");
    // The orders list finds by number (whole or its start), name and e-mail too.
    let number = order["number"].as_str().unwrap();
    for q in [number.to_string(), number.to_lowercase()[..4].to_string(), "ada obi".into(), "ADA@EXAMPLE".into()] {
        let (_, found) = owner.get_json(&format!("/api/admin/orders?q={}", q.replace(' ', "%20"))).await;
        assert!(found["orders"].as_array().unwrap().iter().any(|o| o["number"] == number), "orders by {q}: {found}");
    }
    let (_, nothing) = owner.get_json("/api/admin/orders?q=nobody").await;
    assert_eq!(nothing["total"], 0);

    // The account's phone, and what cannot be a phone.
    let ada = app.browser();
    ada.signup("Bola", "bola@example.com", "secret1").await;
    let form = reqwest::multipart::Form::new().text("displayName", "Bola").text("phoneNumber", "0706-555-0100");
    let view: Value = ada.client.patch(ada.url("/api/account")).multipart(form).send().await.unwrap().json().await.unwrap();
    assert_eq!(view["user"]["phoneNumber"], "+2347065550100");
    let form = reqwest::multipart::Form::new().text("displayName", "Bola").text("phoneNumber", "0706 555 010");
    let res = ada.client.patch(ada.url("/api/account")).multipart(form).send().await.unwrap();
    assert_eq!(res.status(), 400);
    let refused: Value = res.json().await.unwrap();
    assert_eq!(refused["message"], "A Nigerian mobile number has 11 digits, e.g. 0803 123 4567.");
    let (status, refused) = ada.post_json("/api/checkout", details("bola@example.com", "0803 CALL ME")).await;
    assert_eq!((status, refused["message"].as_str()), (400, Some("A phone number has only digits, spaces and +, e.g. 0803 123 4567.")));
}

#[actix_web::test]
async fn the_customers_list_and_its_spreadsheet_leave_out_staff_and_demo_reviewers_and_keep_phones_as_text() {
    let app = spawn_with(|c| c.signups_per_hour = 1_000).await;
    let owner = app.admin_browser("owner@example.com").await;
    app.staff("packer@example.com", "packer").await;
    let ada = app.browser();
    ada.signup("Ada Obi", "ada@example.com", "secret1").await;
    let form = reqwest::multipart::Form::new().text("displayName", "Ada Obi").text("phoneNumber", "0803 123 4567");
    assert_eq!(ada.client.patch(ada.url("/api/account")).multipart(form).send().await.unwrap().status(), 200);
    app.sql("UPDATE users SET phone = '+442079460958' WHERE email = 'owner@example.com'");

    let (_, page) = owner.get_json("/api/admin/customers").await;
    let emails: Vec<&str> = page["customers"].as_array().unwrap().iter().map(|c| c["email"].as_str().unwrap()).collect();
    assert_eq!(emails, ["ada@example.com"], "no staff, no demo reviewers: {page}");
    assert!(app.query_i64("SELECT COUNT(*) FROM users WHERE email LIKE '%@demo.invalid'") > 0, "the demo has reviewers");

    let csv = owner.get("/api/admin/customers.csv").await.text().await.unwrap();
    let row = csv.lines().nth(1).unwrap();
    assert!(row.starts_with("Ada Obi,ada@example.com,0803 123 4567,yes,"), "the phone as Nigerians write it, no quote: {csv}");
    // A number of another country would be a formula (+…): it keeps the guard.
    app.sql("UPDATE users SET role = NULL WHERE email = 'packer@example.com'");
    app.sql("UPDATE users SET phone = '+442079460958' WHERE email = 'packer@example.com'");
    let csv = owner.get("/api/admin/customers.csv").await.text().await.unwrap();
    assert!(csv.contains(",'+442079460958,"), "{csv}");
}

#[actix_web::test]
async fn the_customers_spreadsheet_writes_lagos_times() {
    let app = shop().await;
    let owner = app.admin_browser("owner@example.com").await;
    let order = bought(&app, "ada@example.com", "0803 123 4567").await;
    // 07:05 UTC is 08:05 in Lagos.
    app.sql(&format!("UPDATE orders SET created_at = 1795331109123 WHERE id = '{}'", order["id"].as_str().unwrap()));
    let csv = owner.get("/api/admin/customers.csv").await.text().await.unwrap();
    assert!(csv.contains(",2026-11-22 08:05\r\n"), "{csv}");
}

#[actix_web::test]
async fn an_owner_invites_staff_by_email_and_they_join_with_a_name_and_password_only() {
    let app = shop().await;
    let owner = app.admin_browser("owner@example.com").await;
    // An account that exists gets the role at once, said as what was granted.
    let bola = app.browser();
    bola.signup("Bola", "bola@example.com", "secret1").await;
    let (status, said) = owner.post_json("/api/admin/grant", json!({"email": "bola@example.com", "role": "manager"})).await;
    assert_eq!((status, said["message"].as_str()), (200, Some("Success! bola@example.com is now a manager.")));

    // Someone without an account is invited.
    let (status, said) = owner.post_json("/api/admin/grant", json!({"email": "Tolu@Example.com", "role": "packer"})).await;
    assert_eq!(status, 200, "{said}");
    assert_eq!(said["message"], "tolu@example.com has no account yet: we e-mailed them an invitation to join as a packer.");
    crate::payments::wait_for_mail(&app, |m| m.contains("/join?token=")).await;
    let mail = app.last_mail();
    assert!(mail.contains("as a packer (packing and shipping orders)"), "{mail}");
    let token: String = mail[mail.find("token=").unwrap() + 6..].chars().take_while(|c| c.is_ascii_alphanumeric()).collect();
    let (_, staff_page) = owner.get_json("/api/admin/staff").await;
    assert_eq!(staff_page["invites"][0]["email"], "tolu@example.com", "{staff_page}");

    let tolu = app.browser();
    let (status, seen) = tolu.get_json(&format!("/api/auth/invite?token={token}")).await;
    assert_eq!((status, &seen["email"], &seen["role"]), (200, &json!("tolu@example.com"), &json!("packer")), "{seen}");
    let (status, refused) = tolu
        .post_json("/api/auth/invite", json!({"token": token, "displayName": "Tolu", "password": "secret1", "confirmPassword": "secret2"}))
        .await;
    assert_eq!((status, refused["message"].as_str()), (400, Some("Passwords do not match.")));
    let (status, joined) = tolu
        .post_json(
            "/api/auth/invite",
            json!({"token": token, "displayName": "Tolu Ade", "password": "secret1", "confirmPassword": "secret1"}),
        )
        .await;
    assert_eq!(status, 200, "{joined}");
    assert_eq!(
        (&joined["user"]["role"], &joined["user"]["admin"], &joined["user"]["photoURL"]),
        (&json!("packer"), &json!(true), &Value::Null)
    );
    assert_eq!(tolu.get_json("/api/admin/orders").await.0, 200, "signed in as a packer");
    assert_eq!(app.browser().login("tolu@example.com", "secret1").await.0, 200);
    // The link works once.
    let (status, again) = app.browser().get_json(&format!("/api/auth/invite?token={token}")).await;
    assert_eq!(status, 404, "{again}");
    let (status, _) = app
        .browser()
        .post_json("/api/auth/invite", json!({"token": token, "displayName": "X", "password": "secret1", "confirmPassword": "secret1"}))
        .await;
    assert_eq!(status, 404);

    // A cancelled invitation's link stops working; only owners invite.
    owner.post_json("/api/admin/grant", json!({"email": "kemi@example.com", "role": "manager"})).await;
    let (_, staff_page) = owner.get_json("/api/admin/staff").await;
    let invite = staff_page["invites"][0]["id"].as_str().unwrap().to_string();
    let (status, after) = owner.send_json(Method::DELETE, &format!("/api/admin/staff/invites/{invite}"), Value::Null).await;
    assert_eq!((status, after["invites"].as_array().map(Vec::len)), (200, Some(0)), "{after}");
    assert_eq!(app.query_i64("SELECT COUNT(*) FROM staff_invites WHERE email = 'kemi@example.com' AND ended_at IS NOT NULL"), 1);
    let (status, _) = tolu.post_json("/api/admin/grant", json!({"email": "x@example.com", "role": "owner"})).await;
    assert_eq!(status, 403);
}

#[actix_web::test]
async fn the_shops_own_rider_ships_without_a_tracking_number_and_a_courier_needs_one() {
    let app = shop().await;
    let owner = app.admin_browser("owner@example.com").await;
    let order = bought(&app, "ada@example.com", "0803 123 4567").await;
    let id = order["id"].as_str().unwrap();
    owner.send_json(Method::PATCH, &format!("/api/admin/orders/{id}"), json!({"status": "processing"})).await;
    let (status, refused) = owner.send_json(Method::PATCH, &format!("/api/admin/orders/{id}"), json!({"status": "shipped"})).await;
    assert_eq!((status, refused["message"].as_str()), (400, Some("Please enter a tracking number.")), "a courier's parcel");
    let (status, shipped) =
        owner.send_json(Method::PATCH, &format!("/api/admin/orders/{id}"), json!({"status": "shipped", "shippedBy": "rider"})).await;
    assert_eq!(status, 200, "{shipped}");
    assert_eq!((&shipped["shippedBy"], &shipped["trackingNumber"]), (&json!("rider"), &Value::Null));
    crate::payments::wait_for_mail(&app, |m| m.contains("is on its way with our own rider")).await;
    let (_, tracked) =
        app.browser().get_json(&format!("/api/orders/track?number={}&email=ada@example.com", order["number"].as_str().unwrap())).await;
    assert_eq!(tracked["order"]["shippedBy"], "rider", "{tracked}");
}

#[actix_web::test]
async fn a_page_waiting_on_a_transfer_or_ussd_hears_when_the_money_arrives() {
    let app = shop().await;
    for (outcome, said) in [("transfer", "your transfer"), ("ussd", "your USSD payment")] {
        let shopper = app.browser();
        shopper.signup("Ada Obi", &format!("{outcome}@example.com"), "secret1").await;
        shopper.post_json("/api/bag", json!({"productId": "oxford", "size": "41", "color": "Black"})).await;
        let (_, started) = shopper.post_json("/api/checkout", details(&format!("{outcome}@example.com"), "0803 123 4567")).await;
        let reference = started["reference"].as_str().unwrap().to_string();
        let code = started["accessCode"].as_str().unwrap();
        shopper.post_json(&format!("/api/sandbox/checkout/{code}"), json!({"outcome": outcome})).await;
        let (_, verified) = shopper.post_json("/api/payments/verify", json!({"reference": reference})).await;
        assert_eq!(verified["data"]["message"], format!("We're waiting for {said}. We'll e-mail you when it arrives."), "{verified}");
        // The page asks the shop's own records (no Paystack call) until the order exists.
        let mut answer = Value::Null;
        for _ in 0..200 {
            let (status, now) = shopper.get_json(&format!("/api/payments/{reference}")).await;
            assert_eq!(status, 200, "{now}");
            answer = now;
            if answer["data"]["success"] == true {
                break;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        assert_eq!(answer["data"]["success"], true, "{answer}");
        assert_eq!(answer["data"]["order"]["customerPhone"], "+2348031234567");
        let (_, bag) = shopper.get_json("/api/bag").await;
        assert_eq!(bag["items"].as_array().unwrap().len(), 0, "what was paid for left the bag: {bag}");
        // Someone else's reference is nobody's business.
        assert_eq!(app.browser().get_json(&format!("/api/payments/{reference}")).await.0, 401);
    }
}

#[actix_web::test]
async fn a_pay_link_for_a_customer_without_an_email_promises_no_email() {
    let app = shop().await;
    let owner = app.admin_browser("owner@example.com").await;
    let made = chat_order(&owner, "0805 222 3344").await;
    let token = made["payLink"].as_str().unwrap().rsplit('/').next().unwrap().to_string();
    let visitor = app.browser();
    let (status, start) = visitor.post_json(&format!("/api/pay/{token}"), Value::Null).await;
    assert_eq!(status, 200, "{start}");
    let code = start["accessCode"].as_str().unwrap();
    visitor.post_json(&format!("/api/sandbox/checkout/{code}"), json!({"outcome": "transfer"})).await;
    let (_, verified) = visitor.post_json(&format!("/api/pay/{token}/verify"), json!({"reference": start["reference"]})).await;
    assert_eq!(
        verified["data"]["message"], "We're waiting for your transfer. The shop will confirm your order when it arrives.",
        "{verified}"
    );
}
