//! Stock: every product sells variants (one per size × colour it is offered in, or one default
//! variant), each with its own count. `variants.stock` is what can still be sold. Starting a
//! payment moves units from it into a reservation inside the transaction that snapshots the bag;
//! the reservation goes back when the payment cannot complete any more (cancelled, superseded,
//! expired) and becomes a sale when it does. Every change happens inside the transaction that
//! decides it, and `stock >= 0` is a CHECK constraint, so no race can sell a unit twice.

pub mod csv;
pub mod routes;
pub mod screen;

use std::collections::HashMap;

use rusqlite::{Connection, OptionalExtension, params};
use serde::{Deserialize, Serialize};

use crate::error::{AppError, AppResult};
use crate::ids::{OrderId, PaymentReference, ProductId, VariantId};

/// What stock needs to know of a line being bought (an order line implements it).
pub trait Line {
    /// None for lines bought before stock was counted.
    fn variant_id(&self) -> Option<&VariantId>;
    fn quantity(&self) -> i64;
    /// "Oxford Brogue (42, Brown)", for messages.
    fn describe(&self) -> String;
}

/// At most this many variants per product (e.g. 10 sizes × 10 colours).
pub const MAX_VARIANTS: usize = 100;
/// The most one variant can hold; more is a typing mistake.
pub const MAX_STOCK: i64 = 1_000_000;
const MAX_OPTION: usize = 40;
const MAX_SKU: usize = 64;

/// One variant as shoppers see it.
#[derive(Serialize, Clone, Debug, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Variant {
    #[schema(value_type = String)]
    pub id: VariantId,
    pub size: Option<String>,
    pub color: Option<String>,
    pub sku: Option<String>,
    /// Units that can be bought now.
    pub available: i64,
    /// Few left (at or below the shop's low-stock level, default 3): show "Only N left".
    pub low: bool,
}

/// A variant as the merchant sends it: the set replaces the product's variants, matched by size
/// and colour so bag lines and reservations keep pointing at the ones that stay.
#[derive(Deserialize, Clone, Debug, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VariantInput {
    #[serde(default)]
    pub size: Option<String>,
    #[serde(default)]
    pub color: Option<String>,
    #[serde(default)]
    pub sku: Option<String>,
    pub stock: StockCount,
}

/// A checked variant, ready to store ("" for no size or colour).
#[derive(Clone, Debug, PartialEq)]
pub struct NewVariant {
    pub size: String,
    pub color: String,
    pub sku: Option<String>,
    pub stock: i64,
}

/// A stock count in a request: a whole number from 0 to [`MAX_STOCK`], as a JSON integer (digits
/// in a string are read too, as a form's field sends them). Anything else is kept as
/// [`StockCount::Invalid`], so the handler refuses it with the same message as a count out of range.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StockCount {
    Count(i64),
    Typed(String),
    Invalid,
}

impl StockCount {
    pub fn get(&self) -> AppResult<i64> {
        let bad = || AppError::Validation(format!("Stock must be a whole number from 0 to {MAX_STOCK}."));
        let n = match self {
            StockCount::Count(n) => *n,
            StockCount::Typed(s) if !s.trim().is_empty() && s.trim().chars().all(|c| c.is_ascii_digit()) && s.trim().len() <= 7 => {
                s.trim().parse().map_err(|_| bad())?
            }
            StockCount::Typed(_) | StockCount::Invalid => return Err(bad()),
        };
        if !(0..=MAX_STOCK).contains(&n) {
            return Err(bad());
        }
        Ok(n)
    }
}

impl<'de> Deserialize<'de> for StockCount {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<StockCount, D::Error> {
        // Read whole so that a float, a list or an object is a refusal with the count's message,
        // not a parse error about the request body.
        Ok(match serde_json::Value::deserialize(d)? {
            serde_json::Value::Number(n) => n.as_i64().map_or(StockCount::Invalid, StockCount::Count),
            serde_json::Value::String(s) => StockCount::Typed(s),
            _ => StockCount::Invalid,
        })
    }
}

