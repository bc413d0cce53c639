//! The first-run setup: a shop without an owner opens `/setup`, where whoever holds the one-time
//! code (printed in the shop's log at start, and by `ankara setup-code`) names the shop and makes
//! its first owner. Once an owner exists, `/setup` is gone (404) for good.
//!
//! The code lives in a file in the data directory (0600), so the running shop and the command
//! agree on it. Guessing it is hopeless (59 random bits) and slowed down besides: five wrong codes
//! from one address, then a wait that doubles; after [`WRONG_CODES_BEFORE_NEW`] wrong codes in
//! all, the code is replaced (the new one is logged), so guesses spread over many addresses
//! chase a moving target.

pub mod routes;

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::time::Duration;

use rusqlite::{Connection, OptionalExtension, params};

use crate::auth::limits::Throttle;
use crate::error::{AppError, AppResult};

/// The code's file, in the data directory.
pub const CODE_FILE: &str = "setup-code";

/// Wrong codes (from anyone) after which the code is replaced.
pub const WRONG_CODES_BEFORE_NEW: u32 = 50;

/// What "the shop is set up" means: it has an owner (even a disabled one: the shop is someone's,
/// and `ankara admin grant` is the way back in).
pub fn has_owner(conn: &Connection) -> rusqlite::Result<bool> {
    conn.query_row("SELECT EXISTS(SELECT 1 FROM users WHERE role = 'owner')", [], |r| r.get(0))
}

/// A new shop waiting for its setup: no owner and nothing for sale. The home page sends visitors
/// to `/setup` then; the developer's demo shop (no owner, the demo catalogue) stays a shop.
pub fn awaiting(conn: &Connection) -> rusqlite::Result<bool> {
    conn.query_row("SELECT NOT EXISTS(SELECT 1 FROM users WHERE role = 'owner') AND NOT EXISTS(SELECT 1 FROM products)", [], |r| r.get(0))
}

fn code_path(data_dir: &Path) -> PathBuf {
    data_dir.join(CODE_FILE)
}

/// A fresh code: 12 characters from an alphabet without look-alikes, in groups of four.
fn new_code() -> String {
    let letters = crate::util::random_from(b"ABCDEFGHJKMNPQRSTVWXYZ23456789", 12);
    format!("{}-{}-{}", &letters[0..4], &letters[4..8], &letters[8..12])
}

fn write_code(data_dir: &Path, code: &str) -> Result<(), String> {
    crate::util::write_private_file(data_dir, CODE_FILE, code.as_bytes())
}

/// The code in force, made when there is none yet.
pub fn code(data_dir: &Path) -> Result<String, String> {
    match std::fs::read_to_string(code_path(data_dir)) {
        Ok(code) if !code.trim().is_empty() => Ok(code.trim().to_string()),
        Ok(_) => replace_code(data_dir),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => replace_code(data_dir),
        Err(e) => Err(format!("cannot read {}: {e}", code_path(data_dir).display())),
    }
}

fn replace_code(data_dir: &Path) -> Result<String, String> {
    let code = new_code();
    write_code(data_dir, &code)?;
    Ok(code)
}

/// Codes compare without case, spaces or dashes (people retype them).
fn normalised(code: &str) -> String {
    code.chars().filter(|c| c.is_ascii_alphanumeric()).map(|c| c.to_ascii_uppercase()).collect()
}

/// The guard in front of `/setup`.
pub struct Gate {
    data_dir: PathBuf,
    /// Set once an owner is known to exist: from then on nothing asks the database.
    done: AtomicBool,
    /// Set once the shop is known not to be waiting for its setup (it has an owner or something
    /// for sale): its home page is then served without asking again until the next start.
    not_awaiting: AtomicBool,
    wrong_codes: AtomicU32,
    per_address: Throttle,
}

impl Gate {
    pub fn new(data_dir: &Path) -> Gate {
        Gate {
            data_dir: data_dir.to_path_buf(),
            done: AtomicBool::new(false),
            not_awaiting: AtomicBool::new(false),
            wrong_codes: AtomicU32::new(0),
            per_address: Throttle::new(5, Duration::from_secs(15 * 60), Duration::from_secs(30), Duration::from_secs(60 * 60)),
        }
    }

    /// At start: a shop without an owner says in its log where and with which code it is set up.
    pub fn announce(&self, conn: &Connection, public_url: &str) -> Result<(), String> {
        if has_owner(conn).map_err(|e| e.to_string())? {
            self.done.store(true, Ordering::Relaxed);
            let _ = std::fs::remove_file(code_path(&self.data_dir));
            return Ok(());
        }
        let code = code(&self.data_dir)?;
        tracing::warn!(
            "this shop has no owner yet: open {public_url}/setup and enter the setup code {code} (`ankara setup-code` prints it again)"
        );
        Ok(())
    }

