//! Bringing a whole catalogue in by spreadsheet, and taking it out again: Ankara's own products CSV
//! (one row per variant, keyed by a handle) and Shopify's product export. An import is read and
//! checked whole first ([`parse`], [`check`]): a dry run stops there and reports what would be
//! created, changed and refused, by line. Applying fetches and re-encodes the new pictures (files
//! written, not yet recorded), then writes everything in one transaction through the catalogue's
//! door ([`apply`]), or nothing when any row or picture is bad. Products are matched by handle
//! (or by the product id Ankara's export writes for products made in the back office), so
//! importing the same file again changes nothing.

pub mod html;
pub mod jobs;
pub mod own;
pub mod pictures;
pub mod routes;
mod saving;
pub mod shopify;

pub use saving::{apply, discard, last_import, prepare_pictures};

use std::collections::{HashMap, HashSet};

use rusqlite::{Connection, OptionalExtension, params};
use serde::Serialize;
use sha2::{Digest, Sha256};

use crate::catalog::write::{Changes, NewProduct, check_lengths, check_sale, collection_slug, insert_product};
use crate::csv::{ImportRefused, Limits, RowError};
use crate::error::{AppError, AppResult};
use crate::ids::ProductId;
use crate::media::{ImageKind, Processed, Written};
use crate::money::Kobo;
use crate::stock::NewVariant;

/// The largest CSV read (10,000 variants of an ordinary catalogue are about 3 MB).
pub const MAX_CSV_BYTES: usize = 20 << 20;
/// The largest zip of a CSV and its pictures.
pub const MAX_ZIP_BYTES: u64 = 1 << 30;
/// Rows after the header.
pub const MAX_ROWS: usize = 50_000;
/// Cells on a row (Shopify's export has about 50 columns) and characters in one (its HTML
/// descriptions run long).
const LIMITS: Limits = Limits { rows: MAX_ROWS, fields: 128, cell_chars: 100_000, columns: 60 };
/// Product lines listed in a report; the counts cover them all.
const MAX_LISTED: usize = 1_000;
const MAX_HANDLE: usize = 200;

/// Which kind of file it was.
#[derive(Serialize, Debug, Clone, Copy, PartialEq, Eq, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum ImportFormat {
    Ankara,
    Shopify,
}

/// Where a product goes: a collection named in the file, or (Shopify's) the first tag naming an
/// existing collection, else the collection chosen for the import.
#[derive(Debug, Clone, PartialEq)]
pub enum CollectionChoice {
    Named(String),
    Tags(Vec<String>),
}

/// One product as a file describes it, before it is checked against the shop.
#[derive(Debug, Clone)]
pub struct Draft {
    /// Its first row.
    pub line: usize,
    pub handle: String,
    pub name: String,
    pub description: String,
    pub collection: CollectionChoice,
    pub category: Option<String>,
    pub price: Kobo,
    pub compare_at: Option<Kobo>,
    /// None: the file does not say (Shopify's), so an existing product keeps its own.
    pub featured: Option<bool>,
    /// (line, variant), in file order.
    pub variants: Vec<(usize, NewVariant)>,
    /// (line, reference): a URL, or a file name in the zip or folder.
    pub pictures: Vec<(usize, String)>,
    /// (line, colour, reference).
    pub color_pictures: Vec<(usize, String, String)>,
}

/// A file read into products; rows that could not be read are in `errors`.
#[derive(Debug, Default)]
pub struct Parsed {
    pub drafts: Vec<Draft>,
    pub errors: Vec<RowError>,
    /// Rows read but left out on purpose (Shopify drafts, gift cards), with why.
    pub skipped: Vec<RowError>,
}

/// A row's cells by column name, for the format readers.
pub(crate) struct Row<'a> {
    pub line: usize,
    cells: &'a [String],
    columns: &'a HashMap<String, usize>,
}

impl Row<'_> {
    /// The cell under `column` (trimmed; empty when the file has no such column), with the `'`
    /// Ankara's export puts before formula-like values taken off.
    pub fn get(&self, column: &str) -> String {
        self.columns.get(column).and_then(|&i| self.cells.get(i)).map(|cell| crate::csv::unescape_formula(cell.trim())).unwrap_or_default()
    }
}

