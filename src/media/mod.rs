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
/// The widths pictures are stored at, in one file shared with the tool that draws the demo shop.
#[derive(serde::Deserialize)]
struct ImageWidths {
    avatar: Vec<u32>,
    portrait: Vec<u32>,
    wide: Vec<u32>,
}

static WIDTHS: std::sync::LazyLock<ImageWidths> = std::sync::LazyLock::new(|| {
    serde_json::from_str(include_str!("../../data/image-widths.json")).expect("data/image-widths.json lists the widths")
});

/// What a picture is for: decides the widths stored and how many pixels an upload may have.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ImageKind {
    /// Profile pictures, shown small.
    Avatar,
    /// Product photos: portrait, shown up to a full phone screen and zoomed on desktop.
    Portrait,
    /// Banners: releases, collections, About Us.
    Wide,
}

impl ImageKind {
    /// Widths stored, smallest first.
    pub fn widths(self) -> &'static [u32] {
        match self {
            ImageKind::Avatar => &WIDTHS.avatar,
            ImageKind::Portrait => &WIDTHS.portrait,
            ImageKind::Wide => &WIDTHS.wide,
        }
    }

    /// Largest accepted picture: a profile picture is never shown above 512 px, so a 16-MP phone
    /// photo is plenty; product and banner photos may come from a camera. Checked from the file's
    /// header, before anything is decoded.
    pub fn max_pixels(self) -> u64 {
        match self {
            ImageKind::Avatar => 16_000_000,
            ImageKind::Portrait | ImageKind::Wide => 40_000_000,
        }
    }

    /// Bytes one decode of this kind may hold at its peak: four per allowed pixel.
    fn memory_budget(self) -> u64 {
        self.max_pixels() * 4
    }
}

const JPEG_QUALITY: u8 = 80;

/// An image as the API shows it: a middle-sized URL plus a srcset for responsive loading.
#[derive(Serialize, Clone, Debug, PartialEq, utoipa::ToSchema)]
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
/// not a JPEG, PNG, WebP or GIF within the limits of its kind, and re-encodes it (dropping all
/// metadata) at each of the kind's widths no larger than the original. CPU-heavy: call it through
/// the decoding gate ([`write_with_uploads`] does).
///
/// Memory is bounded before decoding: the header gives the size and colour type, and the peak
/// (the decoded picture plus its 8-bit copy when it needs one) must fit the kind's budget. After
/// decoding there is never a second full-size copy: 8-bit RGBA is flattened in place, and a large
/// picture is first shrunk with a cheap box filter to twice the largest width.
pub fn process(bytes: &[u8], kind: ImageKind) -> AppResult<Processed> {
    let not_an_image = || AppError::Validation("Selected file must be an image.".into());
    if bytes.len() > MAX_UPLOAD_BYTES {
        return Err(AppError::PayloadTooLarge(format!("Image file size must be less than {} MB.", MAX_UPLOAD_BYTES / 1_000_000)));
    }
    let format = image::guess_format(bytes).map_err(|_| not_an_image())?;
    if !matches!(format, ImageFormat::Jpeg | ImageFormat::Png | ImageFormat::WebP | ImageFormat::Gif) {
        return Err(not_an_image());
    }
    if format == ImageFormat::Jpeg && !has_jpeg_end(bytes) {
        // The decoder would paint the missing part grey; a cut-off upload is refused instead.
        return Err(not_an_image());
    }
    let too_many_pixels = |max: u64| AppError::Validation(format!("Images may have at most {} megapixels.", max / 1_000_000));
    let mut reader = ImageReader::with_format(Cursor::new(bytes), format);
    let mut limits = image::Limits::default();
    limits.max_alloc = Some(kind.memory_budget());
    reader.limits(limits);
    let mut decoder = reader.into_decoder().map_err(|_| not_an_image())?;
    let (w, h) = decoder.dimensions();
    let pixels = u64::from(w) * u64::from(h);
    if pixels > kind.max_pixels() || w == 0 || h == 0 {
        return Err(too_many_pixels(kind.max_pixels()));
    }
    let color = decoder.color_type();
    let per_pixel = peak_bytes_per_pixel(color);
    if pixels * per_pixel > kind.memory_budget() {
        // Deep colour (16-bit, float) costs more per pixel: the cap shrinks to what fits.
        return Err(too_many_pixels(kind.memory_budget() / per_pixel));
    }
    let orientation = decoder.orientation().unwrap_or(image::metadata::Orientation::NoTransforms);
    let picture = DynamicImage::from_decoder(decoder).map_err(|_| not_an_image())?;
    let mut picture = to_rgb8(picture);
    // Rotation makes a copy, so it waits until the picture is small; the widths are those of the
    // picture as it will be shown.
    use image::metadata::Orientation::{Rotate90, Rotate90FlipH, Rotate270, Rotate270FlipH};
    let turned = matches!(orientation, Rotate90 | Rotate270 | Rotate90FlipH | Rotate270FlipH);
    let (width, height) = if turned { (h, w) } else { (w, h) };

    let widths = kind.widths();
    let mut targets: Vec<u32> = widths.iter().copied().filter(|t| *t < width).collect();
    if targets.len() < widths.len() {
        // Smaller than some target: keep the original size as the largest variant.
        targets.push(width);
    }
    targets.sort_unstable();
    targets.dedup();

    let largest = *targets.last().expect("at least one width");
    if width > largest * 2 {
        // The box filter needs no intermediate buffer; the finer filter below then only ever
        // works on a picture twice the largest width.
        let (to_w, to_h) = (largest * 2, ((u64::from(height) * u64::from(largest * 2)) / u64::from(width)).max(1) as u32);
        picture = if turned { picture.thumbnail_exact(to_h, to_w) } else { picture.thumbnail_exact(to_w, to_h) };
    }
    picture.apply_orientation(orientation);
    let scaled_height = |from: &DynamicImage, to: u32| ((u64::from(from.height()) * u64::from(to)) / u64::from(from.width())).max(1) as u32;
    // Resize from the largest down, each step from the previous result: much cheaper than
    // resizing the full original every time.
    let mut variants = Vec::with_capacity(targets.len());
    for &target in targets.iter().rev() {
        if target < picture.width() {
            let to_height = scaled_height(&picture, target);
            picture = picture.resize_exact(target, to_height, image::imageops::FilterType::CatmullRom);
        }
        variants.push((target, encode_jpeg(&picture)?));
    }
    variants.reverse();
    Ok(Processed { variants, width, height })
}

