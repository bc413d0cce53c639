//! The admin back office's products: add, edit, delete, feature, copy, photos, the Products list
//! and its bulk actions. Every endpoint checks the admin fact on the server and validates every
//! field.

use actix_multipart::form::MultipartForm;
use actix_web::{HttpRequest, HttpResponse, delete, get, patch, post, put, web};
use serde::Deserialize;

use super::Product;
use super::admin::{AdminProductPage, BulkAction, ProductFilter, ProductSort, StockStatus};
use super::admin_routes::{fill_all, price_field};
use super::products::product_not_found;
use super::write::{Changes, MAX_DESCRIPTION, MAX_PRODUCT_IMAGES, MAX_PRODUCT_NAME, NewProduct, check_lengths, insert_product};
use crate::api::Message;
use crate::auth::{AdminUser, DeleteProducts, EditProducts};
use crate::error::answers::{BadRequest, Busy, Conflict, Forbidden, NotFound, PayloadTooLarge, TooManyRequests, Unauthorized};
use crate::error::{AppError, AppResult};
use crate::http::AppState;
use crate::ids::{CollectionId, ProductId};
use crate::media;
use crate::media::upload::{self, ImageUpload, TextField, UploadSlot};
use crate::money::{Kobo, Naira};

pub fn configure(cfg: &mut utoipa_actix_web::service_config::ServiceConfig) {
    cfg.service(add_product)
        .service(edit_product)
        .service(delete_product)
        .service(set_featured)
        .service(list_products)
        .service(bulk_products)
        .service(duplicate_product)
        .service(set_photos)
        .service(fixed_prices);
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

#[utoipa::path(
    params(CollectionId),
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
    collection: web::Path<CollectionId>,
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
    let compare_at = compare_at_field(Some(&Naira::Typed(compare_at_price)))?;
    super::write::check_sale(price, compare_at)?;
    let list = |text: &str| -> Vec<String> { text.split(',').map(|s| s.trim().to_string()).filter(|s| !s.is_empty()).take(20).collect() };
    let (sizes, colors) = (list(&sizes), list(&colors));
    let variants = match variants.as_str() {
        "" => {
            let stock = if stock.is_empty() { 0 } else { crate::stock::StockCount::Typed(stock).get()? };
            crate::stock::every_combination(&sizes, &colors, stock)
        }
        json => {
            let inputs: Vec<crate::stock::VariantInput> = serde_json::from_str(json)
                .map_err(|_| AppError::Validation("The variants are not a list of size, colour, SKU and stock.".into()))?;
            crate::stock::check_variants(&inputs)?
        }
    };
    state.limits.submissions.check(&req, &user.id)?;
    let id_for_tx = ProductId::from(crate::util::new_id());
    let mut new = NewProduct::new(&collection_id, &name, &description, price);
    new.compare_at = compare_at;
    (new.category, new.sizes, new.colors, new.variants) = ((!category.is_empty()).then_some(category), sizes, colors, variants);
    let now = state.clock.now_ms();
    let product = state
        .catalogue
        .write_with_uploads(&state.media, "products", images, media::ImageKind::Portrait, move |tx, keys| {
            new.image_keys = keys;
            insert_product(tx, &id_for_tx, &new, now)?;
            Ok((super::get_product(tx, &id_for_tx)?, Changes::product(&id_for_tx)))
        })
        .await?;
    Ok(HttpResponse::Created().json(product))
}

/// Deletes a product with its pictures, bag and saved entries, releases and search entry.
#[utoipa::path(params(ProductId), tag = "admin", responses((status = OK, body = Message), Unauthorized, Forbidden, NotFound))]
#[delete("/products/{id}")]
async fn delete_product(
    state: web::Data<AppState>,
    _admin: AdminUser<DeleteProducts>,
    id: web::Path<ProductId>,
) -> AppResult<HttpResponse> {
    let id = id.into_inner();
    let root = state.media.root.clone();
    state
        .catalogue
        .write(move |tx| {
            super::admin::delete(tx, &root, &id)?;
            Ok(((), Changes::removed(&id)))
        })
        .await?;
    Ok(HttpResponse::Ok().json(Message::new("Product deleted.")))
}

#[derive(Deserialize, utoipa::ToSchema)]
struct FeaturedBody {
    featured: bool,
}

