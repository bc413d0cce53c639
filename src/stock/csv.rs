//! Stock by spreadsheet: one row per variant with the columns product id, product name,
//! collection, size, colour, SKU and stock. The name and collection are there for a person to
//! read: import ignores them (and says so), so the downloaded file goes back up as it is, and the
//! older five-column file (without them) still imports. Export writes every variant; import checks
//! every row first and applies all of them in one transaction, or none when any row is bad,
//! reporting each bad row by its line number.

use std::collections::HashMap;

use rusqlite::{Connection, params};
use serde::Serialize;

pub const HEADER: [&str; 7] = ["product_id", "product_name", "collection", "size", "colour", "sku", "stock"];
/// The columns import reads; the others are for reading only.
const READ_ONLY: [&str; 2] = ["product_name", "collection"];
/// The file before the read-only columns, still accepted.
pub const SHORT_HEADER: [&str; 5] = ["product_id", "size", "colour", "sku", "stock"];
/// More rows than this is not a stock count but a mistake (or an attack on memory).
pub const MAX_ROWS: usize = 100_000;
/// The largest file accepted (100,000 rows of ordinary length fit easily).
pub const MAX_BYTES: usize = 8 << 20;
/// At most this many bad rows are listed; the count says how many there were.
const MAX_REPORTED: usize = 100;

/// A bad row, by its line in the file (the header is line 1).
#[derive(Serialize, Debug, Clone, PartialEq, utoipa::ToSchema)]
pub struct RowError {
    pub line: usize,
    pub message: String,
}

/// Why an import changed nothing.
#[derive(Serialize, Debug, utoipa::ToSchema)]
pub struct ImportRefused {
    pub message: String,
    /// The first bad rows, in file order.
    pub errors: Vec<RowError>,
}

impl ImportRefused {
    fn whole_file(message: impl Into<String>) -> ImportRefused {
        ImportRefused { message: message.into(), errors: Vec::new() }
    }
}

/// At most this many cells on a row (the file has 7 columns; a few empty ones a spreadsheet adds
/// still get a row error), and this many characters in a cell: a line of commas or an open quote
/// is refused at once instead of being held in memory as millions of cells.
pub const MAX_FIELDS: usize = 64;
pub const MAX_CELL_CHARS: usize = 1_000;

/// Splits CSV text into records of fields (RFC 4180: quoted fields may hold commas, quotes as "",
/// and line breaks), one record at a time. Each record carries the line it starts on; blank lines
/// are skipped (but counted).
struct Records<'a> {
    chars: std::iter::Peekable<std::str::Chars<'a>>,
    line: usize,
    records: usize,
    done: bool,
}

fn records(text: &str) -> Records<'_> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    Records { chars: text.chars().peekable(), line: 1, records: 0, done: false }
}

impl Iterator for Records<'_> {
    type Item = Result<(usize, Vec<String>), ImportRefused>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let record = self.next_record();
        match &record {
            Ok(Some(_)) => {
                self.records += 1;
                if self.records > MAX_ROWS + 1 {
                    self.done = true;
                    return Some(Err(ImportRefused::whole_file(format!(
                        "The file has more than {MAX_ROWS} rows. Split it into smaller files."
                    ))));
                }
            }
            Ok(None) | Err(_) => self.done = true,
        }
        record.transpose()
    }
}

