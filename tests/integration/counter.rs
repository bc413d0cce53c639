//! Issue 37: the counter. A cashier sells from the website's one stock: online a sale is refused
//! when stock is short (fifty cashiers racing for the last unit make one sale); a sale the device
//! made offline and sends later is recorded exactly once however often and in whatever order it
//! arrives, is priced as the shop priced it then (a forged price is refused), and units the
//! website sold meanwhile become "oversold at the counter" for the owner. A pay link shown as a QR
//! code completes the sale when paid; the end of the day sets each drawer's cash against its count;
//! a cashier sees the counter, her own sales and stock, and nothing of the shop's money.

use futures_util::future::join_all;
use serde_json::{Value, json};

use crate::common::{Browser, TestApp, product_with, spawn_with};

async fn shop() -> TestApp {
    let app = spawn_with(|c| {
        c.no_demo = true;
        c.signups_per_hour = 1_000;
        c.checkouts_per_address = 1_000;
    })
    .await;
    app.add_product("wrap", product_with("Ankara Wrap Dress", "formal-trousers", 2_500_000, "Dresses", &["M", "L"], &["Red"]));
    app.add_product("bag", product_with("Aso Oke Clutch", "wristwatches", 1_200_000, "Bags", &[], &[]));
    app.sql("UPDATE variants SET stock = 5");
    app.sql("UPDATE variants SET sku = 'AWD-M-RED' WHERE product_id = 'wrap' AND size = 'M'");
    app.sql("UPDATE variants SET sku = 'AWD-L-RED' WHERE product_id = 'wrap' AND size = 'L'");
    app.sql("UPDATE variants SET sku = 'AOC-1' WHERE product_id = 'bag'");
    app.state.catalogue.changed_elsewhere();
    app
}

fn stock(app: &TestApp, sku: &str) -> i64 {
    app.query_i64(&format!("SELECT stock FROM variants WHERE sku = '{sku}'"))
}

/// The counter's catalogue line of `sku`: (variant id, price, price time, token).
fn line_of(catalogue: &Value, sku: &str, quantity: i64) -> Value {
    for product in catalogue["products"].as_array().unwrap() {
        for variant in product["variants"].as_array().unwrap() {
            if variant["sku"] == sku {
                return json!({
                    "variantId": variant["variantId"],
                    "quantity": quantity,
                    "price": product["price"],
                    "priceAt": catalogue["at"],
                    "priceToken": variant["priceToken"],
                });
            }
        }
    }
    panic!("{sku} is not in the counter's catalogue: {catalogue}");
}

async fn catalogue(cashier: &Browser) -> Value {
    let (status, catalogue) = cashier.get_json("/api/counter/catalogue").await;
    assert_eq!(status, 200, "{catalogue}");
    catalogue
}

fn cash_sale(id: &str, lines: Vec<Value>, total: i64, tendered: i64) -> Value {
    json!({
        "saleId": id,
        "madeAt": ankara::db::now_ms(),
        "lines": lines,
        "tenders": [{ "method": "cash", "amount": total, "tendered": tendered }],
    })
}

