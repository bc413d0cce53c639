//! Store credit and gift cards at checkout (issue 35 §3): credit spent only after the account's
//! e-mail is proved, part of a payment (Paystack pays the rest) or all of it (no Paystack at all),
//! given back when a payment is cancelled or runs out, returned from an order by the merchant
//! within what it paid; gift cards issued, looked up, spent in parts and disabled. Fifty checkouts
//! racing for one balance leave every ledger exact and never below zero.

use crate::common::{Browser, TestApp, product, spawn_with};
use crate::payments::details;
use ankara::money::Kobo;
use serde_json::{Value, json};

/// A ₦3,000 scarf, for many small orders: ₦5,500 with Lagos's ₦2,500 delivery.
const SCARF: i64 = 300_000;
const SCARF_TOTAL: i64 = SCARF + 250_000;

async fn shop() -> TestApp {
    let app = spawn_with(|c| {
        c.no_demo = true;
        c.reconcile_secs = 3_600;
        c.signups_per_hour = 500;
        c.checkouts_per_address = 500;
    })
    .await;
    crate::payments::add_catalogue(&app);
    app.add_product("scarf", product("Silk Scarf", "wristwatches", SCARF));
    app
}

/// Oxford ×2 (size 42) at ₦45,000 and a ₦120,000.50 watch.
const TOTAL: i64 = 2 * 4_500_000 + 12_000_050;

fn give_credit(app: &TestApp, email: &str, kobo: i64) {
    let now = app.now_ms();
    app.state
        .db
        .with_conn(|c| ankara::credit::issue(c, email, Kobo::new(kobo), "Goodwill", ankara::credit::Source::default(), now))
        .unwrap();
}

fn credit_of(app: &TestApp, email: &str) -> i64 {
    app.state.db.with_conn(|c| Ok(ankara::credit::balance(c, email)?)).unwrap().get()
}

/// Proves the account's e-mail the way the customer does: the mailed link, opened.
async fn prove(app: &TestApp, browser: &Browser) {
    let (status, answer) = browser.post_json("/api/account/credit/proof", Value::Null).await;
    assert_eq!(status, 200, "{answer}");
    let mail = app.last_mail();
    assert!(mail.contains("Confirm your e-mail to use your store credit"), "{mail}");
    let token = mail.split("confirm-email?token=").nth(1).unwrap().chars().take_while(char::is_ascii_alphanumeric).collect::<String>();
    let (status, answer) = app.browser().post_json("/api/account/credit/confirm", json!({ "token": token })).await;
    assert_eq!(status, 200, "{answer}");
}

async fn checkout(browser: &Browser, extra: Value) -> (u16, Value) {
    let mut body = details();
    for (k, v) in extra.as_object().unwrap() {
        body[k] = v.clone();
    }
    browser.post_json("/api/checkout", body).await
}

async fn pay_in_sandbox(browser: &Browser, started: &Value) -> Value {
    let code = started["accessCode"].as_str().unwrap();
    let (status, reply) = browser.post_json(&format!("/api/sandbox/checkout/{code}"), json!({"outcome": "success"})).await;
    assert_eq!(status, 200, "{reply}");
    let (_, done) = browser.post_json("/api/payments/verify", json!({"reference": started["reference"]})).await;
    assert_eq!(done["data"]["success"], true, "{done}");
    done["data"]["order"].clone()
}

async fn customer_with_scarf(app: &TestApp, email: &str) -> Browser {
    let browser = app.browser();
    browser.signup("Ada Obi", email, "secret1").await;
    let (status, answer) = browser.post_json("/api/bag", json!({"productId": "scarf"})).await;
    assert!(status < 300, "{answer}");
    browser
}

