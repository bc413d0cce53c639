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

use crate::db::vacuum_into;

/// Copies every file under `from` into `to` that `to` does not have yet (media names are content
/// addressed, so a file of the same name is the same picture). Returns how many were copied. For
/// backups of the shop's own media; a restore copies through [`copy_pictures`] instead.
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
///
/// A backup is not trusted: its schema must be exactly the one this binary creates for its
/// version (a trigger or view slipped into it would run inside the shop), and only the pictures
/// its database names are copied, as regular files, never through a symbolic link.
pub fn restore(data_dir: &Path, source: &Path, replace: bool) -> Result<String, String> {
    let _lock = lock_data_dir(data_dir)?;
    let (database, media) =
        if source.is_dir() { (source.join(DATABASE_FILE), Some(source.join("media"))) } else { (source.to_path_buf(), None) };
    let refused = |why: String| format!("{} {why}; nothing was restored", database.display());
    let backup = Connection::open_with_flags(&database, OpenFlags::SQLITE_OPEN_READ_ONLY)
        .map_err(|e| format!("cannot open {}: {e}", database.display()))?;
    let version = check_is_ankara(&backup).map_err(refused)?;
    let expected = crate::db::expected_schema(version).map_err(|e| format!("cannot build schema {version} to compare with: {e}"))?;
    check_schema(&backup, &expected, version).map_err(refused)?;

    let target = data_dir.join(DATABASE_FILE);
    if target.exists() && !replace {
        return Err(format!(
            "{} already holds a shop; pass --replace to restore over it (its database is kept beside it)",
            data_dir.display()
        ));
    }
    // The rest reads a private copy, checked again: the backup cannot change between being
    // checked and being restored.
    let copy = data_dir.join(format!("{DATABASE_FILE}.restoring-{}", crate::db::now_ms()));
    let discard = |why: String| {
        let _ = std::fs::remove_file(&copy);
        why
    };
    vacuum_into(&backup, &copy).map_err(|e| discard(format!("restore failed, nothing was kept: {e}")))?;
    drop(backup);
    let pictures = Connection::open_with_flags(&copy, OpenFlags::SQLITE_OPEN_READ_ONLY)
        .map_err(|e| e.to_string())
        .and_then(|conn| {
            check_schema(&conn, &expected, version).map_err(refused)?;
            match &media {
                Some(media) => media_to_restore(&conn, media),
                None => Ok(MediaPlan::default()),
            }
        })
        .map_err(discard)?;

    if target.exists() {
        let aside = data_dir.join(format!("{DATABASE_FILE}.replaced-{}", crate::db::now_ms()));
        for suffix in ["", "-wal", "-shm"] {
            let file = PathBuf::from(format!("{}{suffix}", target.display()));
            if file.exists() {
                std::fs::rename(&file, format!("{}{suffix}", aside.display()))
                    .map_err(|e| discard(format!("cannot move {} aside: {e}", file.display())))?;
            }
        }
    }
    std::fs::rename(&copy, &target).map_err(|e| discard(format!("restore failed, nothing was kept: {e}")))?;
    let media_files = match &media {
        Some(media) => copy_pictures(media, &crate::media::media_dir(data_dir), &pictures.files)?,
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
        "restored schema {version} with {products} products and {orders} orders{}{} into {}",
        if media_files > 0 { format!(" and {media_files} media files") } else { String::new() },
        match pictures.missing {
            0 => String::new(),
            n => format!(" ({n} media files the database names were not in the backup)"),
        },
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

/// Refuses a database whose tables, indexes, triggers and views are not exactly those this
/// binary's migrations create at `version`, naming what differs.
fn check_schema(conn: &Connection, expected: &[crate::db::SchemaObject], version: i64) -> Result<(), String> {
    let found = crate::db::schema_of(conn).map_err(|e| format!("is damaged or is not an Ankara database ({e})"))?;
    let a = |kind: &str| if kind.starts_with(['a', 'e', 'i', 'o', 'u']) { format!("an {kind}") } else { format!("a {kind}") };
    let find = |list: &[crate::db::SchemaObject], o: &crate::db::SchemaObject| {
        list.iter().find(|other| other.kind == o.kind && other.name == o.name).cloned()
    };
    // What the shop would never make comes first: that is what could act inside it.
    let (mut extra, mut changed, mut missing) = (Vec::new(), Vec::new(), Vec::new());
    for object in &found {
        match find(expected, object) {
            None => extra.push(format!("the backup has {} that this version of Ankara does not create: {}", a(&object.kind), object.name)),
            Some(wanted) if wanted != *object => {
                changed.push(format!("the backup's {} {} is not the one this version of Ankara creates", object.kind, object.name))
            }
            Some(_) => {}
        }
    }
    for object in expected {
        if find(&found, object).is_none() {
            missing.push(format!("the backup has no {} {}", object.kind, object.name));
        }
    }
    let differences: Vec<String> = extra.into_iter().chain(changed).chain(missing).collect();
    if differences.is_empty() {
        return Ok(());
    }
    let shown = differences.len().min(5);
    let more = if differences.len() > shown { format!(" and {} more differences", differences.len() - shown) } else { String::new() };
    Err(format!("does not have the schema Ankara creates for schema {version}: {}{more}", differences[..shown].join("; ")))
}

/// The pictures a restore copies: regular files the restored database names, found inside the
/// backup's media folder without passing through a symbolic link.
#[derive(Default)]
struct MediaPlan {
    /// Paths relative to the media folder.
    files: Vec<PathBuf>,
    /// Named by the database but absent from the backup.
    missing: usize,
}

/// Checks every file the database's media rows name (`{key}-{width}.jpg`, or `.png` for a logo, and
/// `{key}-{width}.webp`, as the shop stores them) in the backup's media folder. Refuses a name that would leave the folder and anything that is
/// a symbolic link or not a regular file; other files in the folder are ignored.
fn media_to_restore(conn: &Connection, media: &Path) -> Result<MediaPlan, String> {
    use crate::media::Format;
    let mut plan = MediaPlan::default();
    match std::fs::symlink_metadata(media) {
        Ok(meta) if meta.is_dir() => {}
        Ok(_) => return Err(format!("{} is not a folder (a symbolic link is not followed); nothing was restored", media.display())),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
        Err(e) => return Err(format!("cannot read {}: {e}", media.display())),
    }
    // WebP copies came with schema 17; an older backup names JPEGs only.
    let webp: bool = conn
        .query_row("SELECT EXISTS(SELECT 1 FROM pragma_table_info('media') WHERE name = 'webp_widths')", [], |r| r.get(0))
        .map_err(|e| format!("cannot read the backup's media: {e}"))?;
    let sql =
        if webp { "SELECT key, widths, webp_widths FROM media ORDER BY key" } else { "SELECT key, widths, '' FROM media ORDER BY key" };
    let rows: Vec<(String, String, String)> = conn
        .prepare(sql)
        .and_then(|mut stmt| stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?.collect())
        .map_err(|e| format!("cannot read the backup's media: {e}"))?;
    for (key, widths, webp_widths) in rows {
        let safe_key = key.len() <= 150
            && key.split('/').all(|part| !part.is_empty() && part.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_')));
        if !safe_key {
            return Err(format!("the backup's database names a picture outside the media folder ({key:?}); nothing was restored"));
        }
        let files = widths.split(',').map(|w| (w, Format::fallback(&key))).chain(webp_widths.split(',').map(|w| (w, Format::WebP)));
        for (width, format) in files.filter(|(w, _)| !w.is_empty()) {
            let width: u32 = width.parse().map_err(|_| format!("the backup's database has a bad width for {key}: {width:?}"))?;
            let relative = PathBuf::from(crate::media::variant_path(&key, width, format));
            match regular_file_inside(media, &relative)? {
                true => plan.files.push(relative),
                false => plan.missing += 1,
            }
        }
    }
    Ok(plan)
}

/// Whether `relative` is a regular file inside `root` (false when absent), walking each folder on
/// the way without following a symbolic link; a link or anything else is refused.
fn regular_file_inside(root: &Path, relative: &Path) -> Result<bool, String> {
    let mut path = root.to_path_buf();
    let parts: Vec<_> = relative.components().collect();
    for (i, part) in parts.iter().enumerate() {
        path.push(part);
        let meta = match std::fs::symlink_metadata(&path) {
            Ok(meta) => meta,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(false),
            Err(e) => return Err(format!("cannot read {}: {e}", path.display())),
        };
        let last = i + 1 == parts.len();
        if meta.file_type().is_symlink() {
            return Err(format!(
                "{} is a symbolic link: a restore copies pictures only, never what a link points to; nothing was restored",
                path.display()
            ));
        }
        if (last && !meta.is_file()) || (!last && !meta.is_dir()) {
            return Err(format!("{} is not a {}; nothing was restored", path.display(), if last { "picture file" } else { "folder" }));
        }
    }
    Ok(true)
}

/// Copies the checked pictures into the shop's media folder (a name already there is the same
/// picture: names are content addressed). Each is opened without following a link and must still
/// be a regular file, so a file swapped for a link after the check is not followed either.
fn copy_pictures(from: &Path, to: &Path, files: &[PathBuf]) -> Result<usize, String> {
    use std::os::unix::fs::OpenOptionsExt;
    let mut progress = crate::progress::Progress::new("copying media", files.len() as u64);
    let mut copied = 0;
    for relative in files {
        let (source, target) = (from.join(relative), to.join(relative));
        progress.advance(1);
        if std::fs::symlink_metadata(&target).is_ok() {
            continue;
        }
        let cannot = |e: std::io::Error| format!("cannot copy {}: {e}", source.display());
        let mut input = File::options().read(true).custom_flags(libc::O_NOFOLLOW).open(&source).map_err(cannot)?;
        if !input.metadata().map_err(cannot)?.is_file() {
            return Err(format!("{} is not a picture file; it was not copied", source.display()));
        }
        if let Some(folder) = target.parent() {
            std::fs::create_dir_all(folder).map_err(|e| format!("cannot create {}: {e}", folder.display()))?;
        }
        let part = target.with_extension("jpg.part");
        let written =
            File::create(&part).and_then(|mut output| std::io::copy(&mut input, &mut output)).and_then(|_| std::fs::rename(&part, &target));
        if let Err(e) = written {
            let _ = std::fs::remove_file(&part);
            return Err(format!("cannot copy {}: {e}", source.display()));
        }
        copied += 1;
    }
    progress.finish();
    Ok(copied)
}
