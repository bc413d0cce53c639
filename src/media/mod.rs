//! Images: the upload pipeline (decode, check, re-encode into a few widths), content-addressed
//! storage under the data directory, the JSON shape the front end gets, and serving /media.

use std::io::{BufRead, Cursor, Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};

use actix_web::web;
use image::{DynamicImage, ImageDecoder, ImageFormat, ImageReader};
use rusqlite::{Connection, OptionalExtension, params};
use serde::Serialize;
use sha2::{Digest, Sha256};

pub mod routes;
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
}

/// Megabytes (10^6 bytes) the decodes running at once may hold together, and so also the most one
/// decode may hold: a 40-MP photo at four bytes a pixel.
pub const DECODE_BUDGET_MB: u32 = 160;
const DECODE_BUDGET: u64 = DECODE_BUDGET_MB as u64 * 1_000_000;

const JPEG_QUALITY: u8 = 80;
/// libwebp's quality (0-100) for the lossy WebP copies: at 80 they are about a third smaller than
/// the JPEGs at 80, with no visible loss at a phone's density.
const WEBP_QUALITY: f32 = 80.0;

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

/// The file a stored picture's variant lives in, under the media folder.
pub fn variant_path(key: &str, width: u32, format: Format) -> String {
    format!("{key}-{width}.{}", format.extension())
}

/// The formats a picture is stored in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Jpeg,
    WebP,
}