#[actix_web::test]
async fn credit_is_spent_only_after_the_email_is_proved_and_paystack_pays_the_rest() {
    let app = shop().await;
    let ada = crate::payments::customer_with_bag(&app, "ada@example.com").await;
    give_credit(&app, "ada@example.com", 5_000_000);

    // Signing up with an address proves nothing: the credit waits for the mailed link.
    let (_, quote) = ada.post_json("/api/checkout/quote", json!({"state": "Lagos", "useCredit": true})).await;
    assert_eq!(quote["credit"], json!({"status": "unproven", "balance": 5_000_000, "applied": 0}), "{quote}");
    let (status, started) = checkout(&ada, json!({"useCredit": true})).await;
    assert_eq!(status, 201, "{started}");
    assert_eq!((started["amount"].as_i64(), started["paidByCredit"].as_i64()), (Some(TOTAL), Some(0)));
    ada.post_json("/api/payments/cancel", json!({"reference": started["reference"]})).await;
    assert_eq!(credit_of(&app, "ada@example.com"), 5_000_000);

    // A link to a stranger's address is no use to another account.
    let (status, _) = app.browser().post_json("/api/account/credit/confirm", json!({"token": "not-a-token"})).await;
    assert_eq!(status, 400);
    prove(&app, &ada).await;
    let (_, quote) = ada.post_json("/api/checkout/quote", json!({"state": "Lagos", "useCredit": true})).await;
    assert_eq!(quote["credit"], json!({"status": "usable", "balance": 5_000_000, "applied": 5_000_000}), "{quote}");
    assert_eq!(quote["toPay"], TOTAL - 5_000_000);

    let (status, started) = checkout(&ada, json!({"useCredit": true, "expectedTotal": TOTAL})).await;
    assert_eq!(status, 201, "{started}");
    assert_eq!(started["amount"], TOTAL - 5_000_000, "Paystack charges only the rest");
    assert_eq!(started["paidByCredit"], 5_000_000);
    assert_eq!(started["breakdown"]["total"], TOTAL);
    assert_eq!(credit_of(&app, "ada@example.com"), 0, "taken when the payment started");

    let order = pay_in_sandbox(&ada, &started).await;
    assert_eq!(order["status"], "paid");
    assert_eq!(order["totalAmount"], TOTAL);
    assert_eq!(order["paid"], TOTAL);
    assert_eq!(order["paidOnline"], TOTAL - 5_000_000, "only what went through Paystack can go back through it");
    assert_eq!(order["paidByCredit"], 5_000_000);
    assert_eq!(order["balance"], 0);

    let (_, account) = ada.get_json("/api/account/credit").await;
    assert_eq!(account["balance"], 0);
    assert_eq!(account["proven"], true);
    let entries = account["entries"].as_array().unwrap();
    assert_eq!(entries[0]["amount"], -5_000_000);
    assert_eq!(entries[0]["orderId"], order["id"]);

    // The merchant returns the credit part to the credit, within what it paid.
    let admin = app.admin_browser("owner@example.com").await;
    let path = format!("/api/admin/orders/{}/credit-returns", order["id"].as_str().unwrap());
    let (status, answer) = admin.post_json(&path, json!({"to": "credit", "amount": "10000"})).await;
    assert_eq!(status, 201, "{answer}");
    assert_eq!(answer["creditReturned"], 1_000_000);
    assert_eq!(credit_of(&app, "ada@example.com"), 1_000_000);
    let (status, answer) = admin.post_json(&path, json!({"to": "credit", "amount": "40000.01"})).await;
    assert_eq!(status, 409, "{answer}");
    assert!(answer["message"].as_str().unwrap().contains("₦40,000.00"), "{answer}");
    let (status, answer) = admin.post_json(&path, json!({"to": "giftCard"})).await;
    assert_eq!(status, 409, "{answer}");
    let (status, _) = admin.post_json(&path, json!({"to": "credit"})).await;
    assert_eq!(status, 201);
    assert_eq!(credit_of(&app, "ada@example.com"), 5_000_000);
    // A Paystack refund still returns only what went through Paystack.
    let refund = format!("/api/admin/orders/{}/refunds", order["id"].as_str().unwrap());
    let (status, answer) = admin.post_json(&refund, json!({"amount": "210000.50", "reason": "All"})).await;
    assert_eq!(status, 400, "{answer}");
    // A packer may not move money.
    let packer = app.staff("packer@example.com", "packer").await;
    let (status, _) = packer.post_json(&path, json!({"to": "credit"})).await;
    assert_eq!(status, 403);
}