#[utoipa::path(params(ProductId), tag = "admin", responses((status = OK, body = Product), BadRequest, Unauthorized, Forbidden, NotFound))]
#[put("/products/{id}/featured")]
async fn set_featured(
    state: web::Data<AppState>,
    _admin: AdminUser,
    id: web::Path<ProductId>,
    body: web::Json<FeaturedBody>,
) -> AppResult<HttpResponse> {
    let id = id.into_inner();
    let featured = body.featured;
    let product = state
        .catalogue
        .write(move |tx| {
            super::products::set_featured(tx, &id, featured)?;
            Ok((super::get_product(tx, &id)?, Changes::shown()))
        })
        .await?;
    Ok(HttpResponse::Ok().json(product))
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct ProductEdit {
    name: Option<String>,
    /// Naira as typed ("25000.50"). Sent as null it is refused (a product always has a price);
    /// left out, it stays.
    #[schema(value_type = Option<Naira>)]
    #[serde(default, deserialize_with = "crate::util::sent")]
    price: Option<Option<Naira>>,
    description: Option<String>,
    /// On sale: what it cost before, in naira as typed like `price`, above the price (shown struck
    /// through with the percentage off). Sent as null or "" it ends the sale; left out, it stays.
    #[schema(value_type = Option<Naira>)]
    #[serde(default, rename = "compareAtPrice", deserialize_with = "crate::util::sent")]
    compare_at_price: Option<Option<Naira>>,
    /// When given, replaces the product's variants (matched by size and colour, so kept ones
    /// keep their bag lines); its sizes and colours follow.
    variants: Option<Vec<crate::stock::VariantInput>>,
    /// Moves the product to this collection (its releases follow).
    #[serde(rename = "collectionId")]
    #[schema(min_length = 1, max_length = 100)]
    collection_id: Option<String>,
    /// The category shown above the name; sent as "" or null it is removed, left out it stays.
    #[schema(value_type = Option<String>, max_length = 120)]
    #[serde(default, deserialize_with = "crate::util::sent")]
    category: Option<Option<String>>,
    /// When given, replaces its fixed prices abroad: each "29.99" in its currency, "" for none
    /// (the price then follows the exchange rate).
    #[serde(rename = "fixedPrices")]
    fixed_prices: Option<Vec<crate::abroad::FixedPriceInput>>,
}

/// A category as sent: `None` when left out, `Some(None)` to remove it, `Some(Some(text))` to set it.
fn category_edit(value: Option<Option<String>>) -> AppResult<Option<Option<String>>> {
    let Some(Some(text)) = value else { return Ok(value) };
    let text = text.trim().to_string();
    if text.chars().count() > MAX_PRODUCT_NAME {
        return Err(AppError::Validation("The category is too long.".into()));
    }
    Ok(Some((!text.is_empty()).then_some(text)))
}

/// A product's price as sent: refused when null or blank.
fn price_from(value: Option<&Naira>) -> AppResult<Kobo> {
    match value {
        Some(Naira::Typed(text)) if text.trim().is_empty() => Err(AppError::Validation("Please enter a price.".into())),
        Some(Naira::Typed(text)) => crate::money::parse_naira(text).map_err(AppError::Validation),
        Some(Naira::NotText) => Err(AppError::Validation("The price must be an amount in naira.".into())),
        None => Err(AppError::Validation("Please enter a price.".into())),
    }
}

/// A compare-at price as an admin typed it: None when blank or null.
fn compare_at_field(value: Option<&Naira>) -> AppResult<Option<Kobo>> {
    crate::money::optional_naira(value, "compare-at price").map_err(AppError::Validation)
}

/// Edits a product: only the fields sent change (name, price, compare-at price, description,
/// category, collection, variants with their stock); a field sent empty is refused with the reason
/// (the category may be removed).
#[utoipa::path(params(ProductId), tag = "admin", responses((status = OK, body = Product), BadRequest, Unauthorized, Forbidden, NotFound, Conflict))]
#[patch("/products/{id}")]
async fn edit_product(
    state: web::Data<AppState>,
    admin: AdminUser<EditProducts>,
    id: web::Path<ProductId>,
    body: web::Json<ProductEdit>,
) -> AppResult<HttpResponse> {
    let id = id.into_inner();
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
    let price = body.price.as_ref().map(|p| price_from(p.as_ref())).transpose()?;
    // Some(None): the sale ends.
    let compare_at = body.compare_at_price.as_ref().map(|c| compare_at_field(c.as_ref())).transpose()?;
    let variants = body.variants.as_deref().map(crate::stock::check_variants).transpose()?;
    let category = category_edit(body.category)?;
    let collection = body.collection_id.map(|c| c.trim().to_string());
    let fixed = body.fixed_prices.as_deref().map(crate::abroad::check_fixed_prices).transpose()?;
    let root = state.media.root.clone();
    let actor = admin.0.id.clone();
    let now = state.clock.now_ms();
    let product = state
        .catalogue
        .write(move |tx| {
            let edit = super::products::ProductChanges { name, price, description, compare_at, variants, category, collection };
            let mut product = super::products::edit(tx, &root, &id, &edit, &actor, now)?;
            if let Some(fixed) = &fixed {
                crate::abroad::set_fixed_prices(tx, &id, fixed)?;
                // Its prices abroad follow the fixed ones in this answer too.
                product = super::get_product(tx, &id)?.ok_or_else(|| AppError::NotFound("Product not found.".into()))?;
            }
            Ok((product, Changes::product(&id)))
        })
        .await?;
    Ok(HttpResponse::Ok().json(product))
}

#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
struct ProductListQuery {
    /// Part of a product's name, category or SKU.
    #[param(max_length = 100)]
    q: Option<String>,
    /// Only the products of this collection.
    #[param(max_length = 100)]
    collection: Option<String>,
    /// "in-stock" (anything left), "low" (something left, some variant at or below the low-stock
    /// level) or "sold-out".
    #[param(inline)]
    stock: Option<StockStatus>,
    /// Naira, e.g. 20000 or 20000.50: only products at this price or more.
    #[serde(rename = "minPrice")]
    #[param(rename = "minPrice", max_length = 20)]
    min_price: Option<String>,
    /// Naira: only products at this price or less.
    #[serde(rename = "maxPrice")]
    #[param(rename = "maxPrice", max_length = 20)]
    max_price: Option<String>,
    /// Only featured (true) or not featured (false) products.
    featured: Option<bool>,
    /// Newest first by default.
    #[param(inline)]
    sort: Option<ProductSort>,
    /// From 1.
    #[param(minimum = 1, maximum = 100000)]
    page: Option<i64>,
}

/// A price filter as typed, in kobo.
fn price_filter(text: Option<String>, which: &str) -> AppResult<Option<Kobo>> {
    match text.as_deref().map(str::trim) {
        None | Some("") => Ok(None),
        Some(text) => crate::money::parse_naira(text)
            .map(Some)
            .map_err(|_| AppError::Validation(format!("Enter the {which} price in naira, like 25000 or 25000.50."))),
    }
}

/// The back office's Products list: search, filters (collection, stock, price, featured), sort and
/// pages of 30, with each product's first photo and what is left of it.
#[utoipa::path(tag = "admin", params(ProductListQuery), responses((status = OK, body = AdminProductPage), BadRequest, Unauthorized, Forbidden))]
#[get("/admin/products")]
async fn list_products(state: web::Data<AppState>, _admin: AdminUser, query: web::Query<ProductListQuery>) -> AppResult<HttpResponse> {
    let ProductListQuery { q, collection, stock, min_price, max_price, featured, sort, page } = query.into_inner();
    let page = page.unwrap_or(1);
    if !(1..=100_000).contains(&page) {
        return Err(AppError::Validation("page must be a whole number from 1.".into()));
    }
    let (min_price, max_price) = (price_filter(min_price, "lowest")?, price_filter(max_price, "highest")?);
    if let (Some(min), Some(max)) = (min_price, max_price)
        && min > max
    {
        return Err(AppError::Validation("The lowest price is above the highest.".into()));
    }
    let filter = ProductFilter {
        q: q.unwrap_or_default(),
        collection: collection.map(|c| c.trim().to_string()).filter(|c| !c.is_empty()),
        stock,
        min_price,
        max_price,
        featured,
        sort: sort.unwrap_or(ProductSort::Newest),
    };
    let level = crate::stock::low_stock_threshold();
    let list = state.db.read(move |c| Ok(super::admin::list(c, &filter, page, level)?)).await?;
    Ok(HttpResponse::Ok().insert_header(("Cache-Control", "private, no-cache")).json(list))
}

/// One action on many products at once.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct BulkBody {
    action: BulkAction,
    /// The products, 1 to 200.
    #[schema(value_type = Vec<String>, min_items = 1, max_items = 200)]
    ids: Vec<ProductId>,
    /// With "move": the collection they go to.
    #[schema(max_length = 100)]
    collection_id: Option<String>,
}

