//! The activity log: who changed what order, refund, price, stock, staff or setting, and when (the
//! owner reads it). A leaf every domain writes to, in the transaction of the change it describes.

use rusqlite::{Connection, OptionalExtension, params};
use serde::Serialize;

use crate::ids::UserId;

/// Writes one line of the activity log, in the transaction of the change it describes: `subject`
/// is the kind of thing (order, refund, product, stock, staff, settings), `subject_id` which one.
pub fn record(tx: &Connection, actor: &UserId, subject: &str, subject_id: &str, summary: &str) -> rusqlite::Result<()> {
    let label: String = tx
        .query_row("SELECT display_name || ' <' || email || '>' FROM users WHERE id = ?1", [actor], |r| r.get(0))
        .optional()?
        .unwrap_or_else(|| "someone".into());
    tx.prepare_cached("INSERT INTO activity (at, actor_id, actor, subject, subject_id, summary) VALUES (?1, ?2, ?3, ?4, ?5, ?6)")?
        .execute(params![crate::db::now_ms(), actor, label, subject, subject_id, summary])?;
    Ok(())
}

/// Writes one line for someone without an account (a rider given an order by link), named by
/// `label` ("Musa <rider by link, +234…>").
pub fn record_named(tx: &Connection, label: &str, subject: &str, subject_id: &str, summary: &str) -> rusqlite::Result<()> {
    tx.prepare_cached("INSERT INTO activity (at, actor_id, actor, subject, subject_id, summary) VALUES (?1, NULL, ?2, ?3, ?4, ?5)")?
        .execute(params![crate::db::now_ms(), label, subject, subject_id, summary])?;
    Ok(())
}

/// One line of the activity log.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Activity {
    pub id: i64,
    pub at: i64,
    /// Name and e-mail of who did it, as they were then.
    pub actor: String,
    pub subject: String,
    pub subject_id: String,
    pub summary: String,
}

/// The log, newest first: up to `limit` lines before the line `before` (for paging), of one
/// subject kind when given.
pub fn activity(conn: &Connection, before: Option<i64>, subject: Option<&str>, limit: i64) -> rusqlite::Result<Vec<Activity>> {
    conn.prepare_cached(
        "SELECT id, at, actor, subject, subject_id, summary FROM activity
         WHERE id < COALESCE(?1, 9223372036854775807) AND (?2 IS NULL OR subject = ?2)
         ORDER BY id DESC LIMIT ?3",
    )?
    .query_map(params![before, subject, limit], |r| {
        Ok(Activity { id: r.get(0)?, at: r.get(1)?, actor: r.get(2)?, subject: r.get(3)?, subject_id: r.get(4)?, summary: r.get(5)? })
    })?
    .collect()
}
