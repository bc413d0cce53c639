//! SQLite access: a small connection pool, pragmas, migrations, and helpers that keep rusqlite
//! work off actix's async threads: reads on the blocking pool, writes on one writer thread that
//! commits the writes queued together in one transaction, each in its own savepoint.

mod migrations;
pub mod text_enum;

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, Sender};
use std::sync::{Arc, Mutex, RwLock, Weak};

use rusqlite::{Connection, OpenFlags, Transaction, TransactionBehavior};

use crate::error::{AppError, AppResult};

#[cfg(test)]
pub(crate) use migrations::apply_up_to_for_tests;
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
    /// The writer thread's queue ([`Db::write`]).
    jobs: Sender<Job>,
    /// While set, every write is refused with this sentence (a standby, or a primary another
    /// machine has replaced: `standby`).
    refusal: RwLock<Option<String>>,
    /// A standby's copy that Litestream writes into page by page ([`Db::open_following`]).
    following: AtomicBool,
}

/// A write waiting for the writer thread. It runs inside the batch's transaction, in its own
/// savepoint, and answers how to tell its caller once the batch has committed (or not).
type Job = Box<dyn FnOnce(&Transaction) -> Settle + Send>;
type Settle = Box<dyn FnOnce(Result<(), String>) + Send>;

