//! Ankara's own products CSV: one row per variant. A product's columns are written on its first
//! row and may be repeated or left empty on the rows after it (same handle). Pictures are listed
//! with `|` between them: a URL, or a file name of the zip or folder sent with the file.

use std::collections::HashMap;

use rusqlite::Connection;

use super::{CollectionChoice, Draft, Parsed, Row, check_handle};
use crate::csv::{RowError, quote};
use crate::money::{Kobo, naira_decimal, parse_naira};
use crate::stock::NewVariant;

pub const HEADER: [&str; 14] = [
    "handle",
    "name",
    "description",
    "collection",
    "category",
    "price",
    "compare_at_price",
    "featured",
    "size",
    "colour",
    "sku",
    "stock",
    "pictures",
    "colour_pictures",
];

/// The product columns: on a product's first row, and empty or the same on the rows after it.
const PRODUCT_COLUMNS: [&str; 8] = ["name", "description", "collection", "category", "price", "compare at price", "featured", "pictures"];

fn pictures(cell: &str) -> Vec<String> {
    cell.split('|').map(str::trim).filter(|p| !p.is_empty()).map(str::to_string).collect()
}

fn yes_no(cell: &str) -> Result<Option<bool>, String> {
    match cell.to_ascii_lowercase().as_str() {
        "" => Ok(None),
        "yes" | "true" | "1" | "y" => Ok(Some(true)),
        "no" | "false" | "0" | "n" => Ok(Some(false)),
        other => Err(format!("featured must be yes or no; found \"{}\".", other.chars().take(20).collect::<String>())),
    }
}

pub(crate) fn stock(cell: &str) -> Result<i64, String> {
    if cell.is_empty() {
        return Ok(0);
    }
    match cell.parse::<i64>() {
        Ok(n) if (0..=crate::stock::MAX_STOCK).contains(&n) && cell.chars().all(|c| c.is_ascii_digit()) => Ok(n),
        _ => Err(format!(
            "Stock must be a whole number from 0 to {}; found \"{}\".",
            crate::stock::MAX_STOCK,
            cell.chars().take(20).collect::<String>()
        )),
    }
}

pub(crate) fn price(cell: &str, what: &str) -> Result<Option<Kobo>, String> {
    if cell.is_empty() {
        return Ok(None);
    }
    parse_naira(cell).map(Some).map_err(|e| format!("The {what}: {e}"))
}

/// Reads the rows of Ankara's products CSV into products.
pub(crate) fn read(rows: &[Row]) -> Parsed {
    let mut parsed = Parsed::default();
    // A handle's draft, and its first row.
    let mut by_handle: HashMap<String, (usize, usize)> = HashMap::new();
    for (index, row) in rows.iter().enumerate() {
        let handle = row.get("handle");
        if let Err(message) = check_handle(&handle) {
            parsed.errors.push(RowError { line: row.line, message });
            continue;
        }
        let variant = (|| -> Result<NewVariant, String> {
            let sku = row.get("sku");
            Ok(NewVariant {
                size: row.get("size"),
                color: row.get("colour"),
                sku: (!sku.is_empty()).then_some(sku),
                stock: stock(&row.get("stock"))?,
            })
        })();
        let variant = match variant {
            Ok(v) => v,
            Err(message) => {
                parsed.errors.push(RowError { line: row.line, message });
                continue;
            }
        };
        let color_pictures: Vec<(usize, String, String)> =
            pictures(&row.get("colour pictures")).into_iter().map(|p| (row.line, variant.color.clone(), p)).collect();
        match by_handle.get(&handle) {
            Some(&(at, first_row)) => {
                let first = &rows[first_row];
                let first_line = first.line;
                // The product's columns on a later row: empty, or what the first row says.
                let differs = PRODUCT_COLUMNS.iter().find(|&&column| {
                    let cell = row.get(column);
                    !cell.is_empty() && first.get(column) != cell
                });
                if let Some(column) = differs {
                    parsed.errors.push(RowError {
                        line: row.line,
                        message: format!(
                            "The {column} differs from the product's first row (line {first_line}); leave it empty or the same."
                        ),
                    });
                    continue;
                }
                let draft = &mut parsed.drafts[at];
                draft.variants.push((row.line, variant));
                draft.color_pictures.extend(color_pictures);
            }
            None => {
                let product = (|| -> Result<Draft, String> {
                    let price = price(&row.get("price"), "price")?.ok_or("The price is missing.")?;
                    Ok(Draft {
                        line: row.line,
                        handle: handle.clone(),
                        name: row.get("name"),
                        description: row.get("description"),
                        collection: CollectionChoice::Named(row.get("collection")),
                        category: Some(row.get("category")).filter(|c| !c.is_empty()),
                        price,
                        compare_at: price_or_none(&row.get("compare at price"))?,
                        featured: yes_no(&row.get("featured"))?,
                        variants: vec![(row.line, variant)],
                        pictures: pictures(&row.get("pictures")).into_iter().map(|p| (row.line, p)).collect(),
                        color_pictures,
                    })
                })();
                match product {
                    Ok(draft) => {
                        by_handle.insert(handle, (parsed.drafts.len(), index));
                        parsed.drafts.push(draft);
                    }
                    Err(message) => parsed.errors.push(RowError { line: row.line, message }),
                }
            }
        }
    }
    parsed
}

