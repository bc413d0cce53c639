//! Reviews from customers who received what they review, the admin's dashboard and the orders
//! export (API and the merchant's command), and what search engines are served.

use crate::common::{Browser, TestApp, spawn_app};
use crate::delivery::shop;
use crate::payments::details;
use reqwest::Method;
use serde_json::{Value, json};

/// A customer who bought `quantity` suits through the sandbox; returns them and the order.
async fn buyer(app: &TestApp, name: &str, email: &str, quantity: i64) -> (Browser, Value) {
    let browser = app.browser();
    browser.signup(name, email, "secret1").await;
    browser.post_json("/api/bag", json!({"productId": "suit", "quantity": quantity})).await;
    let (status, started) = browser.post_json("/api/checkout", details()).await;
    assert_eq!(status, 201, "{started}");
    let code = started["accessCode"].as_str().unwrap();
    browser.post_json(&format!("/api/sandbox/checkout/{code}"), json!({"outcome": "success"})).await;
    let (_, done) = browser.post_json("/api/payments/verify", json!({"reference": started["reference"]})).await;
    (browser, done["data"]["order"].clone())
}

async fn deliver(admin: &Browser, order: &Value) {
    let path = format!("/api/admin/orders/{}", order["id"].as_str().unwrap());
    for step in [json!({"status": "processing"}), json!({"status": "shipped", "trackingNumber": "GIG-1"}), json!({"status": "delivered"})] {
        let (status, answer) = admin.send_json(Method::PATCH, &path, step).await;
        assert_eq!(status, 200, "{answer}");
    }
}

async fn write(browser: &Browser, body: Value) -> (u16, Value) {
    browser.send_json(Method::PUT, "/api/products/suit/review", body).await
}

fn message(answer: &Value) -> &str {
    answer["message"].as_str().unwrap_or("")
}

