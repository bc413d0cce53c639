//! Numbered SQL migrations, embedded in the binary and applied in order at start.
//! `PRAGMA user_version` records the last one applied.

use rusqlite::Connection;

const MIGRATIONS: &[(i64, &str)] = &[
    (1, include_str!("../../migrations/0001_init.sql")),
    (2, include_str!("../../migrations/0002_payments.sql")),
    (3, include_str!("../../migrations/0003_status_checks.sql")),
    (4, include_str!("../../migrations/0004_order_numbers.sql")),
    (5, include_str!("../../migrations/0005_variants.sql")),
    (6, include_str!("../../migrations/0006_delivery_discounts.sql")),
    (7, include_str!("../../migrations/0007_refunds_reviews.sql")),
    (8, include_str!("../../migrations/0008_holds_settings.sql")),
    (9, include_str!("../../migrations/0009_nigerian_checkout.sql")),
    (10, include_str!("../../migrations/0010_filters_sale_prices.sql")),
    (11, include_str!("../../migrations/0011_search_synonyms.sql")),
    (12, include_str!("../../migrations/0012_selling_from_chats.sql")),
    (13, include_str!("../../migrations/0013_mail_outbox_alerts.sql")),
    (14, include_str!("../../migrations/0014_product_import.sql")),
    (15, include_str!("../../migrations/0015_customer_identity.sql")),
    (16, include_str!("../../migrations/0016_people.sql")),
    (17, include_str!("../../migrations/0017_webp_pictures.sql")),
    (18, include_str!("../../migrations/0018_brand.sql")),
    (19, include_str!("../../migrations/0019_shelves_pages.sql")),
    (20, include_str!("../../migrations/0020_home_sections.sql")),
    (21, include_str!("../../migrations/0021_feeds.sql")),
    (22, include_str!("../../migrations/0022_riders.sql")),
    (23, include_str!("../../migrations/0023_messages.sql")),
    (24, include_str!("../../migrations/0024_couriers.sql")),
    (25, include_str!("../../migrations/0025_riders_links_photos.sql")),
    (26, include_str!("../../migrations/0026_store_credit.sql")),
    (27, include_str!("../../migrations/0027_returns.sql")),
    (28, include_str!("../../migrations/0028_gift_cards.sql")),
    (29, include_str!("../../migrations/0029_counter.sql")),
    (30, include_str!("../../migrations/0030_counter_gift_cards.sql")),
    (31, include_str!("../../migrations/0031_prices_abroad.sql")),
];

pub const LATEST_VERSION: i64 = MIGRATIONS[MIGRATIONS.len() - 1].0;

/// The schema version a database is at (0 when new).
pub fn version(conn: &Connection) -> rusqlite::Result<i64> {
    conn.query_row("PRAGMA user_version", [], |r| r.get(0))
}

pub fn apply(conn: &mut Connection) -> rusqlite::Result<()> {
    apply_up_to(conn, LATEST_VERSION)
}

/// One entry of `sqlite_schema`: what a database is made of.
#[derive(Debug, Clone, PartialEq)]
pub struct SchemaObject {
    /// table, index, trigger or view.
    pub kind: String,
    pub name: String,
    pub table: String,
    /// The statement that made it, with runs of whitespace made one space (None for the indexes
    /// SQLite makes itself for UNIQUE and PRIMARY KEY).
    pub sql: Option<String>,
}

/// What a database holds, SQLite's own tables (statistics, AUTOINCREMENT counters) left out.
pub fn schema_of(conn: &Connection) -> rusqlite::Result<Vec<SchemaObject>> {
    let mut stmt = conn.prepare("SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name")?;
    let objects = stmt.query_map([], |r| {
        Ok(SchemaObject {
            kind: r.get(0)?,
            name: r.get(1)?,
            table: r.get(2)?,
            sql: r.get::<_, Option<String>>(3)?.map(|sql| sql.split_whitespace().collect::<Vec<_>>().join(" ")),
        })
    })?;
    let internal = |o: &SchemaObject| o.kind == "table" && ["sqlite_sequence", "sqlite_stat1", "sqlite_stat4"].contains(&o.name.as_str());
    objects.filter(|o| !o.as_ref().is_ok_and(internal)).collect()
}

/// The schema this binary creates at `version`: its migrations up to it, applied to an empty
/// database in memory. A restore accepts a backup only when it is exactly this.
pub fn expected_schema(version: i64) -> rusqlite::Result<Vec<SchemaObject>> {
    let mut conn = Connection::open_in_memory()?;
    migrate(&mut conn, version, false)?;
    schema_of(&conn)
}

