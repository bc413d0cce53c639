//! The shop's staff: who has which role, and the activity log of who changed what order, refund,
//! price, stock or setting, and when (the owner reads it).

pub mod invites;
pub mod routes;

use rusqlite::Connection;
use serde::Serialize;

use crate::auth::Role;
use crate::ids::UserId;

// The activity log is its own leaf module, so every domain can write to it without a circle.
pub use crate::activity::{Activity, activity, record};

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

#[derive(Serialize, utoipa::ToSchema)]
pub struct Staff {
    pub staff: Vec<StaffMember>,
    /// Invitations mailed and not yet used, newest first.
    pub invites: Vec<invites::Invite>,
}

/// Everyone with a role, owners first, and the invitations not yet used.
pub fn everyone(conn: &Connection, now: i64) -> crate::error::AppResult<Staff> {
    Ok(Staff { staff: members(conn)?, invites: invites::open(conn, now)? })
}
