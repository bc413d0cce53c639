//! Catalogue feeds (issue 41, part 1): the products the storefront shows, one item per variant, as
//! Meta (Instagram and Facebook shops) and Google Merchant Center read them, at public addresses
//! under a secret the merchant can replace. Fetchers poll hourly and a catalogue can hold tens of
//! thousands of variants, so both files are built once per catalogue change and kept
//! ([`Feeds`]); a fetch is a comparison and a copy.

pub mod format;
pub mod routes;

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, RwLock};
use std::time::SystemTime;

use actix_web::web::Bytes;
use rusqlite::{Connection, OptionalExtension, params};
use serde::{Deserialize, Serialize};

use crate::error::{AppError, AppResult};
use crate::money::Kobo;

/// The longest title Google takes (Meta takes 200): a longer one is refused by the channel.
pub const MAX_TITLE: usize = 150;
/// The longest description both channels take (Google's 5,000; Meta's is 9,999).
pub const MAX_DESCRIPTION: usize = 5000;

/// Who an item is for, in the channels' words.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Gender {
    Female,
    Male,
    Unisex,
}

impl Gender {
    pub fn as_str(self) -> &'static str {
        match self {
            Gender::Female => "female",
            Gender::Male => "male",
            Gender::Unisex => "unisex",
        }
    }

    fn parse(text: &str) -> Option<Gender> {
        [Gender::Female, Gender::Male, Gender::Unisex].into_iter().find(|g| g.as_str() == text)
    }
}

/// The age an item is made for, in the channels' words.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum AgeGroup {
    Newborn,
    Infant,
    Toddler,
    Kids,
    Adult,
}

impl AgeGroup {
    pub fn as_str(self) -> &'static str {
        match self {
            AgeGroup::Newborn => "newborn",
            AgeGroup::Infant => "infant",
            AgeGroup::Toddler => "toddler",
            AgeGroup::Kids => "kids",
            AgeGroup::Adult => "adult",
        }
    }

    fn parse(text: &str) -> Option<AgeGroup> {
        [AgeGroup::Newborn, AgeGroup::Infant, AgeGroup::Toddler, AgeGroup::Kids, AgeGroup::Adult].into_iter().find(|a| a.as_str() == text)
    }
}

/// One variant as a channel lists it.
#[derive(Clone, Debug)]
pub struct Item {
    /// The variant's SKU, or its own id when it has none.
    pub id: String,
    /// The product's id: a channel groups its variants by it.
    pub group: String,
    pub title: String,
    pub description: String,
    pub in_stock: bool,
    /// What it costs now (the sale price while on sale).
    pub price: Kobo,
    /// On sale: what it cost before.
    pub compare_at: Option<Kobo>,
    /// The product page with this variant's size and colour chosen.
    pub link: String,
    pub image: String,
    pub additional_images: Vec<String>,
    pub brand: String,
    pub gender: Gender,
    pub age_group: AgeGroup,
    pub size: String,
    pub color: String,
}

impl Item {
    /// (price, sale price): the channels' `price` is the regular one, and `sale_price` what it
    /// costs while on sale.
    pub fn prices(&self) -> (Kobo, Option<Kobo>) {
        match self.compare_at {
            Some(before) => (before, Some(self.price)),
            None => (self.price, None),
        }
    }
}

/// A product left out of the feeds because a channel would refuse its items, with why.
#[derive(Serialize, Clone, Debug, PartialEq, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Rejected {
    pub product_id: String,
    pub name: String,
    /// Its variants, all left out.
    pub items: usize,
    /// Each reason, as the merchant reads it ("No picture").
    pub reasons: Vec<String>,
}

/// Why a channel would refuse a product's items; empty when it takes them.
pub fn reasons(product: &crate::catalog::Product) -> Vec<String> {
    let mut reasons = Vec::new();
    if product.images.is_empty() {
        reasons.push("No picture: both channels need one.".to_string());
    }
    if product.price.get() <= 0 {
        reasons.push("No price: a free item is refused.".to_string());
    }
    if product.name.trim().is_empty() {
        reasons.push("No title.".to_string());
    } else if product.name.chars().count() > MAX_TITLE {
        reasons.push(format!("Title longer than {MAX_TITLE} characters (Google's limit)."));
    }
    if product.description.trim().is_empty() {
        reasons.push("Description empty: both channels need one.".to_string());
    } else if product.description.chars().count() > MAX_DESCRIPTION {
        reasons.push(format!("Description longer than {MAX_DESCRIPTION} characters."));
    }
    if product.variants.is_empty() {
        reasons.push("Nothing to sell: the product has no variants.".to_string());
    }
    reasons
}

