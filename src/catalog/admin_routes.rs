//! The admin back office for the catalogue: releases and collections (products are in
//! `product_routes`). Every endpoint checks the admin fact on the server and validates every field.

use actix_multipart::form::MultipartForm;
use actix_web::{HttpRequest, HttpResponse, delete, get, post, put, web};
use serde::Deserialize;

use super::collections::NewRelease;
use super::write::{Changes, check_lengths};
use super::{Collection, Release};
use crate::auth::AdminUser;
use crate::error::answers::{BadRequest, Busy, Conflict, Forbidden, NotFound, PayloadTooLarge, TooManyRequests, Unauthorized};
use crate::error::{AppError, AppResult};
use crate::http::AppState;
use crate::ids::CollectionId;
use crate::media;
use crate::media::upload::{self, ImageUpload, TextField, UploadSlot};
use crate::money::Kobo;

/// The admin route whose path the public catalogue's `GET /collections/{id}` would take: registered
/// before the public routes (`app::routes`).
pub fn configure_before_public(cfg: &mut utoipa_actix_web::service_config::ServiceConfig) {
    cfg.service(lookup_collection);
}

pub fn configure(cfg: &mut utoipa_actix_web::service_config::ServiceConfig) {
    cfg.service(add_release)
        .service(add_collection)
        .service(edit_collection)
        .service(set_size_guide)
        .service(reorder_collections)
        .service(set_collection_hidden)
        .service(delete_collection);
}

/// An added or edited collection, with the spec's confirmation.
#[derive(serde::Serialize, utoipa::ToSchema)]
struct CollectionSaved {
    message: &'static str,
    collection: Option<super::Collection>,
}

/// The new release form (multipart).
// Required fields are `Option`s: a missing one gets the spec's "Please fill in all fields.", not
// the extractor's message. The same holds for every form below.
#[derive(MultipartForm, utoipa::ToSchema)]
#[multipart(duplicate_field = "deny")]
#[schema(rename_all = "camelCase")]
struct ReleaseForm {
    #[schema(value_type = String, min_length = 1, max_length = 120)]
    name: Option<TextField>,
    #[schema(value_type = String, min_length = 1, max_length = 4000)]
    description: Option<TextField>,
    /// Naira with at most two decimals, e.g. 25000.50.
    #[schema(value_type = String, min_length = 1, max_length = 20000)]
    price: Option<TextField>,
    #[multipart(rename = "collectionId")]
    #[schema(value_type = String, min_length = 1, max_length = 20000)]
    collection_id: Option<TextField>,
    #[multipart(rename = "productId")]
    #[schema(value_type = String, min_length = 1, max_length = 20000)]
    product_id: Option<TextField>,
    /// "true", "on" or "1" to show it on the home page.
    #[schema(value_type = String, required = false, max_length = 20000)]
    featured: Option<TextField>,
    /// JPEG, PNG, GIF or WebP, at most 10 MB and 40 megapixels.
    #[schema(value_type = String, format = Binary)]
    image: Option<ImageUpload>,
}

/// The new collection form (multipart).
#[derive(MultipartForm, utoipa::ToSchema)]
#[multipart(duplicate_field = "deny")]
struct CollectionForm {
    #[schema(value_type = String, min_length = 1, max_length = 120)]
    name: Option<TextField>,
    #[schema(value_type = String, min_length = 1, max_length = 4000)]
    description: Option<TextField>,
    /// JPEG, PNG, GIF or WebP, at most 10 MB and 40 megapixels.
    #[schema(value_type = String, format = Binary)]
    image: Option<ImageUpload>,
}

/// The collection edit form (multipart): the image only when it changes.
#[derive(MultipartForm, utoipa::ToSchema)]
#[multipart(duplicate_field = "deny")]
struct CollectionEditForm {
    #[schema(value_type = String, min_length = 1, max_length = 120)]
    name: Option<TextField>,
    #[schema(value_type = String, min_length = 1, max_length = 4000)]
    description: Option<TextField>,
    /// JPEG, PNG, GIF or WebP, at most 10 MB and 40 megapixels.
    #[schema(value_type = String, format = Binary, required = false)]
    image: Option<ImageUpload>,
}

pub(super) fn fill_all() -> AppError {
    AppError::Validation("Please fill in all fields.".into())
}

pub(super) fn price_field(text: &str) -> AppResult<Kobo> {
    if text.is_empty() {
        return Err(fill_all());
    }
    crate::money::parse_naira(text).map_err(AppError::Validation)
}

