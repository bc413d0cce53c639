//! Issue 33, §2: the home page as the merchant lays it out — typed sections she adds, removes,
//! reorders and edits, each checked on the server; a draft shoppers do not see until it is
//! published with the rest of the shop's look; the seed's layout for a shop that has set none.

use reqwest::Method;
use reqwest::multipart::{Form, Part};
use serde_json::{Value, json};

use crate::common::{png, spawn_app};
use crate::shop_identity::{ask_for_preview, html, send_form, staff_with_jar};

fn kinds(home: &Value) -> Vec<String> {
    home["sections"].as_array().unwrap().iter().map(|s| s["type"].as_str().unwrap().to_string()).collect()
}

fn picture(bytes: Vec<u8>) -> Form {
    Form::new().part("picture", Part::bytes(bytes).file_name("slide.png"))
}

#[actix_web::test]
async fn a_drafted_home_page_shows_to_shoppers_only_once_published_and_reverts_in_one_step() {
    let app = spawn_app().await;
    let (owner, jar) = staff_with_jar(&app, "funke@example.com", "owner").await;
    let (_, seed) = app.get_json("/api/home").await;
    assert_eq!(kinds(&seed), ["hero", "collections", "releases", "featured"]);

    let (status, stored) = send_form(&owner, Method::PUT, "/api/admin/home/picture", picture(png(1600, 900, [10, 110, 80]))).await;
    assert_eq!(status, 200, "{stored}");
    let key = stored["key"].as_str().unwrap().to_string();
    assert!(stored["image"]["url"].as_str().unwrap().starts_with("/media/home/"));
    let (_, product) = app.get_json("/api/products/featured").await;
    let product_id = product[0]["id"].as_str().unwrap().to_string();

    let layout = json!({ "sections": [
        { "type": "announcement", "text": "Free delivery in Lagos  over ₦50,000", "link": { "kind": "path", "path": "/pages/shipping-delivery" } },
        { "type": "hero", "slides": [{
            "picture": key, "kicker": "New in", "line": "Adire maxi dresses for every owambe.",
            "button": { "label": "Shop the dress", "target": { "kind": "product", "id": product_id } }
        }] },
        { "type": "featured", "heading": "Loved in Lagos", "blurb": "" },
        { "type": "collections" },
        { "type": "banner", "picture": key, "heading": "Made to measure", "text": "Book a fitting.",
          "button": { "label": "Our sizes", "target": { "kind": "collection", "id": "suits" } } },
    ]});
    let (status, editor) = owner.send_json(Method::PUT, "/api/admin/home", layout).await;
    assert_eq!(status, 200, "{editor}");
    assert_eq!(editor["draft"]["sections"][0]["text"], "Free delivery in Lagos over ₦50,000", "words are tidied");
    assert!(editor["pictures"][&key]["url"].is_string(), "the editor gets the draft's pictures");
    assert_eq!(editor["unpublishedChanges"], true);

    // Shoppers still see the seed's page; the owner previewing sees her draft, resolved.
    let (_, shopper_home) = app.get_json("/api/home").await;
    assert_eq!(kinds(&shopper_home), kinds(&seed));
    assert!(!html(&app.browser(), "/").await.contains("Adire maxi"));
    ask_for_preview(&app, &jar);
    let (_, preview) = owner.get_json("/api/home").await;
    assert_eq!(kinds(&preview), ["announcement", "hero", "featured", "collections", "banner"]);
    assert_eq!(
        preview["sections"][1]["slides"][0]["button"],
        json!({ "label": "Shop the dress", "href": format!("/product/{product_id}") })
    );
    assert_eq!(preview["sections"][2]["blurb"], "Our favourite pieces this season, chosen by the Ankara stylists.");
    assert_eq!(preview["sections"][4]["button"]["href"], "/collections/suits");

    assert_eq!(owner.post_json("/api/admin/brand/publish", Value::Null).await.0, 200);
    let (_, published) = app.get_json("/api/home").await;
    assert_eq!(published, preview);
    // The first HTML of / carries the sections and preloads the new first slide's picture.
    let page = html(&app.browser(), "/").await;
    assert!(page.contains("Adire maxi dresses for every owambe."), "the sections come with the page");
    let first = published["sections"][1]["slides"][0]["picture"]["url"].as_str().unwrap();
    let stem = first.rsplit_once('-').unwrap().0;
    assert!(page.contains("rel=\"preload\" as=\"image\"") && page.contains(stem), "the first slide is preloaded");

    assert_eq!(owner.post_json("/api/admin/brand/revert", Value::Null).await.0, 200);
    let (_, reverted) = app.get_json("/api/home").await;
    assert_eq!(reverted, seed);
    // The picture stays stored while a version (now the draft-less previous… or none) refers to
    // it; once none does, it goes with its files.
    let still: i64 = app.query_i64(&format!("SELECT COUNT(*) FROM media WHERE key = '{key}'"));
    let versions: i64 = app.query_i64(&format!("SELECT COUNT(*) FROM brand_versions WHERE instr(home, '{key}') > 0"));
    assert_eq!(still, versions.min(1), "a picture is kept exactly while a version shows it");
}

