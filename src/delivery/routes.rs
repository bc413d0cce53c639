//! Delivery over HTTP: the zones shoppers see, and the admin's replacement of them.

use actix_web::{HttpResponse, get, put, web};

use super::*;
use crate::auth::AdminUser;
use crate::error::AppResult;
use crate::error::answers::*;
use crate::http::AppState;

pub fn configure(cfg: &mut utoipa_actix_web::service_config::ServiceConfig) {
    cfg.service(delivery_options).service(replace_options);
}

/// Delivery options: states, zones with fees and estimates, and pickup.
#[utoipa::path(tag = "checkout", responses((status = OK, body = DeliveryOptions)))]
#[get("/delivery")]
async fn delivery_options(state: web::Data<AppState>) -> AppResult<crate::cache::Answer> {
    let db = state.db.clone();
    state.cache.respond("delivery".into(), db.read(|c| Ok(load(c)?))).await
}

/// Replaces the delivery zones and pickup in one go. States left out of every zone cannot be
/// delivered to.
#[utoipa::path(tag = "admin", responses((status = OK, body = DeliveryOptions), BadRequest, Unauthorized, Forbidden))]
#[put("/admin/delivery")]
async fn replace_options(state: web::Data<AppState>, _admin: AdminUser, body: web::Json<OptionsInput>) -> AppResult<HttpResponse> {
    let (zones, pickup, abroad) = check(body.into_inner())?;
    let now = state.clock.now_ms();
    let options = state
        .catalogue
        // Product pages show the delivery fee.
        .write(move |tx| Ok((replace(tx, &zones, &pickup, &abroad, now)?, crate::catalog::write::Changes::shown())))
        .await?;
    Ok(HttpResponse::Ok().json(options))
}
