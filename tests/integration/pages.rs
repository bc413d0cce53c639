//! The shop's own pages (issue 33, part 4): starter policies, Markdown rendered safely, size and
//! title limits, stable addresses with their own title and description in the first HTML, the
//! footer and the sitemap, and who may write them.

use crate::common::spawn_empty_app;
use reqwest::Method;
use serde_json::{Value, json};

fn page(title: &str, body: &str) -> Value {
    json!({ "title": title, "description": "How our sizes run, garment by garment.", "body": body })
}

#[actix_web::test]
async fn a_new_shop_starts_with_four_policy_pages_in_the_footer_and_the_sitemap() {
    let app = spawn_empty_app().await;
    let (status, links) = app.get_json("/api/pages").await;
    assert_eq!(status, 200);
    let slugs: Vec<&str> = links.as_array().unwrap().iter().map(|l| l["slug"].as_str().unwrap()).collect();
    assert_eq!(slugs, ["privacy", "returns", "shipping", "terms"]);
    assert_eq!(links[0]["title"], "Privacy Policy");
    let (_, returns) = app.get_json("/api/pages/returns").await;
    assert!(returns["html"].as_str().unwrap().contains("<strong>within 7 days of delivery</strong>"), "{returns}");
    let (_, privacy) = app.get_json("/api/pages/privacy").await;
    assert!(privacy["html"].as_str().unwrap().contains("Nigeria Data Protection Act 2023"));
    let (_, shipping) = app.get_json("/api/pages/shipping").await;
    assert!(shipping["html"].as_str().unwrap().contains("<td>Lagos</td>"), "delivery times by region, as a table");

    let sitemap = app.get("/sitemap.xml").await.text().await.unwrap();
    assert!(sitemap.contains("/pages/privacy</loc>") && sitemap.contains("/pages/terms</loc>"), "{sitemap}");
    let html = app.get("/").await.text().await.unwrap();
    assert!(html.contains("\"pages\":[{\"slug\":\"privacy\",\"title\":\"Privacy Policy\"}"), "the footer's links ride in the first HTML");
}

#[actix_web::test]
async fn a_page_added_in_the_back_office_has_its_own_address_title_and_description() {
    let app = spawn_empty_app().await;
    let admin = app.admin_browser("funke@example.com").await;
    let (status, made) = admin.post_json("/api/admin/pages", page("Size & Fit", "# Dresses\n\nTrue to size. [Ask us](/contact).")).await;
    assert_eq!(status, 201, "{made}");
    assert_eq!(made["slug"], "size-fit");
    assert_eq!(made["html"], "<h2>Dresses</h2>\n<p>True to size. <a href=\"/contact\">Ask us</a>.</p>\n");

    let shopper = app.browser();
    let res = shopper.get("/pages/size-fit").await;
    assert_eq!(res.status(), 200);
    let html = res.text().await.unwrap();
    assert!(html.contains("<title>Size &amp; Fit — "), "server-rendered title");
    assert!(html.contains("<meta name=\"description\" content=\"How our sizes run, garment by garment.\">"));
    assert!(html.contains("<meta property=\"og:title\" content=\"Size &amp; Fit — "));
    assert!(app.get("/sitemap.xml").await.text().await.unwrap().contains("/pages/size-fit</loc>"));
    let (_, links) = shopper.get_json("/api/pages").await;
    assert_eq!(links.as_array().unwrap().last().unwrap()["slug"], "size-fit");

    // Renamed: same address. Deleted: gone, its address a 404.
    let (status, edited) = admin.send_json(Method::PUT, "/api/admin/pages/size-fit", page("Sizing", "Runs small.")).await;
    assert_eq!((status, edited["slug"].as_str(), edited["title"].as_str()), (200, Some("size-fit"), Some("Sizing")));
    let (status, gone) = admin.send_json(Method::DELETE, "/api/admin/pages/size-fit", Value::Null).await;
    assert_eq!((status, gone["message"].as_str()), (200, Some("Sizing deleted.")));
    assert_eq!(shopper.get("/pages/size-fit").await.status(), 404);
    assert_eq!(shopper.get_json("/api/pages/size-fit").await.0, 404);
}

#[actix_web::test]
async fn unsafe_or_oversized_pages_are_refused_and_change_nothing() {
    let app = spawn_empty_app().await;
    let admin = app.admin_browser("funke@example.com").await;
    let (_, before) = admin.get_json("/api/admin/pages").await;
    let cases = [
        (page("Evil", "Hi <script>alert(1)</script>"), 400, "HTML"),
        (page("Evil", "<div onclick=\"x()\">hi</div>"), 400, "HTML"),
        (page("Evil", "[click](javascript:alert(1))"), 400, "javascript:alert(1)"),
        (page("Evil", "[away](//evil.example/x)"), 400, "//evil.example/x"),
        (page("Evil", "![p](https://evil.example/p.png)"), 400, "picture"),
        (page(&"T".repeat(81), "Fine."), 400, "title is too long"),
        (page("  ", "Fine."), 400, "title"),
        (page("Returns & Exchanges", "Again."), 409, "already exists"),
        (page("Big", &"a".repeat(100_001)), 413, "100 KB"),
        (page("Huge", &"a".repeat(5_000_000)), 413, "100 KB"),
    ];
    for (body, status, words) in cases {
        let (got, reply) = admin.post_json("/api/admin/pages", body).await;
        assert_eq!(got, status, "{reply}");
        assert!(reply["message"].as_str().unwrap().contains(words), "{words}: {reply}");
    }
    let (status, reply) = admin.send_json(Method::PUT, "/api/admin/pages/returns", page("Returns", "<iframe src=x>")).await;
    assert_eq!(status, 400, "{reply}");
    let (_, after) = admin.get_json("/api/admin/pages").await;
    assert_eq!(before, after, "nothing changed");

    // The preview says the same before anything is saved.
    let (status, shown) = admin.post_json("/api/admin/pages/preview", json!({ "body": "**Bold** [mail](mailto:hi@funke.ng)" })).await;
    assert_eq!(status, 200);
    assert_eq!(shown["html"], "<p><strong>Bold</strong> <a href=\"mailto:hi@funke.ng\">mail</a></p>\n");
    assert_eq!(admin.post_json("/api/admin/pages/preview", json!({ "body": "<script>x</script>" })).await.0, 400);
}

#[actix_web::test]
async fn packers_cannot_write_pages_and_managers_can() {
    let app = spawn_empty_app().await;
    let packer = app.staff("pack@example.com", "packer").await;
    for (method, path, body) in [
        (Method::GET, "/api/admin/pages", Value::Null),
        (Method::POST, "/api/admin/pages", page("Mine", "Text.")),
        (Method::PUT, "/api/admin/pages/returns", page("Mine", "Text.")),
        (Method::DELETE, "/api/admin/pages/returns", Value::Null),
        (Method::POST, "/api/admin/pages/preview", json!({ "body": "x" })),
    ] {
        let (status, reply) = packer.send_json(method, path, body).await;
        assert_eq!(status, 403, "{path}: {reply}");
    }
    assert_eq!(packer.get_json("/api/pages/returns").await.1["title"], "Returns & Exchanges");
    let manager = app.staff("run@example.com", "manager").await;
    assert_eq!(manager.post_json("/api/admin/pages", page("Mine", "Text.")).await.0, 201);
}
