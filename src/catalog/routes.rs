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
        .route("/products/{id}", web::patch().to(edit_product))
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

async fn collection_page(
    state: web::Data<AppState>,
    id: web::Path<String>,
    query: web::Query<PageQuery>,
) -> AppResult<HttpResponse> {
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
        .respond(key, async move {
            db.read(move |c| super::collection_page(c, &id, page)?.ok_or_else(collection_not_found)).await
        })
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
        .respond(format!("product:{id}"), async move {
            db.read(move |c| super::get_product(c, &id)?.ok_or_else(product_not_found)).await
        })
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

#[derive(Deserialize)]
pub struct ProductEdit {
    name: Option<String>,
    /// Naira as typed ("25000.50"); a JSON number is read by its text, never as a float.
    price: Option<serde_json::Value>,
    description: Option<String>,
}

/// Reads a naira price sent as a string or a JSON number into kobo.
pub fn price_from_json(value: Option<&serde_json::Value>) -> AppResult<i64> {
    let text = match value {
        Some(serde_json::Value::String(s)) => s.clone(),
        Some(serde_json::Value::Number(n)) => n.to_string(),
        _ => String::new(),
    };
    if text.trim().is_empty() {
        return Err(AppError::Validation("Please enter a price.".into()));
    }
    crate::money::parse_naira(&text).map_err(AppError::Validation)
}

pub const MAX_PRODUCT_NAME: usize = 120;
pub const MAX_DESCRIPTION: usize = 4000;

/// Admin edit of name, price and description.
pub async fn edit_product(
    state: web::Data<AppState>,
    user: crate::auth::CurrentUser,
    id: web::Path<String>,
    body: web::Json<ProductEdit>,
) -> AppResult<HttpResponse> {
    user.require_admin("You do not have permission to edit products.")?;
    let id = id.into_inner();
    let name = body.name.as_deref().unwrap_or("").trim().to_string();
    let description = body.description.as_deref().unwrap_or("").trim().to_string();
    if name.is_empty() || description.is_empty() {
        return Err(AppError::Validation("Please fill in all fields.".into()));
    }
    if name.chars().count() > MAX_PRODUCT_NAME || description.chars().count() > MAX_DESCRIPTION {
        return Err(AppError::Validation("The name or description is too long.".into()));
    }
    let price = price_from_json(body.price.as_ref())?;
    let product_id = id.clone();
    let product = state
        .db
        .write(move |tx| {
            let changed = tx.execute(
                "UPDATE products SET name = ?2, price_kobo = ?3, description = ?4, updated_at = ?5 WHERE id = ?1",
                rusqlite::params![product_id, name, price, description, crate::db::now_ms()],
            )?;
            if changed == 0 {
                return Err(product_not_found());
            }
            super::get_product(tx, &product_id)?.ok_or_else(product_not_found)
        })
        .await?;
    let st = state.clone();
    state.db.read(move |c| st.search.upsert(c, &id)).await?;
    state.cache.invalidate();
    Ok(HttpResponse::Ok().json(product))
}
