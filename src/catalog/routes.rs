//! Public catalogue endpoints. Answers come from the JSON cache; writes elsewhere clear it.

use actix_web::{HttpRequest, get, web};
use serde::Deserialize;

use super::listing::{FilterQuery, ProductSort};
use super::{Collection, CollectionPage, Product, Release};
use crate::cache::Answer;
use crate::error::answers::{BadRequest, NotFound};
use crate::error::{AppError, AppResult};
use crate::http::AppState;
use crate::ids::{CollectionId, ProductId};

pub fn configure(cfg: &mut utoipa_actix_web::service_config::ServiceConfig) {
    cfg.service(list_collections)
        .service(collection_page)
        // Before /products/{id}, which would take "featured" for an id.
        .service(featured)
        .service(product)
        .service(releases);
}

fn collection_not_found() -> AppError {
    AppError::NotFound("Collection not found".into())
}

fn product_not_found() -> AppError {
    AppError::NotFound("The product you're looking for doesn't exist.".into())
}

#[utoipa::path(tag = "catalogue", responses((status = OK, body = Vec<Collection>, description = "In menu order")))]
#[get("/collections")]
async fn list_collections(state: web::Data<AppState>) -> AppResult<Answer> {
    let db = state.db.clone();
    state.cache.respond("collections".into(), db.read(|c| Ok(super::list_collections(c)?))).await
}

#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
struct PageQuery {
    /// From 1.
    page: Option<i64>,
    /// Newest first unless told otherwise.
    #[param(inline)]
    sort: Option<ProductSort>,
}

/// One page (24 products) of a collection, filtered and sorted, with the facets of the filters.
#[utoipa::path(
    params(CollectionId, PageQuery, FilterQuery),
    tag = "catalogue", responses((status = OK, body = CollectionPage), BadRequest, NotFound))]
#[get("/collections/{id}")]
async fn collection_page(req: HttpRequest, state: web::Data<AppState>, id: web::Path<CollectionId>) -> AppResult<Answer> {
    // The address exactly as asked a moment ago: its answer, before the query is read.
    let address = req.uri().path_and_query().map_or(req.path(), |a| a.as_str());
    let generation = state.cache.generation();
    if let Some(answer) = state.cache.at_address(address) {
        return Ok(answer);
    }
    let (query, filters) = (crate::error::query::<PageQuery>(&req)?, crate::error::query::<FilterQuery>(&req)?);
    let id = id.into_inner();
    let page = query.page.unwrap_or(1);
    if !(1..=100_000).contains(&page) {
        return Err(AppError::Validation("page must be a whole number from 1.".into()));
    }
    let filters = filters.check()?;
    if !super::plausible_id(&id) {
        return Err(collection_not_found());
    }
    let sort = query.sort.unwrap_or(ProductSort::Newest);
    let db = state.db.clone();
    let plain = filters.is_empty() && sort == ProductSort::Newest;
    let key = if plain { format!("collection:{id}:{page}") } else { format!("collection:{id}:{page}:{sort}:{}", filters.key()) };
    let facts = state.catalogue.listing();
    let build = async move {
        db.read(move |c| super::collection_page(c, &id, page, &filters, sort, &facts)?.ok_or_else(collection_not_found)).await
    };
    // Filtered and sorted pages are keyed by what the client chose: they live in the cache's bounded share.
    let answer = if plain { state.cache.respond(key, build).await? } else { state.cache.respond_filtered(key, build).await? };
    state.cache.keep_at_address(address, &answer, generation);
    Ok(answer)
}

#[utoipa::path(params(ProductId), tag = "catalogue", responses((status = OK, body = Product), NotFound))]
#[get("/products/{id}")]
async fn product(state: web::Data<AppState>, id: web::Path<ProductId>) -> AppResult<Answer> {
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

#[utoipa::path(tag = "catalogue", responses((status = OK, body = Vec<Product>)))]
#[get("/products/featured")]
async fn featured(state: web::Data<AppState>) -> AppResult<Answer> {
    let db = state.db.clone();
    state.cache.respond("featured".into(), db.read(|c| Ok(super::featured_products(c)?))).await
}

#[utoipa::path(tag = "catalogue", responses((status = OK, body = Vec<Release>)))]
#[get("/releases")]
async fn releases(state: web::Data<AppState>) -> AppResult<Answer> {
    let db = state.db.clone();
    state.cache.respond("releases".into(), db.read(|c| Ok(super::list_releases(c)?))).await
}
