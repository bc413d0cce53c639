//! Stock by spreadsheet: one row per variant with the columns product id, product name,
//! collection, size, colour, SKU and stock. The name and collection are there for a person to
//! read: import ignores them (and says so), so the downloaded file goes back up as it is, and the
//! older five-column file (without them) still imports. Export writes every variant; import checks
//! every row first and applies all of them in one transaction, or none when any row is bad,
//! reporting each bad row by its line number.

use std::collections::HashMap;

use rusqlite::{Connection, params};

pub use crate::csv::{ImportRefused, RowError};
use crate::csv::{Limits, quote, records, unescape_formula};

pub const HEADER: [&str; 7] = ["product_id", "product_name", "collection", "size", "colour", "sku", "stock"];
/// The columns import reads; the others are for reading only.
const READ_ONLY: [&str; 2] = ["product_name", "collection"];
/// The file before the read-only columns, still accepted.
pub const SHORT_HEADER: [&str; 5] = ["product_id", "size", "colour", "sku", "stock"];
/// More rows than this is not a stock count but a mistake (or an attack on memory).
pub const MAX_ROWS: usize = 100_000;
/// The largest file accepted (100,000 rows of ordinary length fit easily).
pub const MAX_BYTES: usize = 8 << 20;
/// At most this many cells on a row (the file has 7 columns; a few empty ones a spreadsheet adds
/// still get a row error), and this many characters in a cell.
const LIMITS: Limits = Limits { rows: MAX_ROWS, fields: 64, cell_chars: 1_000, columns: HEADER.len() };

/// A checked row, ready to apply.
#[derive(Debug, Clone, PartialEq)]
pub struct StockRow {
    pub variant_id: String,
    pub sku: Option<String>,
    pub stock: i64,
}

/// A checked file: its rows, and whether it had the read-only columns (which import ignores).
#[derive(Debug, Clone, PartialEq)]
pub struct Checked {
    pub rows: Vec<StockRow>,
    pub read_only_columns: bool,
}

/// Where a file's columns are: the full layout of [`HEADER`] or the older [`SHORT_HEADER`].
#[derive(Debug, Clone, Copy)]
struct Layout {
    columns: usize,
    product: usize,
    size: usize,
    color: usize,
    sku: usize,
    stock: usize,
}

const FULL: Layout = Layout { columns: 7, product: 0, size: 3, color: 4, sku: 5, stock: 6 };
const SHORT: Layout = Layout { columns: 5, product: 0, size: 1, color: 2, sku: 3, stock: 4 };

fn layout_of(header: &[String]) -> Option<Layout> {
    let matches = |want: &[&str]| {
        header.len() == want.len() && header.iter().zip(want).all(|(h, want)| h == want || (*want == "colour" && h == "color"))
    };
    if matches(&HEADER) {
        Some(FULL)
    } else if matches(&SHORT_HEADER) {
        Some(SHORT)
    } else {
        None
    }
}

/// Reads and checks a whole file against the database. Nothing is changed.
pub fn check(conn: &Connection, text: &str) -> Result<Checked, ImportRefused> {
    let mut rows = records(text, LIMITS);
    let Some((_, header)) = rows.next().transpose()? else {
        return Err(ImportRefused::whole_file("The file is empty."));
    };
    let header: Vec<String> = header.iter().map(|h| h.trim().to_lowercase().replace(' ', "_")).collect();
    let Some(layout) = layout_of(&header) else {
        return Err(ImportRefused::whole_file(format!("The first line must be the header: {}.", HEADER.join(","))));
    };
    let variants = all_variants(conn).map_err(|e| ImportRefused::whole_file(format!("Could not read the variants: {e}")))?;
    let (mut good, mut errors) = (Vec::new(), Vec::new());
    let mut seen_variant: HashMap<String, usize> = HashMap::new();
    let mut seen_sku: HashMap<String, usize> = HashMap::new();
    for row in rows {
        let (line, fields) = row?;
        let result = check_row(&fields, layout, &variants).and_then(|row| {
            if let Some(first) = seen_variant.insert(row.variant_id.clone(), line) {
                return Err(format!("This variant is already on line {first}."));
            }
            if let Some(sku) = &row.sku
                && let Some(first) = seen_sku.insert(sku.clone(), line)
            {
                return Err(format!("The SKU {sku} is already on line {first}."));
            }
            Ok(row)
        });
        match result {
            Ok(row) => good.push(row),
            Err(message) => errors.push(RowError { line, message }),
        }
    }
    if !errors.is_empty() {
        return Err(ImportRefused::rows(errors));
    }
    if good.is_empty() {
        return Err(ImportRefused::whole_file("The file has a header but no rows."));
    }
    Ok(Checked { rows: good, read_only_columns: layout.columns == HEADER.len() })
}

/// Every variant by (product id, size, colour).
fn all_variants(conn: &Connection) -> rusqlite::Result<HashMap<(String, String, String), String>> {
    conn.prepare("SELECT product_id, size, color, id FROM variants")?
        .query_map([], |r| Ok(((r.get(0)?, r.get(1)?, r.get(2)?), r.get(3)?)))?
        .collect()
}

