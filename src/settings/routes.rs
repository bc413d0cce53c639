//! The merchant's settings over HTTP.

use actix_web::{HttpResponse, get, patch, web};

use super::*;
use crate::auth::AdminUser;
use crate::error::AppResult;
use crate::error::answers::*;
use crate::http::AppState;

pub fn configure(cfg: &mut utoipa_actix_web::service_config::ServiceConfig) {
    cfg.service(get_settings).service(update_settings);
}

/// The shop's settings.
#[utoipa::path(tag = "admin", responses((status = OK, body = Settings), Unauthorized, Forbidden))]
#[get("/admin/settings")]
async fn get_settings(state: web::Data<AppState>, _admin: AdminUser) -> AppResult<HttpResponse> {
    let settings = state.db.read(|c| Ok(load(c)?)).await?;
    Ok(HttpResponse::Ok().insert_header(("Cache-Control", "no-store")).json(settings))
}

/// Changes the fields sent; the others keep their values. The whole change is checked first.
#[utoipa::path(tag = "admin", responses((status = OK, body = Settings), BadRequest, Unauthorized, Forbidden))]
#[patch("/admin/settings")]
async fn update_settings(state: web::Data<AppState>, _admin: AdminUser, body: web::Json<SettingsChange>) -> AppResult<HttpResponse> {
    let change = body.into_inner();
    let settings = state
        .db
        .write(move |tx| {
            let settings = change.apply(load(tx)?)?;
            store(tx, &settings)?;
            Ok(settings)
        })
        .await?;
    Ok(HttpResponse::Ok().insert_header(("Cache-Control", "no-store")).json(settings))
}
