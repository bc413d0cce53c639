//! Bringing a catalogue in: Shopify's product CSV with pictures served over HTTP, Ankara's own
//! export into an empty shop, all or nothing, nothing twice, and the limits that hold against a
//! hostile file or a URL pointing inside the shop's network.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use actix_web::{App, HttpResponse, HttpServer, web};
use serde_json::Value;

use crate::common::{Browser, TestApp, png, spawn_with};

/// A picture host on 127.0.0.1 serving `/img/{n}.png` (each a different colour), counting requests.
async fn picture_server() -> (String, Arc<AtomicUsize>) {
    let hits = Arc::new(AtomicUsize::new(0));
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    let counter = web::Data::from(hits.clone());
    let server = HttpServer::new(move || {
        App::new().app_data(counter.clone()).route(
            "/img/{n}.png",
            web::get().to(|n: web::Path<u8>, hits: web::Data<AtomicUsize>| async move {
                hits.fetch_add(1, Ordering::SeqCst);
                let n = n.into_inner();
                HttpResponse::Ok().content_type("image/png").body(png(300, 400, [n.wrapping_mul(40), 90, 255 - n]))
            }),
        )
    })
    .workers(1)
    .disable_signals()
    .listen(listener)
    .unwrap()
    .run();
    actix_web::rt::spawn(server);
    (base, hits)
}

const SHOPIFY_HEADER: &str = "Handle,Title,Body (HTML),Vendor,Product Category,Type,Tags,Published,Option1 Name,Option1 Value,Option2 Name,Option2 Value,Option3 Name,Option3 Value,Variant SKU,Variant Grams,Variant Inventory Tracker,Variant Inventory Qty,Variant Inventory Policy,Variant Fulfillment Service,Variant Price,Variant Compare At Price,Variant Requires Shipping,Variant Taxable,Variant Barcode,Image Src,Image Position,Image Alt Text,Gift Card,Variant Image,Status";

/// One row of Shopify's export, from the cells that matter here.
#[allow(clippy::too_many_arguments)]
fn row(
    handle: &str,
    title: &str,
    body: &str,
    kind: &str,
    tags: &str,
    options: [(&str, &str); 2],
    sku: &str,
    qty: &str,
    price: &str,
    compare: &str,
    image: &str,
    position: &str,
    status: &str,
) -> String {
    let q = |s: &str| if s.contains([',', '"', '\n']) { format!("\"{}\"", s.replace('"', "\"\"")) } else { s.to_string() };
    [
        q(handle),
        q(title),
        q(body),
        "Ankara Test".into(),
        String::new(),
        q(kind),
        q(tags),
        if title.is_empty() { String::new() } else { "TRUE".into() },
        q(options[0].0),
        q(options[0].1),
        q(options[1].0),
        q(options[1].1),
        String::new(),
        String::new(),
        q(sku),
        "500".into(),
        "shopify".into(),
        q(qty),
        "deny".into(),
        "manual".into(),
        q(price),
        q(compare),
        "TRUE".into(),
        "TRUE".into(),
        String::new(),
        q(image),
        q(position),
        String::new(),
        if title.is_empty() { String::new() } else { "FALSE".into() },
        String::new(),
        if title.is_empty() { String::new() } else { q(status) },
    ]
    .join(",")
}