/// Reads a file of either kind into products.
pub fn parse(text: &str) -> Result<(ImportFormat, Parsed), ImportRefused> {
    let mut records = crate::csv::records(text, LIMITS);
    let Some((_, header)) = records.next().transpose()? else {
        return Err(ImportRefused::whole_file("The file is empty."));
    };
    let columns: HashMap<String, usize> =
        header.iter().enumerate().map(|(i, name)| (name.trim().to_lowercase().replace('_', " "), i)).rev().collect();
    let format = if columns.contains_key("handle") && columns.contains_key("variant price") {
        ImportFormat::Shopify
    } else if own::HEADER.iter().all(|c| columns.contains_key(&c.replace('_', " "))) {
        ImportFormat::Ankara
    } else {
        return Err(ImportRefused::whole_file(format!(
            "The first line must be the header of Ankara's products CSV ({}) or of Shopify's product export (Handle, Title, …, Variant Price, …).",
            own::HEADER.join(",")
        )));
    };
    let mut rows = Vec::new();
    for record in records {
        rows.push(record?);
    }
    if rows.is_empty() {
        return Err(ImportRefused::whole_file("The file has a header but no rows."));
    }
    let rows: Vec<Row> = rows.iter().map(|(line, cells)| Row { line: *line, cells, columns: &columns }).collect();
    let parsed = match format {
        ImportFormat::Ankara => own::read(&rows),
        ImportFormat::Shopify => shopify::read(&rows),
    };
    Ok((format, parsed))
}

/// Reads an upload (or the command's file) into its CSV text and, for a zip, its picture files:
/// a zip is told from a CSV by its first bytes.
pub fn open_upload(mut file: std::fs::File) -> Result<(String, pictures::Files), ImportRefused> {
    use std::io::{Read, Seek};
    let refuse = |m: String| ImportRefused::whole_file(m);
    let mut magic = [0u8; 4];
    let len = file.metadata().map_err(|e| refuse(e.to_string()))?.len();
    let is_zip = len >= 4 && file.read_exact(&mut magic).is_ok() && magic == *b"PK\x03\x04";
    file.rewind().map_err(|e| refuse(e.to_string()))?;
    let (bytes, files) = if is_zip {
        let files = pictures::Files::zip(Box::new(std::io::BufReader::new(file))).map_err(refuse)?;
        (files.csv_in_zip(MAX_CSV_BYTES as u64).map_err(refuse)?, files)
    } else {
        if len > MAX_CSV_BYTES as u64 {
            return Err(refuse(format!("A CSV may be at most {} MB; send larger catalogues in parts, or zipped.", MAX_CSV_BYTES >> 20)));
        }
        let mut bytes = Vec::with_capacity(len as usize);
        file.read_to_end(&mut bytes).map_err(|e| refuse(e.to_string()))?;
        (bytes, pictures::Files::None)
    };
    let text = String::from_utf8(bytes).map_err(|_| refuse("The file is not UTF-8 text (save it as CSV UTF-8).".into()))?;
    Ok((text, files))
}

/// A handle as files write it: trimmed, at most [`MAX_HANDLE`] characters, no control characters.
pub(crate) fn check_handle(handle: &str) -> Result<(), String> {
    if handle.is_empty() {
        return Err("The handle is empty: every row needs its product's handle.".into());
    }
    if handle.chars().count() > MAX_HANDLE || handle.chars().any(char::is_control) {
        return Err(format!("A handle may have at most {MAX_HANDLE} characters and no control characters."));
    }
    Ok(())
}

/// What will happen to one product.
#[derive(Serialize, Debug, Clone, Copy, PartialEq, Eq, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum ImportAction {
    Create,
    Update,
    Unchanged,
}

/// Where a picture will come from.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum Picture {
    /// Already in this shop (imported before, or a link to this shop's own media).
    Known(String),
    /// A file of the zip or folder not imported before: its name and the hash of its bytes.
    File { name: String, sha256: String },
    /// A URL not fetched before.
    Url(String),
}

impl Picture {
    /// The `imported_pictures` source it is remembered by.
    fn source(&self) -> Option<String> {
        match self {
            Picture::Known(_) => None,
            Picture::File { sha256, .. } => Some(format!("sha256:{sha256}")),
            Picture::Url(url) => Some(format!("url:{url}")),
        }
    }
}

