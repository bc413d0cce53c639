//! Checkout and payments: the built-in sandbox end to end, and every Paystack answer and fault
//! against a fake Paystack on loopback. An order is created once per verified payment, never
//! otherwise.

use std::time::Duration;

use crate::common::fake_paystack::{self, FakePaystack, Mode};
use crate::common::{Browser, TestApp, product, product_with, spawn_with};
use reqwest::Method;
use serde_json::{Value, json};

pub(crate) fn add_catalogue(app: &TestApp) {
    app.add_product("oxford", product_with("Oxford Cap-Toe", "formal-shoes", 4_500_000, "Oxfords", &["41", "42"], &["Black"]));
    app.add_product("chrono", product("Chronograph Steel", "wristwatches", 12_000_050));
    app.add_product("socks", product("Plain Socks", "formal-trousers", 1_000));
}

async fn sandbox_shop() -> TestApp {
    let app = spawn_with(|c| c.no_demo = true).await;
    add_catalogue(&app);
    app
}

pub(crate) async fn paystack_shop() -> (TestApp, FakePaystack) {
    let fake = FakePaystack::start().await;
    let url = fake.url.clone();
    let app = spawn_with(move |c| {
        c.no_demo = true;
        c.paystack_secret_key = Some(fake_paystack::SECRET.into());
        c.paystack_public_key = Some(fake_paystack::PUBLIC.into());
        c.paystack_base_url = url;
        c.paystack_timeout_ms = 1_500;
        c.reconcile_secs = 3_600; // tests call the reconciler themselves
        c.checkouts_per_address = 100; // every shopper here is on 127.0.0.1
    })
    .await;
    // The reconciler's first round runs half a second after start; let it pass before any payment
    // exists, or it could complete one a test means to complete itself.
    for _ in 0..250 {
        if app.state.machine.metrics.reconciler_runs.load(std::sync::atomic::Ordering::Relaxed) > 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    add_catalogue(&app);
    (app, fake)
}

/// A valid checkout form (also used by the stock tests).
pub(crate) fn details() -> Value {
    json!({
        "customer": { "name": "Ada Obi", "email": "ada@example.com", "phone": "+234 803 555 0101" },
        "address": { "street": "12 Marina Road", "city": "Lagos", "state": "Lagos", "country": "Nigeria", "postalCode": "101001" },
    })
}

/// A signed-in customer with two products in the bag (₦45,000.00 × 2 in size 42, ₦120,000.50).
pub(crate) async fn customer_with_bag(app: &TestApp, email: &str) -> Browser {
    let browser = app.browser();
    browser.signup("Ada Obi", email, "secret1").await;
    browser.post_json("/api/bag", json!({"productId": "oxford", "size": "42", "color": "Black", "quantity": 2})).await;
    browser.post_json("/api/bag", json!({"productId": "chrono"})).await;
    browser
}

const BAG_TOTAL: i64 = 2 * 4_500_000 + 12_000_050;

async fn start(browser: &Browser) -> Value {
    let (status, started) = browser.post_json("/api/checkout", details()).await;
    assert_eq!(status, 201, "{started}");
    started
}

async fn verify(browser: &Browser, reference: &str) -> (u16, Value) {
    browser.post_json("/api/payments/verify", json!({ "reference": reference })).await
}

fn orders_for(app: &TestApp, reference: &str) -> i64 {
    app.query_i64(&format!("SELECT COUNT(*) FROM orders WHERE payment_reference = '{reference}'"))
}

fn payment_status(app: &TestApp, reference: &str) -> String {
    app.state.db.with_conn(|c| Ok(c.query_row("SELECT status FROM payments WHERE reference = ?1", [reference], |r| r.get(0))?)).unwrap()
}

/// Waits (up to five seconds) for a mail in the outbox that satisfies `wanted`.
pub(crate) async fn wait_for_mail(app: &TestApp, wanted: impl Fn(&str) -> bool) {
    let outbox = app.dir.path().join("outbox");
    for _ in 0..250 {
        let mails = std::fs::read_dir(&outbox).unwrap().filter_map(|e| std::fs::read_to_string(e.unwrap().path()).ok());
        if mails.into_iter().any(|m| wanted(&m)) {
            return;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    panic!("no such mail in the outbox");
}

/// The order line of a product.
fn line<'a>(order: &'a Value, product: &str) -> &'a Value {
    order["items"].as_array().unwrap().iter().find(|i| i["productId"] == product).expect("a line for the product")
}

async fn sandbox_pay(browser: &Browser, access_code: &str, outcome: &str) -> Value {
    let (status, reply) = browser.post_json(&format!("/api/sandbox/checkout/{access_code}"), json!({ "outcome": outcome })).await;
    assert_eq!(status, 200, "{reply}");
    reply
}

#[actix_web::test]
async fn a_sandbox_purchase_creates_one_paid_order_and_empties_the_bag() {
    let app = sandbox_shop().await;
    let ada = customer_with_bag(&app, "ada@example.com").await;
    let (_, form) = ada.get_json("/api/checkout").await;
    assert_eq!(form["customer"]["name"], "Ada Obi", "prefilled from the profile");
    assert_eq!(form["customer"]["email"], "ada@example.com");
    assert!(form["address"].is_null(), "no address used yet");
    assert_eq!(form["mode"], "sandbox");

    let started = start(&ada).await;
    assert_eq!(started["amount"], BAG_TOTAL, "integer kobo, computed by the server");
    assert_eq!(started["currency"], "NGN");
    assert_eq!(started["metadata"], json!({"name": "Ada Obi", "phone": "+2348035550101"}), "the phone as E.164");
    let reference = started["reference"].as_str().unwrap().to_string();
    let code = started["accessCode"].as_str().unwrap();
    let (_, popup) = ada.get_json(&format!("/api/sandbox/checkout/{code}")).await;
    assert_eq!((popup["amount"].as_i64(), popup["status"].as_str()), (Some(BAG_TOTAL), Some("abandoned")));

    // Before paying, verify says so and creates nothing.
    let (status, early) = verify(&ada, &reference).await;
    assert_eq!((status, &early["data"]["success"]), (200, &json!(false)), "{early}");
    assert_eq!(orders_for(&app, &reference), 0);

    let declined = sandbox_pay(&ada, code, "declined").await;
    assert_eq!((declined["status"].as_str(), declined["message"].as_str()), (Some("failed"), Some("Declined")));
    let paid = sandbox_pay(&ada, code, "success").await;
    assert_eq!(paid["status"], "success", "another card after a decline");
    let (status, done) = verify(&ada, &reference).await;
    assert_eq!(status, 200, "{done}");
    assert_eq!(done["data"]["success"], true, "{done}");
    let order = &done["data"]["order"];
    assert_eq!(order["status"], "paid");
    assert_eq!(order["isNew"], true);
    assert_eq!(order["totalAmount"], BAG_TOTAL);
    assert_eq!(order["paymentReference"], reference.as_str());
    assert_eq!(order["customerPhone"], "+2348035550101", "kept as E.164");
    assert_eq!(order["deliveryAddress"]["postalCode"], "101001");
    let items = order["items"].as_array().unwrap();
    assert_eq!(items.len(), 2);
    let mut oxford = line(order, "oxford").clone();
    assert!(oxford.as_object_mut().unwrap().remove("variantId").unwrap().is_string(), "the line names its variant");
    assert_eq!(
        oxford,
        json!({"productId": "oxford", "name": "Oxford Cap-Toe", "price": 4_500_000, "compareAtPrice": null, "quantity": 2, "size": "42",
               "color": "Black", "priceAbroad": null})
    );
    assert_eq!(line(order, "chrono")["size"], Value::Null);

    let (_, bag) = ada.get_json("/api/bag").await;
    assert_eq!(bag["count"], 0, "the bag was emptied of what was bought");
    let (_, session) = ada.get_json("/api/session").await;
    assert_eq!(session["counts"]["newOrders"], 1);
    let (_, mine) = ada.get_json("/api/orders").await;
    assert_eq!(mine["orders"].as_array().unwrap().len(), 1);
    let (_, seen) = ada.post_json("/api/orders/seen", Value::Null).await;
    assert_eq!(seen["counts"]["newOrders"], 0, "opening My Orders clears the badge");
    let (_, mine) = ada.get_json("/api/orders").await;
    assert_eq!(mine["orders"][0]["isNew"], false);

    // Mails: a confirmation to the customer and a notice to the shop (sent off the request path),
    // both by the order's readable number.
    let short = order["number"].as_str().unwrap().to_string();
    assert!(ankara::orders::is_order_number(&short), "{short}");
    wait_for_mail(&app, |m| {
        m.contains("To: ada@example.com") && m.contains(&format!("order #{short} confirmed")) && m.contains("₦210,000.50")
    })
    .await;
    wait_for_mail(&app, |m| m.contains("To: shop@ankara.local") && m.contains(&format!("New order #{short}"))).await;
    // The next checkout remembers the address.
    let (_, form) = ada.get_json("/api/checkout").await;
    assert_eq!(form["address"]["street"], "12 Marina Road");

    // Anyone with the number and the e-mail can follow the order, without signing in; nothing
    // else finds it, and the answer leaves out who and where.
    let visitor = app.browser();
    let (status, tracked) = visitor.get_json(&format!("/api/orders/track?number={}&email=ADA@example.com", short.to_lowercase())).await;
    assert_eq!(status, 200, "{tracked}");
    assert_eq!((tracked["order"]["number"].as_str(), tracked["order"]["status"].as_str()), (Some(short.as_str()), Some("paid")));
    assert_eq!(tracked["order"]["totalAmount"], BAG_TOTAL);
    assert!(tracked["order"].get("deliveryAddress").is_none() && tracked["order"].get("customerPhone").is_none());
    for query in [
        format!("number={short}&email=eve@example.com"),
        "number=ZZZZZZZZ&email=ada@example.com".into(),
        format!("number={}", &order["id"]),
    ] {
        let (status, answer) = visitor.get_json(&format!("/api/orders/track?{query}")).await;
        assert!(status == 404 || status == 400, "{query}: {status} {answer}");
    }
}

#[actix_web::test]
async fn the_sandbox_webhook_completes_a_purchase_whose_browser_closed() {
    let app = sandbox_shop().await;
    let ada = customer_with_bag(&app, "ada@example.com").await;
    let started = start(&ada).await;
    let reference = started["reference"].as_str().unwrap().to_string();
    sandbox_pay(&ada, started["accessCode"].as_str().unwrap(), "success").await;
    // No verify from the browser: the sandbox's signed charge.success (two seconds later) does it.
    assert_eq!(wait_for_order(&app, &reference).await, 1);
    let (_, bag) = ada.get_json("/api/bag").await;
    assert_eq!(bag["count"], 0);
    let (_, late) = verify(&ada, &reference).await;
    assert_eq!(late["data"]["success"], true, "the browser coming back finds the order: {late}");
    assert_eq!(orders_for(&app, &reference), 1);
}

#[actix_web::test]
async fn checkout_refuses_bad_forms_empty_bags_and_double_clicks() {
    let app = sandbox_shop().await;
    let visitor = app.browser();
    assert_eq!(visitor.post_json("/api/checkout", details()).await.0, 401);
    let ada = app.browser();
    ada.signup("Ada", "ada@example.com", "secret1").await;
    let (status, reply) = ada.post_json("/api/checkout", details()).await;
    assert_eq!((status, reply["message"].as_str().unwrap()), (409, "Your bag is empty."));
    ada.post_json("/api/bag", json!({"productId": "socks"})).await;
    // The minimum is on what Paystack is asked for: ₦10 of socks collected from the shop.
    app.sql(r#"INSERT INTO settings (key, value) VALUES ('pickup', '{"enabled":true,"address":"4 Broad Street"}')"#);
    let mut pickup = details();
    pickup["method"] = json!("pickup");
    let (status, reply) = ada.post_json("/api/checkout", pickup).await;
    assert_eq!((status, reply["message"].as_str().unwrap()), (400, "The minimum order is ₦50.00."));
    ada.post_json("/api/bag", json!({"productId": "chrono"})).await;
    let mut missing = details();
    missing["address"]["state"] = json!("  ");
    let (status, reply) = ada.post_json("/api/checkout", missing).await;
    assert_eq!((status, reply["message"].as_str().unwrap()), (400, "Please fill in all delivery address fields"));
    let mut no_phone = details();
    no_phone["customer"].as_object_mut().unwrap().remove("phone");
    let (status, reply) = ada.post_json("/api/checkout", no_phone).await;
    assert_eq!((status, reply["message"].as_str().unwrap()), (400, "Please fill in your name, email and phone number."));
    let res = ada.client.post(ada.url("/api/checkout")).header("content-type", "application/json").body("{not json").send().await.unwrap();
    assert_eq!(res.status(), 400);
    let same_click =
        |browser: &Browser| browser.client.post(browser.url("/api/checkout")).header("Idempotency-Key", "click-1").json(&details());
    let (first, second) = tokio::join!(same_click(&ada).send(), same_click(&ada).send());
    let mut statuses = [first.unwrap().status().as_u16(), second.unwrap().status().as_u16()];
    statuses.sort();
    assert_eq!(statuses, [201, 409], "a double click starts one payment");
    assert_eq!(app.query_i64("SELECT COUNT(*) FROM payments"), 1);
    // The same bag again opens the same payment: starting over never renews a hold.
    let (status, again) = ada.post_json("/api/checkout", details()).await;
    assert_eq!(status, 200, "{again}");
    assert_eq!(app.query_i64("SELECT COUNT(*) FROM payments"), 1);
    // Cancelling and starting again is cut off at ten payments in ten minutes.
    for _ in 1..10 {
        assert_eq!(ada.post_json("/api/payments/cancel", json!({})).await.0, 200);
        assert_eq!(ada.post_json("/api/checkout", details()).await.0, 201);
    }
    ada.post_json("/api/payments/cancel", json!({})).await;
    let (status, reply) = ada.post_json("/api/checkout", details()).await;
    assert_eq!(status, 429, "{reply}");
    assert!(reply["message"].as_str().unwrap().starts_with("You have started several payments"));
}

#[actix_web::test]
async fn only_a_verified_success_for_the_exact_amount_and_currency_creates_an_order() {
    let (app, fake) = paystack_shop().await;
    let ada = customer_with_bag(&app, "ada@example.com").await;
    let started = start(&ada).await;
    assert_eq!(started["mode"], "paystack");
    assert_eq!(started["publicKey"], fake_paystack::PUBLIC);
    let reference = started["reference"].as_str().unwrap().to_string();
    let charge = fake.charge(&reference).expect("initialised at Paystack");
    assert_eq!((charge.amount, charge.currency.as_str(), charge.email.as_str()), (BAG_TOTAL, "NGN", "ada@example.com"));

    for status in ["abandoned", "failed", "pending"] {
        fake.set_outcome(&reference, status);
        let (code, reply) = verify(&ada, &reference).await;
        assert_eq!(code, 200);
        assert_eq!(reply["data"]["success"], false, "{status}: {reply}");
        assert_eq!(reply["data"]["status"], status);
        assert!(!reply["data"]["message"].as_str().unwrap().is_empty());
        assert_eq!(orders_for(&app, &reference), 0, "{status}");
    }
    assert_eq!(payment_status(&app, &reference), "failed", "a failed attempt is recorded for review");

    // Success, but one kobo short: kept for an admin, never an order, even when replayed.
    fake.set_outcome(&reference, "success");
    fake.report(&reference, Some(json!(BAG_TOTAL - 1)), None);
    let (_, reply) = verify(&ada, &reference).await;
    assert_eq!((reply["data"]["success"].as_bool(), reply["data"]["status"].as_str()), (Some(false), Some("mismatch")));
    fake.report(&reference, None, None);
    let (_, replay) = verify(&ada, &reference).await;
    assert_eq!(replay["data"]["status"], "mismatch", "a mismatch is final");
    assert_eq!(orders_for(&app, &reference), 0);

    // Wrong currency, and a float amount, on fresh payments.
    for (amount, currency) in [(None, Some("USD")), (Some(json!(BAG_TOTAL as f64 + 0.5)), None)] {
        let reference = start(&ada).await["reference"].as_str().unwrap().to_string();
        fake.set_outcome(&reference, "success");
        fake.report(&reference, amount, currency);
        let (_, reply) = verify(&ada, &reference).await;
        assert_eq!(reply["data"]["status"], "mismatch", "{reply}");
        assert_eq!(orders_for(&app, &reference), 0);
    }
    let admin = app.admin_browser("boss@example.com").await;
    let (_, review) = admin.get_json("/api/admin/payments").await;
    let listed = review["payments"].as_array().unwrap();
    assert_eq!(listed.len(), 3, "the mismatches are listed for review: {review}");
    assert!(listed.iter().all(|p| p["status"] == "mismatch" && p["failureReason"].as_str().unwrap().contains("expected")));
    assert_eq!(ada.get_json("/api/admin/payments").await.0, 403);

    // The real success completes; the bag is emptied.
    let reference = start(&ada).await["reference"].as_str().unwrap().to_string();
    fake.set_outcome(&reference, "success");
    let (_, reply) = verify(&ada, &reference).await;
    assert_eq!(reply["data"]["success"], true, "{reply}");
    assert_eq!(orders_for(&app, &reference), 1);
    // A replay later answers from the database: same order, no second call to Paystack.
    let calls = fake.verify_calls();
    let (_, again) = verify(&ada, &reference).await;
    assert_eq!(again["data"]["order"]["id"], reply["data"]["order"]["id"]);
    assert_eq!(fake.verify_calls(), calls);
    assert_eq!(app.query_i64("SELECT COUNT(*) FROM orders"), 1);
}

#[actix_web::test]
async fn unknown_or_foreign_references_are_not_found() {
    let (app, fake) = paystack_shop().await;
    let ada = customer_with_bag(&app, "ada@example.com").await;
    let reference = start(&ada).await["reference"].as_str().unwrap().to_string();
    fake.set_outcome(&reference, "success");
    let eve = app.browser();
    eve.signup("Eve", "eve@example.com", "secret1").await;
    for forged in [reference.as_str(), "ANK-doesnotexist", "../../etc", ""] {
        let (status, reply) = verify(&eve, forged).await;
        assert_eq!(status, 404, "{forged}: {reply}");
        assert_eq!(reply["message"], "Payment not found.");
    }
    assert_eq!(orders_for(&app, &reference), 0, "another user cannot complete Ada's payment");
    let (_, eve_orders) = eve.get_json("/api/orders").await;
    assert_eq!(eve_orders["orders"], json!([]));
    // Paystack itself does not know a reference we issued: not confirmed, nothing created.
    fake.state.lock().unwrap().charges.remove(&reference);
    let (status, reply) = verify(&ada, &reference).await;
    assert_eq!((status, reply["data"]["success"].as_bool()), (200, Some(false)));
    assert_eq!(orders_for(&app, &reference), 0);
}

#[actix_web::test]
async fn a_looping_verify_cannot_spend_the_paystack_rate_limit() {
    let (app, fake) = paystack_shop().await;
    let ada = customer_with_bag(&app, "ada@example.com").await;
    let reference = start(&ada).await["reference"].as_str().unwrap().to_string();
    for _ in 0..20 {
        let (status, reply) = verify(&ada, &reference).await;
        assert_eq!((status, reply["data"]["success"].as_bool()), (200, Some(false)));
    }
    assert_eq!(fake.verify_calls(), 5, "five calls to Paystack per reference in ten seconds");
    // The webhook is not limited: a real payment still completes at once.
    fake.set_outcome(&reference, "success");
    let event =
        json!({ "event": "charge.success", "data": fake_paystack::transaction(&reference, &fake.charge(&reference).unwrap()) }).to_string();
    assert_eq!(post_webhook(&app, &event, Some(&sign(&event))).await, 200);
    assert_eq!(wait_for_order(&app, &reference).await, 1);
}

#[actix_web::test]
async fn paystack_faults_lose_nothing() {
    let (app, fake) = paystack_shop().await;
    let ada = customer_with_bag(&app, "ada@example.com").await;
    for mode in [Mode::Fail(401), Mode::Fail(429), Mode::Fail(500), Mode::Hang] {
        fake.set_initialize(mode.clone());
        let (status, reply) = ada.post_json("/api/checkout", details()).await;
        assert_eq!(status, 502, "initialize {mode:?}: {reply}");
        assert_eq!(reply["message"], "We couldn't start the payment. Please try again in a moment.");
    }
    fake.set_initialize(Mode::Normal);
    let (_, bag) = ada.get_json("/api/bag").await;
    assert_eq!(bag["count"], 3, "the bag is untouched");

    let reference = start(&ada).await["reference"].as_str().unwrap().to_string();
    fake.set_outcome(&reference, "success");
    for mode in [Mode::Fail(401), Mode::Fail(429), Mode::Fail(500), Mode::Hang] {
        fake.set_verify(mode.clone());
        let (status, reply) = verify(&ada, &reference).await;
        assert_eq!(status, 502, "verify {mode:?}: {reply}");
        assert!(reply["message"].as_str().unwrap().starts_with("We could not confirm your payment yet."));
        assert_eq!(orders_for(&app, &reference), 0);
    }
    // Paystack recovers and the reconciler finds the paid order nobody completed.
    fake.set_verify(Mode::Normal);
    let settled = app.state.payments.reconcile_once(true, 3600).await.unwrap();
    assert_eq!(settled, 1);
    assert_eq!(orders_for(&app, &reference), 1);
    let (_, reply) = verify(&ada, &reference).await;
    assert_eq!(reply["data"]["success"], true, "the browser's late verify finds the order");
    assert_eq!(orders_for(&app, &reference), 1);
}

pub(crate) fn sign(body: &str) -> String {
    use hmac::{Hmac, Mac};
    let mut mac = Hmac::<sha2::Sha512>::new_from_slice(fake_paystack::SECRET.as_bytes()).unwrap();
    mac.update(body.as_bytes());
    hex::encode(mac.finalize().into_bytes())
}

pub(crate) async fn post_webhook(app: &TestApp, body: &str, signature: Option<&str>) -> u16 {
    // Paystack is not a browser: no session, no X-Requested-With.
    let mut request =
        reqwest::Client::new().post(app.url("/api/payments/webhook")).header("content-type", "application/json").body(body.to_string());
    if let Some(signature) = signature {
        request = request.header("x-paystack-signature", signature);
    }
    request.send().await.unwrap().status().as_u16()
}

async fn wait_for_order(app: &TestApp, reference: &str) -> i64 {
    for _ in 0..250 {
        if orders_for(app, reference) > 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    orders_for(app, reference)
}

#[actix_web::test]
async fn the_signed_webhook_completes_a_payment_whose_browser_closed() {
    let (app, fake) = paystack_shop().await;
    let ada = customer_with_bag(&app, "ada@example.com").await;
    let reference = start(&ada).await["reference"].as_str().unwrap().to_string();
    fake.set_outcome(&reference, "success");
    let event =
        json!({ "event": "charge.success", "data": fake_paystack::transaction(&reference, &fake.charge(&reference).unwrap()) }).to_string();

    assert_eq!(post_webhook(&app, &event, None).await, 401, "unsigned");
    assert_eq!(post_webhook(&app, &event, Some(&"0".repeat(128))).await, 401, "forged");
    let reserialised = serde_json::to_string_pretty(&serde_json::from_str::<Value>(&event).unwrap()).unwrap();
    assert_eq!(post_webhook(&app, &reserialised, Some(&sign(&event))).await, 401, "signature of other bytes");
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert_eq!(orders_for(&app, &reference), 0);

    // A signed webhook whose body lies about the amount: the API's verify is what counts.
    let mut lying = fake_paystack::transaction(&reference, &fake.charge(&reference).unwrap());
    lying["amount"] = json!(1);
    fake.set_outcome(&reference, "abandoned");
    let lie = json!({ "event": "charge.success", "data": lying }).to_string();
    assert_eq!(post_webhook(&app, &lie, Some(&sign(&lie))).await, 200);
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert_eq!(orders_for(&app, &reference), 0, "re-verified: not paid yet");

    fake.set_outcome(&reference, "success");
    assert_eq!(post_webhook(&app, &event, Some(&sign(&event))).await, 200);
    assert_eq!(wait_for_order(&app, &reference).await, 1);
    let (_, bag) = ada.get_json("/api/bag").await;
    assert_eq!(bag["count"], 0);
    // Paystack retries: still one order.
    for _ in 0..3 {
        assert_eq!(post_webhook(&app, &event, Some(&sign(&event))).await, 200);
    }
    let unknown = json!({ "event": "charge.success", "data": { "reference": "ANK-never-issued", "status": "success" } }).to_string();
    assert_eq!(post_webhook(&app, &unknown, Some(&sign(&unknown))).await, 200, "acknowledged so Paystack stops, but ignored");
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert_eq!(app.query_i64("SELECT COUNT(*) FROM orders"), 1);
}

#[actix_web::test]
async fn webhook_and_browser_racing_create_exactly_one_order_each_time() {
    let (app, fake) = paystack_shop().await;
    let mut shoppers = Vec::new();
    for n in 0..15 {
        shoppers.push(customer_with_bag(&app, &format!("racer{n}@example.com")).await);
    }
    // Fifteen open payments (one each: a shopper has one payment in progress at a time).
    let mut references = Vec::new();
    for shopper in &shoppers {
        let reference = start(shopper).await["reference"].as_str().unwrap().to_string();
        fake.set_outcome(&reference, "success");
        references.push((shopper, reference));
    }
    let mut calls = Vec::new();
    for (shopper, reference) in &references {
        let event = json!({ "event": "charge.success", "data": fake_paystack::transaction(reference, &fake.charge(reference).unwrap()) })
            .to_string();
        for _ in 0..3 {
            let (shopper, reference) = (*shopper, reference.clone());
            calls
                .push(Box::pin(async move { verify(shopper, &reference).await.0 })
                    as std::pin::Pin<Box<dyn std::future::Future<Output = u16>>>);
            let (app, event) = (&app, event.clone());
            calls.push(Box::pin(async move { post_webhook(app, &event, Some(&sign(&event))).await }));
        }
    }
    let statuses = futures_util::future::join_all(calls).await;
    assert!(statuses.iter().all(|s| *s == 200), "{statuses:?}");
    for (_, reference) in &references {
        assert_eq!(wait_for_order(&app, reference).await, 1, "{reference}");
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(app.query_i64("SELECT COUNT(*) FROM orders"), references.len() as i64);
    assert_eq!(app.query_i64("SELECT COUNT(*) FROM payments WHERE status = 'completed'"), references.len() as i64);
}

#[actix_web::test]
async fn a_bag_changed_while_paying_keeps_what_was_not_bought() {
    let app = sandbox_shop().await;
    let ada = customer_with_bag(&app, "ada@example.com").await;
    let started = start(&ada).await;
    // While the pop-up is open: one more Oxford, a new line, and the price changes.
    ada.post_json("/api/bag", json!({"productId": "oxford", "size": "42", "color": "Black"})).await;
    ada.post_json("/api/bag", json!({"productId": "oxford", "size": "41", "color": "Black"})).await;
    app.sql("UPDATE products SET price_kobo = 9900000 WHERE id = 'chrono'");
    sandbox_pay(&ada, started["accessCode"].as_str().unwrap(), "success").await;
    let (_, done) = verify(&ada, started["reference"].as_str().unwrap()).await;
    let order = &done["data"]["order"];
    assert_eq!(order["totalAmount"], BAG_TOTAL, "the order is what was paid for, at the prices paid");
    assert_eq!(line(order, "chrono")["price"], 12_000_050);
    let (_, bag) = ada.get_json("/api/bag").await;
    let left: Vec<(String, i64)> = bag["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| (i["size"].as_str().unwrap_or("-").to_string(), i["quantity"].as_i64().unwrap()))
        .collect();
    assert_eq!(left, [("42".to_string(), 1), ("41".to_string(), 1)], "only what was bought left the bag: {bag}");
}

#[actix_web::test]
async fn admins_fulfil_orders_and_customers_see_progress() {
    let app = sandbox_shop().await;
    let ada = customer_with_bag(&app, "ada@example.com").await;
    let started = start(&ada).await;
    sandbox_pay(&ada, started["accessCode"].as_str().unwrap(), "success").await;
    let (_, done) = verify(&ada, started["reference"].as_str().unwrap()).await;
    let id = done["data"]["order"]["id"].as_str().unwrap().to_string();
    let path = format!("/api/admin/orders/{id}");

    assert_eq!(ada.get_json("/api/admin/orders").await.0, 403);
    assert_eq!(ada.send_json(Method::PATCH, &path, json!({"status": "shipped", "trackingNumber": "X"})).await.0, 403);
    let admin = app.admin_browser("boss@example.com").await;
    let (_, list) = admin.get_json("/api/admin/orders?status=paid").await;
    assert_eq!(list["total"], 1);
    assert_eq!(list["counts"]["paid"], 1);
    assert_eq!(list["orders"][0]["id"], id.as_str());
    let (_, none) = admin.get_json("/api/admin/orders?status=shipped").await;
    assert_eq!(none["orders"], json!([]));
    assert_eq!(admin.get_json("/api/admin/orders?status=lost").await.0, 400);
    let (_, one) = admin.get_json(&path).await;
    assert_eq!(one["nextStatuses"], json!(["processing", "cancelled"]));
    assert_eq!(admin.get_json("/api/admin/orders/nope").await.0, 404);

    let (status, reply) = admin.send_json(Method::PATCH, &path, json!({"status": "delivered"})).await;
    assert_eq!((status, reply["message"].as_str().unwrap()), (409, "An order that is paid cannot become delivered."));
    let (status, reply) = admin.send_json(Method::PATCH, &path, json!({"status": "processing"})).await;
    assert_eq!((status, reply["status"].as_str()), (200, Some("processing")));
    let (status, reply) = admin.send_json(Method::PATCH, &path, json!({"status": "shipped", "trackingNumber": "  "})).await;
    assert_eq!((status, reply["message"].as_str().unwrap()), (400, "Please enter a tracking number."));
    let (status, reply) = admin.send_json(Method::PATCH, &path, json!({"status": "shipped", "trackingNumber": "GIG-12345"})).await;
    assert_eq!((status, reply["trackingNumber"].as_str()), (200, Some("GIG-12345")));
    assert_eq!(reply["nextStatuses"], json!(["delivered"]));
    let (_, mine) = ada.get_json("/api/orders").await;
    assert_eq!((mine["orders"][0]["status"].as_str(), mine["orders"][0]["trackingNumber"].as_str()), (Some("shipped"), Some("GIG-12345")));
    wait_for_mail(&app, |m| m.contains("To: ada@example.com") && m.contains("Tracking number: GIG-12345")).await;
    let (status, _) = admin.send_json(Method::PATCH, &path, json!({"status": "cancelled"})).await;
    assert_eq!(status, 409, "a shipped order is not cancelled");
    app.sql("UPDATE users SET role = NULL WHERE email = 'boss@example.com'");
    assert_eq!(admin.get_json("/api/admin/orders").await.0, 403, "a revoked admin is refused at once, token or not");
}
