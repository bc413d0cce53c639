//! The foundation: health, errors, the catalogue read API, the demo shop, the served front end.

use crate::common::{spawn_app, spawn_empty_app};
use serde_json::Value;

const FIXED: [&str; 6] = ["formal-shoes", "formal-trousers", "corporate-shirts", "wristwatches", "suits", "sneakers"];

#[actix_web::test]
async fn health_answers_ok() {
    let app = spawn_app().await;
    let (status, body) = app.get_json("/api/health").await;
    assert_eq!(status, 200);
    assert_eq!(body["status"], "ok");
}

#[actix_web::test]
async fn unknown_api_paths_and_methods_answer_json() {
    let app = spawn_app().await;
    let res = app.get("/api/no-such-thing").await;
    assert_eq!(res.status(), 404);
    assert!(res.headers()["content-type"].to_str().unwrap().starts_with("application/json"));
    let body: Value = res.json().await.unwrap();
    assert_eq!(body["error"], "not_found");
    assert!(body["message"].as_str().unwrap().len() > 5);

    let res = app.client.post(app.url("/api/health")).send().await.unwrap();
    assert_eq!(res.status(), 405);
    let body: Value = res.json().await.unwrap();
    assert_eq!(body["error"], "method_not_allowed");

    let res = app.client.delete(app.url("/api/collections")).send().await.unwrap();
    assert_eq!(res.status(), 405);
}

#[actix_web::test]
async fn demo_shop_has_the_six_collections_with_products() {
    let app = spawn_app().await;
    let (status, collections) = app.get_json("/api/collections").await;
    assert_eq!(status, 200);
    let ids: Vec<&str> = collections.as_array().unwrap().iter().map(|c| c["id"].as_str().unwrap()).collect();
    assert_eq!(&ids[..6], &FIXED);
    let names: Vec<&str> = collections.as_array().unwrap().iter().map(|c| c["name"].as_str().unwrap()).collect();
    assert_eq!(&names[..6], &["Formal Shoes", "Formal Trouser", "Corporate Shirts", "Wristwatches", "Suits", "Sneakers"]);
    for id in FIXED {
        let (status, page) = app.get_json(&format!("/api/collections/{id}")).await;
        assert_eq!(status, 200, "{id}");
        assert_eq!(page["collection"]["id"], id);
        assert!(page["collection"]["image"]["url"].as_str().unwrap().starts_with("/media/collections/"));
        let products = page["products"].as_array().unwrap();
        assert!(products.len() >= 6, "{id} has {} products", products.len());
        assert_eq!(page["total"].as_i64().unwrap() as usize, products.len());
        for p in products {
            assert_eq!(p["collectionId"], id);
            assert!(p["images"].as_array().unwrap().len() >= 2, "{} has fewer than 2 images", p["name"]);
            assert!(p["price"].as_i64().unwrap() > 0, "price is integer kobo");
        }
    }
}

#[actix_web::test]
async fn products_by_id_and_not_found() {
    let app = spawn_app().await;
    let (_, page) = app.get_json("/api/collections/sneakers").await;
    let first = &page["products"][0];
    let id = first["id"].as_str().unwrap();
    let (status, product) = app.get_json(&format!("/api/products/{id}")).await;
    assert_eq!(status, 200);
    assert_eq!(product["name"], first["name"]);
    assert!(product["rating"].as_f64().unwrap() <= 5.0);
    assert!(product["reviewCount"].as_i64().is_some());
    let image = &product["images"][0];
    assert!(image["srcset"].as_str().unwrap().contains(" 320w"));
    assert!(image["width"].as_u64().unwrap() > 0);

    for bad in ["doesnotexist", "..%2F..%2Fetc", "a%20b", &"x".repeat(300)] {
        let (status, body) = app.get_json(&format!("/api/products/{bad}")).await;
        assert_eq!(status, 404, "{bad}");
        assert_eq!(body["message"], "The product you're looking for doesn't exist.");
    }
    let (status, body) = app.get_json("/api/collections/not-a-collection").await;
    assert_eq!(status, 404);
    assert_eq!(body["message"], "Collection not found");
}

