//! The checkout burst of scripts/standby-test.sh: shoppers buying at a steady rate from a shop
//! that pays through scripts/fake_paystack.py, each completed order written as it completes, so the
//! test can time when each one reaches the standby.
//! Usage: standby_burst BASE_URL PHOTO_FILE SHOPPERS RATE_PER_SECOND SECONDS OUT_FILE
//! Every checkout: add to bag, start checkout (the fake pays it at once: the shopper's address
//! starts with "autopay"), verify. One line per
//! completed order: {"id", "reference", "done": unix seconds}; a final line {"failed": N, "late": N}
//! (late: checkouts the shoppers could not start on time, so the rate was not reached).

use std::io::Write;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use serde_json::{Value, json};

/// A shopper's client. The shop's cookies are Secure (its public URL is the proxy's https one)
/// while the burst talks to the primary directly over loopback, so the session cookie is sent by
/// hand rather than by a cookie store that would keep it for https.
fn client(cookie: Option<&str>) -> reqwest::Client {
    let mut headers = reqwest::header::HeaderMap::new();
    headers.insert("x-requested-with", reqwest::header::HeaderValue::from_static("ankara"));
    if let Some(cookie) = cookie {
        headers.insert(reqwest::header::COOKIE, reqwest::header::HeaderValue::from_str(cookie).unwrap());
    }
    reqwest::Client::builder().default_headers(headers).timeout(Duration::from_secs(20)).build().unwrap()
}

async fn post(client: &reqwest::Client, url: String, body: Value) -> Result<Value, String> {
    let res = client.post(&url).json(&body).send().await.map_err(|e| e.to_string())?;
    let status = res.status();
    let reply: Value = res.json().await.map_err(|e| e.to_string())?;
    if status.is_success() { Ok(reply) } else { Err(format!("{url}: {status} {reply}")) }
}

async fn buy_once(client: &reqwest::Client, base: &str, choice: &Value) -> Result<(String, String), String> {
    post(client, format!("{base}/api/bag"), choice.clone()).await?;
    let started = post(
        client,
        format!("{base}/api/checkout"),
        json!({
            "customer": { "name": "Burst Shopper", "email": "autopay-burst@example.com", "phone": "08030000000" },
            "address": { "street": "1 Marina", "city": "Lagos", "state": "Lagos", "country": "Nigeria", "postalCode": "101001" },
        }),
    )
    .await?;
    let reference = started["reference"].as_str().ok_or("no reference")?.to_string();
    let verified = post(client, format!("{base}/api/payments/verify"), json!({ "reference": reference })).await?;
    match verified["data"]["order"]["id"].as_str() {
        Some(id) if verified["data"]["success"] == true => Ok((id.to_string(), reference)),
        _ => Err(format!("not verified: {verified}")),
    }
}

fn unix_now() -> f64 {
    SystemTime::now().duration_since(UNIX_EPOCH).unwrap().as_secs_f64()
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let [_, base, photo, shoppers, rate, seconds, out] = &args[..] else {
        panic!("usage: standby_burst BASE PHOTO SHOPPERS RATE SECONDS OUT");
    };
    let base = base.trim_end_matches('/').to_string();
    let photo = std::fs::read(photo).expect("a readable photo");
    let (shoppers, rate, seconds): (usize, f64, f64) = (shoppers.parse().unwrap(), rate.parse().unwrap(), seconds.parse().unwrap());
    let mut out = std::fs::File::create(out).expect("the output file");
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    runtime.block_on(async move {
        let featured: Value = reqwest::get(format!("{base}/api/products/featured")).await.unwrap().json().await.unwrap();
        let choices: Vec<Value> = featured
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|p| {
                p["variants"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .filter(|v| v["available"].as_i64().unwrap_or(0) > 1000)
                    .map(|v| json!({ "productId": p["id"], "size": v["size"], "color": v["color"] }))
            })
            .collect();
        assert!(!choices.is_empty(), "no variant with stock for a burst");
        let run = std::process::id();
        let mut clients = Vec::new();
        for n in 0..shoppers {
            let form = reqwest::multipart::Form::new()
                .text("displayName", format!("Burst Shopper {n}"))
                .text("email", format!("burst-{run}-{n}@example.com"))
                .text("password", "burst-pass-1")
                .text("confirmPassword", "burst-pass-1")
                .part("photo", reqwest::multipart::Part::bytes(photo.clone()).file_name("me.jpg"));
            let res = client(None).post(format!("{base}/api/auth/signup")).multipart(form).send().await.unwrap();
            assert!(res.status().is_success(), "signup {n}: {}", res.status());
            let cookies: Vec<String> = res
                .headers()
                .get_all(reqwest::header::SET_COOKIE)
                .iter()
                .filter_map(|v| v.to_str().ok()?.split(';').next().map(str::to_string))
                .collect();
            clients.push(client(Some(&cookies.join("; "))));
        }
        // One ticket per checkout, handed out at the rate; a shopper takes the next when free.
        let total = (rate * seconds) as usize;
        let (tickets, queue) = async_channel(shoppers);
        let started = Instant::now();
        let dispenser = tokio::spawn(async move {
            let mut late = 0;
            for n in 0..total {
                let due = started + Duration::from_secs_f64(n as f64 / rate);
                tokio::time::sleep_until(due.into()).await;
                // Every shopper busy and the queue full: this checkout starts late.
                if tickets.try_send(n).is_err() {
                    late += 1;
                    let _ = tickets.send(n).await;
                }
            }
            late
        });
        let (done_tx, mut done_rx) = tokio::sync::mpsc::unbounded_channel::<Result<(String, String, f64), String>>();
        let mut workers = Vec::new();
        for (n, client) in clients.into_iter().enumerate() {
            let (queue, done_tx, base, choices) = (queue.clone(), done_tx.clone(), base.clone(), choices.clone());
            workers.push(tokio::spawn(async move {
                let mut i = n;
                while let Ok(_ticket) = queue.recv().await {
                    let result = buy_once(&client, &base, &choices[i % choices.len()]).await.map(|(id, r)| (id, r, unix_now()));
                    let _ = done_tx.send(result);
                    i += shoppers;
                }
            }));
        }
        drop(done_tx);
        drop(queue);
        let mut failed = 0;
        let mut first_error = None;
        while let Some(result) = done_rx.recv().await {
            match result {
                Ok((id, reference, done)) => writeln!(out, "{}", json!({ "id": id, "reference": reference, "done": done })).unwrap(),
                Err(e) => {
                    failed += 1;
                    first_error.get_or_insert(e);
                }
            }
        }
        let late = dispenser.await.unwrap();
        writeln!(
            out,
            "{}",
            json!({ "failed": failed, "late": late, "firstError": first_error, "seconds": started.elapsed().as_secs_f64() })
        )
        .unwrap();
    });
}

/// A bounded multi-consumer queue of tickets from tokio's pieces: an mpsc receiver behind a mutex.
fn async_channel(capacity: usize) -> (tokio::sync::mpsc::Sender<usize>, Tickets) {
    let (tx, rx) = tokio::sync::mpsc::channel(capacity.max(1));
    (tx, Tickets(std::sync::Arc::new(tokio::sync::Mutex::new(rx))))
}

#[derive(Clone)]
struct Tickets(std::sync::Arc<tokio::sync::Mutex<tokio::sync::mpsc::Receiver<usize>>>);

impl Tickets {
    async fn recv(&self) -> Result<usize, ()> {
        self.0.lock().await.recv().await.ok_or(())
    }
}
