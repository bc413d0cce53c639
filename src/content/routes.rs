//! About Us and the contact form over HTTP.

use actix_web::{HttpResponse, get, post, put, web};
use serde::Deserialize;

use super::*;
use crate::api::Message;
use crate::catalog::write::Changes;
use crate::error::answers::*;
use crate::error::{AppError, AppResult};
use crate::http::AppState;

pub fn configure(cfg: &mut utoipa_actix_web::service_config::ServiceConfig) {
    cfg.service(get_about).service(save_about).service(post_contact).service(list_messages);
}

/// The About Us form (multipart): images optional, the existing ones kept when none is chosen.
#[derive(actix_multipart::form::MultipartForm, utoipa::ToSchema)]
#[multipart(duplicate_field = "deny")]
struct AboutForm {
    #[schema(value_type = String, min_length = 1, max_length = 200)]
    title: Option<TextField>,
    #[schema(value_type = String, min_length = 1, max_length = 5000)]
    description1: Option<TextField>,
    #[schema(value_type = String, min_length = 1, max_length = 5000)]
    description2: Option<TextField>,
    /// JPEG, PNG, GIF or WebP, at most 10 MB and 40 megapixels.
    #[schema(value_type = String, format = Binary, required = false)]
    image1: Option<ImageUpload>,
    /// JPEG, PNG, GIF or WebP, at most 10 MB and 40 megapixels.
    #[schema(value_type = String, format = Binary, required = false)]
    image2: Option<ImageUpload>,
}

#[utoipa::path(tag = "content", responses((status = OK, body = Option<About>, description = "The latest About Us page, or null when none was written")))]
#[get("/about")]
async fn get_about(state: web::Data<AppState>) -> AppResult<crate::cache::Answer> {
    let db = state.db.clone();
    state.cache.respond("about".into(), db.read(|c| Ok(latest_about(c)?))).await
}

#[derive(Deserialize, utoipa::ToSchema)]
struct ContactForm {
    email: Option<String>,
    message: Option<String>,
}

#[utoipa::path(tag = "content", responses((status = CREATED, body = Message, description = "Stored"), BadRequest, TooManyRequests))]
#[post("/contact")]
async fn post_contact(req: actix_web::HttpRequest, state: web::Data<AppState>, form: web::Json<ContactForm>) -> AppResult<HttpResponse> {
    let email = form.email.as_deref().unwrap_or("").trim().to_string();
    let message = form.message.as_deref().unwrap_or("").trim().to_string();
    if email.is_empty() || message.is_empty() {
        return Err(AppError::Validation("Please enter your e-mail and a message.".into()));
    }
    if !crate::email::looks_like_email(&email) {
        return Err(AppError::Validation("Please enter a valid email address.".into()));
    }
    if message.chars().count() > MAX_CONTACT_MESSAGE {
        return Err(AppError::Validation(format!("Please keep your message under {MAX_CONTACT_MESSAGE} characters.")));
    }
    let address = state.config.client_key(&req);
    let networks = state.config.client_networks(&req);
    let mail_now = match state.limits.contact.admit(&address, &networks, state.mailer.has_smtp()) {
        super::Admission::Taken { mail_now } => mail_now,
        super::Admission::Refused(message, wait) => return Err(AppError::TooManyRequests(message.into(), wait)),
    };
    let mailer = state.mailer.clone();
    let now = state.clock.now_ms();
    state.db.write(move |tx| store_contact(tx, &mailer, &email, &message, mail_now, now)).await?;
    Ok(HttpResponse::Created().json(Message::new("Thank you! Your message has been sent. We will get back to you soon.")))
}

/// The contact inbox for admins, newest first.
#[utoipa::path(tag = "admin", responses((status = OK, body = Vec<ContactMessage>, description = "Newest first, at most 500"), Unauthorized, Forbidden))]
#[get("/admin/contact-messages")]
async fn list_messages(state: web::Data<AppState>, _admin: crate::auth::AdminUser) -> AppResult<HttpResponse> {
    let messages = state.db.read(contact_messages).await?;
    Ok(HttpResponse::Ok().insert_header(("Cache-Control", "no-store")).json(messages))
}

/// Creates the About Us page when none exists, otherwise updates the newest one. Images are
/// optional; the existing ones stay when none is chosen.
#[utoipa::path(
    tag = "admin",
    request_body(content = AboutForm, content_type = "multipart/form-data"),
    responses((status = OK, body = Message), BadRequest, Unauthorized, Forbidden, PayloadTooLarge, TooManyRequests, Busy)
)]
#[put("/about")]
async fn save_about(
    req: actix_web::HttpRequest,
    state: web::Data<AppState>,
    _slot: UploadSlot,
    crate::auth::AdminUser(user, _): crate::auth::AdminUser,
    body: web::Payload,
) -> AppResult<HttpResponse> {
    let AboutForm { title, description1, description2, image1, image2 } = crate::media::upload::read(&req, body).await?;
    let [title, description1, description2] = [title, description1, description2].map(TextField::or_empty);
    if title.is_empty() || description1.is_empty() || description2.is_empty() {
        return Err(AppError::Validation("Please fill in all text fields.".into()));
    }
    if title.chars().count() > 200 || description1.chars().count() > 5000 || description2.chars().count() > 5000 {
        return Err(AppError::Validation("The title or a description is too long.".into()));
    }
    let (image1, image2) = (ImageUpload::sent(image1), ImageUpload::sent(image2));
    let slots: Vec<bool> = vec![image1.is_some(), image2.is_some()];
    let uploads: Vec<ImageUpload> = image1.into_iter().chain(image2).collect();
    let root = state.media.root.clone();
    let now = state.clock.now_ms();
    let folder = format!("aboutUs/{now}");
    let about = state
        .catalogue
        .write_with_uploads(&state.media, &folder, uploads, crate::media::ImageKind::Wide, move |tx, keys| {
            let mut keys = keys.into_iter();
            let new1 = if slots[0] { keys.next() } else { None };
            let new2 = if slots[1] { keys.next() } else { None };
            let text = AboutText { title, description1, description2 };
            let created = write_about(tx, &root, &text, (new1, new2), &user.id, now)?;
            Ok((created, Changes::shown()))
        })
        .await?;
    let message = if about { "About Us page created successfully" } else { "About Us page updated successfully" };
    Ok(HttpResponse::Ok().json(Message::new(message)))
}