/// What a bulk action changed.
#[derive(serde::Serialize, utoipa::ToSchema)]
struct BulkDone {
    message: String,
    changed: usize,
}

/// Features, unfeatures, moves or deletes the chosen products, all in one transaction: when one of
/// them no longer exists nothing changes.
#[utoipa::path(tag = "admin", responses((status = OK, body = BulkDone), BadRequest, Unauthorized, Forbidden, NotFound))]
#[post("/admin/products/bulk")]
async fn bulk_products(state: web::Data<AppState>, _admin: AdminUser<EditProducts>, body: web::Json<BulkBody>) -> AppResult<HttpResponse> {
    let BulkBody { action, ids, collection_id } = body.into_inner();
    if ids.is_empty() {
        return Err(AppError::Validation("Choose at least one product.".into()));
    }
    if ids.len() > super::admin::MAX_BULK {
        return Err(AppError::Validation(format!("Choose at most {} products at a time.", super::admin::MAX_BULK)));
    }
    if ids.iter().any(|id| !crate::util::plausible_id(id)) {
        return Err(AppError::NotFound("Some of the chosen products no longer exist. Reload the list and try again.".into()));
    }
    let root = state.media.root.clone();
    let changed = state.catalogue.write(move |tx| super::admin::bulk(tx, &root, action, &ids, collection_id.as_deref())).await?;
    let products = if changed == 1 { "1 product".to_string() } else { format!("{changed} products") };
    let message = match action {
        BulkAction::Feature => format!("Featured {products}."),
        BulkAction::Unfeature => format!("Removed {products} from featured."),
        BulkAction::Move => format!("Moved {products}."),
        BulkAction::Delete => format!("Deleted {products}."),
    };
    Ok(HttpResponse::Ok().json(BulkDone { message, changed }))
}

