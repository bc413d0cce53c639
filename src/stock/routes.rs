//! The merchant's stock: the Stock screen (low and sold-out variants, counts edited inline),
//! the spreadsheet download and upload, colour pictures, and the low-stock e-mail.

use actix_web::{HttpResponse, get, patch, post, put, web};
use serde::{Deserialize, Serialize};

use super::csv::{self, ImportRefused};
use super::screen::{StockFilter, StockPage, StockRow};
use crate::auth::AdminUser;
use crate::auth::EditProducts;
use crate::catalog::Product;
use crate::catalog::write::Changes;
use crate::error::answers::{BadRequest, Busy, Conflict, Forbidden, NotFound, PayloadTooLarge, TooManyRequests, Unauthorized};
use crate::error::{AppError, AppResult};
use crate::http::AppState;
use crate::ids::{ProductId, VariantId};
use crate::media::{self, upload};

pub fn configure(cfg: &mut utoipa_actix_web::service_config::ServiceConfig) {
    cfg.service(stock_list).service(edit_variant).service(export_csv).service(import_csv).service(set_color_images);
}

#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
struct StockQuery {
    /// "low" (the default: at or below the low-stock level, sold out included), "sold-out" or "all".
    #[param(inline)]
    show: Option<StockFilter>,
    /// Part of a product name or SKU.
    #[param(max_length = 100)]
    q: Option<String>,
    /// From 1.
    #[param(minimum = 1, maximum = 100000)]
    page: Option<i64>,
}

#[utoipa::path(tag = "admin", params(StockQuery), responses((status = OK, body = StockPage), BadRequest, Unauthorized, Forbidden))]
#[get("/admin/stock")]
async fn stock_list(state: web::Data<AppState>, _admin: AdminUser, query: web::Query<StockQuery>) -> AppResult<HttpResponse> {
    let StockQuery { show, q, page } = query.into_inner();
    let page = page.unwrap_or(1);
    if !(1..=100_000).contains(&page) {
        return Err(AppError::Validation("page must be a whole number from 1.".into()));
    }
    let max_stock = match show.unwrap_or(StockFilter::Low) {
        StockFilter::Low => super::low_stock_threshold(),
        StockFilter::SoldOut => 0,
        StockFilter::All => i64::MAX,
    };
    let words: String = q.unwrap_or_default().trim().chars().take(100).collect();
    let page = state.db.read(move |c| super::screen::page(c, max_stock, &words, page)).await?;
    Ok(HttpResponse::Ok().insert_header(("Cache-Control", "no-store")).json(page))
}

#[derive(Deserialize, utoipa::ToSchema)]
struct VariantEdit {
    /// A whole number from 0: what can be sold from now on.
    stock: super::StockCount,
    /// Leave out to keep; "" removes it.
    sku: Option<String>,
}

/// Sets one variant's stock (and SKU), from the Stock screen.
#[utoipa::path(params(VariantId), tag = "admin", responses((status = OK, body = StockRow), BadRequest, Unauthorized, Forbidden, NotFound, Conflict))]
#[patch("/admin/variants/{id}")]
async fn edit_variant(
    state: web::Data<AppState>,
    admin: AdminUser<EditProducts>,
    id: web::Path<VariantId>,
    body: web::Json<VariantEdit>,
) -> AppResult<HttpResponse> {
    let id = id.into_inner();
    let stock = body.stock.get()?;
    let sku = body.sku.as_ref().map(|s| s.trim().to_string());
    if sku.as_ref().is_some_and(|s| s.chars().count() > super::MAX_SKU || s.chars().any(char::is_control)) {
        return Err(AppError::Validation(format!("A SKU may have at most {} characters.", super::MAX_SKU)));
    }
    if !crate::util::plausible_id(&id) {
        return Err(super::screen::variant_not_found());
    }
    let actor = admin.0.id.clone();
    let row = state
        .catalogue
        .write(move |tx| Ok((super::screen::edit_variant(tx, &id, stock, sku.as_deref(), &actor)?, Changes::shown())))
        .await?;
    Ok(HttpResponse::Ok().json(row))
}

/// Every variant as a spreadsheet: product id, product name and collection (for reading), size,
/// colour, SKU, stock.
#[utoipa::path(
    tag = "admin",
    responses(
        (status = OK, content_type = "text/csv", body = String, description = "product_id,product_name,collection,size,colour,sku,stock"),
        Unauthorized, Forbidden
    )
)]
#[get("/admin/stock.csv")]
async fn export_csv(state: web::Data<AppState>, _admin: AdminUser) -> AppResult<HttpResponse> {
    let text = state.db.read(|c| Ok(csv::export(c)?)).await?;
    Ok(HttpResponse::Ok()
        .content_type("text/csv; charset=utf-8")
        .insert_header(("Content-Disposition", "attachment; filename=\"stock.csv\""))
        .insert_header(("Cache-Control", "no-store"))
        .body(text))
}

