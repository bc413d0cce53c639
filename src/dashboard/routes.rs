//! The dashboard and the orders spreadsheet over HTTP.

use actix_web::{HttpResponse, get, web};
use serde::Deserialize;

use super::*;
use crate::auth::AdminUser;
use crate::error::answers::*;
use crate::error::{AppError, AppResult};
use crate::http::AppState;

pub fn configure(cfg: &mut utoipa_actix_web::service_config::ServiceConfig) {
    cfg.service(dashboard).service(export_orders);
}

/// The admin home: revenue and orders for today, 7 and 30 days, what is waiting, what sells.
#[utoipa::path(tag = "admin", responses((status = OK, body = Dashboard), Unauthorized, Forbidden))]
#[get("/admin/dashboard")]
async fn dashboard(state: web::Data<AppState>, _admin: AdminUser) -> AppResult<HttpResponse> {
    let now = state.clock.now_ms();
    let answer = state.db.read(move |c| Ok(figures(c, now)?)).await?;
    Ok(HttpResponse::Ok().insert_header(("Cache-Control", "no-store")).json(answer))
}

#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
struct ExportQuery {
    /// First Lagos day, "2026-11-01".
    from: Option<String>,
    /// Last Lagos day, included, "2026-11-23".
    to: Option<String>,
}

/// Orders placed in a date range as CSV, one row per order line, for the accountant.
#[utoipa::path(
    tag = "admin",
    params(ExportQuery),
    responses((status = OK, content_type = "text/csv", body = String), BadRequest, Unauthorized, Forbidden)
)]
#[get("/admin/orders.csv")]
async fn export_orders(state: web::Data<AppState>, _admin: AdminUser, query: web::Query<ExportQuery>) -> AppResult<HttpResponse> {
    let ExportQuery { from, to } = query.into_inner();
    let (from, to) = export_range(from.as_deref(), to.as_deref()).map_err(AppError::Validation)?;
    let text = state.db.read(move |c| Ok(export(c, from, to)?)).await?;
    let name = format!("orders-{}-to-{}.csv", format_day(from), format_day(to));
    Ok(HttpResponse::Ok()
        .content_type("text/csv; charset=utf-8")
        .insert_header(("Content-Disposition", format!("attachment; filename=\"{name}\"")))
        .insert_header(("Cache-Control", "no-store"))
        .body(text))
}