/// Writes committed together at most. The jobs of a batch run one after another as before; they
/// share one BEGIN and one COMMIT (pages several of them touch go to the WAL once), and a job waits
/// for the others in its batch before its caller hears it committed.
const MAX_BATCH: usize = 32;

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
        let mut copy = None;
        if version > 0 && version < LATEST_VERSION {
            let kept = before_migration(&conn, path, version)?;
            tracing::info!(schema = version, copy = %kept.display(), "upgrading the database; a copy was kept");
            copy = Some(kept);
        }
        migrations::apply(&mut conn).map_err(|e| match &copy {
            // The upgrade is one transaction: the database is still the previous version's.
            Some(copy) if migrations::version(&conn).ok() == Some(version) => format!(
                "cannot upgrade the database {} from schema {version}: {e}. It was left as it was, so the previous version of Ankara still runs on it; \
                 a copy from before this attempt is at {} (if it is ever needed: ankara restore {} --replace). Report this error.",
                path.display(),
                copy.display(),
                copy.display()
            ),
            _ => describe_open_error(path, &e),
        })?;
        Db::start(path, app_checkpoints, vec![conn], false)
    }

    fn start(path: &Path, app_checkpoints: bool, idle: Vec<Connection>, following: bool) -> Result<Db, String> {
        let (jobs, queue) = std::sync::mpsc::channel();
        let inner = Arc::new(Inner {
            path: path.to_path_buf(),
            app_checkpoints,
            idle: Mutex::new(idle),
            writer: Mutex::new(()),
            jobs,
            refusal: RwLock::new(None),
            following: AtomicBool::new(following),
        });
        let weak = Arc::downgrade(&inner);
        std::thread::Builder::new()
            .name("db-writer".into())
            .spawn(move || run_writer(weak, queue))
            .map_err(|e| format!("cannot start the database writer: {e}"))?;
        Ok(Db { inner })
    }

    /// Opens a standby's copy of the database, which Litestream's follow mode keeps writing into
    /// page by page, for reading only (writes are refused with `refusal`). Litestream takes the
    /// file's SQLite lock while it writes, but SQLite only notices another process's pages through
    /// a header those writes do not always touch: so each read gets a connection of its own, closed
    /// afterwards (no stale page kept), inside one read transaction (its lock held throughout, so
    /// Litestream waits rather than changing pages under it).
    pub fn open_following(path: &Path, refusal: String) -> Result<Db, String> {
        let conn = open_reader(path).map_err(|e| describe_open_error(path, &e))?;
        let version = migrations::version(&conn).map_err(|e| describe_open_error(path, &e))?;
        if version > LATEST_VERSION {
            return Err(format!(
                "the primary's database is from a newer version of Ankara (schema {version}, this binary knows up to {LATEST_VERSION}): upgrade this machine's binary"
            ));
        }
        let db = Db::start(path, false, Vec::new(), true)?;
        db.refuse_writes(Some(refusal));
        Ok(db)
    }

    /// Makes a followed copy the shop's own database (a promotion, once Litestream has stopped
    /// writing into it): connections become read-write again, the WAL comes back, and migrations
    /// run. Writes stay refused until the caller lifts the refusal.
    pub fn stop_following(&self) -> Result<(), String> {
        let path = self.path().to_path_buf();
        let mut conn = open_connection(&path, self.inner.app_checkpoints).map_err(|e| describe_open_error(&path, &e))?;
        let quick: String = conn.query_row("PRAGMA quick_check", [], |r| r.get(0)).map_err(|e| describe_open_error(&path, &e))?;
        if quick != "ok" {
            return Err(format!("the standby's copy of the database failed SQLite's check ({quick}); it was not promoted"));
        }
        let version = migrations::version(&conn).map_err(|e| describe_open_error(&path, &e))?;
        if version > 0 && version < LATEST_VERSION {
            let copy = before_migration(&conn, &path, version)?;
            tracing::info!(schema = version, copy = %copy.display(), "upgrading the database; a copy was kept");
        }
        migrations::apply(&mut conn).map_err(|e| describe_open_error(&path, &e))?;
        let mut idle = self.inner.idle.lock().unwrap();
        idle.clear();
        idle.push(conn);
        self.inner.following.store(false, Ordering::SeqCst);
        Ok(())
    }

    /// Refuses every write from now on with `why` (None: accepts them again).
    pub fn refuse_writes(&self, why: Option<String>) {
        *self.inner.refusal.write().unwrap() = why;
    }

    fn refused(&self) -> AppResult<()> {
        match &*self.inner.refusal.read().unwrap() {
            Some(why) => Err(AppError::SwitchingOver(why.clone())),
            None => Ok(()),
        }
    }

    /// Waits until every write queued before this call has been committed (or failed): a primary
    /// that has just stopped taking writes lets the last ones reach the disk before Litestream
    /// ships it for the last time.
    pub fn drain(&self) {
        let (done, finished) = std::sync::mpsc::channel::<()>();
        let job: Job = Box::new(move |tx| {
            let _ = tx.execute_batch("RELEASE job");
            Box::new(move |_| {
                let _ = done.send(());
            })
        });
        if self.inner.jobs.send(job).is_ok() {
            let _ = finished.recv_timeout(std::time::Duration::from_secs(10));
        }
    }

    pub fn path(&self) -> &Path {
        &self.inner.path
    }

    fn checkout(&self) -> AppResult<Connection> {
        if self.inner.following.load(Ordering::SeqCst) {
            return open_reader(&self.inner.path).map_err(AppError::from);
        }
        if let Some(conn) = self.inner.idle.lock().unwrap().pop() {
            return Ok(conn);
        }
        open_connection(&self.inner.path, self.inner.app_checkpoints).map_err(AppError::from)
    }

    fn checkin(&self, conn: Connection) {
        // A reader checked out while the copy was still followed can come back after the
        // promotion has turned following off: kept, the next write would take it ("attempt to
        // write a readonly database", and the promotion fails).
        if self.inner.following.load(Ordering::SeqCst) || conn.is_readonly(rusqlite::MAIN_DB).unwrap_or(true) {
            return;
        }
        let mut idle = self.inner.idle.lock().unwrap();
        if idle.len() < MAX_IDLE {
            idle.push(conn);
        }
    }

    /// Runs `f` with a connection, synchronously. For start-up code, commands and tests.
    pub fn with_conn<T>(&self, f: impl FnOnce(&mut Connection) -> AppResult<T>) -> AppResult<T> {
        let mut conn = self.checkout()?;
        if self.inner.following.load(Ordering::SeqCst) {
            // One read transaction: the SQLite lock is kept until the last statement has read.
            conn.execute_batch("BEGIN")?;
            let result = f(&mut conn);
            let _ = conn.execute_batch("COMMIT");
            return result;
        }
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

    /// Runs write work on the writer thread, in an IMMEDIATE transaction (the write lock is taken
    /// up front: no deadlock on upgrade) shared with the writes queued beside it, inside its own
    /// savepoint: its changes are kept only if `f` succeeds, and it answers once they are
    /// committed. Under load (checkouts) one commit serves many writes, and no write waits on a
    /// blocking-pool thread that waits on the write lock.
    pub async fn write<T, F>(&self, f: F) -> AppResult<T>
    where
        T: Send + 'static,
        F: FnOnce(&Transaction) -> AppResult<T> + Send + 'static,
    {
        self.refused()?;
        let span = tracing::Span::current();
        let (answer, answered) = tokio::sync::oneshot::channel::<AppResult<T>>();
        let job: Job = Box::new(move |tx| {
            let result = span.in_scope(|| {
                let _span = tracing::debug_span!("db.write").entered();
                std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| f(tx)))
                    .unwrap_or_else(|_| Err(AppError::internal("a database write panicked")))
            });
            let end = if result.is_ok() { "RELEASE job" } else { "ROLLBACK TO job; RELEASE job" };
            let result = tx.execute_batch(end).map_err(AppError::from).and(result);
            Box::new(move |committed| {
                let result = match committed {
                    Ok(()) => result,
                    Err(why) => result.and(Err(AppError::internal(why))),
                };
                // A caller that went away (its request was dropped) hears nothing.
                let _ = answer.send(result);
            })
        });
        self.inner.jobs.send(job).map_err(|_| AppError::internal("the database writer has stopped"))?;
        answered.await.map_err(|_| AppError::internal("the database writer dropped a write (see the log)"))?
    }

    /// The synchronous form of [`Db::write`], in a transaction of its own on the calling thread
    /// (commands, start-up, tests).
    pub fn write_now<T>(&self, f: impl FnOnce(&Transaction) -> AppResult<T>) -> AppResult<T> {
        self.refused()?;
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

/// The writer thread: takes the writes queued (up to [`MAX_BATCH`]) and commits them together. It
/// ends when the database is closed (every [`Db`] dropped, so the queue's sender is gone).
fn run_writer(db: Weak<Inner>, queue: Receiver<Job>) {
    while let Ok(first) = queue.recv() {
        let Some(inner) = db.upgrade() else { return };
        let mut batch = vec![first];
        batch.extend(queue.try_iter().take(MAX_BATCH - 1));
        Db { inner }.commit_batch(batch);
    }
}

impl Db {
    fn commit_batch(&self, batch: Vec<Job>) {
        let _one_writer = self.inner.writer.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let mut settles = Vec::with_capacity(batch.len());
        let committed = self.with_conn(|conn| {
            let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
            for job in batch {
                tx.execute_batch("SAVEPOINT job")?;
                settles.push(job(&tx));
                // Some errors (a full disk, an I/O error) make SQLite roll back the whole
                // transaction: the jobs before were undone with it, and none after may run
                // outside a transaction. They are told it failed; the rest are dropped (their
                // callers hear the write was not run).
                if tx.is_autocommit() {
                    return Err(AppError::internal("SQLite rolled back a batch of writes"));
                }
            }
            tx.commit()?;
            Ok(())
        });
        if let Err(e) = &committed {
            tracing::error!(writes = settles.len(), error = %e, "a batch of database writes was not committed");
        }
        let committed = committed.map_err(|e| e.to_string());
        for settle in settles {
            settle(committed.clone());
        }
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

/// A read-only connection to a standby's copy: no journal mode set (Litestream owns the file),
/// the same busy wait as the shop's own connections.
fn open_reader(path: &Path) -> rusqlite::Result<Connection> {
    let flags = OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX | OpenFlags::SQLITE_OPEN_URI;
    let conn = Connection::open_with_flags(path, flags)?;
    conn.busy_timeout(std::time::Duration::from_secs(5))?;
    conn.set_prepared_statement_cache_capacity(STATEMENTS_KEPT);
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A request that read the standby's copy while it was followed and hands its connection back
    /// once the promotion has stopped following: the reader is not kept, and the first write
    /// after the promotion (the new lineage) goes through (it had failed with "attempt to write a
    /// readonly database" when shoppers' reads raced the promotion).
    #[test]
    fn a_reader_returned_after_a_promotion_is_not_kept_for_writes() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("ankara.db");
        drop(Db::open(&path).unwrap());
        let db = Db::open_following(&path, "following".into()).unwrap();
        let reader = db.checkout().unwrap();
        assert!(reader.is_readonly(rusqlite::MAIN_DB).unwrap());
        db.stop_following().unwrap();
        db.refuse_writes(None);
        db.checkin(reader);
        db.write_now(|tx| Ok(tx.execute_batch("CREATE TABLE promoted (n INTEGER)")?)).unwrap();
        let writes = db.write_now(|tx| Ok(tx.execute("INSERT INTO promoted (n) VALUES (1)", [])?)).unwrap();
        assert_eq!(writes, 1);
    }

    /// Fifty writes at once, committed in batches by the writer thread: each caller is told its
    /// own outcome, only once it is committed (another connection sees it at once); a write that
    /// fails or panics leaves nothing behind, and the others in its batch are kept.
    #[actix_web::test]
    async fn writes_committed_together_keep_each_ones_outcome() {
        let dir = tempfile::tempdir().unwrap();
        let db = Db::open(&dir.path().join("ankara.db")).unwrap();
        db.write_now(|tx| Ok(tx.execute_batch("CREATE TABLE t (n INTEGER PRIMARY KEY)")?)).unwrap();
        let writes: Vec<_> = (0..50_i64)
            .map(|n| {
                let db = db.clone();
                actix_web::rt::spawn(async move {
                    let result = db
                        .write(move |tx| {
                            tx.execute("INSERT INTO t (n) VALUES (?1)", [n])?;
                            match n {
                                11 => panic!("write {n} panics (expected by the test)"),
                                _ if n % 5 == 0 => Err(AppError::Validation(format!("{n} refused"))),
                                _ => Ok(n),
                            }
                        })
                        .await;
                    let seen: i64 =
                        db.read(move |c| Ok(c.query_row("SELECT COUNT(*) FROM t WHERE n = ?1", [n], |r| r.get(0))?)).await.unwrap();
                    (n, result, seen)
                })
            })
            .collect();
        for write in writes {
            let (n, result, seen) = write.await.unwrap();
            match result {
                Ok(value) => assert_eq!((value, seen), (n, 1), "write {n} answered before its row was committed"),
                Err(AppError::Validation(why)) => assert_eq!((n % 5, why, seen), (0, format!("{n} refused"), 0)),
                Err(e) => assert_eq!((n, e.is_internal(), seen), (11, true, 0), "write {n}: {e}"),
            }
        }
        let kept: Vec<i64> =
            db.with_conn(|c| Ok(c.prepare("SELECT n FROM t ORDER BY n")?.query_map([], |r| r.get(0))?.collect::<Result<_, _>>()?)).unwrap();
        assert_eq!(kept, (0..50).filter(|n| n % 5 != 0 && *n != 11).collect::<Vec<_>>());
    }
}