/// What an import changed.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Imported {
    /// Says too that the read-only columns (product_name, collection) were not imported.
    message: String,
    updated: usize,
    /// The file had the read-only columns, which import leaves alone.
    ignored_read_only_columns: bool,
}

/// Sets stock and SKUs from a spreadsheet (the export's columns; product_name and collection are
/// ignored, and the answer says so; the older file without them is read too). Every row is checked
/// first; when any is bad, nothing changes and the answer lists the bad rows by line.
#[utoipa::path(
    tag = "admin",
    request_body(content = String, content_type = "text/csv"),
    responses(
        (status = OK, body = Imported),
        (status = BAD_REQUEST, body = ImportRefused, description = "Nothing was changed"),
        Unauthorized, Forbidden, Conflict, PayloadTooLarge
    )
)]
#[post("/admin/stock.csv")]
async fn import_csv(state: web::Data<AppState>, admin: AdminUser<EditProducts>, mut payload: web::Payload) -> AppResult<HttpResponse> {
    use futures_util::StreamExt;
    let mut body = Vec::new();
    while let Some(chunk) = payload.next().await {
        let chunk = chunk.map_err(|_| AppError::Validation("The upload was cut off.".into()))?;
        if body.len() + chunk.len() > csv::MAX_BYTES {
            return Err(AppError::PayloadTooLarge(format!("The file is larger than {} MB.", csv::MAX_BYTES >> 20)));
        }
        body.extend_from_slice(&chunk);
    }
    let Ok(text) = String::from_utf8(body) else {
        return Ok(HttpResponse::BadRequest()
            .json(ImportRefused { message: "The file is not UTF-8 text (save it as CSV UTF-8).".into(), errors: Vec::new() }));
    };
    let actor = admin.0.id.clone();
    let imported = state
        .catalogue
        .write(move |tx| {
            let imported = csv::import_by(tx, &text, &actor)?;
            let changes = Changes::shown_if(imported.is_ok());
            Ok((imported, changes))
        })
        .await?;
    match imported {
        Ok(applied) => Ok(HttpResponse::Ok().json(Imported {
            message: applied.message(),
            updated: applied.updated,
            ignored_read_only_columns: applied.read_only_columns,
        })),
        Err(refused) => Ok(HttpResponse::BadRequest().json(refused)),
    }
}

/// The colour pictures form (multipart): the colour, and up to 8 pictures; none removes them.
#[derive(actix_multipart::form::MultipartForm, utoipa::ToSchema)]
#[multipart(duplicate_field = "deny")]
struct ColorImagesForm {
    /// One of the product's colours.
    #[schema(value_type = String, min_length = 1, max_length = 20000)]
    color: Option<upload::TextField>,
    /// JPEG, PNG, GIF or WebP, each at most 10 MB and 40 megapixels.
    #[schema(value_type = Vec<String>, format = Binary, max_items = 8, required = false)]
    images: Vec<upload::ImageUpload>,
}

/// Replaces the pictures shown for one colour of a product.
#[utoipa::path(
    params(ProductId),
    tag = "admin",
    request_body(content = ColorImagesForm, content_type = "multipart/form-data"),
    responses((status = OK, body = Product), BadRequest, Unauthorized, Forbidden, NotFound, PayloadTooLarge, TooManyRequests, Busy)
)]
#[put("/products/{id}/color-images")]
async fn set_color_images(
    req: actix_web::HttpRequest,
    state: web::Data<AppState>,
    _slot: upload::UploadSlot,
    _admin: AdminUser<EditProducts>,
    id: web::Path<ProductId>,
    body: web::Payload,
) -> AppResult<HttpResponse> {
    let id = id.into_inner();
    let ColorImagesForm { color, images } = upload::read(&req, body).await?;
    let (color, images) = (upload::TextField::or_empty(color), upload::ImageUpload::all_sent(images));
    let root = state.media.root.clone();
    let product = state
        .catalogue
        .write_with_uploads(&state.media, "products", images, media::ImageKind::Portrait, move |tx, keys| {
            Ok((crate::catalog::products::set_color_images(tx, &root, &id, &color, &keys)?, Changes::shown()))
        })
        .await?;
    Ok(HttpResponse::Ok().json(product))
}
