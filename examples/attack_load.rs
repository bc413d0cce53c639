//! Load generator for the hardening benchmark (bench/attack.sh runs it): what visitors and
//! customers can make the server spend, measured as the server's peak memory (VmHWM, reset
//! between phases) and the home page's featured products latency while it happens.
//! Usage: attack_load BASE_URL SERVER_PID PROGRESSIVE.jpg CMYK_PROGRESSIVE.jpg
//! The server must allow many sign-ups and uploads from one address (ANKARA_SIGNUPS_PER_HOUR,
//! ANKARA_UPLOADS_PER_ADDRESS); the pictures are 4000x4000 JPEGs (bench/attack.sh draws them).

use std::io::{Read, Write};
use std::net::TcpStream;
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

/// A PNG of noise: `side`² x 3 bytes that no compression shrinks, so a 9.9 MB photo body is a real
/// picture (of 3.3 megapixels).
fn noise_png(side: u32) -> Vec<u8> {
    let mut seed = 0x2545F4914F6CDD1Du64;
    let picture = image::RgbImage::from_fn(side, side, |_, _| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        image::Rgb([seed as u8, (seed >> 8) as u8, (seed >> 16) as u8])
    });
    let mut out = std::io::Cursor::new(Vec::new());
    picture.write_to(&mut out, image::ImageFormat::Png).unwrap();
    out.into_inner()
}

/// Signs up a customer and returns the session cookie (`name=value`).
async fn customer_cookie(base: &str, email: &str, photo: &[u8]) -> String {
    let form = signup_form(email, "load-pass-1", photo, "me.png");
    let res = client().post(format!("{base}/api/auth/signup")).multipart(form).send().await.unwrap();
    assert!(res.status().is_success(), "signup of {email}: {}", res.status());
    let cookie = res.headers().get_all("set-cookie").iter().filter_map(|v| v.to_str().ok()).find(|c| c.starts_with("ankara_session="));
    cookie.expect("a session cookie").split(';').next().unwrap().to_string()
}

/// A profile update sent by hand, as a phone on a slow line would: the head at once, then the
/// body (a name and `photo`) in a hundred pieces over `seconds`. Returns the answer's status, 0
/// when none came.
fn slow_profile_update(host: &str, cookie: &str, photo: &[u8], seconds: f64) -> u16 {
    let Ok(mut stream) = TcpStream::connect(host) else { return 0 };
    let boundary = "slow-upload-boundary";
    let mut body = format!("--{boundary}\r\nContent-Disposition: form-data; name=\"displayName\"\r\n\r\nSlow Sender\r\n").into_bytes();
    body.extend(
        format!("--{boundary}\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"p.png\"\r\nContent-Type: image/png\r\n\r\n")
            .as_bytes(),
    );
    body.extend(photo);
    body.extend(format!("\r\n--{boundary}--\r\n").as_bytes());
    let head = format!(
        "PATCH /api/account HTTP/1.1\r\nHost: {host}\r\nX-Requested-With: ankara\r\nCookie: {cookie}\r\n\
         Content-Type: multipart/form-data; boundary={boundary}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    if stream.write_all(head.as_bytes()).is_err() {
        return 0;
    }
    for piece in body.chunks(body.len().div_ceil(100)) {
        // A refused upload is answered from its head; the server may close before the body is sent.
        if stream.write_all(piece).is_err() {
            break;
        }
        std::thread::sleep(Duration::from_secs_f64(seconds / 100.0));
    }
    let _ = stream.set_read_timeout(Some(Duration::from_secs(60)));
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer);
    String::from_utf8_lossy(&answer).split(' ').nth(1).and_then(|s| s.parse().ok()).unwrap_or(0)
}

/// Runs `attack` (which answers the statuses of its requests) while watching the home page, with
/// the server's peak memory reset first; answers the statuses counted, the time taken and the
/// featured products' latencies.
async fn watched(
    base: &str,
    pid: &str,
    attack: impl std::future::Future<Output = Vec<u16>>,
) -> (std::collections::BTreeMap<u16, usize>, Duration, Vec<Duration>) {
    reset_peak(pid);
    let stop = Arc::new(AtomicBool::new(false));
    let watcher = tokio::spawn(watch_featured(base.to_string(), stop.clone()));
    let t0 = Instant::now();
    let statuses = attack.await;
    let elapsed = t0.elapsed();
    stop.store(true, Ordering::Relaxed);
    let featured = watcher.await.unwrap_or_default();
    let mut answers = std::collections::BTreeMap::new();
    for s in statuses {
        *answers.entry(s).or_insert(0) += 1;
    }
    (answers, elapsed, featured)
}