/// The most bytes per pixel held at once while decoding a picture of this colour type and
/// bringing it to 8-bit RGB: the decoded buffer, plus an 8-bit copy unless it already is 8-bit
/// RGB or RGBA (which is flattened in place).
fn peak_bytes_per_pixel(color: image::ColorType) -> u64 {
    let decoded = u64::from(color.bytes_per_pixel());
    let copy = match color {
        image::ColorType::Rgb8 | image::ColorType::Rgba8 => 0,
        other if other.has_alpha() => 4,
        _ => 3,
    };
    decoded + copy
}

/// A complete JPEG ends with the EOI marker (some cameras pad with zero bytes after it).
fn has_jpeg_end(bytes: &[u8]) -> bool {
    let end = bytes.iter().rposition(|b| *b != 0).map_or(0, |i| i + 1);
    bytes[..end].ends_with(&[0xFF, 0xD9])
}

/// 8-bit RGB with transparency laid onto white. 16-bit and float pictures are brought to 8 bits
/// first; 8-bit RGBA is flattened inside its own buffer, so no second full-size copy is made.
fn to_rgb8(picture: DynamicImage) -> DynamicImage {
    if !picture.color().has_alpha() {
        return DynamicImage::ImageRgb8(picture.into_rgb8());
    }
    let rgba = picture.into_rgba8();
    let (w, h) = rgba.dimensions();
    let mut raw = rgba.into_raw();
    for i in 0..(w as usize * h as usize) {
        let a = u16::from(raw[i * 4 + 3]);
        for c in 0..3 {
            // Writes go to index i*3+c, never past the pixel being read (i*4+c).
            raw[i * 3 + c] = ((u16::from(raw[i * 4 + c]) * a + 255 * (255 - a)) / 255) as u8;
        }
    }
    raw.truncate(w as usize * h as usize * 3);
    raw.shrink_to_fit();
    DynamicImage::ImageRgb8(image::RgbImage::from_raw(w, h, raw).expect("three bytes per pixel"))
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
             OR EXISTS(SELECT 1 FROM color_images WHERE media_key = ?1)
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
    let widths: Option<String> = tx.query_row("SELECT widths FROM media WHERE key = ?1", [key], |r| r.get(0)).optional()?;
    tx.execute("DELETE FROM media WHERE key = ?1", [key])?;
    for width in widths.unwrap_or_default().split(',').filter(|w| !w.is_empty()) {
        let _ = std::fs::remove_file(media_root.join(format!("{key}-{width}.jpg")));
    }
    Ok(())
}

/// Where pictures live, and the gate that bounds decoding them: all the media code needs of the
/// shop, so it never reaches into the rest of its state.
pub struct MediaStore {
    pub root: PathBuf,
    pub decoding: crate::cpu::CpuGate,
}

impl MediaStore {
    /// The store under `data_dir`, created when missing. A waiting upload holds its bytes (up to
    /// 10 MB), so the line behind the one-per-core decoding is short.
    pub fn open(data_dir: &Path) -> Result<MediaStore, String> {
        let root = media_dir(data_dir);
        std::fs::create_dir_all(&root).map_err(|e| format!("cannot create {}: {e}", root.display()))?;
        Ok(MediaStore { root, decoding: crate::cpu::CpuGate::per_core(16) })
    }

    /// Uploads waiting to be decoded right now.
    pub fn decode_queue(&self) -> usize {
        self.decoding.waiting()
    }
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
    let file = state.media.root.join(&rel);
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

/// Decodes and re-encodes one upload on the blocking pool, at most one per core at a time.
async fn process_upload(media: &MediaStore, bytes: Vec<u8>, kind: ImageKind) -> AppResult<Processed> {
    media.decoding.run(move || process(&bytes, kind)).await?
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
    media: &MediaStore,
    db: &crate::db::Db,
    folder: &str,
    uploads: Vec<Vec<u8>>,
    kind: ImageKind,
    write: F,
) -> AppResult<T>
where
    T: Send + 'static,
    F: FnOnce(&rusqlite::Transaction, Vec<String>) -> AppResult<T> + Send + 'static,
{
    let mut processed = Vec::with_capacity(uploads.len());
    for bytes in uploads {
        processed.push(std::sync::Arc::new(process_upload(media, bytes, kind).await?));
    }
    let (root, folder_owned, for_tx) = (media.root.clone(), folder.to_string(), processed.clone());
    let result = db
        .write(move |tx| {
            let keys = for_tx.iter().map(|p| store(tx, &root, &folder_owned, p)).collect::<AppResult<Vec<_>>>()?;
            write(tx, keys)
        })
        .await;
    if result.is_err() {
        for p in &processed {
            discard_if_unrecorded(db, &media.root, folder, p);
        }
    }
    result
}
