//! Restores that do not trust the backup: only the schema this binary creates, and only the
//! pictures its database names, as regular files, never through a symbolic link.

use std::path::{Path, PathBuf};

use rusqlite::Connection;

/// A fresh shop's database at today's schema, backed up to `target` (a folder with the media
/// when `with_media`). Returns the shop's data directory.
fn fresh_backup(target: &Path, with_media: bool) -> tempfile::TempDir {
    let shop = tempfile::tempdir().unwrap();
    let db = ankara::db::Db::open(&shop.path().join("ankara.db")).unwrap();
    ankara::backup::backup(&db, shop.path(), target, with_media).unwrap();
    shop
}

fn refused(source: &Path) -> String {
    let target = tempfile::tempdir().unwrap();
    let message = ankara::backup::restore(target.path(), source, false).expect_err("the backup must be refused");
    assert!(!target.path().join("ankara.db").exists(), "nothing is restored: {message}");
    let left: Vec<_> = std::fs::read_dir(target.path()).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert!(left.iter().all(|name| name == "ankara.lock"), "no copy is left behind: {left:?}");
    message
}

#[test]
fn a_backup_with_a_trigger_the_shop_never_made_is_refused_by_name() {
    let scratch = tempfile::tempdir().unwrap();
    let backup = scratch.path().join("shop.db");
    let _shop = fresh_backup(&backup, false);
    // Any customer who signs in would become an admin at the next token refresh.
    Connection::open(&backup)
        .unwrap()
        .execute_batch(
            "CREATE TRIGGER sessions_admin AFTER INSERT ON sessions BEGIN
                 UPDATE users SET role = 'owner' WHERE id = NEW.user_id;
             END;",
        )
        .unwrap();
    let message = refused(&backup);
    assert!(message.contains("the backup has a trigger that this version of Ankara does not create: sessions_admin"), "{message}");
    assert!(message.contains("nothing was restored"), "{message}");

    // A view or an index on a table of the shop is refused the same way.
    let view = scratch.path().join("view.db");
    let _shop = fresh_backup(&view, false);
    Connection::open(&view).unwrap().execute_batch("CREATE VIEW admins AS SELECT email FROM users WHERE role IS NOT NULL;").unwrap();
    let message = refused(&view);
    assert!(message.contains("the backup has a view that this version of Ankara does not create: admins"), "{message}");
}

#[test]
fn a_stub_with_the_right_table_names_but_other_columns_is_refused() {
    let scratch = tempfile::tempdir().unwrap();
    let real = scratch.path().join("real.db");
    let _shop = fresh_backup(&real, false);
    let tables: Vec<String> = Connection::open(&real)
        .unwrap()
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .map(Result::unwrap)
        .collect();
    assert!(tables.len() > 10, "{tables:?}");
    let stub = scratch.path().join("stub.db");
    let conn = Connection::open(&stub).unwrap();
    for table in &tables {
        conn.execute_batch(&format!("CREATE TABLE {table} (id TEXT)")).unwrap();
    }
    conn.pragma_update(None, "user_version", ankara::db::LATEST_VERSION).unwrap();
    drop(conn);
    let message = refused(&stub);
    assert!(message.contains("the backup's table about_pages is not the one this version of Ankara creates"), "{message}");
    assert!(message.contains("more differences"), "every table differs: {message}");
}

#[test]
fn every_earlier_schema_and_todays_restore_but_not_with_one_index_more() {
    let scratch = tempfile::tempdir().unwrap();
    let today = scratch.path().join("today.db");
    let _shop = fresh_backup(&today, false);
    let mut backups: Vec<(i64, PathBuf)> = (1..ankara::db::LATEST_VERSION)
        .map(|version| (version, crate::common::in_repo(&format!("tests/fixtures/schema-{version}.db"))))
        .collect();
    backups.push((ankara::db::LATEST_VERSION, today));
    for (version, backup) in backups {
        let target = tempfile::tempdir().unwrap();
        let said = ankara::backup::restore(target.path(), &backup, false).unwrap_or_else(|e| panic!("schema {version}: {e}"));
        assert!(said.contains(&format!("restored schema {version} with")), "{said}");

        let changed = scratch.path().join(format!("extra-index-{version}.db"));
        std::fs::copy(&backup, &changed).unwrap();
        Connection::open(&changed).unwrap().execute_batch("CREATE INDEX products_by_name ON products(name);").unwrap();
        let message = refused(&changed);
        assert!(
            message.contains("the backup has an index that this version of Ankara does not create: products_by_name"),
            "schema {version}: {message}"
        );
    }
}

