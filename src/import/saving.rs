//! An import's second half, once its plan checked out: the new pictures fetched and stored,
//! then the plan written in one transaction (or the pictures' files removed when it fails).

use std::collections::HashMap;

use rusqlite::{Connection, Transaction, params};

use super::*;

/// Fetches, reads and re-encodes the plan's new pictures, at most [`pictures::CONCURRENT_FETCHES`]
/// at a time, writing their files (not yet recorded: [`apply`] records them in its transaction,
/// [`discard`] removes them when it fails). A picture that cannot be had refuses the import.
pub async fn prepare_pictures(
    plan: &Plan,
    files: &pictures::Files,
    fetcher: &pictures::Fetcher,
    decode: Decode<'_>,
    media_root: &std::path::Path,
    progress: &dyn Progress,
) -> Result<HashMap<String, Written>, (Vec<Written>, ImportRefused)> {
    use futures_util::StreamExt;
    let wanted = plan.new_pictures();
    progress.phase("Pictures", wanted.len() as u64);
    let jobs = wanted.into_iter().map(|(line, picture)| async move {
        let bytes = match &picture {
            Picture::Url(url) => fetcher.fetch(url).await,
            Picture::File { name, .. } => files.read(name).and_then(|b| b.ok_or_else(|| format!("The picture {name} is gone."))),
            Picture::Known(_) => unreachable!("known pictures are not fetched"),
        };
        let processed = match bytes {
            Ok(bytes) => decode(bytes).await.map_err(|e| format!("{}: {e}", describe(&picture))),
            Err(message) => Err(message),
        };
        let written = processed.and_then(|p| {
            crate::media::write_files(media_root, "products", &p).map_err(|e| format!("{}: could not be stored ({e})", describe(&picture)))
        });
        progress.advance(1);
        (line, picture, written)
    });
    let results: Vec<_> = futures_util::stream::iter(jobs).buffer_unordered(pictures::CONCURRENT_FETCHES).collect().await;
    let (mut done, mut written, mut errors) = (HashMap::new(), Vec::new(), Vec::new());
    for (line, picture, result) in results {
        match result {
            Ok(w) => {
                written.push(w.clone());
                done.insert(picture.source().expect("new pictures have a source"), w);
            }
            Err(message) => errors.push(RowError { line, message }),
        }
    }
    if !errors.is_empty() {
        errors.sort_by_key(|e| e.line);
        return Err((written, ImportRefused::rows(errors)));
    }
    Ok(done)
}

fn describe(picture: &Picture) -> String {
    match picture {
        Picture::Url(url) => url.clone(),
        Picture::File { name, .. } => name.clone(),
        Picture::Known(key) => key.clone(),
    }
}

/// Removes picture files an import wrote whose transaction never committed.
pub fn discard(conn: &Connection, media_root: &std::path::Path, written: &[Written]) -> AppResult<()> {
    for w in written {
        w.discard_unless_recorded(conn, media_root);
    }
    Ok(())
}