/// The shop's feed settings: the secret in the addresses, and the shop-wide gender and age group.
#[derive(Clone, Debug)]
pub struct Settings {
    pub token: String,
    pub gender: Gender,
    pub age_group: AgeGroup,
}

fn bad_setting(column: &str) -> rusqlite::Error {
    rusqlite::Error::InvalidColumnType(0, column.to_string(), rusqlite::types::Type::Text)
}

pub fn settings(conn: &Connection) -> rusqlite::Result<Settings> {
    conn.query_row("SELECT token, gender, age_group FROM feed_settings WHERE id = 1", [], |r| {
        Ok(Settings {
            token: r.get(0)?,
            gender: Gender::parse(&r.get::<_, String>(1)?).ok_or_else(|| bad_setting("gender"))?,
            age_group: AgeGroup::parse(&r.get::<_, String>(2)?).ok_or_else(|| bad_setting("age_group"))?,
        })
    })
}

/// The secret in the feeds' addresses (None before the migration that makes it ran).
pub fn token(conn: &Connection) -> rusqlite::Result<Option<String>> {
    conn.query_row("SELECT token FROM feed_settings WHERE id = 1", [], |r| r.get(0)).optional()
}

/// A new secret (128 random bits, hex) in place of the old: the old addresses stop answering.
pub fn rotate(tx: &Connection, now: i64) -> AppResult<String> {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).map_err(AppError::internal)?;
    let token = hex::encode(bytes);
    tx.execute("UPDATE feed_settings SET token = ?1, rotated_at = ?2 WHERE id = 1", params![token, now])?;
    Ok(token)
}

/// One collection's own gender and age group (None: the shop's).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CollectionAudience {
    pub id: String,
    /// Its name (answers only; ignored when sent).
    #[serde(default)]
    pub name: String,
    pub gender: Option<Gender>,
    pub age_group: Option<AgeGroup>,
}

pub fn audiences(conn: &Connection) -> rusqlite::Result<Vec<CollectionAudience>> {
    conn.prepare_cached("SELECT id, name, feed_gender, feed_age_group FROM collections ORDER BY position, id")?
        .query_map([], |r| {
            Ok(CollectionAudience {
                id: r.get(0)?,
                name: r.get(1)?,
                gender: r.get::<_, Option<String>>(2)?.as_deref().and_then(Gender::parse),
                age_group: r.get::<_, Option<String>>(3)?.as_deref().and_then(AgeGroup::parse),
            })
        })?
        .collect()
}

/// Saves the shop-wide gender and age group and each listed collection's own. A collection that
/// does not exist refuses the whole change.
pub fn save_audiences(tx: &Connection, gender: Gender, age_group: AgeGroup, collections: &[CollectionAudience]) -> AppResult<()> {
    tx.execute("UPDATE feed_settings SET gender = ?1, age_group = ?2 WHERE id = 1", params![gender.as_str(), age_group.as_str()])?;
    let mut update = tx.prepare_cached("UPDATE collections SET feed_gender = ?2, feed_age_group = ?3 WHERE id = ?1")?;
    for c in collections {
        if update.execute(params![c.id, c.gender.map(Gender::as_str), c.age_group.map(AgeGroup::as_str)])? == 0 {
            return Err(AppError::Validation(format!("There is no collection \"{}\"; nothing was changed.", c.id)));
        }
    }
    Ok(())
}

/// Both feeds' files, built from one reading of the catalogue.
pub struct Built {
    pub token: String,
    pub meta: Kept,
    pub google: Kept,
    /// Items listed (one per variant).
    pub items: usize,
    pub rejected: Vec<Rejected>,
    pub built_at: SystemTime,
    /// What it was built from: the catalogue's generation and the feeds' own.
    stamp: (u64, u64),
}