impl Format {
    pub fn extension(self) -> &'static str {
        match self {
            Format::Jpeg => "jpg",
            Format::WebP => "webp",
        }
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
        let srcset =
            |widths: &[u32], format: Format| widths.iter().map(|w| format!("{} {w}w", url_for(*w, format))).collect::<Vec<_>>().join(", ");
        let middle = widths.iter().copied().find(|w| *w >= 640).or(widths.last().copied()).unwrap_or(width);
        Image {
            url: url_for(middle, Format::Jpeg),
            srcset: srcset(&widths, Format::Jpeg),
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

/// Reads one media row as an [`Image`].
pub fn load(conn: &Connection, key: &str) -> rusqlite::Result<Option<Image>> {
    conn.query_row("SELECT widths, webp_widths, width, height FROM media WHERE key = ?1", [key], |r| {
        Ok(Image::from_row(key, &r.get::<_, String>(0)?, &r.get::<_, String>(1)?, r.get(2)?, r.get(3)?))
    })
    .optional()
}

/// A picture decoded and re-encoded, ready to store: JPEG bytes per width, and lossy WebP bytes
/// per width (the same widths for an upload; none for a demo picture drawn before WebP).
pub struct Processed {
    pub variants: Vec<(u32, Vec<u8>)>,
    pub webp: Vec<(u32, Vec<u8>)>,
    pub width: u32,
    pub height: u32,
}

/// What an upload's header says, before anything is decoded: its format, its size and the most
/// memory decoding it will hold.
#[derive(Debug, Clone, Copy)]
pub struct Judged {
    format: ImageFormat,
    pub width: u32,
    pub height: u32,
    /// Bytes held at the decode's peak.
    pub peak_bytes: u64,
}

impl Judged {
    /// The decode's share of [`DECODE_BUDGET_MB`].
    pub fn megabytes(&self) -> u32 {
        self.peak_bytes.div_ceil(1_000_000) as u32
    }
}

fn not_an_image() -> AppError {
    AppError::Validation("Selected file must be an image.".into())
}

fn too_many_pixels(max: u64) -> AppError {
    AppError::Validation(format!("Images may have at most {} megapixels.", max / 1_000_000))
}

/// Judges an upload by its content (never its name or declared type): refuses anything that is
/// not a JPEG, PNG, WebP or GIF, has more pixels than its kind allows, or whose decode would hold
/// more than [`DECODE_BUDGET_MB`] at its peak (see [`Decoding::phases`]). Reads only the header
/// (and a JPEG's last bytes). Pictures that cost more per pixel — deep colour, progressive or CMYK
/// JPEG, WebP — may so have fewer pixels within the same budget.
pub fn judge<R: BufRead + Seek>(mut input: R, kind: ImageKind) -> AppResult<Judged> {
    let len = input.seek(SeekFrom::End(0))?;
    if len > MAX_UPLOAD_BYTES as u64 {
        return Err(AppError::PayloadTooLarge(format!("Image file size must be less than {} MB.", MAX_UPLOAD_BYTES / 1_000_000)));
    }
    input.seek(SeekFrom::Start(0))?;
    let mut head = Vec::with_capacity(32);
    (&mut input).take(32).read_to_end(&mut head)?;
    let format = image::guess_format(&head).map_err(|_| not_an_image())?;
    let decoding = match format {
        ImageFormat::Jpeg => jpeg_decoding(&mut input, len)?,
        ImageFormat::Png | ImageFormat::WebP | ImageFormat::Gif => {
            input.seek(SeekFrom::Start(0))?;
            let mut reader = ImageReader::with_format(&mut input, format);
            reader.limits(decode_limits());
            let decoder = reader.into_decoder().map_err(|_| not_an_image())?;
            let ((width, height), color) = (decoder.dimensions(), decoder.color_type());
            let pixels = u64::from(width) * u64::from(height);
            let (kept, file) = match format {
                ImageFormat::WebP => webp_kept(&head, color.has_alpha(), pixels, len),
                // The GIF decoder may compose the first frame in a buffer of its own.
                ImageFormat::Gif => (pixels * 4, 0),
                _ => (0, 0),
            };
            Decoding { width, height, color, file, kept }
        }
        _ => return Err(not_an_image()),
    };
    let (width, height) = (decoding.width, decoding.height);
    let pixels = u64::from(width) * u64::from(height);
    if pixels > kind.max_pixels() || width == 0 || height == 0 {
        return Err(too_many_pixels(kind.max_pixels()));
    }
    let phases = decoding.phases(kind);
    let peak_bytes = phases.iter().map(|(fixed, scaled)| fixed + scaled).max().unwrap_or(0);
    if peak_bytes > DECODE_BUDGET {
        let fit = |&(fixed, scaled): &(u64, u64)| {
            (u128::from(DECODE_BUDGET.saturating_sub(fixed)) * u128::from(pixels) / u128::from(scaled.max(1))) as u64
        };
        return Err(too_many_pixels(phases.iter().map(fit).min().unwrap_or(0).min(kind.max_pixels())));
    }
    Ok(Judged { format, width, height, peak_bytes })
}

/// The image crate's own limit, behind the judge's: no decoder allocates more than the budget.
fn decode_limits() -> image::Limits {
    let mut limits = image::Limits::default();
    limits.max_alloc = Some(DECODE_BUDGET);
    limits
}

/// What decoding a picture involves, as its header tells.
struct Decoding {
    width: u32,
    height: u32,
    /// What the decoder writes.
    color: image::ColorType,
    /// Bytes of the file the decoder reads whole before decoding (0 when it streams it).
    file: u64,
    /// Bytes the decoder keeps beside what it writes until it is done.
    kept: u64,
}

/// Row buffers, the encoder's output and the like: small beside the pictures.
const DECODE_SLACK: u64 = 4_000_000;

impl Decoding {
    /// The bytes held in each phase of [`decode`], each as (fixed, growing with the pixels):
    /// decoding (the file read whole, what the decoder keeps, the decoded picture), bringing it to
    /// 8-bit RGB (the picture and its copy, unless it is 8-bit RGB or RGBA, which is flattened in
    /// place) and shrinking it (the RGB picture and its first, smaller copy). The peak is the
    /// largest.
    fn phases(&self, kind: ImageKind) -> [(u64, u64); 3] {
        let (width, height) = (u64::from(self.width), u64::from(self.height));
        let pixels = width * height;
        let decoded = pixels * u64::from(self.color.bytes_per_pixel());
        let copy = match self.color {
            image::ColorType::Rgb8 | image::ColorType::Rgba8 => 0,
            other if other.has_alpha() => pixels * 4,
            _ => pixels * 3,
        };
        // The first copy is twice the largest width (the box filter) or the largest width; the
        // picture may turn on its side first (EXIF orientation), so the larger of both ways.
        let largest = u64::from(kind.widths().last().copied().unwrap_or(0));
        let shrunk = |across: u64, along: u64| {
            let to = if across > largest * 2 {
                largest * 2
            } else if across > largest {
                largest
            } else {
                0
            };
            3 * to * (along * to / across.max(1))
        };
        let shrunk = shrunk(width, height).max(shrunk(height, width));
        [(DECODE_SLACK + self.file, self.kept + decoded), (DECODE_SLACK, decoded + copy), (DECODE_SLACK + shrunk, pixels * 3)]
    }
}

/// What a WebP decoder keeps beside the picture, and the bytes of the file it reads whole.
/// Lossless without alpha decodes to RGBA first; lossy reads its data whole and keeps YUV planes
/// (and an alpha plane); an animation composes on a canvas of its own.
fn webp_kept(head: &[u8], alpha: bool, pixels: u64, len: u64) -> (u64, u64) {
    match head.get(12..16) {
        Some(b"VP8L") => (if alpha { 0 } else { pixels * 4 }, 0),
        Some(b"VP8 ") => (pixels * 2, len),
        Some(b"VP8X") if head.get(20).is_some_and(|flags| flags & 0x02 != 0) => (pixels * 8, len),
        // An extended file: its image chunk comes later; assume the costlier kind.
        _ => (pixels * 4, len),
    }
}

/// A JPEG's frame as its header gives it.
struct JpegFrame {
    width: u32,
    height: u32,
    /// Horizontal and vertical sampling factors of each component.
    sampling: Vec<(u32, u32)>,
    progressive: bool,
    /// Components in the first scan; fewer than the frame's means later scans add the others.
    first_scan: usize,
}

/// Reads a JPEG's markers up to its first scan. `None` when they do not make a JPEG, or take more
/// than a thousand segments to get there (a real file has a few dozen).
fn read_jpeg_frame<R: BufRead + Seek>(input: &mut R) -> std::io::Result<Option<JpegFrame>> {
    let mut byte = [0u8; 1];
    let mut read_u8 = |input: &mut R| input.read_exact(&mut byte).map(|_| byte[0]);
    input.seek(SeekFrom::Start(0))?;
    if (read_u8(input)?, read_u8(input)?) != (0xFF, 0xD8) {
        return Ok(None);
    }
    let mut frame: Option<JpegFrame> = None;
    for _ in 0..1000 {
        if read_u8(input)? != 0xFF {
            return Ok(None);
        }
        let mut marker = read_u8(input)?;
        while marker == 0xFF {
            marker = read_u8(input)?;
        }
        if matches!(marker, 0x01 | 0xD0..=0xD8) {
            continue;
        }
        if marker == 0xD9 {
            return Ok(None);
        }
        let length = u16::from_be_bytes([read_u8(input)?, read_u8(input)?]);
        let Some(body) = length.checked_sub(2) else { return Ok(None) };
        match marker {
            // Start of frame, in any coding (DHT, JPG and DAC share the range).
            0xC0..=0xCF if !matches!(marker, 0xC4 | 0xC8 | 0xCC) => {
                let mut data = vec![0; usize::from(body)];
                input.read_exact(&mut data)?;
                if data.len() < 6 {
                    return Ok(None);
                }
                let (height, width, count) = (u16::from_be_bytes([data[1], data[2]]), u16::from_be_bytes([data[3], data[4]]), data[5]);
                let sampling: Vec<(u32, u32)> =
                    data[6..].chunks_exact(3).take(usize::from(count)).map(|c| (u32::from(c[1] >> 4), u32::from(c[1] & 0x0F))).collect();
                if sampling.len() != usize::from(count) || sampling.iter().any(|&(h, v)| !(1..=4).contains(&h) || !(1..=4).contains(&v)) {
                    return Ok(None);
                }
                let progressive = matches!(marker, 0xC2 | 0xC6 | 0xCA | 0xCE);
                let (width, height) = (u32::from(width), u32::from(height));
                frame = Some(JpegFrame { width, height, sampling, progressive, first_scan: 0 });
            }
            0xDA => {
                let first_scan = usize::from(read_u8(input)?);
                return Ok(frame.map(|f| JpegFrame { first_scan, ..f }));
            }
            _ => {
                // Read through rather than seek, which would throw the reader's buffer away.
                std::io::copy(&mut input.take(u64::from(body)), &mut std::io::sink())?;
            }
        }
    }
    Ok(None)
}

/// A JPEG's decoding: the decoder reads the file whole and writes 8-bit RGB (or grey), and a
/// progressive or multi-scan file keeps every coefficient of every component (two bytes each, in
/// blocks padded to whole MCUs) until its last scan: a CMYK one four full-size components.
fn jpeg_decoding<R: BufRead + Seek>(input: &mut R, len: u64) -> AppResult<Decoding> {
    if !has_jpeg_end(input, len)? {
        // The decoder would paint the missing part grey; a cut-off upload is refused instead.
        return Err(not_an_image());
    }
    let frame = match read_jpeg_frame(input) {
        Ok(Some(frame)) => frame,
        Ok(None) | Err(_) => return Err(not_an_image()),
    };
    let JpegFrame { width, height, ref sampling, progressive, first_scan } = frame;
    let grey = sampling.len() == 1;
    let coefficients = if progressive || first_scan < sampling.len() {
        // One grey component is read in plain 8x8 blocks whatever its sampling says.
        let (h_max, v_max) = if grey { (1, 1) } else { sampling.iter().fold((1, 1), |(h, v), &(ch, cv)| (h.max(ch), v.max(cv))) };
        let (mcu_columns, mcu_rows) = (u64::from(width.div_ceil(8 * h_max)), u64::from(height.div_ceil(8 * v_max)));
        let blocks =
            |&(h, v): &(u32, u32)| if grey { mcu_columns * mcu_rows } else { mcu_columns * u64::from(h) * mcu_rows * u64::from(v) };
        sampling.iter().map(blocks).sum::<u64>() * 64 * 2
    } else {
        0
    };
    let color = if grey { image::ColorType::L8 } else { image::ColorType::Rgb8 };
    Ok(Decoding { width, height, color, file: len, kept: coefficients })
}

/// Decodes a judged upload and re-encodes it (dropping all metadata) at each of the kind's widths
/// no larger than the original. CPU-heavy: call it through the decoding gate with the judged
/// peak ([`write_with_uploads`] does).
///
/// After decoding there is never a second full-size copy: 8-bit RGBA is flattened in place, and a
/// large picture is first shrunk with a cheap box filter to twice the largest width.
pub fn decode<R: BufRead + Seek>(mut input: R, judged: &Judged, kind: ImageKind) -> AppResult<Processed> {
    input.seek(SeekFrom::Start(0))?;
    let mut reader = ImageReader::with_format(input, judged.format);
    reader.limits(decode_limits());
    let mut decoder = reader.into_decoder().map_err(|_| not_an_image())?;
    let (w, h) = decoder.dimensions();
    if (w, h) != (judged.width, judged.height) {
        // The decoder reads the file differently from its judge: refuse rather than guess.
        return Err(not_an_image());
    }
    let orientation = decoder.orientation().unwrap_or(image::metadata::Orientation::NoTransforms);
    let picture = DynamicImage::from_decoder(decoder).map_err(|_| not_an_image())?;
    let mut picture = to_rgb8(picture);
    // Rotation makes a copy, so it waits until the picture is small; the widths are those of the
    // picture as it will be shown.
    use image::metadata::Orientation::{Rotate90, Rotate90FlipH, Rotate270, Rotate270FlipH};
    let turned = matches!(orientation, Rotate90 | Rotate270 | Rotate90FlipH | Rotate270FlipH);
    let (width, height) = if turned { (h, w) } else { (w, h) };

    let targets = widths_for(kind, width);

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
    let (mut variants, mut webp) = (Vec::with_capacity(targets.len()), Vec::with_capacity(targets.len()));
    for &target in targets.iter().rev() {
        if target < picture.width() {
            let to_height = scaled_height(&picture, target);
            picture = picture.resize_exact(target, to_height, image::imageops::FilterType::CatmullRom);
        }
        variants.push((target, encode_jpeg(&picture)?));
        webp.push((target, encode_webp(&picture)?));
    }
    variants.reverse();
    webp.reverse();
    Ok(Processed { variants, webp, width, height })
}

/// Judges and decodes a picture held in memory (tests and tools; uploads come as files).
pub fn process(bytes: &[u8], kind: ImageKind) -> AppResult<Processed> {
    let judged = judge(Cursor::new(bytes), kind)?;
    decode(Cursor::new(bytes), &judged, kind)
}

/// A complete JPEG ends with the EOI marker (some cameras pad with zero bytes after it, which the
/// last 64 KB leave room for).
fn has_jpeg_end<R: Read + Seek>(input: &mut R, len: u64) -> std::io::Result<bool> {
    let tail = len.min(64 * 1024);
    input.seek(SeekFrom::Start(len - tail))?;
    let mut bytes = Vec::with_capacity(tail as usize);
    input.take(tail).read_to_end(&mut bytes)?;
    let end = bytes.iter().rposition(|b| *b != 0).map_or(0, |i| i + 1);
    Ok(bytes[..end].ends_with(&[0xFF, 0xD9]))
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

/// Lossy WebP through libwebp (the `image` crate writes only lossless WebP, several times larger).
fn encode_webp(picture: &DynamicImage) -> AppResult<Vec<u8>> {
    let rgb = picture.as_rgb8().ok_or_else(|| AppError::internal("pictures are 8-bit RGB by now"))?;
    let encoder = webp::Encoder::from_rgb(rgb.as_raw(), rgb.width(), rgb.height());
    let encoded = encoder.encode_simple(false, WEBP_QUALITY).map_err(|e| AppError::internal(format!("WebP encoding failed: {e:?}")))?;
    Ok(encoded.to_vec())
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
    let files = processed.variants.iter().map(|v| (v, Format::Jpeg)).chain(processed.webp.iter().map(|v| (v, Format::WebP)));
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
    let files = widths.iter().map(|w| (*w, Format::Jpeg)).chain(webp_widths.iter().map(|w| (*w, Format::WebP)));
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
        _ => ImageKind::Wide,
    }
}

/// The widths a picture `width` pixels across is stored at today, smallest first: the kind's widths
/// below it, and its own width when it is smaller than some of them.
fn widths_for(kind: ImageKind, width: u32) -> Vec<u32> {
    let mut targets: Vec<u32> = kind.widths().iter().copied().filter(|t| *t < width).collect();
    if targets.len() < kind.widths().len() {
        targets.push(width);
    }
    targets
}

/// Lossy WebP copies of a stored picture, at today's widths, from its largest JPEG (its JPEGs stay
/// as they are: the fallback for the odd browser without WebP).
pub fn webp_from_jpeg(largest: &[u8], kind: ImageKind) -> AppResult<Vec<(u32, Vec<u8>)>> {
    Ok(process(largest, kind)?.webp)
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
            match std::fs::read(media_root.join(variant_path(key, largest, Format::Jpeg))) {
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
             OR EXISTS(SELECT 1 FROM hero_slides WHERE media_key = ?1)",
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