#[actix_web::test]
async fn an_order_paid_in_full_by_credit_is_paid_at_once_without_paystack() {
    let app = shop().await;
    let ada = crate::payments::customer_with_bag(&app, "ada.obi@gmail.com").await;
    give_credit(&app, "adaobi@gmail.com", TOTAL + 100);
    prove(&app, &ada).await;
    let (status, answer) = checkout(&ada, json!({"useCredit": true})).await;
    assert_eq!(status, 201, "{answer}");
    let order = &answer["order"];
    assert_eq!(order["status"], "paid", "{answer}");
    assert_eq!(order["paidOnline"], 0);
    assert_eq!(order["paidByCredit"], TOTAL);
    assert_eq!(order["paid"], TOTAL);
    assert_eq!(credit_of(&app, "adaobi@gmail.com"), 100);
    let reference = order["paymentReference"].as_str().unwrap();
    assert!(reference.starts_with("CRD-"), "{reference}");
    assert_eq!(app.query_i64(&format!("SELECT credit_kobo FROM payments WHERE reference = '{reference}'")), TOTAL);
    let (_, bag) = ada.get_json("/api/bag").await;
    assert_eq!(bag["items"].as_array().map(Vec::len).unwrap_or(0), 0, "{bag}");
    // Cancelled with its refund, the credit goes back (nothing goes to Paystack).
    let admin = app.admin_browser("owner@example.com").await;
    let path = format!("/api/admin/orders/{}", order["id"].as_str().unwrap());
    let (status, answer) = admin.send_json(reqwest::Method::PATCH, &path, json!({"status": "cancelled", "refund": true})).await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(credit_of(&app, "adaobi@gmail.com"), TOTAL + 100);
}

#[actix_web::test]
async fn a_payment_cancelled_or_run_out_gives_its_credit_and_gift_card_back_once() {
    let app = shop().await;
    let ada = customer_with_scarf(&app, "ada@example.com").await;
    give_credit(&app, "ada@example.com", 100_000);
    prove(&app, &ada).await;
    let admin = app.admin_browser("owner@example.com").await;
    let (status, issued) = admin.post_json("/api/admin/gift-cards", json!({"amount": "1500", "note": "Test"})).await;
    assert_eq!(status, 201, "{issued}");
    let code = issued["code"].as_str().unwrap().to_string();

    let (status, started) = checkout(&ada, json!({"useCredit": true, "giftCard": code.to_lowercase()})).await;
    assert_eq!(status, 201, "{started}");
    assert_eq!((started["paidByGiftCard"].as_i64(), started["paidByCredit"].as_i64()), (Some(150_000), Some(100_000)));
    assert_eq!(started["amount"], SCARF_TOTAL - 250_000);
    assert_eq!(credit_of(&app, "ada@example.com"), 0);
    let (_, card) = app.browser().post_json("/api/gift-cards/balance", json!({"code": code})).await;
    assert_eq!(card["balance"], 0);

    // Cancelled: both come back.
    ada.post_json("/api/payments/cancel", json!({"reference": started["reference"]})).await;
    assert_eq!(credit_of(&app, "ada@example.com"), 100_000);
    let (_, card) = app.browser().post_json("/api/gift-cards/balance", json!({"code": code})).await;
    assert_eq!(card["balance"], 150_000);

    // Run out: the expiry round gives them back, and a second round gives nothing more.
    let (status, started) = checkout(&ada, json!({"useCredit": true, "giftCard": code})).await;
    assert_eq!(status, 201, "{started}");
    assert_eq!(credit_of(&app, "ada@example.com"), 0);
    app.pass_holds();
    app.state.payments.end_lapsed_payments().await.unwrap();
    app.state.payments.release_lapsed_holds(app.now_ms()).await.unwrap();
    app.state.payments.end_lapsed_payments().await.unwrap();
    assert_eq!(credit_of(&app, "ada@example.com"), 100_000);
    let (_, card) = app.browser().post_json("/api/gift-cards/balance", json!({"code": code})).await;
    assert_eq!(card["balance"], 150_000);
    assert_eq!(app.query_i64("SELECT COUNT(*) FROM tender_holds"), 0);
    let reference = started["reference"].as_str().unwrap();
    assert_eq!(app.query_i64(&format!("SELECT SUM(amount_kobo) FROM credit_entries WHERE payment_reference = '{reference}'")), 0);
}

