//! Issue 33, §1 and §5: the shop's identity (name, description, logo, colours, fonts, contacts,
//! social links) as one document the back office drafts, previews, publishes and reverts; checked
//! whole (a bad colour, contrast that fails, an SVG or oversized logo, a link to the wrong site
//! change nothing); written into the first HTML of every page before any script runs.

use std::sync::Arc;

use reqwest::Method;
use reqwest::multipart::{Form, Part};
use serde_json::{Value, json};

use crate::common::{Browser, TestApp, png, spawn_app, spawn_with};

/// Funke's shop, as she would type it.
fn funke() -> Value {
    json!({
        "name": "Funke's Closet",
        "description": "Ankara dresses and bags, made in Lagos.",
        "primaryColour": "#0B6E4F",
        "headerColour": "#3d1f4a",
        "fonts": "modern",
        "phone": "0803 555 0199",
        "whatsapp": "0803 555 0100",
        "email": "hello@funkescloset.ng",
        "address": "12 Admiralty Way, Lekki, Lagos",
        "hours": "Mon–Sat, 9am–6pm",
        "instagram": "https://instagram.com/funkescloset",
        "facebook": "",
        "x": "",
        "tiktok": "https://www.tiktok.com/@funkescloset"
    })
}

/// A browser whose cookies the test can add to (the back office's preview cookie).
pub(crate) fn browser_with_jar(app: &TestApp) -> (Browser, Arc<reqwest::cookie::Jar>) {
    let jar = Arc::new(reqwest::cookie::Jar::default());
    let mut headers = reqwest::header::HeaderMap::new();
    headers.insert("x-requested-with", reqwest::header::HeaderValue::from_static("ankara"));
    let client = reqwest::Client::builder()
        .cookie_provider(jar.clone())
        .default_headers(headers)
        .pool_idle_timeout(crate::common::CLIENT_IDLE)
        .build()
        .unwrap();
    (Browser { base: app.base.clone(), client }, jar)
}

pub(crate) async fn staff_with_jar(app: &TestApp, email: &str, role: &str) -> (Browser, Arc<reqwest::cookie::Jar>) {
    let (browser, jar) = browser_with_jar(app);
    browser.signup("Staff Person", email, "staff-pass-1").await;
    app.sql(&format!("UPDATE users SET role = '{role}' WHERE email = '{email}'"));
    assert_eq!(browser.post_json("/api/auth/refresh", Value::Null).await.0, 200);
    (browser, jar)
}

pub(crate) fn ask_for_preview(app: &TestApp, jar: &reqwest::cookie::Jar) {
    jar.add_cookie_str("ankara_preview=brand; Path=/", &app.url("/").parse().unwrap());
}

pub(crate) async fn html(browser: &Browser, path: &str) -> String {
    browser.get(path).await.text().await.unwrap()
}

pub(crate) async fn send_form(browser: &Browser, method: Method, path: &str, form: Form) -> (u16, Value) {
    let res = browser.client.request(method, browser.url(path)).multipart(form).send().await.unwrap();
    let status = res.status().as_u16();
    (status, res.json().await.unwrap_or(Value::Null))
}

fn logo(bytes: Vec<u8>, name: &str) -> Form {
    Form::new().part("logo", Part::bytes(bytes).file_name(name.to_string()))
}

/// The text between the page's `<head>` and its first script: what a link preview reads.
fn before_any_script(page: &str) -> &str {
    &page[..page.find("<script").unwrap_or(page.len())]
}

