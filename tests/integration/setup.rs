//! Issue 42: the first-run setup (a one-time code, throttled, gone once an owner exists, one owner
//! out of two setups at once) and the owner's keys and addresses (checked with Paystack — here
//! the built-in sandbox, which answers as Paystack does — masked, 0600, owners only).

use serde_json::{Value, json};

use crate::common::{Browser, TestApp, spawn_behind_proxy, spawn_with};

/// A secret key of Paystack's shape (the sandbox knows every such key).
const SECRET: &str = "sk_test_0123456789abcdef0123456789abcdef01234567";
const PUBLIC: &str = "pk_test_0123456789abcdef0123456789abcdef01234567";

/// An empty shop whose Paystack is the built-in sandbox, checking keys as Paystack would.
async fn new_shop() -> TestApp {
    spawn_with(|c| {
        c.no_demo = true;
        c.paystack_base_url = ankara::paystack::SANDBOX_BASE.into();
        // Not the operator's: the owner sets it (the default is the listening address).
        c.public_url = None;
    })
    .await
}

fn code(app: &TestApp) -> String {
    std::fs::read_to_string(app.dir.path().join(ankara::setup::CODE_FILE)).expect("a shop without an owner has a setup code").trim().into()
}

fn form(code: &str, email: &str) -> Value {
    json!({
        "code": code, "shopName": "Adire House", "ownerName": "Ngozi Okafor", "email": email,
        "password": "owner-pass-1", "catalogue": "empty",
    })
}

fn owners(app: &TestApp) -> i64 {
    app.query_i64("SELECT COUNT(*) FROM users WHERE role = 'owner'")
}

#[actix_web::test]
async fn a_new_shop_sends_its_home_page_to_setup_which_needs_the_code() {
    let app = new_shop().await;
    let no_redirects = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
    let home = no_redirects.get(app.url("/")).send().await.unwrap();
    assert_eq!(home.status(), 303);
    assert_eq!(home.headers()["location"], "/setup");
    assert_eq!(app.get("/setup").await.status(), 200);
    assert_eq!(app.get_json("/api/setup").await.0, 200);

    let (status, body) = app.post_json("/api/setup", form("", "ngozi@example.com")).await;
    assert_eq!(status, 403, "{body}");
    let (status, body) = app.post_json("/api/setup", form("ABCD-EFGH-JKMN", "ngozi@example.com")).await;
    assert_eq!(status, 403, "{body}");
    assert!(body["message"].as_str().unwrap().contains("ankara setup-code"), "{body}");
    assert_eq!(owners(&app), 0);

    // The code as people retype it: lower case, spaces for dashes.
    let typed = code(&app).to_lowercase().replace('-', " ");
    let (status, session) = app.post_json("/api/setup", form(&typed, "Ngozi@Example.com")).await;
    assert_eq!(status, 200, "{session}");
    assert_eq!(session["user"]["role"], "owner");
    assert_eq!(session["user"]["email"], "ngozi@example.com");
    assert_eq!(owners(&app), 1);
    assert!(!app.dir.path().join(ankara::setup::CODE_FILE).exists(), "the code is spent");
    // Signed in as the owner at once: the back office answers.
    assert_eq!(app.get_json("/api/admin/keys").await.0, 200);

    // Gone for good.
    assert_eq!(app.get("/setup").await.status(), 404);
    assert_eq!(app.get_json("/api/setup").await.0, 404);
    let (status, _) = app.browser().post_json("/api/setup", form(&typed, "other@example.com")).await;
    assert_eq!(status, 404);
    let home = no_redirects.get(app.url("/")).send().await.unwrap();
    assert_eq!(home.status(), 200, "an empty shop with an owner shows its home page");
    let stored = ankara::keys::load(app.dir.path()).unwrap();
    // The name is the shop's identity's (the back office's Shop identity), not a key's.
    assert_eq!(stored.shop_name, None);
    let identity = app.state.db.with_conn(|c| Ok(ankara::brand::published(c)?)).unwrap().identity;
    assert_eq!(identity.name, "Adire House");
    assert_eq!(stored.shop_email.as_deref(), Some("ngozi@example.com"));
}

#[actix_web::test]
async fn the_demo_shop_keeps_its_home_page_and_its_setup_stays_open() {
    let app = spawn_with(|_| {}).await;
    let no_redirects = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
    assert_eq!(no_redirects.get(app.url("/")).send().await.unwrap().status(), 200);
    assert_eq!(app.get("/setup").await.status(), 200, "the demo has no owner: its log prints a code");
}