#[actix_web::test]
async fn gift_cards_are_issued_listed_looked_up_spent_in_parts_and_disabled() {
    let app = shop().await;
    let admin = app.admin_browser("owner@example.com").await;
    let (status, issued) = admin.post_json("/api/admin/gift-cards", json!({"amount": "6500", "note": "Birthday"})).await;
    assert_eq!(status, 201, "{issued}");
    let code = issued["code"].as_str().unwrap().to_string();
    assert_eq!(code.len(), 19, "16 characters in groups of four: {code}");
    let last4 = &code[15..];
    assert_eq!(issued["card"]["last4"], last4);
    // Only the code's SHA-256 is kept, beside its last 4 characters.
    assert_eq!(app.query_i64("SELECT length(code_hash) FROM gift_cards"), 64);
    assert_eq!(app.query_i64(&format!("SELECT COUNT(*) FROM gift_cards WHERE code_hash = '{}'", code.replace('-', ""))), 0);
    let (_, cards) = admin.get_json("/api/admin/gift-cards").await;
    assert_eq!(cards[0]["balance"], 650_000);
    assert_eq!(cards[0]["note"], "Birthday");
    let manager = app.staff("manager@example.com", "manager").await;
    assert_eq!(manager.get_json("/api/admin/gift-cards").await.0, 200);
    let packer = app.staff("packer@example.com", "packer").await;
    assert_eq!(packer.get_json("/api/admin/gift-cards").await.0, 403);

    // Spent in parts: ₦5,500, then ₦1,000 of the next ₦5,500 (Paystack pays ₦4,500).
    let ada = customer_with_scarf(&app, "ada@example.com").await;
    let (_, answer) = checkout(&ada, json!({"giftCard": code})).await;
    assert_eq!(answer["order"]["paidByGiftCard"], SCARF_TOTAL, "{answer}");
    ada.post_json("/api/bag", json!({"productId": "scarf"})).await;
    let (_, quote) = ada.post_json("/api/checkout/quote", json!({"state": "Lagos", "giftCard": code})).await;
    assert_eq!(quote["giftCard"], json!({"last4": last4, "balance": 100_000, "applied": 100_000}), "{quote}");
    let (_, started) = checkout(&ada, json!({"giftCard": code})).await;
    assert_eq!(started["amount"], SCARF_TOTAL - 100_000, "{started}");
    let order = pay_in_sandbox(&ada, &started).await;
    assert_eq!((order["paidByGiftCard"].as_i64(), order["paidOnline"].as_i64()), (Some(100_000), Some(SCARF_TOTAL - 100_000)));
    let (_, card) = app.browser().post_json("/api/gift-cards/balance", json!({"code": code})).await;
    assert_eq!(card["balance"], 0);
    ada.post_json("/api/bag", json!({"productId": "scarf"})).await;
    let (status, answer) = checkout(&ada, json!({"giftCard": code})).await;
    assert_eq!((status, answer["message"].as_str()), (400, Some("This gift card has been used up.")), "{answer}");

    // Returned to the card by the merchant; then disabled, it pays nothing.
    let path = format!("/api/admin/orders/{}/credit-returns", order["id"].as_str().unwrap());
    let (status, answer) = admin.post_json(&path, json!({"to": "giftCard", "amount": "500"})).await;
    assert_eq!(status, 201, "{answer}");
    assert_eq!(answer["giftCardReturned"], 50_000);
    let id = issued["card"]["id"].as_str().unwrap();
    let (status, card) = admin.send_json(reqwest::Method::PATCH, &format!("/api/admin/gift-cards/{id}"), json!({"disabled": true})).await;
    assert_eq!(status, 200, "{card}");
    assert_eq!(card["balance"], 50_000);
    let (status, answer) = checkout(&ada, json!({"giftCard": code})).await;
    assert_eq!(status, 400, "{answer}");
    assert!(answer["message"].as_str().unwrap().contains("disabled"), "{answer}");

    // An unknown code says so; lookups are limited per address.
    let visitor = app.browser();
    let (status, answer) = visitor.post_json("/api/gift-cards/balance", json!({"code": "ABCD-EFGH-JKMN-PQRS"})).await;
    assert_eq!(status, 404, "{answer}");
    let mut limited = false;
    for _ in 0..25 {
        limited |= visitor.post_json("/api/gift-cards/balance", json!({"code": "ABCD-EFGH-JKMN-PQRS"})).await.0 == 429;
    }
    assert!(limited, "balance lookups are rate-limited");
}