#[actix_web::test]
async fn a_renamed_shop_is_named_in_the_first_html_of_every_page_once_published() {
    let app = spawn_app().await;
    let owner = app.admin_browser("funke@example.com").await;
    let (status, brand) = owner.send_json(Method::PUT, "/api/admin/brand", funke()).await;
    assert_eq!(status, 200, "{brand}");
    assert_eq!(brand["draft"]["name"], "Funke's Closet");
    assert_eq!(brand["draft"]["primaryColour"], "#0b6e4f", "colours are tidied");
    assert_eq!(brand["draft"]["whatsapp"], "2348035550100");
    assert_eq!(brand["published"]["name"], "Ankara");
    assert_eq!(brand["unpublishedChanges"], true);

    // A draft: shoppers still see the demo's name.
    let visitor = app.browser();
    let page = html(&visitor, "/").await;
    assert!(page.contains("<title>Ankara</title>") && !page.contains("Funke"), "the draft is not shown to shoppers");

    let (status, brand) = owner.post_json("/api/admin/brand/publish", Value::Null).await;
    assert_eq!(status, 200, "{brand}");
    assert_eq!(brand["published"]["name"], "Funke's Closet");
    assert_eq!(brand["unpublishedChanges"], false);
    assert_eq!(brand["canRevert"], true);

    let page = html(&visitor, "/").await;
    let head = before_any_script(&page);
    assert!(head.contains("<title>Funke&#39;s Closet</title>"), "{head}");
    assert!(head.contains("<meta property=\"og:title\" content=\"Funke&#39;s Closet\">"));
    assert!(head.contains("<meta property=\"og:site_name\" content=\"Funke&#39;s Closet\">"));
    assert!(head.contains("<meta property=\"og:description\" content=\"Ankara dresses and bags, made in Lagos.\">"));
    assert!(head.contains("--accent:#0b6e4f;") && head.contains("--brand-header:#3d1f4a;"), "the theme is in the head");
    assert!(head.contains("--font-serif:'DM Sans'"), "the font pair is in the head");
    assert!(head.contains("<meta name=\"theme-color\" content=\"#3d1f4a\""));
    assert!(page.contains("<span class=\"logo__word\">Funke&#39;s Closet</span>"), "the app shell's wordmark");
    assert!(page.contains("\"tiktok\":\"https://www.tiktok.com/@funkescloset\""), "the facts carry her links");
    assert!(!page.contains("instagram.com/ankara"));

    // Every page's title carries her name: a product's, a pay link's.
    let (_, featured) = app.get_json("/api/products/featured").await;
    let product = &featured.as_array().unwrap()[0];
    let page = html(&visitor, &format!("/product/{}", product["id"].as_str().unwrap())).await;
    assert!(page.contains(&format!("<title>{} — Funke&#39;s Closet</title>", product["name"].as_str().unwrap())));
    assert!(html(&visitor, "/pay/abc").await.contains("<title>Pay — Funke&#39;s Closet</title>"));

    // The installable app follows.
    let manifest: Value = visitor.get("/manifest.webmanifest").await.json().await.unwrap();
    assert_eq!(manifest["name"], "Funke's Closet");
    assert_eq!(manifest["theme_color"], "#3d1f4a");

    // And mail: the sender and the text name her shop.
    assert_eq!(app.state.mailer.shop_name(), "Funke's Closet");

    // One step back.
    let (status, brand) = owner.post_json("/api/admin/brand/revert", Value::Null).await;
    assert_eq!(status, 200, "{brand}");
    assert_eq!(brand["published"]["name"], "Ankara");
    assert_eq!(brand["canRevert"], false);
    assert!(html(&visitor, "/").await.contains("<title>Ankara</title>"));
    assert_eq!(app.state.mailer.shop_name(), "Ankara");
    assert_eq!(owner.post_json("/api/admin/brand/revert", Value::Null).await.0, 409, "nothing further back");
}

