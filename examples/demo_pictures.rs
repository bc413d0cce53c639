//! Gives the demo's pictures (data/demo/images, drawn by tools/demo_art as JPEGs) their lossy WebP
//! copies at the widths the shop stores today (data/image-widths.json), made from each picture's
//! largest JPEG through the shop's own pipeline (`media::webp_from_jpeg`, as `ankara media
//! reencode` does for a shop). Run by tools/make_demo.sh after drawing; a WebP newer than its
//! JPEG stays, so running it again changes nothing (and the encoder's output is the same each time):
//!
//!     cargo run --release --example demo_pictures [-- DIR]
use std::collections::BTreeMap;
use std::path::PathBuf;

use ankara::media::{self, Format, ImageKind};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let dir = std::env::args().nth(1).map(PathBuf::from).unwrap_or_else(|| PathBuf::from("data/demo/images"));
    // name -> its largest JPEG's width
    let mut pictures: BTreeMap<String, u32> = BTreeMap::new();
    for entry in std::fs::read_dir(&dir)? {
        let file = entry?.file_name().to_string_lossy().into_owned();
        let Some((name, width)) = file.strip_suffix(".jpg").and_then(|stem| stem.rsplit_once('-')) else { continue };
        if let Ok(width) = width.parse::<u32>() {
            let largest = pictures.entry(name.to_string()).or_default();
            *largest = (*largest).max(width);
        }
    }
    let mut written = 0;
    for (name, largest) in &pictures {
        // Banners (collections, releases, the hero, About Us) are wide; the rest are products.
        let wide = ["about-", "collection-", "hero-", "release-"].iter().any(|p| name.starts_with(p));
        let kind = if wide { ImageKind::Wide } else { ImageKind::Portrait };
        let source = dir.join(media::variant_path(name, *largest, Format::Jpeg));
        let drawn = std::fs::metadata(&source)?.modified()?;
        let up_to_date = |width: u32| {
            let modified = std::fs::metadata(dir.join(media::variant_path(name, width, Format::WebP))).and_then(|m| m.modified());
            modified.is_ok_and(|m| m >= drawn)
        };
        if kind.widths().iter().filter(|w| **w <= *largest).all(|w| up_to_date(*w)) {
            continue;
        }
        for (width, webp) in media::webp_from_jpeg(&std::fs::read(&source)?, kind)? {
            std::fs::write(dir.join(media::variant_path(name, width, Format::WebP)), webp)?;
            written += 1;
        }
    }
    println!("{} pictures: {written} WebP files written", pictures.len());
    Ok(())
}