#[actix_web::test]
async fn wrong_codes_are_throttled_per_address_even_before_the_right_one() {
    let app = spawn_behind_proxy().await;
    let from = |address: &str| {
        let browser = Browser::new(app.base.clone());
        (browser, address.to_string())
    };
    let (guesser, address) = from("203.0.113.7");
    let post = |browser: &Browser, address: &str, code: &str| {
        let request = browser.client.post(browser.url("/api/setup")).header("x-forwarded-for", address).json(&form(code, "g@example.com"));
        async move { request.send().await.unwrap().status().as_u16() }
    };
    for _ in 0..5 {
        assert_eq!(post(&guesser, &address, "WRONG-CODE-0000").await, 403);
    }
    assert_eq!(post(&guesser, &address, "WRONG-CODE-0000").await, 429);
    assert_eq!(post(&guesser, &address, &code(&app)).await, 429, "a locked-out address may not try even the right code");
    assert_eq!(owners(&app), 0);
    // Another address is not held back by the first.
    let (other, elsewhere) = from("198.51.100.9");
    assert_eq!(post(&other, &elsewhere, &code(&app)).await, 200);
    assert_eq!(owners(&app), 1);
}

#[actix_web::test]
async fn fifty_wrong_codes_in_all_replace_the_code() {
    let app = spawn_behind_proxy().await;
    let before = code(&app);
    for n in 0..ankara::setup::WRONG_CODES_BEFORE_NEW {
        let res = app
            .client
            .post(app.url("/api/setup"))
            .header("x-forwarded-for", format!("198.18.{}.{}", n / 200, n % 200 + 1))
            .json(&form("WRONG-CODE-0000", "g@example.com"))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), 403);
    }
    assert_ne!(code(&app), before, "the guessed-at code was replaced");
    let (status, _) = app.post_json("/api/setup", form(&before, "late@example.com")).await;
    assert_eq!(status, 403, "the old code opens nothing");
}

#[actix_web::test]
async fn two_setups_at_once_make_exactly_one_owner() {
    let app = new_shop().await;
    let code = code(&app);
    let attempts: Vec<_> = (0..8)
        .map(|n| {
            let browser = app.browser();
            let body = form(&code, &format!("owner{n}@example.com"));
            actix_web::rt::spawn(async move { browser.post_json("/api/setup", body).await.0 })
        })
        .collect();
    let mut statuses = Vec::new();
    for attempt in attempts {
        statuses.push(attempt.await.unwrap());
    }
    assert_eq!(statuses.iter().filter(|s| **s == 200).count(), 1, "{statuses:?}");
    assert!(statuses.iter().all(|s| *s == 200 || *s == 404), "{statuses:?}");
    assert_eq!(owners(&app), 1);
}