/// Fifty shoppers check out at once spending one store-credit balance (their addresses share one
/// e-mail key) and one gift card: each balance ends exactly at zero, never below, and every spend
/// is in the ledger once; cancelled, every kobo comes back.
#[actix_web::test]
async fn fifty_checkouts_racing_for_one_credit_balance_and_one_gift_card_never_overspend() {
    let app = shop().await;
    let admin = app.admin_browser("owner@example.com").await;
    let (_, issued) = admin.post_json("/api/admin/gift-cards", json!({"amount": "10000"})).await;
    let code = issued["code"].as_str().unwrap().to_string();
    give_credit(&app, "ada@example.com", 1_000_000);
    let mut shoppers = Vec::new();
    for i in 0..50 {
        let email = format!("ada+{i}@example.com");
        let browser = customer_with_scarf(&app, &email).await;
        app.sql(&format!(
            "INSERT INTO email_proofs (user_id, email_key, sent_at, proved_at)
             SELECT id, 'ada@example.com', 0, 0 FROM users WHERE email = '{email}'"
        ));
        shoppers.push(browser);
    }
    // Half spend credit, half the gift card.
    let attempts = shoppers.iter().enumerate().map(|(i, browser)| {
        let extra = if i % 2 == 0 { json!({"useCredit": true}) } else { json!({"giftCard": code}) };
        checkout(browser, extra)
    });
    let answers = futures_util::future::join_all(attempts).await;
    let (mut by_credit, mut by_card) = (0, 0);
    for (status, answer) in &answers {
        assert!(*status == 201 || *status == 400 || *status == 409, "{status} {answer}");
        if *status == 201 {
            let paid = answer.get("order").map_or(answer.clone(), |o| o.clone());
            by_credit += paid["paidByCredit"].as_i64().unwrap_or(0);
            by_card += paid["paidByGiftCard"].as_i64().unwrap_or(0);
        }
    }
    assert_eq!(by_credit, 1_000_000, "the credit paid exactly its balance");
    assert_eq!(by_card, 1_000_000, "the card paid exactly its balance");
    assert_eq!(credit_of(&app, "ada@example.com"), 0);
    assert_eq!(app.query_i64("SELECT MIN(running) FROM (SELECT SUM(amount_kobo) OVER (ORDER BY id) AS running FROM credit_entries)"), 0);
    assert_eq!(app.query_i64("SELECT MIN(running) FROM (SELECT SUM(amount_kobo) OVER (ORDER BY id) AS running FROM gift_card_entries)"), 0);
    // Every open payment ended: what they held comes back, to the kobo.
    app.pass_holds();
    app.state.payments.end_lapsed_payments().await.unwrap();
    app.state.payments.release_lapsed_holds(app.now_ms()).await.unwrap();
    let paid_in_full_by_credit = app.query_i64("SELECT COALESCE(SUM(credit_kobo), 0) FROM orders");
    let paid_in_full_by_card = app.query_i64("SELECT COALESCE(SUM(gift_kobo), 0) FROM orders");
    assert_eq!(credit_of(&app, "ada@example.com"), 1_000_000 - paid_in_full_by_credit);
    let (_, card) = app.browser().post_json("/api/gift-cards/balance", json!({"code": code})).await;
    assert_eq!(card["balance"], 1_000_000 - paid_in_full_by_card);
    assert_eq!(app.query_i64("SELECT COUNT(*) FROM tender_holds"), 0);
}

#[actix_web::test]
async fn guests_cannot_spend_credit_and_are_told_to_sign_in() {
    let app = shop().await;
    give_credit(&app, "ada@example.com", 100_000);
    let admin = app.admin_browser("owner@example.com").await;
    crate::pay_on_delivery::settings(&admin, json!({"guestCheckout": true})).await;
    let guest = app.browser();
    let (status, answer) = guest.post_json("/api/bag", json!({"productId": "scarf"})).await;
    assert!(status < 300, "{answer}");
    let (_, quote) = guest.post_json("/api/checkout/quote", json!({"state": "Lagos", "useCredit": true, "email": "ada@example.com"})).await;
    assert_eq!(quote["credit"]["status"], "guest", "{quote}");
    assert_eq!(quote["credit"]["applied"], 0);
    let (status, started) = checkout(&guest, json!({"useCredit": true})).await;
    assert_eq!(status, 201, "{started}");
    assert_eq!(started["paidByCredit"], 0);
    assert_eq!(credit_of(&app, "ada@example.com"), 100_000);
}
