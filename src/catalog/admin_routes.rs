//! The admin back office for the catalogue: releases, collections, products (add, delete,
//! featured). Every endpoint checks the admin fact on the server and validates every field.

use actix_multipart::form::MultipartForm;
use actix_web::{HttpRequest, HttpResponse, delete, get, patch, post, put, web};
use rusqlite::{OptionalExtension, params};
use serde::Deserialize;

/// Longest product name and description an admin may save.
pub const MAX_PRODUCT_NAME: usize = 120;
pub const MAX_DESCRIPTION: usize = 4000;
use super::write::{Changes, NewProduct, insert_product};
use super::{Collection, Product, Release};
use crate::api::Message;
use crate::auth::{AdminRefusal, AdminUser};
use crate::db::now_ms;
use crate::error::answers::{BadRequest, Busy, Conflict, Forbidden, NotFound, PayloadTooLarge, TooManyRequests, Unauthorized};
use crate::error::{AppError, AppResult};
use crate::http::AppState;
use crate::ids::ProductId;
use crate::media;
use crate::media::upload::{self, ImageUpload, TextField, UploadSlot};
use crate::money::Kobo;

pub fn configure(cfg: &mut utoipa_actix_web::service_config::ServiceConfig) {
    cfg.service(add_release)
        .service(add_collection)
        .service(lookup_collection)
        .service(edit_collection)
        .service(set_size_guide)
        .service(add_product)
        .service(edit_product)
        .service(delete_product)
        .service(set_featured);
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

/// The new product form (multipart): up to 8 pictures under `images`.
#[derive(MultipartForm, utoipa::ToSchema)]
#[multipart(duplicate_field = "deny")]
struct ProductForm {
    #[schema(value_type = String, min_length = 1, max_length = 120)]
    name: Option<TextField>,
    #[schema(value_type = String, min_length = 1, max_length = 4000)]
    description: Option<TextField>,
    /// Naira with at most two decimals, e.g. 25000.50.
    #[schema(value_type = String, min_length = 1, max_length = 20000)]
    price: Option<TextField>,
    /// On sale: what it cost before, above the price, in naira like the price; blank for none.
    #[multipart(rename = "compareAtPrice")]
    #[schema(rename = "compareAtPrice", value_type = String, required = false, max_length = 20000)]
    compare_at_price: Option<TextField>,
    #[schema(value_type = String, required = false, max_length = 20000)]
    category: Option<TextField>,
    /// Comma-separated, e.g. "40, 41, 42" (the first 20).
    #[schema(value_type = String, required = false, max_length = 20000)]
    sizes: Option<TextField>,
    /// Comma-separated (the first 20).
    #[schema(value_type = String, required = false, max_length = 20000)]
    colors: Option<TextField>,
    /// JSON array of variants (size, color, sku, stock); without it, every size × colour with `stock` units.
    #[schema(value_type = String, required = false, max_length = 20000)]
    variants: Option<TextField>,
    /// Units of each variant when `variants` is not given (default 0).
    #[schema(value_type = String, required = false, max_length = 20000)]
    stock: Option<TextField>,
    /// JPEG, PNG, GIF or WebP, each at most 10 MB and 40 megapixels.
    #[schema(value_type = Vec<String>, format = Binary, min_items = 1, max_items = 8)]
    images: Vec<ImageUpload>,
}

/// At most this many pictures per product.
const MAX_PRODUCT_IMAGES: usize = 8;

fn fill_all() -> AppError {
    AppError::Validation("Please fill in all fields.".into())
}

fn check_lengths(name: &str, description: &str) -> AppResult<()> {
    if name.chars().count() > MAX_PRODUCT_NAME || description.chars().count() > MAX_DESCRIPTION {
        return Err(AppError::Validation(format!(
            "Names may have at most {MAX_PRODUCT_NAME} characters and descriptions {MAX_DESCRIPTION}."
        )));
    }
    Ok(())
}

fn price_field(text: &str) -> AppResult<Kobo> {
    if text.is_empty() {
        return Err(fill_all());
    }
    crate::money::parse_naira(text).map_err(AppError::Validation)
}

/// The spec's refusals for product edits and deletes.
pub struct EditProducts;
pub struct DeleteProducts;

impl AdminRefusal for EditProducts {
    const MESSAGE: &'static str = "You do not have permission to edit products.";
}

impl AdminRefusal for DeleteProducts {
    const MESSAGE: &'static str = "You do not have permission to delete products.";
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
    state.submissions.check(&req, &user.id)?;
    let uploads = image.into_iter().collect();
    let release = state.catalogue.write_with_uploads(&state.media, "releases", uploads, media::ImageKind::Wide, move |tx, keys| {
        let product_collection: Option<String> =
            tx.query_row("SELECT collection_id FROM products WHERE id = ?1", [&product_id], |r| r.get(0)).optional()?;
        match product_collection {
            None => return Err(AppError::Validation("The release must point at an existing product.".into())),
            Some(c) if c != collection_id => {
                return Err(AppError::Validation("The product is not in the chosen collection.".into()));
            }
            Some(_) => {}
        }
        let id = crate::util::new_id();
        tx.execute(
            "INSERT INTO releases (id, name, description, price_kobo, collection_id, product_id, image_key, featured, created_by, created_at)
             VALUES (:id, :name, :description, :price, :collection, :product, :image, :featured, :by, :now)",
            rusqlite::named_params! {
                ":id": id,
                ":name": name,
                ":description": description,
                ":price": price,
                ":collection": collection_id,
                ":product": product_id,
                ":image": keys[0],
                ":featured": featured,
                ":by": user.id,
                ":now": now_ms(),
            },
        )?;
        Ok((super::list_releases(tx)?.into_iter().find(|r| r.id == id), Changes::shown()))
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
    state.submissions.check(&req, &user.id)?;
    let uploads = image.into_iter().collect();
    let collection = state
        .catalogue
        .write_with_uploads(&state.media, "collections", uploads, media::ImageKind::Wide, move |tx, keys| {
            let id = slug_for(tx, &name)?;
            let now = now_ms();
            tx.execute(
                "INSERT INTO collections (id, name, description, image_key, created_at, updated_at) VALUES (?1, ?2, ?3, ?4, ?5, ?5)",
                params![id, name, description, keys[0], now],
            )
            .map_err(|e| if crate::db::is_unique_violation(&e) { name_taken() } else { e.into() })?;
            Ok((super::get_collection(tx, &id)?, Changes::collection(&id)))
        })
        .await
        .map_err(could_not_add)?;
    Ok(HttpResponse::Created().json(CollectionSaved { message: "New collection added successfully", collection }))
}

fn name_taken() -> AppError {
    AppError::Conflict("A collection with this name already exists.".into())
}

/// The spec's wording for a failed add, keeping validation messages the admin can act on.
fn could_not_add(e: AppError) -> AppError {
    match e {
        e if e.is_internal() => {
            log::error!("adding a collection failed: {e}");
            AppError::Internal("Could not add document".into())
        }
        other => other,
    }
}

/// A readable, unused id from a name ("Agbada & Kaftans" -> "agbada-kaftans").
fn slug_for(tx: &rusqlite::Connection, name: &str) -> AppResult<String> {
    let base: String = name
        .to_lowercase()
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
        .collect::<String>()
        .split('-')
        .filter(|p| !p.is_empty())
        .collect::<Vec<_>>()
        .join("-")
        .chars()
        .take(48)
        .collect();
    let base = if base.is_empty() { crate::util::random_id(8).to_lowercase() } else { base };
    let mut candidate = base.clone();
    for n in 2.. {
        let taken: bool = tx.query_row("SELECT EXISTS(SELECT 1 FROM collections WHERE id = ?1)", [&candidate], |r| r.get(0))?;
        if !taken {
            break;
        }
        candidate = format!("{base}-{n}");
    }
    Ok(candidate)
}

#[utoipa::path(
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
    id: web::Path<String>,
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
    let collection = state
        .catalogue
        .write_with_uploads(&state.media, "collections", image, media::ImageKind::Wide, move |tx, keys| {
            let old: Option<Option<String>> =
                tx.query_row("SELECT image_key FROM collections WHERE id = ?1", [&id], |r| r.get(0)).optional()?;
            let Some(old) = old else { return Err(AppError::NotFound("Collection not found".into())) };
            tx.execute(
                "UPDATE collections SET name = ?2, description = ?3, image_key = COALESCE(?4, image_key), updated_at = ?5 WHERE id = ?1",
                params![id, name, description, keys.first(), now_ms()],
            )
            .map_err(|e| if crate::db::is_unique_violation(&e) { name_taken() } else { e.into() })?;
            if let (Some(old), Some(new)) = (old, keys.first())
                && old != *new
            {
                media::release_if_unused(tx, &root, &old)?;
            }
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
#[utoipa::path(tag = "admin", responses((status = OK, body = Collection), BadRequest, Unauthorized, Forbidden, NotFound))]
#[put("/collections/{id}/size-guide")]
async fn set_size_guide(
    state: web::Data<AppState>,
    _admin: AdminUser,
    id: web::Path<String>,
    body: web::Json<SizeGuideBody>,
) -> AppResult<HttpResponse> {
    let id = id.into_inner();
    let guide = super::check_size_guide(&body.columns, &body.rows)?;
    let collection = state
        .catalogue
        .write(move |tx| {
            // updated_at stays: it tells the search index when to re-read names, and the guide is not searched.
            let json = guide.map(|g| g.to_json());
            if tx.execute("UPDATE collections SET size_guide = ?2 WHERE id = ?1", params![id, json])? == 0 {
                return Err(AppError::NotFound("Collection not found".into()));
            }
            Ok((super::get_collection(tx, &id)?, Changes::shown()))
        })
        .await?;
    Ok(HttpResponse::Ok().json(collection))
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
        .read(move |c| {
            let id: Option<String> = c.query_row("SELECT id FROM collections WHERE name = ?1", [&name], |r| r.get(0)).optional()?;
            match id {
                Some(id) => Ok(super::get_collection(c, &id)?),
                None => Ok(None),
            }
        })
        .await?
        .ok_or_else(|| AppError::NotFound("Collection not found".into()))?;
    Ok(HttpResponse::Ok().json(collection))
}

#[utoipa::path(
    tag = "admin",
    request_body(content = ProductForm, content_type = "multipart/form-data"),
    responses((status = CREATED, body = Option<Product>), BadRequest, Unauthorized, Forbidden, NotFound, Conflict, PayloadTooLarge, TooManyRequests, Busy)
)]
#[post("/collections/{id}/products")]
async fn add_product(
    req: HttpRequest,
    state: web::Data<AppState>,
    _slot: UploadSlot,
    AdminUser(user, _): AdminUser,
    collection: web::Path<String>,
    body: web::Payload,
) -> AppResult<HttpResponse> {
    let collection_id = collection.into_inner();
    let ProductForm { name, description, price, compare_at_price, category, sizes, colors, variants, stock, images } =
        upload::read(&req, body).await?;
    let [name, description, price, compare_at_price, category, sizes, colors, variants, stock] =
        [name, description, price, compare_at_price, category, sizes, colors, variants, stock].map(TextField::or_empty);
    let images = ImageUpload::all_sent(images);
    if images.len() > MAX_PRODUCT_IMAGES {
        return Err(upload::too_many_files(MAX_PRODUCT_IMAGES).into());
    }
    if name.is_empty() || description.is_empty() || images.is_empty() {
        return Err(fill_all());
    }
    check_lengths(&name, &description)?;
    let price = price_field(&price)?;
    let compare_at = compare_at_field(Some(&serde_json::Value::String(compare_at_price)))?;
    super::write::check_sale(price, compare_at)?;
    let list = |text: &str| -> Vec<String> { text.split(',').map(|s| s.trim().to_string()).filter(|s| !s.is_empty()).take(20).collect() };
    let (sizes, colors) = (list(&sizes), list(&colors));
    let variants = match variants.as_str() {
        "" => {
            let stock = if stock.is_empty() { 0 } else { crate::stock::parse_stock(&serde_json::Value::String(stock))? };
            crate::stock::every_combination(&sizes, &colors, stock)
        }
        json => {
            let inputs: Vec<crate::stock::VariantInput> = serde_json::from_str(json)
                .map_err(|_| AppError::Validation("The variants are not a list of size, colour, SKU and stock.".into()))?;
            crate::stock::check_variants(&inputs)?
        }
    };
    state.submissions.check(&req, &user.id)?;
    let id_for_tx = ProductId::from(crate::util::new_id());
    let mut new = NewProduct::new(&collection_id, &name, &description, price);
    new.compare_at = compare_at;
    (new.category, new.sizes, new.colors, new.variants) = ((!category.is_empty()).then_some(category), sizes, colors, variants);
    let product = state
        .catalogue
        .write_with_uploads(&state.media, "products", images, media::ImageKind::Portrait, move |tx, keys| {
            new.image_keys = keys;
            insert_product(tx, &id_for_tx, &new, now_ms())?;
            Ok((super::get_product(tx, &id_for_tx)?, Changes::product(&id_for_tx)))
        })
        .await?;
    Ok(HttpResponse::Created().json(product))
}

/// Deletes a product with its pictures, bag and saved entries, releases and search entry.
#[utoipa::path(tag = "admin", responses((status = OK, body = Message), Unauthorized, Forbidden, NotFound))]
#[delete("/products/{id}")]
async fn delete_product(state: web::Data<AppState>, _admin: AdminUser<DeleteProducts>, id: web::Path<String>) -> AppResult<HttpResponse> {
    let id = ProductId::from(id.into_inner());
    let root = state.media.root.clone();
    state
        .catalogue
        .write(move |tx| {
            let product_id = id;
            let mut keys: Vec<String> = tx
                .prepare("SELECT media_key FROM product_images WHERE product_id = ?1")?
                .query_map([&product_id], |r| r.get(0))?
                .collect::<Result<_, _>>()?;
            let release_keys: Vec<String> = tx
                .prepare("SELECT image_key FROM releases WHERE product_id = ?1")?
                .query_map([&product_id], |r| r.get(0))?
                .collect::<Result<_, _>>()?;
            keys.extend(release_keys);
            let color_keys: Vec<String> = tx
                .prepare("SELECT media_key FROM color_images WHERE product_id = ?1")?
                .query_map([&product_id], |r| r.get(0))?
                .collect::<Result<_, _>>()?;
            keys.extend(color_keys);
            // Bag lines, saved entries, pictures and releases go with it (ON DELETE CASCADE).
            if tx.execute("DELETE FROM products WHERE id = ?1", [&product_id])? == 0 {
                return Err(product_not_found());
            }
            for key in keys {
                media::release_if_unused(tx, &root, &key)?;
            }
            Ok(((), Changes::removed(&product_id)))
        })
        .await?;
    Ok(HttpResponse::Ok().json(Message::new("Product deleted.")))
}

#[derive(Deserialize, utoipa::ToSchema)]
struct FeaturedBody {
    featured: bool,
}

#[utoipa::path(tag = "admin", responses((status = OK, body = Product), BadRequest, Unauthorized, Forbidden, NotFound))]
#[put("/products/{id}/featured")]
async fn set_featured(
    state: web::Data<AppState>,
    _admin: AdminUser,
    id: web::Path<String>,
    body: web::Json<FeaturedBody>,
) -> AppResult<HttpResponse> {
    let id = ProductId::from(id.into_inner());
    let featured = body.featured;
    let product = state
        .catalogue
        .write(move |tx| {
            // updated_at stays: it tracks what search indexes, and featured is not searched.
            if tx.execute("UPDATE products SET featured = ?2 WHERE id = ?1", params![id, featured])? == 0 {
                return Err(product_not_found());
            }
            Ok((super::get_product(tx, &id)?, Changes::shown()))
        })
        .await?;
    Ok(HttpResponse::Ok().json(product))
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct ProductEdit {
    name: Option<String>,
    /// Naira as typed ("25000.50"); a JSON number is read by its text, never as a float. Sent as
    /// null it is refused (a product always has a price); left out, it stays.
    #[schema(value_type = Option<String>)]
    #[serde(default, deserialize_with = "sent")]
    price: Option<serde_json::Value>,
    description: Option<String>,
    /// On sale: what it cost before, in naira as typed like `price`, above the price (shown struck
    /// through with the percentage off). Sent as null or "" it ends the sale; left out, it stays.
    #[schema(value_type = Option<String>)]
    #[serde(default, rename = "compareAtPrice", deserialize_with = "sent")]
    compare_at_price: Option<serde_json::Value>,
    /// When given, replaces the product's variants (matched by size and colour, so kept ones
    /// keep their bag lines); its sizes and colours follow.
    variants: Option<Vec<crate::stock::VariantInput>>,
}

/// A field that was sent, even as null (left out, it is `None`).
fn sent<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<serde_json::Value>, D::Error> {
    <serde_json::Value as Deserialize>::deserialize(d).map(Some)
}

/// Reads a naira price sent as a string or a JSON number into kobo.
pub fn price_from_json(value: Option<&serde_json::Value>) -> AppResult<Kobo> {
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

/// A compare-at price as an admin typed it: None when blank or null.
fn compare_at_field(value: Option<&serde_json::Value>) -> AppResult<Option<Kobo>> {
    crate::money::optional_naira(value, "compare-at price").map_err(AppError::Validation)
}

/// Edits a product: only the fields sent change (name, price, compare-at price, description,
/// variants with their stock); a field sent empty is refused with the reason.
#[utoipa::path(tag = "admin", responses((status = OK, body = Product), BadRequest, Unauthorized, Forbidden, NotFound, Conflict))]
#[patch("/products/{id}")]
async fn edit_product(
    state: web::Data<AppState>,
    _admin: AdminUser<EditProducts>,
    id: web::Path<String>,
    body: web::Json<ProductEdit>,
) -> AppResult<HttpResponse> {
    let id = ProductId::from(id.into_inner());
    let body = body.into_inner();
    let text = |value: Option<String>, max: usize, what: &str| -> AppResult<Option<String>> {
        let Some(value) = value.map(|v| v.trim().to_string()) else { return Ok(None) };
        if value.is_empty() {
            return Err(fill_all());
        }
        if value.chars().count() > max {
            return Err(AppError::Validation(format!("The {what} is too long.")));
        }
        Ok(Some(value))
    };
    let name = text(body.name, MAX_PRODUCT_NAME, "name")?;
    let description = text(body.description, MAX_DESCRIPTION, "description")?;
    let price = body.price.as_ref().map(|p| price_from_json(Some(p))).transpose()?;
    // Some(None): the sale ends.
    let compare_at = body.compare_at_price.as_ref().map(|c| compare_at_field(Some(c))).transpose()?;
    let variants = body.variants.as_deref().map(crate::stock::check_variants).transpose()?;
    let root = state.media.root.clone();
    let product = state
        .catalogue
        .write(move |tx| {
            let changed = tx.execute(
                "UPDATE products SET name = COALESCE(?2, name), price_kobo = COALESCE(?3, price_kobo),
                        description = COALESCE(?4, description), updated_at = ?5 WHERE id = ?1",
                params![id, name, price, description, now_ms()],
            )?;
            if changed == 0 {
                return Err(product_not_found());
            }
            if let Some(compare_at) = compare_at {
                tx.execute("UPDATE products SET compare_at_kobo = ?2 WHERE id = ?1", params![id, compare_at])?;
            }
            let (price, compare_at): (Kobo, Option<Kobo>) =
                tx.query_row("SELECT price_kobo, compare_at_kobo FROM products WHERE id = ?1", [&id], |r| Ok((r.get(0)?, r.get(1)?)))?;
            super::write::check_sale(price, compare_at)?;
            if let Some(variants) = &variants {
                for key in crate::stock::replace_variants(tx, &id, variants)? {
                    media::release_if_unused(tx, &root, &key)?;
                }
            }
            let product = super::get_product(tx, &id)?.ok_or_else(product_not_found)?;
            Ok((product, Changes::product(&id)))
        })
        .await?;
    Ok(HttpResponse::Ok().json(product))
}

fn product_not_found() -> AppError {
    AppError::NotFound("The product you're looking for doesn't exist.".into())
}
