//! Selling from chats (issue 24): orders the merchant takes in WhatsApp or Instagram, paid by link
//! (all of it, or a deposit and then the balance); links that expire; the staff's roles, kept by
//! one table the API document is checked against; the activity log; customers.

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
        c.reconcile_secs = 1;
    })
    .await;
    app.add_product("oxford", product_with("Oxford Cap-Toe", "formal-shoes", OXFORD, "Oxfords", &["41", "42"], &["Black"]));
    app.sql("UPDATE variants SET stock = 5 WHERE product_id = 'oxford'");
    app
}

fn stock_42(app: &TestApp) -> i64 {
    app.query_i64("SELECT stock FROM variants WHERE product_id = 'oxford' AND size = '42'")
}

fn token_of(link: &str) -> String {
    link.rsplit('/').next().unwrap().to_string()
}

fn today() -> String {
    ankara::util::iso8601(ankara::db::now_ms() + 3_600_000)[..10].to_string()
}

/// Pays a pay link through the sandbox as a visitor would: start, pay in the pop-up, verify.
async fn pay_link(visitor: &Browser, token: &str) -> Value {
    let (status, start) = visitor.post_json(&format!("/api/pay/{token}"), Value::Null).await;
    assert_eq!(status, 200, "{start}");
    let code = start["accessCode"].as_str().unwrap();
    let (status, paid) = visitor.post_json(&format!("/api/sandbox/checkout/{code}"), json!({"outcome": "success"})).await;
    assert_eq!(status, 200, "{paid}");
    let (status, verified) = visitor.post_json(&format!("/api/pay/{token}/verify"), json!({"reference": start["reference"]})).await;
    assert_eq!((status, &verified["data"]["success"]), (200, &json!(true)), "{verified}");
    verified
}

fn chat_order(deposit: Value) -> Value {
    json!({
        "customer": { "name": "Chioma Eze", "phone": "0803 555 0199", "email": "chioma@example.com" },
        "lines": [{ "productId": "oxford", "size": "42", "color": "Black", "quantity": 2 }],
        "delivery": { "fee": "2500", "address": { "street": "4 Allen Avenue", "city": "Ikeja", "state": "Lagos", "country": "Nigeria" } },
        "deposit": deposit,
        "note": "Wants them before Friday",
        "customerNote": "Call before delivery",
        "source": "whatsapp",
    })
}