/// Applies the migrations after the database's version, up to and including `target`.
fn apply_up_to(conn: &mut Connection, target: i64) -> rusqlite::Result<()> {
    migrate(conn, target, true)
}

/// [`apply_up_to`] for other modules' tests (which check what a migration did to earlier rows).
#[cfg(test)]
pub(crate) fn apply_up_to_for_tests(conn: &mut Connection, target: i64) {
    apply_up_to(conn, target).expect("migrations apply");
}

/// [`apply_up_to`], saying so in the log for a real database (`announce`).
fn migrate(conn: &mut Connection, target: i64, announce: bool) -> rusqlite::Result<()> {
    let current: i64 = conn.query_row("PRAGMA user_version", [], |r| r.get(0))?;
    if current > LATEST_VERSION {
        return Err(rusqlite::Error::SqliteFailure(
            rusqlite::ffi::Error::new(rusqlite::ffi::SQLITE_MISMATCH),
            Some(format!(
                "the database is from a newer version of Ankara (schema {current}, this binary knows up to {LATEST_VERSION}); run the newer binary"
            )),
        ));
    }
    migrate_with(conn, MIGRATIONS, current, target, announce)
}

/// Applies `migrations` after `current` up to `target` in one transaction: an upgrade that fails
/// at any step leaves the database exactly as it was (at `current`), never half-upgraded.
fn migrate_with(conn: &mut Connection, migrations: &[(i64, &str)], current: i64, target: i64, announce: bool) -> rusqlite::Result<()> {
    // A migration may rebuild a table (SQLite's way to change a column), which needs foreign keys
    // off: they cannot change inside a transaction, so they go off around it, and every reference
    // is checked before each migration is counted done.
    conn.pragma_update(None, "foreign_keys", false)?;
    register_functions(conn)?;
    let result = (|| {
        let tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
        let mut applied = Vec::new();
        for (version, sql) in migrations.iter().filter(|(v, _)| *v > current && *v <= target) {
            tx.execute_batch(sql).map_err(|e| failed_at(*version, e))?;
            let broken: i64 = tx.query_row("SELECT COUNT(*) FROM pragma_foreign_key_check", [], |r| r.get(0))?;
            if broken > 0 {
                return Err(rusqlite::Error::SqliteFailure(
                    rusqlite::ffi::Error::new(rusqlite::ffi::SQLITE_CONSTRAINT_FOREIGNKEY),
                    Some(format!("migration {version} would leave {broken} broken references; nothing was changed")),
                ));
            }
            tx.pragma_update(None, "user_version", version)?;
            applied.push(*version);
        }
        tx.commit()?;
        if announce && let Some(last) = applied.last() {
            tracing::info!(schema = last, "database migrated");
        }
        Ok(())
    })();
    conn.pragma_update(None, "foreign_keys", true)?;
    result
}

/// A migration's own failure, naming it (the database is left as it was).
fn failed_at(version: i64, e: rusqlite::Error) -> rusqlite::Error {
    match e {
        rusqlite::Error::SqliteFailure(code, message) => rusqlite::Error::SqliteFailure(
            code,
            Some(format!("migration {version} failed ({}); nothing was changed", message.unwrap_or_else(|| code.to_string()))),
        ),
        other => other,
    }
}