#[actix_web::test]
async fn only_customers_who_received_a_product_review_it_once_and_the_rating_follows() {
    let app = shop().await;
    let admin = app.admin_browser("boss@example.com").await;
    let (ada, ada_order) = buyer(&app, "Adaeze Okafor", "ada@example.com", 1).await;
    let (bola, bola_order) = buyer(&app, "Bola Tinubu Ade", "bola@example.com", 1).await;

    let (_, empty) = app.browser().get_json("/api/products/suit/reviews").await;
    assert_eq!(
        empty,
        json!({"average": null, "count": 0, "stars": [0, 0, 0, 0, 0], "reviews": [], "page": 1, "pageSize": 10, "total": 0, "mine": null, "canReview": false})
    );
    assert_eq!(app.browser().get_json("/api/products/nope/reviews").await.0, 404);

    // Paid but not delivered yet; a stranger; nobody signed in.
    let (status, answer) = write(&ada, json!({"rating": 5})).await;
    assert_eq!((status, message(&answer)), (403, "You can review a product once it has been delivered to you."));
    assert_eq!(write(&app.browser(), json!({"rating": 5})).await.0, 401);
    deliver(&admin, &ada_order).await;
    let (_, page) = ada.get_json("/api/products/suit/reviews").await;
    assert_eq!(page["canReview"], true);
    let (status, _) = ada.send_json(Method::PUT, "/api/products/runner/review", json!({"rating": 5})).await;
    assert_eq!(status, 403, "only what was in the delivered order");

    // Bad reviews are refused whole.
    for (body, wanted) in [
        (json!({"rating": 0}), "Choose from 1 to 5 stars."),
        (json!({"rating": 6}), "Choose from 1 to 5 stars."),
        (json!({"rating": 4.5}), "Choose from 1 to 5 stars."),
        (json!({"rating": "5"}), "Choose from 1 to 5 stars."),
        (json!({"title": "Great"}), "Choose from 1 to 5 stars."),
        (json!({"rating": 5, "title": "x".repeat(101)}), "Please keep the title under 100 characters."),
        (json!({"rating": 5, "body": "x".repeat(2001)}), "Please keep your review under 2,000 characters."),
        (json!({"rating": 5, "body": "Lovely <script>alert(1)</script>"}), "Please remove the HTML from your review."),
        (json!({"rating": 5, "title": "<img src=x onerror=alert(1)>"}), "Please remove the HTML from your review."),
    ] {
        let (status, answer) = write(&ada, body.clone()).await;
        assert_eq!((status, message(&answer)), (400, wanted), "{body}");
    }
    let (status, _) = write(&ada, json!({"rating": 5, "body": "x".repeat(100_000)})).await;
    assert_eq!(status, 413, "100 KB of text is refused before it is read");
    assert_eq!(app.query_i64("SELECT COUNT(*) FROM reviews"), 0);

    let (status, page) = write(&ada, json!({"rating": 5, "title": "  Sharp fit  ", "body": "Fits < my old one, and it shows."})).await;
    assert_eq!(status, 200, "{page}");
    assert_eq!((page["average"].as_f64(), page["count"].as_i64()), (Some(5.0), Some(1)));
    let review = &page["reviews"][0];
    assert_eq!(
        (review["title"].as_str(), review["author"].as_str(), review["verified"].as_bool()),
        (Some("Sharp fit"), Some("Adaeze O."), Some(true))
    );
    assert_eq!(page["mine"]["id"], review["id"]);

    // A second write edits the one review.
    let (_, page) = write(&ada, json!({"rating": 2, "body": "Seams came loose."})).await;
    assert_eq!((page["count"].as_i64(), page["average"].as_f64(), page["reviews"][0]["title"].is_null()), (Some(1), Some(2.0), true));
    deliver(&admin, &bola_order).await;
    let (_, page) = write(&bola, json!({"rating": 5})).await;
    assert_eq!((page["count"].as_i64(), page["average"].as_f64(), &page["stars"]), (Some(2), Some(3.5), &json!([0, 1, 0, 0, 1])));
    assert_eq!(page["reviews"][0]["author"], "Bola A.", "newest first");
    let (_, suit) = app.browser().get_json("/api/products/suit").await;
    let suit = if suit["product"].is_object() { suit["product"].clone() } else { suit };
    assert_eq!((suit["rating"].as_f64(), suit["reviewCount"].as_i64()), (Some(3.5), Some(2)), "the product's rating is the reviews'");

    // Moderation: hidden reviews leave the page and the average, and come back.
    assert_eq!(ada.get_json("/api/admin/reviews").await.0, 403);
    let (_, all) = admin.get_json("/api/admin/reviews").await;
    assert_eq!(all["total"], 2);
    let ada_review = all["reviews"].as_array().unwrap().iter().find(|r| r["customerEmail"] == "ada@example.com").unwrap().clone();
    assert_eq!(ada_review["productName"], "Navy Suit");
    let hide = format!("/api/admin/reviews/{}", ada_review["id"].as_str().unwrap());
    let (status, hidden) = admin.send_json(Method::PATCH, &hide, json!({"hidden": true})).await;
    assert_eq!((status, hidden["hidden"].as_bool()), (200, Some(true)));
    let (_, page) = ada.get_json("/api/products/suit/reviews").await;
    assert_eq!((page["count"].as_i64(), page["average"].as_f64()), (Some(1), Some(5.0)));
    assert_eq!(page["mine"]["hidden"], true, "the author still sees their own review");
    let (_, only_hidden) = admin.get_json("/api/admin/reviews?hidden=true").await;
    assert_eq!(only_hidden["total"], 1);
    admin.send_json(Method::PATCH, &hide, json!({"hidden": false})).await;
    let (_, suit) = app.browser().get_json("/api/products/suit/reviews").await;
    assert_eq!(suit["count"], 2);
    assert_eq!(admin.send_json(Method::PATCH, "/api/admin/reviews/nope", json!({"hidden": true})).await.0, 404);
}

