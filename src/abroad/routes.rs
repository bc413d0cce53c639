//! Prices abroad over HTTP: the currencies a shopper may choose.

use actix_web::{get, web};

use crate::error::AppResult;
use crate::http::AppState;

pub fn configure(cfg: &mut utoipa_actix_web::service_config::ServiceConfig) {
    cfg.service(currencies);
}

/// The currencies besides naira shoppers may see prices in and pay in.
#[utoipa::path(tag = "catalog", responses((status = OK, body = super::OfferedCurrencies)))]
#[get("/currencies")]
async fn currencies(state: web::Data<AppState>) -> AppResult<crate::cache::Answer> {
    let db = state.db.clone();
    state.cache.respond("currencies".into(), db.read(|c| Ok(super::offered(c)?))).await
}