/// One kept file, gzipped only, and its validator. Channels' fetchers take gzip; kept plain as well,
/// a 60,000-item catalogue's two files held 75 MB more (bench/feeds.sh), for the rare fetcher that
/// does not, which now has it inflated for it ([`Kept::plain`]).
pub struct Kept {
    pub gzip: Bytes,
    pub etag: String,
    /// The plain file's length, to inflate it into one allocation.
    length: usize,
}

impl Kept {
    fn new(text: String) -> Kept {
        use std::hash::Hasher;
        let mut hasher = std::hash::DefaultHasher::new();
        hasher.write(text.as_bytes());
        let etag = format!("\"{:016x}{:x}\"", hasher.finish(), text.len());
        // Compressed once per change: a 10,000-product feed is tens of megabytes.
        Kept { gzip: crate::compress::gzip(text.as_bytes(), 6), etag, length: text.len() }
    }

    /// The file as written, inflated from the kept gzip (tens of milliseconds of CPU for a
    /// 10,000-product catalogue: call it off the async threads).
    pub fn plain(&self) -> AppResult<Bytes> {
        let mut text = Vec::with_capacity(self.length);
        std::io::Read::read_to_end(&mut flate2::read::GzDecoder::new(&self.gzip[..]), &mut text).map_err(AppError::internal)?;
        Ok(Bytes::from(text))
    }
}

/// Reads the catalogue and writes both feeds. `public_url` makes the links absolute.
pub fn build(conn: &Connection, public_url: &str) -> AppResult<(String, Vec<Item>, Vec<Rejected>)> {
    let settings = settings(conn)?;
    let brand = crate::brand::published_view(conn)?.identity.name;
    let audience: std::collections::HashMap<String, CollectionAudience> = audiences(conn)?.into_iter().map(|a| (a.id.clone(), a)).collect();
    let absolute = |path: &str| format!("{public_url}{path}");
    let (mut items, mut rejected) = (Vec::new(), Vec::new());
    for product in crate::catalog::products_on_show(conn)? {
        let why = reasons(&product);
        if !why.is_empty() {
            rejected.push(Rejected {
                product_id: product.id.to_string(),
                name: product.name.clone(),
                items: product.variants.len(),
                reasons: why,
            });
            continue;
        }
        let own = audience.get(&product.collection_id);
        let gender = own.and_then(|a| a.gender).unwrap_or(settings.gender);
        let age_group = own.and_then(|a| a.age_group).unwrap_or(settings.age_group);
        for variant in &product.variants {
            let (size, color) = (variant.size.clone().unwrap_or_default(), variant.color.clone().unwrap_or_default());
            // A colour's own pictures first, as the product page shows them once it is chosen.
            let pictures =
                product.color_images.iter().find(|c| !color.is_empty() && c.color == color).map_or(&product.images, |c| &c.images);
            let mut pictures = pictures.iter().map(|p| absolute(p.largest_url()));
            let Some(image) = pictures.next() else { continue };
            items.push(Item {
                id: variant.sku.clone().unwrap_or_else(|| variant.id.to_string()),
                group: product.id.to_string(),
                title: product.name.clone(),
                description: product.description.clone(),
                in_stock: variant.available > 0,
                price: product.price,
                compare_at: product.compare_at_price,
                link: crate::alerts::product_link(public_url, product.id.as_str(), &size, &color),
                image,
                additional_images: pictures.collect(),
                brand: brand.clone(),
                gender,
                age_group,
                size,
                color,
            });
        }
    }
    Ok((brand, items, rejected))
}

/// The kept feeds, and the secret their addresses carry. A fetch compares the secret with the one
/// held here (no database), and answers the kept files while neither the catalogue (its
/// generation, bumped by the catalogue's door on every change shoppers see) nor the feeds' own
/// settings changed; otherwise one fetch rebuilds while the others wait for it.
#[derive(Default)]
pub struct Feeds {
    /// The secret, with the catalogue generation it was read at: read again after a change, so a
    /// standby that took over (its database replaced underneath) never answers an old one.
    token: RwLock<Option<(u64, String)>>,
    kept: RwLock<Option<Arc<Built>>>,
    building: tokio::sync::Mutex<()>,
    /// Bumped when what the feeds show changes outside the catalogue: the secret, the audience
    /// settings, the shop's name.
    changes: AtomicU64,
}

