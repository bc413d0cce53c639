//! Accounts and their sessions in the database: sign-up, what login checks, sessions started,
//! refreshed and revoked, password reset codes, and the profile. Tokens are signed with the
//! shop's keys, passed in.

use std::time::{SystemTime, UNIX_EPOCH};

use rusqlite::{Connection, OptionalExtension, params};

use super::tokens::{Claims, TOKEN_LIFETIME, TokenKeys};
use super::{CurrentUser, Role};
use crate::error::{AppError, AppResult};
use crate::ids::UserId;

fn ms(time: SystemTime) -> i64 {
    time.duration_since(UNIX_EPOCH).map(|d| d.as_millis() as i64).unwrap_or(0)
}

/// Issues a fresh token for a session and records its expiry. Used at login, signup and refresh.
fn issue_token(tx: &Connection, keys: &TokenKeys, claims: &Claims) -> AppResult<String> {
    let expires = SystemTime::now() + TOKEN_LIFETIME;
    tx.execute("UPDATE sessions SET token_expires_at = ?2 WHERE id = ?1", params![claims.session_id, ms(expires)])?;
    keys.issue(claims, expires).map_err(AppError::internal)
}

/// Starts a session for a user inside the caller's transaction and returns its token.
pub fn start_session(tx: &Connection, keys: &TokenKeys, user_id: &str, admin: bool, now: i64) -> AppResult<(CurrentUser, String)> {
    let session_id = crate::util::new_id();
    tx.execute(
        "INSERT INTO sessions (id, user_id, created_at, expires_at, token_expires_at) VALUES (?1, ?2, ?3, ?4, ?3)",
        params![session_id, user_id, now, now + super::SESSION_MAX_AGE.as_millis() as i64],
    )?;
    let role: Option<Role> = tx.query_row("SELECT role FROM users WHERE id = ?1", [user_id], |r| r.get(0))?;
    let role = role.filter(|_| admin);
    let claims = Claims { user_id: user_id.into(), session_id: session_id.clone(), admin };
    let token = issue_token(tx, keys, &claims)?;
    Ok((CurrentUser { id: user_id.into(), session_id, admin, role }, token))
}

/// Signs a new staff account in, inside the caller's transaction (the first-run setup's owner):
/// the session's token and what the browser is told of it.
pub fn sign_in_staff(
    tx: &Connection,
    keys: &TokenKeys,
    user_id: &str,
    access_of: super::AccessOf,
    now: i64,
) -> AppResult<(String, super::SessionView)> {
    let (user, token) = start_session(tx, keys, user_id, true, now)?;
    Ok((token, super::session_view(tx, &user, access_of)?))
}

/// A new token for a live session, with the admin fact as it is now.
pub fn refresh_session(tx: &Connection, keys: &TokenKeys, user: CurrentUser) -> AppResult<(CurrentUser, String)> {
    let role: Option<Role> = tx.query_row("SELECT role FROM users WHERE id = ?1", [&user.id], |r| r.get(0))?;
    let admin = role.is_some();
    let user = CurrentUser { admin, role, ..user };
    let claims = Claims { user_id: user.id.clone(), session_id: user.session_id.clone(), admin };
    let token = issue_token(tx, keys, &claims)?;
    Ok((user, token))
}

/// Revokes a session (once; a revoked one stays as it was).
pub fn revoke_session(tx: &Connection, session_id: &str, now: i64) -> AppResult<()> {
    tx.execute("UPDATE sessions SET revoked_at = ?2 WHERE id = ?1 AND revoked_at IS NULL", params![session_id, now])?;
    Ok(())
}

/// A new customer's account; an e-mail in use already is a conflict.
pub fn create(tx: &Connection, id: &str, email: &str, name: &str, photo_key: &str, password_hash: &str, now: i64) -> AppResult<()> {
    let taken: bool = tx.query_row("SELECT EXISTS(SELECT 1 FROM users WHERE email = ?1)", [email], |r| r.get(0))?;
    if taken {
        return Err(AppError::Conflict("The email address is already in use by another account.".into()));
    }
    tx.execute(
        "INSERT INTO users (id, email, display_name, photo_key, password_hash, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        params![id, email, name, photo_key, password_hash, now],
    )?;
    Ok(())
}

/// What login needs to know of an account.
pub struct LoginAccount {
    pub id: String,
    pub password_hash: String,
    pub is_admin: bool,
    pub disabled: bool,
}