/// A product checked against the shop.
#[derive(Debug)]
struct Item {
    draft: Draft,
    existing: Option<ProductId>,
    collection: CollectionTarget,
    variants: Vec<NewVariant>,
    pictures: Vec<Picture>,
    color_pictures: Vec<(String, Picture)>,
    action: ImportAction,
}

#[derive(Debug, Clone, PartialEq)]
enum CollectionTarget {
    Existing(String),
    /// Created by this import, by name.
    New(String),
}

/// A checked file, ready to apply.
#[derive(Debug)]
pub struct Plan {
    pub format: ImportFormat,
    items: Vec<Item>,
    new_collections: Vec<String>,
    skipped: Vec<RowError>,
}

/// One product of a report.
#[derive(Serialize, Debug, Clone, utoipa::ToSchema)]
pub struct ReportLine {
    pub line: usize,
    pub handle: String,
    pub name: String,
    pub action: ImportAction,
    pub variants: usize,
}

/// What an import did, or (a dry run) would do.
#[derive(Serialize, Debug, Clone, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ImportReport {
    pub format: ImportFormat,
    pub dry_run: bool,
    pub created: usize,
    pub updated: usize,
    pub unchanged: usize,
    pub variants: usize,
    /// Collections the file names that the shop does not have yet: created by the import.
    pub new_collections: Vec<String>,
    /// Pictures to fetch or read and store (not counting ones already in the shop).
    pub new_pictures: usize,
    /// The products, in file order (the first 1,000).
    pub products: Vec<ReportLine>,
    /// Rows left out on purpose (Shopify drafts, archived products, gift cards), with why.
    pub skipped: Vec<RowError>,
    pub message: String,
}

impl Plan {
    /// Products in the file.
    pub fn len(&self) -> usize {
        self.items.len()
    }

    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    pub fn report(&self, dry_run: bool) -> ImportReport {
        let count = |action| self.items.iter().filter(|i| i.action == action).count();
        let (created, updated, unchanged) = (count(ImportAction::Create), count(ImportAction::Update), count(ImportAction::Unchanged));
        let mut pictures: HashSet<&Picture> = HashSet::new();
        for item in self.items.iter().filter(|i| i.action != ImportAction::Unchanged) {
            pictures.extend(item.pictures.iter().chain(item.color_pictures.iter().map(|(_, p)| p)).filter(|p| p.source().is_some()));
        }
        let message = if dry_run {
            format!("Would import: {created} new, {updated} to update, {unchanged} unchanged.")
        } else {
            format!("Imported: {created} new, {updated} updated, {unchanged} unchanged.")
        };
        ImportReport {
            format: self.format,
            dry_run,
            created,
            updated,
            unchanged,
            variants: self.items.iter().map(|i| i.variants.len()).sum(),
            new_collections: self.new_collections.clone(),
            new_pictures: pictures.len(),
            products: self
                .items
                .iter()
                .take(MAX_LISTED)
                .map(|i| ReportLine {
                    line: i.draft.line,
                    handle: i.draft.handle.clone(),
                    name: i.draft.name.clone(),
                    action: i.action,
                    variants: i.variants.len(),
                })
                .collect(),
            skipped: self.skipped.clone(),
            message,
        }
    }

    /// The pictures to fetch or read, each once, with the first line that asks for it.
    fn new_pictures(&self) -> Vec<(usize, Picture)> {
        let mut seen = HashSet::new();
        let mut out = Vec::new();
        for item in self.items.iter().filter(|i| i.action != ImportAction::Unchanged) {
            let lines = item.draft.pictures.iter().map(|(line, _)| *line).chain(item.draft.color_pictures.iter().map(|(line, ..)| *line));
            let pictures = item.pictures.iter().chain(item.color_pictures.iter().map(|(_, p)| p));
            for (line, picture) in lines.zip(pictures) {
                if picture.source().is_some() && seen.insert(picture.clone()) {
                    out.push((line, picture.clone()));
                }
            }
        }
        out
    }
}

/// What the shop holds of one product, to tell whether a file changes it.
struct Current {
    id: ProductId,
    name: String,
    description: String,
    collection_id: String,
    category: Option<String>,
    price: Kobo,
    compare_at: Option<Kobo>,
    featured: bool,
    variants: Vec<NewVariant>,
    pictures: Vec<String>,
    color_pictures: Vec<(String, String)>,
}