#[actix_web::test]
async fn collection_pages_and_bad_page_numbers() {
    let app = spawn_app().await;
    let (status, page) = app.get_json("/api/collections/suits?page=2").await;
    assert_eq!(status, 200);
    assert_eq!(page["page"], 2);
    assert_eq!(page["pageSize"], 24);
    assert_eq!(page["products"].as_array().unwrap().len(), 0, "the demo has fewer than 24 suits");
    for bad in ["0", "-1", "abc", "99999999999999999999"] {
        let (status, body) = app.get_json(&format!("/api/collections/suits?page={bad}")).await;
        assert_eq!(status, 400, "page={bad}");
        assert_eq!(body["error"], "validation");
    }
}

#[actix_web::test]
async fn featured_releases_about_and_hero() {
    let app = spawn_app().await;
    let (_, featured) = app.get_json("/api/products/featured").await;
    let featured = featured.as_array().unwrap();
    assert!(featured.len() >= 6);
    assert!(featured.iter().all(|p| p["featured"] == true));

    let (_, releases) = app.get_json("/api/releases").await;
    let releases = releases.as_array().unwrap();
    assert!(releases.len() >= 3);
    let times: Vec<i64> = releases.iter().map(|r| r["createdAt"].as_i64().unwrap()).collect();
    assert!(times.windows(2).all(|w| w[0] >= w[1]), "newest first");
    for r in releases {
        let (status, product) = app.get_json(&format!("/api/products/{}", r["productId"].as_str().unwrap())).await;
        assert_eq!(status, 200);
        assert_eq!(product["collectionId"], r["collectionId"]);
        assert!(r["backgroundImage"]["url"].as_str().unwrap().starts_with("/media/releases/"));
    }

    let (status, about) = app.get_json("/api/about").await;
    assert_eq!(status, 200);
    assert!(!about["title"].as_str().unwrap().is_empty());
    assert!(about["image1"]["url"].is_string() && about["image2"]["url"].is_string());

    // The seed's home page: three hero slides with the demo's pictures and words, then the
    // collections, the releases and the featured products.
    let (_, home) = app.get_json("/api/home").await;
    let kinds: Vec<&str> = home["sections"].as_array().unwrap().iter().map(|s| s["type"].as_str().unwrap()).collect();
    assert_eq!(kinds, ["hero", "collections", "releases", "featured"]);
    let slides = home["sections"][0]["slides"].as_array().unwrap();
    assert_eq!(slides.len(), 3);
    assert!(slides.iter().all(|s| s["picture"]["url"].as_str().unwrap().starts_with("/media/hero/")));
    assert_eq!(slides[0]["button"], serde_json::json!({ "label": "Explore", "href": "#collections" }));
    assert_eq!(home["sections"][3]["blurb"], "Our favourite pieces this season, chosen by the Ankara stylists.");
}

#[actix_web::test]
async fn media_is_served_immutable_and_paths_are_checked() {
    let app = spawn_app().await;
    let (_, about) = app.get_json("/api/about").await;
    let url = about["image1"]["url"].as_str().unwrap();
    let res = app.get(url).await;
    assert_eq!(res.status(), 200);
    assert_eq!(res.headers()["content-type"], "image/jpeg");
    assert!(res.headers()["cache-control"].to_str().unwrap().contains("immutable"));
    let bytes = res.bytes().await.unwrap();
    assert_eq!(&bytes[..2], &[0xFF, 0xD8], "a JPEG");
    for bad in ["/media/../ankara.db", "/media/%2e%2e/ankara.db", "/media/products/nothing-320.jpg", "/media/ankara.db"] {
        assert_eq!(app.get(bad).await.status(), 404, "{bad}");
    }
}

#[actix_web::test]
async fn empty_shop_without_demo_still_has_the_fixed_collections() {
    let app = spawn_empty_app().await;
    let (_, collections) = app.get_json("/api/collections").await;
    assert_eq!(collections.as_array().unwrap().len(), 6);
    let (_, page) = app.get_json("/api/collections/suits").await;
    assert_eq!(page["products"].as_array().unwrap().len(), 0);
    let (_, releases) = app.get_json("/api/releases").await;
    assert_eq!(releases, serde_json::json!([]));
    let (status, about) = app.get_json("/api/about").await;
    assert_eq!(status, 200);
    assert!(about.is_null());
}

