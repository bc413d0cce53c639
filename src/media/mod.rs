//! Images: the upload pipeline (decode, check, re-encode into a few widths), content-addressed
//! storage under the data directory, the JSON shape the front end gets, and serving /media.

use std::io::Cursor;
use std::path::{Path, PathBuf};

use actix_web::{HttpResponse, web};
use image::{DynamicImage, ImageDecoder, ImageFormat, ImageReader};
use rusqlite::{Connection, OptionalExtension, params};
use serde::Serialize;
use sha2::{Digest, Sha256};

pub mod upload;

use crate::error::{AppError, AppResult};

/// Largest accepted upload, in bytes.
pub const MAX_UPLOAD_BYTES: usize = 10_000_000;
/// Largest accepted picture, in pixels: stops decompression bombs before decoding.
pub const MAX_PIXELS: u64 = 40_000_000;
/// Widths stored for portrait pictures (products, profiles) and for wide ones (banners).
pub const PORTRAIT_WIDTHS: &[u32] = &[320, 640, 1024];
pub const WIDE_WIDTHS: &[u32] = &[640, 1024, 1600];
const JPEG_QUALITY: u8 = 80;

/// An image as the API shows it: a middle-sized URL plus a srcset for responsive loading.
#[derive(Serialize, Clone, Debug, PartialEq)]
pub struct Image {
    pub url: String,
    pub srcset: String,
    pub width: u32,
    pub height: u32,
}

impl Image {
    /// Builds the API shape from a media row.
    pub fn from_row(key: &str, widths: &str, width: u32, height: u32) -> Image {
        let widths: Vec<u32> = widths.split(',').filter_map(|w| w.parse().ok()).collect();
        let url_for = |w: u32| format!("/media/{key}-{w}.jpg");
        let middle = widths.iter().copied().find(|w| *w >= 640).or(widths.last().copied()).unwrap_or(width);
        Image {
            url: url_for(middle),
            srcset: widths.iter().map(|w| format!("{} {w}w", url_for(*w))).collect::<Vec<_>>().join(", "),
            width,
            height,
        }
    }

    /// The largest stored variant, for Open Graph previews.
    pub fn largest_url(&self) -> &str {
        self.srcset.rsplit(", ").next().and_then(|s| s.split(' ').next()).unwrap_or(&self.url)
    }
}

/// Reads one media row as an [`Image`].
pub fn load(conn: &Connection, key: &str) -> rusqlite::Result<Option<Image>> {
    conn.query_row("SELECT widths, width, height FROM media WHERE key = ?1", [key], |r| {
        Ok(Image::from_row(key, &r.get::<_, String>(0)?, r.get(1)?, r.get(2)?))
    })
    .optional()
}

/// A picture decoded and re-encoded, ready to store: JPEG bytes per width.
pub struct Processed {
    pub variants: Vec<(u32, Vec<u8>)>,
    pub width: u32,
    pub height: u32,
}

/// Decodes an upload by its content (never its name or declared type), rejects anything that is
/// not a JPEG, PNG, WebP or GIF within the limits, and re-encodes it (dropping all metadata) at
/// each of `widths` no larger than the original. CPU-heavy: call it on the blocking pool.
pub fn process(bytes: &[u8], widths: &[u32]) -> AppResult<Processed> {
    let not_an_image = || AppError::Validation("Selected file must be an image.".into());
    if bytes.len() > MAX_UPLOAD_BYTES {
        return Err(AppError::PayloadTooLarge(format!(
            "Image file size must be less than {} MB.",
            MAX_UPLOAD_BYTES / 1_000_000
        )));
    }
    let format = image::guess_format(bytes).map_err(|_| not_an_image())?;
    if !matches!(format, ImageFormat::Jpeg | ImageFormat::Png | ImageFormat::WebP | ImageFormat::Gif) {
        return Err(not_an_image());
    }
    if format == ImageFormat::Jpeg && !has_jpeg_end(bytes) {
        // The decoder would paint the missing part grey; a cut-off upload is refused instead.
        return Err(not_an_image());
    }
    let reader = || ImageReader::with_format(Cursor::new(bytes), format);
    let (w, h) = reader().into_dimensions().map_err(|_| not_an_image())?;
    if u64::from(w) * u64::from(h) > MAX_PIXELS || w == 0 || h == 0 {
        return Err(AppError::Validation(format!(
            "Images may have at most {} megapixels.",
            MAX_PIXELS / 1_000_000
        )));
    }
    let mut decoder = reader().into_decoder().map_err(|_| not_an_image())?;
    let orientation = decoder.orientation().unwrap_or(image::metadata::Orientation::NoTransforms);
    let mut picture = DynamicImage::from_decoder(decoder).map_err(|_| not_an_image())?;
    picture.apply_orientation(orientation);
    let picture = flatten_onto_white(picture);

    let mut targets: Vec<u32> = widths.iter().copied().filter(|t| *t < picture.width()).collect();
    if targets.len() < widths.len() {
        // Smaller than some target: keep the original size as the largest variant.
        targets.push(picture.width());
    }
    targets.sort_unstable();
    targets.dedup();

    // Resize from the largest down, each step from the previous result: much cheaper than
    // resizing the full original every time.
    let mut variants = Vec::with_capacity(targets.len());
    let mut source = picture.clone();
    for &target in targets.iter().rev() {
        if target < source.width() {
            let height = ((u64::from(source.height()) * u64::from(target)) / u64::from(source.width())).max(1) as u32;
            source = source.resize_exact(target, height, image::imageops::FilterType::CatmullRom);
        }
        variants.push((target, encode_jpeg(&source)?));
    }
    variants.reverse();
    Ok(Processed { variants, width: picture.width(), height: picture.height() })
}

