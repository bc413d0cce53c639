//! The commerce core under attack (issue 28): what one shopper can hold, codes used past their
//! limits by paying superseded transactions, holds that outlive their transaction, limits keyed by
//! IPv6 networks, a contact form a few dozen addresses could close, a total that changed between
//! the summary and Pay, and review edits by the hundred.

use std::time::Duration;

use reqwest::Method;
use serde_json::{Value, json};

use crate::common::fake_paystack::{self, FakePaystack};
use crate::common::{Browser, TestApp, product, product_with, spawn_with};

fn details(email: &str) -> Value {
    json!({
        "customer": { "name": "Ada Obi", "email": email, "phone": "+234 803 555 0101" },
        "address": { "street": "12 Marina Road", "city": "Lagos", "state": "Lagos", "country": "Nigeria", "postalCode": "101001" },
    })
}

fn with_code(mut body: Value, code: &str) -> Value {
    body["code"] = json!(code);
    body
}

/// A sandbox shop whose payments can be paid for `lifetime_secs` (and hold that long).
async fn shop(lifetime_secs: u64) -> TestApp {
    let app = spawn_with(move |c| {
        c.no_demo = true;
        c.payment_lifetime_secs = lifetime_secs;
        c.reconcile_secs = 1;
        c.signups_per_hour = 1_000;
        c.checkouts_per_address = 1_000;
    })
    .await;
    app.add_product("oxford", product_with("Oxford Cap-Toe", "formal-shoes", 4_500_000, "Oxfords", &["41", "42"], &["Black"]));
    app.add_product("chrono", product("Chronograph Steel", "wristwatches", 12_000_050));
    app
}

async fn shopper(app: &TestApp, email: &str) -> Browser {
    let browser = app.browser();
    browser.signup("Ada Obi", email, "secret1").await;
    browser
}

async fn add(browser: &Browser, body: Value) -> (u16, Value) {
    browser.post_json("/api/bag", body).await
}

async fn admin(app: &TestApp) -> Browser {
    app.admin_browser("owner@example.com").await
}

async fn create_code(admin: &Browser, body: Value) {
    let (status, reply) = admin.post_json("/api/admin/discounts", body).await;
    assert_eq!(status, 201, "{reply}");
}

async fn sandbox_pay(browser: &Browser, access_code: &str) -> (u16, Value) {
    browser.post_json(&format!("/api/sandbox/checkout/{access_code}"), json!({ "outcome": "success" })).await
}

