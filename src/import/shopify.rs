//! Shopify's product CSV, as its admin exports it: rows grouped by Handle; the first row of a
//! product has its Title, Body (HTML), Type, Tags, status and option names; every row may carry a
//! variant (Option values, SKU, inventory, price) and a picture (Image Src, Image Position).
//!
//! Options map to Ankara's two: an option whose name has "size" in it (Size, Shoe size, UK Size)
//! is the size, and Color/Colour the colour; Shopify's single "Title" option ("Default Title") means
//! no options. Any other option (Material, Style…) is refused with its row: Ankara would have
//! nowhere to keep it. Ankara sells every variant of a product at one price, so variants priced
//! differently are refused too, naming both prices.

use std::collections::HashMap;

use super::own::{price, stock};
use super::{CollectionChoice, Draft, Parsed, Row, check_handle, html};
use crate::csv::RowError;
use crate::stock::NewVariant;

#[derive(Debug, Clone, Copy, PartialEq)]
enum Option_ {
    Size,
    Colour,
    /// Shopify's "Title" option of products without options.
    None,
}

fn option_kind(name: &str) -> Result<Option_, String> {
    let lower = name.trim().to_lowercase();
    if lower.contains("size") {
        Ok(Option_::Size)
    } else if ["color", "colour", "colors", "colours"].contains(&lower.as_str()) {
        Ok(Option_::Colour)
    } else if lower == "title" {
        Ok(Option_::None)
    } else {
        Err(format!(
            "The option \"{}\" cannot be imported: Ankara's variants have a size (an option named like Size) and a colour (Color or Colour) only.",
            name.trim()
        ))
    }
}

/// A product being read: its draft and its option kinds (from its first row).
struct Open {
    draft: Draft,
    options: [Option<Option_>; 3],
    skipped: bool,
    /// (position, line, source) of its pictures, sorted by position at the end.
    images: Vec<(i64, usize, String)>,
    priced_on: usize,
}

pub(crate) fn read(rows: &[Row]) -> Parsed {
    let mut parsed = Parsed::default();
    let mut open: Vec<Open> = Vec::new();
    let mut by_handle: HashMap<String, usize> = HashMap::new();
    let has_status = rows.first().is_some_and(|r| r.columns.contains_key("status"));
    for row in rows {
        let handle = row.get("handle");
        if let Err(message) = check_handle(&handle) {
            parsed.errors.push(RowError { line: row.line, message });
            continue;
        }
        let at = match by_handle.get(&handle) {
            Some(&at) => at,
            None => match start(row, &handle, has_status) {
                Ok(product) => {
                    if product.skipped {
                        parsed.skipped.push(RowError { line: row.line, message: skip_reason(row, has_status) });
                    }
                    by_handle.insert(handle.clone(), open.len());
                    open.push(product);
                    open.len() - 1
                }
                Err(message) => {
                    parsed.errors.push(RowError { line: row.line, message });
                    // Later rows of this handle are not reported again.
                    by_handle.insert(handle.clone(), usize::MAX);
                    continue;
                }
            },
        };
        if at == usize::MAX || open[at].skipped {
            continue;
        }
        if let Err(message) = add_row(&mut open[at], row) {
            parsed.errors.push(RowError { line: row.line, message });
        }
    }
    for mut product in open.into_iter().filter(|p| !p.skipped) {
        product.images.sort_by_key(|(position, line, _)| (*position, *line));
        let mut seen = Vec::new();
        for (_, line, source) in product.images {
            if !seen.contains(&source) {
                seen.push(source.clone());
                product.draft.pictures.push((line, source));
            }
        }
        if product.draft.variants.is_empty() {
            parsed.errors.push(RowError { line: product.draft.line, message: "The product has no variant with a price.".into() });
            continue;
        }
        parsed.drafts.push(product.draft);
    }
    parsed
}

fn skip_reason(row: &Row, has_status: bool) -> String {
    if row.get("gift card").eq_ignore_ascii_case("true") {
        "Left out: gift cards are not products Ankara sells.".into()
    } else if has_status {
        format!("Left out: its status is {}.", row.get("status").to_lowercase())
    } else {
        "Left out: it is not published.".into()
    }
}

