//! Discount codes over HTTP: the admin's list, new codes, pausing.

use actix_web::{HttpResponse, get, patch, post, web};
use serde::Deserialize;

use super::*;
use crate::auth::AdminUser;
use crate::error::answers::*;
use crate::error::{AppError, AppResult};
use crate::http::AppState;
use crate::money::{Kobo, Naira};

pub fn configure(cfg: &mut utoipa_actix_web::service_config::ServiceConfig) {
    cfg.service(list_codes).service(create_code).service(pause_code);
}

#[utoipa::path(tag = "admin", responses((status = OK, body = Vec<CodeSummary>), Unauthorized, Forbidden))]
#[get("/admin/discounts")]
async fn list_codes(state: web::Data<AppState>, _admin: AdminUser) -> AppResult<HttpResponse> {
    let codes = state.db.read(|c| Ok(summaries(c, None)?)).await?;
    Ok(HttpResponse::Ok().insert_header(("Cache-Control", "no-store")).json(codes))
}

/// A new code as the admin types it: amounts in naira, dates as Unix ms.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct NewCode {
    code: String,
    #[schema(inline)]
    kind: Kind,
    /// For "percent": 1 to 100.
    percent: Option<i64>,
    /// For "fixed": naira, e.g. "5000".
    amount: Option<Naira>,
    /// Naira; the subtotal needed to use the code.
    min_subtotal: Option<Naira>,
    starts_at: Option<i64>,
    ends_at: Option<i64>,
    max_uses: Option<i64>,
    per_customer: Option<i64>,
    #[serde(default)]
    collections: Vec<String>,
}

fn naira_field(value: Option<&Naira>, what: &str) -> AppResult<Option<Kobo>> {
    crate::money::optional_naira(value, what).map_err(AppError::Validation)
}

#[utoipa::path(tag = "admin", responses((status = CREATED, body = CodeSummary), BadRequest, Unauthorized, Forbidden, Conflict))]
#[post("/admin/discounts")]
async fn create_code(state: web::Data<AppState>, _admin: AdminUser, body: web::Json<NewCode>) -> AppResult<HttpResponse> {
    let new = body.into_inner();
    let code = new.code.trim().to_string();
    if !plausible(&code) {
        return Err(AppError::Validation(format!("A code is 1 to {MAX_CODE} letters, digits, - or _.")));
    }
    let (percent, amount) = match new.kind {
        Kind::Percent => match new.percent {
            Some(p) if (1..=100).contains(&p) => (Some(p), None),
            _ => return Err(AppError::Validation("A percentage is a whole number from 1 to 100.".into())),
        },
        Kind::Fixed => match naira_field(new.amount.as_ref(), "amount")? {
            Some(a) if a > Kobo::ZERO => (None, Some(a)),
            _ => return Err(AppError::Validation("Give the amount the code takes off.".into())),
        },
        Kind::FreeDelivery => (None, None),
    };
    let min_subtotal = naira_field(new.min_subtotal.as_ref(), "minimum spend")?.unwrap_or(Kobo::ZERO);
    if let (Some(start), Some(end)) = (new.starts_at, new.ends_at)
        && start >= end
    {
        return Err(AppError::Validation("The code must start before it ends.".into()));
    }
    for (limit, what) in [(new.max_uses, "total uses"), (new.per_customer, "uses per customer")] {
        if limit.is_some_and(|n| !(1..=1_000_000).contains(&n)) {
            return Err(AppError::Validation(format!("The {what} must be a whole number from 1.")));
        }
    }
    if new.collections.len() > 50 {
        return Err(AppError::Validation("A code may be limited to at most 50 collections.".into()));
    }
    let checked = Code {
        code,
        kind: new.kind,
        percent,
        amount,
        min_subtotal,
        starts_at: new.starts_at,
        ends_at: new.ends_at,
        max_uses: new.max_uses,
        per_customer: new.per_customer,
        collections: new.collections,
        paused: false,
    };
    let now = state.clock.now_ms();
    let summary = state.db.write(move |tx| create(tx, &checked, now)).await?;
    Ok(HttpResponse::Created().json(summary))
}

#[derive(Deserialize, utoipa::ToSchema)]
struct PausedBody {
    paused: bool,
}

/// Pauses a code (shoppers are told it is not valid) or resumes it.
#[utoipa::path(tag = "admin", responses((status = OK, body = CodeSummary), BadRequest, Unauthorized, Forbidden, NotFound))]
#[patch("/admin/discounts/{code}")]
async fn pause_code(
    state: web::Data<AppState>,
    _admin: AdminUser,
    code: web::Path<String>,
    body: web::Json<PausedBody>,
) -> AppResult<HttpResponse> {
    let code = code.into_inner();
    let paused = body.paused;
    if !plausible(&code) {
        return Err(unknown_code());
    }
    let summary = state.db.write(move |tx| set_paused(tx, &code, paused)).await?;
    Ok(HttpResponse::Ok().json(summary))
}