/// A backup folder whose database names one picture, products/abc123 at two widths.
fn backup_with_a_picture(scratch: &Path) -> PathBuf {
    let shop = tempfile::tempdir().unwrap();
    let db = ankara::db::Db::open(&shop.path().join("ankara.db")).unwrap();
    db.with_conn(|c| {
        Ok(c.execute("INSERT INTO media (key, widths, width, height, created_at) VALUES ('products/abc123', '320,640', 640, 800, 0)", [])?)
    })
    .unwrap();
    let products = shop.path().join("media/products");
    std::fs::create_dir_all(&products).unwrap();
    for width in [320, 640] {
        std::fs::write(products.join(format!("abc123-{width}.jpg")), format!("picture at {width}")).unwrap();
    }
    let folder = scratch.join("with-media");
    ankara::backup::backup(&db, shop.path(), &folder, true).unwrap();
    folder
}

/// Every file under `root`, relative to it, with its bytes.
fn files(root: &Path) -> Vec<(String, Vec<u8>)> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(root).into_iter().flatten().flatten() {
        let path = entry.path();
        if std::fs::symlink_metadata(&path).unwrap().is_dir() {
            found.extend(files(&path).into_iter().map(|(name, bytes)| (format!("{}/{name}", entry.file_name().to_string_lossy()), bytes)));
        } else {
            found.push((entry.file_name().to_string_lossy().into_owned(), std::fs::read(&path).unwrap_or_default()));
        }
    }
    found.sort();
    found
}

#[test]
fn restore_copies_only_the_pictures_the_database_names_and_never_through_a_link() {
    let scratch = tempfile::tempdir().unwrap();
    let secret = scratch.path().join("passwd");
    std::fs::write(&secret, "root:x:0:0:secret bytes").unwrap();
    let folder = backup_with_a_picture(scratch.path());
    let picture = folder.join("media/products/abc123-640.jpg");

    // A named picture that is a link to a file outside: refused, naming it.
    std::fs::remove_file(&picture).unwrap();
    std::os::unix::fs::symlink(&secret, &picture).unwrap();
    let message = refused(&folder);
    assert!(message.contains("abc123-640.jpg is a symbolic link"), "{message}");

    // A folder of pictures that is a link to a folder outside: refused too.
    std::fs::remove_file(&picture).unwrap();
    std::fs::write(&picture, "picture at 640").unwrap();
    let elsewhere = scratch.path().join("elsewhere");
    std::fs::rename(folder.join("media/products"), &elsewhere).unwrap();
    std::fs::copy(&secret, elsewhere.join("abc123-320.jpg")).unwrap();
    std::os::unix::fs::symlink(&elsewhere, folder.join("media/products")).unwrap();
    let message = refused(&folder);
    assert!(message.contains("products is a symbolic link"), "{message}");
    std::fs::remove_file(folder.join("media/products")).unwrap();
    std::fs::rename(&elsewhere, folder.join("media/products")).unwrap();
    std::fs::write(folder.join("media/products/abc123-320.jpg"), "picture at 320").unwrap();

    // Links and files the database does not name are left behind; the named pictures come back.
    std::os::unix::fs::symlink(&secret, folder.join("media/products/zzz999-640.jpg")).unwrap();
    std::os::unix::fs::symlink("/etc", folder.join("media/etc")).unwrap();
    std::fs::write(folder.join("media/notes.txt"), "not a picture").unwrap();
    let target = tempfile::tempdir().unwrap();
    let said = ankara::backup::restore(target.path(), &folder, false).unwrap();
    assert!(said.contains("and 2 media files"), "{said}");
    assert_eq!(
        files(&target.path().join("media")),
        [
            ("products/abc123-320.jpg".to_string(), b"picture at 320".to_vec()),
            ("products/abc123-640.jpg".into(), b"picture at 640".to_vec())
        ]
    );
}

#[test]
fn a_picture_name_that_leaves_the_media_folder_is_refused() {
    let scratch = tempfile::tempdir().unwrap();
    let folder = backup_with_a_picture(scratch.path());
    Connection::open(folder.join("ankara.db"))
        .unwrap()
        .execute("INSERT INTO media (key, widths, width, height, created_at) VALUES ('../../secret', '640', 640, 800, 0)", [])
        .unwrap();
    let message = refused(&folder);
    assert!(message.contains("names a picture outside the media folder"), "{message}");
}
