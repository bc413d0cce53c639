//! Shopping: product edits, the bag, saved items, counts, and search.

use crate::common::{TestApp, product, product_with, spawn_empty_app};
use reqwest::Method;
use serde_json::{Value, json};

async fn shop() -> TestApp {
    let app = spawn_empty_app().await;
    app.add_product("oxford", product_with("Oxford Cap-Toe", "formal-shoes", 4_500_000, "Oxfords", &["41", "42"], &["Black", "Oxblood"]));
    app.add_product("runner", product_with("Volt Runner Sneakers", "sneakers", 3_250_050, "Running", &["42"], &[]));
    app.add_product("chrono", product("Chronograph Steel", "wristwatches", 12_000_000));
    app
}

#[actix_web::test]
async fn the_bag_merges_lines_and_uses_current_prices() {
    let app = shop().await;
    app.signup("Ada", "ada@example.com", "secret1").await;
    let (status, bag) = app.post_json("/api/bag", json!({"productId": "oxford", "size": "42", "color": "Black"})).await;
    assert_eq!(status, 200, "{bag}");
    app.post_json("/api/bag", json!({"productId": "oxford", "size": "42", "color": "Black", "quantity": 2})).await;
    let (_, bag) = app.post_json("/api/bag", json!({"productId": "chrono"})).await;
    let items = bag["items"].as_array().unwrap();
    assert_eq!(items.len(), 2, "same product, size and colour is one line");
    assert_eq!(items[0]["quantity"], 3);
    assert_eq!(items[0]["size"], "42");
    assert!(items[1]["size"].is_null());
    assert_eq!(bag["count"], 4);
    assert_eq!(bag["total"], 3 * 4_500_000 + 12_000_000);

    // An admin's price change shows in the bag at once.
    app.sql("UPDATE products SET price_kobo = 4_000_000 WHERE id = 'oxford'");
    let (_, bag) = app.get_json("/api/bag").await;
    assert_eq!(bag["total"], 3 * 4_000_000 + 12_000_000);
    let (_, session) = app.get_json("/api/session").await;
    assert_eq!(session["counts"]["bag"], 4);

    // Quantities: set, below 1 removes.
    let line = bag["items"][0]["id"].as_str().unwrap().to_string();
    let (status, bag) = app.send_json(Method::PATCH, &format!("/api/bag/{line}"), json!({"quantity": 5})).await;
    assert_eq!(status, 200);
    assert_eq!(bag["items"][0]["quantity"], 5);
    let (_, bag) = app.send_json(Method::PATCH, &format!("/api/bag/{line}"), json!({"quantity": 0})).await;
    assert_eq!(bag["items"].as_array().unwrap().len(), 1);
    let other = bag["items"][0]["id"].as_str().unwrap().to_string();
    let (status, bag) = app.send_json(Method::DELETE, &format!("/api/bag/{other}"), Value::Null).await;
    assert_eq!(status, 200);
    assert_eq!(bag["count"], 0);

    // A deleted product leaves every bag.
    app.post_json("/api/bag", json!({"productId": "runner"})).await;
    app.sql("DELETE FROM products WHERE id = 'runner'");
    let (_, bag) = app.get_json("/api/bag").await;
    assert_eq!(bag["items"], json!([]));
}

#[actix_web::test]
async fn bad_bag_input_gets_clear_errors() {
    let app = shop().await;
    app.signup("Ada", "ada@example.com", "secret1").await;
    for (body, status) in [
        (json!({"productId": "nope"}), 404),
        (json!({"productId": "oxford", "quantity": 0}), 400),
        (json!({"productId": "oxford", "quantity": -3}), 400),
        (json!({"productId": "oxford", "quantity": 1000000}), 400),
        (json!({"productId": "oxford", "quantity": 1.5}), 400),
        (json!({"productId": "oxford", "quantity": "2"}), 400),
        (json!({"productId": "oxford", "size": "99"}), 400),
        (json!({"productId": "oxford", "color": "Purple"}), 400),
        (json!({"productId": "../etc"}), 404),
        (json!({}), 400),
    ] {
        let (got, reply) = app.post_json("/api/bag", body.clone()).await;
        assert_eq!(got, status, "{body} -> {reply}");
        assert!(reply["message"].is_string());
    }
    let (status, _) = app.send_json(Method::PATCH, "/api/bag/unknown", json!({"quantity": 2})).await;
    assert_eq!(status, 404);
    // The merchant's limit on one item per order (5 unless changed in the settings).
    assert_eq!(app.post_json("/api/bag", json!({"productId": "chrono", "quantity": 5})).await.0, 200);
    let (status, reply) = app.post_json("/api/bag", json!({"productId": "chrono"})).await;
    assert_eq!((status, reply["message"].as_str().unwrap()), (400, "You can buy at most 5 of one item in one order."), "{reply}");
}