#[utoipa::path(
    tag = "admin",
    request_body(content = ReleaseForm, content_type = "multipart/form-data"),
    responses((status = CREATED, body = Option<Release>), BadRequest, Unauthorized, Forbidden, Conflict, PayloadTooLarge, TooManyRequests, Busy)
)]
#[post("/releases")]
async fn add_release(
    req: HttpRequest,
    state: web::Data<AppState>,
    _slot: UploadSlot,
    AdminUser(user, _): AdminUser,
    body: web::Payload,
) -> AppResult<HttpResponse> {
    let ReleaseForm { name, description, price, collection_id, product_id, featured, image } = upload::read(&req, body).await?;
    let [name, description, price, collection_id, product_id, featured] =
        [name, description, price, collection_id, product_id, featured].map(TextField::or_empty);
    let featured = matches!(featured.as_str(), "true" | "on" | "1");
    let image = ImageUpload::sent(image);
    if name.is_empty() || description.is_empty() || collection_id.is_empty() || product_id.is_empty() || image.is_none() {
        return Err(fill_all());
    }
    check_lengths(&name, &description)?;
    let price = price_field(&price)?;
    state.limits.submissions.check(&req, &user.id)?;
    let uploads = image.into_iter().collect();
    let now = state.clock.now_ms();
    let release = state
        .catalogue
        .write_with_uploads(&state.media, "releases", uploads, media::ImageKind::Wide, move |tx, keys| {
            let new = NewRelease { name, description, price, collection_id, product_id, image_key: keys[0].clone(), featured };
            Ok((super::collections::add_release(tx, &new, &user.id, now)?, Changes::shown()))
        })
        .await?;
    Ok(HttpResponse::Created().json(release))
}

#[utoipa::path(
    tag = "admin",
    request_body(content = CollectionForm, content_type = "multipart/form-data"),
    responses((status = CREATED, body = CollectionSaved), BadRequest, Unauthorized, Forbidden, Conflict, PayloadTooLarge, TooManyRequests, Busy)
)]
#[post("/collections")]
async fn add_collection(
    req: HttpRequest,
    state: web::Data<AppState>,
    _slot: UploadSlot,
    AdminUser(user, _): AdminUser,
    body: web::Payload,
) -> AppResult<HttpResponse> {
    let CollectionForm { name, description, image } = upload::read(&req, body).await?;
    let (name, description) = (TextField::or_empty(name), TextField::or_empty(description));
    let image = ImageUpload::sent(image);
    if name.is_empty() || description.is_empty() || image.is_none() {
        return Err(fill_all());
    }
    check_lengths(&name, &description)?;
    state.limits.submissions.check(&req, &user.id)?;
    let uploads = image.into_iter().collect();
    let now = state.clock.now_ms();
    let collection = state
        .catalogue
        .write_with_uploads(&state.media, "collections", uploads, media::ImageKind::Wide, move |tx, keys| {
            let id = super::collections::add(tx, &name, &description, &keys[0], now)?;
            Ok((super::get_collection(tx, &id)?, Changes::collection(&id)))
        })
        .await
        .map_err(could_not_add)?;
    Ok(HttpResponse::Created().json(CollectionSaved { message: "New collection added successfully", collection }))
}

/// The spec's wording for a failed add, keeping validation messages the admin can act on.
fn could_not_add(e: AppError) -> AppError {
    match e {
        e if e.is_internal() => {
            tracing::error!(error = %e, "adding a collection failed");
            AppError::Internal("Could not add document".into())
        }
        other => other,
    }
}

/// Edits a collection: its name and description, and its picture when a new one is sent (the
/// old one stays otherwise).
#[utoipa::path(
    params(CollectionId),
    tag = "admin",
    request_body(content = CollectionEditForm, content_type = "multipart/form-data"),
    responses((status = OK, body = CollectionSaved), BadRequest, Unauthorized, Forbidden, NotFound, Conflict, PayloadTooLarge, TooManyRequests, Busy)
)]
#[put("/collections/{id}")]
async fn edit_collection(
    req: HttpRequest,
    state: web::Data<AppState>,
    _slot: UploadSlot,
    _admin: AdminUser,
    id: web::Path<CollectionId>,
    body: web::Payload,
) -> AppResult<HttpResponse> {
    let id = id.into_inner();
    let CollectionEditForm { name, description, image } = upload::read(&req, body).await?;
    let (name, description) = (TextField::or_empty(name), TextField::or_empty(description));
    if name.is_empty() || description.is_empty() {
        return Err(fill_all());
    }
    check_lengths(&name, &description)?;
    let image: Vec<ImageUpload> = ImageUpload::sent(image).into_iter().collect();
    let root = state.media.root.clone();
    let now = state.clock.now_ms();
    let collection = state
        .catalogue
        .write_with_uploads(&state.media, "collections", image, media::ImageKind::Wide, move |tx, keys| {
            super::collections::edit(tx, &root, &id, (&name, &description), keys.first(), now)?;
            // The new name is searchable at once: its products are found by it.
            Ok((super::get_collection(tx, &id)?, Changes::collection(&id)))
        })
        .await?;
    Ok(HttpResponse::Ok().json(CollectionSaved { message: "Collection updated successfully", collection }))
}

/// A collection's size guide: headings and rows of short texts; no columns or no rows removes it.
#[derive(Deserialize, utoipa::ToSchema)]
struct SizeGuideBody {
    /// E.g. ["EU", "UK", "US", "Foot length"]; each at most 40 characters.
    #[schema(max_items = 8)]
    columns: Vec<String>,
    /// Each as wide as `columns`; blank rows are dropped.
    #[schema(max_items = 40)]
    rows: Vec<Vec<String>>,
}

