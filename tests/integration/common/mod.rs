//! Boots the real app on port 0 with a temporary data directory, and drives it like browsers do.

pub mod fake_paystack;

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use ankara::catalog::write::NewProduct;
use ankara::config::Config;
use serde_json::Value;

pub struct TestApp {
    pub state: actix_web::web::Data<ankara::http::AppState>,
    pub dir: tempfile::TempDir,
    /// The first browser; `app.browser()` opens more, each with its own cookies.
    pub main: Browser,
}

/// One browser: its own cookie jar, and the header the shop's pages send with every write.
pub struct Browser {
    pub base: String,
    pub client: reqwest::Client,
}

impl std::ops::Deref for TestApp {
    type Target = Browser;
    fn deref(&self) -> &Browser {
        &self.main
    }
}

pub async fn spawn_app() -> TestApp {
    spawn_with(|_| {}).await
}

pub async fn spawn_empty_app() -> TestApp {
    spawn_with(|c| c.no_demo = true).await
}

pub async fn spawn_with(adjust: impl FnOnce(&mut Config)) -> TestApp {
    let dir = tempfile::tempdir().expect("temp dir");
    let listener = TcpListener::bind("127.0.0.1:0").expect("bind");
    let addr = listener.local_addr().unwrap();
    let mut config = Config::for_data_dir(dir.path().to_path_buf());
    config.listen = addr;
    config.public_url = Some(format!("http://{addr}"));
    config.workers = Some(2);
    // Tests of time move the shop's clock instead of waiting or editing timestamps.
    config.clock = ankara::clock::Clock::shifted();
    adjust(&mut config);
    let state = ankara::app::prepare(config).expect("prepare");
    let server = ankara::app::serve(state.clone(), listener).expect("serve");
    actix_web::rt::spawn(server);
    let main = Browser::new(format!("http://{addr}"));
    TestApp { state, dir, main }
}

/// A path in the checkout, found when the test runs (cargo sets CARGO_MANIFEST_DIR for it): not
/// `env!`, which writes the path the test was built in, and a target directory shared by two
/// checkouts (CI's cache) keeps a test binary built in the other one.
pub fn in_repo(relative: &str) -> PathBuf {
    std::env::var_os("CARGO_MANIFEST_DIR").map_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")), PathBuf::from).join(relative)
}

/// A free port on 127.0.0.1, for a shop started as its own process.
pub fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

/// The `ankara` binary serving `data` on 127.0.0.1:`port`, quietly, with `env` set: a process of
/// its own, to kill mid-flight or to measure.
pub fn start_binary(data: &Path, port: u16, env: &[(&str, &str)]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_ankara"))
        .env("ANKARA_LISTEN", format!("127.0.0.1:{port}"))
        .env("ANKARA_DATA_DIR", data)
        .env("RUST_LOG", "warn")
        .envs(env.iter().copied())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("the ankara binary starts")
}

/// A shop process, killed when dropped: a failing test leaves none running.
pub struct Process(pub Child);

impl Drop for Process {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Waits until the shop at `base` answers its health check.
pub async fn wait_until_up(base: &str) {
    for _ in 0..300 {
        if let Ok(res) = reqwest::get(format!("{base}/api/health")).await
            && res.status() == 200
        {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("the shop did not start at {base}");
}

/// A shop behind a trusted proxy on 127.0.0.1, so tests can speak for many client addresses.
pub async fn spawn_behind_proxy() -> TestApp {
    spawn_with(|c| {
        c.no_demo = true;
        c.trusted_proxies = vec!["127.0.0.1".into()];
    })
    .await
}

/// The reset code in a reset mail's link.
pub fn reset_code(mail: &str) -> String {
    let start = mail.find("oobCode=").expect("a reset link") + "oobCode=".len();
    mail[start..].chars().take_while(|c| c.is_ascii_alphanumeric()).collect()
}

/// A small valid PNG of the given size and colour.
pub fn png(width: u32, height: u32, rgb: [u8; 3]) -> Vec<u8> {
    let picture = image::RgbImage::from_fn(width, height, |x, y| {
        image::Rgb([rgb[0].wrapping_add((x % 7) as u8), rgb[1].wrapping_add((y % 5) as u8), rgb[2]])
    });
    let mut out = std::io::Cursor::new(Vec::new());
    picture.write_to(&mut out, image::ImageFormat::Png).unwrap();
    out.into_inner()
}

pub fn signup_form(name: &str, email: &str, password: &str, confirm: &str, photo: Option<Vec<u8>>) -> reqwest::multipart::Form {
    let mut form = reqwest::multipart::Form::new()
        .text("displayName", name.to_string())
        .text("email", email.to_string())
        .text("password", password.to_string())
        .text("confirmPassword", confirm.to_string());
    if let Some(bytes) = photo {
        form = form.part("photo", reqwest::multipart::Part::bytes(bytes).file_name("me.png"));
    }
    form
}

/// The server closes a connection idle for 5 s (actix's keep-alive). A client that reuses one at
/// that moment has its request cut off (hyper's `IncompleteMessage`): in a 50-way race whose
/// browsers signed up one after another, the first ones' connections had sat idle that long. The
/// test browsers drop a connection idle for 2 s instead of reusing it.
pub const CLIENT_IDLE: std::time::Duration = std::time::Duration::from_secs(2);

impl Browser {
    pub fn new(base: String) -> Browser {
        let mut headers = reqwest::header::HeaderMap::new();
        headers.insert("x-requested-with", reqwest::header::HeaderValue::from_static("ankara"));
        let client = reqwest::Client::builder().cookie_store(true).default_headers(headers).pool_idle_timeout(CLIENT_IDLE).build().unwrap();
        Browser { base, client }
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{}", self.base, path)
    }

    pub async fn get(&self, path: &str) -> reqwest::Response {
        self.client.get(self.url(path)).send().await.expect("request")
    }

    pub async fn get_json(&self, path: &str) -> (u16, Value) {
        let res = self.get(path).await;
        let status = res.status().as_u16();
        (status, res.json().await.unwrap_or(Value::Null))
    }

    pub async fn send_json(&self, method: reqwest::Method, path: &str, body: Value) -> (u16, Value) {
        let res = self.client.request(method, self.url(path)).json(&body).send().await.expect("request");
        let status = res.status().as_u16();
        (status, res.json().await.unwrap_or(Value::Null))
    }

    pub async fn post_json(&self, path: &str, body: Value) -> (u16, Value) {
        self.send_json(reqwest::Method::POST, path, body).await
    }

    /// Signs up a new customer in this browser and returns the session JSON.
    pub async fn signup(&self, name: &str, email: &str, password: &str) -> Value {
        let res = self
            .client
            .post(self.url("/api/auth/signup"))
            .multipart(signup_form(name, email, password, password, Some(png(64, 64, [200, 80, 40]))))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), 200, "signup of {email}");
        res.json().await.unwrap()
    }

    pub async fn login(&self, email: &str, password: &str) -> (u16, Value) {
        self.post_json("/api/auth/login", serde_json::json!({ "email": email, "password": password })).await
    }
}

impl TestApp {
    /// Another, independent browser on the same shop.
    pub fn browser(&self) -> Browser {
        Browser::new(self.main.base.clone())
    }