#[actix_web::test]
async fn contact_messages_are_validated_and_stored() {
    let app = spawn_app().await;
    let send = |body: Value| app.client.post(app.url("/api/contact")).json(&body).send();
    let res = send(serde_json::json!({"email": "ada@example.com", "message": "Do you deliver to Abuja?"})).await.unwrap();
    assert_eq!(res.status(), 201);
    let body: Value = res.json().await.unwrap();
    assert!(body["message"].as_str().unwrap().contains("Thank you"));

    for (body, code) in [
        (serde_json::json!({"email": "", "message": "hi"}), 400),
        (serde_json::json!({"email": "ada@example.com"}), 400),
        (serde_json::json!({"email": "not-an-email", "message": "hi"}), 400),
        (serde_json::json!({"email": "ada@example.com", "message": "x".repeat(6000)}), 400),
    ] {
        let res = send(body.clone()).await.unwrap();
        assert_eq!(res.status().as_u16(), code, "{body}");
        let json: Value = res.json().await.unwrap();
        assert_eq!(json["error"], "validation");
    }
    let res = app.client.post(app.url("/api/contact")).header("content-type", "application/json").body("{not json").send().await.unwrap();
    assert_eq!(res.status(), 400);
    let json: Value = res.json().await.unwrap();
    assert_eq!(json["error"], "validation");

    let stored: Vec<(String, String)> = app
        .state
        .db
        .with_conn(|c| {
            let mut stmt = c.prepare("SELECT email, message FROM contact_messages")?;
            let rows = stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?.collect::<Result<_, _>>()?;
            Ok(rows)
        })
        .unwrap();
    assert_eq!(stored, vec![("ada@example.com".to_string(), "Do you deliver to Abuja?".to_string())]);
}

#[actix_web::test]
async fn client_routes_get_the_app_with_page_tags() {
    let app = spawn_app().await;
    for route in ["/", "/about", "/contact", "/login", "/signup", "/mybag", "/myorders", "/search?q=shoe", "/collections/suits"] {
        let res = app.get(route).await;
        assert_eq!(res.status(), 200, "{route}");
        assert!(res.headers()["content-type"].to_str().unwrap().starts_with("text/html"));
        assert!(res.headers()["cache-control"].to_str().unwrap().contains("no-cache"));
        assert!(res.headers().contains_key("content-security-policy"));
        let html = res.text().await.unwrap();
        assert!(html.contains("id=\"ankara-session\""), "{route}");
        // The shop's name travels in the page's facts: the front end's header and titles read it.
        assert!(html.contains("<script id=\"ankara-shop\" type=\"application/json\">{\""), "{route}");
        assert!(html.contains("\"email\":"), "{route}");
        assert!(html.contains("\"name\":\"Ankara\""), "{route}");
    }
    let (_, page) = app.get_json("/api/collections/wristwatches").await;
    let product = &page["products"][0];
    let html = app.get(&format!("/product/{}", product["id"].as_str().unwrap())).await.text().await.unwrap();
    let name = product["name"].as_str().unwrap().replace('\'', "&#39;").replace('&', "&amp;");
    assert!(html.contains(&format!("<title>{name} — Ankara</title>")), "title of {name}");
    assert!(html.contains("property=\"og:image\" content=\"http://127.0.0.1:"));
    assert!(html.contains("property=\"product:price:currency\" content=\"NGN\""));
    let html = app.get("/collections/suits").await.text().await.unwrap();
    assert!(html.contains("<title>Suits — Ankara</title>"));

    assert_eq!(app.get("/product/unknown-product").await.status(), 404);
    assert_eq!(app.get("/collections/unknown").await.status(), 404);
    assert_eq!(app.get("/no/such/page").await.status(), 404);
    assert_eq!(app.get("/assets/missing-abc123.js").await.status(), 404);
    let long = format!("/product/{}", "a".repeat(4000));
    assert_eq!(app.get(&long).await.status(), 404);
}

