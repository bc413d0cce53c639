//! Accounts, sessions and roles: signup, login, limits, logout, refresh, reset, profile, admin.

use crate::common::{Browser, png, reset_code, signup_form, spawn_empty_app};
use serde_json::{Value, json};

async fn signup_status(app: &Browser, form: reqwest::multipart::Form) -> (u16, Value) {
    let res = app.client.post(app.url("/api/auth/signup")).multipart(form).send().await.unwrap();
    let status = res.status().as_u16();
    (status, res.json().await.unwrap_or(Value::Null))
}

#[actix_web::test]
async fn signup_creates_a_signed_in_customer_with_a_stored_photo() {
    let app = spawn_empty_app().await;
    let session = app.signup("Ada Obi", "Ada@Example.com", "secret1").await;
    let user = &session["user"];
    assert_eq!(user["displayName"], "Ada Obi");
    assert_eq!(user["email"], "ada@example.com");
    assert_eq!(user["admin"], false);
    assert!(user["phoneNumber"].is_null());
    let uid = user["uid"].as_str().unwrap();
    let photo = user["photoURL"]["url"].as_str().unwrap();
    assert!(photo.starts_with(&format!("/media/profileImages/{uid}/")), "{photo}");
    assert_eq!(app.get(photo).await.status(), 200);
    assert!(session["expiresAt"].as_i64().unwrap() > ankara::db::now_ms() + 50 * 60 * 1000);
    let text = session.to_string();
    assert!(!text.contains("argon2") && !text.contains("password"), "no secrets in {text}");

    let (_, again) = app.get_json("/api/session").await;
    assert_eq!(again["user"]["uid"], uid);
    let html = app.get("/myaccount").await.text().await.unwrap();
    assert!(html.contains(uid), "the session is embedded in the page");
}

#[actix_web::test]
async fn signup_rules_and_messages() {
    let app = spawn_empty_app().await;
    let photo = || Some(png(32, 32, [10, 20, 30]));
    let cases = [
        (signup_form("", "a@b.co", "secret1", "secret1", photo()), "Please fill all the fields and upload a valid profile picture."),
        (signup_form("Ada", "a@b.co", "secret1", "secret1", None), "Please fill all the fields and upload a valid profile picture."),
        (signup_form("Ada", "not-an-email", "secret1", "secret1", photo()), "Please enter a valid email address."),
        (signup_form("Ada", "a@b.co", "12345", "12345", photo()), "Password must be at least 6 characters long."),
        (signup_form("Ada", "a@b.co", "secret1", "secret2", photo()), "Passwords do not match."),
        (
            signup_form("Ada", "a@b.co", "secret1", "secret1", Some(b"just text pretending to be a jpg".to_vec())),
            "Selected file must be an image.",
        ),
        (
            signup_form(
                "Ada",
                "a@b.co",
                "secret1",
                "secret1",
                Some(b"<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>".to_vec()),
            ),
            "Selected file must be an image.",
        ),
    ];
    for (form, message) in cases {
        let (status, body) = signup_status(&app, form).await;
        assert_eq!(status, 400, "{message}");
        assert_eq!(body["message"], message);
    }
    assert_eq!(app.query_i64("SELECT COUNT(*) FROM users"), 0, "nothing was created");

    app.signup("Ada", "ada@example.com", "secret1").await;
    let other = app.browser();
    let (status, body) = signup_status(&other, signup_form("Ada 2", "ADA@example.com", "secret1", "secret1", photo())).await;
    assert_eq!(status, 409);
    assert_eq!(body["message"], "The email address is already in use by another account.");
    assert_eq!(app.query_i64("SELECT COUNT(*) FROM users"), 1);
    let profile_dirs = std::fs::read_dir(app.dir.path().join("media/profileImages")).unwrap().count();
    assert_eq!(profile_dirs, 1, "the refused signup left no files");
}