#[actix_web::test]
async fn a_cashier_sells_for_cash_with_change_from_the_one_stock_and_sees_nothing_of_the_shops_money() {
    let app = shop().await;
    let cashier = app.staff("bisi@example.com", "cashier").await;
    let owner = app.admin_browser("owner@example.com").await;
    let list = catalogue(&cashier).await;
    assert_eq!(list["products"].as_array().unwrap().len(), 2);
    // Two dresses and a clutch: ₦62,000, paid with ₦65,000 in cash.
    let lines = vec![line_of(&list, "AWD-M-RED", 2), line_of(&list, "AOC-1", 1)];
    let (status, quote) = cashier.post_json("/api/counter/quote", json!({ "lines": lines.clone() })).await;
    assert_eq!((status, &quote["total"]), (200, &json!(6_200_000)), "{quote}");
    let sale = cash_sale("till1-0001", lines.clone(), 6_200_000, 6_500_000);
    let (status, made) = cashier.post_json("/api/counter/sales", sale.clone()).await;
    assert_eq!(status, 201, "{made}");
    assert_eq!((&made["status"], &made["total"], &made["change"]), (&json!("paid"), &json!(6_200_000), &json!(300_000)));
    assert_eq!(made["lines"][0]["sku"], "AWD-M-RED");
    assert_eq!(made["cashier"], "Staff Person");
    // The website sees the stock down at once: one stock.
    assert_eq!((stock(&app, "AWD-M-RED"), stock(&app, "AOC-1")), (3, 4));
    let (_, product) = app.browser().get_json("/api/products/wrap").await;
    let m = product["variants"].as_array().unwrap().iter().find(|v| v["size"] == "M").unwrap().clone();
    assert_eq!(m["available"], 3, "the product page's M: {m}");
    // It is an order of the back office's: source counter, paid, handed over.
    let id = made["id"].as_str().unwrap();
    let (_, order) = owner.get_json(&format!("/api/admin/orders/{id}")).await;
    assert_eq!(
        (&order["source"], &order["status"], &order["paymentMethod"]),
        (&json!("counter"), &json!("delivered"), &json!("counter")),
        "{order}"
    );
    assert_eq!(order["paid"], 6_200_000, "{order}");
    // Sent again (the answer was lost): the same sale, nothing taken twice.
    let (status, again) = cashier.post_json("/api/counter/sales", sale.clone()).await;
    assert_eq!((status, &again["id"]), (200, &made["id"]));
    assert_eq!(stock(&app, "AWD-M-RED"), 3);
    // Its first answer lost, the counter queued it and sends it as made offline: still the same sale.
    let mut queued = sale.clone();
    queued["offline"] = json!(true);
    let (status, again) = cashier.post_json("/api/counter/sales", queued).await;
    assert_eq!((status, &again["id"]), (200, &made["id"]));
    // The same id with other contents is refused.
    let mut altered = sale.clone();
    altered["lines"][0]["quantity"] = json!(1);
    let (status, refused) = cashier.post_json("/api/counter/sales", altered).await;
    assert_eq!((status, refused["message"].as_str().unwrap()), (409, "This sale was already recorded with different contents."));

    // Bad input, each with its sentence and nothing taken.
    let one = vec![line_of(&list, "AOC-1", 1)];
    let cases = [
        (cash_sale("till1-bad-1", one.clone(), 1_200_000, 1_000_000), 400, "The cash tendered is less than the cash due."),
        (cash_sale("till1-bad-2", one.clone(), 1_100_000, 1_100_000), 400, "The payments must add up to the total, ₦12,000.00."),
        (
            {
                let mut forged = cash_sale("till1-bad-3", one.clone(), 100, 100);
                forged["lines"][0]["price"] = json!(100);
                forged
            },
            400,
            "This sale's prices are not the shop's: refresh the counter's catalogue.",
        ),
        (
            {
                let mut big = cash_sale("till1-bad-4", one.clone(), 960_000, 960_000);
                big["staffDiscountPercent"] = json!(20);
                big
            },
            400,
            "Staff discounts go up to 10%.",
        ),
        (
            {
                let mut unknown = cash_sale("till1-bad-5", one.clone(), 1_200_000, 1_200_000);
                unknown["lines"][0]["variantId"] = json!("no-such-variant");
                unknown
            },
            400,
            "This sale's prices are not the shop's: refresh the counter's catalogue.",
        ),
        (cash_sale("till1-bad-6", vec![line_of(&list, "AOC-1", 9)], 10_800_000, 10_800_000), 409, "Only 4 of Aso Oke Clutch left."),
        (
            {
                let mut link = cash_sale("till1-bad-7", one.clone(), 1_200_000, 1_200_000);
                link["offline"] = json!(true);
                link["tenders"] = json!([{ "method": "pay_link", "amount": 1_200_000 }]);
                link
            },
            400,
            "A pay link needs the internet.",
        ),
        (cash_sale("bad id!", one.clone(), 1_200_000, 1_200_000), 400, "A sale's id is 8 to 64 letters, digits, - or _."),
    ];
    for (body, want, words) in cases {
        let (status, answer) = cashier.post_json("/api/counter/sales", body).await;
        assert_eq!(status, want, "{answer}");
        assert!(answer["message"].as_str().unwrap_or("").starts_with(words.trim_end_matches('.')), "{answer} — wanted {words}");
    }
    // A staff discount within the limit, rounded down to the kobo as the counter computes it.
    let mut discounted = cash_sale("till1-0002", one.clone(), 1_080_000, 1_080_000);
    discounted["staffDiscountPercent"] = json!(10);
    let (status, made) = cashier.post_json("/api/counter/sales", discounted).await;
    assert_eq!((status, &made["discount"]), (201, &json!(120_000)), "{made}");
    let res = cashier
        .client
        .post(cashier.url("/api/counter/sales"))
        .header("X-Requested-With", "ankara")
        .header("Content-Type", "application/json")
        .body("{\"saleId\": ")
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 400, "malformed JSON");
    assert_eq!((stock(&app, "AWD-M-RED"), stock(&app, "AOC-1")), (3, 3));

    // A cashier sees the counter, her own sales and stock levels; not the shop's money or people.
    assert_eq!(cashier.get_json("/api/admin/stock").await.0, 200);
    for path in [
        "/api/admin/dashboard",
        "/api/admin/customers",
        "/api/admin/orders.csv",
        "/api/admin/settings",
        "/api/admin/orders",
        "/api/admin/counter/oversold",
    ] {
        assert_eq!(cashier.get_json(path).await.0, 403, "{path}");
    }
    assert_eq!(cashier.post_json(&format!("/api/admin/orders/{id}/refunds"), json!({})).await.0, 403);
    let other = app.staff("tolu@example.com", "cashier").await;
    assert_eq!(other.get_json(&format!("/api/counter/sales/{id}")).await.0, 404, "another cashier's sale is unknown");
    let (_, theirs) = other.get_json("/api/counter/sales").await;
    assert_eq!(theirs["sales"].as_array().unwrap().len(), 0);
    let (_, mine) = cashier.get_json("/api/counter/sales").await;
    assert_eq!(mine["sales"].as_array().unwrap().len(), 2);
    let (_, all) = owner.get_json("/api/counter/sales").await;
    assert_eq!(all["sales"].as_array().unwrap().len(), 2);
    // The receipt by e-mail.
    let (status, _) = cashier.post_json(&format!("/api/counter/sales/{id}/receipt"), json!({ "email": "ada@example.com" })).await;
    assert_eq!(status, 202);
    let receipts = "SELECT COUNT(*) FROM mail_outbox WHERE kind = 'counter_receipt' AND to_addr = 'ada@example.com'
                    AND body LIKE '%2 × Ankara Wrap Dress (M, Red): ₦50,000.00%' AND body LIKE '%Change: ₦3,000.00%'";
    assert_eq!(app.query_i64(receipts), 1);
    assert_eq!(cashier.post_json(&format!("/api/counter/sales/{id}/receipt"), json!({ "email": "not-mail" })).await.0, 400);
    // The dashboard splits revenue by channel.
    let (_, dashboard) = owner.get_json("/api/admin/dashboard").await;
    assert_eq!(dashboard["channels"]["counter"], 6_200_000 + 1_080_000, "{}", dashboard["channels"]);
    assert_eq!(dashboard["channels"]["website"], 0);
}