impl Feeds {
    /// Something the feeds show changed outside the catalogue's door (the shop's published name,
    /// the feed settings): the next fetch rebuilds.
    pub fn changed(&self) {
        self.changes.fetch_add(1, Ordering::SeqCst);
        *self.token.write().unwrap() = None;
    }

    /// Whether `sent` is the feeds' secret, read from memory (and from the database once per
    /// catalogue change): a wrong guess costs a comparison.
    pub async fn knows(&self, db: &crate::db::Db, generation: u64, sent: &str) -> AppResult<bool> {
        let held = self.token.read().unwrap().clone();
        let token = match held {
            Some((read_at, token)) if read_at == generation => token,
            _ => {
                let changes = self.changes.load(Ordering::SeqCst);
                let Some(token) = db.read(|c| Ok(token(c)?)).await? else { return Ok(false) };
                let mut held = self.token.write().unwrap();
                if self.changes.load(Ordering::SeqCst) == changes {
                    *held = Some((generation, token.clone()));
                }
                token
            }
        };
        Ok(subtle::ConstantTimeEq::ct_eq(token.as_bytes(), sent.as_bytes()).into())
    }

    /// The feeds as the catalogue is now: the kept ones, or built again (once, however many ask).
    pub async fn current(&self, db: &crate::db::Db, cache: &crate::cache::JsonCache, public_url: &str) -> AppResult<Arc<Built>> {
        let stamp = || (cache.generation(), self.changes.load(Ordering::SeqCst));
        if let Some(kept) = self.kept.read().unwrap().as_ref().filter(|k| k.stamp == stamp()) {
            return Ok(kept.clone());
        }
        let _building = self.building.lock().await;
        // Read before the catalogue is: a change during the build leaves it stale, rebuilt next time.
        let at = stamp();
        if let Some(kept) = self.kept.read().unwrap().as_ref().filter(|k| k.stamp == at) {
            return Ok(kept.clone());
        }
        let public_url = public_url.to_string();
        let built = db
            .read(move |c| {
                let token = token(c)?.ok_or_else(|| AppError::internal("no feed settings"))?;
                let (brand, items, rejected) = build(c, &public_url)?;
                let meta = Kept::new(format::meta_csv(&items));
                let google = Kept::new(format::google_xml(&brand, &format!("{public_url}/"), &items));
                // Whole seconds, as Last-Modified and If-Modified-Since carry it.
                let seconds = SystemTime::now().duration_since(SystemTime::UNIX_EPOCH).map_or(0, |d| d.as_secs());
                let built_at = SystemTime::UNIX_EPOCH + std::time::Duration::from_secs(seconds);
                Ok(Built { token, meta, google, items: items.len(), rejected, built_at, stamp: at })
            })
            .await?;
        let built = Arc::new(built);
        *self.kept.write().unwrap() = Some(built.clone());
        Ok(built)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_product_without_picture_price_or_description_is_refused_with_each_reason() {
        let mut product = crate::catalog::Product {
            id: "p1".into(),
            name: "A".repeat(MAX_TITLE + 1),
            description: " ".into(),
            price: Kobo::ZERO,
            compare_at_price: None,
            images: Vec::new(),
            featured: false,
            rating: 0.0,
            review_count: 0,
            collection_id: "suits".into(),
            category: None,
            sizes: Vec::new(),
            colors: Vec::new(),
            created_at: 0,
            variants: Vec::new(),
            color_images: Vec::new(),
            runs_small: false,
            prices_abroad: Vec::new(),
        };
        let why = reasons(&product);
        assert_eq!(why.len(), 5, "{why:?}");
        assert!(why[0].starts_with("No picture") && why[1].starts_with("No price") && why[2].starts_with("Title longer than 150"));
        assert!(why[3].starts_with("Description empty") && why[4].starts_with("Nothing to sell"));
        product.name = "A".repeat(MAX_TITLE);
        assert!(!reasons(&product).iter().any(|r| r.starts_with("Title")), "150 characters is within the limit");
    }
}
