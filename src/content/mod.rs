//! Shop content: the About Us page and the contact form.

use actix_web::{HttpResponse, web};
use rusqlite::{Connection, OptionalExtension};
use serde::{Deserialize, Serialize};

use crate::app::AppState;
use crate::error::{AppError, AppResult};
use crate::media::Image;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/about", web::get().to(get_about)).route("/contact", web::post().to(post_contact));
}

#[derive(Serialize, Debug)]
#[serde(rename_all = "camelCase")]
pub struct About {
    pub title: String,
    pub description1: String,
    pub description2: String,
    pub image1: Option<Image>,
    pub image2: Option<Image>,
    pub created_at: i64,
    pub updated_at: i64,
}

/// The newest About Us page, if one was ever written.
pub fn latest_about(conn: &Connection) -> rusqlite::Result<Option<About>> {
    let row = conn
        .prepare_cached(
            "SELECT title, description1, description2, image1_key, image2_key, created_at, updated_at
             FROM about_pages ORDER BY created_at DESC, id DESC LIMIT 1",
        )?
        .query_row([], |r| {
            Ok((
                r.get::<_, String>(0)?,
                r.get::<_, String>(1)?,
                r.get::<_, String>(2)?,
                r.get::<_, Option<String>>(3)?,
                r.get::<_, Option<String>>(4)?,
                r.get::<_, i64>(5)?,
                r.get::<_, i64>(6)?,
            ))
        })
        .optional()?;
    let Some((title, description1, description2, key1, key2, created_at, updated_at)) = row else {
        return Ok(None);
    };
    let image = |key: Option<String>| -> rusqlite::Result<Option<Image>> {
        match key {
            Some(key) => crate::media::load(conn, &key),
            None => Ok(None),
        }
    };
    Ok(Some(About { title, description1, description2, image1: image(key1)?, image2: image(key2)?, created_at, updated_at }))
}

async fn get_about(state: web::Data<AppState>) -> AppResult<HttpResponse> {
    let db = state.db.clone();
    state.cache.respond("about".into(), db.read(|c| Ok(latest_about(c)?))).await
}

#[derive(Deserialize)]
struct ContactForm {
    email: Option<String>,
    message: Option<String>,
}

pub const MAX_CONTACT_MESSAGE: usize = 5000;

/// A simple e-mail shape check, as the spec asks: text, @, text, dot, text; no spaces.
pub fn looks_like_email(email: &str) -> bool {
    let Some((local, domain)) = email.split_once('@') else { return false };
    let Some((host, tld)) = domain.rsplit_once('.') else { return false };
    !local.is_empty()
        && !host.is_empty()
        && !tld.is_empty()
        && !domain.contains('@')
        && email.len() <= 254
        && !email.chars().any(char::is_whitespace)
}

async fn post_contact(state: web::Data<AppState>, form: web::Json<ContactForm>) -> AppResult<HttpResponse> {
    let email = form.email.as_deref().unwrap_or("").trim().to_string();
    let message = form.message.as_deref().unwrap_or("").trim().to_string();
    if email.is_empty() || message.is_empty() {
        return Err(AppError::Validation("Please enter your e-mail and a message.".into()));
    }
    if !looks_like_email(&email) {
        return Err(AppError::Validation("Please enter a valid email address.".into()));
    }
    if message.chars().count() > MAX_CONTACT_MESSAGE {
        return Err(AppError::Validation(format!("Please keep your message under {MAX_CONTACT_MESSAGE} characters.")));
    }
    state
        .db
        .write(move |tx| {
            tx.execute(
                "INSERT INTO contact_messages (email, message, created_at) VALUES (?1, ?2, ?3)",
                rusqlite::params![email, message, crate::db::now_ms()],
            )?;
            Ok(())
        })
        .await?;
    Ok(HttpResponse::Created().json(serde_json::json!({
        "message": "Thank you! Your message has been sent. We will get back to you soon."
    })))
}

#[cfg(test)]
mod tests {
    #[test]
    fn email_shape() {
        assert!(super::looks_like_email("ada@example.com"));
        assert!(super::looks_like_email("a.b+c@shop.co.ng"));
        for bad in ["", "ada", "ada@", "@example.com", "ada@example", "ada@example.", "a b@example.com", "a@b@c.com"] {
            assert!(!super::looks_like_email(bad), "{bad:?}");
        }
    }
}
