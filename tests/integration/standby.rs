//! Two machines (issue 39): what a standby and a replaced primary answer, the database's own
//! refusal, a standby's copy read while another process writes it, and the payment a primary had
//! not finished starting when its successor took over. The whole failover — Litestream, the SFTP
//! store, Caddy, kill -9 — is scripts/standby-test.sh.

use std::time::Duration;

use crate::common::{product, spawn_with};
use ankara::standby::{Peer, REPLACED, Role, SWITCHING_OVER};
use serde_json::{Value, json};

#[actix_web::test]
async fn a_standby_and_a_replaced_primary_take_no_write_and_say_why() {
    let app = spawn_with(|c| c.no_demo = true).await;
    app.add_product("oxford", product("Oxford Cap-Toe", "formal-shoes", 4_500_000));
    let shopper = app.browser();
    shopper.signup("Ada Obi", "ada@example.com", "secret1").await;
    let admin = app.admin_browser("owner@example.com").await;
    let (_, health) = app.get_json("/api/health").await;
    assert_eq!((health["role"].as_str(), health["takesOrders"].as_bool(), &health["epoch"]), (Some("primary"), Some(true), &Value::Null));

    app.state.machine.node.set_role(Role::Standby);
    for (who, method, path, body) in [
        (&shopper, reqwest::Method::POST, "/api/bag", json!({ "productId": "oxford" })),
        (&shopper, reqwest::Method::POST, "/api/checkout", crate::payments::details()),
        (&admin, reqwest::Method::PATCH, "/api/admin/settings", json!({})),
        (&admin, reqwest::Method::POST, "/api/collections", json!({ "name": "New" })),
    ] {
        let res = who.client.request(method.clone(), who.url(path)).json(&body).send().await.unwrap();
        assert_eq!((res.status().as_u16(), res.headers()["retry-after"].to_str().unwrap()), (503, "10"), "{method} {path}");
        let answer: Value = res.json().await.unwrap();
        assert_eq!(
            (answer["error"].as_str(), answer["message"].as_str()),
            (Some("switching_over"), Some(SWITCHING_OVER)),
            "{method} {path}"
        );
    }
    // Paystack's webhook too: refused, so Paystack sends it again, to the new primary by then.
    let webhook = crate::payments::post_webhook(&app, "{}", Some("00")).await;
    assert_eq!(webhook, 503);
    // Reading goes on: the catalogue, search, the shopper's own page and session.
    assert_eq!(shopper.get_json("/api/products/featured").await.0, 200);
    let (status, found) = shopper.get_json("/api/search?q=oxford").await;
    assert_eq!((status, found["products"][0]["id"].as_str()), (200, Some("oxford")));
    assert_eq!(shopper.get_json("/api/orders").await.0, 200, "a signed-in shopper still reads");
    let page = shopper.get("/").await.text().await.unwrap();
    assert!(page.contains(&format!("\"switchingOver\":{}", serde_json::to_string(SWITCHING_OVER).unwrap())), "the banner's sentence");
    let (_, health) = app.get_json("/api/health").await;
    assert_eq!(
        (health["role"].as_str(), health["takesOrders"].as_bool(), health["message"].as_str()),
        (Some("standby"), Some(false), Some(SWITCHING_OVER))
    );
    // A proxy sends shoppers to a standby only while no primary answers.
    assert_eq!(app.get("/api/health/traffic").await.status(), 200);
    app.state.machine.node.set_peer(Peer::Answered { role: "primary".into(), txid: Some(9), flushed: false });
    let traffic = app.get("/api/health/traffic").await;
    assert_eq!(traffic.status(), 503);
    assert_eq!(traffic.json::<Value>().await.unwrap(), json!({ "role": "standby", "serve": false }));

    app.state.machine.node.set_role(Role::Fenced);
    let (status, refused) = shopper.post_json("/api/bag", json!({ "productId": "oxford" })).await;
    assert_eq!((status, refused["message"].as_str()), (503, Some(REPLACED)));
    assert_eq!(app.get("/api/health/traffic").await.status(), 503, "a replaced primary never gets shoppers");

    app.state.machine.node.set_role(Role::Primary);
    assert_eq!(shopper.post_json("/api/bag", json!({ "productId": "oxford" })).await.0, 200, "a primary takes writes");
    assert!(shopper.get("/").await.text().await.unwrap().contains("\"switchingOver\":null"));
}