/// Three products, two options each, 14 variants, two pictures each, as Shopify exports them.
fn shopify_csv(pictures: &str) -> String {
    let img = |n: u8| format!("{pictures}/img/{n}.png");
    let mut rows = vec![SHOPIFY_HEADER.to_string()];
    // Brogues: 3 sizes × 2 colours, on sale; the first row carries the product.
    let mut first = true;
    for (i, (size, color)) in
        [("40", "Black"), ("40", "Brown"), ("41", "Black"), ("41", "Brown"), ("42", "Black"), ("42", "Brown")].iter().enumerate()
    {
        let (title, body, kind, tags) = if first {
            (
                "Lagos Brogue",
                "<p>Hand-burnished <strong>calf</strong> leather &amp; a Goodyear welt.</p><ul><li>Leather sole</li></ul>",
                "Brogues",
                "formal, new",
            )
        } else {
            ("", "", "", "")
        };
        let image = if i < 2 { img(1 + i as u8) } else { String::new() };
        let position = if i < 2 { (i + 1).to_string() } else { String::new() };
        rows.push(row(
            "lagos-brogue",
            title,
            body,
            kind,
            tags,
            [("Size", size), ("Color", color)],
            &format!("LB-{size}-{color}"),
            &(i + 1).to_string(),
            "45000.50",
            "52000",
            &image,
            &position,
            "active",
        ));
        first = false;
    }
    // Shirts: 2 sizes × 2 colours; the second picture on a row of its own.
    for (i, (size, color)) in [("S", "Navy"), ("S", "White"), ("M", "Navy"), ("M", "White")].iter().enumerate() {
        let first = i == 0;
        rows.push(row(
            "ikoyi-shirt",
            if first { "Ikoyi Oxford Shirt" } else { "" },
            if first { "Crisp cotton.<br>Button-down collar." } else { "" },
            if first { "Shirts" } else { "" },
            "",
            [("Shirt Size", size), ("Colour", color)],
            &format!("IS-{size}-{color}"),
            if i == 3 { "-2" } else { "7" },
            "18999.99",
            "",
            &if first { img(3) } else { String::new() },
            if first { "1" } else { "" },
            "active",
        ));
    }
    rows.push(row("ikoyi-shirt", "", "", "", "", [("", ""), ("", "")], "", "", "", "", &img(4), "2", ""));
    // Watches: tagged with an existing collection's name, so they go there.
    for (i, (size, color)) in [("38mm", "Gold"), ("38mm", "Steel"), ("42mm", "Gold"), ("42mm", "Steel")].iter().enumerate() {
        let first = i == 0;
        rows.push(row(
            "eko-watch",
            if first { "Eko Dress Watch" } else { "" },
            if first { "Slim &amp; light." } else { "" },
            if first { "Watches" } else { "" },
            if first { "gift, Timepieces" } else { "" },
            [("Case size", size), ("Color", color)],
            &format!("EW-{size}-{color}"),
            "3",
            "120000",
            "",
            &if i < 2 { img(5 + i as u8) } else { String::new() },
            if i < 2 { if i == 0 { "1" } else { "2" } } else { "" },
            "active",
        ));
    }
    // A draft is left out, and says so.
    rows.push(row("draft-thing", "Not Yet", "", "", "", [("Title", "Default Title"), ("", "")], "", "1", "100", "", "", "", "draft"));
    rows.join("\n") + "\n"
}

async fn import(admin: &Browser, query: &str, body: impl Into<reqwest::Body>) -> (u16, Value) {
    let res = admin
        .client
        .post(admin.url(&format!("/api/admin/products/import?{query}")))
        .header("X-Requested-With", "ankara")
        .header("Content-Type", "text/csv")
        .body(body)
        .send()
        .await
        .unwrap();
    let status = res.status().as_u16();
    (status, res.json().await.unwrap_or(Value::Null))
}