#[actix_web::test]
async fn fifty_cashiers_racing_for_the_last_unit_online_make_one_sale_and_fifty_sends_of_one_sale_make_one() {
    let app = shop().await;
    app.sql("UPDATE variants SET stock = 1 WHERE sku = 'AOC-1'");
    app.state.catalogue.changed_elsewhere();
    let cashier = app.staff("bisi@example.com", "cashier").await;
    let list = catalogue(&cashier).await;
    let line = line_of(&list, "AOC-1", 1);
    let attempts = (0..50).map(|i| {
        let (cashier, line) = (&cashier, line.clone());
        async move { cashier.post_json("/api/counter/sales", cash_sale(&format!("race-{i:04}"), vec![line], 1_200_000, 1_200_000)).await }
    });
    let results = join_all(attempts).await;
    let made = results.iter().filter(|(s, _)| *s == 201).count();
    let refused = results.iter().filter(|(s, body)| *s == 409 && body["message"] == "Aso Oke Clutch is sold out.").count();
    assert_eq!((made, refused), (1, 49), "{:?}", results.iter().map(|r| r.0).collect::<Vec<_>>());
    assert_eq!(stock(&app, "AOC-1"), 0);
    assert_eq!(app.query_i64("SELECT COUNT(*) FROM counter_sales"), 1);

    // One offline sale sent fifty times at once (a queue flushed by two tabs, retries): one sale.
    let mut offline = cash_sale("offline-once", vec![line_of(&list, "AWD-L-RED", 2)], 5_000_000, 5_000_000);
    offline["offline"] = json!(true);
    let sends = (0..50).map(|_| {
        let (cashier, offline) = (&cashier, offline.clone());
        async move { cashier.post_json("/api/counter/sales", offline).await }
    });
    let results = join_all(sends).await;
    let created = results.iter().filter(|(s, _)| *s == 201).count();
    let replayed = results.iter().filter(|(s, _)| *s == 200).count();
    assert_eq!((created, replayed), (1, 49));
    let ids: std::collections::HashSet<String> = results.iter().map(|(_, b)| b["id"].as_str().unwrap().to_string()).collect();
    assert_eq!(ids.len(), 1);
    assert_eq!(stock(&app, "AWD-L-RED"), 3);
}

#[actix_web::test]
async fn offline_sales_arrive_once_in_any_order_at_the_prices_then_and_a_collision_is_oversold_at_the_counter() {
    let app = shop().await;
    app.sql("UPDATE variants SET stock = 1 WHERE sku = 'AWD-M-RED'");
    app.state.catalogue.changed_elsewhere();
    let cashier = app.staff("bisi@example.com", "cashier").await;
    let owner = app.admin_browser("owner@example.com").await;
    let list = catalogue(&cashier).await;
    // The connection drops. The counter sells three times from what it knows…
    let mut sales: Vec<Value> = [("AWD-M-RED", 1, 2_500_000), ("AOC-1", 2, 2_400_000), ("AWD-L-RED", 1, 2_500_000)]
        .iter()
        .enumerate()
        .map(|(i, (sku, quantity, total))| {
            let mut sale = cash_sale(&format!("offline-{i}"), vec![line_of(&list, sku, *quantity)], *total, *total);
            sale["offline"] = json!(true);
            sale
        })
        .collect();
    // …while the website sells the last M dress and the owner raises the clutch's price.
    let website = app.browser();
    website.signup("Ngozi", "ngozi@example.com", "secret1").await;
    let (status, _) = website.post_json("/api/bag", json!({"productId": "wrap", "size": "M", "color": "Red", "quantity": 1})).await;
    assert_eq!(status, 200);
    let (status, started) = website
        .post_json(
            "/api/checkout",
            json!({
                "customer": { "name": "Ngozi", "email": "ngozi@example.com", "phone": "0803 555 0102" },
                "address": { "street": "4 Allen Avenue", "city": "Ikeja", "state": "Lagos", "country": "Nigeria", "postalCode": "" },
            }),
        )
        .await;
    assert_eq!(status, 201, "{started}");
    let code = started["accessCode"].as_str().unwrap();
    website.post_json(&format!("/api/sandbox/checkout/{code}"), json!({"outcome": "success"})).await;
    website.post_json("/api/payments/verify", json!({"reference": started["reference"]})).await;
    assert_eq!(stock(&app, "AWD-M-RED"), 0);
    app.sql("UPDATE products SET price_kobo = 1500000 WHERE id = 'bag'");
    app.state.catalogue.changed_elsewhere();

    // Back online, the queue arrives out of order with duplicates: each sale once.
    sales.swap(0, 2);
    let mut statuses = Vec::new();
    for sale in sales.iter().chain(sales.iter().rev()) {
        let (status, body) = cashier.post_json("/api/counter/sales", sale.clone()).await;
        statuses.push(status);
        assert!(status == 200 || status == 201, "{body}");
    }
    assert_eq!(statuses, vec![201, 201, 201, 200, 200, 200]);
    assert_eq!(app.query_i64("SELECT COUNT(*) FROM counter_sales"), 3);
    // The clutches keep the price the customer paid at the counter.
    assert_eq!(
        app.query_i64("SELECT total_kobo FROM orders o JOIN counter_sales s ON s.order_id = o.id WHERE s.sale_id = 'offline-1'"),
        2_400_000
    );
    // The same clutch sold online now must use today's price.
    let (status, changed) = cashier
        .post_json("/api/counter/sales", cash_sale("online-old-price", vec![line_of(&list, "AOC-1", 1)], 1_200_000, 1_200_000))
        .await;
    assert_eq!(status, 409, "{changed}");
    assert!(changed["message"].as_str().unwrap().starts_with("The price of Aso Oke Clutch has changed"), "{changed}");

    // The M dress the website sold is not taken twice: the counter's sale is "oversold at the counter".
    assert_eq!(stock(&app, "AWD-M-RED"), 0);
    let (status, oversold) = owner.get_json("/api/admin/counter/oversold").await;
    assert_eq!(status, 200);
    let open = oversold["open"].as_array().unwrap();
    assert_eq!(open.len(), 1, "{oversold}");
    assert_eq!(
        (&open[0]["saleId"], &open[0]["lines"][0]["sku"], &open[0]["lines"][0]["short"]),
        (&json!("offline-0"), &json!("AWD-M-RED"), &json!(1))
    );
    // The counter's own order is not an oversold order owing a refund: its customer has the dress.
    let (_, dashboard) = owner.get_json("/api/admin/dashboard").await;
    assert_eq!(dashboard["oversoldToRefund"], 0);
    let order = open[0]["orderId"].as_str().unwrap();
    let (status, settled) =
        owner.post_json(&format!("/api/admin/counter/oversold/{order}/resolve"), json!({"resolution": "contacted"})).await;
    assert_eq!((status, &settled["resolution"]), (200, &json!("contacted")), "{settled}");
    assert_eq!(owner.post_json(&format!("/api/admin/counter/oversold/{order}/resolve"), json!({"resolution": "restocked"})).await.0, 409);
    let (_, oversold) = owner.get_json("/api/admin/counter/oversold").await;
    assert_eq!((oversold["open"].as_array().unwrap().len(), oversold["resolved"].as_array().unwrap().len()), (0, 1));

    // A catalogue older than a fortnight no longer prices a sale.
    app.advance(15 * 24 * 3_600_000);
    let mut late = cash_sale("offline-late", vec![line_of(&list, "AWD-L-RED", 1)], 2_500_000, 2_500_000);
    late["offline"] = json!(true);
    assert_eq!(cashier.post_json("/api/counter/sales", late).await.0, 400);
}

