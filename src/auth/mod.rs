//! Identity: passwords, Biscuit session tokens in an HttpOnly cookie, server-side sessions that
//! logout revokes, the CurrentUser extractor every protected endpoint uses, rate limits, CSRF.

pub mod accounts;
pub mod csrf;
pub mod device;
pub mod guests;
pub mod limits;
pub mod passwords;
pub mod routes;
pub mod tokens;

use std::time::Duration;

use rusqlite::{Connection, OptionalExtension};
use serde::Serialize;

use crate::ids::UserId;
pub const COOKIE_NAME: &str = "ankara_session";
/// A session may be refreshed for this long after login; then the user signs in again.
pub const SESSION_MAX_AGE: Duration = Duration::from_secs(30 * 24 * 60 * 60);

/// Limits on guessing, sign-up floods and mail-bombing, kept in memory. None of them can lock an
/// owner out: a browser that signed in before is judged on its own failures (see [`device`]),
/// guessing slows down instead of locking, and reset requests past the cap still answer the same.
pub struct AuthLimits {
    /// Failed logins per account from browsers it does not know, and per known device.
    pub login_per_account: limits::Throttle,
    /// Failed logins per client address, for browsers that do not know the account.
    pub login_per_address: limits::Throttle,
    /// Reset mails per account: past the cap nothing is sent, and earlier links keep working.
    pub reset_mails_per_account: limits::RateLimiter,
    pub reset_per_address: limits::RateLimiter,
    pub signup_per_address: limits::RateLimiter,
}

impl AuthLimits {
    pub fn new(config: &crate::config::Config) -> Self {
        let quarter_hour = Duration::from_secs(15 * 60);
        let hour = Duration::from_secs(60 * 60);
        let half_minute = Duration::from_secs(30);
        AuthLimits {
            login_per_account: limits::Throttle::new(5, quarter_hour, half_minute, quarter_hour),
            login_per_address: limits::Throttle::new(20, quarter_hour, half_minute, quarter_hour),
            reset_mails_per_account: limits::RateLimiter::new(3, hour),
            reset_per_address: limits::RateLimiter::new(10, hour),
            signup_per_address: limits::RateLimiter::new(config.signups_per_hour, hour),
        }
    }
}

/// The signed-in user of a request, checked against the token and the sessions table.
#[derive(Debug, Clone)]
pub struct CurrentUser {
    pub id: UserId,
    pub session_id: String,
    /// Staff: the token says so and the account has a role now.
    pub admin: bool,
    /// The staff member's role now (None for customers).
    pub role: Option<Role>,
}

crate::text_enum! {
    /// What a member of staff may do: owners everything, managers the shop's running (not staff
    /// or settings), packers the orders they pack and ship, riders the deliveries given to them
    /// (and nothing else of the shop), cashiers the counter in the physical shop. The rule for each endpoint is in the
    /// access table (`access.rs`).
    pub enum Role {
        Owner => "owner",
        Manager => "manager",
        Packer => "packer",
        Rider => "rider",
        Cashier => "cashier",
    }
}

/// What an admin-only endpoint says to a signed-in customer (the spec words it per action).
pub trait AdminRefusal {
    const MESSAGE: &'static str;
}

/// The general refusal.
pub struct AnyAdminAction;

impl AdminRefusal for AnyAdminAction {
    const MESSAGE: &'static str = "You must be an admin to do this.";
}

/// The spec's refusals for product edits and deletes.
pub struct EditProducts;
pub struct DeleteProducts;

impl AdminRefusal for EditProducts {
    const MESSAGE: &'static str = "You do not have permission to edit products.";
}

impl AdminRefusal for DeleteProducts {
    const MESSAGE: &'static str = "You do not have permission to delete products.";
}

/// An admin, or 403 with `R`'s message. Checked on every request from the token and the account.
pub struct AdminUser<R = AnyAdminAction>(pub CurrentUser, pub std::marker::PhantomData<R>);

/// For a live session (not revoked, not past its maximum age, its user not disabled): the
/// account's staff role at `now`, if any. `None` when the session is not live.
pub fn live_session_role(conn: &Connection, user_id: &UserId, session_id: &str, now: i64) -> rusqlite::Result<Option<Option<Role>>> {
    conn.prepare_cached(
        "SELECT u.role FROM sessions s JOIN users u ON u.id = s.user_id
         WHERE s.id = ?1 AND s.user_id = ?2 AND s.revoked_at IS NULL AND s.expires_at > ?3 AND u.disabled = 0",
    )?
    .query_row(rusqlite::params![session_id, user_id, now], |r| r.get(0))
    .optional()
}

#[derive(Serialize, Debug, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SessionUser {
    pub uid: String,
    pub display_name: String,
    pub email: String,
    #[serde(rename = "photoURL")]
    pub photo_url: Option<crate::media::Image>,
    pub phone_number: Option<String>,
    pub admin: bool,
    /// A staff member's role (null for customers).
    pub role: Option<Role>,
    /// The back-office endpoints this member of staff may call, as "METHOD /api/path" from the
    /// access table (empty for customers): the screens offer only what these allow.
    pub access: Vec<String>,
    pub created_at: i64,
}

