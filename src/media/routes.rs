//! Media over HTTP: the stored pictures, and the upload slot an upload handler takes first.

use std::time::Duration;

use actix_web::{FromRequest, HttpRequest, HttpResponse, web};

use super::upload::{UPLOADS_PER_ACCOUNT, UploadSlot};
use crate::error::{AppError, AppResult};
use crate::http::AppState;

/// GET /media/{path}: stored variants, immutable because names are content-addressed.
pub async fn serve(state: web::Data<AppState>, path: web::Path<String>) -> AppResult<HttpResponse> {
    let rel = path.into_inner();
    let content_type = if rel.ends_with(".jpg") {
        "image/jpeg"
    } else if rel.ends_with(".webp") {
        "image/webp"
    } else if rel.ends_with(".png") {
        "image/png"
    } else {
        return Err(AppError::NotFound("No such image.".into()));
    };
    let safe = rel.len() <= 200
        && rel.split('/').all(|part| !part.is_empty() && part != "." && part != "..")
        && rel.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '/' | '-' | '_' | '.'));
    if !safe || super::PRIVATE_FOLDERS.iter().any(|folder| rel.starts_with(folder)) {
        return Err(AppError::NotFound("No such image.".into()));
    }
    let file = state.media.root.join(&rel);
    let bytes = web::block(move || std::fs::read(file)).await?;
    match bytes {
        Ok(bytes) => Ok(HttpResponse::Ok()
            .content_type(content_type)
            .insert_header(("Cache-Control", "public, max-age=31536000, immutable"))
            .body(bytes)),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Err(AppError::NotFound("No such image.".into())),
        Err(e) => Err(e.into()),
    }
}

impl FromRequest for UploadSlot {
    type Error = AppError;
    type Future = std::future::Ready<Result<Self, AppError>>;

    fn from_request(req: &HttpRequest, _: &mut actix_web::dev::Payload) -> Self::Future {
        std::future::ready((|| {
            let state = req.app_data::<web::Data<AppState>>().ok_or_else(|| AppError::internal("no app state"))?;
            // An IPv6 client is keyed by its network (--ipv6-prefix), as every per-address limit.
            let mut keys = vec![(format!("address:{}", state.config.client_key(req)), state.config.uploads_per_address)];
            if let Some(claims) = req.cookie(crate::auth::COOKIE_NAME).and_then(|c| state.tokens.verify(c.value())) {
                keys.push((format!("user:{}", claims.user_id), UPLOADS_PER_ACCOUNT));
            }
            let wait = Duration::from_secs(10);
            match state.limits.uploads.try_enter(&keys) {
                Ok(place) => Ok(UploadSlot { _place: place }),
                Err(0) => Err(AppError::TooManyRequests(
                    "Too many pictures are being sent from your network right now. Please try again in a moment.".into(),
                    wait,
                )),
                Err(_) => Err(AppError::TooManyRequests(
                    format!("You are already sending {UPLOADS_PER_ACCOUNT} pictures. Please wait until they have arrived, then try again."),
                    wait,
                )),
            }
        })())
    }
}