#[actix_web::test]
async fn saved_items_toggle_and_move_to_the_bag() {
    let app = shop().await;
    app.signup("Ada", "ada@example.com", "secret1").await;
    let (status, saved) = app.send_json(Method::PUT, "/api/saved/oxford", Value::Null).await;
    assert_eq!(status, 200);
    assert_eq!(saved.as_array().unwrap().len(), 1);
    app.send_json(Method::PUT, "/api/saved/oxford", Value::Null).await;
    let (_, saved) = app.send_json(Method::PUT, "/api/saved/chrono", Value::Null).await;
    assert_eq!(saved.as_array().unwrap().len(), 2, "saving twice is one entry");
    assert!(saved[0]["savedAt"].as_i64().unwrap() > 0);
    assert_eq!(app.send_json(Method::PUT, "/api/saved/nope", Value::Null).await.0, 404);
    let (_, session) = app.get_json("/api/session").await;
    assert_eq!(session["counts"]["saved"], 2);

    let (status, bag) = app.post_json("/api/saved/chrono/move-to-bag", json!({})).await;
    assert_eq!(status, 200);
    assert_eq!(bag["items"][0]["product"]["id"], "chrono");
    assert_eq!(bag["items"][0]["quantity"], 1);
    let (_, saved) = app.get_json("/api/saved").await;
    assert_eq!(saved.as_array().unwrap().len(), 1);
    assert_eq!(app.post_json("/api/saved/chrono/move-to-bag", json!({})).await.0, 404);

    let (_, saved) = app.send_json(Method::DELETE, "/api/saved/oxford", Value::Null).await;
    assert_eq!(saved, json!([]));
}

#[actix_web::test]
async fn customers_cannot_see_or_touch_each_others_bag_or_saved_items() {
    let app = shop().await;
    app.signup("Ada", "ada@example.com", "secret1").await;
    let (_, bag) = app.post_json("/api/bag", json!({"productId": "chrono"})).await;
    let ada_line = bag["items"][0]["id"].as_str().unwrap().to_string();
    app.send_json(Method::PUT, "/api/saved/oxford", Value::Null).await;

    let bola = app.browser();
    bola.signup("Bola", "bola@example.com", "secret1").await;
    let (_, bag) = bola.get_json("/api/bag").await;
    assert_eq!(bag["items"], json!([]));
    let (_, saved) = bola.get_json("/api/saved").await;
    assert_eq!(saved, json!([]));
    assert_eq!(bola.send_json(Method::PATCH, &format!("/api/bag/{ada_line}"), json!({"quantity": 50})).await.0, 404);
    assert_eq!(bola.send_json(Method::DELETE, &format!("/api/bag/{ada_line}"), Value::Null).await.0, 404);
    assert_eq!(bola.post_json("/api/saved/oxford/move-to-bag", json!({"size": "42", "color": "Black"})).await.0, 404);
    let (_, bag) = app.get_json("/api/bag").await;
    assert_eq!(bag["items"][0]["quantity"], 1, "Ada's bag is untouched");
    let (_, saved) = app.get_json("/api/saved").await;
    assert_eq!(saved.as_array().unwrap().len(), 1);
}

