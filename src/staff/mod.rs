//! The shop's staff: who has which role, and the activity log of who changed what order, refund,
//! price, stock or setting, and when (the owner reads it).

pub mod invites;
pub mod routes;

use rusqlite::{Connection, OptionalExtension, params};
use serde::Serialize;

use crate::auth::Role;
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

/// A member of staff.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StaffMember {
    #[schema(value_type = String)]
    pub id: UserId,
    pub name: String,
    pub email: String,
    pub role: Role,
    pub disabled: bool,
}

pub fn members(conn: &Connection) -> rusqlite::Result<Vec<StaffMember>> {
    conn.prepare_cached(
        "SELECT id, display_name, email, role, disabled FROM users WHERE role IS NOT NULL
         ORDER BY CASE role WHEN 'owner' THEN 0 WHEN 'manager' THEN 1 ELSE 2 END, display_name",
    )?
    .query_map([], |r| Ok(StaffMember { id: r.get(0)?, name: r.get(1)?, email: r.get(2)?, role: r.get(3)?, disabled: r.get(4)? }))?
    .collect()
}
