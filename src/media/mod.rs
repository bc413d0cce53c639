//! Images: the upload pipeline (decode, check, re-encode into a few widths), content-addressed
//! storage under the data directory, the JSON shape the front end gets, and serving /media.

use std::io::Cursor;
use std::path::{Path, PathBuf};

use actix_web::web;
use rusqlite::{Connection, OptionalExtension, params};
use serde::Serialize;
use sha2::{Digest, Sha256};

mod decode;
pub mod routes;
pub mod upload;

use decode::widths_for;
pub use decode::{DECODE_BUDGET_MB, ImageKind, Judged, MAX_UPLOAD_BYTES, Processed, decode, judge, process, webp_from_jpeg};

use crate::error::AppResult;

/// An image as the API shows it: a middle-sized JPEG URL plus srcsets for responsive loading, the
/// lossy WebP one (smaller, for every browser that takes WebP) beside the JPEG one.
#[derive(Serialize, Clone, Debug, PartialEq, utoipa::ToSchema)]
pub struct Image {
    pub url: String,
    pub srcset: String,
    /// Lossy WebP copies, at the widths phones need; empty for a picture stored before WebP (until
    /// `ankara media reencode`).
    #[serde(rename = "webpSrcset")]
    pub webp_srcset: String,
    pub width: u32,
    pub height: u32,
}

/// The folder the shop's logos are stored in: PNG beside the WebP, transparency kept
/// ([`ImageKind::Logo`]). Logos stored earlier under `logos/` were flattened to JPEG and stay so.
pub const LOGOS: &str = "brand";

/// The file a stored picture's variant lives in, under the media folder.
pub fn variant_path(key: &str, width: u32, format: Format) -> String {
    format!("{key}-{width}.{}", format.extension())
}

/// The formats a picture is stored in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Jpeg,
    WebP,
    Png,
}

impl Format {
    pub fn extension(self) -> &'static str {
        match self {
            Format::Jpeg => "jpg",
            Format::WebP => "webp",
            Format::Png => "png",
        }
    }

    /// The format of a stored picture's copies for browsers without WebP (its media row's
    /// `widths`): PNG for a kind that keeps transparency, JPEG for the rest.
    pub fn fallback(key: &str) -> Format {
        if kind_of_key(key).keeps_alpha() { Format::Png } else { Format::Jpeg }
    }
}

/// The widths of a media row's `widths` column.
fn parse_widths(widths: &str) -> Vec<u32> {
    widths.split(',').filter_map(|w| w.parse().ok()).collect()
}

impl Image {
    /// Builds the API shape from a media row.
    pub fn from_row(key: &str, widths: &str, webp_widths: &str, width: u32, height: u32) -> Image {
        let (widths, webp_widths) = (parse_widths(widths), parse_widths(webp_widths));
        let url_for = |w: u32, format: Format| format!("/media/{}", variant_path(key, w, format));
        let fallback = Format::fallback(key);
        let srcset =
            |widths: &[u32], format: Format| widths.iter().map(|w| format!("{} {w}w", url_for(*w, format))).collect::<Vec<_>>().join(", ");
        let middle = widths.iter().copied().find(|w| *w >= 640).or(widths.last().copied()).unwrap_or(width);
        Image {
            url: url_for(middle, fallback),
            srcset: srcset(&widths, fallback),
            webp_srcset: srcset(&webp_widths, Format::WebP),
            width,
            height,
        }
    }

    /// The largest stored variant, for Open Graph previews (JPEG: every preview reader takes it).
    pub fn largest_url(&self) -> &str {
        self.srcset.rsplit(", ").next().and_then(|s| s.split(' ').next()).unwrap_or(&self.url)
    }
}

/// Reads a picture from the media columns `key, widths, webp_widths, width, height` starting at `first`; `None` when the key is NULL (a LEFT JOIN
/// that found no picture).
pub fn image_at(r: &rusqlite::Row, first: usize) -> rusqlite::Result<Option<Image>> {
    let Some(key) = r.get::<_, Option<String>>(first)? else { return Ok(None) };
    Ok(Some(Image::from_row(&key, &r.get::<_, String>(first + 1)?, &r.get::<_, String>(first + 2)?, r.get(first + 3)?, r.get(first + 4)?)))
}

/// [`image_at`] for a picture that is always there (an inner join).
pub fn image_at_required(r: &rusqlite::Row, first: usize) -> rusqlite::Result<Image> {
    image_at(r, first)?.ok_or(rusqlite::Error::InvalidColumnType(first, "key".into(), rusqlite::types::Type::Null))
}