impl utoipa::PartialSchema for StockCount {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        utoipa::openapi::ObjectBuilder::new()
            .schema_type(utoipa::openapi::Type::Integer)
            .description(Some("A stock count: a whole number from 0 to 1,000,000."))
            .format(Some(utoipa::openapi::SchemaFormat::KnownFormat(utoipa::openapi::KnownFormat::Int64)))
            .minimum(Some(0))
            .maximum(Some(MAX_STOCK))
            .into()
    }
}

impl utoipa::ToSchema for StockCount {}

/// Checks a product's variant set: sizes and colours used by all variants or none, no repeats,
/// short texts, unique SKUs.
pub fn check_variants(inputs: &[VariantInput]) -> AppResult<Vec<NewVariant>> {
    if inputs.is_empty() {
        return Err(AppError::Validation("A product needs at least one variant.".into()));
    }
    if inputs.len() > MAX_VARIANTS {
        return Err(AppError::Validation(format!("A product may have at most {MAX_VARIANTS} variants.")));
    }
    let clean = |text: &Option<String>| text.as_deref().unwrap_or("").trim().to_string();
    let mut out: Vec<NewVariant> = Vec::with_capacity(inputs.len());
    for input in inputs {
        let (size, color, sku) = (clean(&input.size), clean(&input.color), clean(&input.sku));
        if size.chars().count() > MAX_OPTION || color.chars().count() > MAX_OPTION {
            return Err(AppError::Validation(format!("Sizes and colours may have at most {MAX_OPTION} characters.")));
        }
        if sku.chars().count() > MAX_SKU || sku.chars().any(char::is_control) {
            return Err(AppError::Validation(format!("A SKU may have at most {MAX_SKU} characters.")));
        }
        let stock = input.stock.get()?;
        let variant = NewVariant { size, color, sku: (!sku.is_empty()).then_some(sku), stock };
        if out.iter().any(|v| v.size == variant.size && v.color == variant.color) {
            return Err(AppError::Validation(format!("The variant {} is listed twice.", describe(&variant.size, &variant.color))));
        }
        if variant.sku.is_some() && out.iter().any(|v| v.sku == variant.sku) {
            return Err(AppError::Validation("Each variant needs its own SKU.".into()));
        }
        out.push(variant);
    }
    let all_or_none = |has: fn(&NewVariant) -> bool| out.iter().all(has) || !out.iter().any(has);
    if !all_or_none(|v| !v.size.is_empty()) {
        return Err(AppError::Validation("Give every variant a size, or none.".into()));
    }
    if !all_or_none(|v| !v.color.is_empty()) {
        return Err(AppError::Validation("Give every variant a colour, or none.".into()));
    }
    Ok(out)
}

/// Variants for every size × colour (one default variant without options), each with `stock`.
pub fn every_combination(sizes: &[String], colors: &[String], stock: i64) -> Vec<NewVariant> {
    let none = [String::new()];
    let sizes = if sizes.is_empty() { &none[..] } else { sizes };
    let colors = if colors.is_empty() { &none[..] } else { colors };
    sizes
        .iter()
        .flat_map(|size| colors.iter().map(move |color| NewVariant { size: size.clone(), color: color.clone(), sku: None, stock }))
        .collect()
}

/// "Oxford Brogue (42, Brown)": a product with its chosen options, for messages.
pub fn describe_line(name: &str, size: Option<&str>, color: Option<&str>) -> String {
    let options = describe(size.unwrap_or(""), color.unwrap_or(""));
    if options.is_empty() { name.to_string() } else { format!("{name} ({options})") }
}

/// "42, Brown": a variant's options.
pub fn describe(size: &str, color: &str) -> String {
    [size, color].iter().filter(|s| !s.is_empty()).copied().collect::<Vec<_>>().join(", ")
}

fn sku_taken(e: &rusqlite::Error) -> bool {
    crate::db::is_unique_violation(e)
}