/// A complete JPEG ends with the EOI marker (some cameras pad with zero bytes after it).
fn has_jpeg_end(bytes: &[u8]) -> bool {
    let end = bytes.iter().rposition(|b| *b != 0).map_or(0, |i| i + 1);
    bytes[..end].ends_with(&[0xFF, 0xD9])
}

fn flatten_onto_white(picture: DynamicImage) -> DynamicImage {
    if !picture.color().has_alpha() {
        return DynamicImage::ImageRgb8(picture.into_rgb8());
    }
    let rgba = picture.into_rgba8();
    let mut rgb = image::RgbImage::new(rgba.width(), rgba.height());
    for (out, px) in rgb.pixels_mut().zip(rgba.pixels()) {
        let a = u16::from(px[3]);
        for c in 0..3 {
            out[c] = ((u16::from(px[c]) * a + 255 * (255 - a)) / 255) as u8;
        }
    }
    DynamicImage::ImageRgb8(rgb)
}

fn encode_jpeg(picture: &DynamicImage) -> AppResult<Vec<u8>> {
    let mut out = Vec::new();
    let encoder = image::codecs::jpeg::JpegEncoder::new_with_quality(&mut out, JPEG_QUALITY);
    picture.write_with_encoder(encoder).map_err(AppError::internal)?;
    Ok(out)
}

/// Where media files live.
pub fn media_dir(data_dir: &Path) -> PathBuf {
    data_dir.join("media")
}

/// The content-addressed key a processed picture is stored under.
pub fn key_for(folder: &str, processed: &Processed) -> String {
    let largest = processed.variants.last().map(|(_, bytes)| bytes.as_slice()).unwrap_or_default();
    format!("{folder}/{}", &hex::encode(Sha256::digest(largest))[..24])
}

/// Stores processed variants under `folder` (e.g. "products" or "profileImages/{uid}") with a
/// content-addressed name and records the media row. Writing the same picture twice is harmless.
/// Returns the media key. Files are written before the row, so a crash leaves at most an
/// unreferenced file, never a row without its files.
pub fn store(tx: &Connection, media_root: &Path, folder: &str, processed: &Processed) -> AppResult<String> {
    let key = key_for(folder, processed);
    let folder_path = media_root.join(folder);
    std::fs::create_dir_all(&folder_path)?;
    for (width, bytes) in &processed.variants {
        let path = media_root.join(format!("{key}-{width}.jpg"));
        if !path.exists() {
            let tmp = path.with_extension("jpg.part");
            std::fs::write(&tmp, bytes)?;
            std::fs::rename(&tmp, &path)?;
        }
    }
    let widths = processed.variants.iter().map(|(w, _)| w.to_string()).collect::<Vec<_>>().join(",");
    tx.execute(
        "INSERT OR IGNORE INTO media (key, widths, width, height, created_at) VALUES (?1, ?2, ?3, ?4, ?5)",
        params![key, widths, processed.width, processed.height, crate::db::now_ms()],
    )?;
    Ok(key)
}

