//! SQLite access: a small connection pool, pragmas, migrations, and helpers that run rusqlite work
//! on the blocking pool so actix's async threads never wait on the disk.

mod migrations;
pub mod text_enum;

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use rusqlite::{Connection, OpenFlags, Transaction, TransactionBehavior};

use crate::error::{AppError, AppResult};

pub use migrations::{LATEST_VERSION, SchemaObject, expected_schema, schema_of};

#[derive(Clone)]
pub struct Db {
    inner: Arc<Inner>,
}

struct Inner {
    path: PathBuf,
    /// False under Litestream, which checkpoints the WAL itself once it has copied it.
    app_checkpoints: bool,
    idle: Mutex<Vec<Connection>>,
    /// SQLite allows one writer at a time; queueing writers here wakes the next one as soon as
    /// the last commits, where SQLite's own busy handler would sleep and retry.
    writer: Mutex<()>,
}

/// Idle connections kept open; more are opened under load and closed when returned.
const MAX_IDLE: usize = 16;
/// Prepared statements kept per connection (a few KB each).
const STATEMENTS_KEPT: usize = 256;

impl Db {
    /// Opens (or creates) the database, checks it is healthy and ours, and applies migrations.
    /// Errors are sentences for the operator; nothing is changed when the file is not usable.
    pub fn open(path: &Path) -> Result<Db, String> {
        Db::open_with(path, true)
    }

    /// [`Db::open`], choosing whether SQLite checkpoints the WAL itself (`app_checkpoints`) or
    /// leaves that to Litestream, which must copy every WAL page before it is checkpointed away.
    pub fn open_with(path: &Path, app_checkpoints: bool) -> Result<Db, String> {
        let mut conn = open_connection(path, app_checkpoints).map_err(|e| describe_open_error(path, &e))?;
        let version = migrations::version(&conn).map_err(|e| describe_open_error(path, &e))?;
        if version > 0 && version < LATEST_VERSION {
            let copy = before_migration(&conn, path, version)?;
            log::info!("upgrading the database from schema {version}; a copy was kept at {}", copy.display());
        }
        migrations::apply(&mut conn).map_err(|e| describe_open_error(path, &e))?;
        Ok(Db {
            inner: Arc::new(Inner { path: path.to_path_buf(), app_checkpoints, idle: Mutex::new(vec![conn]), writer: Mutex::new(()) }),
        })
    }

    pub fn path(&self) -> &Path {
        &self.inner.path
    }

    fn checkout(&self) -> AppResult<Connection> {
        if let Some(conn) = self.inner.idle.lock().unwrap().pop() {
            return Ok(conn);
        }
        open_connection(&self.inner.path, self.inner.app_checkpoints).map_err(AppError::from)
    }

    fn checkin(&self, conn: Connection) {
        let mut idle = self.inner.idle.lock().unwrap();
        if idle.len() < MAX_IDLE {
            idle.push(conn);
        }
    }

    /// Runs `f` with a connection, synchronously. For start-up code, commands and tests.
    pub fn with_conn<T>(&self, f: impl FnOnce(&mut Connection) -> AppResult<T>) -> AppResult<T> {
        let mut conn = self.checkout()?;
        let result = f(&mut conn);
        self.checkin(conn);
        result
    }

    /// Runs read work on the blocking pool.
    pub async fn read<T, F>(&self, f: F) -> AppResult<T>
    where
        T: Send + 'static,
        F: FnOnce(&Connection) -> AppResult<T> + Send + 'static,
    {
        let (db, span) = (self.clone(), tracing::Span::current());
        // The blocking thread logs under the request that asked.
        actix_web::web::block(move || span.in_scope(|| db.with_conn(|conn| f(conn)))).await?
    }

    /// Runs write work in one IMMEDIATE transaction on the blocking pool: it takes the write lock
    /// up front (no deadlock on upgrade), and commits only if `f` succeeds.
    pub async fn write<T, F>(&self, f: F) -> AppResult<T>
    where
        T: Send + 'static,
        F: FnOnce(&Transaction) -> AppResult<T> + Send + 'static,
    {
        let (db, span) = (self.clone(), tracing::Span::current());
        actix_web::web::block(move || span.in_scope(|| db.write_now(f))).await?
    }

