//! The dashboard benchmark's two halves (bench/dashboard.sh runs them):
//!   dashboard_load seed DATA_DIR ORDERS DAYS  — adds ORDERS paid orders (1 to 3 lines each, a tenth
//!       with a processed refund) spread evenly over the last DAYS days, straight into a stopped
//!       shop's database;
//!   dashboard_load measure BASE_URL COOKIE REQUESTS — GETs /api/admin/dashboard REQUESTS times in
//!       a row as the admin whose session cookie is COOKIE, and prints the latency percentiles.

use std::time::Instant;

use rusqlite::params;

fn seed(data_dir: &str, orders: usize, days: i64) {
    let config = ankara::config::Config::for_data_dir(data_dir.into());
    let db = ankara::app::open_database(&config).expect("the shop's database");
    let started = Instant::now();
    db.write_now(|tx| {
        let products: Vec<(String, String, i64)> = tx
            .prepare("SELECT id, name, price_kobo FROM products ORDER BY id")?
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
            .collect::<Result<_, _>>()?;
        assert!(!products.is_empty(), "start the shop once first so it has its demo products");
        let now = ankara::db::now_ms();
        let span = days * 86_400_000;
        let mut payment = tx.prepare(
            "INSERT INTO payments (reference, user_id, amount_kobo, status, customer_name, customer_email, customer_phone,
                                   delivery_address, items, access_code, created_at, updated_at, subtotal_kobo)
             VALUES (?1, ?2, ?3, 'completed', 'Bench Buyer', 'buyer@example.com', '0803', '{}', '[]', 'x', ?4, ?4, ?3)",
        )?;
        let mut order = tx.prepare(
            "INSERT INTO orders (id, user_id, payment_reference, status, is_new, customer_name, customer_email, customer_phone,
                                 total_kobo, street, city, state, country, postal_code, created_at, updated_at, number, subtotal_kobo)
             VALUES (?1, ?2, ?3, ?4, 0, 'Bench Buyer', 'buyer@example.com', '0803', ?5, '1 Marina', 'Lagos', 'Lagos', 'Nigeria',
                     '101001', ?6, ?6, ?7, ?5)",
        )?;
        let mut line = tx.prepare(
            "INSERT INTO order_items (order_id, position, product_id, name, price_kobo, quantity) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        )?;
        let mut refund = tx.prepare(
            "INSERT INTO refunds (id, order_id, amount_kobo, reason, status, created_at, updated_at, processed_at)
             VALUES (?1, ?2, ?3, 'Bench', 'processed', ?4, ?4, ?4)",
        )?;
        tx.execute(
            "INSERT OR IGNORE INTO users (id, email, display_name, password_hash, disabled, created_at)
             VALUES ('bench-buyer', 'bench-buyer@example.invalid', 'Bench Buyer', '!', 1, 0)",
            [],
        )?;
        let statuses = ["paid", "processing", "shipped", "delivered", "delivered", "delivered", "cancelled"];
        for n in 0..orders {
            let at = now - span + (n as i64 * span) / orders as i64;
            let (id, reference) = (format!("bench-order-{n:07}"), format!("bench-pay-{n:07}"));
            let lines: Vec<(&(String, String, i64), i64)> = (0..1 + n % 3)
                .map(|position| (&products[(n * 7 + position * 13) % products.len()], 1 + (n + position) as i64 % 2))
                .collect();
            let total: i64 = lines.iter().map(|((_, _, price), quantity)| price * quantity).sum();
            payment.execute(params![reference, "bench-buyer", total, at])?;
            order.execute(params![id, "bench-buyer", reference, statuses[n % statuses.len()], total, at, format!("B{n:07}")])?;
            for (position, ((product, name, price), quantity)) in lines.into_iter().enumerate() {
                line.execute(params![id, position as i64, product, name, price, quantity])?;
            }
            if n % 10 == 0 {
                refund.execute(params![format!("bench-refund-{n:07}"), id, total / 2, at + 3_600_000])?;
            }
        }
        Ok(())
    })
    .expect("seeding orders");
    println!("seeded {orders} orders over {days} days in {:.1} s", started.elapsed().as_secs_f64());
}

fn measure(base: &str, cookie: &str, requests: usize) {
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    runtime.block_on(async {
        let client = reqwest::Client::new();
        let url = format!("{}/api/admin/dashboard", base.trim_end_matches('/'));
        let get = || client.get(&url).header("cookie", cookie).send();
        let first = get().await.expect("the dashboard");
        assert!(first.status().is_success(), "the dashboard answered {}", first.status());
        let board: serde_json::Value = first.json().await.unwrap();
        let mut times = Vec::with_capacity(requests);
        for _ in 0..requests {
            let started = Instant::now();
            let res = get().await.expect("the dashboard");
            assert!(res.status().is_success());
            res.bytes().await.unwrap();
            times.push(started.elapsed().as_secs_f64() * 1000.0);
        }
        times.sort_by(f64::total_cmp);
        let at = |p: f64| times[((times.len() as f64 * p) as usize).min(times.len() - 1)];
        println!(
            "dashboard: {requests} requests, p50 {:.1} ms, p95 {:.1} ms, p99 {:.1} ms, max {:.1} ms (30 days: {} orders, revenue {} kobo)",
            at(0.50),
            at(0.95),
            at(0.99),
            times[times.len() - 1],
            board["month"]["orders"],
            board["month"]["revenue"]
        );
    });
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    match args.get(1).map(String::as_str) {
        Some("seed") => seed(&args[2], args[3].parse().unwrap(), args[4].parse().unwrap()),
        Some("measure") => measure(&args[2], &args[3], args[4].parse().unwrap()),
        _ => {
            eprintln!("usage: dashboard_load seed DATA_DIR ORDERS DAYS | measure BASE_URL COOKIE REQUESTS");
            std::process::exit(2);
        }
    }
}