/// Deletes a media row and its files when nothing refers to it any more. Call after the owner's
/// reference is gone, inside the same transaction; files go only once nothing points at them.
pub fn release_if_unused(tx: &Connection, media_root: &Path, key: &str) -> AppResult<()> {
    let used: bool = tx.query_row(
        "SELECT EXISTS(SELECT 1 FROM product_images WHERE media_key = ?1)
             OR EXISTS(SELECT 1 FROM collections WHERE image_key = ?1)
             OR EXISTS(SELECT 1 FROM releases WHERE image_key = ?1)
             OR EXISTS(SELECT 1 FROM users WHERE photo_key = ?1)
             OR EXISTS(SELECT 1 FROM about_pages WHERE image1_key = ?1 OR image2_key = ?1)
             OR EXISTS(SELECT 1 FROM hero_slides WHERE media_key = ?1)",
        [key],
        |r| r.get(0),
    )?;
    if used {
        return Ok(());
    }
    let widths: Option<String> =
        tx.query_row("SELECT widths FROM media WHERE key = ?1", [key], |r| r.get(0)).optional()?;
    tx.execute("DELETE FROM media WHERE key = ?1", [key])?;
    for width in widths.unwrap_or_default().split(',').filter(|w| !w.is_empty()) {
        let _ = std::fs::remove_file(media_root.join(format!("{key}-{width}.jpg")));
    }
    Ok(())
}

/// GET /media/{path}: stored variants, immutable because names are content-addressed.
pub async fn serve(state: web::Data<crate::app::AppState>, path: web::Path<String>) -> AppResult<HttpResponse> {
    let rel = path.into_inner();
    let safe = rel.len() <= 200
        && rel.ends_with(".jpg")
        && rel.split('/').all(|part| !part.is_empty() && part != "." && part != "..")
        && rel.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '/' | '-' | '_' | '.'));
    if !safe {
        return Err(AppError::NotFound("No such image.".into()));
    }
    let file = state.media_root.join(&rel);
    let bytes = web::block(move || std::fs::read(file)).await?;
    match bytes {
        Ok(bytes) => Ok(HttpResponse::Ok()
            .content_type("image/jpeg")
            .insert_header(("Cache-Control", "public, max-age=31536000, immutable"))
            .body(bytes)),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Err(AppError::NotFound("No such image.".into())),
        Err(e) => Err(e.into()),
    }
}

/// Widths stored for profile pictures.
pub const AVATAR_WIDTHS: &[u32] = &[128, 256, 512];

/// Decodes and re-encodes one upload on the blocking pool.
async fn process_upload(bytes: Vec<u8>, widths: &'static [u32]) -> AppResult<Processed> {
    web::block(move || process(&bytes, widths)).await?
}

/// Removes files written by [`store`] whose media row never got committed (the owner's
/// transaction failed), so a failed form leaves no orphan files.
fn discard_if_unrecorded(db: &crate::db::Db, media_root: &Path, folder: &str, processed: &Processed) {
    let key = key_for(folder, processed);
    let recorded = db
        .with_conn(|c| Ok(c.query_row("SELECT EXISTS(SELECT 1 FROM media WHERE key = ?1)", [&key], |r| r.get::<_, bool>(0))?))
        .unwrap_or(true);
    if !recorded {
        for (width, _) in &processed.variants {
            let _ = std::fs::remove_file(media_root.join(format!("{key}-{width}.jpg")));
        }
    }
}

/// Decodes every upload, then runs `write` with their stored keys (in order) inside one
/// transaction. When anything fails the files are removed again: no orphans, no half-written
/// owner.
pub async fn write_with_uploads<T, F>(
    state: &crate::app::AppState,
    folder: &str,
    uploads: Vec<Vec<u8>>,
    widths: &'static [u32],
    write: F,
) -> AppResult<T>
where
    T: Send + 'static,
    F: FnOnce(&rusqlite::Transaction, Vec<String>) -> AppResult<T> + Send + 'static,
{
    let mut processed = Vec::with_capacity(uploads.len());
    for bytes in uploads {
        processed.push(std::sync::Arc::new(process_upload(bytes, widths).await?));
    }
    let (root, folder_owned, for_tx) = (state.media_root.clone(), folder.to_string(), processed.clone());
    let result = state
        .db
        .write(move |tx| {
            let keys = for_tx.iter().map(|p| store(tx, &root, &folder_owned, p)).collect::<AppResult<Vec<_>>>()?;
            write(tx, keys)
        })
        .await;
    if result.is_err() {
        for p in &processed {
            discard_if_unrecorded(&state.db, &state.media_root, folder, p);
        }
    }
    result
}