#[actix_web::test]
async fn the_demo_shop_is_set_up_through_the_same_document_and_looks_as_before() {
    let app = spawn_app().await;
    let page = html(&app.browser(), "/").await;
    assert!(page.contains("<title>Ankara</title>"));
    assert!(!page.contains("ankara-theme"), "the demo's look is the stylesheet's own: no theme written");
    assert!(page.contains("\"instagram\":\"https://instagram.com/ankara\""));
    assert!(page.contains("Formal shoes, tailored suits, corporate shirts, wristwatches and sneakers, delivered across Nigeria."));
    let owner = app.admin_browser("owner@example.com").await;
    let (_, brand) = owner.get_json("/api/admin/brand").await;
    assert_eq!(brand["published"]["x"], "https://x.com/ankara");
    assert_eq!(brand["published"]["fonts"], "classic");
    assert_eq!(brand["unpublishedChanges"], false);
    assert_eq!(owner.post_json("/api/admin/brand/publish", Value::Null).await.0, 409, "nothing to publish");
}

#[actix_web::test]
async fn a_bad_identity_is_refused_with_its_reason_and_changes_nothing() {
    let app = spawn_app().await;
    let owner = app.admin_browser("owner@example.com").await;
    assert_eq!(owner.send_json(Method::PUT, "/api/admin/brand", funke()).await.0, 200);
    let (_, before) = owner.get_json("/api/admin/brand").await;
    let with = |field: &str, value: Value| {
        let mut body = funke();
        body[field] = value;
        body
    };
    let cases = [
        (with("primaryColour", json!("teal")), "is not a colour"),
        (with("headerColour", json!("#12345")), "is not a colour"),
        (with("primaryColour", json!("#f2a541")), "White text on the action colour #f2a541 has a contrast of"),
        (with("headerColour", json!("#e8e0f0")), "White text on the header and footer colour #e8e0f0"),
        (with("name", json!("")), "needs a name"),
        (with("name", json!("x".repeat(81))), "at most 80"),
        (with("description", json!("x".repeat(5_000))), "at most 160"),
        (with("instagram", json!("http://instagram.com/funke")), "Instagram link must be an https:// address on instagram.com"),
        (with("facebook", json!("https://evil.example/facebook.com")), "Facebook link must be an https:// address on facebook.com"),
        (with("x", json!("javascript:alert(1)")), "X link"),
        (with("email", json!("hello@")), "not an e-mail address"),
        (with("whatsapp", json!("call me")), "not a phone number"),
        (with("fonts", json!("comic-sans")), ""),
    ];
    for (body, message) in cases {
        let (status, answer) = owner.send_json(Method::PUT, "/api/admin/brand", body).await;
        assert_eq!(status, 400, "{answer}");
        assert!(answer["message"].as_str().unwrap_or_default().contains(message), "{message}: {answer}");
    }
    let (_, after) = owner.get_json("/api/admin/brand").await;
    assert_eq!(before, after, "a refused draft changes nothing");
}

