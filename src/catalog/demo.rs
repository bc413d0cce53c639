//! The demo shop loaded into an empty database on first start: the catalogue, pictures, releases,
//! About Us and hero slides from `data/demo`, embedded in the binary so the single file is enough.

use std::path::Path;

use rusqlite::{Connection, params};
use rust_embed::RustEmbed;
use serde::Deserialize;

use crate::error::{AppError, AppResult};
use crate::media::{self, Processed};
use crate::money::Kobo;

#[derive(RustEmbed)]
#[folder = "data/demo/"]
struct DemoFiles;

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct DemoCatalog {
    collections: Vec<DemoCollection>,
    products: Vec<DemoProduct>,
    releases: Vec<DemoRelease>,
    about: DemoAbout,
    hero: Vec<String>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct DemoCollection {
    id: String,
    name: String,
    description: String,
    image: String,
    #[serde(default)]
    size_guide: Option<super::SizeGuide>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct DemoProduct {
    collection_id: String,
    name: String,
    description: String,
    price: String,
    /// On sale: what it cost before.
    #[serde(default)]
    compare_at: Option<String>,
    category: Option<String>,
    #[serde(default)]
    sizes: Vec<String>,
    #[serde(default)]
    colors: Vec<String>,
    #[serde(default)]
    featured: bool,
    images: Vec<String>,
    /// Pictures of other colourways, shown when that colour is chosen.
    #[serde(default)]
    color_images: Vec<DemoColorImages>,
}

#[derive(Deserialize)]
struct DemoColorImages {
    color: String,
    images: Vec<String>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct DemoRelease {
    name: String,
    description: String,
    price: String,
    collection_id: String,
    product: usize,
    #[serde(default)]
    featured: bool,
    image: String,
}

#[derive(Deserialize)]
struct DemoAbout {
    title: String,
    description1: String,
    description2: String,
    image1: String,
    image2: String,
}

const DONE_KEY: &str = "demo_loaded";

/// Loads the demo shop once, into a shop that has never had it and has no products.
pub fn load_if_new(conn: &mut Connection, media_root: &Path) -> AppResult<bool> {
    let done: bool =
        conn.query_row("SELECT EXISTS(SELECT 1 FROM settings WHERE key = ?1) OR EXISTS(SELECT 1 FROM products)", [DONE_KEY], |r| r.get(0))?;
    if done {
        return Ok(false);
    }
    let catalog: DemoCatalog = serde_json::from_slice(&file("catalog.json")?).map_err(AppError::internal)?;
    let tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
    // Spread creation times so "newest first" orders are stable and meaningful.
    let start = crate::db::now_ms() - 1000 * 60 * 60 * 24 * 30;
    let mut clock = start;
    let mut tick = || {
        clock += 60_000;
        clock
    };

    for c in &catalog.collections {
        let key = store_picture(&tx, media_root, "collections", &c.image)?;
        let guide = c.size_guide.as_ref().map(|g| super::check_size_guide(&g.columns, &g.rows)).transpose()?.flatten();
        tx.execute(
            "UPDATE collections SET name = ?2, description = ?3, image_key = ?4, updated_at = ?5, size_guide = ?6 WHERE id = ?1",
            params![c.id, c.name, c.description, key, tick(), guide.map(|g| g.to_json())],
        )?;
    }
    let mut product_ids = Vec::with_capacity(catalog.products.len());
    for (index, p) in catalog.products.iter().enumerate() {
        let id = crate::ids::ProductId::from(crate::util::new_id());
        let mut product = super::write::NewProduct::new(
            &p.collection_id,
            &p.name,
            &p.description,
            crate::money::parse_naira(&p.price).map_err(AppError::internal)?,
        );
        product.featured = p.featured;
        product.compare_at = p.compare_at.as_deref().map(crate::money::parse_naira).transpose().map_err(AppError::internal)?;
        (product.category, product.sizes, product.colors) = (p.category.clone(), p.sizes.clone(), p.colors.clone());
        product.image_keys = p.images.iter().map(|image| store_picture(&tx, media_root, "products", image)).collect::<AppResult<_>>()?;
        product.variants = demo_stock(index, &p.sizes, &p.colors);
        super::write::insert_product(&tx, &id, &product, tick())?;
        for colorway in &p.color_images {
            for (position, image) in colorway.images.iter().enumerate() {
                let key = store_picture(&tx, media_root, "products", image)?;
                tx.execute(
                    "INSERT INTO color_images (product_id, color, position, media_key) VALUES (?1, ?2, ?3, ?4)",
                    params![id, colorway.color, position as i64, key],
                )?;
            }
        }
        product_ids.push(id);
    }
    for r in &catalog.releases {
        let key = store_picture(&tx, media_root, "releases", &r.image)?;
        let product_id = product_ids.get(r.product).ok_or_else(|| AppError::internal("demo release names no product"))?;
        let price = crate::money::parse_naira(&r.price).map_err(AppError::internal)?;
        tx.execute(
            "INSERT INTO releases (id, name, description, price_kobo, collection_id, product_id, image_key, featured, created_at)
             VALUES (:id, :name, :description, :price, :collection, :product, :image, :featured, :now)",
            rusqlite::named_params! {
                ":id": crate::util::new_id(),
                ":name": r.name,
                ":description": r.description,
                ":price": price,
                ":collection": r.collection_id,
                ":product": product_id,
                ":image": key,
                ":featured": r.featured,
                ":now": tick(),
            },
        )?;
    }
    let a = &catalog.about;
    let image1 = store_picture(&tx, media_root, "aboutUs", &a.image1)?;
    let image2 = store_picture(&tx, media_root, "aboutUs", &a.image2)?;
    let now = tick();
    tx.execute(
        "INSERT INTO about_pages (title, description1, description2, image1_key, image2_key, created_at, updated_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?6)",
        params![a.title, a.description1, a.description2, image1, image2, now],
    )?;
    for (position, image) in catalog.hero.iter().enumerate() {
        let key = store_picture(&tx, media_root, "hero", image)?;
        tx.execute("INSERT INTO hero_slides (position, media_key) VALUES (?1, ?2)", params![position as i64, key])?;
    }
    let reviews = load_reviews(&tx, &catalog.products, &product_ids, start)?;
    // The demo's words and links, through the same document a merchant edits.
    let words: crate::brand::Identity = serde_json::from_slice(&file("identity.json")?).map_err(AppError::internal)?;
    crate::brand::fill_in(&tx, &words)?;
    tx.execute("INSERT INTO settings (key, value) VALUES (?1, ?2)", params![DONE_KEY, now.to_string()])?;
    tx.commit()?;
    tracing::info!(
        collections = catalog.collections.len(),
        products = catalog.products.len(),
        releases = catalog.releases.len(),
        reviews,
        "loaded the demo shop"
    );
    Ok(true)
}

#[derive(Deserialize)]
struct DemoReviews {
    reviewers: Vec<String>,
    /// By collection id.
    reviews: std::collections::HashMap<String, Vec<DemoReview>>,
}

#[derive(Deserialize)]
struct DemoReview {
    rating: i64,
    title: Option<String>,
    body: Option<String>,
}

/// Gives each demo product two to six reviews from `reviews.json`, written by demo reviewers whose
/// accounts cannot sign in. They bought nothing in this shop, so they are not marked "Verified
/// purchase". Fixed, so tests and screenshots see the same shop. Returns how many were written.
fn load_reviews(tx: &Connection, products: &[DemoProduct], ids: &[crate::ids::ProductId], start: i64) -> AppResult<usize> {
    let demo: DemoReviews = serde_json::from_slice(&file("reviews.json")?).map_err(AppError::internal)?;
    let mut reviewers = Vec::with_capacity(demo.reviewers.len());
    for (n, name) in demo.reviewers.iter().enumerate() {
        let id = crate::ids::UserId::from(crate::util::new_id());
        let email = format!("reviewer{}@demo.invalid", n + 1);
        // "!" is no password hash: nobody can sign in as a demo reviewer.
        tx.execute(
            "INSERT INTO users (id, email, display_name, password_hash, disabled, created_at) VALUES (?1, ?2, ?3, '!', 1, ?4)",
            params![id, email, name, start],
        )?;
        reviewers.push(id);
    }
    let mut written = 0;
    for (index, (product, id)) in products.iter().zip(ids).enumerate() {
        let Some(pool) = demo.reviews.get(&product.collection_id).filter(|p| !p.is_empty()) else { continue };
        for k in 0..2 + (index * 3) % 5 {
            let r = &pool[(index + k * 2) % pool.len()];
            let review = crate::reviews::check(Some(&r.rating.into()), r.title.as_deref(), r.body.as_deref())?;
            let reviewer = &reviewers[(index * 5 + k * 7) % reviewers.len()];
            let at = start + ((index * 13 + k * 29) % 28) as i64 * 86_400_000 + k as i64 * 3_600_000;
            crate::reviews::save(tx, id, reviewer, &review, false, at)?;
            written += 1;
        }
    }
    Ok(written)
}

/// Products the demo has sold out of entirely (by position in catalog.json): a watch and a trouser.
const DEMO_SOLD_OUT: [usize; 2] = [13, 25];

/// Stock for a demo product's variants: mostly 4 to 18, a few at 1 or 2 (so "Only N left"
/// shows), the odd size sold out, and two products sold out entirely. Fixed, so tests and
/// screenshots see the same shop.
fn demo_stock(index: usize, sizes: &[String], colors: &[String]) -> Vec<crate::stock::NewVariant> {
    let mut variants = crate::stock::every_combination(sizes, colors, 0);
    for (n, variant) in variants.iter_mut().enumerate() {
        variant.stock = match (index * 7 + n * 5) % 23 {
            _ if DEMO_SOLD_OUT.contains(&index) => 0,
            0 if variants_len_ok(sizes, colors) => 0,
            1 | 9 => 2,
            5 => 1,
            k => 4 + (k as i64 * 3) % 15,
        };
    }
    variants
}

/// A product with a single variant is never partly sold out: that would sell it out entirely.
fn variants_len_ok(sizes: &[String], colors: &[String]) -> bool {
    sizes.len().max(1) * colors.len().max(1) > 1
}

fn file(name: &str) -> AppResult<Vec<u8>> {
    DemoFiles::get(name)
        .map(|f| f.data.into_owned())
        .ok_or_else(|| AppError::internal(format!("demo file {name} is missing from the build")))
}

/// Stores a demo picture whose variants were drawn ahead of time by `tools/make_demo.sh`: JPEG at
/// each width, and lossy WebP beside each.
fn store_picture(tx: &Connection, media_root: &Path, folder: &str, name: &str) -> AppResult<String> {
    let files = |format: media::Format| -> AppResult<Vec<(u32, Vec<u8>)>> {
        let mut variants: Vec<(u32, Vec<u8>)> = DemoFiles::iter()
            .filter_map(|path| {
                let rest = path.strip_prefix("images/")?.strip_prefix(name)?.strip_prefix('-')?;
                let width: u32 = rest.strip_suffix(format.extension())?.strip_suffix('.')?.parse().ok()?;
                Some((width, path.into_owned()))
            })
            .map(|(width, path)| Ok((width, file(&path)?)))
            .collect::<AppResult<_>>()?;
        variants.sort_by_key(|(w, _)| *w);
        Ok(variants)
    };
    let (variants, webp) = (files(media::Format::Jpeg)?, files(media::Format::WebP)?);
    let largest = variants.last().ok_or_else(|| AppError::internal(format!("demo picture {name} is missing")))?;
    let (width, height) = image::ImageReader::with_format(std::io::Cursor::new(&largest.1), image::ImageFormat::Jpeg)
        .into_dimensions()
        .map_err(AppError::internal)?;
    media::store(tx, media_root, folder, &Processed { variants, webp, width, height })
}

/// Adds `count` generated products (for benchmarks and trying the shop at scale), spread over the
/// six fixed collections and reusing the demo's product pictures. Deterministic: the same count on
/// the same shop adds the same products. Returns how many products the shop has now.
pub fn seed(tx: &Connection, count: usize) -> AppResult<i64> {
    const WORDS: &[&str] = &[
        "Classic",
        "Lagos",
        "Heritage",
        "Urban",
        "Royal",
        "Midnight",
        "Sahara",
        "Coastal",
        "Ember",
        "Indigo",
        "Velvet",
        "Harmattan",
        "Savannah",
        "Premium",
        "Tailored",
        "Slim",
        "Relaxed",
        "Signature",
    ];
    const ITEMS: &[(&str, &[&str])] = &[
        ("formal-shoes", &["Oxford", "Derby", "Loafer", "Monk Strap", "Brogue"]),
        ("formal-trousers", &["Chino", "Pleated Trouser", "Wool Trouser", "Slim Trouser"]),
        ("corporate-shirts", &["Poplin Shirt", "Oxford Shirt", "Twill Shirt", "Linen Shirt"]),
        ("wristwatches", &["Chronograph", "Dress Watch", "Diver", "Field Watch"]),
        ("suits", &["Two-Piece Suit", "Three-Piece Suit", "Tuxedo", "Blazer"]),
        ("sneakers", &["Runner", "Low-Top Sneaker", "High-Top Sneaker", "Trainer"]),
    ];
    let pictures: Vec<String> = tx
        .prepare("SELECT key FROM media WHERE key LIKE 'products/%' ORDER BY key")?
        .query_map([], |r| r.get(0))?
        .collect::<Result<_, _>>()?;
    if pictures.is_empty() {
        return Err(AppError::Validation("there are no product pictures to reuse: start the shop once with the demo first".into()));
    }
    let already: i64 = tx.query_row("SELECT COUNT(*) FROM products WHERE id LIKE 'seed-%'", [], |r| r.get(0))?;
    // xorshift64*: a fixed sequence without a dependency, plenty for picking names and prices.
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15 ^ already as u64;
    let mut next = |below: usize| {
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        (state.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) as usize % below
    };
    let now = crate::db::now_ms();
    let mut progress = crate::progress::Progress::new("seeding products", count as u64);
    for n in 0..count {
        let number = already as usize + n;
        let (collection, items) = ITEMS[next(ITEMS.len())];
        let name = format!("{} {} {number}", WORDS[next(WORDS.len())], items[next(items.len())]);
        let description = format!("{name}: a generated product with a plausible description.");
        let price = 1_000_000 + next(39_000_000) as i64;
        let mut product = super::write::NewProduct::new(collection, &name, &description, Kobo::new(price));
        // One in four on sale, a fifth off (filters have something to find).
        product.compare_at = number.is_multiple_of(4).then(|| Kobo::new(price * 5 / 4));
        product.rating = 3.5 + next(16) as f64 / 10.0;
        product.review_count = next(400) as i64;
        product.category = [Some("Slim Fit"), Some("Classic"), None][next(3)].map(String::from);
        product.sizes = vec!["40".into(), "41".into(), "42".into()];
        product.colors = vec!["Black".into(), "Brown".into()];
        // Benchmarks buy the same variants over and over.
        product.stock_each = 100_000;
        product.image_keys = vec![pictures[next(pictures.len())].clone(), pictures[next(pictures.len())].clone()];
        super::write::insert_product(tx, &format!("seed-{number:06}").into(), &product, now - number as i64)?;
        progress.advance(1);
    }
    progress.finish();
    Ok(tx.query_row("SELECT COUNT(*) FROM products", [], |r| r.get(0))?)
}