/// Folders whose pictures are private (a return's photos): `/media/` does not serve them; their
/// own route checks who asks and reads the file through [`largest_file`].
pub const PRIVATE_FOLDERS: &[&str] = &["returns/"];

/// The file of a private picture's largest copy (JPEG, as every kind but logos is kept).
pub fn largest_file(root: &Path, image: &Image) -> PathBuf {
    root.join(image.largest_url().trim_start_matches("/media/"))
}

/// Reads one media row as an [`Image`].
pub fn load(conn: &Connection, key: &str) -> rusqlite::Result<Option<Image>> {
    conn.query_row("SELECT widths, webp_widths, width, height FROM media WHERE key = ?1", [key], |r| {
        Ok(Image::from_row(key, &r.get::<_, String>(0)?, &r.get::<_, String>(1)?, r.get(2)?, r.get(3)?))
    })
    .optional()
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
    let written = write_files(media_root, folder, processed)?;
    written.record(tx)?;
    Ok(written.key)
}

/// A picture's files on disk, not yet recorded: for imports, which re-encode many pictures before
/// the one transaction that uses them and cannot hold them all in memory meanwhile.
#[derive(Debug, Clone)]
pub struct Written {
    pub key: String,
    widths: String,
    webp_widths: String,
    width: u32,
    height: u32,
}

/// Writes a picture's files under `folder` (see [`store`]).
pub fn write_files(media_root: &Path, folder: &str, processed: &Processed) -> std::io::Result<Written> {
    let key = key_for(folder, processed);
    std::fs::create_dir_all(media_root.join(folder))?;
    write_variants(media_root, &key, processed)?;
    let (widths, webp_widths) = (join_widths(&processed.variants), join_widths(&processed.webp));
    Ok(Written { key, widths, webp_widths, width: processed.width, height: processed.height })
}

/// The `widths` column for some variants.
fn join_widths(variants: &[(u32, Vec<u8>)]) -> String {
    variants.iter().map(|(w, _)| w.to_string()).collect::<Vec<_>>().join(",")
}

/// Writes each variant's file (through a temporary file, so a reader never sees half of one);
/// files already there are left as they are (names are content-addressed).
pub fn write_variants(media_root: &Path, key: &str, processed: &Processed) -> std::io::Result<()> {
    let files = processed.variants.iter().map(|v| (v, Format::fallback(key))).chain(processed.webp.iter().map(|v| (v, Format::WebP)));
    for ((width, bytes), format) in files {
        let path = media_root.join(variant_path(key, *width, format));
        if !path.exists() {
            let tmp = path.with_extension(format!("{}.part", format.extension()));
            std::fs::write(&tmp, bytes)?;
            std::fs::rename(&tmp, &path)?;
        }
    }
    Ok(())
}

/// Removes a picture's files: its JPEGs at `widths`, its WebPs at `webp_widths`.
fn remove_variants(media_root: &Path, key: &str, widths: &[u32], webp_widths: &[u32]) {
    let files = widths.iter().map(|w| (*w, Format::fallback(key))).chain(webp_widths.iter().map(|w| (*w, Format::WebP)));
    for (width, format) in files {
        let _ = std::fs::remove_file(media_root.join(variant_path(key, width, format)));
    }
}

impl Written {
    /// Records the media row, inside the transaction of the picture's owner.
    pub fn record(&self, tx: &Connection) -> rusqlite::Result<()> {
        tx.execute(
            "INSERT OR IGNORE INTO media (key, widths, webp_widths, width, height, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            params![self.key, self.widths, self.webp_widths, self.width, self.height, crate::db::now_ms()],
        )?;
        Ok(())
    }

    /// After the owner's transaction failed: removes the files when no media row has them.
    pub fn discard_unless_recorded(&self, conn: &Connection, media_root: &Path) {
        let recorded =
            conn.query_row("SELECT EXISTS(SELECT 1 FROM media WHERE key = ?1)", [&self.key], |r| r.get::<_, bool>(0)).unwrap_or(true);
        if !recorded {
            remove_variants(media_root, &self.key, &parse_widths(&self.widths), &parse_widths(&self.webp_widths));
        }
    }
}

/// What a stored picture is for, from the folder of its key.
pub fn kind_of_key(key: &str) -> ImageKind {
    match key.split('/').next() {
        Some("products") => ImageKind::Portrait,
        Some("profileImages") => ImageKind::Avatar,
        Some(LOGOS) => ImageKind::Logo,
        Some("logos") => ImageKind::Avatar,
        _ => ImageKind::Wide,
    }
}