#[actix_web::test]
async fn the_dashboard_counts_revenue_less_refunds_and_the_export_lists_every_line() {
    let app = shop().await;
    let admin = app.admin_browser("boss@example.com").await;
    let (_, first) = buyer(&app, "Ada Obi", "ada@example.com", 2).await;
    let (_, second) = buyer(&app, "Bola Ade", "bola@example.com", 1).await;
    let (first_total, second_total) = (first["totalAmount"].as_i64().unwrap(), second["totalAmount"].as_i64().unwrap());
    assert_eq!(first_total, 2 * 3_000_000 + 250_000, "two suits and the Lagos fee");
    let path = format!("/api/admin/orders/{}/refunds", second["id"].as_str().unwrap());
    let (status, _) = admin.post_json(&path, json!({"amount": "5000", "reason": "Goodwill"})).await;
    assert_eq!(status, 201);
    for _ in 0..300 {
        if app.query_i64("SELECT COUNT(*) FROM refunds WHERE status = 'processed'") == 1 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }

    assert_eq!(app.browser().get_json("/api/admin/dashboard").await.0, 401);
    let (status, board) = admin.get_json("/api/admin/dashboard").await;
    assert_eq!(status, 200, "{board}");
    let revenue = first_total + second_total - 500_000;
    for period in ["today", "week", "month"] {
        assert_eq!(board[period], json!({"revenue": revenue, "orders": 2}), "{period}");
    }
    let daily = board["daily"].as_array().unwrap();
    assert_eq!(daily.len(), 30);
    assert_eq!(daily[29]["revenue"], revenue);
    assert_eq!(daily[28]["orders"], 0);
    assert_eq!(board["waiting"], json!({"placed": 0, "paid": 2, "processing": 0, "shipped": 0}));
    assert_eq!(board["bestSellers"][0], json!({"productId": "suit", "name": "Navy Suit", "units": 3, "revenue": 9_000_000}));
    assert_eq!((board["paymentsToReview"].as_i64(), board["failedRefunds"].as_i64()), (Some(0), Some(0)));

    // The export: one row per line, naira with two decimals, the refund on its order's rows.
    let today = daily[29]["day"].as_str().unwrap().to_string();
    let csv = admin.get(&format!("/api/admin/orders.csv?from={today}&to={today}")).await;
    assert_eq!(csv.status(), 200);
    assert!(csv.headers()["content-disposition"].to_str().unwrap().contains(&format!("orders-{today}-to-{today}.csv")));
    let text = csv.text().await.unwrap();
    let rows: Vec<&str> = text.lines().collect();
    assert_eq!(rows.len(), 3, "{text}");
    assert_eq!(
        rows[0],
        "order_number,placed_at,status,customer_name,customer_email,delivery_state,delivery_method,product,size,colour,quantity,unit_price,line_total,order_subtotal,delivery_fee,discount_code,discount,order_total,refunded,payment_method,collected_at,source,amount_paid,balance,currency,charged"
    );
    let bola = rows.iter().find(|r| r.starts_with(second["number"].as_str().unwrap())).unwrap();
    assert!(
        bola.ends_with(
            ",paid,Ada Obi,ada@example.com,Lagos,delivery,Navy Suit,,,1,30000.00,30000.00,30000.00,2500.00,,0.00,32500.00,5000.00,paystack,,website,32500.00,0.00,NGN,"
        ),
        "{bola}"
    );
    for (query, wanted) in [
        ("from=2026-11-23&to=2026-11-01", "Choose a start date on or before the end date."),
        ("from=2026-02-30&to=2026-03-01", "The start date must be a date like 2026-11-23."),
        ("to=2026-03-01", "Choose the start date."),
        ("from=2020-01-01&to=2026-01-01", "Export at most 400 days at a time."),
    ] {
        let (status, answer) = admin.get_json(&format!("/api/admin/orders.csv?{query}")).await;
        assert_eq!((status, message(&answer)), (400, wanted), "{query}");
    }
    let none = admin.get("/api/admin/orders.csv?from=2020-01-01&to=2020-01-31").await.text().await.unwrap();
    assert_eq!(none.lines().count(), 1, "an empty range is the header alone");

    // The merchant's command writes the same file.
    let file = app.dir.path().join("orders.csv");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_ankara"))
        .args(["orders", "export", "--from", &today, "--to", &today, file.to_str().unwrap()])
        .env("ANKARA_DATA_DIR", app.dir.path())
        .env("ANKARA_NO_DEMO", "true")
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), text);
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_ankara"))
        .args(["orders", "export", "--from", "yesterday", "--to", &today, file.to_str().unwrap()])
        .env("ANKARA_DATA_DIR", app.dir.path())
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("The start date must be a date like 2026-11-23."));

    // A cancelled order's units stop counting among the best sellers (its money still counts
    // until it is refunded).
    let path = format!("/api/admin/orders/{}", first["id"].as_str().unwrap());
    admin.send_json(Method::PATCH, &path, json!({"status": "cancelled"})).await;
    let (_, board) = admin.get_json("/api/admin/dashboard").await;
    assert_eq!(board["bestSellers"], json!([{"productId": "suit", "name": "Navy Suit", "units": 1, "revenue": 3_000_000}]));
    assert_eq!(board["today"]["revenue"], revenue);
}