/// Copies a product: " (copy)" after its name, the same photos, options and price, no stock, not
/// featured. Answers the copy, to be edited.
#[utoipa::path(params(ProductId), tag = "admin", responses((status = CREATED, body = Product), Unauthorized, Forbidden, NotFound))]
#[post("/products/{id}/duplicate")]
async fn duplicate_product(
    state: web::Data<AppState>,
    _admin: AdminUser<EditProducts>,
    id: web::Path<ProductId>,
) -> AppResult<HttpResponse> {
    let id = id.into_inner();
    let now = state.clock.now_ms();
    let copy = state
        .catalogue
        .write(move |tx| {
            let copy_id = ProductId::from(crate::util::new_id());
            super::products::duplicate(tx, &id, &copy_id, now)?;
            let copy = super::get_product(tx, &copy_id)?.ok_or_else(product_not_found)?;
            Ok((copy, Changes::product(&copy_id)))
        })
        .await?;
    Ok(HttpResponse::Created().json(copy))
}

/// A product's main photos in their new order (multipart).
#[derive(MultipartForm, utoipa::ToSchema)]
#[multipart(duplicate_field = "deny")]
struct PhotosForm {
    /// A JSON list, in the order shoppers see them (the first is the card's picture): each entry
    /// is a photo the product has, by its `url`, or "new" for the next file under `images`. 1 to 8
    /// entries; photos left out are removed.
    #[schema(value_type = String, min_length = 2, max_length = 20000)]
    order: Option<TextField>,
    /// JPEG, PNG, GIF or WebP, each at most 10 MB and 40 megapixels: one per "new".
    #[schema(value_type = Vec<String>, format = Binary, max_items = 8, required = false)]
    images: Vec<ImageUpload>,
}

/// Replaces, removes, adds and reorders a product's main photos in one step. Answers the product.
#[utoipa::path(
    params(ProductId),
    tag = "admin",
    request_body(content = PhotosForm, content_type = "multipart/form-data"),
    responses((status = OK, body = Product), BadRequest, Unauthorized, Forbidden, NotFound, Conflict, PayloadTooLarge, TooManyRequests, Busy)
)]
#[put("/products/{id}/images")]
async fn set_photos(
    req: HttpRequest,
    state: web::Data<AppState>,
    _slot: UploadSlot,
    _admin: AdminUser<EditProducts>,
    id: web::Path<ProductId>,
    body: web::Payload,
) -> AppResult<HttpResponse> {
    let id = id.into_inner();
    let PhotosForm { order, images } = upload::read(&req, body).await?;
    let images = ImageUpload::all_sent(images);
    if images.len() > MAX_PRODUCT_IMAGES {
        return Err(upload::too_many_files(MAX_PRODUCT_IMAGES).into());
    }
    let order = TextField::or_empty(order);
    if order.is_empty() {
        return Err(AppError::Validation("Send the photos' order.".into()));
    }
    let slots = super::admin::parse_photo_order(&order, images.len())?;
    let root = state.media.root.clone();
    let product = state
        .catalogue
        .write_with_uploads(&state.media, "products", images, media::ImageKind::Portrait, move |tx, keys| {
            super::admin::set_photos(tx, &root, &id, &slots, keys)?;
            let product = super::get_product(tx, &id)?.ok_or_else(product_not_found)?;
            Ok((product, Changes::product(&id)))
        })
        .await?;
    Ok(HttpResponse::Ok().json(product))
}

/// A product's fixed prices abroad, as the editor shows them (none: it follows the rates).
#[utoipa::path(params(ProductId), tag = "admin", responses((status = OK, body = Vec<crate::abroad::FixedPrice>), Unauthorized, Forbidden))]
#[get("/admin/products/{id}/fixed-prices")]
async fn fixed_prices(state: web::Data<AppState>, _admin: AdminUser<EditProducts>, id: web::Path<ProductId>) -> AppResult<HttpResponse> {
    let id = id.into_inner();
    let prices = state.db.read(move |c| Ok(crate::abroad::fixed_prices(c, &id)?)).await?;
    Ok(HttpResponse::Ok().insert_header(("Cache-Control", "no-store")).json(prices))
}