fn current(conn: &Connection, handle: &str) -> rusqlite::Result<Option<Current>> {
    let found = conn
        .query_row(
            "SELECT id, name, description, collection_id, category, price_kobo, compare_at_kobo, featured FROM products
             WHERE handle = ?1 OR (id = ?1 AND handle IS NULL) ORDER BY handle IS NULL LIMIT 1",
            [handle],
            |r| {
                Ok(Current {
                    id: ProductId::from(r.get::<_, String>(0)?),
                    name: r.get(1)?,
                    description: r.get(2)?,
                    collection_id: r.get(3)?,
                    category: r.get(4)?,
                    price: Kobo::new(r.get(5)?),
                    compare_at: r.get::<_, Option<i64>>(6)?.map(Kobo::new),
                    featured: r.get(7)?,
                    variants: Vec::new(),
                    pictures: Vec::new(),
                    color_pictures: Vec::new(),
                })
            },
        )
        .optional()?;
    let Some(mut current) = found else { return Ok(None) };
    current.variants = conn
        .prepare_cached("SELECT size, color, sku, stock FROM variants WHERE product_id = ?1 ORDER BY position")?
        .query_map([&current.id], |r| Ok(NewVariant { size: r.get(0)?, color: r.get(1)?, sku: r.get(2)?, stock: r.get(3)? }))?
        .collect::<Result<_, _>>()?;
    current.pictures = conn
        .prepare_cached("SELECT media_key FROM product_images WHERE product_id = ?1 ORDER BY position")?
        .query_map([&current.id], |r| r.get(0))?
        .collect::<Result<_, _>>()?;
    current.color_pictures = conn
        .prepare_cached("SELECT color, media_key FROM color_images WHERE product_id = ?1 ORDER BY color, position")?
        .query_map([&current.id], |r| Ok((r.get(0)?, r.get(1)?)))?
        .collect::<Result<_, _>>()?;
    Ok(Some(current))
}

/// The media key a reference names when it is a link to (or a file name of) this shop's own
/// media: `…/media/products/ab12…-1200.jpg` or `ab12….jpg` as Ankara's export writes them.
fn own_media_key(conn: &Connection, reference: &str) -> rusqlite::Result<Option<String>> {
    let path = reference.split(['?', '#']).next().unwrap_or("");
    let key = match path.rfind("/media/") {
        Some(at) => path[at + "/media/".len()..].to_string(),
        None if !path.contains('/') => format!("products/{path}"),
        None => return Ok(None),
    };
    let key = key.strip_suffix(".jpg").unwrap_or(&key);
    // The width suffix of a served file ("-1200"), when there is one.
    let bare = match key.rsplit_once('-') {
        Some((bare, width)) if width.chars().all(|c| c.is_ascii_digit()) && !width.is_empty() => bare,
        _ => key,
    };
    conn.query_row("SELECT key FROM media WHERE key IN (?1, ?2)", params![bare, key], |r| r.get(0)).optional()
}

fn imported(conn: &Connection, source: &str) -> rusqlite::Result<Option<String>> {
    conn.query_row("SELECT media_key FROM imported_pictures WHERE source = ?1", [source], |r| r.get(0)).optional()
}

fn is_url(reference: &str) -> bool {
    let lower = reference.to_ascii_lowercase();
    lower.starts_with("http://") || lower.starts_with("https://") || reference.starts_with("//")
}

/// Where one picture reference will come from, or why it cannot be had.
fn resolve(conn: &Connection, files: &pictures::Files, reference: &str) -> Result<Picture, String> {
    let db = |e: rusqlite::Error| format!("Could not read the shop's pictures: {e}");
    let reference = if reference.starts_with("//") { format!("https:{reference}") } else { reference.to_string() };
    if is_url(&reference) {
        if let Some(key) = imported(conn, &format!("url:{reference}")).map_err(db)? {
            return Ok(Picture::Known(key));
        }
        if let Some(key) = own_media_key(conn, &reference).map_err(db)? {
            return Ok(Picture::Known(key));
        }
        return Ok(Picture::Url(reference));
    }
    // A file named like one of this shop's pictures (names are content hashes) is that picture:
    // this shop's own export, imported back.
    if let Some(key) = own_media_key(conn, &reference).map_err(db)? {
        return Ok(Picture::Known(key));
    }
    match files.read(&reference)? {
        Some(bytes) => {
            let sha256 = hex::encode(Sha256::digest(&bytes));
            match imported(conn, &format!("sha256:{sha256}")).map_err(db)? {
                Some(key) => Ok(Picture::Known(key)),
                None => Ok(Picture::File { name: reference, sha256 }),
            }
        }
        None => Err(format!("The picture {reference} is not in {}.", files.describe())),
    }
}

