//! The merchant's collections (issue 33, part 3): created, renamed at a stable address, reordered,
//! hidden from the menus, deleted (refused with the count while anything is in them, or after
//! moving it), and the menus the first HTML carries following all of it.

use crate::common::{Browser, TestApp, png, product, spawn_empty_app};
use reqwest::Method;
use reqwest::multipart::{Form, Part};
use serde_json::{Value, json};

async fn send_form(browser: &Browser, method: Method, path: &str, form: Form) -> (u16, Value) {
    let res = browser.client.request(method, browser.url(path)).multipart(form).send().await.unwrap();
    let status = res.status().as_u16();
    (status, res.json().await.unwrap_or(Value::Null))
}

fn collection_form(name: &str, description: &str, picture: bool) -> Form {
    let form = Form::new().text("name", name.to_string()).text("description", description.to_string());
    if picture { form.part("image", Part::bytes(png(1200, 600, [150, 60, 30])).file_name("wide.png")) } else { form }
}

async fn ids(browser: &Browser) -> Vec<String> {
    let (_, list) = browser.get_json("/api/collections").await;
    list.as_array().unwrap().iter().map(|c| c["id"].as_str().unwrap().to_string()).collect()
}

/// The menus' collections as the first HTML's facts carry them.
async fn menu(browser: &Browser) -> Vec<(String, String)> {
    let html = browser.get("/").await.text().await.unwrap();
    let start = html.find("<script id=\"ankara-shop\" type=\"application/json\">").expect("the shop's facts") + 49;
    let end = start + html[start..].find("</script>").unwrap();
    let facts: Value = serde_json::from_str(&html[start..end]).unwrap();
    facts["collections"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| (c["id"].as_str().unwrap().into(), c["name"].as_str().unwrap().into()))
        .collect()
}

const SEED: [&str; 6] = ["formal-shoes", "formal-trousers", "corporate-shirts", "wristwatches", "suits", "sneakers"];

#[actix_web::test]
async fn a_new_collection_goes_last_in_the_menus_and_keeps_its_address_when_renamed() {
    let app = spawn_empty_app().await;
    let admin = app.admin_browser("funke@example.com").await;
    let shopper = app.browser();
    assert_eq!(menu(&shopper).await.iter().map(|(id, _)| id.as_str()).collect::<Vec<_>>(), SEED, "a new shop starts with the six");

    let (status, added) = send_form(&admin, Method::POST, "/api/collections", collection_form("Adire Dresses", "Hand-dyed.", true)).await;
    assert_eq!(status, 201, "{added}");
    assert_eq!(added["collection"]["id"], "adire-dresses");
    assert_eq!(menu(&shopper).await.last().unwrap(), &("adire-dresses".to_string(), "Adire Dresses".to_string()));

    let (status, renamed) =
        send_form(&admin, Method::PUT, "/api/collections/adire-dresses", collection_form("Ankara Gowns", "Bold prints.", false)).await;
    assert_eq!(status, 200, "{renamed}");
    assert_eq!(renamed["collection"]["id"], "adire-dresses", "the address stays");
    let (status, page) = shopper.get_json("/api/collections/adire-dresses").await;
    assert_eq!((status, page["collection"]["name"].as_str()), (200, Some("Ankara Gowns")));
    let html = shopper.get("/collections/adire-dresses").await.text().await.unwrap();
    assert!(html.contains("<title>Ankara Gowns — "), "the shared link shows the new name");
    assert_eq!(menu(&shopper).await.last().unwrap().1, "Ankara Gowns");
}

#[actix_web::test]
async fn collections_are_reordered_only_by_a_whole_list() {
    let app = spawn_empty_app().await;
    let admin = app.admin_browser("funke@example.com").await;
    let reversed: Vec<String> = SEED.iter().rev().map(|s| s.to_string()).collect();
    let (status, list) = admin.send_json(Method::PUT, "/api/admin/collections/order", json!({ "ids": reversed })).await;
    assert_eq!(status, 200, "{list}");
    assert_eq!(ids(&app.browser()).await, reversed);
    assert_eq!(menu(&app.browser()).await[0].0, "sneakers");

    // One missing, one twice, one unknown: refused, and the order stays.
    let missing = &reversed[1..];
    let twice: Vec<&String> = reversed.iter().chain(std::iter::once(&reversed[0])).collect();
    let unknown: Vec<&str> = std::iter::once("no-such").chain(reversed[1..].iter().map(String::as_str)).collect();
    for body in [json!({ "ids": missing }), json!({ "ids": twice }), json!({ "ids": unknown })] {
        let (status, reply) = admin.send_json(Method::PUT, "/api/admin/collections/order", body).await;
        assert_eq!(status, 400, "{reply}");
        assert!(reply["message"].as_str().unwrap().contains("collection"), "{reply}");
    }
    assert_eq!(ids(&app.browser()).await, reversed);
}