#[actix_web::test]
async fn admins_edit_products_and_others_are_refused() {
    let app = shop().await;
    app.signup("Ada", "ada@example.com", "secret1").await;
    let (status, reply) =
        app.send_json(Method::PATCH, "/api/products/oxford", json!({"name": "X", "price": "1.00", "description": "Y"})).await;
    assert_eq!((status, reply["message"].as_str().unwrap()), (403, "You do not have permission to edit products."));
    let visitor = app.browser();
    assert_eq!(visitor.send_json(Method::PATCH, "/api/products/oxford", json!({})).await.0, 401);

    let admin = app.admin_browser("boss@example.com").await;
    let (status, product) = admin
        .send_json(
            Method::PATCH,
            "/api/products/oxford",
            json!({"name": "Oxford Brogue", "price": "19.99", "description": "Now with broguing."}),
        )
        .await;
    assert_eq!(status, 200, "{product}");
    assert_eq!(product["price"], 1999, "exact kobo, no float rounding");
    let (_, fresh) = visitor.get_json("/api/products/oxford").await;
    assert_eq!(fresh["name"], "Oxford Brogue", "the catalogue cache was cleared");
    let (_, found) = visitor.get_json("/api/search/suggest?q=brogue").await;
    assert_eq!(found[0]["id"], "oxford", "the search index followed");
    for price in [json!("-1"), json!("1.234"), json!(""), json!("abc"), Value::Null] {
        let (status, _) =
            admin.send_json(Method::PATCH, "/api/products/oxford", json!({"name": "A", "price": price, "description": "B"})).await;
        assert_eq!(status, 400, "price {price}");
    }
    assert_eq!(
        admin.send_json(Method::PATCH, "/api/products/missing", json!({"name": "A", "price": "1", "description": "B"})).await.0,
        404
    );
    // PATCH means PATCH: only the variants sent change; name, price and description stay.
    let variants = json!([{"size": "41", "color": "Black", "stock": 3}, {"size": "44", "color": "Black", "stock": 7}]);
    let (status, patched) = admin.send_json(Method::PATCH, "/api/products/oxford", json!({"variants": variants})).await;
    assert_eq!(status, 200, "{patched}");
    assert_eq!(
        (&patched["name"], &patched["price"], &patched["description"]),
        (&json!("Oxford Brogue"), &json!(1999), &json!("Now with broguing."))
    );
    let sizes: Vec<&str> = patched["variants"].as_array().unwrap().iter().map(|v| v["size"].as_str().unwrap()).collect();
    assert_eq!(sizes, ["41", "44"]);
    // A field sent empty is refused rather than stored.
    assert_eq!(admin.send_json(Method::PATCH, "/api/products/oxford", json!({"name": "  "})).await.0, 400);
}

#[actix_web::test]
async fn search_suggests_with_prefixes_typos_and_categories() {
    let app = shop().await;
    let (status, found) = suggest(&app, "snekers").await;
    assert_eq!(status, 200);
    assert_eq!(found[0]["id"], "runner", "typo tolerance: {found}");
    assert_eq!(found[0]["category"], "Running");
    let (_, runner) = app.browser().get_json("/api/products/runner").await;
    assert_eq!((&found[0]["price"], &found[0]["image"]), (&runner["price"], &runner["images"][0]), "price and picture from the catalogue");
    app.add_product("court", product_with("Court Classic Low", "sneakers", 2_800_000, "Retro", &[], &[]));
    let (_, found) = suggest(&app, "snekers").await;
    let ids: Vec<&str> = found.as_array().unwrap().iter().map(|s| s["id"].as_str().unwrap()).collect();
    assert!(ids.contains(&"court"), "a typo of the collection's name finds its products: {found}");
    let (_, found) = suggest(&app, "chron").await;
    assert_eq!(found[0]["name"], "Chronograph Steel", "prefix");
    assert!(found[0]["category"].is_null());
    let (_, found) = suggest(&app, "oxfords").await;
    assert_eq!(found[0]["id"], "oxford", "category");
    let (_, found) = suggest(&app, "wristwatch").await;
    assert_eq!(found[0]["id"], "chrono", "collection name");
    let (_, found) = suggest(&app, "a").await;
    assert_eq!(found, json!([]), "under two characters");
    let (_, found) = suggest(&app, "   ").await;
    assert_eq!(found, json!([]));
    for nasty in ["\"", ":", "(", "*", "~", "^", "name:oxford", "(((", "\"unclosed", "~~^^**", &"long ".repeat(500)] {
        let (status, _) = suggest(&app, nasty).await;
        assert_eq!(status, 200, "{nasty:?}");
    }
    let (_, found) = suggest(&app, "zzzzqqqq").await;
    assert_eq!(found, json!([]));

    for i in 0..8 {
        app.add_product(
            &format!("shirt{i}"),
            product_with(&format!("Poplin Shirt {i}"), "corporate-shirts", 1_500_000 + (i * 7 % 5) * 100_000, "Slim Fit", &[], &[]),
        );
    }
    let (_, found) = suggest(&app, "poplin").await;
    assert_eq!(found.as_array().unwrap().len(), 5, "five suggestions");
    let (_, results) = app.get_json("/api/search?q=poplin").await;
    let results = &results["products"];
    assert_eq!(results.as_array().unwrap().len(), 8, "the results page shows them all");
    assert!(results[0]["images"].is_array() && results[0]["price"].is_i64());

    // The results page sorts by price either way and by newest; an unknown order is a 400.
    let field = |results: &Value, key: &str| -> Vec<i64> {
        results["products"].as_array().unwrap().iter().map(|p| p[key].as_i64().unwrap()).collect()
    };
    let (_, cheap_first) = app.get_json("/api/search?q=poplin&sort=price-asc").await;
    let prices = field(&cheap_first, "price");
    assert!(prices.windows(2).all(|w| w[0] <= w[1]) && prices[0] < prices[7], "{prices:?}");
    let (_, dear_first) = app.get_json("/api/search?q=poplin&sort=price-desc").await;
    assert!(field(&dear_first, "price").windows(2).all(|w| w[0] >= w[1]));
    let (_, newest) = app.get_json("/api/search?q=poplin&sort=newest").await;
    assert!(field(&newest, "createdAt").windows(2).all(|w| w[0] >= w[1]));
    assert_eq!(app.get_json("/api/search?q=poplin&sort=cheapest").await.0, 400);
}