/// A product's first row: its own columns and its options' names.
fn start(row: &Row, handle: &str, has_status: bool) -> Result<Open, String> {
    let status = row.get("status").to_lowercase();
    let skipped = row.get("gift card").eq_ignore_ascii_case("true")
        || (has_status && (status == "draft" || status == "archived"))
        || (!has_status && row.get("published").eq_ignore_ascii_case("false"));
    let mut options = [None; 3];
    for (i, option) in options.iter_mut().enumerate() {
        let name = row.get(&format!("option{} name", i + 1));
        if !name.is_empty() {
            *option = Some(option_kind(&name)?);
        }
    }
    let kinds: Vec<Option_> = options.iter().flatten().copied().filter(|k| *k != Option_::None).collect();
    if kinds.iter().filter(|k| **k == Option_::Size).count() > 1 || kinds.iter().filter(|k| **k == Option_::Colour).count() > 1 {
        return Err("Two options of this product are both sizes or both colours; Ankara keeps one of each.".into());
    }
    let tags: Vec<String> = row.get("tags").split(',').map(|t| t.trim().to_string()).filter(|t| !t.is_empty()).collect();
    let title = row.get("title");
    if title.is_empty() {
        return Err("The first row of a product needs its Title.".into());
    }
    Ok(Open {
        draft: Draft {
            line: row.line,
            handle: handle.to_string(),
            name: title,
            description: html::to_text(&row.get("body (html)")),
            collection: CollectionChoice::Tags(tags),
            category: Some(row.get("type")).filter(|t| !t.is_empty()),
            price: crate::money::Kobo::ZERO,
            compare_at: None,
            featured: None,
            variants: Vec::new(),
            pictures: Vec::new(),
            color_pictures: Vec::new(),
        },
        options,
        skipped,
        images: Vec::new(),
        priced_on: 0,
    })
}

/// A row's variant (when it has one) and picture (when it has one).
fn add_row(product: &mut Open, row: &Row) -> Result<(), String> {
    let image = row.get("image src");
    if !image.is_empty() {
        let position = row.get("image position").parse::<i64>().unwrap_or(i64::MAX);
        product.images.push((position, row.line, image));
    }
    let variant_price = row.get("variant price");
    let values: Vec<String> = (1..=3).map(|i| row.get(&format!("option{i} value"))).collect();
    if variant_price.is_empty() && row.get("variant sku").is_empty() && values.iter().all(String::is_empty) {
        return Ok(()); // A picture row.
    }
    let (mut size, mut color) = (String::new(), String::new());
    for (kind, value) in product.options.iter().zip(&values) {
        match (kind, value.as_str()) {
            (_, "") => {}
            (Some(Option_::Size), v) => size = v.to_string(),
            (Some(Option_::Colour), v) => color = v.to_string(),
            (Some(Option_::None), _) => {}
            (None, v) => return Err(format!("The option value \"{v}\" has no option name on the product's first row.")),
        }
    }
    let price = price(&variant_price, "Variant Price")?.ok_or("The Variant Price is missing.")?;
    let compare_at = price_cell(&row.get("variant compare at price"))?.filter(|before| *before > price);
    let d = &mut product.draft;
    if d.variants.is_empty() {
        (d.price, d.compare_at, product.priced_on) = (price, compare_at, row.line);
    } else if d.price != price {
        return Err(format!(
            "This variant costs {price} but the one on line {} costs {}: Ankara sells every variant of a product at one price.",
            product.priced_on, d.price
        ));
    } else if d.compare_at != compare_at {
        return Err(format!("This variant's compare-at price differs from line {}'s: Ankara keeps one per product.", product.priced_on));
    }
    // Shopify allows selling past zero; Ankara's stock starts at zero.
    let quantity = row.get("variant inventory qty");
    let quantity = if quantity.starts_with('-') && quantity[1..].chars().all(|c| c.is_ascii_digit()) { String::new() } else { quantity };
    let sku = row.get("variant sku");
    d.variants.push((row.line, NewVariant { size, color: color.clone(), sku: (!sku.is_empty()).then_some(sku), stock: stock(&quantity)? }));
    let variant_image = row.get("variant image");
    if !variant_image.is_empty() && !color.is_empty() && !d.color_pictures.iter().any(|(_, c, p)| *c == color && *p == variant_image) {
        d.color_pictures.push((row.line, color, variant_image));
    }
    Ok(())
}

/// Shopify writes an empty compare-at price, or sometimes 0 or the price itself, for no sale
/// (the caller drops one not above the price).
fn price_cell(cell: &str) -> Result<Option<crate::money::Kobo>, String> {
    Ok(price(cell, "Variant Compare At Price")?.filter(|k| k.get() > 0))
}
