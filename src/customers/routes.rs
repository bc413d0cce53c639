//! Customers over HTTP (owners and managers, by the access table).

use actix_web::{HttpResponse, get, web};
use serde::{Deserialize, Serialize};

use super::*;
use crate::auth::AdminUser;
use crate::error::answers::*;
use crate::error::{AppError, AppResult};
use crate::http::AppState;

pub fn configure(cfg: &mut utoipa_actix_web::service_config::ServiceConfig) {
    // The CSV first: its path would otherwise be taken for a customer's key.
    cfg.service(export_customers).service(list_customers).service(customer_page);
}

const PAGE_SIZE: i64 = 50;

#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
struct CustomersQuery {
    /// Part of a name, an e-mail or a phone number.
    q: Option<String>,
    /// From 1.
    page: Option<i64>,
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct CustomerPage {
    customers: Vec<CustomerSummary>,
    total: i64,
    page: i64,
    page_size: i64,
}

/// Customers, most recent buyers first, 50 a page; `q` searches names, e-mails and phone numbers.
#[utoipa::path(tag = "admin", params(CustomersQuery), responses((status = OK, body = CustomerPage), BadRequest, Unauthorized, Forbidden))]
#[get("/admin/customers")]
async fn list_customers(state: web::Data<AppState>, _admin: AdminUser, query: web::Query<CustomersQuery>) -> AppResult<HttpResponse> {
    let CustomersQuery { q, page } = query.into_inner();
    let q = q.unwrap_or_default();
    if q.chars().count() > 100 {
        return Err(AppError::Validation("Please search with fewer than 100 characters.".into()));
    }
    let page = page.unwrap_or(1).clamp(1, 100_000);
    let (customers, total) = state.db.read(move |c| Ok(search(c, &q, PAGE_SIZE, (page - 1) * PAGE_SIZE)?)).await?;
    Ok(HttpResponse::Ok().insert_header(("Cache-Control", "no-store")).json(CustomerPage { customers, total, page, page_size: PAGE_SIZE }))
}

#[derive(Serialize, utoipa::ToSchema)]
struct CustomerOrders {
    customer: CustomerSummary,
    /// Newest first.
    orders: Vec<crate::orders::Order>,
}

/// One customer and their orders.
#[utoipa::path(tag = "admin", responses((status = OK, body = CustomerOrders), Unauthorized, Forbidden, NotFound))]
#[get("/admin/customers/{key}")]
async fn customer_page(state: web::Data<AppState>, _admin: AdminUser, key: web::Path<String>) -> AppResult<HttpResponse> {
    let key = key.into_inner();
    let found = if key.len() <= 300 { state.db.read(move |c| Ok(one(c, &key)?)).await? } else { None };
    let (customer, orders) = found.ok_or_else(|| AppError::NotFound("Customer not found.".into()))?;
    Ok(HttpResponse::Ok().insert_header(("Cache-Control", "no-store")).json(CustomerOrders { customer, orders }))
}

/// Every customer as CSV (name, email, phone, has_account, orders, spent in naira, last order).
#[utoipa::path(
    tag = "admin",
    responses((status = OK, content_type = "text/csv", body = String, description = "The customers as CSV"), Unauthorized, Forbidden)
)]
#[get("/admin/customers.csv")]
async fn export_customers(state: web::Data<AppState>, _admin: AdminUser) -> AppResult<HttpResponse> {
    let csv = state.db.read(|c| Ok(export(c)?)).await?;
    Ok(HttpResponse::Ok()
        .content_type("text/csv; charset=utf-8")
        .insert_header(("Content-Disposition", "attachment; filename=\"customers.csv\""))
        .insert_header(("Cache-Control", "no-store"))
        .body(csv))
}