fn price_or_none(cell: &str) -> Result<Option<Kobo>, String> {
    price(cell, "compare-at price")
}

/// How the export names a picture: its file name (`--pictures DIR` writes the files beside it), or
/// its address at this shop (which an import into this same shop recognises without fetching,
/// and another shop fetches while this one is online).
pub enum PictureNames<'a> {
    Files,
    Links(&'a str),
}

/// The largest stored size of a picture: the one an export names or copies.
pub fn largest_file(conn: &Connection, key: &str) -> rusqlite::Result<String> {
    let widths: String = conn.query_row("SELECT widths FROM media WHERE key = ?1", [key], |r| r.get(0))?;
    let largest = widths.split(',').filter_map(|w| w.parse::<u32>().ok()).max().unwrap_or(0);
    Ok(format!("{key}-{largest}.jpg"))
}

/// The export's name for a picture.
fn picture_name(conn: &Connection, key: &str, names: &PictureNames) -> rusqlite::Result<String> {
    Ok(match names {
        PictureNames::Files => format!("{}.jpg", crate::zip::base_name(key)),
        PictureNames::Links(base) => format!("{base}/media/{}", largest_file(conn, key)?),
    })
}

/// Every product as Ankara's products CSV; calls `picture` with each media key it names.
pub fn export(conn: &Connection, naming: &PictureNames, mut picture: impl FnMut(&str)) -> rusqlite::Result<String> {
    let mut out = format!("{}\r\n", HEADER.join(","));
    let mut products = conn.prepare(
        "SELECT p.id, COALESCE(p.handle, p.id), p.name, p.description, c.name, COALESCE(p.category, ''), p.price_kobo, p.compare_at_kobo, p.featured
         FROM products p JOIN collections c ON c.id = p.collection_id ORDER BY c.position, c.name, p.created_at, p.id",
    )?;
    let mut variants =
        conn.prepare("SELECT size, color, COALESCE(sku, ''), stock FROM variants WHERE product_id = ?1 ORDER BY position")?;
    let mut gallery = conn.prepare("SELECT media_key FROM product_images WHERE product_id = ?1 ORDER BY position")?;
    let mut colors = conn.prepare("SELECT color, media_key FROM color_images WHERE product_id = ?1 ORDER BY color, position")?;
    let mut rows = products.query([])?;
    while let Some(p) = rows.next()? {
        let id: String = p.get(0)?;
        let keys: Vec<String> = gallery.query_map([&id], |r| r.get(0))?.collect::<Result<_, _>>()?;
        let mut names = Vec::with_capacity(keys.len());
        for key in &keys {
            picture(key);
            names.push(picture_name(conn, key, naming)?);
        }
        let mut by_color: HashMap<String, Vec<String>> = HashMap::new();
        for pair in colors.query_map([&id], |r| Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?)))? {
            let (color, key) = pair?;
            picture(&key);
            by_color.entry(color).or_default().push(picture_name(conn, &key, naming)?);
        }
        let compare_at: Option<i64> = p.get(7)?;
        let product_cells = [
            p.get::<_, String>(1)?,
            p.get(2)?,
            p.get(3)?,
            p.get(4)?,
            p.get(5)?,
            naira_decimal(Kobo::new(p.get(6)?)),
            compare_at.map(|k| naira_decimal(Kobo::new(k))).unwrap_or_default(),
            if p.get::<_, bool>(8)? { "yes".into() } else { "no".into() },
        ];
        let list: Vec<(String, String, String, i64)> =
            variants.query_map([&id], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))?.collect::<Result<_, _>>()?;
        for (i, (size, color, sku, stock)) in list.iter().enumerate() {
            // The product's columns on its first row only; the handle on every row.
            let mut cells: Vec<String> = if i == 0 {
                product_cells.iter().map(|c| quote(c)).collect()
            } else {
                std::iter::once(quote(&product_cells[0])).chain((1..8).map(|_| String::new())).collect()
            };
            cells.extend([quote(size), quote(color), quote(sku), stock.to_string()]);
            cells.push(if i == 0 { quote(&names.join("|")) } else { String::new() });
            // A colour's pictures go on its first row.
            let first_of_color = list.iter().position(|v| v.1 == *color) == Some(i);
            cells.push(match by_color.get(color) {
                Some(names) if first_of_color => quote(&names.join("|")),
                _ => String::new(),
            });
            out.push_str(&cells.join(","));
            out.push_str("\r\n");
        }
    }
    Ok(out)
}
