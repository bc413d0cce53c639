//! Refunds: through the built-in sandbox end to end (pending, then processed by its signed
//! webhook), and against a fake Paystack that refuses, fails, goes silent or answers late. A refund
//! never exceeds what was paid, even raced fifty ways, and money never moves twice.

use std::time::Duration;

use crate::common::fake_paystack::{self, FakePaystack, Mode};
use crate::common::{Browser, TestApp, spawn_with};
use crate::payments::{add_catalogue, customer_with_bag, details, paystack_shop, post_webhook, sign, wait_for_mail};
use reqwest::Method;
use serde_json::{Value, json};

/// Oxford ×2 (size 42, Black) at ₦45,000 and a ₦120,000.50 watch: ₦210,000.50 with free delivery.
const TOTAL: i64 = 2 * 4_500_000 + 12_000_050;

async fn sandbox_shop() -> TestApp {
    let app = spawn_with(|c| {
        c.no_demo = true;
        c.reconcile_secs = 3_600;
        c.signups_per_hour = 200;
    })
    .await;
    add_catalogue(&app);
    app
}

/// Pays for the bag through the sandbox; returns the order.
async fn sandbox_order(app: &TestApp, email: &str) -> (Browser, Value) {
    let ada = customer_with_bag(app, email).await;
    let (status, started) = ada.post_json("/api/checkout", details()).await;
    assert_eq!(status, 201, "{started}");
    let code = started["accessCode"].as_str().unwrap();
    ada.post_json(&format!("/api/sandbox/checkout/{code}"), json!({"outcome": "success"})).await;
    let (_, done) = ada.post_json("/api/payments/verify", json!({"reference": started["reference"]})).await;
    assert_eq!(done["data"]["success"], true, "{done}");
    (ada, done["data"]["order"].clone())
}

/// Pays for the bag at the fake Paystack; returns the order.
async fn paystack_order(app: &TestApp, fake: &FakePaystack, email: &str) -> (Browser, Value) {
    let ada = customer_with_bag(app, email).await;
    let (status, started) = ada.post_json("/api/checkout", details()).await;
    assert_eq!(status, 201, "{started}");
    let reference = started["reference"].as_str().unwrap();
    fake.set_outcome(reference, "success");
    let (_, done) = ada.post_json("/api/payments/verify", json!({"reference": reference})).await;
    assert_eq!(done["data"]["success"], true, "{done}");
    (ada, done["data"]["order"].clone())
}

async fn refund(admin: &Browser, order: &Value, body: Value) -> (u16, Value) {
    admin.post_json(&format!("/api/admin/orders/{}/refunds", order["id"].as_str().unwrap()), body).await
}

async fn admin_order(admin: &Browser, order: &Value) -> Value {
    admin.get_json(&format!("/api/admin/orders/{}", order["id"].as_str().unwrap())).await.1
}

fn stock_of(app: &TestApp, product: &str, size: &str) -> i64 {
    app.query_i64(&format!("SELECT stock FROM variants WHERE product_id = '{product}' AND size = '{size}'"))
}

fn message(answer: &Value) -> &str {
    answer["message"].as_str().unwrap_or("")
}

