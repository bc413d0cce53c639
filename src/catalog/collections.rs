//! The merchant's writes to collections and releases: add, rename and re-picture a collection,
//! its size guide, its place in the menus (order, hidden), deleting it (or moving what it holds
//! first), a new release; and finding a collection by its name.

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
        // Last in the menus.
        "INSERT INTO collections (id, name, description, image_key, position, created_at, updated_at)
         VALUES (?1, ?2, ?3, ?4, (SELECT COALESCE(MAX(position), -1) + 1 FROM collections), ?5, ?5)",
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

/// Puts the collections in the menus in this order: every collection named exactly once.
pub fn reorder(tx: &Connection, ids: &[String], now: i64) -> AppResult<()> {
    let known: i64 = tx.query_row("SELECT COUNT(*) FROM collections", [], |r| r.get(0))?;
    let distinct: std::collections::HashSet<&String> = ids.iter().collect();
    if distinct.len() != ids.len() || ids.len() as i64 != known {
        return Err(AppError::Validation("List every collection exactly once to reorder them.".into()));
    }
    let mut place = tx.prepare_cached("UPDATE collections SET position = ?2, updated_at = ?3 WHERE id = ?1")?;
    for (position, id) in ids.iter().enumerate() {
        if place.execute(params![id, position as i64, now])? == 0 {
            return Err(AppError::Validation(format!("There is no collection \"{id}\" to reorder.")));
        }
    }
    Ok(())
}

/// Shows a collection in the menus and the home page's collections, or hides it from them.
pub fn set_hidden(tx: &Connection, id: &str, hidden: bool, now: i64) -> AppResult<()> {
    if tx.execute("UPDATE collections SET hidden = ?2, updated_at = ?3 WHERE id = ?1", params![id, hidden, now])? == 0 {
        return Err(collection_not_found());
    }
    Ok(())
}

/// What still points at a collection: its products, releases and discount codes.
#[derive(Debug, Default, PartialEq)]
pub struct Holdings {
    pub products: i64,
    pub releases: i64,
    pub discounts: i64,
}

fn count(n: i64, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

impl Holdings {
    fn of(conn: &Connection, id: &str) -> AppResult<Holdings> {
        let products = conn.query_row("SELECT COUNT(*) FROM products WHERE collection_id = ?1", [id], |r| r.get(0))?;
        let releases = conn.query_row("SELECT COUNT(*) FROM releases WHERE collection_id = ?1", [id], |r| r.get(0))?;
        let discounts = conn.query_row(
            "SELECT COUNT(*) FROM discount_codes d WHERE EXISTS (SELECT 1 FROM json_each(d.collections) j WHERE j.value = ?1)",
            [id],
            |r| r.get(0),
        )?;
        Ok(Holdings { products, releases, discounts })
    }

    fn is_empty(&self) -> bool {
        *self == Holdings::default()
    }

    /// "3 products, 1 release and 2 discount codes" (what is not there left out).
    fn describe(&self) -> String {
        let parts: Vec<String> = [
            (self.products, "product", "products"),
            (self.releases, "release", "releases"),
            (self.discounts, "discount code", "discount codes"),
        ]
        .into_iter()
        .filter(|(n, ..)| *n > 0)
        .map(|(n, one, many)| count(n, one, many))
        .collect();
        match parts.as_slice() {
            [] => String::new(),
            [one] => one.clone(),
            [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
        }
    }
}

/// Deletes a collection. While anything points at it, it is refused with the count, unless
/// `move_to` names another collection: then its products, releases and discount codes move there
/// first, in the same transaction. Answers the name of the deleted collection.
pub fn delete(tx: &Connection, media_root: &Path, id: &str, move_to: Option<&str>) -> AppResult<String> {
    let Some((name, image_key)) = tx
        .query_row("SELECT name, image_key FROM collections WHERE id = ?1", [id], |r| {
            Ok((r.get::<_, String>(0)?, r.get::<_, Option<String>>(1)?))
        })
        .optional()?
    else {
        return Err(collection_not_found());
    };
    let holdings = Holdings::of(tx, id)?;
    match move_to {
        Some(target) if target == id => {
            return Err(AppError::Validation("Choose another collection to move its products to.".into()));
        }
        Some(target) => {
            let exists: bool = tx.query_row("SELECT EXISTS(SELECT 1 FROM collections WHERE id = ?1)", [target], |r| r.get(0))?;
            if !exists {
                return Err(AppError::Validation("The collection to move the products to does not exist.".into()));
            }
            tx.execute("UPDATE products SET collection_id = ?2 WHERE collection_id = ?1", params![id, target])?;
            tx.execute("UPDATE releases SET collection_id = ?2 WHERE collection_id = ?1", params![id, target])?;
            // A code limited to both keeps the target once.
            tx.execute(
                "UPDATE discount_codes SET collections = (
                     SELECT json_group_array(value) FROM (
                         SELECT DISTINCT CASE WHEN j.value = ?1 THEN ?2 ELSE j.value END AS value FROM json_each(discount_codes.collections) j))
                 WHERE EXISTS (SELECT 1 FROM json_each(discount_codes.collections) j WHERE j.value = ?1)",
                params![id, target],
            )?;
        }
        None if !holdings.is_empty() => {
            return Err(AppError::Conflict(format!(
                "{name} still holds {}. Move them to another collection first, or choose one to move them to as you delete it.",
                holdings.describe()
            )));
        }
        None => {}
    }
    tx.execute("DELETE FROM collections WHERE id = ?1", [id])?;
    if let Some(key) = image_key {
        crate::media::release_if_unused(tx, media_root, &key)?;
    }
    Ok(name)
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
