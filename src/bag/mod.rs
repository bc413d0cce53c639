//! My Bag: per-user items that point at products, so prices are always the catalogue's current
//! ones. The same product in the same size and colour is one line with a quantity.

pub mod routes;

use rusqlite::{Connection, OptionalExtension, params};
use serde::Serialize;

use crate::catalog::Product;
use crate::error::{AppError, AppResult};
use crate::ids::{ProductId, UserId, VariantId};
use crate::money::Kobo;

pub const MAX_QUANTITY: i64 = 99;

#[derive(Serialize, Debug, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BagItem {
    pub id: String,
    pub product: Product,
    /// The variant this line buys; null when that size or colour is no longer sold.
    #[schema(value_type = Option<String>)]
    pub variant_id: Option<VariantId>,
    pub size: Option<String>,
    pub color: Option<String>,
    pub quantity: i64,
    /// Units of this variant the shopper can buy now.
    pub available: i64,
    /// What the shopper must know about this line ("Only 1 left — we reduced your quantity").
    pub notice: Option<String>,
    /// The product's current price times the quantity.
    #[schema(value_type = i64)]
    pub line_total: Kobo,
}

#[derive(Serialize, Debug, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Bag {
    pub items: Vec<BagItem>,
    /// Sum of quantities: the header badge.
    pub count: i64,
    #[schema(value_type = i64)]
    pub total: Kobo,
    /// False while a line is sold out or no longer sold: checkout waits until it is removed.
    pub can_checkout: bool,
}

const SOLD_OUT: &str = "Sold out — remove it to continue";
const GONE: &str = "No longer available — remove it to continue";

/// The bag, each line with what is left of its variant. Units this shopper's own unpaid checkout
/// holds count as left: starting a new checkout gives them back first.
pub fn load(conn: &Connection, user_id: &UserId) -> rusqlite::Result<Bag> {
    load_with(conn, user_id, crate::catalog::get_products)
}

/// How many items the bag holds (a courier's rate goes by them).
pub fn units(conn: &Connection, user_id: &UserId) -> rusqlite::Result<i64> {
    conn.prepare_cached("SELECT COALESCE(SUM(quantity), 0) FROM bag_items WHERE user_id = ?1")?.query_row([user_id], |r| r.get(0))
}

/// [`load`] for pricing a checkout: the products without their variants and colour pictures,
/// which a bag snapshot does not keep (their reading was a sixth of a checkout's transaction).
pub fn load_to_price(conn: &Connection, user_id: &UserId) -> rusqlite::Result<Bag> {
    load_with(conn, user_id, crate::catalog::get_products_without_stock)
}

fn load_with(
    conn: &Connection,
    user_id: &UserId,
    get_products: fn(&Connection, &[ProductId]) -> rusqlite::Result<Vec<Product>>,
) -> rusqlite::Result<Bag> {
    let mut stmt = conn.prepare_cached(
        "SELECT b.id, b.product_id, b.size, b.color, b.quantity, v.id AS variant_id,
                v.stock + COALESCE((SELECT SUM(r.quantity) FROM reservations r JOIN payments p ON p.reference = r.payment_reference
                                    WHERE r.variant_id = v.id AND p.user_id = ?1), 0) AS available
         FROM bag_items b LEFT JOIN variants v ON v.id = b.variant_id
         WHERE b.user_id = ?1 ORDER BY b.added_at, b.rowid",
    )?;
    /// A bag line as stored; "" means no size or colour was chosen.
    struct Line {
        id: String,
        product_id: ProductId,
        size: String,
        color: String,
        quantity: i64,
        variant_id: Option<VariantId>,
        available: Option<i64>,
    }
    let rows: Vec<Line> = stmt
        .query_map([user_id], |r| {
            Ok(Line {
                id: r.get("id")?,
                product_id: r.get("product_id")?,
                size: r.get("size")?,
                color: r.get("color")?,
                quantity: r.get("quantity")?,
                variant_id: r.get("variant_id")?,
                available: r.get("available")?,
            })
        })?
        .collect::<Result<_, _>>()?;
    let ids: Vec<ProductId> = rows.iter().map(|r| r.product_id.clone()).collect();
    let products = get_products(conn, &ids)?;
    let items: Vec<BagItem> = rows
        .into_iter()
        .filter_map(|Line { id, product_id, size, color, quantity, variant_id, available }| {
            let product = products.iter().find(|p| p.id == product_id)?.clone();
            let available = available.unwrap_or(0);
            let notice = match (&variant_id, available) {
                (None, _) => Some(GONE.to_string()),
                (Some(_), 0) => Some(SOLD_OUT.to_string()),
                _ => None,
            };
            Some(BagItem {
                line_total: product.price * quantity,
                id,
                product,
                variant_id,
                size: (!size.is_empty()).then_some(size),
                color: (!color.is_empty()).then_some(color),
                quantity,
                available,
                notice,
            })
        })
        .collect();
    Ok(Bag {
        count: items.iter().map(|i| i.quantity).sum(),
        total: items.iter().map(|i| i.line_total).sum(),
        can_checkout: !items.is_empty() && items.iter().all(|i| i.variant_id.is_some() && i.quantity <= i.available),
        items,
    })
}