/// Waits until the admin's view of the order satisfies `done`.
async fn wait_for(admin: &Browser, order: &Value, done: impl Fn(&Value) -> bool) -> Value {
    for _ in 0..300 {
        let current = admin_order(admin, order).await;
        if done(&current) {
            return current;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    panic!("the order never got there: {}", admin_order(admin, order).await);
}

fn mails_containing(app: &TestApp, text: &str) -> usize {
    let outbox = app.dir.path().join("outbox");
    std::fs::read_dir(outbox).unwrap().filter_map(|e| std::fs::read_to_string(e.unwrap().path()).ok()).filter(|m| m.contains(text)).count()
}

#[actix_web::test]
async fn a_sandbox_refund_is_pending_then_processed_restocks_and_tells_the_customer() {
    let app = sandbox_shop().await;
    let (ada, order) = sandbox_order(&app, "ada@example.com").await;
    assert_eq!((order["refunded"].as_i64(), order["refunds"].as_array().map(Vec::len)), (Some(0), Some(0)));
    let admin = app.admin_browser("boss@example.com").await;
    let before = stock_of(&app, "oxford", "42");

    // Who may refund, and what.
    assert_eq!(refund(&ada, &order, json!({"amount": "100", "reason": "x"})).await.0, 403);
    assert_eq!(refund(&app.browser(), &order, json!({"amount": "100", "reason": "x"})).await.0, 401);
    assert_eq!(admin.post_json("/api/admin/orders/nope/refunds", json!({"amount": "100", "reason": "x"})).await.0, 404);
    for (amount, wanted) in [
        (json!("-5"), "The refund amount cannot be negative."),
        (json!("1.234"), "The refund amount: \"1.234\" is not a valid price: use naira with at most two decimals, like 25000.00"),
        (json!("0"), "The refund amount must be more than ₦0.00."),
        (json!(""), "Enter the amount to refund."),
        (json!("210000.51"), "Enter an amount of at most ₦210,000.50."),
        (json!(true), "The refund amount must be an amount in naira."),
    ] {
        let (status, answer) = refund(&admin, &order, json!({"amount": amount, "reason": "Damaged"})).await;
        assert_eq!((status, message(&answer)), (400, wanted), "{amount}");
    }
    let (status, answer) = refund(&admin, &order, json!({"amount": "100", "reason": "  "})).await;
    assert_eq!((status, message(&answer)), (400, "Please give a reason for the refund."));
    let (status, answer) = refund(&admin, &order, json!({"amount": "100", "reason": "x".repeat(301)})).await;
    assert_eq!((status, message(&answer)), (400, "Please keep the reason under 300 characters."));
    let (status, answer) =
        refund(&admin, &order, json!({"amount": "100", "reason": "Damaged", "restock": [{"line": 2, "units": 1}]})).await;
    assert_eq!((status, message(&answer)), (400, "Choose lines of this order to put back on sale."));
    assert_eq!(app.query_i64("SELECT COUNT(*) FROM refunds"), 0, "nothing recorded by a refused form");

    // Half, with the shoes back on sale.
    let half = TOTAL / 2;
    let (status, after) =
        refund(&admin, &order, json!({"amount": "105000.25", "reason": "Shoes returned", "restock": [{"line": 0, "units": 2}]})).await;
    assert_eq!(status, 201, "{after}");
    assert_eq!((after["refundPending"].as_i64(), after["refundable"].as_i64()), (Some(half), Some(TOTAL - half)));
    assert_eq!(after["refunds"][0]["status"], "pending");
    assert_eq!(after["refunds"][0]["restocked"], 2);
    assert_eq!(stock_of(&app, "oxford", "42"), before + 2, "the shoes are back on sale");

    // The sandbox processes it a moment later and says so by a signed webhook.
    let done = wait_for(&admin, &order, |o| o["refunds"][0]["status"] == "processed").await;
    assert_eq!((done["refunded"].as_i64(), done["refundPending"].as_i64()), (Some(half), Some(0)));
    let (_, mine) = ada.get_json("/api/orders").await;
    assert_eq!(mine["orders"][0]["refunded"], half, "the customer sees it in My Orders");
    assert_eq!(mine["orders"][0]["refunds"][0]["reason"], "Shoes returned");
    wait_for_mail(&app, |m| m.contains("To: ada@example.com") && m.contains("We have refunded ₦105,000.25")).await;

    // The rest, exactly; then nothing is left.
    let restock = json!([{"line": 0, "units": 2}, {"line": 1, "units": 1}]);
    let (status, rest) = refund(&admin, &order, json!({"amount": "105,000.25", "reason": "Watch returned", "restock": restock})).await;
    assert_eq!((status, rest["refundable"].as_i64()), (201, Some(0)), "{rest}");
    assert_eq!(rest["refunds"][1]["restocked"], 1, "the watch; the shoes were already back on sale and never go back twice");
    assert_eq!(stock_of(&app, "oxford", "42"), before + 2);
    let (status, answer) = refund(&admin, &order, json!({"amount": "1", "reason": "More"})).await;
    assert_eq!((status, message(&answer)), (409, "This order has nothing left to refund."));
    wait_for(&admin, &order, |o| o["refunded"] == TOTAL).await;
    let sandbox_refunded = app.query_i64("SELECT SUM(amount_kobo) FROM sandbox_refunds");
    assert_eq!(sandbox_refunded, TOTAL, "Paystack's side agrees: exactly what was paid went back");

    // Cancelling afterwards puts nothing back twice.
    let path = format!("/api/admin/orders/{}", order["id"].as_str().unwrap());
    admin.send_json(Method::PATCH, &path, json!({"status": "cancelled"})).await;
    assert_eq!(stock_of(&app, "oxford", "42"), before + 2);
}

#[actix_web::test]
async fn fifty_racing_refunds_never_exceed_what_was_paid() {
    let app = sandbox_shop().await;
    let (_, order) = sandbox_order(&app, "ada@example.com").await;
    let admin = app.admin_browser("boss@example.com").await;
    // Fifty admins' clicks at once, each for a tenth of the order (₦21,000.05).
    let tenth = TOTAL / 10;
    let attempts = (0..50).map(|_| refund(&admin, &order, json!({"amount": "21000.05", "reason": "Goodwill"})));
    let answers = futures_util::future::join_all(attempts).await;
    let created = answers.iter().filter(|(status, _)| *status == 201).count();
    assert_eq!(created, 10, "exactly ten tenths fit");
    for (status, answer) in answers.iter().filter(|(status, _)| *status != 201) {
        assert!(*status == 400 || *status == 409, "{status} {answer}");
        let text = message(answer);
        assert!(text == "This order has nothing left to refund." || text.starts_with("Enter an amount of at most"), "{text}");
    }
    assert_eq!(app.query_i64("SELECT SUM(amount_kobo) FROM refunds WHERE status != 'failed'"), 10 * tenth);
    assert_eq!(app.query_i64("SELECT SUM(amount_kobo) FROM sandbox_refunds"), 10 * tenth, "Paystack was asked ten times, no more");
    // The database itself refuses one more kobo.
    let refused = app.state.db.with_conn(|c| {
        Ok(c.execute(
            "INSERT INTO refunds (id, order_id, amount_kobo, reason, status, created_at, updated_at) VALUES ('x', ?1, 6, 'sneaky', 'pending', 0, 0)",
            [order["id"].as_str().unwrap()],
        ))
    });
    assert!(matches!(refused, Ok(Err(_))), "the trigger keeps refunds within the total");
}

#[actix_web::test]
async fn paystack_refusing_failing_or_going_silent_moves_no_money_twice() {
    let (app, fake) = paystack_shop().await;
    let (_, order) = paystack_order(&app, &fake, "ada@example.com").await;
    let admin = app.admin_browser("boss@example.com").await;

    // Paystack refuses (4xx): recorded as failed with its reason; the amount is free again.
    fake.set_refund(Mode::Fail(400));
    let (status, answer) = refund(&admin, &order, json!({"amount": "1000", "reason": "Try 1"})).await;
    assert_eq!((status, message(&answer)), (502, "Paystack refused the refund: An error occurred"));
    let now = admin_order(&admin, &order).await;
    assert_eq!(
        (now["refunds"][0]["status"].as_str(), now["refunds"][0]["failureReason"].as_str()),
        (Some("failed"), Some("Paystack: An error occurred"))
    );
    assert_eq!(now["refundable"], TOTAL);
    wait_for_mail(&app, |m| m.contains("To: shop@ankara.local") && m.contains("Refund failed for order")).await;
    let (_, failed) = admin.get_json("/api/admin/orders?refund=failed").await;
    assert_eq!((failed["total"].as_i64(), failed["orders"][0]["id"].as_str()), (Some(1), order["id"].as_str()));
    assert_eq!(admin.get_json("/api/admin/dashboard").await.1["failedRefunds"], 1);
    assert_eq!(admin.get_json("/api/admin/orders?refund=lost").await.0, 400);

    // Paystack errs (5xx) without taking it: pending until the shop has looked, then failed.
    fake.set_refund(Mode::Fail(500));
    let (status, answer) = refund(&admin, &order, json!({"amount": "2000", "reason": "Try 2"})).await;
    assert_eq!(status, 502, "{answer}");
    assert!(message(&answer).starts_with("Paystack did not answer."), "{answer}");
    // Paystack takes it but its answer never arrives.
    fake.set_refund(Mode::Hang);
    let (status, _) = refund(&admin, &order, json!({"amount": "3000", "reason": "Try 3"})).await;
    assert_eq!(status, 502);
    let now = admin_order(&admin, &order).await;
    assert_eq!(now["refundPending"], 500_000, "both unconfirmed refunds still count against what is left");
    assert_eq!(now["refundable"], TOTAL - 500_000);
    assert_eq!(fake.refunds().len(), 1, "only the silent one reached Paystack");
    let (_, failed) = admin.get_json("/api/admin/orders?refund=failed").await;
    assert_eq!(failed["total"], 0, "the latest refund is pending now");

    // The reconciler, a while later: the silent one is found at Paystack and linked; the other
    // is given up; nothing is asked for again.
    fake.set_refund(Mode::Normal);
    app.advance(20 * 60 * 1000);
    app.state.refunds.reconcile().await.unwrap();
    let now = admin_order(&admin, &order).await;
    let by_reason = |reason: &str| now["refunds"].as_array().unwrap().iter().find(|r| r["reason"] == reason).unwrap().clone();
    assert_eq!(by_reason("Try 2")["status"], "failed");
    assert_eq!(by_reason("Try 2")["failureReason"], "Paystack has no record of this refund");
    assert_eq!(by_reason("Try 3")["status"], "pending");
    assert_eq!(app.query_i64("SELECT COUNT(*) FROM refunds WHERE paystack_id IS NOT NULL"), 1);
    assert_eq!(fake.refunds().len(), 1, "no refund was asked for twice");

    // Paystack processes it; the reconciler notices without a webhook, once.
    fake.set_refund_status(fake.refunds()[0].id, "processed");
    app.state.refunds.reconcile().await.unwrap();
    app.state.refunds.reconcile().await.unwrap();
    let now = admin_order(&admin, &order).await;
    assert_eq!((now["refunded"].as_i64(), now["refundPending"].as_i64()), (Some(300_000), Some(0)));
    wait_for_mail(&app, |m| m.contains("To: ada@example.com") && m.contains("We have refunded ₦3,000.00")).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(mails_containing(&app, "We have refunded ₦3,000.00"), 1);
}

#[actix_web::test]
async fn refund_webhooks_are_signed_fetched_again_and_applied_once() {
    let (app, fake) = paystack_shop().await;
    let (_, order) = paystack_order(&app, &fake, "ada@example.com").await;
    let admin = app.admin_browser("boss@example.com").await;
    let (status, _) = refund(&admin, &order, json!({"amount": "50000", "reason": "Late delivery"})).await;
    assert_eq!(status, 201);
    let paystack = fake.refunds()[0].clone();
    let event = |status: &str| {
        let mut data = fake_paystack::refund_data(&paystack);
        data["status"] = json!(status);
        json!({"event": format!("refund.{status}"), "data": data}).to_string()
    };

    // Forged: refused, nothing moves.
    let processed = event("processed");
    assert_eq!(post_webhook(&app, &processed, Some(&"0".repeat(128))).await, 401);
    // Signed, but Paystack itself still says pending: the shop believes Paystack, not the body.
    assert_eq!(post_webhook(&app, &processed, Some(&sign(&processed))).await, 200);
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(admin_order(&admin, &order).await["refunds"][0]["status"], "pending");

    // Processed at Paystack: the webhook and its replays move it once and mail once.
    fake.set_refund_status(paystack.id, "processed");
    for _ in 0..3 {
        assert_eq!(post_webhook(&app, &processed, Some(&sign(&processed))).await, 200);
    }
    let done = wait_for(&admin, &order, |o| o["refunds"][0]["status"] == "processed").await;
    assert_eq!(done["refunded"], 5_000_000);
    wait_for_mail(&app, |m| m.contains("We have refunded ₦50,000.00")).await;
    // A stale "failed" for a processed refund changes nothing.
    let failed = event("failed");
    assert_eq!(post_webhook(&app, &failed, Some(&sign(&failed))).await, 200);
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(admin_order(&admin, &order).await["refunds"][0]["status"], "processed");
    assert_eq!(mails_containing(&app, "We have refunded ₦50,000.00"), 1, "one e-mail, however many webhooks");

    // A refund Paystack fails: its reason shows, and the amount can be refunded again.
    let (status, _) = refund(&admin, &order, json!({"amount": "10000", "reason": "Partial"})).await;
    assert_eq!(status, 201);
    let second = fake.refunds()[1].clone();
    fake.set_refund_status(second.id, "failed");
    let failed_copy = fake_paystack::FakeRefund { status: "failed".into(), ..second.clone() };
    let body = json!({"event": "refund.failed", "data": fake_paystack::refund_data(&failed_copy)}).to_string();
    assert_eq!(post_webhook(&app, &body, Some(&sign(&body))).await, 200);
    let now = wait_for(&admin, &order, |o| o["refunds"][1]["status"] == "failed").await;
    assert_eq!(now["refunds"][1]["failureReason"], "Paystack: Card issuer declined the reversal");
    assert_eq!(now["refundable"], TOTAL - 5_000_000);
    // A webhook for a refund this shop never made is ignored.
    let stranger =
        json!({"event": "refund.processed", "data": {"id": 999, "status": "processed", "amount": 100, "transaction_reference": "nope"}})
            .to_string();
    assert_eq!(post_webhook(&app, &stranger, Some(&sign(&stranger))).await, 200);
}

#[actix_web::test]
async fn cancelling_a_paid_order_refunds_it_in_the_same_step_and_oversold_orders_are_listed() {
    let app = sandbox_shop().await;
    let (_, first) = sandbox_order(&app, "ada@example.com").await;
    let (_, second) = sandbox_order(&app, "bola@example.com").await;
    let admin = app.admin_browser("boss@example.com").await;
    let before = stock_of(&app, "oxford", "42");

    let path = format!("/api/admin/orders/{}", first["id"].as_str().unwrap());
    let (status, cancelled) = admin.send_json(Method::PATCH, &path, json!({"status": "cancelled", "refund": true})).await;
    assert_eq!(status, 200, "{cancelled}");
    assert_eq!(cancelled["status"], "cancelled");
    assert_eq!(
        (cancelled["refunds"][0]["amount"].as_i64(), cancelled["refunds"][0]["reason"].as_str()),
        (Some(TOTAL), Some("Order cancelled"))
    );
    assert_eq!(cancelled["refundable"], 0);
    assert_eq!(stock_of(&app, "oxford", "42"), before + 2, "cancelling restocked once");
    wait_for(&admin, &first, |o| o["refunded"] == TOTAL).await;

    // An oversold order waits in its own list until it is refunded.
    app.sql(&format!("UPDATE orders SET oversold = 1 WHERE id = '{}'", second["id"].as_str().unwrap()));
    let (_, listed) = admin.get_json("/api/admin/orders?oversold=true").await;
    assert_eq!((listed["total"].as_i64(), listed["orders"][0]["id"].as_str()), (Some(1), second["id"].as_str()));
    let (_, dashboard) = admin.get_json("/api/admin/dashboard").await;
    assert_eq!(dashboard["oversoldToRefund"], 1);
    let (status, _) = refund(&admin, &second, json!({"amount": "210000.50", "reason": "Sold out"})).await;
    assert_eq!(status, 201);
    let (_, listed) = admin.get_json("/api/admin/orders?oversold=true").await;
    assert_eq!(listed["total"], 0);
}

#[actix_web::test]
async fn a_refund_puts_back_on_sale_the_units_chosen_and_never_a_unit_twice() {
    let app = sandbox_shop().await;
    // The bag: two pairs of the Oxford (line 0) and the watch (line 1).
    let (_, order) = sandbox_order(&app, "ada@example.com").await;
    let admin = app.admin_browser("boss@example.com").await;
    let before = stock_of(&app, "oxford", "42");
    assert_eq!(admin_order(&admin, &order).await["restockable"], json!([2, 1]), "both pairs and the watch are off sale");

    // What may be put back: units of lines of this order, 1 to the line's quantity, each line once.
    for (restock, wanted) in [
        (json!([{"line": 0, "units": 3}]), "Put back from 1 to 2 of Oxford Cap-Toe (42, Black) on sale."),
        (json!([{"line": 0, "units": 0}]), "Put back from 1 to 2 of Oxford Cap-Toe (42, Black) on sale."),
        (json!([{"line": 0, "units": 1}, {"line": 0, "units": 1}]), "List each line once."),
        (json!([{"line": 5, "units": 1}]), "Choose lines of this order to put back on sale."),
    ] {
        let (status, answer) = refund(&admin, &order, json!({"amount": "100", "reason": "Returned", "restock": restock})).await;
        assert_eq!((status, message(&answer)), (400, wanted), "{restock}");
    }

    // One pair of two comes back: exactly one unit goes back on sale.
    let (status, after) =
        refund(&admin, &order, json!({"amount": "45000", "reason": "One pair returned", "restock": [{"line": 0, "units": 1}]})).await;
    assert_eq!(status, 201, "{after}");
    assert_eq!(after["refunds"][0]["restocked"], 1);
    assert_eq!(after["restockable"], json!([1, 1]));
    assert_eq!(stock_of(&app, "oxford", "42"), before + 1, "one pair back on sale, not both");

    // Asking for both pairs again puts back only the one still off sale.
    let (status, after) =
        refund(&admin, &order, json!({"amount": "45000", "reason": "Other pair returned", "restock": [{"line": 0, "units": 2}]})).await;
    assert_eq!(status, 201, "{after}");
    assert_eq!(after["refunds"][1]["restocked"], 1, "the first pair was already back on sale");
    assert_eq!(after["restockable"], json!([0, 1]));
    assert_eq!(stock_of(&app, "oxford", "42"), before + 2);

    // Cancelling puts back the watch, and no pair a third time.
    let watch_before = app.query_i64("SELECT stock FROM variants WHERE product_id = 'chrono'");
    let (status, cancelled) = admin
        .send_json(Method::PATCH, &format!("/api/admin/orders/{}", order["id"].as_str().unwrap()), json!({"status": "cancelled"}))
        .await;
    assert_eq!(status, 200, "{cancelled}");
    assert_eq!(cancelled["restockable"], json!([0, 0]));
    assert_eq!(stock_of(&app, "oxford", "42"), before + 2);
    assert_eq!(app.query_i64("SELECT stock FROM variants WHERE product_id = 'chrono'"), watch_before + 1);
}