impl Records<'_> {
    fn next_record(&mut self) -> Result<Option<(usize, Vec<String>)>, ImportRefused> {
        let (mut field, mut record) = (String::new(), Vec::new());
        let (mut start, mut quoted, mut at_field_start, mut cell_chars) = (self.line, false, true, 0usize);
        while let Some(c) = self.chars.next() {
            if quoted {
                match c {
                    '"' if self.chars.peek() == Some(&'"') => {
                        self.chars.next();
                        field.push('"');
                    }
                    '"' => quoted = false,
                    '\n' => {
                        self.line += 1;
                        field.push(c);
                    }
                    _ => field.push(c),
                }
                cell_chars += 1;
                if cell_chars > MAX_CELL_CHARS {
                    return Err(cell_too_long(start, quoted));
                }
                continue;
            }
            match c {
                '"' if at_field_start => {
                    quoted = true;
                    at_field_start = false;
                }
                ',' => {
                    end_field(start, &mut field, &mut record)?;
                    (at_field_start, cell_chars) = (true, 0);
                }
                '\r' => {}
                '\n' => {
                    end_field(start, &mut field, &mut record)?;
                    self.line += 1;
                    if !(record.len() == 1 && record[0].trim().is_empty()) {
                        return Ok(Some((start, record)));
                    }
                    // A blank line: the next record starts on the next one.
                    record.clear();
                    (start, at_field_start, cell_chars) = (self.line, true, 0);
                }
                _ => {
                    field.push(c);
                    at_field_start = false;
                    cell_chars += 1;
                    if cell_chars > MAX_CELL_CHARS {
                        return Err(cell_too_long(start, false));
                    }
                }
            }
        }
        if quoted {
            return Err(ImportRefused {
                message: "The file ends inside a quoted field.".into(),
                errors: vec![RowError { line: start, message: "A quote is never closed.".into() }],
            });
        }
        if !field.is_empty() || !record.is_empty() {
            end_field(start, &mut field, &mut record)?;
            return Ok(Some((start, record)));
        }
        Ok(None)
    }
}

/// Ends a cell, refusing a row with more than [`MAX_FIELDS`] of them.
fn end_field(line: usize, field: &mut String, record: &mut Vec<String>) -> Result<(), ImportRefused> {
    if record.len() == MAX_FIELDS {
        return Err(ImportRefused {
            message: format!("Line {line} has more than {MAX_FIELDS} cells; nothing was changed."),
            errors: vec![RowError { line, message: format!("Expected at most {} columns, found more than {MAX_FIELDS}.", HEADER.len()) }],
        });
    }
    record.push(std::mem::take(field));
    Ok(())
}