async fn wait_until(what: &str, mut check: impl FnMut() -> bool) {
    for _ in 0..1_000 {
        if check() {
            return;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    panic!("timed out waiting until {what}");
}

#[actix_web::test]
async fn one_shopper_can_hold_only_what_the_merchant_allows() {
    let app = shop(1800).await;
    app.sql("UPDATE variants SET stock = 1000");
    let ada = shopper(&app, "ada@example.com").await;
    // Five of one size and colour, twenty in all, by default.
    assert_eq!(add(&ada, json!({"productId": "oxford", "size": "42", "color": "Black", "quantity": 5})).await.0, 200);
    let (status, reply) = add(&ada, json!({"productId": "oxford", "size": "42", "color": "Black"})).await;
    assert_eq!((status, reply["message"].as_str().unwrap()), (400, "You can buy at most 5 of one item in one order."));
    let (status, reply) = add(&ada, json!({"productId": "chrono", "quantity": 5})).await;
    assert_eq!(status, 200, "{reply}");
    assert_eq!(add(&ada, json!({"productId": "oxford", "size": "41", "color": "Black", "quantity": 5})).await.0, 200);
    // 15 in the bag; the merchant lowers the order limit to 12: the checkout refuses before holding.
    let owner = admin(&app).await;
    let (status, settings) = owner.send_json(Method::PATCH, "/api/admin/settings", json!({"maxPerCheckout": 12})).await;
    assert_eq!(status, 200, "{settings}");
    assert_eq!(
        (&settings["maxPerLine"], &settings["maxPerCheckout"], &settings["maxOrderTotal"], &settings["guestCheckout"]),
        (&json!(5), &json!(12), &json!(500_000_000), &json!(false)),
        "only what was sent changed"
    );
    let (status, reply) = ada.post_json("/api/checkout", details("ada@example.com")).await;
    assert_eq!((status, reply["message"].as_str().unwrap()), (400, "You can buy at most 12 items in one order."));
    assert_eq!(app.query_i64("SELECT COUNT(*) FROM reservations"), 0, "nothing held");
    // A total over what the merchant accepts in one payment is refused before anything is held.
    owner.send_json(Method::PATCH, "/api/admin/settings", json!({"maxPerCheckout": 20, "maxOrderTotal": 10_000_000})).await;
    let (status, reply) = ada.post_json("/api/checkout/quote", json!({"state": "Lagos"})).await;
    assert_eq!(
        (status, reply["message"].as_str().unwrap()),
        (400, "An order can be at most ₦100,000.00. Please remove some items from your bag.")
    );
    let (status, _) = ada.post_json("/api/checkout", details("ada@example.com")).await;
    assert_eq!(status, 400);
    assert_eq!(app.query_i64("SELECT COUNT(*) FROM reservations"), 0);
    // Settings are the owner's: checked whole, refused to others.
    let (status, reply) = owner.send_json(Method::PATCH, "/api/admin/settings", json!({"maxPerLine": 30})).await;
    assert_eq!((status, reply["message"].as_str().unwrap()), (400, "The most of one item cannot be more than the most items per order."));
    assert_eq!(owner.send_json(Method::PATCH, "/api/admin/settings", json!({"surprise": 1})).await.0, 400);
    assert_eq!(ada.send_json(Method::PATCH, "/api/admin/settings", json!({"maxPerLine": 99})).await.0, 403);
    assert_eq!(app.browser().get_json("/api/admin/settings").await.0, 401);
}

#[actix_web::test]
async fn a_shopper_has_one_payment_at_a_time_and_starting_over_never_renews_a_hold() {
    let app = shop(12).await;
    let ada = shopper(&app, "ada@example.com").await;
    add(&ada, json!({"productId": "chrono"})).await;
    let (status, first) = ada.post_json("/api/checkout", details("ada@example.com")).await;
    assert_eq!(status, 201, "{first}");
    let expires = first["expiresAt"].as_i64().unwrap();
    // The same bag resumes the same transaction.
    let (status, again) = ada.post_json("/api/checkout", details("ada@example.com")).await;
    assert_eq!((status, &again["reference"], &again["accessCode"]), (200, &first["reference"], &first["accessCode"]));
    // A different bag waits for the open payment to be finished or cancelled.
    add(&ada, json!({"productId": "oxford", "size": "42", "color": "Black"})).await;
    let (status, reply) = ada.post_json("/api/checkout", details("ada@example.com")).await;
    assert_eq!((status, reply["error"].as_str().unwrap()), (409, "payment_in_progress"), "{reply}");
    // Cancelled: the sandbox refuses its pop-up, and a new payment starts — ending with the first.
    assert_eq!(ada.post_json("/api/payments/cancel", json!({})).await.0, 200);
    let (status, refused) = sandbox_pay(&ada, first["accessCode"].as_str().unwrap()).await;
    assert_eq!(
        (status, refused["message"].as_str().unwrap()),
        (409, "This payment was cancelled by the shop. Please start the checkout again.")
    );
    let (status, second) = ada.post_json("/api/checkout", details("ada@example.com")).await;
    assert_eq!(status, 201, "{second}");
    assert_eq!(second["expiresAt"].as_i64().unwrap(), expires, "starting over does not extend the hold");
    assert_eq!(app.query_i64("SELECT COUNT(*) FROM reservations"), 2, "the new payment holds both lines");
    // Past its time the payment cannot be paid, and its holds go back on sale.
    wait_until("the holds are released", || app.query_i64("SELECT COUNT(*) FROM reservations") == 0).await;
    let (status, expired) = sandbox_pay(&ada, second["accessCode"].as_str().unwrap()).await;
    assert_eq!(status, 409, "{expired}");
    assert_eq!(app.query_i64("SELECT COUNT(*) FROM orders"), 0);
    assert_eq!(app.query_i64("SELECT stock FROM variants WHERE product_id = 'chrono'"), 100);
    // A new hold right away would renew the first: the shopper waits.
    let (status, reply) = ada.post_json("/api/checkout", details("ada@example.com")).await;
    assert_eq!(status, 429, "{reply}");
}

#[actix_web::test]
async fn a_one_use_code_is_used_once_however_many_checkouts_are_paid() {
    let app = shop(1800).await;
    let owner = admin(&app).await;
    create_code(&owner, json!({"code": "ONCE", "kind": "fixed", "amount": "5000", "maxUses": 1, "perCustomer": 1})).await;
    let mallory = shopper(&app, "mallory@example.com").await;
    add(&mallory, json!({"productId": "chrono"})).await;
    // The attack: ten checkouts with the code, each with a slightly different bag, then pay them all.
    let mut access_codes = Vec::new();
    for n in 0..10 {
        let (status, started) = mallory.post_json("/api/checkout", with_code(details("mallory@example.com"), "ONCE")).await;
        match status {
            200 | 201 => access_codes.push(started["accessCode"].as_str().unwrap().to_string()),
            409 => {
                assert_eq!(started["error"], "payment_in_progress", "{started}");
                mallory.post_json("/api/payments/cancel", json!({})).await;
            }
            _ => panic!("checkout {n}: {status} {started}"),
        }
        let size = if n % 2 == 0 { "41" } else { "42" };
        add(&mallory, json!({"productId": "oxford", "size": size, "color": "Black"})).await;
    }
    let (status, last) = mallory.post_json("/api/checkout", with_code(details("mallory@example.com"), "ONCE")).await;
    assert_eq!(status, 201, "{last}");
    access_codes.push(last["accessCode"].as_str().unwrap().to_string());
    assert_eq!(access_codes.len(), 6);
    let mut paid = 0;
    for code in &access_codes {
        paid += usize::from(sandbox_pay(&mallory, code).await.0 == 200);
    }
    assert_eq!(paid, 1, "only the payment in progress can be paid");
    tokio::time::sleep(Duration::from_millis(2_500)).await; // the sandbox's webhooks
    assert_eq!(app.query_i64("SELECT COUNT(*) FROM orders WHERE discount_code = 'ONCE'"), 1, "one order got the discount");
    assert_eq!(app.query_i64("SELECT COUNT(*) FROM discount_uses WHERE code = 'ONCE' AND status = 'used'"), 1);
    assert_eq!(app.query_i64("SELECT COUNT(*) FROM orders WHERE code_over_limit = 1"), 0, "the sandbox refused the superseded ones");
    let (_, codes) = owner.get_json("/api/admin/discounts").await;
    assert_eq!(codes[0]["uses"], 1);
}

/// Paystack itself cannot cancel a transaction: money for a payment the shop ended still becomes
/// an order, flagged when the code's limits were used up meanwhile, and counted on the dashboard.
#[actix_web::test]
async fn money_for_an_ended_payment_is_never_refused_and_a_code_past_its_limit_is_flagged() {
    let fake = FakePaystack::start().await;
    let url = fake.url.clone();
    let app = spawn_with(move |c| {
        c.no_demo = true;
        c.paystack_secret_key = Some(fake_paystack::SECRET.into());
        c.paystack_public_key = Some(fake_paystack::PUBLIC.into());
        c.paystack_base_url = url;
        c.reconcile_secs = 3_600;
        c.payment_lifetime_secs = 1_200;
    })
    .await;
    app.add_product("chrono", product("Chronograph Steel", "wristwatches", 12_000_050));
    // The shop set Paystack's payment session timeout to the payments' lifetime.
    wait_until("the session timeout is set", || fake.session_timeout() == 1_200).await;
    let owner = admin(&app).await;
    create_code(&owner, json!({"code": "ONCE", "kind": "percent", "percent": 10, "maxUses": 1})).await;
    let (ada, bola) = (shopper(&app, "ada@example.com").await, shopper(&app, "bola@example.com").await);
    add(&ada, json!({"productId": "chrono"})).await;
    add(&bola, json!({"productId": "chrono"})).await;
    let (_, ended) = ada.post_json("/api/checkout", with_code(details("ada@example.com"), "ONCE")).await;
    let ended_ref = ended["reference"].as_str().unwrap().to_string();
    assert_eq!(ada.post_json("/api/payments/cancel", json!({"reference": ended_ref})).await.0, 200);
    assert_eq!(app.query_i64("SELECT COUNT(*) FROM discount_uses"), 0, "the cancelled payment's use went back");
    let (status, paid) = bola.post_json("/api/checkout", with_code(details("bola@example.com"), "ONCE")).await;
    assert_eq!(status, 201, "{paid}");
    let paid_ref = paid["reference"].as_str().unwrap().to_string();
    fake.set_outcome(&paid_ref, "success");
    assert_eq!(bola.post_json("/api/payments/verify", json!({"reference": paid_ref})).await.1["data"]["success"], true);
    // Ada paid the cancelled transaction anyway (Paystack had no way to stop it).
    fake.set_outcome(&ended_ref, "success");
    let (_, late) = ada.post_json("/api/payments/verify", json!({"reference": ended_ref})).await;
    assert_eq!(late["data"]["success"], true, "{late}");
    assert_eq!(late["data"]["order"]["codeOverLimit"], true);
    assert_eq!(app.query_i64("SELECT COUNT(*) FROM discount_uses WHERE code = 'ONCE'"), 1, "never counted past its limit");
    let (_, dashboard) = owner.get_json("/api/admin/dashboard").await;
    assert_eq!(dashboard["codeOverLimit"], 1);
    let (_, flagged) = owner.get_json("/api/admin/orders?codeOverLimit=true").await;
    assert_eq!(flagged["orders"].as_array().unwrap().len(), 1);
    assert_eq!(flagged["orders"][0]["paymentReference"], ended_ref.as_str());
}

/// Fifty shoppers race for twenty units with a code good for ten uses: checkouts, cancels,
/// payments of superseded and cancelled access codes and expiry, interleaved. In the sandbox the
/// shop controls how long a transaction can be paid, so nothing is sold past stock and no code
/// use past its limit, and no order needs a flag.
#[actix_web::test]
async fn racing_checkouts_cancels_superseded_payments_and_expiry_never_oversell() {
    let app = shop(6).await;
    app.sql("UPDATE variants SET stock = 20 WHERE product_id = 'chrono'");
    let owner = admin(&app).await;
    create_code(&owner, json!({"code": "TEN", "kind": "percent", "percent": 5, "maxUses": 10, "perCustomer": 1})).await;
    let mut shoppers = Vec::new();
    for n in 0..50 {
        let browser = shopper(&app, &format!("racer{n}@example.com")).await;
        add(&browser, json!({"productId": "chrono"})).await;
        shoppers.push(browser);
    }
    let runs = shoppers.iter().enumerate().map(|(n, browser)| async move {
        let email = format!("racer{n}@example.com");
        let body = || if n % 2 == 0 { with_code(details(&email), "TEN") } else { details(&email) };
        let mut codes: Vec<String> = Vec::new();
        for round in 0..4 {
            let (status, started) = browser.post_json("/api/checkout", body()).await;
            if status == 200 || status == 201 {
                let code = started["accessCode"].as_str().unwrap().to_string();
                codes.push(code.clone());
                match (n + round) % 4 {
                    // Pay it at once, and try an older access code too.
                    0 => {
                        sandbox_pay(browser, &code).await;
                        if let Some(old) = codes.first() {
                            sandbox_pay(browser, old).await;
                        }
                        browser.post_json("/api/payments/verify", json!({"reference": started["reference"]})).await;
                    }
                    // Close the pop-up, then pay the cancelled transaction anyway.
                    1 => {
                        browser.post_json("/api/payments/cancel", json!({"reference": started["reference"]})).await;
                        sandbox_pay(browser, &code).await;
                    }
                    // Let it run out, then pay it.
                    2 => {
                        tokio::time::sleep(Duration::from_millis(7_000)).await;
                        sandbox_pay(browser, &code).await;
                    }
                    // Change the bag and start over.
                    _ => {
                        browser.post_json("/api/payments/cancel", json!({})).await;
                    }
                }
            }
            tokio::time::sleep(Duration::from_millis((n as u64 * 37 + round as u64 * 101) % 300)).await;
        }
    });
    futures_util::future::join_all(runs).await;
    // Let webhooks land and lapsed payments end.
    tokio::time::sleep(Duration::from_millis(3_000)).await;
    wait_until("every lapsed hold is released", || {
        app.query_i64("SELECT COUNT(*) FROM reservations r JOIN payments p ON p.reference = r.payment_reference WHERE p.expires_at < CAST(strftime('%s','now') AS INTEGER) * 1000") == 0
    })
    .await;
    let sold = app.query_i64("SELECT COALESCE(SUM(oi.quantity), 0) FROM order_items oi WHERE oi.product_id = 'chrono'");
    let left = app.query_i64("SELECT stock FROM variants WHERE product_id = 'chrono'");
    let held = app.query_i64("SELECT COALESCE(SUM(quantity), 0) FROM reservations");
    assert!(sold > 0, "some shoppers bought");
    assert_eq!(sold + left + held, 20, "every unit sold, held or on sale");
    assert_eq!(app.query_i64("SELECT COUNT(*) FROM orders WHERE oversold = 1"), 0);
    assert_eq!(app.query_i64("SELECT COUNT(*) FROM orders WHERE code_over_limit = 1"), 0);
    let used = app.query_i64("SELECT COUNT(*) FROM discount_uses WHERE code = 'TEN' AND status = 'used'");
    assert_eq!(used, app.query_i64("SELECT COUNT(*) FROM orders WHERE discount_code = 'TEN'"));
    assert!(used <= 10, "{used} uses of a ten-use code");
    assert_eq!(
        app.query_i64("SELECT COUNT(*) FROM (SELECT user_id FROM orders WHERE discount_code = 'TEN' GROUP BY user_id HAVING COUNT(*) > 1)"),
        0,
        "one use per customer"
    );
    assert_eq!(app.query_i64("SELECT COUNT(*) FROM payments WHERE status = 'completed'"), app.query_i64("SELECT COUNT(*) FROM orders"));
}

#[actix_web::test]
async fn a_total_that_changed_since_the_summary_is_said_before_paystack_is_asked() {
    let app = shop(1800).await;
    let ada = shopper(&app, "ada@example.com").await;
    add(&ada, json!({"productId": "oxford", "size": "42", "color": "Black"})).await;
    let (_, quote) = ada.post_json("/api/checkout/quote", json!({"state": "Lagos"})).await;
    let seen = quote["breakdown"]["total"].as_i64().unwrap();
    // The merchant raises Lagos's fee (₦2,500 → ₦4,000) while the shopper reads the summary.
    let owner = admin(&app).await;
    let zones = json!({
        "zones": [{"name": "Lagos", "fee": "4000", "estimate": "1–2 working days", "freeOver": "", "states": ["Lagos"]}],
        "pickup": {"enabled": false}
    });
    let (status, saved) = owner.send_json(Method::PUT, "/api/admin/delivery", zones).await;
    assert_eq!(status, 200, "{saved}");
    let mut body = details("ada@example.com");
    body["expectedTotal"] = json!(seen);
    let (status, reply) = ada.post_json("/api/checkout", body.clone()).await;
    assert_eq!((status, reply["error"].as_str().unwrap()), (409, "price_changed"), "{reply}");
    assert!(reply["message"].as_str().unwrap().contains("₦49,000.00"), "{reply}");
    assert_eq!(app.query_i64("SELECT COUNT(*) FROM payments"), 0, "nothing started");
    assert_eq!(app.query_i64("SELECT COUNT(*) FROM reservations"), 0, "nothing held");
    body["expectedTotal"] = json!(4_900_000);
    assert_eq!(ada.post_json("/api/checkout", body).await.0, 201);
}

#[actix_web::test]
async fn per_address_limits_count_an_ipv6_network_as_one_client() {
    let app = spawn_with(|c| {
        c.no_demo = true;
        c.trusted_proxies = vec!["127.0.0.1".into()];
        c.signups_per_hour = 20;
    })
    .await;
    let from = |n: usize| format!("2001:db8:77:1:{:x}::{:x}", n * 7 + 1, n + 1);
    let mut created = 0;
    for n in 0..30 {
        let form = crate::common::signup_form("Shopper", &format!("v6-{n}@example.com"), "secret1", "secret1", None);
        let res =
            app.browser().client.post(app.url("/api/auth/signup")).header("x-forwarded-for", from(n)).multipart(form).send().await.unwrap();
        match res.status().as_u16() {
            429 => break,
            _ => created += 1,
        }
    }
    assert_eq!(created, 20, "twenty sign-ups from one /64, however many addresses it uses");
    // Another network is another client.
    let form = crate::common::signup_form("Shopper", "elsewhere@example.com", "secret1", "secret1", None);
    let res = app
        .browser()
        .client
        .post(app.url("/api/auth/signup"))
        .header("x-forwarded-for", "2001:db8:78::1")
        .multipart(form)
        .send()
        .await
        .unwrap();
    assert_ne!(res.status().as_u16(), 429);
    // Order tracking: twenty lookups per network in ten minutes.
    let mut answered = 0;
    for n in 0..40 {
        let res = app
            .browser()
            .client
            .get(app.url("/api/orders/track?number=K7M2QX9A&email=a@example.com"))
            .header("x-forwarded-for", from(n))
            .send()
            .await
            .unwrap();
        if res.status().as_u16() == 429 {
            break;
        }
        answered += 1;
    }
    assert_eq!(answered, 20);
}

#[actix_web::test]
async fn the_contact_form_keeps_taking_new_senders_and_mails_the_shop_a_digest() {
    let smtp = MiniSmtp::start();
    let url = format!("smtp://127.0.0.1:{}", smtp.port);
    let app = spawn_with(move |c| {
        c.no_demo = true;
        c.trusted_proxies = vec!["127.0.0.1".into()];
        c.smtp_url = Some(url);
        // The background round runs once at start; the test sends the digest itself below.
        c.reconcile_secs = 3_600;
    })
    .await;
    // That first round must be over before messages arrive, or on a busy machine it mails a digest
    // of the first few past the day's thirty and the one asked for below finds nothing left.
    wait_until("the first background round is over", || {
        app.state.machine.metrics.reconciler_runs.load(std::sync::atomic::Ordering::Relaxed) > 0
    })
    .await;
    let post = |n: usize, k: usize| {
        let browser = app.browser();
        async move {
            browser
                .client
                .post(browser.url("/api/contact"))
                .header("x-forwarded-for", format!("198.51.{n}.7"))
                .json(&json!({"email": format!("s{n}@example.com"), "message": format!("Message {k} from sender {n}")}))
                .send()
                .await
                .unwrap()
                .status()
                .as_u16()
        }
    };
    // Sixty addresses (each on its own /24, as homes and offices are) send five each: 300 messages,
    // the old shop-wide cap for a whole day.
    for n in 0..60 {
        for k in 0..5 {
            assert_eq!(post(n, k).await, 201);
        }
    }
    assert_eq!(post(100, 0).await, 201, "a genuine new sender is still heard");
    assert_eq!(post(0, 5).await, 429, "one sender is still limited");
    assert_eq!(app.query_i64("SELECT COUNT(*) FROM contact_messages"), 301);
    // 30 were mailed one by one; the other 271 arrive in one digest (the background round's job).
    let state = &app.state;
    ankara::content::send_contact_digest(&state.db, &state.mailer, &state.limits.contact).await.unwrap();
    wait_until("the digest is mailed", || smtp.messages().iter().any(|m| m.contains("271 new messages from the contact form"))).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let mails = smtp.messages();
    assert_eq!(mails.iter().filter(|m| m.contains("New message from the contact form")).count(), 30);
    assert_eq!(mails.len(), 31);
    assert_eq!(app.query_i64("SELECT COUNT(*) FROM contact_messages WHERE mailed = 0"), 0);
}

#[actix_web::test]
async fn review_edits_are_limited_to_a_persons_pace() {
    let app = shop(1800).await;
    let ada = shopper(&app, "ada@example.com").await;
    // Ada received a pair (an order delivered to her).
    let user_id: String =
        app.state.db.with_conn(|c| Ok(c.query_row("SELECT id FROM users WHERE email = 'ada@example.com'", [], |r| r.get(0))?)).unwrap();
    app.sql(&format!(
        "INSERT INTO payments (reference, user_id, amount_kobo, status, customer_name, customer_email, customer_phone, delivery_address, items, created_at, updated_at)
         VALUES ('R1', '{user_id}', 4500000, 'completed', 'Ada', 'ada@example.com', '1234567', '{{}}', '[]', 0, 0);
         INSERT INTO orders (id, user_id, payment_reference, status, customer_name, customer_email, customer_phone, total_kobo, street, city, state, country, postal_code, created_at, updated_at, number)
         VALUES ('o1', '{user_id}', 'R1', 'delivered', 'Ada', 'ada@example.com', '1234567', 4500000, 's', 'c', 'Lagos', 'NG', '1', 0, 0, 'K7M2QX9A');
         INSERT INTO order_items (order_id, position, product_id, name, price_kobo, quantity) VALUES ('o1', 0, 'oxford', 'Oxford Cap-Toe', 4500000, 1);"
    ));
    let mut accepted = 0;
    for n in 0..30 {
        let (status, reply) =
            ada.send_json(Method::PUT, "/api/products/oxford/review", json!({"rating": 1 + n % 5, "body": format!("Edit {n}")})).await;
        if status == 429 {
            assert_eq!(reply["message"], "You have changed your reviews many times in the last hour. Please try again later.");
            break;
        }
        assert_eq!(status, 200, "{reply}");
        accepted += 1;
    }
    assert_eq!(accepted, 20);
}

/// A tiny SMTP server on loopback that accepts every message and keeps its text.
struct MiniSmtp {
    port: u16,
    received: std::sync::Arc<std::sync::Mutex<Vec<String>>>,
}

impl MiniSmtp {
    fn start() -> MiniSmtp {
        use std::io::{BufRead, BufReader, Write};
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        let received = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
        let store = received.clone();
        std::thread::spawn(move || {
            for stream in listener.incoming() {
                let Ok(mut stream) = stream else { continue };
                let store = store.clone();
                std::thread::spawn(move || {
                    let mut reader = BufReader::new(stream.try_clone().unwrap());
                    let _ = stream.write_all(b"220 mini ESMTP\r\n");
                    let mut line = String::new();
                    while reader.read_line(&mut line).unwrap_or(0) > 0 {
                        let command = line.trim_end().to_ascii_uppercase();
                        let reply: &[u8] = if command.starts_with("EHLO") || command.starts_with("HELO") {
                            b"250 mini\r\n"
                        } else if command == "DATA" {
                            let _ = stream.write_all(b"354 go on\r\n");
                            let mut message = String::new();
                            let mut body = String::new();
                            while reader.read_line(&mut body).unwrap_or(0) > 0 {
                                if body == ".\r\n" {
                                    break;
                                }
                                message.push_str(&body);
                                body.clear();
                            }
                            store.lock().unwrap().push(message);
                            b"250 queued\r\n"
                        } else if command == "QUIT" {
                            let _ = stream.write_all(b"221 bye\r\n");
                            break;
                        } else {
                            b"250 ok\r\n"
                        };
                        let _ = stream.write_all(reply);
                        line.clear();
                    }
                });
            }
        });
        MiniSmtp { port, received }
    }

    fn messages(&self) -> Vec<String> {
        self.received.lock().unwrap().clone()
    }
}
