//! The merchant's writes to collections and releases: add, rename and re-picture a collection,
//! its size guide, a new release; and finding a collection by its name.

use std::path::Path;

use rusqlite::{Connection, OptionalExtension, params};

use super::write::collection_slug;
use super::{Collection, Release, SizeGuide};
use crate::error::{AppError, AppResult};
use crate::ids::UserId;
use crate::money::Kobo;

fn name_taken() -> AppError {
    AppError::Conflict("A collection with this name already exists.".into())
}

fn collection_not_found() -> AppError {
    AppError::NotFound("Collection not found".into())
}

/// A new collection, under a readable, unused id made from its name ("Agbada & Kaftans" ->
/// "agbada-kaftans"). Answers the id.
pub fn add(tx: &Connection, name: &str, description: &str, image_key: &str, now: i64) -> AppResult<String> {
    let id = collection_slug(tx, name)?;
    tx.execute(
        "INSERT INTO collections (id, name, description, image_key, created_at, updated_at) VALUES (?1, ?2, ?3, ?4, ?5, ?5)",
        params![id, name, description, image_key, now],
    )
    .map_err(|e| if crate::db::is_unique_violation(&e) { name_taken() } else { e.into() })?;
    Ok(id)
}

/// Renames a collection and rewrites its description; a new picture replaces the old one, whose
/// file goes when nothing else uses it.
pub fn edit(
    tx: &Connection,
    media_root: &Path,
    id: &str,
    (name, description): (&str, &str),
    image_key: Option<&String>,
    now: i64,
) -> AppResult<()> {
    let old: Option<Option<String>> = tx.query_row("SELECT image_key FROM collections WHERE id = ?1", [id], |r| r.get(0)).optional()?;
    let Some(old) = old else { return Err(collection_not_found()) };
    tx.execute(
        "UPDATE collections SET name = ?2, description = ?3, image_key = COALESCE(?4, image_key), updated_at = ?5 WHERE id = ?1",
        params![id, name, description, image_key, now],
    )
    .map_err(|e| if crate::db::is_unique_violation(&e) { name_taken() } else { e.into() })?;
    if let (Some(old), Some(new)) = (old, image_key)
        && old != *new
    {
        crate::media::release_if_unused(tx, media_root, &old)?;
    }
    Ok(())
}

/// Sets (or, with `None`, removes) a collection's size guide.
pub fn set_size_guide(tx: &Connection, id: &str, guide: Option<&SizeGuide>) -> AppResult<()> {
    // updated_at stays: it tells the search index when to re-read names, and the guide is not searched.
    let json = guide.map(|g| g.to_json());
    if tx.execute("UPDATE collections SET size_guide = ?2 WHERE id = ?1", params![id, json])? == 0 {
        return Err(collection_not_found());
    }
    Ok(())
}

/// The collection with this name (any case).
pub fn by_name(conn: &Connection, name: &str) -> AppResult<Option<Collection>> {
    let id: Option<String> = conn.query_row("SELECT id FROM collections WHERE name = ?1", [name], |r| r.get(0)).optional()?;
    match id {
        Some(id) => Ok(super::get_collection(conn, &id)?),
        None => Ok(None),
    }
}

/// A new release, checked: its product must be in its collection.
pub struct NewRelease {
    pub name: String,
    pub description: String,
    pub price: Kobo,
    pub collection_id: String,
    pub product_id: String,
    pub image_key: String,
    pub featured: bool,
}

/// Adds a release pointing at an existing product of its collection. Answers it.
pub fn add_release(tx: &Connection, new: &NewRelease, by: &UserId, now: i64) -> AppResult<Option<Release>> {
    let product_collection: Option<String> =
        tx.query_row("SELECT collection_id FROM products WHERE id = ?1", [&new.product_id], |r| r.get(0)).optional()?;
    match product_collection {
        None => return Err(AppError::Validation("The release must point at an existing product.".into())),
        Some(c) if c != new.collection_id => {
            return Err(AppError::Validation("The product is not in the chosen collection.".into()));
        }
        Some(_) => {}
    }
    let id = crate::util::new_id();
    tx.execute(
        "INSERT INTO releases (id, name, description, price_kobo, collection_id, product_id, image_key, featured, created_by, created_at)
         VALUES (:id, :name, :description, :price, :collection, :product, :image, :featured, :by, :now)",
        rusqlite::named_params! {
            ":id": id,
            ":name": new.name,
            ":description": new.description,
            ":price": new.price,
            ":collection": new.collection_id,
            ":product": new.product_id,
            ":image": new.image_key,
            ":featured": new.featured,
            ":by": by,
            ":now": now,
        },
    )?;
    Ok(super::list_releases(tx)?.into_iter().find(|r| r.id == id))
}