/// Replaces a product's variants with `variants`: kept ones (same size and colour) keep their id,
/// new ones are added, missing ones go (a bag line for them then shows as unavailable). The
/// product's size and colour lists follow, in the order given. Returns the media keys of colour
/// pictures dropped with their colour, for the caller to release.
pub fn replace_variants(tx: &Connection, product_id: &ProductId, variants: &[NewVariant]) -> AppResult<Vec<String>> {
    let existing: HashMap<(String, String), String> = tx
        .prepare_cached("SELECT size, color, id FROM variants WHERE product_id = ?1")?
        .query_map([product_id], |r| Ok(((r.get(0)?, r.get(1)?), r.get(2)?)))?
        .collect::<Result<_, _>>()?;
    let keep: Vec<&String> = variants.iter().filter_map(|v| existing.get(&(v.size.clone(), v.color.clone()))).collect::<Vec<_>>();
    for ((_, _), id) in existing.iter() {
        if !keep.contains(&id) {
            tx.execute("DELETE FROM variants WHERE id = ?1", [id])?;
        }
    }
    // SKUs are unique across the shop: clear the kept ones first so two variants may swap SKUs.
    tx.execute("UPDATE variants SET sku = NULL WHERE product_id = ?1", [product_id])?;
    for (position, v) in variants.iter().enumerate() {
        let result = match existing.get(&(v.size.clone(), v.color.clone())) {
            Some(id) => tx.execute(
                "UPDATE variants SET position = ?2, sku = ?3, stock = ?4,
                        low_mailed = CASE WHEN ?4 > ?5 THEN 0 ELSE low_mailed END WHERE id = ?1",
                params![id, position as i64, v.sku, v.stock, low_stock_threshold()],
            ),
            None => tx.execute(
                "INSERT INTO variants (id, product_id, position, size, color, sku, stock) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                params![crate::util::new_id(), product_id, position as i64, v.size, v.color, v.sku, v.stock],
            ),
        };
        result.map_err(|e| if sku_taken(&e) { sku_in_use(v.sku.as_deref()) } else { e.into() })?;
    }
    let mut sizes: Vec<&str> = Vec::new();
    let mut colors: Vec<&str> = Vec::new();
    for v in variants {
        if !v.size.is_empty() && !sizes.contains(&v.size.as_str()) {
            sizes.push(&v.size);
        }
        if !v.color.is_empty() && !colors.contains(&v.color.as_str()) {
            colors.push(&v.color);
        }
    }
    tx.execute(
        "UPDATE products SET sizes = ?2, colors = ?3 WHERE id = ?1",
        params![
            product_id,
            serde_json::to_string(&sizes).map_err(AppError::internal)?,
            serde_json::to_string(&colors).map_err(AppError::internal)?
        ],
    )?;
    // Colour pictures of colours no longer sold go.
    let dropped: Vec<String> = tx
        .prepare_cached(
            "DELETE FROM color_images WHERE product_id = ?1 AND color NOT IN (SELECT value FROM json_each(?2)) RETURNING media_key",
        )?
        .query_map(params![product_id, serde_json::to_string(&colors).map_err(AppError::internal)?], |r| r.get(0))?
        .collect::<Result<_, _>>()?;
    Ok(dropped)
}

pub fn sku_in_use(sku: Option<&str>) -> AppError {
    AppError::Conflict(format!("The SKU {} is already used by another variant.", sku.unwrap_or("")))
}

/// The stock level at which the shop is told a variant is running low (and "Only N left" shows).
pub fn low_stock_threshold() -> i64 {
    LOW_STOCK.load(std::sync::atomic::Ordering::Relaxed)
}

static LOW_STOCK: std::sync::atomic::AtomicI64 = std::sync::atomic::AtomicI64::new(3);

/// Set once at start from the configuration.
pub fn set_low_stock_threshold(level: i64) {
    LOW_STOCK.store(level, std::sync::atomic::Ordering::Relaxed);
}