/// Sets (or removes) a collection's size guide, opened from its products' size choice.
#[utoipa::path(params(CollectionId), tag = "admin", responses((status = OK, body = Collection), BadRequest, Unauthorized, Forbidden, NotFound))]
#[put("/collections/{id}/size-guide")]
async fn set_size_guide(
    state: web::Data<AppState>,
    _admin: AdminUser,
    id: web::Path<CollectionId>,
    body: web::Json<SizeGuideBody>,
) -> AppResult<HttpResponse> {
    let id = id.into_inner();
    let guide = super::check_size_guide(&body.columns, &body.rows)?;
    let collection = state
        .catalogue
        .write(move |tx| {
            super::collections::set_size_guide(tx, &id, guide.as_ref())?;
            Ok((super::get_collection(tx, &id)?, Changes::shown()))
        })
        .await?;
    Ok(HttpResponse::Ok().json(collection))
}

/// The collections in their new menu order.
#[derive(Deserialize, utoipa::ToSchema)]
struct CollectionOrder {
    /// Every collection's id, each once, first in the menus first.
    #[schema(max_items = 500)]
    ids: Vec<String>,
}

/// Puts the collections in a new order in the menus, the home page and the product form.
#[utoipa::path(tag = "admin", responses((status = OK, body = Vec<Collection>), BadRequest, Unauthorized, Forbidden))]
#[put("/admin/collections/order")]
async fn reorder_collections(state: web::Data<AppState>, _admin: AdminUser, body: web::Json<CollectionOrder>) -> AppResult<HttpResponse> {
    let ids = body.into_inner().ids;
    let now = state.clock.now_ms();
    let collections = state
        .catalogue
        .write(move |tx| {
            super::collections::reorder(tx, &ids, now)?;
            Ok((super::list_collections(tx)?, Changes::shown()))
        })
        .await?;
    Ok(HttpResponse::Ok().json(collections))
}

#[derive(Deserialize, utoipa::ToSchema)]
struct HiddenBody {
    /// True leaves the collection out of the menus and the home page; its address keeps working.
    hidden: bool,
}

/// Shows a collection in the menus or hides it from them.
#[utoipa::path(params(CollectionId), tag = "admin", responses((status = OK, body = Collection), BadRequest, Unauthorized, Forbidden, NotFound))]
#[put("/collections/{id}/hidden")]
async fn set_collection_hidden(
    state: web::Data<AppState>,
    _admin: AdminUser,
    id: web::Path<CollectionId>,
    body: web::Json<HiddenBody>,
) -> AppResult<HttpResponse> {
    let (id, hidden) = (id.into_inner(), body.hidden);
    let now = state.clock.now_ms();
    let collection = state
        .catalogue
        .write(move |tx| {
            super::collections::set_hidden(tx, &id, hidden, now)?;
            Ok((super::get_collection(tx, &id)?, Changes::shown()))
        })
        .await?;
    Ok(HttpResponse::Ok().json(collection))
}

#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
struct DeleteQuery {
    /// Another collection to move this one's products, releases and discount codes to first.
    move_to: Option<String>,
}

/// Deletes a collection: refused (409, with the count) while products, releases or discount codes
/// are in it, unless `moveTo` names the collection they move to first, in the same step.
#[utoipa::path(
    params(CollectionId, DeleteQuery),
    tag = "admin", responses((status = OK, body = crate::api::Message), BadRequest, Unauthorized, Forbidden, NotFound, Conflict))]
#[delete("/collections/{id}")]
async fn delete_collection(
    req: HttpRequest,
    state: web::Data<AppState>,
    _admin: AdminUser,
    id: web::Path<CollectionId>,
) -> AppResult<HttpResponse> {
    let query = crate::error::query::<DeleteQuery>(&req)?;
    let id = id.into_inner();
    let move_to = query.move_to.filter(|m| !m.trim().is_empty());
    let root = state.media.root.clone();
    let name = state
        .catalogue
        .write(move |tx| {
            let name = super::collections::delete(tx, &root, &id, move_to.as_deref())?;
            // The moved products are found under their new collection's name.
            let changes = move_to.as_deref().map_or_else(Changes::shown, Changes::collection);
            Ok((name, changes))
        })
        .await?;
    Ok(HttpResponse::Ok().json(crate::api::Message::new(format!("{name} deleted."))))
}

#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
struct LookupQuery {
    name: Option<String>,
}

/// Finds a collection by its name (any case).
#[utoipa::path(tag = "catalogue", params(LookupQuery), responses((status = OK, body = Collection), BadRequest, NotFound))]
#[get("/collections/lookup")]
async fn lookup_collection(state: web::Data<AppState>, query: web::Query<LookupQuery>) -> AppResult<HttpResponse> {
    let name = query.name.as_deref().unwrap_or("").trim().to_string();
    if name.is_empty() {
        return Err(AppError::Validation("Valid collection name is required".into()));
    }
    let collection = state
        .db
        .read(move |c| super::collections::by_name(c, &name))
        .await?
        .ok_or_else(|| AppError::NotFound("Collection not found".into()))?;
    Ok(HttpResponse::Ok().json(collection))
}