/// 60 profile updates with `photo` held open for about 12 s each, by the customers of `cookies`
/// (60 for one customer, or one each), while watching the home page; prints the outcome.
async fn held_open_updates(base: &str, pid: &str, label: &str, cookies: Vec<String>, photo: Arc<Vec<u8>>) {
    let host = base.trim_start_matches("http://").to_string();
    let senders: Vec<_> = cookies
        .into_iter()
        .map(|cookie| {
            let (host, photo) = (host.clone(), photo.clone());
            std::thread::spawn(move || slow_profile_update(&host, &cookie, &photo, 12.0))
        })
        .collect();
    let all_answered =
        async { tokio::task::spawn_blocking(move || senders.into_iter().map(|s| s.join().unwrap_or(0)).collect()).await.unwrap() };
    let (answers, elapsed, featured) = watched(base, pid, all_answered).await;
    println!(
        "60 parallel PATCH /api/account, {label}, {:.1} MB photo bodies sent over 12 s: answers {answers:?} in {:.1} s; \
         server peak memory VmHWM {} MB; /api/products/featured meanwhile: {} requests, p99 {:.1} ms",
        photo.len() as f64 / 1e6,
        elapsed.as_secs_f64(),
        status_kb(pid, "VmHWM:") / 1024,
        featured.len(),
        p99_ms(featured)
    );
}

/// Runs 16 sign-ups with `photo` at once while watching the home page; prints the outcome.
async fn parallel_signups(base: &str, pid: &str, label: &str, photo: &[u8], run: u32) {
    let signups = (0..16).map(|n| {
        let form = signup_form(&format!("bomb-{run}-{n}@example.com"), "load-pass-1", photo, "me.webp");
        let url = format!("{base}/api/auth/signup");
        async move { client().post(url).multipart(form).send().await.map(|r| r.status().as_u16()).unwrap_or(0) }
    });
    let (answers, elapsed, featured) = watched(base, pid, futures_util::future::join_all(signups)).await;
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
    let progressive = std::fs::read(args.get(3).expect("PROGRESSIVE.jpg")).expect("the progressive JPEG");
    let cmyk = std::fs::read(args.get(4).expect("CMYK_PROGRESSIVE.jpg")).expect("the CMYK progressive JPEG");
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    let run = std::process::id();
    runtime.block_on(async move {
        println!("server memory at start: VmRSS {} MB", status_kb(&pid, "VmRSS:") / 1024);
        parallel_signups(&base, &pid, "6320x6320 lossless WebP (the issue's bomb)", &webp_bomb(6320), run).await;
        parallel_signups(&base, &pid, "4000x4000 lossless WebP (16 MP: decoded)", &webp_bomb(4000), run + 1).await;
        parallel_signups(&base, &pid, "4000x4000 progressive JPEG", &progressive, run + 2).await;
        parallel_signups(&base, &pid, "4000x4000 CMYK progressive JPEG", &cmyk, run + 3).await;

        // One customer holding 60 slow uploads open, then 60 customers holding one each.
        let photo = Arc::new(noise_png(1816));
        let small = small_png();
        let one = customer_cookie(&base, &format!("slow-{run}@example.com"), &small).await;
        held_open_updates(&base, &pid, "one customer", vec![one; 60], photo.clone()).await;
        let mut many = Vec::new();
        for n in 0..60 {
            many.push(customer_cookie(&base, &format!("slow-{run}-{n}@example.com"), &small).await);
        }
        held_open_updates(&base, &pid, "60 customers, one each", many, photo).await;

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
        let mut others = std::collections::BTreeMap::new();
        for s in statuses.iter().filter(|s| **s != 200) {
            *others.entry(*s).or_insert(0) += 1;
        }
        println!(
            "200 parallel logins: {ok} signed in, other answers {others:?}, in {:.2} s; server peak memory VmHWM {} MB",
            t0.elapsed().as_secs_f64(),
            status_kb(&pid, "VmHWM:") / 1024
        );
    });
}