/// The variants of the products whose ids are in the JSON array `ids`, by product, in order.
pub fn variants_of(conn: &Connection, ids: &str) -> rusqlite::Result<HashMap<String, Vec<Variant>>> {
    let mut variants: HashMap<String, Vec<Variant>> = HashMap::new();
    let mut stmt = conn.prepare_cached(
        "SELECT product_id, id, size, color, sku, stock FROM variants
         WHERE product_id IN (SELECT value FROM json_each(?1)) ORDER BY product_id, position",
    )?;
    let mut rows = stmt.query([ids])?;
    while let Some(r) = rows.next()? {
        let (size, color): (String, String) = (r.get(2)?, r.get(3)?);
        variants.entry(r.get(0)?).or_default().push(Variant {
            id: r.get(1)?,
            size: (!size.is_empty()).then_some(size),
            color: (!color.is_empty()).then_some(color),
            sku: r.get(4)?,
            available: r.get(5)?,
            low: (1..=low_stock_threshold()).contains(&r.get::<_, i64>(5)?),
        });
    }
    Ok(variants)
}

/// The variant a shopper picked, with what a bag needs to know about it.
pub struct Picked {
    pub variant_id: VariantId,
    pub available: i64,
}

/// Finds the variant for a product, size and colour ("" for none), with the message a shopper
/// needs when the choice is missing or not sold.
pub fn pick(conn: &Connection, product_id: &ProductId, size: &str, color: &str) -> AppResult<Picked> {
    let choices: Option<(String, String)> = conn
        .prepare_cached("SELECT sizes, colors FROM products WHERE id = ?1")?
        .query_row([product_id], |r| Ok((r.get(0)?, r.get(1)?)))
        .optional()?;
    let Some((sizes, colors)) = choices else {
        return Err(AppError::NotFound("The product you're looking for doesn't exist.".into()));
    };
    let has = |list: &str| list != "[]";
    match (has(&sizes) && size.is_empty(), has(&colors) && color.is_empty()) {
        (true, true) => return Err(AppError::Validation("Please choose a size and a colour.".into())),
        (true, false) => return Err(AppError::Validation("Please choose a size.".into())),
        (false, true) => return Err(AppError::Validation("Please choose a colour.".into())),
        _ => {}
    }
    let found: Option<(VariantId, i64)> = conn
        .prepare_cached("SELECT id, stock FROM variants WHERE product_id = ?1 AND size = ?2 AND color = ?3")?
        .query_row(params![product_id, size, color], |r| Ok((r.get(0)?, r.get(1)?)))
        .optional()?;
    match found {
        Some((variant_id, available)) => Ok(Picked { variant_id, available }),
        None => Err(AppError::Validation("This product is not available in that size and colour.".into())),
    }
}

/// Puts back every unit held for `reference`. Returns how many variants changed.
pub fn release(tx: &Connection, reference: &PaymentReference) -> rusqlite::Result<usize> {
    tx.prepare_cached(
        "UPDATE variants SET stock = stock + r.quantity FROM reservations r WHERE r.variant_id = variants.id AND r.payment_reference = ?1",
    )?
    .execute([reference])?;
    tx.prepare_cached("DELETE FROM reservations WHERE payment_reference = ?1")?.execute([reference])
}

/// Puts back the units of every reservation that has run out by `now`. Returns how many.
pub fn release_expired(tx: &Connection, now: i64) -> rusqlite::Result<usize> {
    let expired: Vec<PaymentReference> = tx
        .prepare_cached("SELECT DISTINCT payment_reference FROM reservations WHERE expires_at <= ?1")?
        .query_map([now], |r| r.get(0))?
        .collect::<Result<_, _>>()?;
    let mut released = 0;
    for reference in expired {
        released += release(tx, &reference)?;
    }
    Ok(released)
}

/// A variant that just fell to the low-stock level, for the shop's e-mail.
#[derive(Debug, Clone)]
pub struct RanLow {
    pub line: String,
    pub sku: Option<String>,
    pub left: i64,
}