#[actix_web::test]
async fn login_messages_word_for_word() {
    let app = spawn_empty_app().await;
    app.signup("Ada", "ada@example.com", "secret1").await;
    let other = app.browser();
    let (status, body) = other.login("nobody@example.com", "secret1").await;
    assert_eq!((status, body["message"].as_str().unwrap()), (401, "No account found with this email."));
    let (status, body) = other.login("ada@example.com", "wrong-one").await;
    assert_eq!((status, body["message"].as_str().unwrap()), (401, "Incorrect password."));
    let (status, body) = other.login("ada-at-example", "secret1").await;
    assert_eq!((status, body["message"].as_str().unwrap()), (401, "Invalid email address."));
    let (status, _) = other.login("", "").await;
    assert_eq!(status, 400);
    let (status, body) = other.login("  ADA@example.com ", " secret1 ").await;
    assert_eq!(status, 200, "trimmed and case-insensitive: {body}");
    assert_eq!(body["user"]["email"], "ada@example.com");
}

#[actix_web::test]
async fn brute_force_reaches_the_limit() {
    let app = spawn_empty_app().await;
    app.signup("Ada", "ada@example.com", "secret1").await;
    let attacker = app.browser();
    for _ in 0..5 {
        let (status, _) = attacker.login("ada@example.com", "guess").await;
        assert_eq!(status, 401);
    }
    let (status, body) = attacker.login("ada@example.com", "secret1").await;
    assert_eq!(status, 429);
    assert_eq!(body["message"], "Too many failed login attempts. Please try again later.");
}

#[actix_web::test]
async fn logout_revokes_the_token_even_when_replayed() {
    let app = spawn_empty_app().await;
    app.signup("Ada", "ada@example.com", "secret1").await;
    let token = app.state.db.with_conn(|c| Ok(c.query_row("SELECT id FROM sessions", [], |r| r.get::<_, String>(0))?)).unwrap();
    assert!(!token.is_empty());
    // Capture the cookie as a thief would, then log out.
    let res = app.client.post(app.url("/api/auth/refresh")).send().await.unwrap();
    let cookie = res.headers().get("set-cookie").unwrap().to_str().unwrap().to_string();
    assert!(cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax"), "{cookie}");
    let stolen = cookie.split(';').next().unwrap().to_string();
    let (status, body) = app.post_json("/api/auth/logout", Value::Null).await;
    assert_eq!(status, 200);
    assert!(body["user"].is_null());
    let (_, session) = app.get_json("/api/session").await;
    assert!(session["user"].is_null());

    let replay = reqwest::Client::new()
        .post(app.url("/api/auth/refresh"))
        .header("cookie", stolen)
        .header("x-requested-with", "ankara")
        .send()
        .await
        .unwrap();
    assert_eq!(replay.status(), 401);
}

#[actix_web::test]
async fn tampered_foreign_and_expired_tokens_are_refused() {
    let app = spawn_empty_app().await;
    let session = app.signup("Ada", "ada@example.com", "secret1").await;
    let uid = session["user"]["uid"].as_str().unwrap().to_string();
    let sid = app.state.db.with_conn(|c| Ok(c.query_row("SELECT id FROM sessions", [], |r| r.get::<_, String>(0))?)).unwrap();
    let claims = ankara::auth::tokens::Claims { user_id: uid.clone().into(), session_id: sid.clone(), admin: true };
    let in_an_hour = std::time::SystemTime::now() + std::time::Duration::from_secs(3600);
    let foreign = ankara::auth::tokens::TokenKeys::ephemeral().issue(&claims, in_an_hour).unwrap();
    let expired = app.state.tokens.issue(&claims, std::time::SystemTime::now() - std::time::Duration::from_secs(5)).unwrap();
    let good = app.state.tokens.issue(&claims, in_an_hour).unwrap();
    let mut tampered = good.clone().into_bytes();
    let i = tampered.len() - 10;
    tampered[i] = if tampered[i] == b'x' { b'y' } else { b'x' };
    let tampered = String::from_utf8(tampered).unwrap();
    for token in [foreign, expired, tampered, "garbage".to_string()] {
        let res = reqwest::Client::new()
            .post(app.url("/api/auth/refresh"))
            .header("cookie", format!("ankara_session={token}"))
            .header("x-requested-with", "ankara")
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), 401);
    }
    // The server's own token works, until the session passes its end or the user is disabled.
    let with = |token: String| {
        reqwest::Client::new()
            .post(app.url("/api/auth/refresh"))
            .header("cookie", format!("ankara_session={token}"))
            .header("x-requested-with", "ankara")
            .send()
    };
    assert_eq!(with(good.clone()).await.unwrap().status(), 200);
    app.sql("UPDATE users SET disabled = 1");
    assert_eq!(with(good.clone()).await.unwrap().status(), 401);
    let (status, body) = app.browser().login("ada@example.com", "secret1").await;
    assert_eq!((status, body["message"].as_str().unwrap()), (403, "This account has been disabled."));
    app.sql("UPDATE users SET disabled = 0");
    assert_eq!(with(good.clone()).await.unwrap().status(), 200, "enabled again");
    app.advance(ankara::auth::SESSION_MAX_AGE.as_millis() as i64 + 1);
    assert_eq!(with(good).await.unwrap().status(), 401, "past the session's maximum age");
}