/// Writes a checked plan in the caller's transaction: new pictures recorded, collections created,
/// products created or updated. Returns what changed, for the catalogue's door.
#[tracing::instrument(name = "import", skip_all, fields(products = plan.len()))]
pub fn apply(tx: &Transaction, plan: &Plan, pictures: &HashMap<String, Written>, media_root: &std::path::Path) -> AppResult<Changes> {
    let now = crate::db::now_ms();
    let key_of = |picture: &Picture| -> AppResult<String> {
        match picture {
            Picture::Known(key) => Ok(key.clone()),
            other => {
                let source = other.source().expect("new pictures have a source");
                pictures.get(&source).map(|w| w.key.clone()).ok_or_else(|| AppError::internal(format!("{source} was not prepared")))
            }
        }
    };
    for (source, written) in pictures {
        written.record(tx)?;
        tx.execute(
            "INSERT INTO imported_pictures (source, media_key) VALUES (?1, ?2) ON CONFLICT (source) DO UPDATE SET media_key = excluded.media_key",
            params![source, written.key],
        )?;
    }
    let mut changes = Changes::none();
    let mut created_collections: HashMap<String, String> = HashMap::new();
    for name in &plan.new_collections {
        // A new collection shows its first product's first picture until the merchant sets one.
        let image = plan
            .items
            .iter()
            .find(|i| i.collection == CollectionTarget::New(name.clone()))
            .and_then(|i| i.pictures.first())
            .map(key_of)
            .transpose()?;
        let id = collection_slug(tx, name)?;
        tx.execute(
            "INSERT INTO collections (id, name, description, image_key, created_at, updated_at) VALUES (?1, ?2, '', ?3, ?4, ?4)",
            params![id, name, image, now],
        )?;
        changes = changes.and(Changes::collection(&id));
        created_collections.insert(name.clone(), id);
    }
    for item in plan.items.iter().filter(|i| i.action != ImportAction::Unchanged) {
        let collection_id = match &item.collection {
            CollectionTarget::Existing(id) => id.clone(),
            CollectionTarget::New(name) => created_collections[name].clone(),
        };
        let image_keys: Vec<String> = item.pictures.iter().map(key_of).collect::<AppResult<_>>()?;
        let d = &item.draft;
        let id = match &item.existing {
            None => {
                let id = ProductId::from(crate::util::new_id());
                let mut new = NewProduct::new(&collection_id, &d.name, &d.description, d.price);
                new.compare_at = d.compare_at;
                new.category = d.category.clone();
                new.featured = d.featured.unwrap_or(false);
                new.image_keys = image_keys;
                new.variants = item.variants.clone();
                new.handle = Some(d.handle.clone());
                insert_product(tx, &id, &new, now)?;
                id
            }
            Some(id) => {
                tx.execute(
                    "UPDATE products SET name = :name, description = :description, collection_id = :collection, category = :category,
                            price_kobo = :price, compare_at_kobo = :compare_at, featured = COALESCE(:featured, featured),
                            handle = COALESCE(handle, :handle), updated_at = :now
                     WHERE id = :id",
                    rusqlite::named_params! {
                        ":id": id, ":name": d.name, ":description": d.description, ":collection": collection_id,
                        ":category": d.category, ":price": d.price, ":compare_at": d.compare_at, ":featured": d.featured,
                        ":handle": d.handle, ":now": now,
                    },
                )?;
                let mut released = crate::stock::replace_variants(tx, id, &item.variants)?;
                if !image_keys.is_empty() {
                    released.extend(replace_pictures(tx, id, &image_keys)?);
                }
                for key in released {
                    crate::media::release_if_unused(tx, media_root, &key)?;
                }
                id.clone()
            }
        };
        if !item.color_pictures.is_empty() {
            let old: Vec<String> = tx
                .prepare_cached("DELETE FROM color_images WHERE product_id = ?1 RETURNING media_key")?
                .query_map([&id], |r| r.get(0))?
                .collect::<Result<_, _>>()?;
            let mut positions: HashMap<&str, i64> = HashMap::new();
            let mut add =
                tx.prepare_cached("INSERT OR IGNORE INTO color_images (product_id, color, position, media_key) VALUES (?1, ?2, ?3, ?4)")?;
            for (color, picture) in &item.color_pictures {
                let position = positions.entry(color.as_str()).or_insert(0);
                add.execute(params![id, color, *position, key_of(picture)?])?;
                *position += 1;
            }
            for key in old {
                crate::media::release_if_unused(tx, media_root, &key)?;
            }
        }
        changes = changes.and(Changes::product(&id));
    }
    // A running shop (when the merchant's command imported) notices this and refreshes its index.
    tx.execute(
        "INSERT INTO settings (key, value) VALUES ('products_imported_at', ?1) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
        [crate::util::random_id(12)],
    )?;
    Ok(changes)
}

/// Replaces a product's gallery; returns the keys no longer in it, for the caller to release.
fn replace_pictures(tx: &Connection, id: &ProductId, keys: &[String]) -> rusqlite::Result<Vec<String>> {
    let old: Vec<String> = tx
        .prepare_cached("DELETE FROM product_images WHERE product_id = ?1 RETURNING media_key")?
        .query_map([id], |r| r.get(0))?
        .collect::<Result<_, _>>()?;
    let mut add = tx.prepare_cached("INSERT INTO product_images (product_id, position, media_key) VALUES (?1, ?2, ?3)")?;
    for (position, key) in keys.iter().enumerate() {
        add.execute(params![id, position as i64, key])?;
    }
    Ok(old.into_iter().filter(|k| !keys.contains(k)).collect())
}

/// The mark of the last product import, if any.
pub fn last_import(conn: &Connection) -> rusqlite::Result<Option<String>> {
    conn.query_row("SELECT value FROM settings WHERE key = 'products_imported_at'", [], |r| r.get(0)).optional()
}