/// What `ankara media reencode` did.
#[derive(Debug, Default, PartialEq)]
pub struct Reencoded {
    pub pictures: usize,
    pub encoded: usize,
    pub missing: usize,
}

/// Gives every stored picture without WebP copies at today's widths its WebP copies, made from its
/// largest JPEG ([`webp_from_jpeg`]); the files are written before its row names them. `progress`
/// hears (done, total) after each picture.
pub fn reencode_all(db: &crate::db::Db, media_root: &Path, mut progress: impl FnMut(usize, usize)) -> AppResult<Reencoded> {
    let rows: Vec<(String, String, String, u32)> = db.with_conn(|c| {
        let mut stmt = c.prepare("SELECT key, widths, webp_widths, width FROM media ORDER BY key")?;
        let rows = stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))?.collect::<Result<_, _>>()?;
        Ok(rows)
    })?;
    let mut done = Reencoded { pictures: rows.len(), ..Reencoded::default() };
    for (n, (key, widths, webp_widths, width)) in rows.iter().enumerate() {
        let kind = kind_of_key(key);
        if parse_widths(webp_widths) != widths_for(kind, *width) {
            let largest = parse_widths(widths).into_iter().max().unwrap_or(0);
            match std::fs::read(media_root.join(variant_path(key, largest, Format::fallback(key)))) {
                Ok(bytes) => {
                    let webp = webp_from_jpeg(&bytes, kind)?;
                    let processed = Processed { variants: Vec::new(), webp, width: *width, height: 0 };
                    write_variants(media_root, key, &processed)?;
                    let (key, webp_widths) = (key.clone(), join_widths(&processed.webp));
                    db.write_now(move |tx| Ok(tx.execute("UPDATE media SET webp_widths = ?2 WHERE key = ?1", params![key, webp_widths])?))?;
                    done.encoded += 1;
                }
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => done.missing += 1,
                Err(e) => return Err(e.into()),
            }
        }
        progress(n + 1, rows.len());
    }
    Ok(done)
}

/// Judges and decodes a picture held in memory through the shop's decode gate (imports).
pub async fn process_in_gate(media: &MediaStore, bytes: Vec<u8>, kind: ImageKind) -> AppResult<Processed> {
    let bytes = std::sync::Arc::new(bytes);
    let for_judge = bytes.clone();
    let judged = web::block(move || judge(Cursor::new(&for_judge[..]), kind)).await??;
    media.decoding.run_holding(judged.megabytes(), move || decode(Cursor::new(&bytes[..]), &judged, kind)).await?
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
             OR EXISTS(SELECT 1 FROM brand_versions WHERE logo_key = ?1 OR instr(home, '\"' || ?1 || '\"') > 0)
             OR EXISTS(SELECT 1 FROM hero_slides WHERE media_key = ?1)
             OR EXISTS(SELECT 1 FROM deliveries WHERE photo_key = ?1)",
        [key],
        |r| r.get(0),
    )?;
    if used {
        return Ok(());
    }
    let widths: Option<(String, String)> =
        tx.query_row("SELECT widths, webp_widths FROM media WHERE key = ?1", [key], |r| Ok((r.get(0)?, r.get(1)?))).optional()?;
    tx.execute("DELETE FROM media WHERE key = ?1", [key])?;
    let (widths, webp_widths) = widths.unwrap_or_default();
    remove_variants(media_root, key, &parse_widths(&widths), &parse_widths(&webp_widths));
    Ok(())
}

/// Where pictures live, where uploads wait as temporary files, and the gate that bounds decoding
/// them: all the media code needs of the shop, so it never reaches into the rest of its state.
pub struct MediaStore {
    pub root: PathBuf,
    /// `data-dir/uploads`: pictures of forms still being handled.
    pub uploads: PathBuf,
    /// One decode per core, and together at most [`DECODE_BUDGET_MB`].
    pub decoding: crate::cpu::CpuGate,
}

impl MediaStore {
    /// The store under `data_dir`, created when missing. Temporary files left in the uploads
    /// folder by a process that was killed are removed. A waiting upload is a file on disk, not
    /// memory, so the line behind the decoding may be long enough for a busy minute.
    pub fn open(data_dir: &Path) -> Result<MediaStore, String> {
        let (root, uploads) = (media_dir(data_dir), data_dir.join("uploads"));
        for dir in [&root, &uploads] {
            std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        }
        for leftover in std::fs::read_dir(&uploads).map_err(|e| format!("cannot read {}: {e}", uploads.display()))?.flatten() {
            let _ = std::fs::remove_file(leftover.path());
        }
        Ok(MediaStore { root, uploads, decoding: crate::cpu::CpuGate::per_core(64).with_memory_budget(DECODE_BUDGET_MB) })
    }