#[actix_web::test]
async fn a_pay_link_sale_completes_when_paid_and_the_day_sets_each_drawer_against_its_count() {
    let app = shop().await;
    let cashier = app.staff("bisi@example.com", "cashier").await;
    let other = app.staff("tolu@example.com", "cashier").await;
    let manager = app.staff("manager@example.com", "manager").await;
    let list = catalogue(&cashier).await;
    // Part cash, the rest by a pay link the customer scans.
    let (status, made) = cashier
        .post_json(
            "/api/counter/sales",
            json!({
                "saleId": "till1-link-1",
                "madeAt": ankara::db::now_ms(),
                "lines": [line_of(&list, "AWD-M-RED", 1)],
                "customer": { "phone": "0803 555 0177", "name": "Ada" },
                "tenders": [{ "method": "cash", "amount": 500_000, "tendered": 500_000 }, { "method": "pay_link", "amount": 2_000_000 }],
            }),
        )
        .await;
    assert_eq!((status, &made["status"]), (201, &json!("awaiting_payment")), "{made}");
    assert_eq!(stock(&app, "AWD-M-RED"), 4, "the units are taken while the customer pays");
    let link = made["payLink"].as_str().unwrap();
    let token = link.rsplit('/').next().unwrap();
    let id = made["id"].as_str().unwrap();
    // The customer pays on her phone.
    let phone = app.browser();
    let (status, start) = phone.post_json(&format!("/api/pay/{token}"), Value::Null).await;
    assert_eq!(status, 200, "{start}");
    let code = start["accessCode"].as_str().unwrap();
    phone.post_json(&format!("/api/sandbox/checkout/{code}"), json!({"outcome": "success"})).await;
    let (status, verified) = phone.post_json(&format!("/api/pay/{token}/verify"), json!({"reference": start["reference"]})).await;
    assert_eq!(status, 200, "{verified}");
    let (_, now) = cashier.get_json(&format!("/api/counter/sales/{id}")).await;
    assert_eq!((&now["status"], &now["payLink"]), (&json!("paid"), &Value::Null), "{now}");
    assert_eq!(app.query_i64(&format!("SELECT status = 'delivered' FROM orders WHERE id = '{id}'")), 1);

    // A cash sale by each cashier; Bisi counts ₦500 short.
    let (status, _) =
        cashier.post_json("/api/counter/sales", cash_sale("till1-cash-1", vec![line_of(&list, "AOC-1", 1)], 1_200_000, 2_000_000)).await;
    assert_eq!(status, 201);
    let (status, _) =
        other.post_json("/api/counter/sales", cash_sale("till2-cash-1", vec![line_of(&list, "AOC-1", 2)], 2_400_000, 2_400_000)).await;
    assert_eq!(status, 201);
    let (_, day) = cashier.get_json("/api/counter/day").await;
    assert_eq!(day["cashiers"].as_array().unwrap().len(), 1, "a cashier sees her own drawer: {day}");
    assert_eq!((&day["cashiers"][0]["cash"], &day["cashiers"][0]["payLink"]), (&json!(1_700_000), &json!(2_000_000)), "{day}");
    let (status, counted) = cashier.post_json("/api/counter/cash-ups", json!({ "counted": "16,950" })).await;
    assert_eq!(status, 201, "{counted}");
    assert_eq!((&counted["counted"], &counted["difference"]), (&json!(1_695_000), &json!(-5_000)));
    let tolu = app.query_i64("SELECT rowid FROM users WHERE email = 'tolu@example.com'");
    let tolu_id: String = {
        let conn = rusqlite::Connection::open(app.dir.path().join("ankara.db")).unwrap();
        conn.query_row("SELECT id FROM users WHERE rowid = ?1", [tolu], |r| r.get(0)).unwrap()
    };
    assert_eq!(cashier.post_json("/api/counter/cash-ups", json!({ "counted": "24000", "cashierId": tolu_id })).await.0, 403);
    assert_eq!(cashier.post_json("/api/counter/cash-ups", json!({ "counted": "lots" })).await.0, 400);
    let (status, _) = manager.post_json("/api/counter/cash-ups", json!({ "counted": "24000", "cashierId": tolu_id })).await;
    assert_eq!(status, 201);
    let (_, day) = manager.get_json("/api/counter/day").await;
    assert_eq!(day["cashiers"].as_array().unwrap().len(), 2, "{day}");
    assert_eq!(
        (&day["byMethod"]["cash"], &day["byMethod"]["payLink"], &day["total"]),
        (&json!(4_100_000), &json!(2_000_000), &json!(6_100_000))
    );
    assert!(day["cashiers"].as_array().unwrap().iter().all(|c| c["counted"].is_i64()), "{day}");
    assert_eq!(manager.get_json("/api/counter/day?date=29-11-2026").await.0, 400);
}