#[actix_web::test]
async fn the_database_itself_refuses_writes_while_told_and_a_followed_copy_is_read_fresh() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("ankara.db");
    let own = ankara::db::Db::open(&path).unwrap();
    own.write_now(|tx| Ok(tx.execute_batch("INSERT INTO settings (key, value) VALUES ('n', '1')")?)).unwrap();
    own.refuse_writes(Some(REPLACED.into()));
    let refused = own.write(|tx| Ok(tx.execute_batch("UPDATE settings SET value = '2' WHERE key = 'n'")?)).await.unwrap_err();
    assert_eq!((refused.code(), refused.message()), ("switching_over", REPLACED));
    assert!(own.write_now(|_| Ok(())).is_err(), "the synchronous writes too (the merchant's commands, the heartbeat)");
    own.refuse_writes(None);

    // A standby's copy: read-only, and every read sees what another process wrote just before.
    let copy = ankara::db::Db::open_following(&path, SWITCHING_OVER.into()).unwrap();
    let read = |db: &ankara::db::Db| {
        db.with_conn(|c| Ok(c.query_row("SELECT value FROM settings WHERE key = 'n'", [], |r| r.get::<_, String>(0))?))
    };
    assert_eq!(read(&copy).unwrap(), "1");
    for n in 2..6 {
        own.write(move |tx| Ok(tx.execute("UPDATE settings SET value = ?1 WHERE key = 'n'", [n.to_string()])?)).await.unwrap();
        assert_eq!(read(&copy).unwrap(), n.to_string());
    }
    let refused = copy.write(|tx| Ok(tx.execute_batch("DELETE FROM settings")?)).await.unwrap_err();
    assert_eq!(refused.message(), SWITCHING_OVER);
    // Even a connection that tried could not: each is opened read-only.
    assert!(copy.with_conn(|c| Ok(c.execute_batch("DELETE FROM settings")?)).is_err());
    drop(own);
    // Promoted: read-write again once the refusal is lifted.
    copy.stop_following().unwrap();
    copy.refuse_writes(None);
    copy.write(|tx| Ok(tx.execute_batch("UPDATE settings SET value = 'promoted' WHERE key = 'n'")?)).await.unwrap();
    assert_eq!(read(&copy).unwrap(), "promoted");
}

/// The old primary had opened a payment at Paystack but died (or was replaced) before it kept the
/// access code; the shopper paid. The machine that goes on ends the payment as never started —
/// and then asks Paystack about it like any late money, and makes its one order.
#[actix_web::test]
async fn a_payment_the_old_primary_never_finished_starting_completes_once_when_paid() {
    let (app, fake) = crate::payments::paystack_shop().await;
    let ada = crate::payments::customer_with_bag(&app, "ada@example.com").await;
    let (status, started) = ada.post_json("/api/checkout", crate::payments::details()).await;
    assert_eq!(status, 201, "{started}");
    let reference = started["reference"].as_str().unwrap().to_string();
    fake.set_outcome(&reference, "success");
    // What replicated (or survived the crash): the payment, without its access code.
    app.sql(&format!("UPDATE payments SET access_code = NULL WHERE reference = '{reference}'"));
    let payments = &app.state.payments;
    // A start's first round: holds of payments that never started are given back…
    payments.release_lapsed_holds(ankara::db::now_ms() + 1).await.unwrap();
    assert_eq!(app.query_i64(&format!("SELECT COUNT(*) FROM payments WHERE reference = '{reference}' AND status = 'abandoned'")), 1);
    // …and Paystack is asked about every open or ended payment: this one was paid.
    assert_eq!(payments.reconcile_once(true, 3_600).await.unwrap(), 1);
    assert_eq!(app.query_i64(&format!("SELECT COUNT(*) FROM orders WHERE payment_reference = '{reference}'")), 1);
    // Again (the next round, a webhook): still one.
    payments.reconcile_once(true, 3_600).await.unwrap();
    let status = crate::payments::post_webhook(
        &app,
        &json!({ "event": "charge.success", "data": { "reference": reference } }).to_string(),
        Some(&crate::payments::sign(&json!({ "event": "charge.success", "data": { "reference": reference } }).to_string())),
    )
    .await;
    assert_eq!(status, 200);
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(app.query_i64(&format!("SELECT COUNT(*) FROM orders WHERE payment_reference = '{reference}'")), 1);
}

#[test]
fn every_write_documents_the_switch_over_and_promote_needs_a_running_standby() {
    let document: Value = serde_json::from_str(ankara::app::document()).unwrap();
    let mut writes = 0;
    for (path, item) in document["paths"].as_object().unwrap() {
        for (method, operation) in item.as_object().unwrap() {
            if method != "get" {
                writes += 1;
                assert!(operation["responses"]["503"].is_object(), "{method} {path} does not document 503");
            }
        }
    }
    assert!(writes > 40, "{writes} writes");
    let traffic = &document["paths"]["/api/health/traffic"]["get"]["responses"];
    assert!(traffic["200"].is_object() && traffic["503"].is_object());

    let dir = tempfile::tempdir().unwrap();
    let cli = <ankara::config::Cli as clap::Parser>::parse_from(["ankara", "--data-dir", dir.path().to_str().unwrap(), "promote"]);
    let refused = ankara::cli::run(cli).unwrap_err();
    assert!(refused.contains("no standby is running"), "{refused}");
}