/// The server learns the app's pages from the front end's route tables (the build's
/// client-routes.json): every page of both tables answers 200, with the app, and a pay link sent
/// in a chat previews with the shop's own tags rather than a 404.
#[actix_web::test]
async fn every_page_of_the_route_tables_answers_200() {
    let app = spawn_app().await;
    let (status, patterns) = app.get_json("/client-routes.json").await;
    assert_eq!(status, 200);
    let patterns: Vec<String> = serde_json::from_value(patterns).unwrap();
    for page in ["/", "/pay/:token", "/unsubscribe", "/join", "/admin/orders/:id/receipt", "/adminmanagement"] {
        assert!(patterns.iter().any(|p| p == page), "{page} is in the route tables: {patterns:?}");
    }
    let (_, page) = app.get_json("/api/collections/wristwatches").await;
    let product = page["products"][0]["id"].as_str().unwrap().to_string();
    for pattern in &patterns {
        // /setup is the app only while the shop has no owner (then 404 by design: src/app.rs).
        if pattern == "/setup" {
            continue;
        }
        let path = pattern
            .replace(":id", if pattern.starts_with("/product/") { &product } else { "wristwatches" })
            // A page of the shop's own: one of the starter pages.
            .replace(":slug", "privacy")
            .replace(':', "x-");
        let res = app.get(&path).await;
        assert_eq!(res.status(), 200, "{path} (from {pattern})");
        assert!(res.text().await.unwrap().contains("id=\"ankara-session\""), "{path} is the app");
    }
    let html = app.get("/pay/AbCdEf123").await.text().await.unwrap();
    assert!(html.contains("<title>Pay — Ankara</title>"), "{html}");
    assert!(html.contains("property=\"og:title\" content=\"Pay — Ankara\""));
    assert_eq!(app.get("/pay").await.status(), 404);
    assert_eq!(app.get("/admin/no-such-screen").await.status(), 404);
}

#[actix_web::test]
async fn hashed_assets_are_cached_forever_and_gzipped() {
    let app = spawn_app().await;
    let html = app.get("/").await.text().await.unwrap();
    let Some(start) = html.find("/assets/") else {
        panic!("index.html references no hashed assets: is frontend/dist built?");
    };
    // The first may be a font named inside the inlined stylesheet: `url(/assets/….woff2)`.
    let path: String = html[start..].chars().take_while(|c| !matches!(c, '"' | ')' | '\'')).collect();
    let res = app.client.get(app.url(&path)).header("accept-encoding", "gzip").send().await.unwrap();
    assert_eq!(res.status(), 200);
    assert!(res.headers()["cache-control"].to_str().unwrap().contains("immutable"));
    // The app's own scripts (the shell names them), compressed once at start.
    let script = html
        .match_indices("/assets/")
        .map(|(at, _)| html[at..].chars().take_while(|c| !matches!(c, '"' | ')' | '\'' | ' ')).collect::<String>())
        .find(|path| path.ends_with(".js"))
        .expect("the app's scripts");
    let res = app.client.get(app.url(&script)).header("accept-encoding", "gzip, deflate").send().await.unwrap();
    assert_eq!(res.headers()["content-encoding"], "gzip", "{script}");
    let packed = res.bytes().await.unwrap();
    let plain = app.get(&script).await.bytes().await.unwrap();
    assert_eq!(gunzip(&packed), plain.to_vec());
    // A browser that takes Brotli gets the build's Brotli copy (smaller than gzip for scripts).
    let res = app.client.get(app.url(&script)).header("accept-encoding", "gzip, deflate, br").send().await.unwrap();
    assert_eq!(res.headers()["content-encoding"], "br", "{script}");
    assert!(res.bytes().await.unwrap().len() < packed.len(), "{script}: Brotli beats gzip");
}

fn gunzip(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    std::io::Read::read_to_end(&mut flate2::read::GzDecoder::new(bytes), &mut out).expect("a gzip stream");
    out
}

