//! The installable app's icons and the favicon, drawn from the shop's logo: the logo fitted into a
//! square of the header colour (an app icon is square; a logo seldom is), as PNG. Drawn once per
//! logo, colour and size, then kept in memory.

use std::collections::HashMap;
use std::io::Cursor;
use std::path::Path;
use std::sync::Mutex;

use image::{DynamicImage, ImageFormat, Rgba, RgbaImage, imageops};

use crate::error::{AppError, AppResult};

/// The sizes served: the favicon, Apple's home-screen icon, and the manifest's two.
pub const SIZES: &[u32] = &[32, 180, 192, 512];

/// Icons drawn so far, by (logo key, background, size).
type Drawn = HashMap<(String, String, u32), Vec<u8>>;

static DRAWN: Mutex<Option<Drawn>> = Mutex::new(None);

/// The icon of `size` pixels for the logo stored under `key` (its largest copy for browsers without
/// WebP, `largest_width` across) on `background` (`#rrggbb`), which shows through where it is transparent.
pub fn icon(media_root: &Path, key: &str, largest_width: u32, background: &str, size: u32) -> AppResult<Vec<u8>> {
    let cache_key = (key.to_string(), background.to_string(), size);
    if let Some(png) = DRAWN.lock().expect("icons").as_ref().and_then(|m| m.get(&cache_key)) {
        return Ok(png.clone());
    }
    let file = media_root.join(crate::media::variant_path(key, largest_width, crate::media::Format::fallback(key)));
    let bytes = std::fs::read(file)?;
    let logo = image::load_from_memory(&bytes).map_err(AppError::internal)?;
    let colour = super::colour::Rgb::parse(background).unwrap_or(super::colour::Rgb::BLACK);
    let mut square = RgbaImage::from_pixel(size, size, Rgba([colour.0, colour.1, colour.2, 255]));
    // A tenth of the side as margin on each side, so a launcher's rounded mask keeps the logo whole.
    let inner = (size * 8 / 10).max(1);
    let fitted = logo.resize(inner, inner, imageops::FilterType::CatmullRom).to_rgba8();
    let (x, y) = ((size - fitted.width()) / 2, (size - fitted.height()) / 2);
    imageops::overlay(&mut square, &fitted, i64::from(x), i64::from(y));
    let mut png = Vec::new();
    DynamicImage::ImageRgb8(DynamicImage::ImageRgba8(square).to_rgb8())
        .write_to(&mut Cursor::new(&mut png), ImageFormat::Png)
        .map_err(AppError::internal)?;
    let mut drawn = DRAWN.lock().expect("icons");
    let map = drawn.get_or_insert_with(HashMap::new);
    // A few logos over a shop's life: starting over now and then bounds the memory.
    if map.len() > 32 {
        map.clear();
    }
    map.insert(cache_key, png.clone());
    Ok(png)
}