#[actix_web::test]
async fn units_brought_back_to_the_counter_give_their_cash_back_once_within_the_window() {
    let app = shop().await;
    let cashier = app.staff("bisi@example.com", "cashier").await;
    let other = app.staff("tolu@example.com", "cashier").await;
    let owner = app.admin_browser("owner@example.com").await;
    let list = catalogue(&cashier).await;
    // Two dresses and a clutch, 10 % off: ₦62,000 less ₦6,200.
    let mut sale = cash_sale("till1-back-1", vec![line_of(&list, "AWD-M-RED", 2), line_of(&list, "AOC-1", 1)], 5_580_000, 6_000_000);
    sale["staffDiscountPercent"] = json!(10);
    let (status, made) = cashier.post_json("/api/counter/sales", sale).await;
    assert_eq!(status, 201, "{made}");
    let id = made["id"].as_str().unwrap();
    let dress = made["lines"][0]["variantId"].clone();
    let clutch = made["lines"][1]["variantId"].clone();
    assert_eq!(stock(&app, "AWD-M-RED"), 3);

    // One dress back, on sale again, from another cashier's till: ₦25,000 less its ₦2,500 share.
    let path = format!("/api/counter/sales/{id}/returns");
    let (status, back) = other.post_json(&path, json!({ "lines": [{ "variantId": dress, "quantity": 1 }] })).await;
    assert_eq!((status, &back["cash"]), (200, &json!(2_250_000)), "{back}");
    assert_eq!((&back["sale"]["lines"][0]["returned"], &back["sale"]["returnedCash"]), (&json!(1), &json!(2_250_000)));
    assert_eq!(stock(&app, "AWD-M-RED"), 4, "back on sale at once");
    // More than is left to bring back, an item not on the sale, a damaged clutch written off.
    let (status, refused) = other.post_json(&path, json!({ "lines": [{ "variantId": dress, "quantity": 2 }] })).await;
    assert_eq!((status, refused["message"].as_str().unwrap()), (400, "Only 1 of Ankara Wrap Dress (M, Red) can come back from this sale."));
    let l = line_of(&list, "AWD-L-RED", 1)["variantId"].clone();
    assert_eq!(other.post_json(&path, json!({ "lines": [{ "variantId": l, "quantity": 1 }] })).await.0, 404);
    let (status, back) = other.post_json(&path, json!({ "lines": [{ "variantId": clutch, "quantity": 1 }], "backOnSale": false })).await;
    assert_eq!((status, &back["cash"]), (200, &json!(1_080_000)), "{back}");
    assert_eq!(stock(&app, "AOC-1"), 4, "a written-off clutch does not go back on sale");
    // Fifty clicks on the last dress: one gives the cash.
    let clicks = (0..50).map(|_| {
        let (other, path, dress) = (&other, path.clone(), dress.clone());
        async move { other.post_json(&path, json!({ "lines": [{ "variantId": dress, "quantity": 1 }] })).await.0 }
    });
    let statuses = join_all(clicks).await;
    assert_eq!(statuses.iter().filter(|s| **s == 200).count(), 1, "{statuses:?}");
    assert_eq!(stock(&app, "AWD-M-RED"), 5);
    assert_eq!(app.query_i64("SELECT SUM(cash_kobo) FROM counter_returns"), 5_580_000, "never more than was paid");
    // The drawer that gave the cash expects less; the sale's revenue is gone from the dashboard.
    let (_, day) = owner.get_json("/api/counter/day").await;
    let tolu = day["cashiers"].as_array().unwrap().iter().find(|c| c["returned"] == 5_580_000).expect("Tolu's row").clone();
    assert_eq!((&tolu["cash"], &tolu["sales"]), (&json!(-5_580_000), &json!(0)));
    let (_, dashboard) = owner.get_json("/api/admin/dashboard").await;
    assert_eq!(dashboard["channels"]["counter"], 0, "{}", dashboard["channels"]);

    // A sale paid by pay link gives back by hand only what was paid by hand; past the window, nothing.
    let (status, linked) = cashier
        .post_json(
            "/api/counter/sales",
            json!({
                "saleId": "till1-back-2",
                "madeAt": ankara::db::now_ms(),
                "lines": [line_of(&list, "AWD-L-RED", 1)],
                "tenders": [{ "method": "cash", "amount": 500_000 }, { "method": "pay_link", "amount": 2_000_000 }],
            }),
        )
        .await;
    assert_eq!(status, 201, "{linked}");
    let linked_path = format!("/api/counter/sales/{}/returns", linked["id"].as_str().unwrap());
    let l = linked["lines"][0]["variantId"].clone();
    assert_eq!(cashier.post_json(&linked_path, json!({ "lines": [{ "variantId": l, "quantity": 1 }] })).await.0, 409, "not paid yet");
    let (status, sale) =
        cashier.post_json("/api/counter/sales", cash_sale("till1-back-3", vec![line_of(&list, "AOC-1", 1)], 1_200_000, 1_200_000)).await;
    assert_eq!(status, 201);
    app.advance(8 * 24 * 3_600_000);
    let late = format!("/api/counter/sales/{}/returns", sale["id"].as_str().unwrap());
    let (status, refused) =
        cashier.post_json(&late, json!({ "lines": [{ "variantId": sale["lines"][0]["variantId"], "quantity": 1 }] })).await;
    assert_eq!((status, refused["message"].as_str().unwrap()), (409, "This sale is past the 7-day return window."));
}