#[actix_web::test]
async fn writes_from_other_sites_are_refused() {
    let app = spawn_empty_app().await;
    let plain = reqwest::Client::new();
    let res = plain.post(app.url("/api/contact")).json(&json!({"email": "a@b.co", "message": "hi"})).send().await.unwrap();
    assert_eq!(res.status(), 403, "no marker header");
    let res = plain
        .post(app.url("/api/contact"))
        .header("x-requested-with", "ankara")
        .header("origin", "https://evil.example")
        .json(&json!({"email": "a@b.co", "message": "hi"}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 403, "foreign origin");
    let res = plain
        .post(app.url("/api/contact"))
        .header("x-requested-with", "ankara")
        .header("sec-fetch-site", "cross-site")
        .json(&json!({"email": "a@b.co", "message": "hi"}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 403, "cross-site fetch");
    let body: Value = res.json().await.unwrap();
    assert_eq!(body["error"], "forbidden");
    assert_eq!(app.query_i64("SELECT COUNT(*) FROM contact_messages"), 0);
    let res = plain
        .post(app.url("/api/contact"))
        .header("x-requested-with", "ankara")
        .header("origin", app.base.clone())
        .header("sec-fetch-site", "same-origin")
        .json(&json!({"email": "a@b.co", "message": "hi"}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 201);
}

#[actix_web::test]
async fn forgot_and_reset_through_the_outbox() {
    let app = spawn_empty_app().await;
    app.signup("Ada", "ada@example.com", "secret1").await;
    let visitor = app.browser();
    let (status, body) = visitor.post_json("/api/auth/forgot", json!({"email": "ada@example.com"})).await;
    assert_eq!(status, 200);
    assert_eq!(body["message"], "Password reset link has been sent to your email.");
    let mail = app.last_mail();
    assert!(mail.contains("To: ada@example.com"));
    assert!(mail.contains(&format!("{}/reset-password?oobCode=", app.base)));
    let code = reset_code(&mail);
    assert!(code.len() >= 32);
    let stored =
        app.state.db.with_conn(|c| Ok(c.query_row("SELECT code_hash FROM password_resets", [], |r| r.get::<_, String>(0))?)).unwrap();
    assert_ne!(stored, code, "stored hashed");

    let (status, _) = visitor.post_json("/api/auth/reset", json!({"oobCode": code, "password": "123"})).await;
    assert_eq!(status, 400, "policy still applies");
    let (status, body) = visitor.post_json("/api/auth/reset", json!({"oobCode": code, "password": "newsecret"})).await;
    assert_eq!(status, 200);
    assert_eq!(body["message"], "Password has been successfully reset.");
    let (status, _) = visitor.post_json("/api/auth/reset", json!({"oobCode": code, "password": "another1"})).await;
    assert_eq!(status, 400, "single use");
    let (status, _) = visitor.post_json("/api/auth/reset", json!({"password": "another1"})).await;
    assert_eq!(status, 400, "missing code");

    // The old session was signed out everywhere, the old password no longer works, the new one does.
    let (_, session) = app.get_json("/api/session").await;
    assert!(session["user"].is_null());
    assert_eq!(visitor.login("ada@example.com", "secret1").await.0, 401);
    assert_eq!(visitor.login("ada@example.com", "newsecret").await.0, 200);

    // A late code fails.
    visitor.post_json("/api/auth/forgot", json!({"email": "ada@example.com"})).await;
    let late = reset_code(&app.last_mail());
    app.advance(60 * 60 * 1000 + 1); // a reset code lasts an hour
    assert_eq!(visitor.post_json("/api/auth/reset", json!({"oobCode": late, "password": "later12"})).await.0, 400);

    // Unknown e-mails get the same answer and no mail; bad ones a clear error; floods a limit.
    let before = std::fs::read_dir(app.dir.path().join("outbox")).unwrap().count();
    let (status, _) = visitor.post_json("/api/auth/forgot", json!({"email": "nobody@example.com"})).await;
    assert_eq!(status, 200);
    assert_eq!(std::fs::read_dir(app.dir.path().join("outbox")).unwrap().count(), before);
    assert_eq!(visitor.post_json("/api/auth/forgot", json!({"email": "nope"})).await.1["message"], "Invalid email address.");
    let (status, _) = visitor.post_json("/api/auth/forgot", json!({"email": "ada@example.com"})).await;
    assert_eq!(status, 200, "the third request of the hour");
    let mails = std::fs::read_dir(app.dir.path().join("outbox")).unwrap().count();
    let (status, body) = visitor.post_json("/api/auth/forgot", json!({"email": "ada@example.com"})).await;
    assert_eq!(status, 200, "past the cap the answer stays the same, so an attacker's requests never show the owner an error");
    assert_eq!(body["message"], "Password reset link has been sent to your email.");
    assert_eq!(std::fs::read_dir(app.dir.path().join("outbox")).unwrap().count(), mails, "three mails an hour per account");
}

#[actix_web::test]
async fn profile_edits_keep_the_email_and_replace_the_photo() {
    let app = spawn_empty_app().await;
    let session = app.signup("Ada", "ada@example.com", "secret1").await;
    let old_photo = session["user"]["photoURL"]["url"].as_str().unwrap().to_string();
    // The e-mail is not the profile form's: a form that sends it is refused whole, naming it.
    let with_email = reqwest::multipart::Form::new().text("displayName", "Ada Obi").text("email", "hacker@example.com");
    let res = app.client.patch(app.url("/api/account")).multipart(with_email).send().await.unwrap();
    assert_eq!(res.status(), 400);
    assert_eq!(res.json::<Value>().await.unwrap()["message"], "The form has no field email.");
    let form = reqwest::multipart::Form::new()
        .text("displayName", "Ada Obi")
        .text("phoneNumber", "+234 803 000 0000")
        .part("photo", reqwest::multipart::Part::bytes(png(80, 80, [0, 120, 90])).file_name("new.png"));
    let res = app.client.patch(app.url("/api/account")).multipart(form).send().await.unwrap();
    assert_eq!(res.status(), 200);
    let view: Value = res.json().await.unwrap();
    assert_eq!(view["user"]["displayName"], "Ada Obi");
    assert_eq!(view["user"]["phoneNumber"], "+2348030000000", "kept as E.164");
    assert_eq!(view["user"]["email"], "ada@example.com");
    let new_photo = view["user"]["photoURL"]["url"].as_str().unwrap();
    assert_ne!(new_photo, old_photo);
    assert_eq!(app.get(&old_photo).await.status(), 404, "the old photo's files are gone");
    assert_eq!(app.get(new_photo).await.status(), 200);

    let bad = reqwest::multipart::Form::new().text("displayName", "").text("phoneNumber", "");
    let res = app.client.patch(app.url("/api/account")).multipart(bad).send().await.unwrap();
    assert_eq!(res.status(), 400);
    let bad = reqwest::multipart::Form::new().text("displayName", "Ada").text("phoneNumber", "<script>");
    assert_eq!(app.client.patch(app.url("/api/account")).multipart(bad).send().await.unwrap().status(), 400);
}

#[actix_web::test]
async fn admin_grant_takes_effect_at_the_next_refresh() {
    let app = spawn_empty_app().await;
    let admin = app.admin_browser("boss@example.com").await;
    let customer = app.browser();
    customer.signup("Ada", "ada@example.com", "secret1").await;

    let (status, body) = customer.post_json("/api/admin/grant", json!({"email": "ada@example.com"})).await;
    assert_eq!((status, body["message"].as_str().unwrap()), (403, "You must be an admin to view this page."));
    let (status, body) = admin.post_json("/api/admin/grant", json!({"email": "ADA@example.com"})).await;
    assert_eq!(status, 200);
    assert_eq!(body["message"], "Success! ada@example.com is now an owner.", "SPEC's admin, said as what was granted");

    let (_, before) = customer.get_json("/api/session").await;
    assert_eq!(before["user"]["admin"], false, "the current token still says customer");
    let (_, after) = customer.post_json("/api/auth/refresh", Value::Null).await;
    assert_eq!(after["user"]["admin"], true);
}

#[test]
fn the_command_line_grants_and_revokes_admins() {
    let dir = tempfile::tempdir().unwrap();
    let config = ankara::config::Config { no_demo: true, ..ankara::config::Config::for_data_dir(dir.path().to_path_buf()) };
    let state = ankara::app::prepare(config.clone()).unwrap();
    state
        .db
        .with_conn(|c| {
            Ok(c.execute(
                "INSERT INTO users (id, email, display_name, password_hash, created_at) VALUES ('u1', 'ada@example.com', 'Ada', 'x', 0),
                        ('u2', 'bo@example.com', 'Bo', 'x', 0)",
                [],
            )?)
        })
        .unwrap();
    let role = |id: &str| {
        let id = id.to_string();
        state
            .db
            .with_conn(move |c| Ok(c.query_row("SELECT role FROM users WHERE id = ?1", [&id], |r| r.get::<_, Option<String>>(0))?))
            .unwrap()
    };
    let run =
        |action| ankara::cli::run(ankara::config::Cli { config: config.clone(), command: Some(ankara::config::Command::Admin { action }) });
    use ankara::config::AdminAction::{Grant, Revoke};
    // Unless told, a grant makes an owner (SPEC's admin); a role may be named.
    run(Grant { email: "ADA@example.com".into(), role: None }).unwrap();
    assert_eq!(role("u1").as_deref(), Some("owner"));
    run(Grant { email: "bo@example.com".into(), role: Some("manager".into()) }).unwrap();
    assert_eq!(role("u2").as_deref(), Some("manager"));
    // The last owner cannot go, until there is another.
    assert!(run(Revoke { email: "ada@example.com".into() }).unwrap_err().contains("last owner"));
    assert!(run(Grant { email: "ada@example.com".into(), role: Some("packer".into()) }).unwrap_err().contains("last owner"));
    run(Grant { email: "bo@example.com".into(), role: Some("owner".into()) }).unwrap();
    run(Revoke { email: "ada@example.com".into() }).unwrap();
    assert_eq!(role("u1"), None);
    assert!(run(Grant { email: "nobody@example.com".into(), role: None }).unwrap_err().contains("sign up"));
}

/// Who may call what. Later work adds rows for its endpoints.
#[actix_web::test]
async fn role_matrix() {
    let app = spawn_empty_app().await;
    let visitor = app.browser();
    let customer = app.browser();
    customer.signup("Ada", "ada@example.com", "secret1").await;
    let admin = app.admin_browser("boss@example.com").await;

    // (method, path, body, visitor, customer, admin)
    let rows: Vec<(&str, &str, Value, u16, u16, u16)> = vec![
        ("GET", "/api/session", Value::Null, 200, 200, 200),
        ("GET", "/api/collections", Value::Null, 200, 200, 200),
        ("POST", "/api/auth/refresh", Value::Null, 401, 200, 200),
        ("POST", "/api/admin/grant", json!({"email": "ada@example.com"}), 401, 403, 200),
    ];
    for (method, path, body, expect_visitor, expect_customer, expect_admin) in rows {
        let method: reqwest::Method = method.parse().unwrap();
        for (who, browser, expected) in
            [("visitor", &visitor, expect_visitor), ("customer", &customer, expect_customer), ("admin", &admin, expect_admin)]
        {
            let (status, reply) = if method == reqwest::Method::GET {
                browser.get_json(path).await
            } else {
                browser.send_json(method.clone(), path, body.clone()).await
            };
            assert_eq!(status, expected, "{who} {method} {path}: {reply}");
        }
    }
    let (_, session) = visitor.get_json("/api/session").await;
    assert!(session["user"].is_null());
}
