//! Running it live: upgrades from every earlier schema, backups taken while the shop sells, and
//! restores that refuse what they cannot use.

use std::path::Path;

use crate::common::{Browser, TestApp, product_with, spawn_app, spawn_empty_app};
use ankara::config::Config;
use rusqlite::Connection;
use serde_json::json;

fn count(database: &Path, sql: &str) -> i64 {
    Connection::open(database).unwrap().query_row(sql, [], |r| r.get(0)).unwrap()
}

#[test]
fn every_earlier_schema_upgrades_with_its_data_and_a_copy_is_kept_first() {
    for version in 1..ankara::db::LATEST_VERSION {
        let fixture = crate::common::in_repo(&format!("tests/fixtures/schema-{version}.db"));
        assert!(fixture.exists(), "no fixture for schema {version}: run tests/fixtures/make.sh with {version} added");
        let dir = tempfile::tempdir().unwrap();
        std::fs::copy(&fixture, dir.path().join("ankara.db")).unwrap();
        let config = Config { no_demo: true, ..Config::for_data_dir(dir.path().to_path_buf()) };
        let state = ankara::app::prepare(config.clone()).unwrap_or_else(|e| panic!("schema {version}: {e}"));
        let order = state.db.with_conn(|c| Ok(ankara::orders::by_id(c, &"o1".into())?)).unwrap().expect("the order survives");
        assert_eq!((order.status.as_str(), order.total_amount.get(), order.items.len()), ("shipped", 9_000_000, 1), "schema {version}");
        assert!(ankara::orders::is_order_number(&order.number), "schema {version}: {}", order.number);
        assert_eq!(
            (order.price.subtotal.get(), order.price.delivery_fee.get(), order.price.discount.get()),
            (9_000_000, 0, 0),
            "schema {version}"
        );
        let database = dir.path().join("ankara.db");
        assert_eq!(count(&database, "SELECT COUNT(*) FROM bag_items WHERE product_id = 'oxford'"), 1);
        // Sizes × colours became variants with 10 each, and the bag line points at its own.
        assert_eq!(count(&database, "SELECT COUNT(*) FROM variants WHERE product_id = 'oxford' AND stock = 10"), 2, "schema {version}");
        assert_eq!(
            count(
                &database,
                "SELECT COUNT(*) FROM bag_items b JOIN variants v ON v.id = b.variant_id WHERE v.size = '42' AND v.color = 'Black'"
            ),
            1
        );
        assert_eq!(count(&database, "SELECT COUNT(*) FROM contact_messages"), 1);
        // Ratings were constants until reviews existed: none is left standing without reviews.
        assert_eq!(count(&database, "SELECT COUNT(*) FROM products WHERE review_count <> 0 OR rating <> 0"), 0, "schema {version}");
        assert_eq!(state.search.search_ids("oxford", 5).unwrap(), vec!["oxford".to_string()], "the index is built from it");

        let backups: Vec<_> = std::fs::read_dir(dir.path().join("backups")).unwrap().map(|e| e.unwrap().path()).collect();
        assert_eq!(backups.len(), 1, "one copy before upgrading");
        assert_eq!(count(&backups[0], "PRAGMA user_version"), version, "the copy is the database as it was");
        assert_eq!(count(&backups[0], "SELECT COUNT(*) FROM orders"), 1);
        drop(state);
        ankara::app::prepare(config).unwrap();
        assert_eq!(std::fs::read_dir(dir.path().join("backups")).unwrap().count(), 1, "an up-to-date database is not copied again");
    }
}

/// A customer buys one ₦45,000 pair through the sandbox; the checkout must complete.
async fn buy(app: &TestApp, email: &str) {
    let browser = app.browser();
    browser.signup("Buyer", email, "secret1").await;
    browser.post_json("/api/bag", json!({"productId": "oxford", "size": "42", "color": "Black"})).await;
    paid_checkout(&browser).await;
}

async fn paid_checkout(browser: &Browser) {
    let details = json!({
        "customer": { "name": "Buyer Obi", "email": "buyer@example.com", "phone": "+234 803 555 0101" },
        "address": { "street": "12 Marina Road", "city": "Lagos", "state": "Lagos", "country": "Nigeria", "postalCode": "101001" },
    });
    let (status, started) = browser.post_json("/api/checkout", details).await;
    assert_eq!(status, 201, "{started}");
    let code = started["accessCode"].as_str().unwrap();
    browser.post_json(&format!("/api/sandbox/checkout/{code}"), json!({"outcome": "success"})).await;
    let (_, done) = browser.post_json("/api/payments/verify", json!({"reference": started["reference"]})).await;
    assert_eq!(done["data"]["success"], true, "{done}");
}