/// Starts an import and waits for its end.
async fn import_and_wait(admin: &Browser, query: &str, body: impl Into<reqwest::Body>) -> Value {
    let (status, job) = import(admin, query, body).await;
    assert_eq!(status, 202, "{job}");
    for _ in 0..600 {
        let (status, now) = admin.get_json(&format!("/api/admin/products/import/{}", job["id"].as_str().unwrap())).await;
        assert_eq!(status, 200);
        if now["state"] != "running" {
            return now;
        }
        actix_web::rt::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    panic!("the import did not finish");
}

async fn shop() -> (TestApp, Browser) {
    let app = spawn_with(|c| {
        c.no_demo = true;
        c.import_private_urls = true;
    })
    .await;
    app.sql(
        "INSERT INTO collections (id, name, description, created_at, updated_at) VALUES
            ('new-in', 'New In', 'Just arrived.', 1, 1), ('timepieces', 'Timepieces', 'Watches.', 1, 1)",
    );
    let admin = app.admin_browser("owner@ankara.test").await;
    (app, admin)
}

#[actix_web::test]
async fn a_shopify_export_imports_with_variants_stock_prices_and_pictures_and_again_changes_nothing() {
    let (app, admin) = shop().await;
    let (pictures, hits) = picture_server().await;
    let csv = shopify_csv(&pictures);

    // The dry run says what would happen and writes nothing.
    let (status, report) = import(&admin, "dryRun=true&collection=new-in", csv.clone()).await;
    assert_eq!(status, 200, "{report}");
    assert_eq!(
        (report["created"].as_u64(), report["updated"].as_u64(), report["variants"].as_u64()),
        (Some(3), Some(0), Some(14)),
        "{report}"
    );
    assert_eq!(report["newPictures"], 6);
    assert_eq!(report["skipped"][0]["message"], "Left out: its status is draft.");
    assert_eq!(report["message"], "Would import: 3 new, 0 to update, 0 unchanged.");
    assert_eq!(app.query_i64("SELECT COUNT(*) FROM products"), 0);
    assert_eq!(hits.load(Ordering::SeqCst), 0, "a dry run fetches nothing");

    let done = import_and_wait(&admin, "collection=new-in", csv.clone()).await;
    assert_eq!(done["state"], "done", "{done}");
    assert_eq!(done["report"]["message"], "Imported: 3 new, 0 updated, 0 unchanged.");
    assert_eq!(app.query_i64("SELECT COUNT(*) FROM products"), 3);
    assert_eq!(app.query_i64("SELECT COUNT(*) FROM variants"), 14);
    // Prices to the kobo, the sale, categories, collections (the watch's tag names Timepieces).
    assert_eq!(app.query_i64("SELECT price_kobo FROM products WHERE handle = 'lagos-brogue'"), 4_500_050);
    assert_eq!(app.query_i64("SELECT compare_at_kobo FROM products WHERE handle = 'lagos-brogue'"), 5_200_000);
    assert_eq!(app.query_i64("SELECT price_kobo FROM products WHERE handle = 'ikoyi-shirt'"), 1_899_999);
    assert_eq!(
        app.query_i64("SELECT COUNT(*) FROM products WHERE handle = 'eko-watch' AND collection_id = 'timepieces' AND category = 'Watches'"),
        1
    );
    assert_eq!(app.query_i64("SELECT COUNT(*) FROM products WHERE collection_id = 'new-in'"), 2);
    // Options: "Shirt Size"/"Case size" are sizes, Color/Colour colours; stock per variant, negative as 0.
    assert_eq!(app.query_i64("SELECT stock FROM variants WHERE sku = 'LB-41-Brown'"), 4);
    assert_eq!(app.query_i64("SELECT stock FROM variants WHERE sku = 'IS-M-White'"), 0);
    assert_eq!(app.query_i64("SELECT COUNT(*) FROM variants WHERE size = '42mm' AND color = 'Steel' AND stock = 3"), 1);
    assert_eq!(app.query_i64("SELECT SUM(stock) FROM variants"), 21 + 21 + 12);
    // HTML became text.
    let (_, products) = app.get_json("/api/collections/new-in").await;
    let text = products.to_string();
    assert!(text.contains("Hand-burnished calf leather & a Goodyear welt.\\n\\n• Leather sole"), "{text}");
    assert!(!text.contains("<strong>"));
    // Pictures: fetched once each, re-encoded and stored, in Shopify's order.
    assert_eq!(hits.load(Ordering::SeqCst), 6);
    assert_eq!(app.query_i64("SELECT COUNT(*) FROM product_images"), 6);
    let first: String = app
        .state
        .db
        .with_conn(|c| Ok(c.query_row("SELECT media_key FROM product_images pi JOIN products p ON p.id = pi.product_id WHERE p.handle = 'ikoyi-shirt' AND position = 0", [], |r| r.get(0))?))
        .unwrap();
    let widths: String =
        app.state.db.with_conn(|c| Ok(c.query_row("SELECT widths FROM media WHERE key = ?1", [&first], |r| r.get(0))?)).unwrap();
    let width = widths.split(',').next().unwrap();
    assert_eq!(app.get(&format!("/media/{first}-{width}.jpg")).await.status(), 200);
    // Found by search at once (through the catalogue's door).
    let (_, found) = app.get_json("/api/search?q=brogue").await;
    assert!(found.to_string().contains("Lagos Brogue"), "{found}");

    // The same file again changes nothing and fetches nothing.
    let again = import_and_wait(&admin, "collection=new-in", csv.clone()).await;
    assert_eq!(again["report"]["message"], "Imported: 0 new, 0 updated, 3 unchanged.", "{again}");
    assert_eq!(hits.load(Ordering::SeqCst), 6);
    assert_eq!(app.query_i64("SELECT COUNT(*) FROM products"), 3);
    assert_eq!(app.query_i64("SELECT COUNT(*) FROM media WHERE key LIKE 'products/%'"), 6);

    // A file with one bad row imports nothing — not even its good changes — and names the row.
    let bad = csv
        .replace("Lagos Brogue", "Lagos Brogue II")
        .replace("EW-42mm-Gold,500,shopify,3,deny,manual,120000", "EW-42mm-Gold,500,shopify,3,deny,manual,12x000");
    let (status, refused) = import(&admin, "collection=new-in", bad).await;
    assert_eq!(status, 400, "{refused}");
    assert_eq!(refused["message"], "1 row is wrong; nothing was changed.");
    assert_eq!(refused["errors"][0]["line"], 15, "{refused}");
    assert!(refused["errors"][0]["message"].as_str().unwrap().contains("Variant Price"), "{refused}");
    assert_eq!(app.query_i64("SELECT COUNT(*) FROM products WHERE name = 'Lagos Brogue'"), 1);

    // Options Ankara has no place for, and variants at different prices, are refused by row.
    let material = csv.replace("Shirt Size", "Material");
    let (status, refused) = import(&admin, "collection=new-in", material).await;
    assert_eq!(status, 400);
    assert!(refused["errors"][0]["message"].as_str().unwrap().contains("The option \"Material\" cannot be imported"), "{refused}");
    let priced = csv.replacen("LB-41-Black,500,shopify,3,deny,manual,45000.50", "LB-41-Black,500,shopify,3,deny,manual,46000", 1);
    let (_, refused) = import(&admin, "collection=new-in", priced).await;
    assert!(refused["errors"][0]["message"].as_str().unwrap().contains("at one price"), "{refused}");
    // Shopify's file names no collection: without a choice (and no tag naming one) it is refused.
    let (_, refused) = import(&admin, "dryRun=true", csv.replace("lagos-brogue", "other-brogue").replace("LB-", "OB-")).await;
    assert!(refused["errors"][0]["message"].as_str().unwrap().contains("Choose a collection"), "{refused}");
}

#[actix_web::test]
async fn pictures_are_not_fetched_from_inside_the_shops_network_and_a_failed_import_leaves_nothing() {
    let app = spawn_with(|c| c.no_demo = true).await;
    app.sql("INSERT INTO collections (id, name, description, created_at, updated_at) VALUES ('new-in', 'New In', '', 1, 1)");
    let admin = app.admin_browser("owner@ankara.test").await;
    let (pictures, hits) = picture_server().await;
    let done = import_and_wait(&admin, "collection=new-in", shopify_csv(&pictures)).await;
    assert_eq!(done["state"], "failed", "{done}");
    let errors = done["refused"]["errors"].as_array().unwrap();
    assert_eq!(errors.len(), 6, "{done}");
    assert!(errors[0]["message"].as_str().unwrap().contains("private or local addresses"), "{done}");
    assert_eq!(errors[0]["line"], 2);
    assert_eq!(hits.load(Ordering::SeqCst), 0);
    // A name that resolves to loopback is refused as it resolves.
    let by_name = shopify_csv(&pictures.replace("127.0.0.1", "localhost"));
    let done = import_and_wait(&admin, "collection=new-in", by_name).await;
    assert!(done["refused"]["errors"][0]["message"].as_str().unwrap().contains("not on the public internet"), "{done}");
    assert_eq!(hits.load(Ordering::SeqCst), 0);
    for url in ["file:///etc/passwd", "ftp://example.com/a.png", "gopher://x/"] {
        let csv = shopify_csv(&pictures).replace(&format!("{pictures}/img/1.png"), url);
        let (status, answer) = import(&admin, "dryRun=true&collection=new-in", csv).await;
        // Not a URL the shop fetches, so a file name: not in the (absent) zip.
        assert_eq!(status, 400, "{url}: {answer}");
    }
    assert_eq!(app.query_i64("SELECT COUNT(*) FROM products"), 0);
    assert_eq!(app.query_i64("SELECT COUNT(*) FROM media WHERE key LIKE 'products/%'"), 0);
    let files = walk(&app.dir.path().join("media").join("products"));
    assert!(files.is_empty(), "no picture file is left behind: {files:?}");
}

/// Issue 34: IPv6 forms that carry a loopback IPv4 address passed the public-address check (the
/// fetch failed only for want of a route). Each is now judged by the IPv4 address it is routed to,
/// or refused whatever it carries, before anything is fetched.
#[actix_web::test]
async fn ipv6_forms_of_a_private_ipv4_address_are_not_fetched_from() {
    let app = spawn_with(|c| c.no_demo = true).await;
    app.sql("INSERT INTO collections (id, name, description, created_at, updated_at) VALUES ('new-in', 'New In', '', 1, 1)");
    let admin = app.admin_browser("owner@ankara.test").await;
    let (pictures, hits) = picture_server().await;
    // mapped, compatible, translated, NAT64, 6to4 (of 127.0.0.1) and Teredo
    for host in [
        "[::ffff:127.0.0.1]",
        "[::127.0.0.1]",
        "[::ffff:0:127.0.0.1]",
        "[64:ff9b::127.0.0.1]",
        "[2002:7f00:1::]",
        "[2001:0:4136:e378:8000:63bf:80ff:fffe]",
    ] {
        let done = import_and_wait(&admin, "collection=new-in", shopify_csv(&pictures.replace("127.0.0.1", host))).await;
        assert_eq!(done["state"], "failed", "{host}: {done}");
        let first = done["refused"]["errors"][0]["message"].as_str().unwrap_or_default();
        assert!(first.contains("the shop does not fetch from private or local addresses"), "{host}: {done}");
    }
    assert_eq!(hits.load(Ordering::SeqCst), 0);
    assert_eq!(app.query_i64("SELECT COUNT(*) FROM products"), 0);
}

fn walk(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        if entry.path().is_dir() {
            out.extend(walk(&entry.path()));
        } else {
            out.push(entry.path());
        }
    }
    out
}