/// Holds the units of `lines` for `reference` until `expires_at`, or says which line has sold
/// out. Call inside the transaction that records the payment.
pub fn reserve<L: Line>(tx: &Connection, reference: &PaymentReference, lines: &[L], expires_at: i64) -> AppResult<Vec<RanLow>> {
    let mut take = tx.prepare_cached("UPDATE variants SET stock = stock - ?2 WHERE id = ?1 AND stock >= ?2 RETURNING stock, sku")?;
    let mut hold = tx.prepare_cached(
        "INSERT INTO reservations (payment_reference, variant_id, quantity, expires_at) VALUES (?1, ?2, ?3, ?4)
         ON CONFLICT (payment_reference, variant_id) DO UPDATE SET quantity = quantity + excluded.quantity",
    )?;
    let mut ran_low = Vec::new();
    for line in lines {
        let sold_out = || AppError::Conflict(format!("Sorry, {} has just sold out", line.describe()));
        let Some(variant_id) = line.variant_id() else { return Err(sold_out()) };
        let left: Option<(i64, Option<String>)> =
            take.query_row(params![variant_id, line.quantity()], |r| Ok((r.get(0)?, r.get(1)?))).optional()?;
        let Some((left, sku)) = left else {
            let left: i64 = tx.query_row("SELECT stock FROM variants WHERE id = ?1", [variant_id], |r| r.get(0)).optional()?.unwrap_or(0);
            if left > 0 {
                return Err(AppError::Conflict(format!("Sorry, only {left} of {} left. Please review your bag.", line.describe())));
            }
            return Err(sold_out());
        };
        hold.execute(params![reference, variant_id, line.quantity(), expires_at])?;
        if let Some(low) = mark_if_low(tx, variant_id, left, line, sku)? {
            ran_low.push(low);
        }
    }
    Ok(ran_low)
}

/// Marks a variant that has fallen to the low-stock level, once until the merchant restocks it.
fn mark_if_low(tx: &Connection, variant_id: &str, left: i64, line: &impl Line, sku: Option<String>) -> AppResult<Option<RanLow>> {
    if left > low_stock_threshold() {
        return Ok(None);
    }
    let newly = tx.prepare_cached("UPDATE variants SET low_mailed = 1 WHERE id = ?1 AND low_mailed = 0")?.execute([variant_id])?;
    Ok((newly == 1).then(|| RanLow { line: line.describe(), sku, left }))
}

/// What completing a payment did to stock, line by line.
pub struct Taken {
    /// Units of each line that came out of stock (what cancelling puts back).
    pub from_stock: Vec<i64>,
    /// Some line could not be covered: its reservation had lapsed and the units were gone.
    pub oversold: bool,
    /// Some units came out of stock without a hold (it had lapsed): what shoppers see changed.
    pub unheld: bool,
    pub ran_low: Vec<RanLow>,
}

/// Turns the reservation of `reference` into a sale. A line without a reservation (it lapsed)
/// takes what stock is left; a shortfall marks the order oversold instead of failing a payment
/// the customer has already made.
pub fn sell<L: Line>(tx: &Connection, reference: &PaymentReference, lines: &[L]) -> AppResult<Taken> {
    let mut from_stock = Vec::with_capacity(lines.len());
    let (mut oversold, mut unheld, mut ran_low) = (false, false, Vec::new());
    let mut consume = tx.prepare_cached("DELETE FROM reservations WHERE payment_reference = ?1 AND variant_id = ?2 RETURNING quantity")?;
    let mut have = tx.prepare_cached("SELECT stock, sku FROM variants WHERE id = ?1")?;
    let mut take = tx.prepare_cached("UPDATE variants SET stock = stock - ?2 WHERE id = ?1")?;
    for line in lines {
        let Some(variant_id) = line.variant_id() else {
            // Bought before stock was counted (a snapshot from an older version).
            from_stock.push(0);
            continue;
        };
        let held: i64 = consume.query_row(params![reference, variant_id], |r| r.get(0)).optional()?.unwrap_or(0);
        let mut covered = held.min(line.quantity());
        if covered < line.quantity() {
            let left: Option<(i64, Option<String>)> = have.query_row([variant_id], |r| Ok((r.get(0)?, r.get(1)?))).optional()?;
            if let Some((left, sku)) = left {
                let took = (line.quantity() - covered).min(left);
                take.execute(params![variant_id, took])?;
                unheld |= took > 0;
                covered += took;
                if let Some(low) = mark_if_low(tx, variant_id, left - took, line, sku)? {
                    ran_low.push(low);
                }
            }
            oversold |= covered < line.quantity();
        }
        from_stock.push(covered);
    }
    // Whatever else this payment held (a line changed meanwhile) goes back.
    release(tx, reference)?;
    Ok(Taken { from_stock, oversold, unheld, ran_low })
}