#[actix_web::test]
async fn a_logo_is_a_picture_through_the_pipeline_never_svg_nor_huge() {
    let app = spawn_app().await;
    let owner = app.admin_browser("owner@example.com").await;
    let svg = br#"<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>"#.to_vec();
    let (status, answer) = send_form(&owner, Method::PUT, "/api/admin/brand/logo", logo(svg, "logo.png")).await;
    assert_eq!(status, 400, "{answer}");
    assert!(answer["message"].as_str().unwrap().contains("SVG"), "{answer}");
    let (status, answer) = send_form(&owner, Method::PUT, "/api/admin/brand/logo", logo(b"just words".to_vec(), "logo.png")).await;
    assert_eq!(status, 400, "{answer}");
    assert_eq!(answer["message"], "Selected file must be an image.");
    let huge = vec![0u8; 30_000_000];
    let res = owner.client.put(owner.url("/api/admin/brand/logo")).multipart(logo(huge, "big.png")).send().await;
    // The shop refuses as the bytes arrive; it may close the connection before reading them all.
    if let Ok(res) = res {
        assert_eq!(res.status(), 413);
    }
    let (_, brand) = owner.get_json("/api/admin/brand").await;
    assert!(brand["draft"]["logo"].is_null(), "nothing was kept of the refused files");

    let (status, brand) = send_form(&owner, Method::PUT, "/api/admin/brand/logo", logo(png(400, 200, [11, 110, 79]), "logo.png")).await;
    assert_eq!(status, 200, "{brand}");
    let url = brand["draft"]["logo"]["url"].as_str().unwrap().to_string();
    assert!(url.starts_with("/media/brand/") && url.ends_with(".png"), "{url}");
    assert!(brand["published"]["logo"].is_null(), "a draft's logo is not shown yet");
    assert_eq!(app.get("/brand/icon-192.png").await.status(), 404, "no published logo, no icon");

    assert_eq!(owner.post_json("/api/admin/brand/publish", Value::Null).await.0, 200);
    let page = html(&app.browser(), "/about").await;
    let head = before_any_script(&page);
    assert!(head.contains("<link rel=\"icon\" href=\"/brand/icon-32.png\" type=\"image/png\">"), "{head}");
    assert!(head.contains("<meta property=\"og:image\" content=\"http://"), "a page without a picture is shared with the logo");
    let icon = app.get("/brand/icon-192.png").await;
    assert_eq!(icon.headers()["content-type"], "image/png");
    let icon = image::load_from_memory(&icon.bytes().await.unwrap()).unwrap();
    assert_eq!((icon.width(), icon.height()), (192, 192), "a square icon, whatever the logo's shape");
    let manifest: Value = app.get("/manifest.webmanifest").await.json().await.unwrap();
    assert_eq!(manifest["icons"][1]["src"], "/brand/icon-512.png");
    assert!(app.get(&url).await.status().is_success());
}

#[actix_web::test]
async fn owners_and_managers_edit_and_preview_packers_and_shoppers_cannot() {
    let app = spawn_app().await;
    let packer = app.staff("packer@example.com", "packer").await;
    for (method, path) in [
        (Method::GET, "/api/admin/brand"),
        (Method::PUT, "/api/admin/brand"),
        (Method::POST, "/api/admin/brand/publish"),
        (Method::POST, "/api/admin/brand/revert"),
        (Method::DELETE, "/api/admin/brand/logo"),
    ] {
        let body = if method == Method::PUT { funke() } else { Value::Null };
        assert_eq!(packer.send_json(method.clone(), path, body).await.0, 403, "{method} {path}");
    }
    let customer = app.browser();
    customer.signup("Ada Shopper", "ada@example.com", "shopper-pass-1").await;
    assert_eq!(customer.send_json(Method::PUT, "/api/admin/brand", funke()).await.0, 403);

    let (manager, manager_jar) = staff_with_jar(&app, "manager@example.com", "manager").await;
    assert_eq!(manager.send_json(Method::PUT, "/api/admin/brand", funke()).await.0, 200);

    // The preview cookie shows the draft only to staff who may edit it.
    let (shopper, shopper_jar) = browser_with_jar(&app);
    shopper.signup("Bola Shopper", "bola@example.com", "shopper-pass-1").await;
    ask_for_preview(&app, &shopper_jar);
    let page = html(&shopper, "/").await;
    assert!(page.contains("<title>Ankara</title>") && !page.contains("Funke"), "a shopper's cookie shows nothing");
    let (packer_browser, packer_jar) = staff_with_jar(&app, "packer2@example.com", "packer").await;
    ask_for_preview(&app, &packer_jar);
    assert!(!html(&packer_browser, "/").await.contains("Funke"), "a packer may not preview");
    ask_for_preview(&app, &manager_jar);
    let page = html(&manager, "/").await;
    assert!(page.contains("<title>Funke&#39;s Closet</title>") && page.contains("\"preview\":true"), "the manager previews");
    assert!(html(&app.browser(), "/").await.contains("<title>Ankara</title>"), "shoppers still see the published shop");

    assert_eq!(manager.post_json("/api/admin/brand/publish", Value::Null).await.0, 200);
    assert!(html(&app.browser(), "/").await.contains("<title>Funke&#39;s Closet</title>"));
    assert_eq!(packer.post_json("/api/admin/brand/revert", Value::Null).await.0, 403);
    assert!(html(&app.browser(), "/").await.contains("Funke"), "the packer's refused revert changed nothing");
}