fn cell_too_long(line: usize, quoted: bool) -> ImportRefused {
    ImportRefused {
        message: format!("Line {line} has a cell longer than {MAX_CELL_CHARS} characters; nothing was changed."),
        errors: vec![RowError {
            line,
            message: if quoted {
                "This cell is far too long: is a quote never closed?".into()
            } else {
                format!("A cell may have at most {MAX_CELL_CHARS} characters.")
            },
        }],
    }
}

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
    let mut rows = records(text);
    let Some((_, header)) = rows.next().transpose()? else {
        return Err(ImportRefused::whole_file("The file is empty."));
    };
    let header: Vec<String> = header.iter().map(|h| h.trim().to_lowercase().replace(' ', "_")).collect();
    let Some(layout) = layout_of(&header) else {
        return Err(ImportRefused::whole_file(format!("The first line must be the header: {}.", HEADER.join(","))));
    };
    let variants = all_variants(conn).map_err(|e| ImportRefused::whole_file(format!("Could not read the variants: {e}")))?;
    let (mut good, mut errors, mut bad_count) = (Vec::new(), Vec::new(), 0usize);
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
            Err(message) => {
                bad_count += 1;
                if errors.len() < MAX_REPORTED {
                    errors.push(RowError { line, message });
                }
            }
        }
    }
    if bad_count > 0 {
        let message = match bad_count {
            1 => "1 row is wrong; nothing was changed.".to_string(),
            n => format!("{n} rows are wrong; nothing was changed."),
        };
        return Err(ImportRefused { message, errors });
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

/// Undoes the `'` export puts before what a spreadsheet would take for a formula (and before a
/// value that itself starts with `'`): exactly one, so every value comes back as it was.
fn unescape_formula(field: &str) -> String {
    field.strip_prefix('\'').unwrap_or(field).to_string()
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

/// One CSV cell. A value a spreadsheet would take for a formula (a leading = + - @, tab or carriage
/// return) gets a leading `'` to keep it text, and so does one that already starts with `'`, so an
/// import can remove exactly one. A cell holding a separator some spreadsheets split on (comma,
/// semicolon, tab), a quote or a line break is quoted.
pub(crate) fn quote(field: &str) -> String {
    let field = if field.starts_with(['=', '+', '-', '@', '\t', '\r', '\'']) { format!("'{field}") } else { field.to_string() };
    if field.contains([',', ';', '\t', '"', '\n', '\r']) { format!("\"{}\"", field.replace('"', "\"\"")) } else { field }
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

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Vec<(usize, Vec<String>)>, ImportRefused> {
        records(text).collect()
    }

    #[test]
    fn quoted_fields_keep_commas_quotes_and_line_numbers() {
        let text = "product_id,size,colour,sku,stock\r\nabc,42,\"Cream, Navy\",\"X\"\"1\",3\n\nxyz,,\"two\nlines\",,4\n";
        let parsed = parse(text).map_err(|e| e.message).unwrap();
        assert_eq!(parsed[1], (2, vec!["abc".into(), "42".into(), "Cream, Navy".into(), "X\"1".into(), "3".into()]));
        assert_eq!(parsed[2].0, 4, "the blank line 3 is skipped but counted");
        assert_eq!(parsed[2].1[2], "two\nlines");
        assert!(parse("a,\"b").is_err());
        assert_eq!(parse(&"\n".repeat(1_000_000)).map_err(|e| e.message).unwrap(), [], "blank lines cost nothing");
    }

    #[test]
    fn formulas_are_exported_as_text() {
        assert_eq!(quote("=SUM(A1)"), "'=SUM(A1)");
        assert_eq!(quote("a,b"), "\"a,b\"");
        // Some spreadsheets split on ; or tab, and would then see =1+1 as a cell of its own.
        assert_eq!(quote("x;=1+1"), "\"x;=1+1\"");
        assert_eq!(quote("x\t=1+1"), "\"x\t=1+1\"");
        assert_eq!(quote("\t=1"), "\"'\t=1\"");
        assert_eq!(quote("'=x"), "''=x");
        assert_eq!(quote("plain"), "plain");
    }

    #[test]
    fn every_value_survives_an_export_and_an_import() {
        for value in ["'=x", "''", "'", "=SUM(A1)", "+1", "-2", "@me", "x;=1+1", "\tx", "\r=1", "a,\"b\"", "two\nlines", "plain", "O'Neil"]
        {
            let text = format!("{}\r\n", quote(value));
            let parsed = parse(&text).map_err(|e| e.message).unwrap();
            assert_eq!(parsed.len(), 1, "{value:?} is one cell: {text:?}");
            assert_eq!(parsed[0].1.len(), 1, "{value:?} is one cell: {text:?}");
            assert_eq!(unescape_formula(&parsed[0].1[0]), value, "exported as {text:?}");
        }
    }

    #[test]
    fn a_line_of_commas_or_an_endless_cell_is_refused_at_once() {
        let started = std::time::Instant::now();
        let commas = format!("product_id,size,colour,sku,stock\n{}\n", ",".repeat(100_000));
        let refused = parse(&commas).unwrap_err();
        assert_eq!(refused.message, "Line 2 has more than 64 cells; nothing was changed.");
        assert_eq!(refused.errors, [RowError { line: 2, message: "Expected at most 7 columns, found more than 64.".into() }]);
        // 8 MB of commas: refused after 64 of them, never millions of cells.
        let refused = parse(&format!("product_id,size,colour,sku,stock\n\n{}", ",".repeat(MAX_BYTES))).unwrap_err();
        assert_eq!(refused.message, "Line 3 has more than 64 cells; nothing was changed.");
        let long = format!("product_id,size,colour,sku,stock\nwatch,,,{},1\n", "x".repeat(5_000));
        assert_eq!(parse(&long).unwrap_err().message, "Line 2 has a cell longer than 1000 characters; nothing was changed.");
        let open = format!("product_id,size,colour,sku,stock\nwatch,,,\"W1,1\n{}", "brogue,41,Black,,4\n".repeat(1_000));
        let refused = parse(&open).unwrap_err();
        assert_eq!(refused.errors, [RowError { line: 2, message: "This cell is far too long: is a quote never closed?".into() }]);
        assert!(started.elapsed() < std::time::Duration::from_secs(2), "took {:?}", started.elapsed());
    }
}