/// Puts a cancelled order's units back on sale.
pub fn restock_order(tx: &Connection, order_id: &OrderId) -> rusqlite::Result<usize> {
    let positions: Vec<i64> = tx
        .prepare_cached("SELECT position FROM order_items WHERE order_id = ?1")?
        .query_map([order_id], |r| r.get(0))?
        .collect::<Result<_, _>>()?;
    let whole: Vec<(i64, i64)> = positions.into_iter().map(|p| (p, i64::MAX)).collect();
    restock_units(tx, order_id, &whole)
}

/// Puts back on sale up to `units` of each order line (position, units) that came out of stock,
/// and records that they went back: a line keeps how many of its units are still off sale
/// (`from_stock`), so a later refund or cancellation never puts a unit back twice. Returns the units.
pub fn restock_units(tx: &Connection, order_id: &OrderId, lines: &[(i64, i64)]) -> rusqlite::Result<usize> {
    let mut read = tx.prepare_cached("SELECT variant_id, from_stock FROM order_items WHERE order_id = ?1 AND position = ?2")?;
    let mut put_back = tx.prepare_cached("UPDATE variants SET stock = stock + ?2 WHERE id = ?1")?;
    let mut mark = tx.prepare_cached("UPDATE order_items SET from_stock = from_stock - ?3 WHERE order_id = ?1 AND position = ?2")?;
    let mut total = 0;
    for &(position, units) in lines {
        let line: Option<(Option<VariantId>, i64)> =
            read.query_row(params![order_id, position], |r| Ok((r.get(0)?, r.get(1)?))).optional()?;
        let Some((Some(variant), off_sale)) = line else { continue };
        let moved = off_sale.min(units.max(0));
        if moved == 0 {
            continue;
        }
        mark.execute(params![order_id, position, moved])?;
        // A variant removed since the sale has nowhere to take its units back.
        if put_back.execute(params![variant, moved])? > 0 {
            total += moved as usize;
        }
    }
    Ok(total)
}

/// Writes the shop one e-mail about variants that just fell to the low-stock level, in the
/// transaction that took the units.
pub fn tell_shop(mailer: &crate::mail::Mailer, tx: &Connection, ran_low: &[RanLow]) -> AppResult<()> {
    if ran_low.is_empty() {
        return Ok(());
    }
    let (subject, body) = low_stock_mail(&mailer.shop_name(), mailer.public_url(), ran_low);
    let to = mailer.shop_address();
    mailer.queue(tx, crate::mail::Mail { kind: "low_stock", to: &to, subject: &subject, body: &body, unsubscribe: None })?;
    Ok(())
}

/// The shop's e-mail for variants that just ran low.
pub fn low_stock_mail(shop: &str, public_url: &str, ran_low: &[RanLow]) -> (String, String) {
    let mut body = String::from("These items are running low:\n\n");
    for low in ran_low {
        let sku = low.sku.as_deref().map(|s| format!(" [SKU {s}]")).unwrap_or_default();
        body.push_str(&format!("- {}{sku}: {} left\n", low.line, low.left));
    }
    body.push_str(&format!("\nUpdate stock: {public_url}/admin/stock\n"));
    (format!("{shop}: low stock"), body)
}