#[actix_web::test]
async fn a_chat_order_is_paid_by_a_deposit_link_then_a_balance_link_and_every_figure_agrees() {
    let app = shop().await;
    let owner = app.admin_browser("owner@example.com").await;
    let total = 2 * OXFORD + 250_000;

    // Refused asks lose nothing.
    for (body, words) in [
        (json!({"customer": {"name": "", "phone": ""}, "lines": [], "delivery": {}}), "name and phone"),
        (json!({"customer": {"name": "A", "phone": "0803 555 0199"}, "lines": [], "delivery": {"pickup": true}}), "at least one item"),
        (
            json!({"customer": {"name": "A", "phone": "0803 555 0199"}, "lines": [{"productId": "oxford", "size": "42", "color": "Black", "quantity": 99}], "delivery": {"pickup": true}}),
            "left",
        ),
    ] {
        let (status, reply) = owner.post_json("/api/admin/orders", body).await;
        assert!(status == 400 || status == 409, "{status} {reply}");
        assert!(reply["message"].as_str().unwrap().contains(words), "{reply}");
    }
    assert_eq!(app.query_i64("SELECT COUNT(*) FROM orders"), 0);
    assert_eq!(stock_42(&app), 5);

    let (status, made) = owner.post_json("/api/admin/orders", chat_order(json!({"percent": 40}))).await;
    assert_eq!(status, 201, "{made}");
    let order = &made["order"];
    let id = order["id"].as_str().unwrap().to_string();
    assert_eq!((order["totalAmount"].as_i64(), &order["status"], &order["source"]), (Some(total), &json!("placed"), &json!("whatsapp")));
    assert_eq!(order["internalNote"], "Wants them before Friday");
    assert_eq!(order["customerNote"], "Call before delivery");
    assert_eq!(stock_42(&app), 3, "the stock is taken when the order is made");
    let deposit = total * 40 / 100;
    assert_eq!((order["payLinks"][0]["amount"].as_i64(), &order["payLinks"][0]["purpose"]), (Some(deposit), &json!("deposit")));

    // The customer opens the link with no account.
    let visitor = app.browser();
    let token = token_of(made["payLink"].as_str().unwrap());
    let (status, page) = visitor.get_json(&format!("/api/pay/{token}")).await;
    assert_eq!(status, 200, "{page}");
    assert_eq!((page["link"]["amount"].as_i64(), page["balance"].as_i64(), page["paid"].as_i64()), (Some(deposit), Some(total), Some(0)));
    assert!(page.get("internalNote").is_none(), "the shop's own note stays in the shop: {page}");
    assert_eq!(visitor.get_json("/api/pay/nothing-like-a-token").await.0, 404);
    pay_link(&visitor, &token).await;

    let (_, after) = owner.get_json(&format!("/api/admin/orders/{id}")).await;
    assert_eq!((after["paid"].as_i64(), after["balance"].as_i64()), (Some(deposit), Some(total - deposit)), "{after}");
    assert_eq!(after["status"], "paid", "a deposit confirms the order; its balance is still owed");
    // Paying the same link again is refused: it is paid.
    let (status, again) = visitor.post_json(&format!("/api/pay/{token}"), Value::Null).await;
    assert_eq!((status, &again["error"]), (409, &json!("link_paid")), "{again}");
    let (_, dashboard) = owner.get_json("/api/admin/dashboard").await;
    assert_eq!(dashboard["today"]["revenue"].as_i64(), Some(deposit), "{dashboard}");
    assert_eq!((dashboard["owedByLink"].as_i64(), dashboard["owedByLinkOrders"].as_i64()), (Some(total - deposit), Some(1)));

    // The balance: a second link for what is left.
    let (status, second) = owner.post_json(&format!("/api/admin/orders/{id}/pay-links"), json!({})).await;
    assert_eq!(status, 201, "{second}");
    let balance_token = token_of(second["payLink"].as_str().unwrap());
    let (_, page) = visitor.get_json(&format!("/api/pay/{balance_token}")).await;
    assert_eq!((page["link"]["amount"].as_i64(), &page["link"]["purpose"]), (Some(total - deposit), &json!("balance")));
    pay_link(&visitor, &balance_token).await;

    let (_, paid) = owner.get_json(&format!("/api/admin/orders/{id}")).await;
    assert_eq!((&paid["status"], paid["paid"].as_i64(), paid["balance"].as_i64()), (&json!("paid"), Some(total), Some(0)), "{paid}");
    assert_eq!(stock_42(&app), 3, "paying takes no more stock");
    let (_, dashboard) = owner.get_json("/api/admin/dashboard").await;
    assert_eq!(dashboard["today"]["revenue"].as_i64(), Some(total));
    assert_eq!(dashboard["owedByLink"].as_i64(), Some(0));
    let csv = owner.get(&format!("/api/admin/orders.csv?from={0}&to={0}", today())).await.text().await.unwrap();
    let header: Vec<&str> = csv.lines().next().unwrap().split(',').collect();
    let row: Vec<&str> = csv.lines().nth(1).unwrap().split(',').collect();
    let column = |name: &str| row[header.iter().position(|h| *h == name).unwrap_or_else(|| panic!("{name} in {csv}"))];
    assert_eq!((column("source"), column("amount_paid"), column("balance")), ("whatsapp", "92500.00", "0.00"), "{csv}");

    // A refund larger than either payment goes back across both, newest first.
    let (status, refunded) =
        owner.post_json(&format!("/api/admin/orders/{id}/refunds"), json!({"amount": "80000", "reason": "Changed her mind"})).await;
    assert_eq!(status, 201, "{refunded}");
    let parts: Vec<(String, i64)> = app
        .state
        .db
        .with_conn(|c| {
            let mut s = c.prepare("SELECT payment_reference, amount_kobo FROM refunds ORDER BY amount_kobo DESC")?;
            Ok(s.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?.collect::<Result<Vec<_>, _>>()?)
        })
        .unwrap();
    assert_eq!(parts.len(), 2, "{parts:?}");
    assert_eq!(parts[0].1, total - deposit, "the balance's payment is refunded whole first");
    assert_eq!(parts[1].1, 8_000_000 - (total - deposit));
    assert_ne!(parts[0].0, parts[1].0);
    let (status, too_much) =
        owner.post_json(&format!("/api/admin/orders/{id}/refunds"), json!({"amount": "20000", "reason": "More"})).await;
    assert_eq!((status, too_much["message"].as_str()), (400, Some("Enter an amount of at most ₦12,500.00.")), "{too_much}");
    let (status, rest) =
        owner.post_json(&format!("/api/admin/orders/{id}/refunds"), json!({"amount": "12500", "reason": "The rest"})).await;
    assert_eq!(status, 201, "{rest}");
    let refunded: i64 = app.query_i64("SELECT SUM(amount_kobo) FROM refunds WHERE status != 'failed'");
    assert_eq!(refunded, total, "never more than was paid, across both payments");
}

