//! Backups and restores. A backup is a consistent copy of the database (`VACUUM INTO`, safe while
//! the shop serves), optionally with the media files beside it in one folder; a restore checks the
//! copy is an Ankara database of a schema this binary knows, refuses to touch a running shop, and
//! brings the media back. The database is also copied aside before a migration changes it.

use std::fs::File;
use std::path::{Path, PathBuf};

use rusqlite::{Connection, OpenFlags};

/// The database's file name in a data directory and in a backup folder.
pub const DATABASE_FILE: &str = "ankara.db";

/// Held by a serving shop for its whole life: restore refuses while someone holds it. The
/// operating system lets go of it when the process ends, however it ends.
pub struct ServeLock(#[allow(dead_code)] File);

/// Takes the data directory's lock, or says who holds it.
pub fn lock_data_dir(data_dir: &Path) -> Result<ServeLock, String> {
    use std::os::fd::AsRawFd;
    std::fs::create_dir_all(data_dir).map_err(|e| format!("cannot create the data directory {}: {e}", data_dir.display()))?;
    let path = data_dir.join("ankara.lock");
    let file =
        File::options().create(true).truncate(false).write(true).open(&path).map_err(|e| format!("cannot open {}: {e}", path.display()))?;
    // SAFETY: flock on a descriptor this function owns; no memory is involved.
    if unsafe { libc::flock(file.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) } != 0 {
        return Err(format!("an Ankara shop is running on {}: stop it first", data_dir.display()));
    }
    Ok(ServeLock(file))
}

/// Writes a consistent copy of the database to `target` (which must not exist), and with
/// `with_media` makes `target` a folder holding the database and a copy of the media files.
pub fn backup(db: &crate::db::Db, data_dir: &Path, target: &Path, with_media: bool) -> Result<String, String> {
    if target.exists() {
        return Err(format!("{} already exists; choose a new name", target.display()));
    }
    let database = if with_media {
        std::fs::create_dir(target).map_err(|e| format!("cannot create the folder {}: {e}", target.display()))?;
        target.join(DATABASE_FILE)
    } else {
        target.to_path_buf()
    };
    let copied = db.with_conn(|conn| Ok(vacuum_into(conn, &database)?)).map_err(|e| e.to_string());
    let result =
        copied.and_then(|_| if with_media { copy_media(&crate::media::media_dir(data_dir), &target.join("media")) } else { Ok(0) });
    match result {
        Ok(files) if with_media => Ok(format!("backed up the database and {files} media files to {}", target.display())),
        Ok(_) => Ok(format!(
            "backed up the database to {} (media files live in {}; add --with-media to copy them too)",
            target.display(),
            crate::media::media_dir(data_dir).display()
        )),
        Err(e) => {
            // Nothing half-written is left to be mistaken for a backup.
            let _ = if with_media { std::fs::remove_dir_all(target) } else { std::fs::remove_file(target) };
            Err(format!("backup failed, nothing was kept: {e}"))
        }
    }
}

fn vacuum_into(conn: &Connection, target: &Path) -> rusqlite::Result<()> {
    conn.execute("VACUUM INTO ?1", [target.to_string_lossy()]).map(|_| ())
}

/// Copies every file under `from` into `to` that `to` does not have yet (media names are content
/// addressed, so a file of the same name is the same picture). Returns how many were copied.
fn copy_media(from: &Path, to: &Path) -> Result<usize, String> {
    let mut progress = crate::progress::Progress::new("copying media", count_files(from));
    let mut copied = 0;
    let mut folders = vec![PathBuf::new()];
    while let Some(relative) = folders.pop() {
        let entries = match std::fs::read_dir(from.join(&relative)) {
            Ok(entries) => entries,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound && relative.as_os_str().is_empty() => return Ok(0),
            Err(e) => return Err(format!("cannot read {}: {e}", from.join(&relative).display())),
        };
        std::fs::create_dir_all(to.join(&relative)).map_err(|e| format!("cannot create {}: {e}", to.join(&relative).display()))?;
        for entry in entries {
            let entry = entry.map_err(|e| e.to_string())?;
            let name = relative.join(entry.file_name());
            if entry.file_type().map_err(|e| e.to_string())?.is_dir() {
                folders.push(name);
            } else {
                if !to.join(&name).exists() {
                    std::fs::copy(entry.path(), to.join(&name)).map_err(|e| format!("cannot copy {}: {e}", name.display()))?;
                    copied += 1;
                }
                progress.advance(1);
            }
        }
    }
    progress.finish();
    Ok(copied)
}

fn count_files(root: &Path) -> u64 {
    std::fs::read_dir(root)
        .into_iter()
        .flatten()
        .flatten()
        .map(|entry| if entry.file_type().is_ok_and(|t| t.is_dir()) { count_files(&entry.path()) } else { 1 })
        .sum()
}

/// Restores a backup (a database file, or a `--with-media` folder) into `data_dir`. Refuses while
/// a shop serves from it, and when it already holds a shop unless `replace` (which keeps the old
/// database beside it). The search index is rebuilt at the next start.
pub fn restore(data_dir: &Path, source: &Path, replace: bool) -> Result<String, String> {
    let _lock = lock_data_dir(data_dir)?;
    let (database, media) =
        if source.is_dir() { (source.join(DATABASE_FILE), Some(source.join("media"))) } else { (source.to_path_buf(), None) };
    let backup = Connection::open_with_flags(&database, OpenFlags::SQLITE_OPEN_READ_ONLY)
        .map_err(|e| format!("cannot open {}: {e}", database.display()))?;
    let version = check_is_ankara(&backup).map_err(|why| format!("{} {why}; nothing was restored", database.display()))?;

    let target = data_dir.join(DATABASE_FILE);
    if target.exists() {
        if !replace {
            return Err(format!(
                "{} already holds a shop; pass --replace to restore over it (its database is kept beside it)",
                data_dir.display()
            ));
        }
        let aside = data_dir.join(format!("{DATABASE_FILE}.replaced-{}", crate::db::now_ms()));
        for suffix in ["", "-wal", "-shm"] {
            let file = PathBuf::from(format!("{}{suffix}", target.display()));
            if file.exists() {
                std::fs::rename(&file, format!("{}{suffix}", aside.display()))
                    .map_err(|e| format!("cannot move {} aside: {e}", file.display()))?;
            }
        }
    }
    vacuum_into(&backup, &target).map_err(|e| {
        let _ = std::fs::remove_file(&target);
        format!("restore failed, nothing was kept: {e}")
    })?;
    let media_files = match media {
        Some(media) => copy_media(&media, &crate::media::media_dir(data_dir))?,
        None => 0,
    };
    // The index answers for the old catalogue; the next start builds it from the restored one.
    let _ = std::fs::remove_dir_all(data_dir.join("search-index"));
    // Brings an older schema forward now, so a failure shows here rather than at the next start.
    let db = crate::db::Db::open(&target)?;
    let (products, orders) = db
        .with_conn(|c| {
            Ok(c.query_row("SELECT (SELECT COUNT(*) FROM products), (SELECT COUNT(*) FROM orders)", [], |r| {
                Ok((r.get::<_, i64>(0)?, r.get::<_, i64>(1)?))
            })?)
        })
        .map_err(|e| e.to_string())?;
    Ok(format!(
        "restored schema {version} with {products} products and {orders} orders{} into {}",
        if media_files > 0 { format!(" and {media_files} media files") } else { String::new() },
        data_dir.display()
    ))
}

/// The schema version of an Ankara database, or why it is not one this binary can use.
fn check_is_ankara(conn: &Connection) -> Result<i64, String> {
    let version: i64 = conn.query_row("PRAGMA user_version", [], |r| r.get(0)).map_err(|_| "is not an Ankara database".to_string())?;
    let tables: i64 = conn
        .query_row(
            "SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name IN ('users', 'products', 'orders', 'collections')",
            [],
            |r| r.get(0),
        )
        .map_err(|_| "is not an Ankara database".to_string())?;
    if tables < 4 || version < 1 {
        return Err("is not an Ankara database".into());
    }
    if version > crate::db::LATEST_VERSION {
        return Err(format!(
            "is from a newer Ankara (schema {version}; this binary knows up to {}): restore it with the newer binary",
            crate::db::LATEST_VERSION
        ));
    }
    Ok(version)
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
