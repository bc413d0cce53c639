//! The merchant's stock: the Stock screen (low and sold-out variants, counts edited inline),
//! the spreadsheet download and upload, colour pictures, and the low-stock e-mail.

use actix_web::{HttpResponse, get, patch, post, put, web};
use rusqlite::{OptionalExtension, params};
use serde::{Deserialize, Serialize};

use super::csv::{self, ImportRefused};
use crate::auth::AdminUser;
use crate::catalog::Product;
use crate::catalog::admin_routes::EditProducts;
use crate::catalog::write::Changes;
use crate::error::answers::{BadRequest, Busy, Conflict, Forbidden, NotFound, PayloadTooLarge, TooManyRequests, Unauthorized};
use crate::error::{AppError, AppResult};
use crate::http::AppState;
use crate::media::{self, upload};

pub fn configure(cfg: &mut utoipa_actix_web::service_config::ServiceConfig) {
    cfg.service(stock_list).service(edit_variant).service(export_csv).service(import_csv).service(set_color_images);
}

crate::text_enum! {
    /// Which variants the Stock screen lists.
    pub enum StockFilter {
        Low => "low",
        SoldOut => "sold-out",
        All => "all",
    }
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

/// Variants on one page of the Stock screen.
const STOCK_PAGE_SIZE: i64 = 50;

/// A variant on the Stock screen.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StockRow {
    variant_id: String,
    product_id: String,
    product_name: String,
    size: Option<String>,
    color: Option<String>,
    sku: Option<String>,
    /// Units that can still be sold.
    stock: i64,
    /// Units held for payments in progress (they come back if those payments do not complete).
    reserved: i64,
    /// Shoppers waiting for an e-mail when this variant is back in stock.
    waiting: i64,
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StockPage {
    /// Fewest left first, one page of them.
    rows: Vec<StockRow>,
    /// Variants matching the filter and search, on every page.
    total: i64,
    page: i64,
    page_size: i64,
    /// "Only N left" and the low-stock e-mail start at this level.
    low_stock_level: i64,
    /// Variants at or below the level, and sold out, in the whole shop.
    low_count: i64,
    sold_out_count: i64,
}

const ROW_SELECT: &str = "SELECT v.id, v.product_id, p.name, v.size, v.color, v.sku, v.stock,
        COALESCE((SELECT SUM(r.quantity) FROM reservations r WHERE r.variant_id = v.id), 0),
        (SELECT COUNT(*) FROM stock_alerts a WHERE a.variant_id = v.id AND a.confirmed_at IS NOT NULL)
     FROM variants v JOIN products p ON p.id = v.product_id";

fn row_from(r: &rusqlite::Row) -> rusqlite::Result<StockRow> {
    let (size, color): (String, String) = (r.get(3)?, r.get(4)?);
    Ok(StockRow {
        variant_id: r.get(0)?,
        product_id: r.get(1)?,
        product_name: r.get(2)?,
        size: (!size.is_empty()).then_some(size),
        color: (!color.is_empty()).then_some(color),
        sku: r.get(5)?,
        stock: r.get(6)?,
        reserved: r.get(7)?,
        waiting: r.get(8)?,
    })
}

#[utoipa::path(tag = "admin", params(StockQuery), responses((status = OK, body = StockPage), BadRequest, Unauthorized, Forbidden))]
#[get("/admin/stock")]
async fn stock_list(state: web::Data<AppState>, _admin: AdminUser, query: web::Query<StockQuery>) -> AppResult<HttpResponse> {
    let StockQuery { show, q, page } = query.into_inner();
    let page = page.unwrap_or(1);
    if !(1..=100_000).contains(&page) {
        return Err(AppError::Validation("page must be a whole number from 1.".into()));
    }
    let level = super::low_stock_threshold();
    let max_stock = match show.unwrap_or(StockFilter::Low) {
        StockFilter::Low => level,
        StockFilter::SoldOut => 0,
        StockFilter::All => i64::MAX,
    };
    let words: String = q.unwrap_or_default().trim().chars().take(100).collect();
    let page = state
        .db
        .read(move |c| {
            let like = format!("%{}%", words.replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_"));
            let matching = "WHERE v.stock <= ?1 AND (?2 = '%%' OR p.name LIKE ?2 ESCAPE '\\' OR v.sku LIKE ?2 ESCAPE '\\')";
            let sql = format!("{ROW_SELECT} {matching} ORDER BY v.stock, p.name, v.position LIMIT ?3 OFFSET ?4");
            let offset = (page - 1) * STOCK_PAGE_SIZE;
            let rows = c
                .prepare_cached(&sql)?
                .query_map(params![max_stock, like, STOCK_PAGE_SIZE, offset], row_from)?
                .collect::<Result<_, _>>()?;
            let total: i64 = c
                .prepare_cached(&format!("SELECT COUNT(*) FROM variants v JOIN products p ON p.id = v.product_id {matching}"))?
                .query_row(params![max_stock, like], |r| r.get(0))?;
            let (low_count, sold_out_count) =
                c.query_row("SELECT COUNT(*) FILTER (WHERE stock <= ?1), COUNT(*) FILTER (WHERE stock = 0) FROM variants", [level], |r| {
                    Ok((r.get(0)?, r.get(1)?))
                })?;
            Ok(StockPage { rows, total, page, page_size: STOCK_PAGE_SIZE, low_stock_level: level, low_count, sold_out_count })
        })
        .await?;
    Ok(HttpResponse::Ok().insert_header(("Cache-Control", "no-store")).json(page))
}

#[derive(Deserialize, utoipa::ToSchema)]
struct VariantEdit {
    /// A whole number from 0: what can be sold from now on.
    #[schema(value_type = i64)]
    stock: serde_json::Value,
    /// Leave out to keep; "" removes it.
    sku: Option<String>,
}

fn variant_not_found() -> AppError {
    AppError::NotFound("That variant does not exist.".into())
}

/// Sets one variant's stock (and SKU), from the Stock screen.
#[utoipa::path(tag = "admin", responses((status = OK, body = StockRow), BadRequest, Unauthorized, Forbidden, NotFound, Conflict))]
#[patch("/admin/variants/{id}")]
async fn edit_variant(
    state: web::Data<AppState>,
    admin: AdminUser<EditProducts>,
    id: web::Path<String>,
    body: web::Json<VariantEdit>,
) -> AppResult<HttpResponse> {
    let id = id.into_inner();
    let stock = super::parse_stock(&body.stock)?;
    let sku = body.sku.as_ref().map(|s| s.trim().to_string());
    if sku.as_ref().is_some_and(|s| s.chars().count() > super::MAX_SKU || s.chars().any(char::is_control)) {
        return Err(AppError::Validation(format!("A SKU may have at most {} characters.", super::MAX_SKU)));
    }
    if !crate::util::plausible_id(&id) {
        return Err(variant_not_found());
    }
    let actor = admin.0.id.clone();
    let row = state
        .catalogue
        .write(move |tx| {
            let before: Option<i64> = tx.query_row("SELECT stock FROM variants WHERE id = ?1", [&id], |r| r.get(0)).optional()?;
            let changed = tx
                .execute(
                    "UPDATE variants SET stock = ?2, sku = CASE WHEN ?3 THEN NULLIF(?4, '') ELSE sku END,
                            low_mailed = CASE WHEN ?2 > ?5 THEN 0 ELSE low_mailed END WHERE id = ?1",
                    params![id, stock, sku.is_some(), sku.as_deref().unwrap_or(""), super::low_stock_threshold()],
                )
                .map_err(|e| if crate::db::is_unique_violation(&e) { super::sku_in_use(sku.as_deref()) } else { e.into() })?;
            if changed == 0 {
                return Err(variant_not_found());
            }
            let row = tx.query_row(&format!("{ROW_SELECT} WHERE v.id = ?1"), [&id], row_from).optional()?.ok_or_else(variant_not_found)?;
            if let Some(before) = before.filter(|before| *before != stock) {
                let what = super::describe_line(&row.product_name, row.size.as_deref(), row.color.as_deref());
                crate::staff::record(tx, &actor, "stock", &id, &format!("{what}: stock {before} → {stock}"))?;
            }
            Ok((row, Changes::shown()))
        })
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
            let imported = csv::import(tx, &text)?;
            if let Ok(applied) = &imported {
                crate::staff::record(
                    tx,
                    &actor,
                    "stock",
                    "import",
                    &format!("Stock imported from a spreadsheet: {} variants", applied.updated),
                )?;
            }
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
    id: web::Path<String>,
    body: web::Payload,
) -> AppResult<HttpResponse> {
    let id = crate::ids::ProductId::from(id.into_inner());
    let ColorImagesForm { color, images } = upload::read(&req, body).await?;
    let (color, images) = (upload::TextField::or_empty(color), upload::ImageUpload::all_sent(images));
    let root = state.media.root.clone();
    let product = state
        .catalogue
        .write_with_uploads(&state.media, "products", images, media::ImageKind::Portrait, move |tx, keys| {
            let colors: Option<String> = tx.query_row("SELECT colors FROM products WHERE id = ?1", [&id], |r| r.get(0)).optional()?;
            let Some(colors) = colors else { return Err(AppError::NotFound("The product you're looking for doesn't exist.".into())) };
            let colors: Vec<String> = serde_json::from_str(&colors).unwrap_or_default();
            if !colors.contains(&color) {
                return Err(AppError::Validation("This product is not sold in that colour.".into()));
            }
            let old: Vec<String> = tx
                .prepare("DELETE FROM color_images WHERE product_id = ?1 AND color = ?2 RETURNING media_key")?
                .query_map(params![id, color], |r| r.get(0))?
                .collect::<Result<_, _>>()?;
            for (position, key) in keys.iter().enumerate() {
                tx.execute(
                    "INSERT INTO color_images (product_id, color, position, media_key) VALUES (?1, ?2, ?3, ?4)",
                    params![id, color, position as i64, key],
                )?;
            }
            for key in old {
                media::release_if_unused(tx, &root, &key)?;
            }
            let product = crate::catalog::get_product(tx, &id)?
                .ok_or_else(|| AppError::NotFound("The product you're looking for doesn't exist.".into()))?;
            Ok((product, Changes::shown()))
        })
        .await?;
    Ok(HttpResponse::Ok().json(product))
}