#[actix_web::test]
async fn a_gift_card_pays_at_the_counter_and_a_return_puts_its_part_back_on_the_card_from_any_till() {
    let app = shop().await;
    let bisi = app.staff("bisi@example.com", "cashier").await;
    let tunde = app.staff("tunde@example.com", "cashier").await;
    let owner = app.admin_browser("owner@example.com").await;
    let (status, issued) = owner.post_json("/api/admin/gift-cards", json!({"amount": "15000", "note": "Birthday"})).await;
    assert_eq!(status, 201, "{issued}");
    let code = issued["code"].as_str().unwrap().to_string();
    let list = catalogue(&bisi).await;

    // Every variant carries an EAN-13 in the shop's own range, with a right check digit, each its own.
    let eans: Vec<String> = list["products"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|p| p["variants"].as_array().unwrap().iter().map(|v| v["ean"].as_str().unwrap().to_string()))
        .collect();
    assert_eq!(eans.len(), 3);
    for ean in &eans {
        let digits: Vec<u32> = ean.chars().map(|c| c.to_digit(10).unwrap()).collect();
        let sum: u32 = digits.iter().enumerate().map(|(i, d)| d * if i % 2 == 0 { 1 } else { 3 }).sum();
        assert!(digits.len() == 13 && digits[0] == 2 && sum.is_multiple_of(10), "{ean}");
    }
    assert_eq!(eans.iter().collect::<std::collections::HashSet<_>>().len(), 3);

    // A dress (₦25,000): ₦15,000 on the card, ₦10,000 in cash.
    let gift_sale = |id: &str, card: &str, amount: i64| {
        json!({
            "saleId": id, "madeAt": ankara::db::now_ms(), "lines": [line_of(&list, "AWD-M-RED", 1)],
            "tenders": [{ "method": "gift_card", "amount": amount, "code": card }, { "method": "cash", "amount": 2_500_000 - amount }],
        })
    };
    // Refusals, nothing taken: an unknown card, no code, more than the card holds, offline.
    let cases = [
        (gift_sale("gift-bad-1", "ABCD-EFGH-JKMN-PQRS", 1_500_000), "We don't know this gift card code. Please check it and try again."),
        (gift_sale("gift-bad-2", " ", 1_500_000), "Enter the gift card's code."),
        (gift_sale("gift-bad-3", &code, 1_600_000), "This gift card has only ₦15,000.00 left."),
        (
            {
                let mut offline = gift_sale("gift-bad-4", &code, 1_500_000);
                offline["offline"] = json!(true);
                offline
            },
            "A gift card needs the internet.",
        ),
    ];
    for (sale, message) in cases {
        let (status, refused) = bisi.post_json("/api/counter/sales", sale).await;
        assert_eq!((status, refused["message"].as_str().unwrap_or_default()), (400, message), "{refused}");
    }
    assert_eq!(stock(&app, "AWD-M-RED"), 5);
    let paid = gift_sale("gift-0001", &code.to_lowercase(), 1_500_000);
    let (status, made) = bisi.post_json("/api/counter/sales", paid.clone()).await;
    assert_eq!(status, 201, "{made}");
    let gift = made["tenders"].as_array().unwrap().iter().find(|t| t["method"] == "gift_card").unwrap().clone();
    assert_eq!((&gift["amount"], &gift["last4"]), (&json!(1_500_000), &json!(issued["card"]["last4"])), "{made}");
    assert_eq!(made["status"], "paid");
    let (_, card) = app.browser().post_json("/api/gift-cards/balance", json!({"code": code})).await;
    assert_eq!(card["balance"], 0, "{card}");
    // Sent again: one sale, the card spent once.
    let (status, again) = bisi.post_json("/api/counter/sales", paid).await;
    assert_eq!((status, &again["id"]), (200, &made["id"]));
    let id = made["id"].as_str().unwrap();
    let (_, order) = owner.get_json(&format!("/api/admin/orders/{id}")).await;
    assert_eq!((&order["paid"], &order["status"]), (&json!(2_500_000), &json!("delivered")), "{order}");
    let (_, day) = bisi.get_json("/api/counter/day").await;
    assert_eq!((&day["byMethod"]["giftCard"], &day["byMethod"]["cash"]), (&json!(1_500_000), &json!(1_000_000)), "{day}");

    // Another cashier cannot list it, but finds it by the number on the receipt the customer brings.
    let (status, _) = tunde.get_json(&format!("/api/counter/sales/{id}")).await;
    assert_eq!(status, 404);
    let number = made["number"].as_str().unwrap();
    let (status, found) = tunde.get_json(&format!("/api/counter/receipts/%23{}", number.to_lowercase())).await;
    assert_eq!((status, &found["id"]), (200, &made["id"]), "{found}");
    let (status, none) = tunde.get_json("/api/counter/receipts/ZZZZ9999").await;
    assert_eq!((status, none["message"].as_str().unwrap()), (404, "We found no counter sale with this receipt number."));

    // The dress comes back at Tunde's till: the card's ₦15,000 goes back onto the card first, the
    // rest is ₦10,000 in cash from his drawer.
    let variant = made["lines"][0]["variantId"].clone();
    let (status, back) =
        tunde.post_json(&format!("/api/counter/sales/{id}/returns"), json!({ "lines": [{ "variantId": variant, "quantity": 1 }] })).await;
    assert_eq!(status, 200, "{back}");
    assert_eq!((&back["toGiftCard"], &back["cash"]), (&json!(1_500_000), &json!(1_000_000)), "{back}");
    let (_, card) = app.browser().post_json("/api/gift-cards/balance", json!({"code": code})).await;
    assert_eq!(card["balance"], 1_500_000, "{card}");
    assert_eq!(stock(&app, "AWD-M-RED"), 5);
    let (_, day) = owner.get_json("/api/counter/day").await;
    let tunde_day = day["cashiers"].as_array().unwrap().iter().find(|c| c["returned"] == 1_000_000).unwrap().clone();
    assert_eq!(tunde_day["cash"], -1_000_000, "{day}");
    assert_eq!((&day["byMethod"]["giftCard"], &day["total"]), (&json!(0), &json!(0)), "{day}");
    // Nothing is left to give back.
    let (status, _) =
        tunde.post_json(&format!("/api/counter/sales/{id}/returns"), json!({ "lines": [{ "variantId": variant, "quantity": 1 }] })).await;
    assert_eq!(status, 400);

    // A sale paid wholly by card comes back wholly onto it: no cash at all.
    let (status, made) = bisi
        .post_json(
            "/api/counter/sales",
            json!({
                "saleId": "gift-0002", "madeAt": ankara::db::now_ms(), "lines": [line_of(&list, "AOC-1", 1)],
                "tenders": [{ "method": "gift_card", "amount": 1_200_000, "code": code }],
            }),
        )
        .await;
    assert_eq!(status, 201, "{made}");
    let id = made["id"].as_str().unwrap();
    let (status, back) = bisi
        .post_json(
            &format!("/api/counter/sales/{id}/returns"),
            json!({ "lines": [{ "variantId": made["lines"][0]["variantId"], "quantity": 1 }], "backOnSale": false }),
        )
        .await;
    assert_eq!((status, &back["toGiftCard"], &back["cash"]), (200, &json!(1_200_000), &json!(0)), "{back}");
    let (_, card) = app.browser().post_json("/api/gift-cards/balance", json!({"code": code})).await;
    assert_eq!(card["balance"], 1_500_000, "{card}");
    assert_eq!(app.query_i64(&format!("SELECT COUNT(*) FROM refunds WHERE order_id = '{id}'")), 0, "no cash left the shop");
}

