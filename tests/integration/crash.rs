//! The crash test: the real binary, on the built-in sandbox, is killed with SIGKILL in the middle
//! of a burst of checkouts and started again. Afterwards every payment the sandbox took has
//! exactly one order, and no order exists without a payment the sandbox took.

use std::path::Path;
use std::process::Child;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Duration;

use crate::common::{Browser, free_port, start_binary, wait_until_up};
use serde_json::{Value, json};

fn start_shop(data: &Path, port: u16) -> Child {
    start_binary(data, port, &[("ANKARA_RECONCILE_SECS", "1")])
}

/// A JSON POST; `None` on any failure (expected once the server is killed).
async fn post(shopper: &Browser, path: &str, body: Value) -> Option<Value> {
    shopper.client.post(shopper.url(path)).json(&body).send().await.ok()?.json().await.ok()
}

/// One shopper buying the same product over and over: checkout, the sandbox's success card,
/// verify. Errors are expected once the server is killed.
async fn keep_buying(shopper: Browser, choice: Value, stop: Arc<AtomicBool>, verified: Arc<AtomicUsize>) {
    while !stop.load(Ordering::Relaxed) {
        let attempt = async {
            post(&shopper, "/api/bag", choice.clone()).await?;
            let details = json!({
                "customer": { "name": "Crash Test", "email": "crash@example.com", "phone": "08030000000" },
                "address": { "street": "1 Marina", "city": "Lagos", "state": "Lagos", "country": "Nigeria", "postalCode": "101001" },
            });
            let started = post(&shopper, "/api/checkout", details).await?;
            let code = started["accessCode"].as_str()?;
            post(&shopper, &format!("/api/sandbox/checkout/{code}"), json!({ "outcome": "success" })).await?;
            let reply = post(&shopper, "/api/payments/verify", json!({ "reference": started["reference"] })).await?;
            (reply["data"]["success"] == true).then_some(())
        };
        if attempt.await.is_some() {
            verified.fetch_add(1, Ordering::Relaxed);
        } else {
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }
}

#[actix_web::test]
async fn a_killed_server_loses_and_duplicates_no_order() {
    let dir = tempfile::tempdir().unwrap();
    let port = free_port();
    let base = format!("http://127.0.0.1:{port}");
    let mut shop = start_shop(dir.path(), port);
    wait_until_up(&base).await;

    let featured: Value = reqwest::get(format!("{base}/api/products/featured")).await.unwrap().json().await.unwrap();
    let product = featured[0]["id"].as_str().expect("the demo has featured products").to_string();
    let variant = &featured[0]["variants"][1];
    let choice = json!({ "productId": product, "size": variant["size"], "color": variant["color"] });
    // Plenty of that variant, so every checkout can succeed; the count is checked at the end.
    const STOCK: i64 = 100_000;
    rusqlite::Connection::open(dir.path().join("ankara.db"))
        .unwrap()
        .execute("UPDATE variants SET stock = ?2 WHERE id = ?1", rusqlite::params![variant["id"].as_str().unwrap(), STOCK])
        .unwrap();
    let stop = Arc::new(AtomicBool::new(false));
    let verified = Arc::new(AtomicUsize::new(0));
    let mut shoppers = Vec::new();
    for n in 0..12 {
        let shopper = Browser::new(base.clone());
        shopper.signup("Crash Test", &format!("crash{n}@example.com"), "secret1").await;
        shoppers.push(actix_web::rt::spawn(keep_buying(shopper, choice.clone(), stop.clone(), verified.clone())));
    }
    // Let the burst run, then pull the plug mid-flight.
    for _ in 0..100 {
        if verified.load(Ordering::Relaxed) >= 40 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    tokio::time::sleep(Duration::from_millis(150)).await;
    shop.kill().expect("SIGKILL");
    shop.wait().unwrap();
    stop.store(true, Ordering::Relaxed);
    for shopper in shoppers {
        let _ = shopper.await;
    }
    let before_restart = verified.load(Ordering::Relaxed);
    assert!(before_restart >= 10, "the burst completed only {before_restart} purchases before the kill");

    let at_kill = {
        let db = rusqlite::Connection::open(dir.path().join("ankara.db")).unwrap();
        let q = |sql: &str| db.query_row(sql, [], |r| r.get::<_, i64>(0)).unwrap();
        (q("SELECT COUNT(*) FROM sandbox_transactions WHERE status = 'success'"), q("SELECT COUNT(*) FROM orders"))
    };
    // Restart: the reconciler settles whatever the crash cut short.
    let mut shop = start_shop(dir.path(), port);
    wait_until_up(&base).await;
    let db = rusqlite::Connection::open(dir.path().join("ankara.db")).unwrap();
    let count = |sql: &str| db.query_row(sql, [], |r| r.get::<_, i64>(0)).unwrap();
    let paid_without_order = "SELECT COUNT(*) FROM sandbox_transactions t WHERE t.status = 'success'
         AND (SELECT COUNT(*) FROM orders o WHERE o.payment_reference = t.reference) <> 1";
    let leaked_holds = "SELECT COUNT(*) FROM reservations r JOIN payments p ON p.reference = r.payment_reference
         WHERE p.access_code IS NULL OR p.status NOT IN ('pending', 'failed')";
    for _ in 0..100 {
        if count(paid_without_order) == 0 && count(leaked_holds) == 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let paid = count("SELECT COUNT(*) FROM sandbox_transactions WHERE status = 'success'");
    eprintln!(
        "verified in browsers before the kill: {before_restart}; at the kill: {} payments taken, {} orders; after restart: {paid} taken, {} orders",
        at_kill.0,
        at_kill.1,
        count("SELECT COUNT(*) FROM orders")
    );
    let orders = count("SELECT COUNT(*) FROM orders");
    shop.kill().unwrap();
    shop.wait().unwrap();
    assert_eq!(count(paid_without_order), 0, "every payment taken has exactly one order");
    assert_eq!(
        count(
            "SELECT COUNT(*) FROM orders o WHERE NOT EXISTS (SELECT 1 FROM sandbox_transactions t WHERE t.reference = o.payment_reference AND t.status = 'success')"
        ),
        0,
        "no order without a payment taken"
    );
    assert_eq!(
        count("SELECT COUNT(*) FROM orders o JOIN payments p ON p.reference = o.payment_reference WHERE p.status <> 'completed'"),
        0
    );
    assert_eq!(orders, paid);
    // Stock: every unit is on sale, held for a payment that can still complete, or sold; no hold
    // belongs to a payment that cannot complete any more.
    let variant_id = variant["id"].as_str().unwrap();
    let on_sale = count(&format!("SELECT stock FROM variants WHERE id = '{variant_id}'"));
    let held = count(&format!("SELECT COALESCE(SUM(quantity), 0) FROM reservations WHERE variant_id = '{variant_id}'"));
    let sold = count(&format!("SELECT COALESCE(SUM(from_stock), 0) FROM order_items WHERE variant_id = '{variant_id}'"));
    assert_eq!(on_sale + held + sold, STOCK, "on sale {on_sale} + held {held} + sold {sold}");
    assert_eq!(sold, count(&format!("SELECT COALESCE(SUM(quantity), 0) FROM order_items WHERE variant_id = '{variant_id}'")));
    assert_eq!(count(leaked_holds), 0, "no hold leaked past the restart");
    assert!(orders as usize >= before_restart, "{orders} orders, {before_restart} verified in the browser");
}

/// A SIGKILL in the middle of a burst of returns received for store credit and exchanges: after
/// the restart every received return has given exactly what it asked once (one credit entry, or
/// one exchange order), none that is not received gave anything, and every unit of the two sizes
/// is on sale, held for an exchange, or sold.
#[actix_web::test]
async fn a_killed_server_gives_each_received_return_its_credit_or_exchange_once() {
    let dir = tempfile::tempdir().unwrap();
    let port = free_port();
    let base = format!("http://127.0.0.1:{port}");
    let shop = crate::common::Process(start_shop(dir.path(), port));
    wait_until_up(&base).await;
    let db = || rusqlite::Connection::open(dir.path().join("ankara.db")).unwrap();
    let count = |sql: &str| db().query_row(sql, [], |r| r.get::<_, i64>(0)).unwrap();

    let featured: Value = reqwest::get(format!("{base}/api/products/featured")).await.unwrap().json().await.unwrap();
    let product = featured
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["variants"].as_array().is_some_and(|v| v.len() > 1))
        .expect("a featured product with two variants")
        .clone();
    let (from, to) = (product["variants"][0].clone(), product["variants"][1].clone());
    let ids = [from["id"].as_str().unwrap().to_string(), to["id"].as_str().unwrap().to_string()];
    db().execute("UPDATE variants SET stock = 1000 WHERE id IN (?1, ?2)", rusqlite::params![ids[0], ids[1]]).unwrap();
    let total_units = |db: &rusqlite::Connection| -> i64 {
        let q = |sql: &str| db.query_row(sql, rusqlite::params![ids[0], ids[1]], |r| r.get::<_, i64>(0)).unwrap();
        q("SELECT SUM(stock) FROM variants WHERE id IN (?1, ?2)")
            + q("SELECT COALESCE(SUM(from_stock), 0) FROM order_items WHERE variant_id IN (?1, ?2)")
            + q("SELECT COALESCE(SUM(held), 0) FROM return_lines WHERE exchange_variant_id IN (?1, ?2)")
            + q("SELECT COALESCE(SUM(l.quantity), 0) FROM return_lines l JOIN returns r ON r.id = l.return_id
                 JOIN order_items i ON i.order_id = r.order_id AND i.position = l.position
                 WHERE r.condition = 'write_off' AND i.variant_id IN (?1, ?2)")
    };

    // The owner, and eight customers with a delivered order each and an approved return (one
    // client address may ask for ten returns a day).
    let owner = Browser::new(base.clone());
    owner.signup("Owner", "owner@example.com", "secret1").await;
    db().execute("UPDATE users SET role = 'owner' WHERE email = 'owner@example.com'", []).unwrap();
    assert_eq!(owner.post_json("/api/auth/refresh", Value::Null).await.0, 200);
    let mut returns = Vec::new();
    for n in 0..8 {
        let shopper = Browser::new(base.clone());
        let email = format!("back{n}@example.com");
        shopper.signup("Back Again", &email, "secret1").await;
        post(&shopper, "/api/bag", json!({"productId": product["id"], "size": from["size"], "color": from["color"]})).await.unwrap();
        let details = json!({
            "customer": { "name": "Back Again", "email": email, "phone": "08030000000" },
            "address": { "street": "1 Marina", "city": "Lagos", "state": "Lagos", "country": "Nigeria", "postalCode": "101001" },
        });
        let started = post(&shopper, "/api/checkout", details).await.unwrap();
        post(&shopper, &format!("/api/sandbox/checkout/{}", started["accessCode"].as_str().unwrap()), json!({"outcome": "success"})).await;
        let done = post(&shopper, "/api/payments/verify", json!({"reference": started["reference"]})).await.unwrap();
        let order = done["data"]["order"]["id"].as_str().unwrap().to_string();
        for step in [json!({"status": "processing"}), json!({"status": "shipped", "shippedBy": "rider"}), json!({"status": "delivered"})] {
            assert_eq!(owner.send_json(reqwest::Method::PATCH, &format!("/api/admin/orders/{order}"), step).await.0, 200);
        }
        let ask = if n % 2 == 0 {
            json!({"lines": [{"position": 0, "quantity": 1}], "reason": "changed_mind", "wants": "credit"})
        } else {
            json!({"lines": [{"position": 0, "quantity": 1, "exchangeVariantId": to["id"]}], "reason": "too_small", "wants": "exchange"})
        };
        let form = reqwest::multipart::Form::new().text("order", order).text("request", ask.to_string());
        let made: Value = shopper.client.post(shopper.url("/api/returns")).multipart(form).send().await.unwrap().json().await.unwrap();
        let id = made["id"].as_str().unwrap_or_else(|| panic!("{made}")).to_string();
        assert_eq!(owner.post_json(&format!("/api/admin/returns/{id}/approve"), json!({"sendBack": "drop_at_shop"})).await.0, 200);
        returns.push(id);
    }
    let units = total_units(&db());

    // Every return received at once, several clicks each, with the plug pulled mid-burst.
    let clicks: Vec<_> = returns
        .iter()
        .flat_map(|id| std::iter::repeat_n(id.clone(), 3))
        .map(|id| {
            let (client, url) = (owner.client.clone(), owner.url(&format!("/api/admin/returns/{id}/receive")));
            actix_web::rt::spawn(async move {
                let _ = client.post(url).json(&json!({"condition": "restock"})).send().await;
            })
        })
        .collect();
    // Pulled a few milliseconds in: some receipts are through, some in flight, some not begun.
    tokio::time::sleep(Duration::from_millis(2)).await;
    let mut shop = shop;
    shop.0.kill().expect("SIGKILL");
    shop.0.wait().unwrap();
    for click in clicks {
        let _ = click.await;
    }
    let received = count("SELECT COUNT(*) FROM returns WHERE status = 'received'");
    eprintln!("returns received before the kill: {received} of {}", returns.len());

    // After a restart, each received return gave once, the others nothing; the units all add up.
    let _shop = crate::common::Process(start_shop(dir.path(), port));
    wait_until_up(&base).await;
    assert_eq!(
        count("SELECT COUNT(*) FROM returns WHERE status = 'received' AND wants = 'credit'"),
        count("SELECT COUNT(*) FROM credit_entries")
    );
    assert_eq!(
        count("SELECT COUNT(*) FROM credit_entries c JOIN returns r ON r.id = c.return_id WHERE r.status = 'received'"),
        count("SELECT COUNT(DISTINCT return_id) FROM credit_entries"),
        "one credit entry per received return, none for another"
    );
    assert_eq!(
        count("SELECT COUNT(*) FROM returns WHERE status = 'received' AND wants = 'exchange'"),
        count("SELECT COUNT(*) FROM returns WHERE exchange_order_id IS NOT NULL"),
    );
    assert_eq!(
        count("SELECT COUNT(*) FROM orders WHERE total_kobo = 0"),
        count("SELECT COUNT(*) FROM returns WHERE exchange_order_id IS NOT NULL")
    );
    assert_eq!(total_units(&db()), units, "every unit is on sale, held for an exchange, or sold");
}

/// A SIGKILL in the middle of a burst of counter sales (issue 37): forty sales, half made offline,
/// each sent three times at once as a flushing queue and its retries would. After the restart the
/// counter sends its whole queue again: every sale is recorded exactly once (one order, one
/// payment), and every unit of the variant is on sale or sold to exactly one counter order.
#[actix_web::test]
async fn a_killed_server_records_each_counter_sale_once_when_the_queue_is_sent_again() {
    let dir = tempfile::tempdir().unwrap();
    let port = free_port();
    let base = format!("http://127.0.0.1:{port}");
    let shop = crate::common::Process(start_shop(dir.path(), port));
    wait_until_up(&base).await;
    let db = || rusqlite::Connection::open(dir.path().join("ankara.db")).unwrap();
    let count = |sql: &str| db().query_row(sql, [], |r| r.get::<_, i64>(0)).unwrap();

    let cashier = Browser::new(base.clone());
    cashier.signup("Bisi", "bisi@example.com", "secret1").await;
    db().execute("UPDATE users SET role = 'cashier' WHERE email = 'bisi@example.com'", []).unwrap();
    assert_eq!(cashier.post_json("/api/auth/refresh", Value::Null).await.0, 200);
    let (status, catalogue) = cashier.get_json("/api/counter/catalogue").await;
    assert_eq!(status, 200, "{catalogue}");
    let product = &catalogue["products"][0];
    let variant = product["variants"][0].clone();
    let id = variant["variantId"].as_str().unwrap().to_string();
    db().execute("UPDATE variants SET stock = 1000 WHERE id = ?1", [&id]).unwrap();
    let units = || {
        let db = db();
        let q = |sql: &str| db.query_row(sql, [&id], |r| r.get::<_, i64>(0)).unwrap();
        q("SELECT stock FROM variants WHERE id = ?1") + q("SELECT COALESCE(SUM(from_stock), 0) FROM order_items WHERE variant_id = ?1")
    };
    let before = units();
    let price = product["price"].as_i64().unwrap();
    let sales: Vec<Value> = (0..40)
        .map(|n| {
            let quantity = 1 + n % 3;
            json!({
                "saleId": format!("crash-sale-{n:03}"),
                "madeAt": ankara::db::now_ms(),
                "offline": n % 2 == 0,
                "lines": [{ "variantId": id, "quantity": quantity, "price": price, "priceAt": catalogue["at"], "priceToken": variant["priceToken"] }],
                "tenders": [{ "method": "cash", "amount": price * quantity, "tendered": price * quantity }],
            })
        })
        .collect();

    let sends: Vec<_> = sales
        .iter()
        .flat_map(|sale| std::iter::repeat_n(sale.clone(), 3))
        .map(|sale| {
            let (client, url) = (cashier.client.clone(), cashier.url("/api/counter/sales"));
            actix_web::rt::spawn(async move {
                let _ = client.post(url).json(&sale).send().await;
            })
        })
        .collect();
    // Pulled once a few sales are through: others in flight, others not begun.
    for _ in 0..2_000 {
        if count("SELECT COUNT(*) FROM counter_sales") >= 6 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(1)).await;
    }
    let mut shop = shop;
    shop.0.kill().expect("SIGKILL");
    shop.0.wait().unwrap();
    for send in sends {
        let _ = send.await;
    }
    let recorded = count("SELECT COUNT(*) FROM counter_sales");
    eprintln!("counter sales recorded before the kill: {recorded} of {}", sales.len());
    assert_eq!(units(), before, "nothing half-recorded");

    // Restarted, the counter sends its queue again, in order: each sale lands once.
    let _shop = crate::common::Process(start_shop(dir.path(), port));
    wait_until_up(&base).await;
    for sale in &sales {
        let (status, body) = cashier.post_json("/api/counter/sales", sale.clone()).await;
        assert!(status == 200 || status == 201, "{status} {body}");
    }
    assert_eq!(count("SELECT COUNT(*) FROM counter_sales"), 40);
    assert_eq!(count("SELECT COUNT(*) FROM orders WHERE source = 'counter'"), 40);
    assert_eq!(count("SELECT COUNT(*) FROM payments WHERE reference LIKE 'CT-%'"), 40);
    assert_eq!(count("SELECT COUNT(*) FROM counter_shortfalls"), 0);
    let sold: i64 = (0..40).map(|n| 1 + n % 3).sum();
    assert_eq!(count("SELECT SUM(quantity) FROM order_items oi JOIN orders o ON o.id = oi.order_id WHERE o.source = 'counter'"), sold);
    assert_eq!(units(), before, "every unit is on sale or sold once");
    assert_eq!(
        count("SELECT SUM(collected_kobo) FROM orders WHERE source = 'counter'"),
        count("SELECT SUM(total_kobo) FROM orders WHERE source = 'counter'"),
        "each sale's cash is its total"
    );
}