    /// True when the shop has an owner (asked of the database until it has).
    pub fn is_done(&self, conn: &Connection) -> rusqlite::Result<bool> {
        if self.done.load(Ordering::Relaxed) {
            return Ok(true);
        }
        let done = has_owner(conn)?;
        if done {
            self.done.store(true, Ordering::Relaxed);
        }
        Ok(done)
    }

    /// [`awaiting`], asked of the database until the answer is no.
    pub fn is_awaiting(&self, conn: &Connection) -> rusqlite::Result<bool> {
        if self.not_awaiting.load(Ordering::Relaxed) {
            return Ok(false);
        }
        let waiting = awaiting(conn)?;
        if !waiting {
            self.not_awaiting.store(true, Ordering::Relaxed);
        }
        Ok(waiting)
    }

    /// Known without asking: the home page is the shop's.
    pub fn known_not_awaiting(&self) -> bool {
        self.not_awaiting.load(Ordering::Relaxed)
    }

    /// Known without asking: an owner exists.
    pub fn known_done(&self) -> bool {
        self.done.load(Ordering::Relaxed)
    }

    /// Checks a code from the client at `address`: 429 while that address must wait, 403 for a
    /// wrong code (counted; the code is replaced after too many).
    pub async fn check_code(&self, address: &str, sent: &str) -> AppResult<()> {
        let attempt = self
            .per_address
            .begin(address)
            .await
            .map_err(|wait| AppError::TooManyRequests("Too many wrong setup codes. Please wait before trying again.".into(), wait))?;
        let code = code(&self.data_dir).map_err(AppError::internal)?;
        let right: bool = subtle::ConstantTimeEq::ct_eq(normalised(&code).as_bytes(), normalised(sent).as_bytes()).into();
        if right {
            return Ok(());
        }
        attempt.failed();
        if self.wrong_codes.fetch_add(1, Ordering::Relaxed) + 1 >= WRONG_CODES_BEFORE_NEW {
            self.wrong_codes.store(0, Ordering::Relaxed);
            let code = replace_code(&self.data_dir).map_err(AppError::internal)?;
            tracing::warn!(wrong_codes = WRONG_CODES_BEFORE_NEW, setup_code = %code, "wrong setup codes were tried: the setup code is new");
        }
        Err(AppError::Forbidden(
            "That is not the setup code. It is in the shop's log (journalctl -u ankara), or run: ankara setup-code".into(),
        ))
    }

    /// After the setup: the code is spent.
    pub fn finish(&self) {
        self.done.store(true, Ordering::Relaxed);
        let _ = std::fs::remove_file(code_path(&self.data_dir));
    }
}

/// The first owner, as the setup form names her.
pub struct Owner<'a> {
    pub name: &'a str,
    pub email: &'a str,
    pub password_hash: &'a str,
}

/// Makes the shop's first owner, inside the caller's transaction: 404 when the shop has an owner
/// already (a second setup, or the loser of two at once: the write lock makes them take turns, so
/// exactly one finds no owner). An existing account with the e-mail (a customer who signed up
/// first) becomes the owner with the new name and password.
pub fn create_owner(tx: &Connection, owner: &Owner, now: i64) -> AppResult<crate::ids::UserId> {
    if has_owner(tx)? {
        return Err(set_up_already());
    }
    let existing: Option<String> =
        tx.query_row("SELECT id FROM users WHERE email = ?1 AND guest = 0", [owner.email], |r| r.get(0)).optional()?;
    let id = match existing {
        Some(id) => {
            tx.execute(
                "UPDATE users SET display_name = ?2, password_hash = ?3, role = 'owner', disabled = 0 WHERE id = ?1",
                params![id, owner.name, owner.password_hash],
            )?;
            id
        }
        None => {
            let id = crate::util::new_id();
            tx.execute(
                "INSERT INTO users (id, email, display_name, password_hash, created_at, role) VALUES (?1, ?2, ?3, ?4, ?5, 'owner')",
                params![id, owner.email, owner.name, owner.password_hash, now],
            )?;
            id
        }
    };
    Ok(id.into())
}

/// What `/setup` answers once the shop has an owner.
pub fn set_up_already() -> AppError {
    AppError::NotFound("This shop is set up already. Sign in to its back office.".into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_code_is_kept_owner_only_and_compared_as_people_type_it() {
        let dir = tempfile::tempdir().unwrap();
        let first = code(dir.path()).unwrap();
        assert_eq!(code(dir.path()).unwrap(), first, "the command prints the code the shop holds");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(dir.path().join(CODE_FILE)).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o600);
        }
        assert_eq!(normalised(&first.to_lowercase().replace('-', " ")), normalised(&first));
    }
}