#[actix_web::test]
async fn setup_keys_are_checked_with_paystack_and_stored_masked_for_the_owner_only() {
    let app = new_shop().await;
    let mut body = form(&code(&app), "ngozi@example.com");
    body["paystack"] = json!({ "publicKey": PUBLIC, "secretKey": "sk_test_nope" });
    let (status, refused) = app.post_json("/api/setup", body.clone()).await;
    assert_eq!(status, 400, "{refused}");
    assert!(refused["message"].as_str().unwrap().contains("revoked"), "{refused}");
    assert_eq!(owners(&app), 0, "nothing is made when a key is refused");
    body["paystack"] = json!({ "publicKey": PUBLIC, "secretKey": SECRET.replace("sk_test_", "sk_live_") });
    let (status, mixed) = app.post_json("/api/setup", body.clone()).await;
    assert_eq!(status, 400);
    assert!(mixed["message"].as_str().unwrap().contains("test key and the secret key a live key"), "{mixed}");
    body["paystack"] = json!({ "publicKey": SECRET, "secretKey": SECRET });
    let (status, wrong) = app.post_json("/api/setup", body.clone()).await;
    assert_eq!(status, 400);
    assert!(wrong["message"].as_str().unwrap().contains("secret key in the public key's box"), "{wrong}");

    body["paystack"] = json!({ "publicKey": PUBLIC, "secretKey": SECRET });
    let (status, session) = app.post_json("/api/setup", body).await;
    assert_eq!(status, 200, "{session}");
    let file = app.dir.path().join(ankara::keys::FILE);
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        assert_eq!(std::fs::metadata(&file).unwrap().permissions().mode() & 0o777, 0o600);
    }
    assert!(std::fs::read_to_string(&file).unwrap().contains(SECRET), "the secret is kept in the data directory");

    // The keys screen after a change shows the secret masked: never in full.
    let (status, keys) =
        app.send_json(reqwest::Method::PUT, "/api/admin/keys/paystack", json!({ "publicKey": PUBLIC, "secretKey": SECRET })).await;
    assert_eq!(status, 200, "{keys}");
    assert_eq!(keys["paystack"]["mode"], "test");
    assert_eq!(keys["paystack"]["secretKey"], "sk_test_••••••••4567");
    assert_eq!(keys["paystack"]["source"], "shop");
    assert!(!keys.to_string().contains(SECRET));
    assert!(keys["paystack"]["webhookUrl"].as_str().unwrap().ends_with("/api/payments/webhook"));
    let (status, refused) = app
        .send_json(reqwest::Method::PUT, "/api/admin/keys/paystack", json!({ "publicKey": PUBLIC, "secretKey": "sk_test_revoked" }))
        .await;
    assert_eq!(status, 400);
    assert!(refused["message"].as_str().unwrap().starts_with("Paystack refused this secret key"), "{refused}");

    // Addresses: checked, saved, the SMTP password masked.
    let (status, keys) = app
        .send_json(
            reqwest::Method::PUT,
            "/api/admin/keys/addresses",
            json!({ "publicUrl": "https://adire.example.com/", "smtpUrl": "smtps://shop:hunter22@smtp.example.com:465" }),
        )
        .await;
    assert_eq!(status, 200, "{keys}");
    assert_eq!(keys["publicUrl"]["value"], "https://adire.example.com");
    assert_eq!(keys["smtpUrl"]["value"], "smtps://shop:••••••••@smtp.example.com:465");
    assert!(keys.get("whatsappNumber").is_none(), "the WhatsApp number is the identity's (Shop identity), not a key");
    assert!(!keys.to_string().contains("hunter22"));
    let (status, bad) = app.send_json(reqwest::Method::PUT, "/api/admin/keys/addresses", json!({ "publicUrl": "shop.example.com" })).await;
    assert_eq!(status, 400, "{bad}");

    // Managers and packers may not even look.
    for role in ["manager", "packer"] {
        let staff = app.staff(&format!("{role}@example.com"), role).await;
        assert_eq!(staff.get_json("/api/admin/keys").await.0, 403, "{role}");
        let (status, _) =
            staff.send_json(reqwest::Method::PUT, "/api/admin/keys/paystack", json!({ "publicKey": PUBLIC, "secretKey": SECRET })).await;
        assert_eq!(status, 403, "{role}");
        assert_eq!(staff.post_json("/api/admin/keys/test-mail", json!({})).await.0, 403, "{role}");
    }
    assert_eq!(app.browser().get_json("/api/admin/keys").await.0, 401);
}

#[actix_web::test]
async fn keys_set_by_the_operator_win_and_the_screen_says_so() {
    let app = spawn_with(|c| {
        c.no_demo = true;
        c.public_url = Some(c.public_url.clone().unwrap());
    })
    .await;
    let owner = app.admin_browser("owner@example.com").await;
    let (status, keys) = owner.get_json("/api/admin/keys").await;
    assert_eq!(status, 200);
    assert_eq!(keys["publicUrl"]["source"], "server");
    assert_eq!(keys["publicUrl"]["variable"], "ANKARA_PUBLIC_URL");
    assert_eq!(keys["paystack"]["mode"], "sandbox");
    assert_eq!(keys["version"], env!("CARGO_PKG_VERSION"));
    let (status, refused) =
        owner.send_json(reqwest::Method::PUT, "/api/admin/keys/addresses", json!({ "publicUrl": "https://elsewhere.example.com" })).await;
    assert_eq!(status, 409, "{refused}");
    assert!(refused["message"].as_str().unwrap().contains("ANKARA_PUBLIC_URL"));
}

/// The test mail goes through the mail server being typed, and its refusal comes back in words.
#[actix_web::test]
async fn a_test_mail_to_a_server_that_is_not_there_says_why() {
    let app = spawn_with(|c| c.no_demo = true).await;
    let owner = app.admin_browser("owner@example.com").await;
    let (status, body) = owner.post_json("/api/admin/keys/test-mail", json!({})).await;
    assert_eq!(status, 400, "no mail server yet: {body}");
    let closed = crate::common::free_port();
    let (status, body) = owner.post_json("/api/admin/keys/test-mail", json!({ "smtpUrl": format!("smtp://127.0.0.1:{closed}") })).await;
    assert_eq!(status, 502, "{body}");
    assert!(body["message"].as_str().unwrap().contains("the mail server did not take it"), "{body}");
}

/// Operators write 1/0 and yes/no in their environment files.
#[actix_web::test]
async fn on_off_variables_take_1_and_yes() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_ankara"))
        .args(["caddyfile", "--domain", "shop.example.ng"])
        .env("ANKARA_NO_DEMO", "1")
        .env("ANKARA_LITESTREAM", "no")
        .env("ANKARA_IMPORT_PRIVATE_URLS", "0")
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("shop.example.ng {") && text.contains("reverse_proxy 127.0.0.1:8080"), "{text}");
    assert!(!text.contains("example.com"), "no example names are left: {text}");
}
