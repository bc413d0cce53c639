//! Public catalogue endpoints. Answers come from the JSON cache; writes elsewhere clear it.

use actix_web::{HttpResponse, web};
use serde::Deserialize;

use crate::app::AppState;
use crate::error::{AppError, AppResult};

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/collections", web::get().to(list_collections))
        .route("/collections/{id}", web::get().to(collection_page))
        .route("/products/featured", web::get().to(featured))
        .route("/products/{id}", web::get().to(product))
        .route("/releases", web::get().to(releases))
        .route("/hero", web::get().to(hero));
}

fn collection_not_found() -> AppError {
    AppError::NotFound("Collection not found".into())
}

fn product_not_found() -> AppError {
    AppError::NotFound("The product you're looking for doesn't exist.".into())
}

async fn list_collections(state: web::Data<AppState>) -> AppResult<HttpResponse> {
    let db = state.db.clone();
    state.cache.respond("collections".into(), db.read(|c| Ok(super::list_collections(c)?))).await
}

#[derive(Deserialize)]
struct PageQuery {
    page: Option<i64>,
}

async fn collection_page(state: web::Data<AppState>, id: web::Path<String>, query: web::Query<PageQuery>) -> AppResult<HttpResponse> {
    let id = id.into_inner();
    let page = query.page.unwrap_or(1);
    if !(1..=100_000).contains(&page) {
        return Err(AppError::Validation("page must be a whole number from 1.".into()));
    }
    if !super::plausible_id(&id) {
        return Err(collection_not_found());
    }
    let db = state.db.clone();
    let key = format!("collection:{id}:{page}");
    state
        .cache
        .respond(key, async move { db.read(move |c| super::collection_page(c, &id, page)?.ok_or_else(collection_not_found)).await })
        .await
}

async fn product(state: web::Data<AppState>, id: web::Path<String>) -> AppResult<HttpResponse> {
    let id = id.into_inner();
    if !super::plausible_id(&id) {
        return Err(product_not_found());
    }
    let db = state.db.clone();
    state
        .cache
        .respond(format!("product:{id}"), async move { db.read(move |c| super::get_product(c, &id)?.ok_or_else(product_not_found)).await })
        .await
}

async fn featured(state: web::Data<AppState>) -> AppResult<HttpResponse> {
    let db = state.db.clone();
    state.cache.respond("featured".into(), db.read(|c| Ok(super::featured_products(c)?))).await
}

async fn releases(state: web::Data<AppState>) -> AppResult<HttpResponse> {
    let db = state.db.clone();
    state.cache.respond("releases".into(), db.read(|c| Ok(super::list_releases(c)?))).await
}

async fn hero(state: web::Data<AppState>) -> AppResult<HttpResponse> {
    let db = state.db.clone();
    state.cache.respond("hero".into(), db.read(|c| Ok(super::hero_images(c)?))).await
}