    /// Moves the shop's clock on by `ms`, as if that much time had passed.
    pub fn advance(&self, ms: i64) {
        self.state.clock.advance(ms);
    }

    /// The shop's clock now (ahead of the system's once advanced).
    pub fn now_ms(&self) -> i64 {
        self.state.clock.now_ms()
    }

    /// Moves the shop's clock past the end of the stock holds of payments started until now: a
    /// payment's lifetime and the margin before its holds go back regardless.
    pub fn pass_holds(&self) {
        self.advance(self.state.config.payment_lifetime_ms() + ankara::payments::FORCED_RELEASE_MS + 1);
    }

    /// Runs SQL against the shop's database (test set-up).
    pub fn sql(&self, sql: &str) {
        self.state.db.with_conn(|c| Ok(c.execute_batch(sql)?)).unwrap();
    }

    pub fn query_i64(&self, sql: &str) -> i64 {
        self.state.db.with_conn(|c| Ok(c.query_row(sql, [], |r| r.get(0))?)).unwrap()
    }

    /// A new browser signed in as a member of staff with `role` (its token refreshed to carry it).
    pub async fn staff(&self, email: &str, role: &str) -> Browser {
        let browser = self.browser();
        browser.signup("Staff Person", email, "staff-pass-1").await;
        self.sql(&format!("UPDATE users SET role = '{role}' WHERE email = '{email}'"));
        assert_eq!(browser.post_json("/api/auth/refresh", serde_json::Value::Null).await.0, 200);
        browser
    }

    /// Makes an existing user an admin directly in the database; it shows after a refresh.
    pub fn make_admin(&self, email: &str) {
        self.sql(&format!("UPDATE users SET role = 'owner' WHERE email = '{email}'"));
    }

    /// A browser signed in as a fresh admin.
    pub async fn admin_browser(&self, email: &str) -> Browser {
        let browser = self.browser();
        browser.signup("Admin Person", email, "admin-pass-1").await;
        self.make_admin(email);
        let (status, _) = browser.post_json("/api/auth/refresh", Value::Null).await;
        assert_eq!(status, 200);
        browser
    }

    /// The newest message in the mail outbox.
    pub fn last_mail(&self) -> String {
        let outbox = self.dir.path().join("outbox");
        let mut files: Vec<_> = std::fs::read_dir(&outbox).unwrap().map(|e| e.unwrap().path()).collect();
        files.sort();
        std::fs::read_to_string(files.last().expect("a mail in the outbox")).unwrap()
    }
}

impl TestApp {
    /// Adds a product through the catalogue's one write path, then lets index and cache follow.
    pub fn add_product(&self, id: &str, product: NewProduct) {
        self.state
            .catalogue
            .write_now(|tx| {
                let id = id.into();
                ankara::catalog::write::insert_product(tx, &id, &product, ankara::db::now_ms())?;
                Ok(((), ankara::catalog::write::Changes::product(&id)))
            })
            .unwrap();
    }
}

/// A product to add: `name` in `collection` at `price_kobo`, described as "A fine thing.".
pub fn product(name: &str, collection: &str, price_kobo: i64) -> NewProduct {
    NewProduct::new(collection, name, "A fine thing.", ankara::money::Kobo::new(price_kobo))
}

/// The same product with a category, sizes and colours.
pub fn product_with(name: &str, collection: &str, price_kobo: i64, category: &str, sizes: &[&str], colors: &[&str]) -> NewProduct {
    let owned = |list: &[&str]| list.iter().map(|s| s.to_string()).collect();
    NewProduct { category: Some(category.into()), sizes: owned(sizes), colors: owned(colors), ..product(name, collection, price_kobo) }
}