fn check_row(fields: &[String], layout: Layout, variants: &HashMap<(String, String, String), String>) -> Result<StockRow, String> {
    if fields.len() != layout.columns {
        return Err(format!("Expected {} columns, found {}.", layout.columns, fields.len()));
    }
    let [product, size, color, sku, stock] =
        [layout.product, layout.size, layout.color, layout.sku, layout.stock].map(|i| unescape_formula(fields[i].trim()));
    if !crate::util::plausible_id(&product) {
        return Err("The product id is missing or malformed.".into());
    }
    let stock = match stock.parse::<i64>() {
        Ok(n) if (0..=super::MAX_STOCK).contains(&n) && stock.chars().all(|c| c.is_ascii_digit()) => n,
        _ => return Err(format!("Stock must be a whole number from 0 to {}; found \"{}\".", super::MAX_STOCK, shorten(&stock))),
    };
    if sku.chars().count() > 64 || sku.chars().any(char::is_control) {
        return Err("A SKU may have at most 64 characters.".into());
    }
    let Some(variant_id) = variants.get(&(product.clone(), size.clone(), color.clone())) else {
        let product_known = variants.keys().any(|(p, _, _)| *p == product);
        return Err(if product_known {
            format!("Product {product} has no variant {}.", super::describe(&size, &color))
        } else {
            format!("No product has the id {product}.")
        });
    };
    Ok(StockRow { variant_id: variant_id.clone(), sku: (!sku.is_empty()).then_some(sku), stock })
}

fn shorten(text: &str) -> String {
    text.chars().take(20).collect()
}

/// Applies checked rows. SKUs are cleared first so two rows may swap SKUs; a SKU still used by a
/// variant outside the file is refused (the whole transaction then rolls back).
pub fn apply(tx: &Connection, rows: &[StockRow]) -> crate::error::AppResult<usize> {
    let mut clear = tx.prepare_cached("UPDATE variants SET sku = NULL WHERE id = ?1")?;
    for row in rows {
        clear.execute([&row.variant_id])?;
    }
    let mut set = tx.prepare_cached(
        "UPDATE variants SET sku = ?2, stock = ?3, low_mailed = CASE WHEN ?3 > ?4 THEN 0 ELSE low_mailed END WHERE id = ?1",
    )?;
    for row in rows {
        set.execute(params![row.variant_id, row.sku, row.stock, super::low_stock_threshold()])
            .map_err(|e| if crate::db::is_unique_violation(&e) { super::sku_in_use(row.sku.as_deref()) } else { e.into() })?;
    }
    Ok(rows.len())
}

/// Every variant, by product then position, as CSV with the header.
pub fn export(conn: &Connection) -> rusqlite::Result<String> {
    let mut out = format!("{}\r\n", HEADER.join(","));
    let mut stmt = conn.prepare(
        "SELECT v.product_id, p.name, c.name, v.size, v.color, COALESCE(v.sku, ''), v.stock
         FROM variants v JOIN products p ON p.id = v.product_id JOIN collections c ON c.id = p.collection_id
         ORDER BY p.created_at DESC, p.id, v.position",
    )?;
    let mut rows = stmt.query([])?;
    while let Some(r) = rows.next()? {
        for i in 0..6 {
            out.push_str(&quote(&r.get::<_, String>(i)?));
            out.push(',');
        }
        out.push_str(&format!("{}\r\n", r.get::<_, i64>(6)?));
    }
    Ok(out)
}

/// What an import changed, and the note that the read-only columns were not read.
#[derive(Debug, Clone, PartialEq)]
pub struct Applied {
    pub updated: usize,
    pub read_only_columns: bool,
}

impl Applied {
    /// "Stock updated for 12 variants.", and that names and collections are not changed by a file.
    pub fn message(&self) -> String {
        let mut message = format!("Stock updated for {} variants.", self.updated);
        if self.read_only_columns {
            message.push_str(&format!(
                " The {} columns are for reading only: they were not imported (rename products and move them in the back office).",
                READ_ONLY.join(" and ")
            ));
        }
        message
    }
}

/// Checks and applies a whole file in one transaction. Shared by the upload and `ankara stock import`.
pub fn import(tx: &rusqlite::Transaction, text: &str) -> crate::error::AppResult<Result<Applied, ImportRefused>> {
    match check(tx, text) {
        Ok(Checked { rows, read_only_columns }) => {
            let updated = apply(tx, &rows)?;
            // A running shop (another process, for the command) notices this and refreshes its answers.
            tx.execute(
                "INSERT INTO settings (key, value) VALUES ('stock_imported_at', ?1) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                [crate::util::random_id(12)],
            )?;
            Ok(Ok(Applied { updated, read_only_columns }))
        }
        Err(refused) => Ok(Err(refused)),
    }
}

/// The mark of the last import made by `ankara stock import` (or the upload), if any.
pub fn last_import(conn: &Connection) -> rusqlite::Result<Option<String>> {
    use rusqlite::OptionalExtension;
    conn.query_row("SELECT value FROM settings WHERE key = 'stock_imported_at'", [], |r| r.get(0)).optional()
}

/// [`import`], logged in the activity log as `actor`'s when it changed anything.
pub fn import_by(
    tx: &rusqlite::Transaction,
    text: &str,
    actor: &crate::ids::UserId,
) -> crate::error::AppResult<Result<Applied, ImportRefused>> {
    let imported = import(tx, text)?;
    if let Ok(applied) = &imported {
        crate::activity::record(tx, actor, "stock", "import", &format!("Stock imported from a spreadsheet: {} variants", applied.updated))?;
    }
    Ok(imported)
}
