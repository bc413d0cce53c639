//! Inviting someone to the staff who has no account yet: the owner gives an e-mail and a role,
//! the shop mails a link, and its holder sets a name and password (no photo: the shop's sign-up
//! form is for shoppers) and is signed in as a member of staff with that role. A link works once,
//! for a week; its token is stored hashed, so the database alone cannot be used to join.

use rusqlite::{Connection, OptionalExtension, params};
use serde::Serialize;
use sha2::{Digest, Sha256};

use crate::auth::Role;
use crate::error::{AppError, AppResult};
use crate::ids::UserId;

/// How long an invitation's link works.
pub const LIFETIME_MS: i64 = 7 * 24 * 60 * 60 * 1000;

/// An invitation not yet used, as the owner sees it.
#[derive(Serialize, Debug, Clone, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Invite {
    pub id: String,
    pub email: String,
    pub role: Role,
    pub created_at: i64,
    pub expires_at: i64,
}

/// What the link's holder sees before joining.
#[derive(Serialize, Debug, Clone, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InviteView {
    pub email: String,
    pub role: Role,
    pub expires_at: i64,
}

fn hash(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

fn ended() -> AppError {
    AppError::NotFound("This invitation has expired or was already used. Ask the shop's owner for a new one.".into())
}

/// Invites `email` to join as `role`, replacing an earlier invitation to that e-mail. Returns the
/// invitation and the token for its link (the only copy: only its hash is kept).
pub fn create(tx: &Connection, email: &str, role: Role, by: &UserId, now: i64) -> AppResult<(Invite, String)> {
    let (id, token) = (crate::util::new_id(), crate::util::random_id(32));
    tx.execute("UPDATE staff_invites SET ended_at = ?2 WHERE email = ?1 AND ended_at IS NULL", params![email, now])?;
    tx.execute(
        "INSERT INTO staff_invites (id, token_hash, email, role, invited_by, created_at, expires_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        params![id, hash(&token), email, role, by, now, now + LIFETIME_MS],
    )?;
    Ok((Invite { id, email: email.to_string(), role, created_at: now, expires_at: now + LIFETIME_MS }, token))
}

/// Invitations that can still be used, newest first.
pub fn open(conn: &Connection, now: i64) -> rusqlite::Result<Vec<Invite>> {
    conn.prepare_cached(
        "SELECT id, email, role, created_at, expires_at FROM staff_invites WHERE ended_at IS NULL AND expires_at > ?1
         ORDER BY created_at DESC",
    )?
    .query_map([now], |r| Ok(Invite { id: r.get(0)?, email: r.get(1)?, role: r.get(2)?, created_at: r.get(3)?, expires_at: r.get(4)? }))?
    .collect()
}

/// Ends an invitation that was not used yet: its link stops working.
pub fn cancel(tx: &Connection, id: &str, now: i64) -> AppResult<Invite> {
    let invite = open(tx, now)?.into_iter().find(|i| i.id == id).ok_or_else(|| AppError::NotFound("No such invitation.".into()))?;
    tx.execute("UPDATE staff_invites SET ended_at = ?2 WHERE id = ?1", params![id, now])?;
    Ok(invite)
}

/// The invitation of a link's token, while it can be used.
pub fn find(conn: &Connection, token: &str, now: i64) -> AppResult<InviteView> {
    conn.prepare_cached("SELECT email, role, expires_at FROM staff_invites WHERE token_hash = ?1 AND ended_at IS NULL AND expires_at > ?2")?
        .query_row(params![hash(token), now], |r| Ok(InviteView { email: r.get(0)?, role: r.get(1)?, expires_at: r.get(2)? }))
        .optional()?
        .ok_or_else(ended)
}

/// Uses a link: makes the account (its e-mail the invitation's, the name and password hash
/// given, the invitation's role) and ends the invitation. Refused when the link cannot be used, or
/// when an account took the e-mail meanwhile (its owner signs in, and the owner adds it).
pub fn accept(tx: &Connection, token: &str, name: &str, password_hash: &str, now: i64) -> AppResult<(UserId, InviteView)> {
    let invite = find(tx, token, now)?;
    let taken: bool = tx.query_row("SELECT EXISTS(SELECT 1 FROM users WHERE email = ?1)", [&invite.email], |r| r.get(0))?;
    if taken {
        return Err(AppError::Conflict(format!(
            "An account already uses {}. Sign in to it, and ask the shop's owner to add it to the staff.",
            invite.email
        )));
    }
    let id = UserId::from(crate::util::new_id());
    tx.execute(
        "INSERT INTO users (id, email, display_name, password_hash, created_at, role) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        params![id, invite.email, name, password_hash, now, invite.role],
    )?;
    tx.execute("UPDATE staff_invites SET ended_at = ?2 WHERE token_hash = ?1", params![hash(token), now])?;
    Ok((id, invite))
}

/// A role with its article, for sentences: "an owner", "a manager", "a packer".
pub fn with_article(role: Role) -> String {
    match role {
        Role::Owner => "an owner".into(),
        other => format!("a {other}"),
    }
}

/// What each role does, in a sentence for the invitation.
fn duties(role: Role) -> &'static str {
    match role {
        Role::Owner => "everything, including staff and settings",
        Role::Manager => "running the shop: catalogue, stock, orders, refunds and customers",
        Role::Packer => "packing and shipping orders",
        Role::Rider => "delivering the orders given to you, from your phone",
        Role::Cashier => "selling at the counter of the shop, and counting your cash at the end of the day",
    }
}