/// Lowers every line that asks for more than is left (but something is) to what is left, and
/// says so on those lines. Lines that sold out entirely stay, for the shopper to remove.
pub fn fit_to_stock(tx: &Connection, user_id: &UserId) -> rusqlite::Result<Bag> {
    let bag = load(tx, user_id)?;
    let over: Vec<(String, i64)> = bag
        .items
        .iter()
        .filter(|i| i.variant_id.is_some() && i.available > 0 && i.quantity > i.available)
        .map(|i| (i.id.clone(), i.available))
        .collect();
    if over.is_empty() {
        return Ok(bag);
    }
    for (id, available) in &over {
        tx.execute("UPDATE bag_items SET quantity = ?2 WHERE id = ?1", params![id, available])?;
    }
    let mut bag = load(tx, user_id)?;
    for item in bag.items.iter_mut() {
        if over.iter().any(|(id, _)| *id == item.id) {
            item.notice = Some(format!("Only {} left — we reduced your quantity", item.available));
        }
    }
    Ok(bag)
}

/// Adds `quantity` of a product in a size and colour, merging with an existing line.
/// Shared by the add button and "move from saved to bag".
pub fn add_item(tx: &Connection, user_id: &UserId, product_id: &ProductId, size: &str, color: &str, quantity: i64) -> AppResult<()> {
    let picked = crate::stock::pick(tx, product_id, size, color)?;
    let current: Option<i64> = tx
        .prepare_cached("SELECT quantity FROM bag_items WHERE user_id = ?1 AND product_id = ?2 AND size = ?3 AND color = ?4")?
        .query_row(params![user_id, product_id, size, color], |r| r.get(0))
        .optional()?;
    let in_bag = current.unwrap_or(0);
    let wanted = in_bag + quantity;
    if wanted > MAX_QUANTITY {
        return Err(AppError::Validation(format!("You can have at most {MAX_QUANTITY} of one item in your bag.")));
    }
    let left = picked.available + own_holds(tx, user_id, &picked.variant_id)?;
    // Nothing left at all reads as sold out (below), not as "all 0 left are in your bag".
    if in_bag > 0 && left > 0 && in_bag >= left {
        return Err(AppError::Validation(match left {
            1 => "The last one is already in your bag.".to_string(),
            n => format!("All {n} left are already in your bag."),
        }));
    }
    check_left(left, wanted)?;
    check_merchant_limits(tx, user_id, wanted, quantity)?;
    tx.prepare_cached(
        "INSERT INTO bag_items (id, user_id, product_id, size, color, quantity, added_at, variant_id) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
         ON CONFLICT (user_id, product_id, size, color) DO UPDATE SET quantity = quantity + excluded.quantity, variant_id = excluded.variant_id",
    )?
    .execute(params![crate::util::new_id(), user_id, product_id, size, color, quantity, crate::db::now_ms(), picked.variant_id])?;
    Ok(())
}

/// The merchant's limits on one order, applied as the bag fills: `line_units` of one line, and
/// `added` more units in the bag as a whole.
fn check_merchant_limits(conn: &Connection, user_id: &str, line_units: i64, added: i64) -> AppResult<()> {
    let settings = crate::settings::load(conn)?;
    if line_units > settings.max_per_line {
        return Err(AppError::Validation(format!("You can buy at most {} of one item in one order.", settings.max_per_line)));
    }
    let in_bag: i64 =
        conn.prepare_cached("SELECT COALESCE(SUM(quantity), 0) FROM bag_items WHERE user_id = ?1")?.query_row([user_id], |r| r.get(0))?;
    if in_bag + added > settings.max_per_checkout {
        return Err(AppError::Validation(format!("You can buy at most {} items in one order.", settings.max_per_checkout)));
    }
    Ok(())
}

/// Moves a guest's bag into the account they signed in to: each line joins the account's line for
/// the same product, size and colour, never past what is left or the merchant's limits; what does
/// not fit stays behind and goes with the guest. Returns how many lines moved.
pub fn merge(tx: &Connection, from: &UserId, into: &UserId) -> AppResult<usize> {
    let lines: Vec<(ProductId, String, String, i64)> = tx
        .prepare_cached("SELECT product_id, size, color, quantity FROM bag_items WHERE user_id = ?1 ORDER BY added_at, rowid")?
        .query_map([from], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))?
        .collect::<Result<_, _>>()?;
    let mut moved = 0;
    for (product, size, color, quantity) in lines {
        // Added one at a time, so each unit meets the same checks as a shopper's own click.
        for _ in 0..quantity {
            if add_item(tx, into, &product, &size, &color, 1).is_err() {
                break;
            }
        }
        moved += 1;
    }
    tx.execute("DELETE FROM bag_items WHERE user_id = ?1", [from])?;
    Ok(moved)
}