/// Browsers take gzip: what is worth it goes out compressed (the catalogue's cached answers
/// compressed once; other answers as they go), what is not goes out as it is, and the answers
/// say they vary with Accept-Encoding.
#[actix_web::test]
async fn answers_are_gzipped_for_browsers_when_worth_it() {
    let app = spawn_app().await;
    let gzip = |path: &str| app.client.get(app.url(path)).header("accept-encoding", "gzip, deflate, br, zstd").send();
    // A few bytes: as they are.
    let res = gzip("/api/health").await.unwrap();
    assert!(res.headers().get("content-encoding").is_none());
    assert_eq!(res.headers()["vary"], "accept-encoding");
    let health: Value = res.json().await.unwrap();
    assert_eq!(
        (&health["status"], &health["role"], &health["takesOrders"]),
        (&Value::from("ok"), &Value::from("primary"), &Value::from(true))
    );
    // A collection page from the cache, twice (built, then kept): the same JSON as a plain request gets.
    let plain = app.get("/api/collections/suits?sort=price-asc").await.bytes().await.unwrap();
    for _ in 0..2 {
        let res = gzip("/api/collections/suits?sort=price-asc").await.unwrap();
        assert_eq!(res.headers()["content-encoding"], "gzip");
        assert_eq!(res.headers()["vary"], "accept-encoding");
        let packed = res.bytes().await.unwrap();
        assert!(packed.len() * 3 < plain.len(), "{} of {} bytes", packed.len(), plain.len());
        assert_eq!(gunzip(&packed), plain.to_vec());
    }
    // An answer that is not cached, compressed as it goes.
    let res = gzip("/api/openapi.json").await.unwrap();
    assert_eq!(res.headers()["content-encoding"], "gzip");
    let document: Value = serde_json::from_slice(&gunzip(&res.bytes().await.unwrap())).unwrap();
    assert!(document["paths"].is_object());
    // Pictures are compressed already.
    let (_, page) = app.get_json("/api/collections/suits").await;
    let picture = page["products"][0]["images"][0]["url"].as_str().unwrap().to_string();
    let res = gzip(&picture).await.unwrap();
    assert_eq!(res.status(), 200);
    assert!(res.headers().get("content-encoding").is_none(), "{picture}");
    // A client that does not take gzip gets none.
    let res = app.client.get(app.url("/api/openapi.json")).header("accept-encoding", "gzip;q=0, br").send().await.unwrap();
    assert!(res.headers().get("content-encoding").is_none());
}

#[test]
fn unusable_databases_are_refused_and_left_alone() {
    let dir = tempfile::tempdir().unwrap();
    let db_path = dir.path().join("ankara.db");
    std::fs::write(&db_path, b"this is not a database at all, just some text that is long enough").unwrap();
    let before = std::fs::read(&db_path).unwrap();
    let err = ankara::app::prepare(ankara::config::Config::for_data_dir(dir.path().to_path_buf())).err().expect("refused");
    assert!(err.contains("damaged") || err.contains("not an Ankara database"), "{err}");
    assert_eq!(std::fs::read(&db_path).unwrap(), before, "nothing overwritten");

    let dir = tempfile::tempdir().unwrap();
    let db_path = dir.path().join("ankara.db");
    let conn = rusqlite::Connection::open(&db_path).unwrap();
    conn.pragma_update(None, "user_version", 999).unwrap();
    drop(conn);
    let err = ankara::app::prepare(ankara::config::Config::for_data_dir(dir.path().to_path_buf())).err().expect("refused");
    assert!(err.contains("newer version"), "{err}");

    let dir = tempfile::tempdir().unwrap();
    let db_path = dir.path().join("ankara.db");
    let conn = rusqlite::Connection::open(&db_path).unwrap();
    conn.execute_batch("CREATE TABLE t(x); BEGIN EXCLUSIVE; INSERT INTO t VALUES (1);").unwrap();
    let err = ankara::app::prepare(ankara::config::Config::for_data_dir(dir.path().to_path_buf())).err().expect("refused");
    assert!(err.contains("locked"), "{err}");
    drop(conn);
}

#[test]
fn invalid_configuration_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let mut config = ankara::config::Config::for_data_dir(dir.path().to_path_buf());
    config.paystack_secret_key = Some("sk_test_abc".into());
    assert!(ankara::app::prepare(config.clone()).err().unwrap().contains("neither"));
    config.paystack_secret_key = None;
    config.public_url = Some("ftp://shop".into());
    assert!(ankara::app::prepare(config).err().unwrap().contains("http"));
}