/// The sandbox's webhook can complete a link's payment before the pay page verifies it (a slow
/// phone, a transfer): the verify that comes after says paid, with the order, not "mismatch".
#[actix_web::test]
async fn a_link_payment_the_webhook_completed_first_verifies_as_paid() {
    let app = shop().await;
    let owner = app.admin_browser("owner@example.com").await;
    let (status, made) = owner.post_json("/api/admin/orders", chat_order(Value::Null)).await;
    assert_eq!(status, 201, "{made}");
    let token = token_of(made["payLink"].as_str().unwrap());
    let visitor = app.browser();
    let (status, start) = visitor.post_json(&format!("/api/pay/{token}"), Value::Null).await;
    assert_eq!(status, 200, "{start}");
    let reference = start["reference"].as_str().unwrap().to_string();
    let code = start["accessCode"].as_str().unwrap();
    let (status, paid) = visitor.post_json(&format!("/api/sandbox/checkout/{code}"), json!({"outcome": "success"})).await;
    assert_eq!(status, 200, "{paid}");
    let completed = format!("SELECT COUNT(*) FROM payments WHERE reference = '{reference}' AND status = 'completed'");
    for _ in 0..300 {
        if app.query_i64(&completed) == 1 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(app.query_i64(&completed), 1, "the webhook completed the payment");
    let (status, verified) = visitor.post_json(&format!("/api/pay/{token}/verify"), json!({"reference": reference})).await;
    assert_eq!((status, &verified["data"]["success"]), (200, &json!(true)), "{verified}");
    assert_eq!(verified["data"]["order"]["id"], made["order"]["id"], "{verified}");
    assert_eq!(verified["data"]["order"]["status"], "paid", "{verified}");
}

#[actix_web::test]
async fn a_link_that_expires_unpaid_cancels_its_order_and_puts_the_stock_back() {
    let app = shop().await;
    let owner = app.admin_browser("owner@example.com").await;
    let (status, made) = owner.post_json("/api/admin/orders", chat_order(Value::Null)).await;
    assert_eq!(status, 201, "{made}");
    let id = made["order"]["id"].as_str().unwrap().to_string();
    let token = token_of(made["payLink"].as_str().unwrap());
    assert_eq!(stock_42(&app), 3);
    let hours = app
        .query_i64(&format!("SELECT CAST(ROUND((expires_at - created_at) / 3600000.0) AS INTEGER) FROM pay_links WHERE token = '{token}'"));
    assert_eq!(hours, 48, "the default pay-link time");

    app.advance(49 * 3_600_000);
    let visitor = app.browser();
    let (status, page) = visitor.get_json(&format!("/api/pay/{token}")).await;
    assert_eq!((status, &page["link"]["status"]), (200, &json!("expired")), "{page}");
    let (status, refused) = visitor.post_json(&format!("/api/pay/{token}"), Value::Null).await;
    assert_eq!((status, &refused["error"]), (409, &json!("link_ended")), "{refused}");

    for _ in 0..200 {
        if app.query_i64(&format!("SELECT status = 'cancelled' FROM orders WHERE id = '{id}'")) == 1 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let (_, order) = owner.get_json(&format!("/api/admin/orders/{id}")).await;
    assert_eq!(order["status"], "cancelled", "{order}");
    assert_eq!(stock_42(&app), 5, "the two pairs are back on sale");
    let (_, dashboard) = owner.get_json("/api/admin/dashboard").await;
    assert_eq!(dashboard["owedByLink"].as_i64(), Some(0));
}

#[actix_web::test]
async fn a_double_clicked_new_order_makes_one_order() {
    let app = shop().await;
    let owner = app.admin_browser("owner@example.com").await;
    let key = "9f1c2d3e-double-click";
    let send = || async {
        let response = owner
            .client
            .post(owner.url("/api/admin/orders"))
            .header("Idempotency-Key", key)
            .json(&chat_order(Value::Null))
            .send()
            .await
            .unwrap();
        response.status().as_u16()
    };
    let (first, second) = tokio::join!(send(), send());
    let mut statuses = [first, second];
    statuses.sort();
    assert_eq!(statuses, [201, 409]);
    assert_eq!(app.query_i64("SELECT COUNT(*) FROM orders"), 1);
    assert_eq!(stock_42(&app), 3);
}

/// Every operation of the API document: method, path and whether it is tagged for staff.
async fn operations(browser: &Browser) -> Vec<(String, String, bool)> {
    let (_, doc) = browser.get_json("/api/openapi.json").await;
    let mut ops = Vec::new();
    for (path, item) in doc["paths"].as_object().unwrap() {
        for method in ["get", "post", "put", "patch", "delete"] {
            if let Some(op) = item.get(method) {
                let staff = op["tags"].as_array().is_some_and(|tags| tags.iter().any(|t| t == "admin"));
                ops.push((method.to_uppercase(), path.clone(), staff));
            }
        }
    }
    ops
}

async fn call(browser: &Browser, method: &str, path: &str) -> (u16, Value) {
    let concrete: String = path.split('/').map(|s| if s.starts_with('{') { "no-such-thing" } else { s }).collect::<Vec<_>>().join("/");
    let method = Method::from_bytes(method.as_bytes()).unwrap();
    if method == Method::GET {
        let response = browser.get(&concrete).await;
        let status = response.status().as_u16();
        (status, response.json().await.unwrap_or(Value::Null))
    } else {
        browser.send_json(method, &concrete, json!({})).await
    }
}

#[actix_web::test]
async fn every_staff_endpoint_has_a_rule_and_each_role_gets_exactly_what_the_table_says() {
    let app = shop().await;
    let owner = app.admin_browser("owner@example.com").await;
    let manager = app.staff("manager@example.com", "manager").await;
    let packer = app.staff("packer@example.com", "packer").await;
    let rider = app.staff("rider@example.com", "rider").await;
    let cashier = app.staff("cashier@example.com", "cashier").await;
    let customer = app.browser();
    customer.signup("Ada Obi", "ada@example.com", "customer-pass-1").await;

    let ops = operations(&owner).await;
    for rule in ankara::access::RULES {
        assert!(
            ops.iter().any(|(m, p, _)| m == rule.method && p == rule.path),
            "{} {} has a rule but is not in the API",
            rule.method,
            rule.path
        );
    }
    for (method, path, staff_only) in &ops {
        let rule = ankara::access::rule_for(method, path);
        assert_eq!(*staff_only, rule.is_some(), "{method} {path}: tagged admin = {staff_only}, has a rule = {}", rule.is_some());
        let Some(rule) = rule else { continue };
        // A customer is refused every staff endpoint (by its extractor, or by its body first).
        let (status, reply) = call(&customer, method, path).await;
        assert!(matches!(status, 400 | 403 | 404 | 415), "a customer called {method} {path}: {status} {reply}");
        let roles = [
            (&manager, ankara::auth::Role::Manager),
            (&packer, ankara::auth::Role::Packer),
            (&rider, ankara::auth::Role::Rider),
            (&cashier, ankara::auth::Role::Cashier),
        ];
        for (browser, role) in roles {
            let (status, reply) = call(browser, method, path).await;
            if rule.roles.contains(&role) {
                assert_ne!(status, 403, "{role} may {method} {path}: {reply}");
            } else {
                assert_eq!(
                    (status, reply["message"].as_str()),
                    (403, Some(format!("Your role ({role}) does not allow this.").as_str())),
                    "{method} {path}"
                );
            }
        }
        if !(method == "PATCH" && path == "/api/admin/staff") {
            let (status, reply) = call(&owner, method, path).await;
            assert_ne!(status, 403, "the owner may {method} {path}: {reply}");
        }
    }

    let readme = std::fs::read_to_string(crate::common::in_repo("README.md")).unwrap();
    let table = ankara::access::markdown_table();
    assert!(readme.contains(&table), "README's staff table must be access::markdown_table():\n{table}");
}

#[actix_web::test]
async fn a_packer_ships_but_cannot_cancel_refund_or_see_money_and_a_demotion_is_immediate() {
    let app = shop().await;
    let owner = app.admin_browser("owner@example.com").await;
    let (_, made) = owner.post_json("/api/admin/orders", chat_order(Value::Null)).await;
    let id = made["order"]["id"].as_str().unwrap().to_string();
    pay_link(&app.browser(), &token_of(made["payLink"].as_str().unwrap())).await;

    let packer = app.staff("packer@example.com", "packer").await;
    let (_, session) = packer.get_json("/api/session").await;
    assert_eq!(session["user"]["role"], "packer", "{session}");
    let (status, list) = packer.get_json("/api/admin/orders").await;
    assert_eq!(status, 200, "{list}");
    let (status, refused) = packer.send_json(Method::PATCH, &format!("/api/admin/orders/{id}"), json!({"status": "cancelled"})).await;
    assert_eq!((status, refused["message"].as_str()), (403, Some("Your role (packer) does not allow this.")), "{refused}");
    for path in ["/api/admin/dashboard", "/api/admin/customers", "/api/admin/orders.csv", "/api/admin/settings"] {
        assert_eq!(packer.get(path).await.status().as_u16(), 403, "{path}");
    }
    let (status, _) = packer.send_json(Method::PATCH, &format!("/api/admin/orders/{id}"), json!({"status": "processing"})).await;
    assert_eq!(status, 200);
    let (status, note) =
        packer.send_json(Method::PUT, &format!("/api/admin/orders/{id}/note"), json!({"note": "Packed in the blue box"})).await;
    assert_eq!(status, 200, "{note}");
    let (status, slip) = packer.get_json(&format!("/api/admin/pick-list?orders={id}")).await;
    assert_eq!(status, 200, "{slip}");
    assert!(slip.to_string().contains("Oxford Cap-Toe"), "{slip}");

    // The owner takes the role away: the packer's very next request is refused, no re-login.
    let (status, _) = owner.send_json(Method::PATCH, "/api/admin/staff", json!({"email": "packer@example.com", "role": null})).await;
    assert_eq!(status, 200);
    assert_eq!(packer.get("/api/admin/orders").await.status().as_u16(), 403);

    // The last owner cannot step down, by the web or otherwise.
    let (status, reply) =
        owner.send_json(Method::PATCH, "/api/admin/staff", json!({"email": "owner@example.com", "role": "manager"})).await;
    assert_eq!((status, reply["message"].as_str()), (409, Some("This is the shop's last owner. Make someone else an owner first.")));

    // The activity log tells who did what.
    let (_, log) = owner.get_json("/api/admin/activity").await;
    let lines: Vec<String> =
        log["activity"].as_array().unwrap().iter().map(|a| format!("{} {} {}", a["actor"], a["subject"], a["summary"])).collect();
    let joined = lines.join("\n");
    assert!(joined.contains("packer@example.com") && joined.contains("processing"), "{joined}");
    assert!(joined.contains("Packed in the blue box") || joined.contains("note"), "{joined}");
    assert!(joined.contains("packer → none") || joined.contains("role packer"), "{joined}");
    let (_, staff_only) = owner.get_json("/api/admin/activity?subject=staff").await;
    assert!(staff_only["activity"].as_array().unwrap().iter().all(|a| a["subject"] == "staff"), "{staff_only}");
}

#[actix_web::test]
async fn customers_are_listed_searched_and_exported_with_what_they_spent() {
    let app = shop().await;
    let owner = app.admin_browser("owner@example.com").await;
    let (_, made) = owner.post_json("/api/admin/orders", chat_order(Value::Null)).await;
    pay_link(&app.browser(), &token_of(made["payLink"].as_str().unwrap())).await;
    let mut walk_in = chat_order(Value::Null);
    walk_in["customer"] = json!({"name": "Bola Ade", "phone": "+234 809 111 2222"});
    walk_in["source"] = json!("in_store");
    walk_in["delivery"] = json!({"pickup": true});
    assert_eq!(owner.post_json("/api/admin/orders", walk_in).await.0, 201);

    let (status, page) = owner.get_json("/api/admin/customers?q=chioma").await;
    assert_eq!(status, 200, "{page}");
    assert_eq!(page["total"], 1, "{page}");
    let chioma = &page["customers"][0];
    assert_eq!((chioma["orders"].as_i64(), chioma["spent"].as_i64()), (Some(1), Some(2 * OXFORD + 250_000)), "{chioma}");
    let (_, by_phone) = owner.get_json("/api/admin/customers?q=2222").await;
    assert_eq!(by_phone["customers"][0]["name"], "Bola Ade", "{by_phone}");
    assert_eq!(by_phone["customers"][0]["spent"].as_i64(), Some(0), "nothing paid yet");
    let key = chioma["key"].as_str().unwrap();
    let (status, one) = owner.get_json(&format!("/api/admin/customers/{key}")).await;
    assert_eq!((status, one["orders"].as_array().map(Vec::len)), (200, Some(1)), "{one}");
    assert_eq!(owner.get_json("/api/admin/customers/e.nobody@example.com").await.0, 404);
    let csv = owner.get("/api/admin/customers.csv").await.text().await.unwrap();
    assert_eq!(csv.lines().count(), 3, "the header, Chioma and Bola (the owner is staff, no customer): {csv}");
    assert!(csv.contains("Chioma Eze") && csv.contains("92500.00"), "{csv}");
}