#[actix_web::test]
async fn the_counter_greets_a_returning_customer_by_her_phone_and_tells_nothing_else() {
    let app = shop().await;
    let bisi = app.staff("bisi@example.com", "cashier").await;
    let list = catalogue(&bisi).await;
    let (status, unknown) = bisi.get_json("/api/counter/customers?phone=0803%20123%204567").await;
    assert_eq!(status, 200, "{unknown}");
    assert_eq!(unknown, json!({ "phone": "+2348031234567", "name": null, "orders": 0 }));
    let mut sale = cash_sale("phone-0001", vec![line_of(&list, "AOC-1", 1)], 1_200_000, 1_200_000);
    sale["customer"] = json!({ "phone": "08031234567", "name": "Adaeze Okafor", "email": "ada@example.com" });
    let (status, _) = bisi.post_json("/api/counter/sales", sale).await;
    assert_eq!(status, 201);
    let mut walk_in = cash_sale("phone-0002", vec![line_of(&list, "AOC-1", 1)], 1_200_000, 1_200_000);
    walk_in["customer"] = json!({ "phone": "+234 803 123 4567" });
    let (status, _) = bisi.post_json("/api/counter/sales", walk_in).await;
    assert_eq!(status, 201);
    let (status, known) = bisi.get_json("/api/counter/customers?phone=%2B2348031234567").await;
    assert_eq!(status, 200);
    assert_eq!(known, json!({ "phone": "+2348031234567", "name": "Adaeze Okafor", "orders": 2 }), "only her name and count: no e-mail");
    let (status, bad) = bisi.get_json("/api/counter/customers?phone=call-me").await;
    assert_eq!(status, 400, "{bad}");
    let (status, _) = app.browser().get_json("/api/counter/customers?phone=08031234567").await;
    assert_eq!(status, 401);
}

#[actix_web::test]
async fn a_counter_sale_whose_pay_link_is_never_paid_ends_when_the_link_expires() {
    let app = shop().await;
    let cashier = app.staff("bisi@example.com", "cashier").await;
    let list = catalogue(&cashier).await;
    // A sale waiting for its pay link that the customer never pays ends when the link expires: its
    // units go back on sale and it counts for nothing.
    let (status, unpaid) = cashier
        .post_json(
            "/api/counter/sales",
            json!({
                "saleId": "till1-link-2", "madeAt": ankara::db::now_ms(), "lines": [line_of(&list, "AWD-L-RED", 2)],
                "tenders": [{ "method": "pay_link", "amount": 5_000_000 }],
            }),
        )
        .await;
    assert_eq!((status, &unpaid["status"]), (201, &json!("awaiting_payment")), "{unpaid}");
    assert_eq!(stock(&app, "AWD-L-RED"), 3);
    app.state.payments.end_lapsed_links().await.unwrap();
    assert_eq!(stock(&app, "AWD-L-RED"), 3, "still open: still held");
    app.advance(73 * 3_600_000);
    app.state.payments.end_lapsed_links().await.unwrap();
    let unpaid_id = unpaid["id"].as_str().unwrap();
    let (_, ended) = cashier.get_json(&format!("/api/counter/sales/{unpaid_id}")).await;
    assert_eq!((&ended["status"], &ended["payLink"]), (&json!("cancelled"), &Value::Null), "{ended}");
    assert_eq!(stock(&app, "AWD-L-RED"), 5);
}

/// The six-digit code in the newest mail.
fn credit_code(app: &TestApp) -> String {
    let mail = app.last_mail();
    let at = mail.find("counter is ").expect("a counter credit code mail") + "counter is ".len();
    mail[at..at + 6].to_string()
}