/// The account (not a guest's) with this e-mail, as login sees it.
pub fn for_login(conn: &Connection, email: &str) -> AppResult<Option<LoginAccount>> {
    Ok(conn
        .query_row(
            "SELECT id, password_hash, role IS NOT NULL AS is_admin, disabled FROM users WHERE email = ?1 AND guest = 0",
            [email],
            |r| {
                Ok(LoginAccount {
                    id: r.get("id")?,
                    password_hash: r.get("password_hash")?,
                    is_admin: r.get("is_admin")?,
                    disabled: r.get("disabled")?,
                })
            },
        )
        .optional()?)
}

/// Reset links work for one hour.
const RESET_LIFETIME_MS: i64 = 60 * 60 * 1000;

/// Stores a reset code (by its hash) for the enabled account with this e-mail, when there is one
/// and `may_mail` allows another mail to it. Answers the account, or `None` (nothing stored).
pub fn new_reset_code(
    tx: &Connection,
    email: &str,
    code_hash: &str,
    now: i64,
    may_mail: impl FnOnce() -> bool,
) -> AppResult<Option<UserId>> {
    let user_id: Option<UserId> =
        tx.query_row("SELECT id FROM users WHERE email = ?1 AND disabled = 0", [email], |r| r.get(0)).optional()?;
    let Some(id) = user_id.filter(|_| may_mail()) else { return Ok(None) };
    tx.execute(
        "INSERT INTO password_resets (code_hash, user_id, created_at, expires_at) VALUES (?1, ?2, ?3, ?4)",
        params![code_hash, id, now, now + RESET_LIFETIME_MS],
    )?;
    Ok(Some(id))
}

/// Uses a reset code: the account gets the new password hash, every session of it is signed out
/// and every other code of it ends. Answers the account's e-mail.
pub fn use_reset_code(tx: &Connection, code_hash: &str, password_hash: &str, now: i64) -> AppResult<String> {
    let user_id: Option<String> = tx
        .query_row(
            "UPDATE password_resets SET used_at = ?2 WHERE code_hash = ?1 AND used_at IS NULL AND expires_at > ?2 RETURNING user_id",
            params![code_hash, now],
            |r| r.get(0),
        )
        .optional()?;
    let Some(user_id) = user_id else {
        return Err(AppError::Validation("This reset link is invalid, expired or already used. Please request a new one.".into()));
    };
    tx.execute("UPDATE users SET password_hash = ?2 WHERE id = ?1", params![user_id, password_hash])?;
    tx.execute("UPDATE sessions SET revoked_at = ?2 WHERE user_id = ?1 AND revoked_at IS NULL", params![user_id, now])?;
    tx.execute("UPDATE password_resets SET used_at = ?2 WHERE user_id = ?1 AND used_at IS NULL", params![user_id, now])?;
    Ok(tx.query_row("SELECT email FROM users WHERE id = ?1", [&user_id], |r| r.get(0))?)
}

/// The profile's name and phone (`None` removes it) and, when given, a new photo; the old photo's
/// file goes when nothing else uses it.
pub fn update_profile(
    tx: &Connection,
    media_root: &std::path::Path,
    user_id: &UserId,
    (name, phone): (&str, Option<&str>),
    photo_key: Option<&String>,
) -> AppResult<()> {
    tx.execute("UPDATE users SET display_name = ?2, phone = ?3 WHERE id = ?1", params![user_id, name, phone])?;
    if let Some(key) = photo_key {
        let old: Option<String> = tx.query_row("SELECT photo_key FROM users WHERE id = ?1", [user_id], |r| r.get(0))?;
        tx.execute("UPDATE users SET photo_key = ?2 WHERE id = ?1", params![user_id, key])?;
        if let Some(old) = old.filter(|old| old != key) {
            crate::media::release_if_unused(tx, media_root, &old)?;
        }
    }
    Ok(())
}

/// The account's display name.
pub fn display_name_of(conn: &Connection, user_id: &UserId) -> AppResult<String> {
    Ok(conn.query_row("SELECT display_name FROM users WHERE id = ?1", [user_id], |r| r.get(0))?)
}

/// A role as the activity log writes it.
pub fn describe(role: Option<Role>) -> String {
    role.map_or_else(|| "customer".to_string(), |r| r.to_string())
}