    /// Uploads waiting to be decoded right now.
    pub fn decode_queue(&self) -> usize {
        self.decoding.waiting()
    }
}

/// Judges an upload from its header (see [`judge`]) without decoding it, so a handler can refuse
/// a picture before other costly work.
pub async fn check_upload(upload: &upload::ImageUpload, kind: ImageKind) -> AppResult<()> {
    let file = upload.0.file.reopen()?;
    web::block(move || judge(std::io::BufReader::new(file), kind).map(|_| ())).await?
}

/// Judges one upload from its header, then decodes and re-encodes it on the blocking pool once a
/// core and its peak's share of the decode budget are free. The temporary file goes when the
/// decode is done.
async fn process_upload(media: &MediaStore, upload: upload::ImageUpload, kind: ImageKind) -> AppResult<Processed> {
    let file = upload.0.file;
    let (judged, file) = web::block(move || judge(std::io::BufReader::new(file.as_file()), kind).map(|judged| (judged, file))).await??;
    media.decoding.run_holding(judged.megabytes(), move || decode(std::io::BufReader::new(file.as_file()), &judged, kind)).await?
}

/// Removes files written by [`store`] whose media row never got committed (the owner's
/// transaction failed), so a failed form leaves no orphan files.
fn discard_if_unrecorded(db: &crate::db::Db, media_root: &Path, folder: &str, processed: &Processed) {
    let key = key_for(folder, processed);
    let recorded = db
        .with_conn(|c| Ok(c.query_row("SELECT EXISTS(SELECT 1 FROM media WHERE key = ?1)", [&key], |r| r.get::<_, bool>(0))?))
        .unwrap_or(true);
    if !recorded {
        let widths = |variants: &[(u32, Vec<u8>)]| variants.iter().map(|(w, _)| *w).collect::<Vec<_>>();
        remove_variants(media_root, &key, &widths(&processed.variants), &widths(&processed.webp));
    }
}

/// Pictures checked, decoded and re-encoded, waiting to be stored by the transaction that records
/// their owner ([`Staged::store`]); when that transaction fails, [`Staged::discard`] removes what
/// was written, so a failed form leaves neither orphan files nor a half-written owner.
#[derive(Clone)]
pub struct Staged {
    root: PathBuf,
    folder: String,
    pictures: Vec<std::sync::Arc<Processed>>,
}

impl Staged {
    pub async fn process(media: &MediaStore, folder: &str, uploads: Vec<upload::ImageUpload>, kind: ImageKind) -> AppResult<Staged> {
        let mut pictures = Vec::with_capacity(uploads.len());
        for upload in uploads {
            pictures.push(std::sync::Arc::new(process_upload(media, upload, kind).await?));
        }
        Ok(Staged { root: media.root.clone(), folder: folder.to_string(), pictures })
    }

    /// Writes the files and their media rows; call inside the owner's transaction. Keys in order.
    pub fn store(&self, tx: &rusqlite::Transaction) -> AppResult<Vec<String>> {
        self.pictures.iter().map(|p| store(tx, &self.root, &self.folder, p)).collect()
    }

    /// After the owner's transaction failed: removes the files whose rows were never committed.
    pub fn discard(&self, db: &crate::db::Db) {
        for p in &self.pictures {
            discard_if_unrecorded(db, &self.root, &self.folder, p);
        }
    }
}

/// Decodes every upload, then runs `write` with their stored keys (in order) inside one
/// transaction. When anything fails the files are removed again. For owners outside the catalogue
/// (profile photos); catalogue pictures go through the catalogue's door, which stages them alike.
pub async fn write_with_uploads<T, F>(
    media: &MediaStore,
    db: &crate::db::Db,
    folder: &str,
    uploads: Vec<upload::ImageUpload>,
    kind: ImageKind,
    write: F,
) -> AppResult<T>
where
    T: Send + 'static,
    F: FnOnce(&rusqlite::Transaction, Vec<String>) -> AppResult<T> + Send + 'static,
{
    let staged = Staged::process(media, folder, uploads, kind).await?;
    let for_tx = staged.clone();
    let result = db.write(move |tx| write(tx, for_tx.store(tx)?)).await;
    if result.is_err() {
        staged.discard(db);
    }
    result
}