/// A visitor's guest bag joins the account they signed in to (see [`merge`]).
pub fn adopt_guest_bag(tx: &Connection, guest: Option<&UserId>, user_id: &UserId) -> AppResult<()> {
    if let Some(guest) = guest
        && crate::auth::guests::is_guest(tx, guest)?
    {
        merge(tx, guest, user_id)?;
    }
    Ok(())
}

/// Takes out of a bag what an order bought, and only that: lines added meanwhile stay, and a line
/// raised meanwhile keeps the difference.
pub fn remove_bought(tx: &Connection, user_id: &UserId, lines: &[crate::orders::OrderItem]) -> rusqlite::Result<()> {
    let mut drop_line =
        tx.prepare_cached("DELETE FROM bag_items WHERE user_id = ?1 AND product_id = ?2 AND size = ?3 AND color = ?4 AND quantity <= ?5")?;
    let mut lower_line = tx.prepare_cached(
        "UPDATE bag_items SET quantity = quantity - ?5 WHERE user_id = ?1 AND product_id = ?2 AND size = ?3 AND color = ?4",
    )?;
    for line in lines {
        let key = params![
            user_id,
            line.product_id.as_deref().unwrap_or(""),
            line.size.as_deref().unwrap_or(""),
            line.color.as_deref().unwrap_or(""),
            line.quantity
        ];
        drop_line.execute(key)?;
        lower_line.execute(key)?;
    }
    Ok(())
}

/// Sets a line's quantity; below 1 removes it. Another shopper's line is "not found".
pub fn change_quantity(tx: &Connection, user_id: &UserId, item: &str, quantity: i64) -> AppResult<Bag> {
    let changed = if quantity < 1 {
        tx.execute("DELETE FROM bag_items WHERE id = ?1 AND user_id = ?2", params![item, user_id])?
    } else {
        let variant: Option<Option<String>> = tx
            .query_row("SELECT variant_id FROM bag_items WHERE id = ?1 AND user_id = ?2", params![item, user_id], |r| r.get(0))
            .optional()?;
        if let Some(variant) = variant {
            let Some(variant) = variant else { return Err(AppError::Validation(GONE.into())) };
            let stock: i64 = tx.query_row("SELECT stock FROM variants WHERE id = ?1", [&variant], |r| r.get(0)).optional()?.unwrap_or(0);
            check_left(stock + own_holds(tx, user_id, &variant)?, quantity)?;
            let now: i64 = tx.query_row("SELECT quantity FROM bag_items WHERE id = ?1", [item], |r| r.get(0))?;
            check_merchant_limits(tx, user_id, quantity, (quantity - now).max(0))?;
        }
        tx.execute("UPDATE bag_items SET quantity = ?3 WHERE id = ?1 AND user_id = ?2", params![item, user_id, quantity])?
    };
    if changed == 0 {
        return Err(not_in_bag());
    }
    Ok(load(tx, user_id)?)
}

/// Takes a line out of the shopper's bag. Another shopper's line is "not found".
pub fn remove_line(tx: &Connection, user_id: &UserId, item: &str) -> AppResult<Bag> {
    if tx.execute("DELETE FROM bag_items WHERE id = ?1 AND user_id = ?2", params![item, user_id])? == 0 {
        return Err(not_in_bag());
    }
    Ok(load(tx, user_id)?)
}

fn not_in_bag() -> AppError {
    AppError::NotFound("That item is not in your bag.".into())
}

/// Units of a variant held by this shopper's own unpaid checkouts.
fn own_holds(conn: &Connection, user_id: &str, variant_id: &str) -> rusqlite::Result<i64> {
    conn.prepare_cached(
        "SELECT COALESCE(SUM(r.quantity), 0) FROM reservations r JOIN payments p ON p.reference = r.payment_reference
         WHERE r.variant_id = ?2 AND p.user_id = ?1",
    )?
    .query_row(params![user_id, variant_id], |r| r.get(0))
}

fn check_left(available: i64, wanted: i64) -> AppResult<()> {
    match available {
        0 => Err(AppError::Validation("Sorry, this item is sold out.".into())),
        n if wanted > n => Err(AppError::Validation(format!("Only {n} left."))),
        _ => Ok(()),
    }
}

fn check_quantity(quantity: i64, minimum: i64) -> AppResult<()> {
    if quantity < minimum || quantity > MAX_QUANTITY {
        return Err(AppError::Validation(format!("Quantity must be a whole number from {minimum} to {MAX_QUANTITY}.")));
    }
    Ok(())
}