#[actix_web::test]
async fn hostile_files_are_refused_whole_and_only_owners_and_managers_import() {
    let (app, admin) = shop().await;
    // Not a CSV of either kind.
    let (status, refused) = import(&admin, "dryRun=true", "name,price\nx,1\n").await;
    assert_eq!(status, 400);
    assert!(refused["message"].as_str().unwrap().starts_with("The first line must be the header"), "{refused}");
    // A line of commas stops at the cell limit, an open quote at the cell length.
    let (_, refused) = import(&admin, "dryRun=true", format!("{SHOPIFY_HEADER}\n{}\n", ",".repeat(1_000_000))).await;
    assert_eq!(refused["message"], "Line 2 has more than 128 cells; nothing was changed.");
    let (_, refused) = import(&admin, "dryRun=true", format!("{SHOPIFY_HEADER}\nx,\"{}", "y".repeat(200_000))).await;
    assert_eq!(refused["message"], "Line 2 has a cell longer than 100000 characters; nothing was changed.");
    // Too large a CSV is refused before it is read.
    let (status, _) = import(&admin, "dryRun=true", vec![b'a'; 21 << 20]).await;
    assert_eq!(status, 400);
    let (status, refused) = import(&admin, "dryRun=true", vec![0xff, 0xfe, b'a']).await;
    assert_eq!((status, refused["message"].as_str()), (400, Some("The file is not UTF-8 text (save it as CSV UTF-8).")));
    // A zip that is not one.
    let (status, refused) = import(&admin, "dryRun=true", b"PK\x03\x04 and then nothing".to_vec()).await;
    assert_eq!(status, 400);
    assert!(refused["message"].as_str().unwrap().contains("zip"), "{refused}");

    // Packers and customers may not import or export.
    let packer = app.browser();
    packer.signup("Packer", "packer@ankara.test", "packer-pass-1").await;
    app.sql("UPDATE users SET role = 'packer' WHERE email = 'packer@ankara.test'");
    packer.post_json("/api/auth/refresh", Value::Null).await;
    let (status, _) = import(&packer, "dryRun=true", "x").await;
    assert_eq!(status, 403);
    assert_eq!(packer.get("/api/admin/products.csv").await.status(), 403);
    let manager = app.browser();
    manager.signup("Manager", "manager@ankara.test", "manager-pass-1").await;
    app.sql("UPDATE users SET role = 'manager' WHERE email = 'manager@ankara.test'");
    manager.post_json("/api/auth/refresh", Value::Null).await;
    let (status, _) = import(&manager, "dryRun=true", "name,price\n").await;
    assert_eq!(status, 400, "a manager may import (this file is just wrong)");
}