#[actix_web::test]
async fn a_backup_taken_while_checkouts_run_restores_every_order_it_held() {
    let app = spawn_empty_app().await;
    app.add_product("oxford", product_with("Oxford Cap-Toe", "formal-shoes", 4_500_000, "Oxfords", &["42"], &["Black"]));
    buy(&app, "first@example.com").await;
    let before = app.query_i64("SELECT COUNT(*) FROM orders");

    // Four customers buy while the backup is written.
    let target = app.dir.path().join("during-sales.db");
    let buyers = futures_util::future::join_all((0..4).map(|i| {
        let app = &app;
        async move { buy(app, &format!("buyer{i}@example.com")).await }
    }));
    let (db, data_dir, file) = (app.state.db.clone(), app.dir.path().to_path_buf(), target.clone());
    let backup = actix_web::web::block(move || ankara::backup::backup(&db, &data_dir, &file, false));
    let (_, backed_up) = futures_util::join!(buyers, backup);
    let message = backed_up.unwrap().expect("the backup succeeds while the shop sells");
    assert!(message.contains("backed up the database"), "{message}");

    let held = count(&target, "SELECT COUNT(*) FROM orders");
    assert!(held >= before, "the backup holds every order completed before it began ({held} < {before})");
    let restored = tempfile::tempdir().unwrap();
    let said = ankara::backup::restore(restored.path(), &target, false).unwrap();
    assert!(said.contains(&format!("{held} orders")), "{said}");
    let restored_db = restored.path().join("ankara.db");
    // Every restored order is the shop's own, line for line and kobo for kobo.
    let live = Connection::open(app.dir.path().join("ankara.db")).unwrap();
    let restored_conn = Connection::open(&restored_db).unwrap();
    let mut orders = restored_conn.prepare("SELECT id, total_kobo, number FROM orders").unwrap();
    let rows: Vec<(String, i64, String)> =
        orders.query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?))).unwrap().map(Result::unwrap).collect();
    assert_eq!(rows.len() as i64, held);
    for (id, total, number) in rows {
        let (live_total, live_number): (i64, String) =
            live.query_row("SELECT total_kobo, number FROM orders WHERE id = ?1", [&id], |r| Ok((r.get(0)?, r.get(1)?))).unwrap();
        assert_eq!((total, number), (live_total, live_number));
    }
    // The restored shop starts, with its search index built from the restored catalogue.
    let state = ankara::app::prepare(Config { no_demo: true, ..Config::for_data_dir(restored.path().to_path_buf()) }).unwrap();
    assert_eq!(state.search.search_ids("oxford", 5).unwrap(), vec!["oxford".to_string()]);
}

#[actix_web::test]
async fn a_backup_with_media_brings_the_pictures_back() {
    let app = spawn_app().await;
    let folder = app.dir.path().join("with-media");
    let (db, data_dir, target) = (app.state.db.clone(), app.dir.path().to_path_buf(), folder.clone());
    let said = actix_web::web::block(move || ankara::backup::backup(&db, &data_dir, &target, true)).await.unwrap().unwrap();
    let files = |root: &Path| walk(root).len();
    let media = files(&app.dir.path().join("media"));
    assert!(media > 50, "the demo shop has pictures: {media}");
    assert!(said.contains(&format!("{media} media files")), "{said}");

    let restored = tempfile::tempdir().unwrap();
    let said = ankara::backup::restore(restored.path(), &folder, false).unwrap();
    assert!(said.contains(&format!("{media} media files")), "{said}");
    assert_eq!(files(&restored.path().join("media")), media);
    let state = ankara::app::prepare(Config { no_demo: true, ..Config::for_data_dir(restored.path().to_path_buf()) }).unwrap();
    let (collections, featured) =
        state.db.with_conn(|c| Ok((ankara::catalog::list_collections(c)?.len(), ankara::catalog::featured_products(c)?.len()))).unwrap();
    assert_eq!(collections, 6);
    assert!(featured > 0);
}

fn walk(root: &Path) -> Vec<std::path::PathBuf> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(root).into_iter().flatten().flatten() {
        if entry.file_type().unwrap().is_dir() {
            found.extend(walk(&entry.path()));
        } else {
            found.push(entry.path());
        }
    }
    found
}