#[test]
fn the_index_is_rebuilt_when_out_of_step() {
    let dir = tempfile::tempdir().unwrap();
    let config = ankara::config::Config { no_demo: true, ..ankara::config::Config::for_data_dir(dir.path().to_path_buf()) };
    let state = ankara::app::prepare(config.clone()).unwrap();
    state.db.with_conn(|c| ankara::catalog::write::insert_product(c, &"p1".into(), &product("Midnight Tuxedo", "suits", 100), 1)).unwrap();
    // Written behind the index's back (as a restore from backup would): a restart notices.
    drop(state);
    let state = ankara::app::prepare(config).unwrap();
    let found = state.search.search_ids("tuxedo", 5).unwrap();
    assert_eq!(found.len(), 1);
}

async fn suggest(app: &TestApp, q: &str) -> (u16, Value) {
    app.get_json(&format!("/api/search/suggest?q={}", urlencode(q))).await
}

fn urlencode(text: &str) -> String {
    text.bytes().map(|b| if b.is_ascii_alphanumeric() { (b as char).to_string() } else { format!("%{b:02X}") }).collect()
}

#[test]
fn a_collection_renamed_behind_the_index_is_noticed_at_restart() {
    let dir = tempfile::tempdir().unwrap();
    let config = ankara::config::Config { no_demo: true, ..ankara::config::Config::for_data_dir(dir.path().to_path_buf()) };
    let state = ankara::app::prepare(config.clone()).unwrap();
    state.db.with_conn(|c| ankara::catalog::write::insert_product(c, &"p1".into(), &product("Volt Runner", "sneakers", 100), 1)).unwrap();
    drop(state);
    let state = ankara::app::prepare(config.clone()).unwrap();
    assert!(state.search.search_ids("kicks quarter", 5).unwrap().is_empty());
    state.db.with_conn(|c| Ok(c.execute("UPDATE collections SET name = 'Kicks Quarter', updated_at = (SELECT MAX(updated_at) + 1 FROM collections) WHERE id = 'sneakers'", [])?)).unwrap();
    drop(state);
    let state = ankara::app::prepare(config).unwrap();
    assert_eq!(state.search.search_ids("kicks quarter", 5).unwrap().len(), 1, "the fingerprint watches collections too");
}

#[test]
fn the_seed_command_adds_searchable_products_through_the_one_write_path() {
    let dir = tempfile::tempdir().unwrap();
    let config = ankara::config::Config::for_data_dir(dir.path().to_path_buf());
    let empty = ankara::config::Config { no_demo: true, ..ankara::config::Config::for_data_dir(dir.path().join("empty")) };
    let seed = |config: &ankara::config::Config, products| {
        ankara::cli::run(ankara::config::Cli { config: config.clone(), command: Some(ankara::config::Command::Seed { products }) })
    };
    drop(ankara::app::prepare(empty.clone()).unwrap());
    assert!(seed(&empty, 5).unwrap_err().contains("start the shop once with the demo"), "no pictures to reuse");

    let state = ankara::app::prepare(config.clone()).unwrap();
    let before = state.db.with_conn(|c| Ok(c.query_row("SELECT COUNT(*) FROM products", [], |r| r.get::<_, i64>(0))?)).unwrap();
    drop(state);
    seed(&config, 60).unwrap();
    seed(&config, 40).unwrap();
    let state = ankara::app::prepare(config).unwrap();
    let (count, pictures, ids): (i64, i64, i64) = state
        .db
        .with_conn(|c| {
            Ok(c.query_row(
                "SELECT COUNT(*), (SELECT COUNT(*) FROM product_images WHERE product_id LIKE 'seed-%'),
                        COUNT(DISTINCT id) FROM products WHERE id LIKE 'seed-%'",
                [],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
            )?)
        })
        .unwrap();
    assert_eq!((count, pictures, ids), (100, 200, 100), "two runs add 100 distinct products with two pictures each");
    let total = state.db.with_conn(|c| Ok(c.query_row("SELECT COUNT(*) FROM products", [], |r| r.get::<_, i64>(0))?)).unwrap();
    assert_eq!(total, before + 100);
    assert!(!state.search.search_ids("generated product", 5).unwrap().is_empty(), "the restarted shop indexed them");
}