    /// The synchronous form of [`Db::write`].
    pub fn write_now<T>(&self, f: impl FnOnce(&Transaction) -> AppResult<T>) -> AppResult<T> {
        let _span = tracing::debug_span!("db.write").entered();
        let _one_writer = self.inner.writer.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        self.with_conn(|conn| {
            let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
            let value = f(&tx)?;
            tx.commit()?;
            Ok(value)
        })
    }
}

fn open_connection(path: &Path, app_checkpoints: bool) -> rusqlite::Result<Connection> {
    let flags =
        OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_CREATE | OpenFlags::SQLITE_OPEN_NO_MUTEX | OpenFlags::SQLITE_OPEN_URI;
    let conn = Connection::open_with_flags(path, flags)?;
    conn.busy_timeout(std::time::Duration::from_secs(5))?;
    conn.pragma_update(None, "journal_mode", "WAL")?;
    conn.pragma_update(None, "synchronous", "NORMAL")?;
    conn.pragma_update(None, "foreign_keys", "ON")?;
    conn.pragma_update(None, "temp_store", "MEMORY")?;
    // rusqlite keeps 16 prepared statements by default; one checkout alone runs about 60 different
    // ones on the same connection, so a small cache threw them away and SQLite parsed each again
    // (a sixth of the server's time under checkout load).
    conn.set_prepared_statement_cache_capacity(STATEMENTS_KEPT);
    if !app_checkpoints {
        conn.pragma_update(None, "wal_autocheckpoint", 0)?;
    }
    Ok(conn)
}

fn describe_open_error(path: &Path, e: &rusqlite::Error) -> String {
    let shown = path.display();
    match e.sqlite_error_code() {
        Some(rusqlite::ErrorCode::NotADatabase) | Some(rusqlite::ErrorCode::DatabaseCorrupt) => format!(
            "the database {shown} is damaged or is not an Ankara database ({e}). It was left untouched; restore it from a backup or move it away."
        ),
        Some(rusqlite::ErrorCode::DatabaseBusy) | Some(rusqlite::ErrorCode::DatabaseLocked) => {
            format!("the database {shown} is locked by another program ({e}). Stop the other program (another Ankara?) and start again.")
        }
        Some(rusqlite::ErrorCode::ReadOnly) | Some(rusqlite::ErrorCode::PermissionDenied) | Some(rusqlite::ErrorCode::CannotOpen) => {
            format!("the database {shown} cannot be opened for writing ({e}). Check the data directory and its permissions.")
        }
        _ => format!("the database {shown} could not be opened: {e}"),
    }
}

/// Copies the database into `backups/` in its data directory before a migration changes it.
pub fn before_migration(conn: &Connection, database: &Path, version: i64) -> Result<PathBuf, String> {
    let folder = database.parent().unwrap_or(Path::new(".")).join("backups");
    std::fs::create_dir_all(&folder).map_err(|e| format!("cannot create {}: {e}", folder.display()))?;
    let target = folder.join(format!("ankara-schema{version}-{}.db", crate::db::now_ms()));
    vacuum_into(conn, &target).map_err(|e| {
        let _ = std::fs::remove_file(&target);
        format!("could not back up the database before upgrading it (nothing was changed): {e}")
    })?;
    Ok(target)
}

/// Writes a consistent copy of the database to `target` (SQLite's `VACUUM INTO`, safe while the
/// shop serves).
pub fn vacuum_into(conn: &Connection, target: &Path) -> rusqlite::Result<()> {
    conn.execute("VACUUM INTO ?1", [target.to_string_lossy()]).map(|_| ())
}

/// Milliseconds since the Unix epoch: every timestamp in the database.
pub fn now_ms() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_millis() as i64).unwrap_or(0)
}

/// True when a rusqlite error is a UNIQUE or PRIMARY KEY violation.
pub fn is_unique_violation(e: &rusqlite::Error) -> bool {
    matches!(
        e,
        rusqlite::Error::SqliteFailure(f, _)
            if f.extended_code == rusqlite::ffi::SQLITE_CONSTRAINT_UNIQUE
                || f.extended_code == rusqlite::ffi::SQLITE_CONSTRAINT_PRIMARYKEY
    )
}
