//! The back office's Failed mail screen over HTTP: mail the worker gave up on, and retrying it.

use actix_web::{HttpResponse, get, post, web};
use serde::Serialize;

use super::outbox::{FailedMail, failed, retry_failed};
use crate::auth::AdminUser;
use crate::error::AppResult;
use crate::error::answers::*;
use crate::http::AppState;

pub fn configure(cfg: &mut utoipa_actix_web::service_config::ServiceConfig) {
    cfg.service(list_failed).service(retry_all).service(retry_one);
}

/// Mail that could not be sent after every attempt, newest first, with the last reason.
#[utoipa::path(tag = "admin", responses((status = OK, body = Vec<FailedMail>, description = "Newest first, at most 500"), Unauthorized, Forbidden))]
#[get("/admin/mail/failed")]
async fn list_failed(state: web::Data<AppState>, _admin: AdminUser) -> AppResult<HttpResponse> {
    let mails = state.db.read(|c| Ok(failed(c)?)).await?;
    Ok(HttpResponse::Ok().insert_header(("Cache-Control", "no-store")).json(mails))
}

#[derive(Serialize, utoipa::ToSchema)]
struct Retried {
    /// How many mails went back in line.
    retried: usize,
}

async fn retry(state: &AppState, admin: &AdminUser, id: Option<i64>) -> AppResult<HttpResponse> {
    let actor = admin.0.id.clone();
    let now = state.clock.now_ms();
    let retried = state
        .db
        .write(move |tx| {
            let retried = retry_failed(tx, id, now)?;
            if retried > 0 {
                let what = id.map_or(format!("{retried} failed mails"), |id| format!("failed mail {id}"));
                crate::staff::record(tx, &actor, "mail", &id.map_or("all".into(), |id| id.to_string()), &format!("Retried {what}"))?;
            }
            Ok(retried)
        })
        .await?;
    state.mailer.wake.notify_one();
    Ok(HttpResponse::Ok().json(Retried { retried }))
}

/// Puts every failed mail back in line for the worker, with a fresh set of attempts.
#[utoipa::path(tag = "admin", responses((status = OK, body = Retried), Unauthorized, Forbidden))]
#[post("/admin/mail/failed/retry")]
async fn retry_all(state: web::Data<AppState>, admin: AdminUser) -> AppResult<HttpResponse> {
    retry(&state, &admin, None).await
}

/// Puts one failed mail back in line for the worker, with a fresh set of attempts.
#[utoipa::path(tag = "admin", responses((status = OK, body = Retried), Unauthorized, Forbidden, NotFound))]
#[post("/admin/mail/failed/{id}/retry")]
async fn retry_one(state: web::Data<AppState>, admin: AdminUser, id: web::Path<i64>) -> AppResult<HttpResponse> {
    retry(&state, &admin, Some(id.into_inner())).await
}