/// The endpoints a role may call, as "METHOD /api/path" (the access table, which lives in the
/// HTTP layer, gives it to the session).
pub type AccessOf = fn(Role) -> Vec<String>;

#[derive(Serialize, Debug, Default, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Counts {
    /// Sum of bag quantities.
    pub bag: i64,
    pub saved: i64,
    /// Orders not yet seen on My Orders.
    pub new_orders: i64,
}

/// The session as the front end sees it: the user, when the token expires, and the badge counts.
#[derive(Serialize, Debug, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SessionView {
    pub user: Option<SessionUser>,
    pub expires_at: Option<i64>,
    pub counts: Counts,
    /// The shop lets visitors buy without an account (the merchant's setting).
    pub guest_checkout: bool,
    /// This visitor has a guest bag (then `user` is null and `counts` are the guest's).
    pub guest: bool,
}

impl SessionView {
    pub fn signed_out() -> SessionView {
        SessionView { user: None, expires_at: None, counts: Counts::default(), guest_checkout: false, guest: false }
    }
}

pub fn load_user(conn: &Connection, user_id: &UserId, admin: bool, access_of: AccessOf) -> rusqlite::Result<Option<SessionUser>> {
    let row = conn
        .prepare_cached("SELECT id, display_name, email, photo_key, phone, created_at, role FROM users WHERE id = :id")?
        .query_row(rusqlite::named_params! { ":id": user_id }, |r| {
            Ok((
                SessionUser {
                    uid: r.get("id")?,
                    display_name: r.get("display_name")?,
                    email: r.get("email")?,
                    photo_url: None,
                    phone_number: r.get("phone")?,
                    admin,
                    role: if admin { r.get("role")? } else { None },
                    access: Vec::new(),
                    created_at: r.get("created_at")?,
                },
                r.get::<_, Option<String>>("photo_key")?,
            ))
        })
        .optional()?;
    let Some((mut user, photo_key)) = row else { return Ok(None) };
    user.access = user.role.map(access_of).unwrap_or_default();
    if let Some(key) = photo_key {
        user.photo_url = crate::media::load(conn, &key)?;
    }
    Ok(Some(user))
}

/// The account's e-mail address.
pub fn email_of(conn: &Connection, user_id: &UserId) -> crate::error::AppResult<String> {
    Ok(conn.query_row("SELECT email FROM users WHERE id = ?1", [user_id], |r| r.get(0))?)
}

pub fn counts(conn: &Connection, user_id: &UserId) -> rusqlite::Result<Counts> {
    conn.prepare_cached(
        "SELECT (SELECT COALESCE(SUM(quantity), 0) FROM bag_items WHERE user_id = ?1),
                (SELECT COUNT(*) FROM saved_items WHERE user_id = ?1),
                (SELECT COUNT(*) FROM orders WHERE user_id = ?1 AND is_new = 1)",
    )?
    .query_row([user_id], |r| Ok(Counts { bag: r.get(0)?, saved: r.get(1)?, new_orders: r.get(2)? }))
}

pub fn session_view(conn: &Connection, user: &CurrentUser, access_of: AccessOf) -> rusqlite::Result<SessionView> {
    let expires_at = conn
        .prepare_cached("SELECT token_expires_at FROM sessions WHERE id = ?1")?
        .query_row([&user.session_id], |r| r.get(0))
        .optional()?;
    Ok(SessionView {
        user: load_user(conn, &user.id, user.admin, access_of)?,
        expires_at,
        counts: counts(conn, &user.id)?,
        guest_checkout: crate::settings::load(conn)?.guest_checkout,
        guest: false,
    })
}

/// Gives the account with `email` a staff role, changes it, or (None) takes it away. A removal
/// or demotion bites at once, a grant at the user's next token refresh (see `http::authenticate`).
/// The last owner keeps their role: someone must be able to run the shop. Returns the account's
/// id, name and role before, or None when there is no such account.
pub fn set_role(tx: &Connection, email: &str, role: Option<Role>) -> crate::error::AppResult<Option<(UserId, String, Option<Role>)>> {
    let found: Option<(UserId, String, Option<Role>)> = tx
        .query_row("SELECT id, display_name, role FROM users WHERE email = ?1 AND guest = 0", [email.trim()], |r| {
            Ok((r.get(0)?, r.get(1)?, r.get(2)?))
        })
        .optional()?;
    let Some((id, name, before)) = found else { return Ok(None) };
    if before == Some(Role::Owner) && role != Some(Role::Owner) {
        let owners: i64 = tx.query_row("SELECT COUNT(*) FROM users WHERE role = 'owner' AND disabled = 0", [], |r| r.get(0))?;
        if owners <= 1 {
            return Err(crate::error::AppError::Conflict("This is the shop's last owner. Make someone else an owner first.".into()));
        }
    }
    tx.execute("UPDATE users SET role = ?2 WHERE id = ?1", rusqlite::params![id, role])?;
    Ok(Some((id, name, before)))
}

/// The role a member of staff gets when none is named: an owner, SPEC's admin, who may do
/// everything (managers and packers are the merchant's choice).
pub const DEFAULT_ROLE: Role = Role::Owner;