/// Checks every product of a file against the shop. `chosen` is the collection picked for the
/// import (Shopify's files name none). Nothing is changed.
pub fn check(
    conn: &Connection,
    format: ImportFormat,
    parsed: Parsed,
    chosen: Option<&str>,
    files: &pictures::Files,
) -> Result<Plan, ImportRefused> {
    let db = |e: rusqlite::Error| ImportRefused::whole_file(format!("Could not read the shop: {e}"));
    let chosen = match chosen.filter(|c| !c.is_empty()) {
        Some(id) => Some(
            conn.query_row("SELECT id FROM collections WHERE id = ?1", [id], |r| r.get::<_, String>(0))
                .optional()
                .map_err(db)?
                .ok_or_else(|| ImportRefused::whole_file("The collection chosen for the import does not exist."))?,
        ),
        None => None,
    };
    let collections: HashMap<String, String> = conn
        .prepare("SELECT lower(name), id FROM collections")
        .and_then(|mut s| s.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?.collect())
        .map_err(db)?;
    let skus: HashMap<String, String> = conn
        .prepare("SELECT sku, product_id FROM variants WHERE sku IS NOT NULL")
        .and_then(|mut s| s.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?.collect())
        .map_err(db)?;
    let Parsed { drafts, mut errors, skipped } = parsed;
    let mut items = Vec::new();
    let mut new_collections: Vec<String> = Vec::new();
    let mut handles: HashMap<String, usize> = HashMap::new();
    let mut file_skus: HashMap<String, usize> = HashMap::new();
    for draft in drafts {
        let mut fail = |line: usize, message: String| errors.push(RowError { line, message });
        if let Some(first) = handles.insert(draft.handle.to_lowercase(), draft.line) {
            fail(draft.line, format!("The handle {} is already used by the product on line {first}.", draft.handle));
            continue;
        }
        if draft.name.is_empty() {
            fail(draft.line, "The product has no name.".into());
            continue;
        }
        if let Err(e) = check_lengths(&draft.name, &draft.description) {
            fail(draft.line, e.to_string());
            continue;
        }
        if let Err(e) = check_sale(draft.price, draft.compare_at) {
            fail(draft.line, e.to_string());
            continue;
        }
        if draft.pictures.len() > crate::catalog::write::MAX_PRODUCT_IMAGES {
            fail(draft.line, format!("A product may have at most {} pictures.", crate::catalog::write::MAX_PRODUCT_IMAGES));
            continue;
        }
        let inputs: Vec<crate::stock::VariantInput> = draft
            .variants
            .iter()
            .map(|(_, v)| crate::stock::VariantInput {
                size: Some(v.size.clone()),
                color: Some(v.color.clone()),
                sku: v.sku.clone(),
                stock: crate::stock::StockCount::Count(v.stock),
            })
            .collect();
        let variants = match crate::stock::check_variants(&inputs) {
            Ok(v) => v,
            Err(e) => {
                fail(draft.line, e.to_string());
                continue;
            }
        };
        let existing = current(conn, &draft.handle).map_err(db)?;
        let mut bad_sku = false;
        for ((line, _), variant) in draft.variants.iter().zip(&variants) {
            let Some(sku) = &variant.sku else { continue };
            if let Some(first) = file_skus.insert(sku.clone(), *line) {
                fail(*line, format!("The SKU {sku} is already on line {first}."));
                bad_sku = true;
            } else if let Some(owner) = skus.get(sku)
                && existing.as_ref().is_none_or(|c| c.id.as_str() != owner)
            {
                fail(*line, format!("The SKU {sku} is already used by another product of the shop."));
                bad_sku = true;
            }
        }
        if bad_sku {
            continue;
        }
        let collection = match &draft.collection {
            CollectionChoice::Named(name) if name.is_empty() => match &chosen {
                Some(id) => CollectionTarget::Existing(id.clone()),
                None => {
                    fail(draft.line, "The product names no collection, and none was chosen for the import.".into());
                    continue;
                }
            },
            CollectionChoice::Named(name) => match collections.get(&name.to_lowercase()) {
                Some(id) => CollectionTarget::Existing(id.clone()),
                None if name.chars().count() > 80 => {
                    fail(draft.line, "A collection's name may have at most 80 characters.".into());
                    continue;
                }
                None => {
                    if !new_collections.iter().any(|n| n.eq_ignore_ascii_case(name)) {
                        new_collections.push(name.clone());
                    }
                    CollectionTarget::New(new_collections.iter().find(|n| n.eq_ignore_ascii_case(name)).unwrap().clone())
                }
            },
            CollectionChoice::Tags(tags) => match tags.iter().find_map(|t| collections.get(&t.to_lowercase())).or(chosen.as_ref()) {
                Some(id) => CollectionTarget::Existing(id.clone()),
                None => {
                    fail(draft.line, "Choose a collection for the import: no tag of this product names one of the shop's.".into());
                    continue;
                }
            },
        };
        let mut resolved = |line: usize, reference: &str| match resolve(conn, files, reference) {
            Ok(picture) => Some(picture),
            Err(message) => {
                errors.push(RowError { line, message });
                None
            }
        };
        let pictures: Vec<Option<Picture>> = draft.pictures.iter().map(|(line, r)| resolved(*line, r)).collect();
        let color_pictures: Vec<Option<(String, Picture)>> =
            draft.color_pictures.iter().map(|(line, color, r)| resolved(*line, r).map(|p| (color.clone(), p))).collect();
        if pictures.iter().any(Option::is_none) || color_pictures.iter().any(Option::is_none) {
            continue;
        }
        let pictures: Vec<Picture> = pictures.into_iter().flatten().collect();
        let color_pictures: Vec<(String, Picture)> = color_pictures.into_iter().flatten().collect();
        if existing.is_none() && pictures.is_empty() {
            errors.push(RowError { line: draft.line, message: "A new product needs at least one picture.".into() });
            continue;
        }
        let action = match &existing {
            None => ImportAction::Create,
            Some(c) => {
                let keys = |ps: &[Picture]| -> Option<Vec<String>> {
                    ps.iter().map(|p| if let Picture::Known(k) = p { Some(k.clone()) } else { None }).collect()
                };
                let mut wanted_colors: Option<Vec<(String, String)>> = color_pictures
                    .iter()
                    .map(|(color, p)| if let Picture::Known(k) = p { Some((color.clone(), k.clone())) } else { None })
                    .collect();
                if let Some(w) = &mut wanted_colors {
                    w.sort_by(|a, b| a.0.cmp(&b.0));
                }
                let mut current_colors = c.color_pictures.clone();
                current_colors.sort_by(|a, b| a.0.cmp(&b.0));
                let same = c.name == draft.name
                    && c.description == draft.description
                    && CollectionTarget::Existing(c.collection_id.clone()) == collection
                    && c.category == draft.category
                    && c.price == draft.price
                    && c.compare_at == draft.compare_at
                    && draft.featured.is_none_or(|f| f == c.featured)
                    && c.variants == variants
                    && (pictures.is_empty() || keys(&pictures).as_deref() == Some(&c.pictures[..]))
                    && (color_pictures.is_empty() || wanted_colors.as_deref() == Some(&current_colors[..]));
                if same { ImportAction::Unchanged } else { ImportAction::Update }
            }
        };
        items.push(Item { existing: existing.map(|c| c.id), draft, collection, variants, pictures, color_pictures, action });
    }
    if !errors.is_empty() {
        errors.sort_by_key(|e| e.line);
        return Err(ImportRefused::rows(errors));
    }
    if items.is_empty() {
        return Err(ImportRefused::whole_file("The file has no products to import."));
    }
    Ok(Plan { format, items, new_collections, skipped })
}

/// How far an import has got, for a progress bar.
pub trait Progress: Send + Sync {
    fn phase(&self, phase: &'static str, total: u64);
    fn advance(&self, by: u64);
}

/// Turns a picture's bytes into stored sizes (through the shop's decode gate when it runs).
pub type Decode<'a> = &'a (dyn Fn(Vec<u8>) -> futures_util::future::BoxFuture<'a, AppResult<Processed>> + Sync);

/// The picture kind of product galleries.
pub const KIND: ImageKind = ImageKind::Portrait;