/// SQL functions the migrations may call, so a migration that rewrites stored values uses the
/// shop's own rules rather than a second copy of them in SQL: `ankara_phone(text)`, a phone
/// number as the shop stores it (`phone::normalise`, E.164), or the text as it was when it cannot
/// be read as one.
fn register_functions(conn: &Connection) -> rusqlite::Result<()> {
    use rusqlite::functions::FunctionFlags;
    conn.create_scalar_function("ankara_phone", 1, FunctionFlags::SQLITE_UTF8 | FunctionFlags::SQLITE_DETERMINISTIC, |ctx| {
        let text: Option<String> = ctx.get(0)?;
        Ok(text.map(|t| crate::phone::normalised_or_kept(&t)))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An upgrade whose second step fails leaves the database as it was before the first.
    #[test]
    fn a_failed_upgrade_changes_nothing() {
        let mut conn = Connection::open_in_memory().unwrap();
        let steps: &[(i64, &str)] = &[(1, "CREATE TABLE first (x)"), (2, "CREATE TABLE second (y); INSERT INTO missing VALUES (1);")];
        let error = migrate_with(&mut conn, steps, 0, 2, false).unwrap_err().to_string();
        assert!(error.contains("migration 2 failed"), "{error}");
        assert_eq!(version(&conn).unwrap(), 0);
        let tables: i64 = conn.query_row("SELECT COUNT(*) FROM sqlite_master WHERE type = 'table'", [], |r| r.get(0)).unwrap();
        assert_eq!(tables, 0, "the first step was rolled back with the second");
    }

    #[test]
    fn the_status_checks_keep_every_row_and_refuse_unknown_statuses() {
        let mut conn = Connection::open_in_memory().unwrap();
        conn.pragma_update(None, "foreign_keys", true).unwrap();
        apply_up_to(&mut conn, 2).unwrap();
        conn.execute_batch(
            "INSERT INTO users (id, email, display_name, password_hash, created_at) VALUES ('u1', 'a@example.com', 'A', 'x', 0);
             INSERT INTO payments (reference, user_id, amount_kobo, status, customer_name, customer_email, customer_phone,
                                   delivery_address, items, created_at, updated_at)
                  VALUES ('ANK-1', 'u1', 5000, 'completed', 'A', 'a@example.com', '0803', '{}', '[]', 1, 2);
             INSERT INTO orders (id, user_id, payment_reference, status, customer_name, customer_email, customer_phone, total_kobo,
                                 street, city, state, country, postal_code, created_at, updated_at)
                  VALUES ('o1', 'u1', 'ANK-1', 'shipped', 'A', 'a@example.com', '0803', 5000, 's', 'c', 'Lagos', 'NG', '1', 1, 2);
             INSERT INTO order_items (order_id, position, name, price_kobo, quantity) VALUES ('o1', 0, 'Shoe', 5000, 1);",
        )
        .unwrap();
        apply(&mut conn).unwrap();
        let kept: (String, String, i64) = conn
            .query_row(
                "SELECT p.status, o.status, (SELECT COUNT(*) FROM order_items WHERE order_id = o.id)
                 FROM orders o JOIN payments p ON p.reference = o.payment_reference",
                [],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
            )
            .unwrap();
        assert_eq!(kept, ("completed".into(), "shipped".into(), 1));
        let number: String = conn.query_row("SELECT number FROM orders WHERE id = 'o1'", [], |r| r.get(0)).unwrap();
        assert!(crate::orders::is_order_number(&number), "an existing order gets a readable number: {number}");
        assert!(conn.execute("UPDATE orders SET status = 'lost' WHERE id = 'o1'", []).is_err());
        assert!(conn.execute("UPDATE payments SET status = 'maybe' WHERE reference = 'ANK-1'", []).is_err());
        let on: bool = conn.query_row("PRAGMA foreign_keys", [], |r| r.get(0)).unwrap();
        assert!(on, "foreign keys are back on after migrating");
        assert!(conn.execute("DELETE FROM users WHERE id = 'u1'", []).is_err(), "and still enforced");
    }

    #[test]
    fn phones_stored_before_are_normalised_where_they_can_be_and_kept_where_not() {
        let mut conn = Connection::open_in_memory().unwrap();
        apply_up_to(&mut conn, 14).unwrap();
        conn.execute_batch(
            "INSERT INTO users (id, email, display_name, phone, password_hash, created_at) VALUES
                 ('u1', 'a@example.com', 'A', '0803 123 4567', 'x', 0), ('u2', 'b@example.com', 'B', 'call me', 'x', 0),
                 ('u3', 'c@example.com', 'C', NULL, 'x', 0);
             INSERT INTO payments (reference, user_id, amount_kobo, status, customer_name, customer_email, customer_phone,
                                   delivery_address, items, created_at, updated_at)
                  VALUES ('ANK-1', 'u1', 5000, 'completed', 'A', 'a@example.com', '+234 805 222 3344', '{}', '[]', 1, 2);
             INSERT INTO orders (id, user_id, payment_reference, status, customer_name, customer_email, customer_phone, total_kobo,
                                 street, city, state, country, postal_code, created_at, updated_at, number)
                  VALUES ('o1', 'u1', 'ANK-1', 'paid', 'A', 'a@example.com', '2348052223344', 5000, 's', 'c', 'Lagos', 'NG', '', 1, 2, 'ABCDEFGH');",
        )
        .unwrap();
        apply(&mut conn).unwrap();
        let phone = |sql: &str| conn.query_row(sql, [], |r| r.get::<_, Option<String>>(0)).unwrap();
        assert_eq!(phone("SELECT phone FROM users WHERE id = 'u1'").as_deref(), Some("+2348031234567"));
        assert_eq!(phone("SELECT phone FROM users WHERE id = 'u2'").as_deref(), Some("call me"), "kept, not lost");
        assert_eq!(phone("SELECT phone FROM users WHERE id = 'u3'"), None);
        assert_eq!(phone("SELECT customer_phone FROM payments").as_deref(), Some("+2348052223344"));
        assert_eq!(phone("SELECT customer_phone FROM orders").as_deref(), Some("+2348052223344"));
    }
}
