//! Numbered SQL migrations, embedded in the binary and applied in order at start.
//! `PRAGMA user_version` records the last one applied.

use rusqlite::Connection;

const MIGRATIONS: &[(i64, &str)] =
    &[(1, include_str!("../../migrations/0001_init.sql")), (2, include_str!("../../migrations/0002_payments.sql"))];

pub const LATEST_VERSION: i64 = MIGRATIONS[MIGRATIONS.len() - 1].0;

pub fn apply(conn: &mut Connection) -> rusqlite::Result<()> {
    let current: i64 = conn.query_row("PRAGMA user_version", [], |r| r.get(0))?;
    if current > LATEST_VERSION {
        return Err(rusqlite::Error::SqliteFailure(
            rusqlite::ffi::Error::new(rusqlite::ffi::SQLITE_MISMATCH),
            Some(format!(
                "the database is from a newer version of Ankara (schema {current}, this binary knows up to {LATEST_VERSION}); run the newer binary"
            )),
        ));
    }
    for (version, sql) in MIGRATIONS.iter().filter(|(v, _)| *v > current) {
        let tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
        tx.execute_batch(sql)?;
        tx.pragma_update(None, "user_version", version)?;
        tx.commit()?;
        log::info!("database migrated to schema {version}");
    }
    Ok(())
}