#[actix_web::test]
async fn store_credit_pays_at_the_counter_once_the_customer_reads_out_the_code_mailed_to_her() {
    let app = shop().await;
    let bisi = app.staff("bisi@example.com", "cashier").await;
    let list = catalogue(&bisi).await;
    // Ada holds ₦20,000 of store credit (a return to credit, say).
    app.sql("INSERT INTO credit_entries (email_key, amount_kobo, reason, created_at) VALUES ('ada@example.com', 2000000, 'A return', 0)");
    let made_at = ankara::db::now_ms();
    let sale = |id: &str, pass: &Value, email: &str| {
        json!({
            "saleId": id, "madeAt": made_at, "lines": [line_of(&list, "AWD-M-RED", 1)],
            "customer": { "phone": "", "email": email },
            "tenders": [{ "method": "store_credit", "amount": 2_000_000, "pass": pass }, { "method": "cash", "amount": 500_000 }],
        })
    };
    // Without a proved e-mail, nothing: no pass, a forged pass.
    let (status, refused) = bisi.post_json("/api/counter/sales", sale("credit-bad-1", &Value::Null, "ada@example.com")).await;
    assert_eq!((status, refused["message"].as_str().unwrap()), (400, "Check the code from the customer's e-mail first."));
    let forged = json!(format!("{}.{}", ankara::db::now_ms() + 600_000, "ab".repeat(32)));
    let (status, refused) = bisi.post_json("/api/counter/sales", sale("credit-bad-2", &forged, "ada@example.com")).await;
    assert_eq!(status, 400, "{refused}");
    assert!(refused["message"].as_str().unwrap().starts_with("The store credit code has expired"), "{refused}");

    // An address with no credit gets no mail, and the counter is told the same either way.
    let mails = app.query_i64("SELECT COUNT(*) FROM mail_outbox");
    let (status, sent) = bisi.post_json("/api/counter/credit/code", json!({ "email": "nobody@example.com" })).await;
    assert_eq!(status, 202, "{sent}");
    assert_eq!(app.query_i64("SELECT COUNT(*) FROM mail_outbox"), mails);
    let (status, sent_ada) = bisi.post_json("/api/counter/credit/code", json!({ "email": "Ada@Example.com" })).await;
    assert_eq!((status, &sent_ada), (202, &sent));
    assert_eq!(app.query_i64("SELECT COUNT(*) FROM mail_outbox WHERE kind = 'counter_credit_code'"), 1);
    let code = credit_code(&app);
    let (status, _) = bisi.post_json("/api/counter/credit/code", json!({ "email": "ada@example.com" })).await;
    assert_eq!(status, 429, "one mail a minute");
    // Wrong codes are counted even though each is refused; the fifth ends the code.
    let wrong = if code == "000000" { "111111" } else { "000000" };
    for _ in 0..5 {
        let (status, refused) = bisi.post_json("/api/counter/credit/verify", json!({ "email": "ada@example.com", "code": wrong })).await;
        assert_eq!((status, refused["message"].as_str().unwrap()), (400, "This code is not right. Check the e-mail and try again."));
    }
    let (status, refused) = bisi.post_json("/api/counter/credit/verify", json!({ "email": "ada@example.com", "code": code })).await;
    assert_eq!((status, refused["message"].as_str().unwrap()), (400, "Too many wrong codes. Send a new code."));
    app.advance(61_000);
    let (status, _) = bisi.post_json("/api/counter/credit/code", json!({ "email": "ada@example.com" })).await;
    assert_eq!(status, 202);
    let code = credit_code(&app);
    let (status, proved) = bisi.post_json("/api/counter/credit/verify", json!({ "email": "ada@example.com", "code": code })).await;
    assert_eq!((status, &proved["balance"]), (200, &json!(2_000_000)), "{proved}");
    let (status, _) = bisi.post_json("/api/counter/credit/verify", json!({ "email": "ada@example.com", "code": code })).await;
    assert_eq!(status, 400, "a code works once");
    let pass = proved["pass"].clone();
    // The pass is for Ada's e-mail only.
    let (status, _) = bisi.post_json("/api/counter/sales", sale("credit-bad-3", &pass, "bola@example.com")).await;
    assert_eq!(status, 400);

    // ₦20,000 of credit and ₦5,000 in cash for the dress; sent twice, spent once.
    let paid = sale("credit-0001", &pass, "ada@example.com");
    let (status, made) = bisi.post_json("/api/counter/sales", paid.clone()).await;
    assert_eq!((status, &made["status"]), (201, &json!("paid")), "{made}");
    let (status, _) = bisi.post_json("/api/counter/sales", paid).await;
    assert_eq!(status, 200);
    let balance = "SELECT SUM(amount_kobo) FROM credit_entries WHERE email_key = 'ada@example.com'";
    assert_eq!(app.query_i64(balance), 0);
    // More than she holds now: refused, nothing taken.
    let mut more = sale("credit-0002", &pass, "ada@example.com");
    more["lines"] = json!([line_of(&list, "AOC-1", 2)]);
    more["tenders"] = json!([{ "method": "store_credit", "amount": 2_400_000, "pass": pass }]);
    let (status, refused) = bisi.post_json("/api/counter/sales", more).await;
    assert_eq!((status, refused["message"].as_str().unwrap()), (400, "This customer's store credit is only ₦0.00."));
    assert_eq!(stock(&app, "AOC-1"), 5);
    let (_, day) = bisi.get_json("/api/counter/day").await;
    assert_eq!((&day["byMethod"]["storeCredit"], &day["byMethod"]["cash"]), (&json!(2_000_000), &json!(500_000)), "{day}");

    // The dress comes back: its credit part back to her credit first, the rest in cash.
    let id = made["id"].as_str().unwrap();
    let (status, back) = bisi
        .post_json(
            &format!("/api/counter/sales/{id}/returns"),
            json!({ "lines": [{ "variantId": made["lines"][0]["variantId"], "quantity": 1 }] }),
        )
        .await;
    assert_eq!((status, &back["toStoreCredit"], &back["cash"]), (200, &json!(2_000_000), &json!(500_000)), "{back}");
    assert_eq!(app.query_i64(balance), 2_000_000);
    // After half an hour the pass no longer spends.
    app.advance(31 * 60_000);
    let (status, _) = bisi.post_json("/api/counter/sales", sale("credit-0003", &pass, "ada@example.com")).await;
    assert_eq!(status, 400);
}