#[actix_web::test]
async fn a_bad_home_page_is_refused_with_its_reason_and_changes_nothing() {
    let app = spawn_app().await;
    let owner = app.admin_browser("funke@example.com").await;
    let (_, stored) = send_form(&owner, Method::PUT, "/api/admin/home/picture", picture(png(800, 450, [200, 40, 40]))).await;
    let key = stored["key"].as_str().unwrap();
    let (_, before) = owner.get_json("/api/admin/home").await;
    let slide = |picture: Value, target: Value| {
        json!({ "sections": [{ "type": "hero", "slides": [{ "picture": picture, "kicker": "", "line": "Hi",
            "button": { "label": "Go", "target": target } }] }] })
    };
    let thousand: Vec<Value> = (0..1000).map(|_| json!({ "type": "releases" })).collect();
    for (body, words) in [
        (json!({ "sections": thousand }), "at most 12 sections"),
        (slide(Value::Null, json!({ "kind": "collections" })), "Slide 1 needs a picture"),
        (slide(json!("home/not-a-picture"), json!({ "kind": "collections" })), "upload it again"),
        (slide(json!(key), json!({ "kind": "product", "id": "no-such-product" })), "product that does not exist"),
        (slide(json!(key), json!({ "kind": "collection", "id": "no-such-collection" })), "collection that does not exist"),
        (slide(json!(key), json!({ "kind": "path", "path": "https://evil.example/phish" })), "address on the shop"),
        (slide(json!(key), json!({ "kind": "path", "path": "//evil.example" })), "address on the shop"),
        (json!({ "sections": [{ "type": "whatsapp", "heading": "Order on WhatsApp" }] }), "WhatsApp number"),
        (json!({ "sections": [{ "type": "hero", "slides": [] }] }), "1 to 5 slides"),
        (json!({ "sections": [{ "type": "collections" }, { "type": "collections" }] }), "one collections grid only"),
    ] {
        let (status, answer) = owner.send_json(Method::PUT, "/api/admin/home", body).await;
        assert_eq!(status, 400, "{answer}");
        assert!(answer["message"].as_str().unwrap().contains(words), "{words}: {answer}");
    }
    let (status, answer) = owner.send_json(Method::PUT, "/api/admin/home", json!({ "sections": [{ "type": "marquee" }] })).await;
    assert_eq!(status, 400, "an unknown kind of section: {answer}");
    let (status, answer) =
        send_form(&owner, Method::PUT, "/api/admin/home/picture", picture(b"<svg onload=alert(1)></svg>".to_vec())).await;
    assert_eq!(status, 400, "{answer}");
    assert_eq!(owner.get_json("/api/admin/home").await.1, before, "nothing changed");

    // A link whose product is deleted after publishing is left out, not broken.
    let (_, featured) = app.get_json("/api/products/featured").await;
    let id = featured[0]["id"].as_str().unwrap();
    let (status, answer) = owner.send_json(Method::PUT, "/api/admin/home", slide(json!(key), json!({ "kind": "product", "id": id }))).await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(owner.post_json("/api/admin/brand/publish", Value::Null).await.0, 200);
    assert_eq!(owner.send_json(Method::DELETE, &format!("/api/products/{id}"), Value::Null).await.0, 200);
    let (_, home) = app.get_json("/api/home").await;
    assert_eq!(home["sections"][0]["slides"][0]["button"], json!({ "label": "Explore", "href": "#collections" }));
}

#[actix_web::test]
async fn owners_and_managers_lay_out_the_home_page_packers_cannot() {
    let app = spawn_app().await;
    let packer = app.staff("packer@example.com", "packer").await;
    let layout = json!({ "sections": [{ "type": "releases" }] });
    assert_eq!(packer.get_json("/api/admin/home").await.0, 403);
    assert_eq!(packer.send_json(Method::PUT, "/api/admin/home", layout.clone()).await.0, 403);
    let (status, _) = send_form(&packer, Method::PUT, "/api/admin/home/picture", picture(png(800, 450, [1, 2, 3]))).await;
    assert_eq!(status, 403);
    let manager = app.staff("manager@example.com", "manager").await;
    assert_eq!(manager.send_json(Method::PUT, "/api/admin/home", layout).await.0, 200);
    // A packer's preview cookie shows the published page.
    let (packer2, jar) = staff_with_jar(&app, "packer2@example.com", "packer").await;
    ask_for_preview(&app, &jar);
    assert_eq!(kinds(&packer2.get_json("/api/home").await.1), ["hero", "collections", "releases", "featured"]);
}
