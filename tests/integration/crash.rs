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