#[actix_web::test]
async fn a_hidden_collection_leaves_the_menus_and_the_sitemap_but_keeps_its_page() {
    let app = spawn_empty_app().await;
    let admin = app.admin_browser("funke@example.com").await;
    let (status, hidden) = admin.send_json(Method::PUT, "/api/collections/wristwatches/hidden", json!({ "hidden": true })).await;
    assert_eq!((status, &hidden["hidden"]), (200, &json!(true)), "{hidden}");
    let shopper = app.browser();
    assert!(!menu(&shopper).await.iter().any(|(id, _)| id == "wristwatches"));
    assert_eq!(shopper.get_json("/api/collections/wristwatches").await.0, 200, "its address still works");
    let sitemap = shopper.get("/sitemap.xml").await.text().await.unwrap();
    assert!(!sitemap.contains("/collections/wristwatches") && sitemap.contains("/collections/suits"), "{sitemap}");

    admin.send_json(Method::PUT, "/api/collections/wristwatches/hidden", json!({ "hidden": false })).await;
    assert!(menu(&shopper).await.iter().any(|(id, _)| id == "wristwatches"));
    assert_eq!(admin.send_json(Method::PUT, "/api/collections/nope/hidden", json!({ "hidden": true })).await.0, 404);
}

#[actix_web::test]
async fn deleting_a_collection_is_refused_while_it_holds_anything_unless_it_moves_first() {
    let app = spawn_empty_app().await;
    let admin = app.admin_browser("funke@example.com").await;
    app.add_product("navy-suit", product("Navy Suit", "suits", 15_000_000));
    app.add_product("grey-suit", product("Grey Suit", "suits", 12_000_000));
    let (status, code) = admin
        .post_json(
            "/api/admin/discounts",
            json!({"code": "SUITS10", "kind": "percent", "percent": 10, "collections": ["suits", "sneakers"]}),
        )
        .await;
    assert_eq!(status, 201, "{code}");

    let (status, refused) = admin.send_json(Method::DELETE, "/api/collections/suits", Value::Null).await;
    assert_eq!(status, 409, "{refused}");
    let message = refused["message"].as_str().unwrap();
    assert!(message.contains("2 products") && message.contains("1 discount code"), "{message}");
    assert!(ids(&admin).await.contains(&"suits".to_string()), "nothing changed");

    for (to, status) in [("suits", 400), ("no-such", 400)] {
        let (got, reply) = admin.send_json(Method::DELETE, &format!("/api/collections/suits?moveTo={to}"), Value::Null).await;
        assert_eq!(got, status, "{reply}");
    }
    assert_eq!(app.query_i64("SELECT COUNT(*) FROM products WHERE collection_id = 'suits'"), 2, "nothing moved");

    let (status, done) = admin.send_json(Method::DELETE, "/api/collections/suits?moveTo=sneakers", Value::Null).await;
    assert_eq!(status, 200, "{done}");
    assert_eq!(done["message"], "Suits deleted.");
    assert_eq!(app.query_i64("SELECT COUNT(*) FROM products WHERE collection_id = 'sneakers'"), 2);
    let (_, codes) = admin.get_json("/api/admin/discounts").await;
    assert_eq!(codes[0]["collections"], json!(["sneakers"]), "the code keeps the target once");
    assert_eq!(admin.get_json("/api/collections/suits").await.0, 404);
    assert!(!menu(&admin).await.iter().any(|(id, _)| id == "suits"));
    let (_, found) = admin.get_json("/api/search/suggest?q=navy").await;
    assert_eq!(found[0]["id"], "navy-suit", "the moved product is still found");

    // An empty one goes at once; one that is not there is 404.
    assert_eq!(admin.send_json(Method::DELETE, "/api/collections/wristwatches", Value::Null).await.0, 200);
    assert_eq!(admin.send_json(Method::DELETE, "/api/collections/wristwatches", Value::Null).await.0, 404);
}

#[actix_web::test]
async fn packers_cannot_change_collections_and_managers_can() {
    let app: TestApp = spawn_empty_app().await;
    let packer = app.staff("pack@example.com", "packer").await;
    let order = json!({ "ids": SEED });
    for (method, path, body) in [
        (Method::PUT, "/api/admin/collections/order", order.clone()),
        (Method::PUT, "/api/collections/suits/hidden", json!({ "hidden": true })),
        (Method::DELETE, "/api/collections/wristwatches", Value::Null),
    ] {
        let (status, reply) = packer.send_json(method, path, body).await;
        assert_eq!(status, 403, "{path}: {reply}");
    }
    assert_eq!(ids(&app.browser()).await.len(), 6);
    let manager = app.staff("run@example.com", "manager").await;
    assert_eq!(manager.send_json(Method::PUT, "/api/collections/suits/hidden", json!({ "hidden": true })).await.0, 200);
}
