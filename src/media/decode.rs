//! Turning an upload into stored pictures: judging it from its header (format, pixels, the memory
//! its decode will hold) before anything is decoded, then decoding it within that budget and
//! re-encoding it as JPEG and lossy WebP at the widths its kind is shown at. No database and no
//! files here: `media` stores what this makes.

use std::io::{BufRead, Cursor, Read, Seek, SeekFrom};

use image::{DynamicImage, ImageDecoder, ImageFormat, ImageReader};

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
    /// The shop's logo, shown small (header, receipts, e-mails): its transparency is kept, so it
    /// sits on the header's colour or a receipt's white alike. Stored as PNG and lossy WebP with
    /// alpha, at the profile pictures' widths.
    Logo,
}

impl ImageKind {
    /// Widths stored, smallest first.
    pub fn widths(self) -> &'static [u32] {
        match self {
            ImageKind::Avatar | ImageKind::Logo => &WIDTHS.avatar,
            ImageKind::Portrait => &WIDTHS.portrait,
            ImageKind::Wide => &WIDTHS.wide,
        }
    }

    /// Whether the stored copies keep the picture's transparency (PNG beside the WebP) rather than
    /// laying it onto white (JPEG beside the WebP).
    pub fn keeps_alpha(self) -> bool {
        self == ImageKind::Logo
    }

    /// Largest accepted picture: a profile picture is never shown above 512 px, so a 16-MP phone
    /// photo is plenty; product and banner photos may come from a camera. Checked from the file's
    /// header, before anything is decoded.
    pub fn max_pixels(self) -> u64 {
        match self {
            ImageKind::Avatar | ImageKind::Logo => 16_000_000,
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
        // The bytes a pixel takes once brought to 8 bits: RGBA where the kind keeps transparency.
        let depth = if kind.keeps_alpha() { 4 } else { 3 };
        let copy = match self.color {
            image::ColorType::Rgba8 => 0,
            image::ColorType::Rgb8 if !kind.keeps_alpha() => 0,
            other if other.has_alpha() || kind.keeps_alpha() => pixels * 4,
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
            depth * to * (along * to / across.max(1))
        };
        let shrunk = shrunk(width, height).max(shrunk(height, width));
        [(DECODE_SLACK + self.file, self.kept + decoded), (DECODE_SLACK, decoded + copy), (DECODE_SLACK + shrunk, pixels * depth)]
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
/// peak (`media::write_with_uploads` does).
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
    let mut picture = if kind.keeps_alpha() { DynamicImage::ImageRgba8(picture.into_rgba8()) } else { to_rgb8(picture) };
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
        variants.push((target, if kind.keeps_alpha() { encode_png(&picture)? } else { encode_jpeg(&picture)? }));
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

fn encode_png(picture: &DynamicImage) -> AppResult<Vec<u8>> {
    let mut out = Vec::new();
    picture.write_to(&mut Cursor::new(&mut out), ImageFormat::Png).map_err(AppError::internal)?;
    Ok(out)
}

/// Lossy WebP through libwebp (the `image` crate writes only lossless WebP, several times larger),
/// with an alpha plane for a picture that keeps its transparency.
fn encode_webp(picture: &DynamicImage) -> AppResult<Vec<u8>> {
    let encoder = match picture {
        DynamicImage::ImageRgb8(rgb) => webp::Encoder::from_rgb(rgb.as_raw(), rgb.width(), rgb.height()),
        DynamicImage::ImageRgba8(rgba) => webp::Encoder::from_rgba(rgba.as_raw(), rgba.width(), rgba.height()),
        _ => return Err(AppError::internal("pictures are 8-bit RGB or RGBA by now")),
    };
    let encoded = encoder.encode_simple(false, WEBP_QUALITY).map_err(|e| AppError::internal(format!("WebP encoding failed: {e:?}")))?;
    Ok(encoded.to_vec())
}

/// The widths a picture `width` pixels across is stored at today, smallest first: the kind's widths
/// below it, and its own width when it is smaller than some of them.
pub(super) fn widths_for(kind: ImageKind, width: u32) -> Vec<u32> {
    let mut targets: Vec<u32> = kind.widths().iter().copied().filter(|t| *t < width).collect();
    if targets.len() < kind.widths().len() {
        targets.push(width);
    }
    targets
}

/// Lossy WebP copies of a stored picture, at today's widths, from its largest JPEG (or a logo's
/// PNG; they stay as they are: the fallback for the odd browser without WebP).
pub fn webp_from_jpeg(largest: &[u8], kind: ImageKind) -> AppResult<Vec<(u32, Vec<u8>)>> {
    Ok(process(largest, kind)?.webp)
}