/// The JSON-LD blocks of a page, parsed.
fn json_ld(page: &str) -> Vec<Value> {
    page.split("<script type=\"application/ld+json\">")
        .skip(1)
        .map(|piece| serde_json::from_str(piece.split_once("</script>").unwrap().0).unwrap())
        .collect()
}

#[actix_web::test]
async fn the_home_and_contact_pages_describe_the_published_shop_to_search_engines() {
    let app = spawn_app().await;
    let owner = app.admin_browser("funke@example.com").await;
    assert_eq!(owner.send_json(Method::PUT, "/api/admin/brand", funke()).await.0, 200);
    assert_eq!(send_form(&owner, Method::PUT, "/api/admin/brand/logo", logo(png(300, 100, [11, 110, 79]), "logo.png")).await.0, 200);
    let visitor = app.browser();
    let before = json_ld(&html(&visitor, "/").await);
    assert_eq!(before.len(), 1, "{before:?}");
    assert_eq!(before[0]["name"], "Ankara", "the draft is not described until it is published");
    assert_eq!(owner.post_json("/api/admin/brand/publish", Value::Null).await.0, 200);

    for path in ["/", "/contact"] {
        let data = json_ld(&html(&visitor, path).await);
        assert_eq!(data.len(), 1, "{path}: {data:?}");
        let org = &data[0];
        assert_eq!(org["@context"], "https://schema.org");
        assert_eq!(org["@type"], "Organization");
        assert_eq!(org["name"], "Funke's Closet");
        assert_eq!(org["url"], app.url("/"));
        assert_eq!(org["description"], "Ankara dresses and bags, made in Lagos.");
        assert_eq!(org["telephone"], "0803 555 0199");
        assert_eq!(org["email"], "hello@funkescloset.ng");
        assert_eq!(org["address"], "12 Admiralty Way, Lekki, Lagos");
        assert_eq!(
            org["sameAs"],
            json!(["https://instagram.com/funkescloset", "https://www.tiktok.com/@funkescloset"]),
            "only the links set"
        );
        let logo = org["logo"].as_str().unwrap();
        assert!(logo.starts_with(&app.url("/media/brand/")) && logo.ends_with(".png"), "an absolute address: {logo}");
    }
    assert!(json_ld(&html(&visitor, "/about").await).is_empty(), "other pages do not repeat it");
    // Mail is headed by the same logo, at an address that loads outside the shop.
    let sign = app.state.mailer.sign();
    assert_eq!(sign.name, "Funke's Closet");
    let mail_logo = sign.logo_url.expect("mail carries the published logo");
    assert!(mail_logo.starts_with(&app.url("/media/brand/")) && mail_logo.ends_with(".png"), "{mail_logo}");
    assert_eq!(app.get(mail_logo.strip_prefix(&app.url("")).unwrap()).await.status(), 200);

    // A name that tries to close the script element stays inside it.
    let mut hostile = funke();
    hostile["name"] = json!("Funke</script><script>alert(1)</script>");
    assert_eq!(owner.send_json(Method::PUT, "/api/admin/brand", hostile).await.0, 200);
    assert_eq!(owner.post_json("/api/admin/brand/publish", Value::Null).await.0, 200);
    let page = html(&visitor, "/contact").await;
    assert!(!page.contains("</script><script>alert(1)"), "the name cannot break out of the script element");
    assert!(page.contains("\"name\":\"Funke\\u003c/script>\\u003cscript>alert(1)\\u003c/script>\""));
    assert_eq!(json_ld(&page)[0]["name"], "Funke</script><script>alert(1)</script>");
}