#[actix_web::test]
async fn search_engines_get_a_sitemap_robots_and_product_data_with_real_ratings() {
    let app = spawn_app().await;
    let robots = app.browser().get("/robots.txt").await.text().await.unwrap();
    assert!(
        robots.lines().any(|l| l == "Disallow: /admin") && robots.contains(&format!("Sitemap: {}/sitemap.xml", app.url(""))),
        "{robots}"
    );
    let sitemap = app.browser().get("/sitemap.xml").await.text().await.unwrap();
    let products = app.query_i64("SELECT COUNT(*) FROM products");
    let pages = app.query_i64("SELECT COUNT(*) FROM pages");
    assert_eq!(pages, 4, "the four starter pages");
    assert_eq!(
        sitemap.matches("<loc>").count() as i64,
        2 + 6 + pages + products,
        "home, about, six collections, the pages and every product"
    );
    assert!(sitemap.contains(&format!("<loc>{}/collections/suits</loc>", app.url(""))));

    // The demo's reviews are real rows, not constants: the product's rating is theirs.
    let (id, count, rating): (String, i64, f64) = app
        .state
        .db
        .with_conn(|c| {
            Ok(c.query_row("SELECT id, review_count, rating FROM products WHERE review_count > 0 LIMIT 1", [], |r| {
                Ok((r.get(0)?, r.get(1)?, r.get(2)?))
            })?)
        })
        .unwrap();
    assert_eq!(app.query_i64(&format!("SELECT COUNT(*) FROM reviews WHERE product_id = '{id}' AND hidden = 0")), count);
    assert_eq!(app.query_i64("SELECT COUNT(*) FROM products WHERE review_count = 0"), 0, "every demo product has reviews");
    let html = app.browser().get(&format!("/product/{id}")).await.text().await.unwrap();
    let start = html.find("<script type=\"application/ld+json\">").expect("JSON-LD on the product page") + 35;
    let data: Value = serde_json::from_str(&html[start..start + html[start..].find("</script>").unwrap()]).unwrap();
    assert_eq!(data["@type"], "Product");
    assert_eq!(data["offers"]["priceCurrency"], "NGN");
    assert!(data["offers"]["price"].as_str().unwrap().contains('.'), "naira with two decimals");
    assert_eq!(data["aggregateRating"]["reviewCount"], count);
    assert_eq!(data["aggregateRating"]["ratingValue"].as_f64(), Some(rating));
    // A sold-out product says so.
    app.sql(&format!("UPDATE variants SET stock = 0 WHERE product_id = '{id}'"));
    app.state.catalogue.changed_elsewhere();
    let html = app.browser().get(&format!("/product/{id}")).await.text().await.unwrap();
    assert!(html.contains("https://schema.org/OutOfStock"));
}