#[actix_web::test]
async fn the_openapi_document_describes_every_route() {
    // Routes are registered through the document (utoipa-actix-web), so every route is in it; this
    // checks the converse: every documented operation reaches a handler, not the unknown-route 404.
    let app = spawn_app().await;
    let (status, doc) = app.get_json("/api/openapi.json").await;
    assert_eq!(status, 200);
    assert!(doc["openapi"].as_str().unwrap().starts_with("3."));
    let paths = doc["paths"].as_object().unwrap();
    assert!(paths.len() >= 40, "{} paths", paths.len());
    let client = reqwest::Client::new();
    for (path, operations) in paths {
        let concrete = path.replace('{', "x").replace('}', "");
        for method in operations.as_object().unwrap().keys() {
            let method = reqwest::Method::from_bytes(method.to_uppercase().as_bytes()).unwrap();
            let res = client.request(method.clone(), app.url(&concrete)).header("X-Requested-With", "ankara").send().await.unwrap();
            let status = res.status().as_u16();
            let body: Value = res.json().await.unwrap_or(Value::Null);
            let unrouted = status == 405 || body["message"] == "There is no such API endpoint.";
            assert!(!unrouted, "{method} {path} is documented but not routed: {status} {body}");
        }
    }
    // Every error answer is the one documented shape.
    assert!(doc["components"]["schemas"]["Error"]["properties"]["message"].is_object());
}

#[actix_web::test]
async fn every_path_segment_is_a_documented_parameter() {
    // A typed id in `web::Path` is documented by its `IntoParams` (ids.rs), under the one segment
    // name its type gives, and only where the handler names it in `params(…)`: a route spelling
    // the segment otherwise, or a handler that forgets `params`, would leave the generated
    // client's path parameters wrong without a compile error. This is where it fails.
    let app = spawn_app().await;
    let (_, doc) = app.get_json("/api/openapi.json").await;
    let mut wrong = Vec::new();
    for (path, operations) in doc["paths"].as_object().unwrap() {
        let mut segments: Vec<&str> = path.split('{').skip(1).filter_map(|rest| rest.split_once('}').map(|(name, _)| name)).collect();
        segments.sort_unstable();
        for (method, operation) in operations.as_object().unwrap() {
            let mut documented: Vec<&str> = operation["parameters"]
                .as_array()
                .map(|ps| ps.iter().filter(|p| p["in"] == "path").filter_map(|p| p["name"].as_str()).collect())
                .unwrap_or_default();
            documented.sort_unstable();
            if documented != segments {
                wrong.push(format!("{} {path}: segments {segments:?}, documented {documented:?}", method.to_uppercase()));
            }
        }
    }
    assert!(wrong.is_empty(), "path parameters that do not match their segments: {wrong:#?}");
}

#[actix_web::test]
async fn every_operation_with_a_body_documents_413() {
    // Every body (JSON or multipart) has a size limit, and a larger one is answered 413; the
    // document must say so, or a client (and the fuzzer) meets an undocumented status.
    let app = spawn_app().await;
    let (_, doc) = app.get_json("/api/openapi.json").await;
    let mut missing = Vec::new();
    for (path, operations) in doc["paths"].as_object().unwrap() {
        for (method, operation) in operations.as_object().unwrap() {
            if operation.get("requestBody").is_some() && operation["responses"].get("413").is_none() {
                missing.push(format!("{} {path}", method.to_uppercase()));
            }
        }
    }
    assert!(missing.is_empty(), "operations with a body that do not document 413: {missing:#?}");
}

#[actix_web::test]
async fn every_operation_with_a_query_documents_the_error_shape_for_400() {
    // A query string that cannot be read is answered 400 {error, message} before the handler runs.
    let app = spawn_app().await;
    let (_, doc) = app.get_json("/api/openapi.json").await;
    let error = serde_json::json!({ "$ref": "#/components/schemas/Error" });
    let mut missing = Vec::new();
    for (path, operations) in doc["paths"].as_object().unwrap() {
        for (method, operation) in operations.as_object().unwrap() {
            let has_query = operation["parameters"].as_array().is_some_and(|ps| ps.iter().any(|p| p["in"] == "query"));
            let schema = &operation["responses"]["400"]["content"]["application/json"]["schema"];
            let covers = *schema == error || schema["oneOf"].as_array().is_some_and(|all| all.contains(&error));
            if has_query && !covers {
                missing.push(format!("{} {path}", method.to_uppercase()));
            }
        }
    }
    assert!(missing.is_empty(), "operations with a query whose 400 is not the error shape: {missing:#?}");
}