#[test]
fn restore_refuses_what_it_cannot_use_and_changes_nothing() {
    let fixture = crate::common::in_repo("tests/fixtures/schema-3.db");
    let scratch = tempfile::tempdir().unwrap();
    let target = tempfile::tempdir().unwrap();
    let refused = |source: &Path, replace: bool| ankara::backup::restore(target.path(), source, replace).unwrap_err();

    let text = scratch.path().join("notes.txt");
    std::fs::write(&text, "not a database at all, but long enough to look like a file someone might pick").unwrap();
    assert!(refused(&text, false).contains("is not an Ankara database"));
    let other = scratch.path().join("other.db");
    Connection::open(&other).unwrap().execute_batch("CREATE TABLE notes (t TEXT); PRAGMA user_version = 2;").unwrap();
    assert!(refused(&other, false).contains("is not an Ankara database"));
    let newer = scratch.path().join("newer.db");
    std::fs::copy(&fixture, &newer).unwrap();
    Connection::open(&newer).unwrap().pragma_update(None, "user_version", 99).unwrap();
    assert!(refused(&newer, false).contains("newer Ankara"), "{}", refused(&newer, false));
    assert!(!target.path().join("ankara.db").exists(), "nothing was written");

    // An older backup is restored and brought forward.
    let said = ankara::backup::restore(target.path(), &fixture, false).unwrap();
    assert!(said.contains("schema 3 with 1 products and 1 orders"), "{said}");
    assert_eq!(count(&target.path().join("ankara.db"), "PRAGMA user_version"), ankara::db::LATEST_VERSION);
    // Over an existing shop only when asked, keeping the replaced database.
    assert!(refused(&fixture, false).contains("--replace"));
    ankara::backup::restore(target.path(), &fixture, true).unwrap();
    let kept = std::fs::read_dir(target.path())
        .unwrap()
        .filter(|e| e.as_ref().unwrap().file_name().to_string_lossy().contains("replaced"))
        .count();
    assert!(kept >= 1, "the replaced database is kept beside it");
    // Never under a running shop.
    let _serving = ankara::backup::lock_data_dir(target.path()).unwrap();
    assert!(refused(&fixture, true).contains("is running"));
}

#[actix_web::test]
async fn metrics_count_routes_by_pattern_and_need_the_token_or_an_admin() {
    let app = crate::common::spawn_with(|c| {
        c.no_demo = true;
        c.metrics_token = Some("scrape-secret-123".into());
    })
    .await;
    app.add_product("oxford", product_with("Oxford Cap-Toe", "formal-shoes", 4_500_000, "Oxfords", &["42"], &["Black"]));
    let scrape = |token: &'static str| {
        let request = app.client.get(app.url("/metrics"));
        async move { request.bearer_auth(token).send().await.unwrap() }
    };
    assert_eq!(app.get("/metrics").await.status(), 401, "not public");
    assert_eq!(scrape("wrong").await.status(), 401);

    for _ in 0..3 {
        assert_eq!(app.get("/api/products/oxford").await.status(), 200);
    }
    // A hundred made-up paths are one row, not a hundred: no request pattern grows the table.
    for i in 0..100 {
        app.get(&format!("/api/made-up-{i}")).await;
    }
    buy(&app, "metrics@example.com").await;
    let res = scrape("scrape-secret-123").await;
    assert_eq!(res.status(), 200);
    assert!(res.headers()["content-type"].to_str().unwrap().starts_with("text/plain"));
    let text = res.text().await.unwrap();
    assert!(text.contains(r#"ankara_http_requests_total{method="GET",route="/api/products/{id}",status="200"} 3"#), "{text}");
    assert!(text.contains(r#"ankara_http_requests_total{method="GET",route="other",status="404"} 100"#), "{text}");
    assert!(!text.contains("made-up"));
    assert!(text.contains(r#"ankara_http_request_duration_seconds_count{method="GET",route="/api/products/{id}"} 3"#));
    assert!(text.contains("ankara_checkouts_started_total 1\n") && text.contains("ankara_checkouts_completed_total 1\n"), "{text}");
    let database_bytes: u64 = text.lines().find_map(|l| l.strip_prefix("ankara_database_bytes ")).unwrap().parse().unwrap();
    assert!(database_bytes > 10_000);

    let admin = app.admin_browser("boss@example.com").await;
    assert_eq!(admin.get("/metrics").await.status(), 200, "an admin's session reads them too");
    let customer = app.browser();
    customer.signup("Ada", "ada@example.com", "secret1").await;
    assert_eq!(customer.get("/metrics").await.status(), 401, "a customer's does not");
}

#[test]
fn a_backup_that_runs_out_of_space_says_so_and_leaves_nothing() {
    // The file-size limit stands in for a full disk: writes past it fail the same way (EFBIG).
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    std::fs::create_dir(&data).unwrap();
    std::fs::copy(crate::common::in_repo("tests/fixtures/schema-3.db"), data.join("ankara.db")).unwrap();
    drop(ankara::db::Db::open(&data.join("ankara.db")).unwrap()); // at the current schema: no upgrade copy first
    let target = dir.path().join("copy.db");
    let script = format!("ulimit -f 64; exec \"$0\" --data-dir '{}' backup '{}'", data.display(), target.display());
    let output = std::process::Command::new("sh").args(["-c", &script, env!("CARGO_BIN_EXE_ankara")]).output().unwrap();
    let said = String::from_utf8_lossy(&output.stderr);
    assert!(!output.status.success(), "the backup cannot fit in 64 KB");
    assert!(said.contains("backup failed, nothing was kept"), "{said}");
    assert!(!target.exists(), "no partial file is left to be mistaken for a backup");
}