fn ankara(data_dir: &std::path::Path, args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_ankara"))
        .args(args)
        .env("ANKARA_DATA_DIR", data_dir)
        .env("ANKARA_NO_DEMO", "true")
        .output()
        .unwrap()
}

/// Every product's name, collection name, category, prices and featured flag, with its variants
/// and picture count: what must survive a move between shops.
fn catalogue(db: &std::path::Path) -> Vec<String> {
    let conn = rusqlite::Connection::open(db).unwrap();
    let mut stmt = conn
        .prepare(
            "SELECT p.name || '|' || c.name || '|' || COALESCE(p.category, '') || '|' || p.price_kobo || '|' || COALESCE(p.compare_at_kobo, '')
                    || '|' || p.featured || '|' || p.description || '|' || (SELECT COUNT(*) FROM product_images WHERE product_id = p.id)
                    || '|' || (SELECT COUNT(*) FROM color_images WHERE product_id = p.id)
                    || '|' || (SELECT group_concat(v.size || '/' || v.color || '/' || COALESCE(v.sku, '') || '/' || v.stock, ';')
                               FROM (SELECT * FROM variants WHERE product_id = p.id ORDER BY position) v)
             FROM products p JOIN collections c ON c.id = p.collection_id ORDER BY p.name",
        )
        .unwrap();
    stmt.query_map([], |r| r.get(0)).unwrap().collect::<Result<_, _>>().unwrap()
}

