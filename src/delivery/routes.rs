//! Delivery over HTTP: the zones shoppers see, and the admin's replacement of them.

use actix_web::{HttpResponse, get, put, web};
use rusqlite::params;

use super::*;
use crate::auth::AdminUser;
use crate::error::answers::*;
use crate::error::{AppError, AppResult};
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
    let (zones, pickup) = check(body.into_inner())?;
    let options = state
        .catalogue
        .write(move |tx| {
            let now = crate::db::now_ms();
            tx.execute("DELETE FROM delivery_zones", [])?;
            for (position, z) in zones.iter().enumerate() {
                let id = crate::util::new_id();
                tx.execute(
                    "INSERT INTO delivery_zones (id, name, fee_kobo, estimate, free_over_kobo, position, created_at, updated_at,
                                                 pod_enabled, pod_max_total_kobo)
                     VALUES (:id, :name, :fee, :estimate, :free_over, :position, :now, :now, :pod_enabled, :pod_max_total)",
                    rusqlite::named_params! {
                        ":id": id,
                        ":name": z.name,
                        ":fee": z.fee,
                        ":estimate": z.estimate,
                        ":free_over": z.free_over,
                        ":position": position as i64,
                        ":now": now,
                        ":pod_enabled": z.pay_on_delivery.enabled,
                        ":pod_max_total": z.pay_on_delivery.max_total,
                    },
                )?;
                for s in &z.states {
                    tx.execute("INSERT INTO zone_states (state, zone_id) VALUES (?1, ?2)", params![s, id])?;
                }
            }
            tx.execute(
                "INSERT INTO settings (key, value) VALUES (?1, ?2) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                params![PICKUP_KEY, serde_json::to_string(&pickup).map_err(AppError::internal)?],
            )?;
            // Product pages show the delivery fee.
            Ok((load(tx)?, crate::catalog::write::Changes::shown()))
        })
        .await?;
    Ok(HttpResponse::Ok().json(options))
}
