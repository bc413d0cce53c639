//! Load generator for the hardening benchmark (bench/attack.sh runs it): what anonymous visitors
//! can make the server spend, measured as the server's peak memory (VmHWM, reset between phases)
//! and the home page's featured products latency while it happens.
//! Usage: attack_load BASE_URL SERVER_PID
//! The server must allow many sign-ups from one address (ANKARA_SIGNUPS_PER_HOUR).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use serde_json::json;

fn client() -> reqwest::Client {
    let mut headers = reqwest::header::HeaderMap::new();
    headers.insert("x-requested-with", reqwest::header::HeaderValue::from_static("ankara"));
    reqwest::Client::builder().cookie_store(true).default_headers(headers).build().unwrap()
}

/// A lossless WebP of `side` x `side` pixels: a few kilobytes that decode into side² x 4 bytes.
fn webp_bomb(side: u32) -> Vec<u8> {
    let picture = image::RgbaImage::from_fn(side, side, |x, y| image::Rgba([(x / 64) as u8, (y / 64) as u8, 90, 255]));
    let mut out = Vec::new();
    image::codecs::webp::WebPEncoder::new_lossless(&mut out).encode(picture.as_raw(), side, side, image::ExtendedColorType::Rgba8).unwrap();
    out
}

fn small_png() -> Vec<u8> {
    let picture = image::RgbImage::from_fn(96, 96, |x, y| image::Rgb([x as u8, y as u8, 120]));
    let mut out = std::io::Cursor::new(Vec::new());
    picture.write_to(&mut out, image::ImageFormat::Png).unwrap();
    out.into_inner()
}

fn signup_form(email: &str, password: &str, photo: &[u8], file_name: &str) -> reqwest::multipart::Form {
    reqwest::multipart::Form::new()
        .text("displayName", "Load Tester")
        .text("email", email.to_string())
        .text("password", password.to_string())
        .text("confirmPassword", password.to_string())
        .part("photo", reqwest::multipart::Part::bytes(photo.to_vec()).file_name(file_name.to_string()))
}

fn status_kb(pid: &str, field: &str) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status.lines().find(|l| l.starts_with(field)).and_then(|l| l.split_whitespace().nth(1)).and_then(|v| v.parse().ok()).unwrap_or(0)
}

/// Resets the server's peak-memory mark, so each phase reports its own peak.
fn reset_peak(pid: &str) {
    let _ = std::fs::write(format!("/proc/{pid}/clear_refs"), "5");
}

/// Requests /api/products/featured one after another until `stop` is set; returns the latencies.
async fn watch_featured(base: String, stop: Arc<AtomicBool>) -> Vec<Duration> {
    let client = reqwest::Client::new();
    let mut latencies = Vec::new();
    while !stop.load(Ordering::Relaxed) {
        let t0 = Instant::now();
        if client.get(format!("{base}/api/products/featured")).send().await.and_then(|r| r.error_for_status()).is_ok() {
            latencies.push(t0.elapsed());
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    latencies
}

fn p99_ms(mut latencies: Vec<Duration>) -> f64 {
    latencies.sort();
    latencies.get((latencies.len() * 99 / 100).min(latencies.len().saturating_sub(1))).map_or(0.0, |d| d.as_secs_f64() * 1000.0)
}

/// Runs 16 sign-ups with `photo` at once while watching the home page; prints the outcome.
async fn parallel_signups(base: &str, pid: &str, label: &str, photo: &[u8], run: u32) {
    reset_peak(pid);
    let stop = Arc::new(AtomicBool::new(false));
    let watcher = tokio::spawn(watch_featured(base.to_string(), stop.clone()));
    let t0 = Instant::now();
    let signups = (0..16).map(|n| {
        let form = signup_form(&format!("bomb-{run}-{n}@example.com"), "load-pass-1", photo, "me.webp");
        let url = format!("{base}/api/auth/signup");
        async move { client().post(url).multipart(form).send().await.map(|r| r.status().as_u16()).unwrap_or(0) }
    });
    let statuses = futures_util::future::join_all(signups).await;
    let elapsed = t0.elapsed();
    stop.store(true, Ordering::Relaxed);
    let featured = watcher.await.unwrap_or_default();
    let mut answers = std::collections::BTreeMap::new();
    for s in statuses {
        *answers.entry(s).or_insert(0) += 1;
    }
    println!(
        "16 parallel sign-ups with a {label} ({} bytes): answers {answers:?} in {:.2} s; server peak memory VmHWM {} MB; \
         /api/products/featured meanwhile: {} requests, p99 {:.1} ms",
        photo.len(),
        elapsed.as_secs_f64(),
        status_kb(pid, "VmHWM:") / 1024,
        featured.len(),
        p99_ms(featured)
    );
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let base = args.get(1).expect("BASE_URL").trim_end_matches('/').to_string();
    let pid = args.get(2).expect("SERVER_PID").clone();
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    let run = std::process::id();
    runtime.block_on(async move {
        println!("server memory at start: VmRSS {} MB", status_kb(&pid, "VmRSS:") / 1024);
        parallel_signups(&base, &pid, "6320x6320 lossless WebP (the issue's bomb)", &webp_bomb(6320), run).await;
        parallel_signups(&base, &pid, "4000x4000 lossless WebP (16 MP: decoded)", &webp_bomb(4000), run + 1).await;

        // 200 accounts, then 200 logins at once, each with its own correct password.
        let photo = small_png();
        let mut accounts = Vec::new();
        for n in 0..200 {
            let email = format!("login-{run}-{n}@example.com");
            let form = signup_form(&email, "load-pass-1", &photo, "me.png");
            let res = client().post(format!("{base}/api/auth/signup")).multipart(form).send().await.unwrap();
            assert!(res.status().is_success(), "signup {n}: {}", res.status());
            accounts.push(email);
        }
        reset_peak(&pid);
        let t0 = Instant::now();
        let logins = accounts.iter().map(|email| {
            let url = format!("{base}/api/auth/login");
            let body = json!({ "email": email, "password": "load-pass-1" });
            async move { client().post(url).json(&body).send().await.map(|r| r.status().as_u16()).unwrap_or(0) }
        });
        let statuses = futures_util::future::join_all(logins).await;
        let ok = statuses.iter().filter(|s| **s == 200).count();
        println!(
            "200 parallel logins: {ok} signed in, {} other answers, in {:.2} s; server peak memory VmHWM {} MB",
            statuses.len() - ok,
            t0.elapsed().as_secs_f64(),
            status_kb(&pid, "VmHWM:") / 1024
        );
    });
}