#[actix_web::test]
async fn a_transparent_logo_keeps_its_transparency() {
    let app = spawn_app().await;
    let owner = app.admin_browser("owner@example.com").await;
    // A green disc on nothing: the corners are fully transparent, the middle opaque.
    let disc = image::RgbaImage::from_fn(600, 300, |x, y| {
        let (dx, dy) = (i64::from(x) - 300, i64::from(y) - 150);
        if dx * dx + dy * dy < 120 * 120 { image::Rgba([11, 110, 79, 255]) } else { image::Rgba([0, 0, 0, 0]) }
    });
    let mut bytes = std::io::Cursor::new(Vec::new());
    disc.write_to(&mut bytes, image::ImageFormat::Png).unwrap();
    let (status, brand) = send_form(&owner, Method::PUT, "/api/admin/brand/logo", logo(bytes.into_inner(), "logo.png")).await;
    assert_eq!(status, 200, "{brand}");
    let picture = &brand["draft"]["logo"];
    let files = |srcset: &str| srcset.split(", ").map(|s| s.split(' ').next().unwrap().to_string()).collect::<Vec<_>>();
    let (fallback, webp) = (files(picture["srcset"].as_str().unwrap()), files(picture["webpSrcset"].as_str().unwrap()));
    assert_eq!(fallback.len(), 3, "{picture}");
    assert_eq!(webp.len(), 3, "{picture}");
    for url in fallback.iter().chain(&webp) {
        let res = app.get(url).await;
        assert_eq!(res.status(), 200, "{url}");
        let kind = if url.ends_with(".png") { "image/png" } else { "image/webp" };
        assert_eq!(res.headers()["content-type"], kind, "{url}");
        let stored = image::load_from_memory(&res.bytes().await.unwrap()).unwrap();
        assert!(stored.color().has_alpha(), "{url} keeps an alpha channel");
        let stored = stored.to_rgba8();
        let (w, h) = stored.dimensions();
        assert_eq!(stored.get_pixel(0, 0)[3], 0, "{url}: a corner is still transparent");
        let middle = stored.get_pixel(w / 2, h / 2);
        assert!(middle[3] > 250 && middle[1] > 90, "{url}: the disc is still opaque green: {middle:?}");
    }
    // The app's icon lays it onto the header colour: its corner is the demo's header navy.
    assert_eq!(owner.post_json("/api/admin/brand/publish", Value::Null).await.0, 200);
    let icon = image::load_from_memory(&app.get("/brand/icon-192.png").await.bytes().await.unwrap()).unwrap().to_rgb8();
    assert_eq!(icon.get_pixel(30, 96).0, [0x1b, 0x1f, 0x3b], "the transparent part shows the header colour");
}

#[actix_web::test]
async fn a_whatsapp_number_the_keys_screen_kept_moves_into_the_identity_once() {
    // A shop from before: its Keys screen kept the number in the keys file.
    let app = spawn_with(|config| {
        std::fs::create_dir_all(&config.data_dir).unwrap();
        std::fs::write(config.data_dir.join("shop-keys.json"), r#"{"whatsapp_number": "2348035550100", "smtp_url": null}"#).unwrap();
    })
    .await;
    let owner = app.admin_browser("owner@example.com").await;
    let (_, brand) = owner.get_json("/api/admin/brand").await;
    assert_eq!(brand["published"]["whatsapp"], "2348035550100", "the identity has it now");
    assert!(html(&app.browser(), "/").await.contains("\"whatsapp\":\"2348035550100\""));
    let keys: Value = serde_json::from_slice(&std::fs::read(app.dir.path().join("shop-keys.json")).unwrap()).unwrap();
    assert!(keys["whatsapp_number"].is_null(), "and the keys file no longer: {keys}");
    let (_, view) = owner.get_json("/api/admin/keys").await;
    assert!(view.get("whatsappNumber").is_none(), "the Keys screen has no WhatsApp number: {view}");
}
