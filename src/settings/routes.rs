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
async fn update_settings(state: web::Data<AppState>, admin: AdminUser, body: web::Json<SettingsChange>) -> AppResult<HttpResponse> {
    let change = body.into_inner();
    let actor = admin.0.id.clone();
    let settings = state
        .catalogue
        // Prices abroad are part of every product's answer.
        .write(move |tx| {
            let before = load(tx)?;
            let settings = change.apply(before.clone())?;
            store(tx, &settings)?;
            // The names of the settings that changed, for the owner's activity log.
            let (old, new) = (serde_json::to_value(&before).unwrap_or_default(), serde_json::to_value(&settings).unwrap_or_default());
            let changed: Vec<&str> =
                new.as_object().into_iter().flatten().filter(|(k, v)| old.get(k.as_str()) != Some(v)).map(|(k, _)| k.as_str()).collect();
            if !changed.is_empty() {
                crate::staff::record(tx, &actor, "settings", "shop", &format!("Settings changed: {}", changed.join(", ")))?;
            }
            let shown = crate::catalog::write::Changes::shown_if(before.currencies != settings.currencies);
            Ok((settings, shown))
        })
        .await?;
    Ok(HttpResponse::Ok().insert_header(("Cache-Control", "no-store")).json(settings))
}