/// (subject, body) of the invitation mail.
pub fn mail(shop: &str, public_url: &str, inviter: &str, invite: &Invite, token: &str) -> (String, String) {
    (
        format!("{shop}: you are invited to join the staff"),
        format!(
            "Hello,\n\n{inviter} has invited you to join {shop}'s staff as {} ({}).\n\nSet your name and password here to join: {public_url}/join?token={token}\n\nThe link works once, for seven days. If you did not expect it, ignore this e-mail.\n\n{shop}",
            with_article(invite.role),
            duties(invite.role)
        ),
    )
}

/// Makes the account with this e-mail a member of staff with `role` (false), or — when no account
/// uses the e-mail — stores an invitation and queues its mail (true). Either is logged as `actor`'s.
pub fn grant(tx: &Connection, mailer: &crate::mail::Mailer, email: &str, role: Role, actor: &UserId, now: i64) -> AppResult<bool> {
    if let Some((id, name, before)) = crate::auth::set_role(tx, email, Some(role))? {
        if before != Some(role) {
            let from = crate::auth::accounts::describe(before);
            crate::activity::record(tx, actor, "staff", &id, &format!("{name} <{email}>: role {from} → {role}"))?;
        }
        return Ok(false);
    }
    let (invite, token) = create(tx, email, role, actor, now)?;
    let inviter = crate::auth::accounts::display_name_of(tx, actor)?;
    let (subject, body) = mail(&mailer.shop_name(), mailer.public_url(), &inviter, &invite, &token);
    mailer.queue(tx, crate::mail::Mail { kind: "staff_invite", to: email, subject: &subject, body: &body, unsubscribe: None })?;
    crate::activity::record(tx, actor, "staff", &invite.id, &format!("<{email}> invited as {role}"))?;
    Ok(true)
}

/// Uses an invitation (see [`accept`]) and logs the new member's joining. Answers the new account.
pub fn join(tx: &Connection, token: &str, name: &str, password_hash: &str, now: i64) -> AppResult<UserId> {
    let (id, invite) = accept(tx, token, name, password_hash, now)?;
    crate::activity::record(tx, &id, "staff", &id, &format!("{name} <{}> joined as {}", invite.email, invite.role))?;
    Ok(id)
}