#[actix_web::test]
async fn the_demo_shops_export_moves_to_an_empty_shop_whole_and_a_running_shop_shows_an_import_at_once() {
    let demo = spawn_with(|_| {}).await;
    let work = tempfile::tempdir().unwrap();
    let (file, pictures) = (work.path().join("products.csv"), work.path().join("pictures"));
    let out = ankara(demo.dir.path(), &["products", "export", file.to_str().unwrap(), "--pictures", pictures.to_str().unwrap()]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let source = catalogue(&demo.dir.path().join("ankara.db"));
    assert!(source.len() >= 40, "{}", source.len());

    // Into an empty shop (stopped): same products, variants, stock, prices and picture counts.
    let empty = tempfile::tempdir().unwrap();
    let out = ankara(empty.path(), &["products", "import", file.to_str().unwrap(), "--pictures", pictures.to_str().unwrap(), "--dry-run"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stdout).starts_with(&format!("Would import: {} new", source.len())));
    let out = ankara(empty.path(), &["products", "import", file.to_str().unwrap(), "--pictures", pictures.to_str().unwrap()]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(catalogue(&empty.path().join("ankara.db")), source);
    let out = ankara(empty.path(), &["products", "import", file.to_str().unwrap(), "--pictures", pictures.to_str().unwrap()]);
    assert!(String::from_utf8_lossy(&out.stdout).starts_with(&format!("Imported: 0 new, 0 updated, {} unchanged.", source.len())));

    // Into the demo shop itself, running: nothing changes (its own pictures are recognised).
    let out = ankara(demo.dir.path(), &["products", "import", file.to_str().unwrap(), "--pictures", pictures.to_str().unwrap()]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stdout).contains(" 0 updated"), "{}", String::from_utf8_lossy(&out.stdout));

    // A running shop shows a product the command adds within seconds, search included.
    let text = std::fs::read_to_string(&file).unwrap();
    let header = text.lines().next().unwrap();
    let first_picture = std::fs::read_dir(&pictures).unwrap().next().unwrap().unwrap().file_name().into_string().unwrap();
    let one =
        format!("{header}\r\nnew-kaftan,Agbada Kaftan Deluxe,Embroidered.,Suits,Kaftans,99000,,no,L,Ivory,KFT-1,5,{first_picture},\r\n");
    std::fs::write(&file, one).unwrap();
    let out = ankara(demo.dir.path(), &["products", "import", file.to_str().unwrap(), "--pictures", pictures.to_str().unwrap()]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let mut found = Value::Null;
    for _ in 0..100 {
        found = demo.get_json("/api/search?q=kaftan").await.1;
        if found.to_string().contains("Agbada Kaftan Deluxe") {
            break;
        }
        actix_web::rt::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert!(found.to_string().contains("Agbada Kaftan Deluxe"), "{found}");
}
