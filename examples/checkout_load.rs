//! Load generator for the checkout benchmark (bench/run.sh runs it): shoppers on one client
//! thread, each repeating what a browser does to buy — add to bag, start checkout, pay with the
//! sandbox's success card, verify — and the rate of completed checkouts with their latency.
//! Usage: checkout_load BASE_URL PHOTO_FILE [shoppers=32] [seconds=10] [discount code]; with SERVER_PID set,
//! it also prints the server's CPU time per completed checkout.
//! Every checkout is delivered to Lagos (a delivery fee), with the code when one is given.

use std::time::{Duration, Instant};

use serde_json::{Value, json};

fn client() -> reqwest::Client {
    let mut headers = reqwest::header::HeaderMap::new();
    headers.insert("x-requested-with", reqwest::header::HeaderValue::from_static("ankara"));
    reqwest::Client::builder().cookie_store(true).default_headers(headers).build().unwrap()
}

async fn post(client: &reqwest::Client, url: String, body: Value) -> Result<Value, String> {
    let res = client.post(&url).json(&body).send().await.map_err(|e| e.to_string())?;
    let status = res.status();
    let reply: Value = res.json().await.map_err(|e| e.to_string())?;
    if status.is_success() { Ok(reply) } else { Err(format!("{url}: {status} {reply}")) }
}

async fn buy_once(client: &reqwest::Client, base: &str, choice: &Value, code: Option<&str>) -> Result<(), String> {
    post(client, format!("{base}/api/bag"), choice.clone()).await?;
    let started = post(
        client,
        format!("{base}/api/checkout"),
        json!({
            "customer": { "name": "Bench Shopper", "email": "bench@example.com", "phone": "08030000000" },
            "address": { "street": "1 Marina", "city": "Lagos", "state": "Lagos", "country": "Nigeria", "postalCode": "101001" },
            "code": code,
        }),
    )
    .await?;
    let code = started["accessCode"].as_str().ok_or("no access code")?;
    post(client, format!("{base}/api/sandbox/checkout/{code}"), json!({ "outcome": "success" })).await?;
    let verified = post(client, format!("{base}/api/payments/verify"), json!({ "reference": started["reference"] })).await?;
    if verified["data"]["success"] == true { Ok(()) } else { Err(format!("not verified: {verified}")) }
}

/// User + system clock ticks (1/100 s on Linux) a process has used, from /proc.
fn cpu_ticks(pid: u32) -> Option<u64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The fields after the command's closing parenthesis; utime and stime are the 14th and 15th.
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    Some(fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let base = args.get(1).expect("BASE_URL").trim_end_matches('/').to_string();
    let photo = std::fs::read(args.get(2).expect("PHOTO_FILE")).expect("a readable photo");
    let shoppers: usize = args.get(3).map_or(32, |s| s.parse().unwrap());
    let seconds: u64 = args.get(4).map_or(10, |s| s.parse().unwrap());
    let code: Option<String> = args.get(5).cloned();
    let server_pid: Option<u32> = std::env::var("SERVER_PID").ok().and_then(|p| p.parse().ok());
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    runtime.block_on(async move {
        let featured: Value = reqwest::get(format!("{base}/api/products/featured")).await.unwrap().json().await.unwrap();
        // Everyone buys the same variant: the worst case for holds, one stock row for all.
        let product = &featured[0];
        let variant = product["variants"].as_array().and_then(|v| v.iter().max_by_key(|v| v["available"].as_i64())).expect("a variant");
        let choice = json!({ "productId": product["id"], "size": variant["size"], "color": variant["color"] });
        let run = std::process::id();
        let mut clients = Vec::new();
        for n in 0..shoppers {
            let client = client();
            let form = reqwest::multipart::Form::new()
                .text("displayName", format!("Bench Shopper {n}"))
                .text("email", format!("bench-{run}-{n}@example.com"))
                .text("password", "bench-pass-1")
                .text("confirmPassword", "bench-pass-1")
                .part("photo", reqwest::multipart::Part::bytes(photo.clone()).file_name("me.jpg"));
            let res = client.post(format!("{base}/api/auth/signup")).multipart(form).send().await.unwrap();
            assert!(res.status().is_success(), "signup {n}: {}", res.status());
            clients.push(client);
        }
        let server_cpu = server_pid.map(cpu_ticks);
        let started = Instant::now();
        let deadline = started + Duration::from_secs(seconds);
        let tasks = clients.into_iter().map(|client| {
            let (base, choice, code) = (base.clone(), choice.clone(), code.clone());
            async move {
                let (mut latencies, mut errors) = (Vec::new(), Vec::new());
                while Instant::now() < deadline {
                    let t0 = Instant::now();
                    match buy_once(&client, &base, &choice, code.as_deref()).await {
                        Ok(()) => latencies.push(t0.elapsed()),
                        Err(e) => errors.push(e),
                    }
                }
                (latencies, errors)
            }
        });
        let results = futures_util::future::join_all(tasks).await;
        let elapsed = started.elapsed().as_secs_f64();
        let mut latencies: Vec<Duration> = results.iter().flat_map(|r| r.0.clone()).collect();
        let errors: Vec<&String> = results.iter().flat_map(|r| r.1.iter()).collect();
        latencies.sort();
        let pct = |p: f64| latencies.get(((latencies.len() as f64 * p) as usize).min(latencies.len().saturating_sub(1))).map_or(0.0, |d| d.as_secs_f64() * 1000.0);
        println!(
            "checkouts: {} completed in {elapsed:.1} s by {shoppers} shoppers = {:.0} per second; one checkout p50 {:.1} ms, p99 {:.1} ms; errors {}",
            latencies.len(),
            latencies.len() as f64 / elapsed,
            pct(0.5),
            pct(0.99),
            errors.len()
        );
        // The server's own CPU time per checkout (with SERVER_PID), steadier than the rate on a
        // machine shared with other work.
        if let (Some(pid), Some(Some(before))) = (server_pid, server_cpu)
            && let Some(after) = cpu_ticks(pid)
            && !latencies.is_empty()
        {
            let ms = (after - before) as f64 * 1000.0 / 100.0;
            println!("server CPU: {ms:.0} ms in the run = {:.2} ms per completed checkout", ms / latencies.len() as f64);
        }
        for e in errors.iter().take(3) {
            eprintln!("error: {e}");
        }
    });
}
