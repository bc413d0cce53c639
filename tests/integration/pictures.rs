//! What a phone downloads (issue 40): pictures as lossy WebP beside the JPEGs at the widths phones
//! need, the catalogue's answers and the front end's files revalidated with ETags (304s), and
//! `ankara media reencode` giving pictures stored before WebP their copies.

use crate::common::*;

#[actix_web::test]
async fn pictures_come_as_webp_at_the_phone_widths_beside_the_jpegs() {
    let app = spawn_app().await;
    let (_, home) = app.get_json("/api/home").await;
    let first = &home["sections"][0]["slides"][0]["picture"];
    let webp = first["webpSrcset"].as_str().unwrap();
    for width in [240, 360, 640, 720, 800, 1024, 1280, 1600] {
        assert!(webp.contains(&format!(".webp {width}w")), "{width} in {webp}");
    }
    let url = webp.split(", ").find(|c| c.ends_with(" 720w")).unwrap().split(' ').next().unwrap();
    let res = app.get(url).await;
    assert_eq!(res.status(), 200);
    assert_eq!(res.headers()["content-type"], "image/webp");
    assert!(res.headers()["cache-control"].to_str().unwrap().contains("immutable"));
    let bytes = res.bytes().await.unwrap();
    assert_eq!((&bytes[..4], &bytes[8..12]), (&b"RIFF"[..], &b"WEBP"[..]));
    let jpeg = app.get(first["url"].as_str().unwrap()).await.bytes().await.unwrap();
    assert!(bytes.len() < jpeg.len(), "the WebP ({}) is smaller than the JPEG ({})", bytes.len(), jpeg.len());

    // An upload is stored both ways at every width.
    let processed = ankara::media::process(&png(1500, 2000, [120, 40, 200]), ankara::media::ImageKind::Portrait).unwrap();
    let widths = |v: &[(u32, Vec<u8>)]| v.iter().map(|(w, _)| *w).collect::<Vec<_>>();
    assert_eq!(widths(&processed.variants), [240, 320, 360, 480, 640, 720, 800, 1024]);
    assert_eq!(widths(&processed.webp), widths(&processed.variants));
    assert!(processed.webp.iter().all(|(_, b)| &b[8..12] == b"WEBP"));
}

#[actix_web::test]
async fn a_returning_phone_gets_304s_for_answers_and_files_it_has() {
    let app = spawn_app().await;
    for path in ["/api/home", "/api/products/featured", "/sw.js", "/favicon.svg"] {
        let first = app.get(path).await;
        assert_eq!(first.status(), 200, "{path}");
        let etag = first.headers()["etag"].to_str().unwrap().to_string();
        let again = app.main.client.get(app.url(path)).header("If-None-Match", &etag).send().await.unwrap();
        assert_eq!(again.status(), 304, "{path}");
        assert_eq!(again.headers()["etag"].to_str().unwrap(), etag, "{path}");
        assert!(again.bytes().await.unwrap().is_empty());
        let other = app.main.client.get(app.url(path)).header("If-None-Match", "\"else\"").send().await.unwrap();
        assert_eq!(other.status(), 200, "{path}");
    }
}

#[actix_web::test]
async fn reencode_gives_pictures_stored_before_webp_their_copies_and_skips_the_rest() {
    let app = spawn_app().await;
    let root = ankara::media::media_dir(app.dir.path());
    // A picture as a shop stored it before issue 40: JPEGs at 320/640/1024, no WebP.
    let key: String = app
        .state
        .db
        .with_conn(|c| Ok(c.query_row("SELECT key FROM media WHERE key LIKE 'products/%' ORDER BY key LIMIT 1", [], |r| r.get(0))?))
        .unwrap();
    app.sql(&format!("UPDATE media SET webp_widths = '' WHERE key = '{key}'"));
    for entry in std::fs::read_dir(root.join("products")).unwrap().flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.starts_with(key.trim_start_matches("products/")) && name.ends_with(".webp") {
            std::fs::remove_file(entry.path()).unwrap();
        }
    }
    let done = ankara::media::reencode_all(&app.state.db, &root, |_, _| {}).unwrap();
    assert_eq!((done.encoded, done.missing), (1, 0), "only the picture without copies: {done:?}");
    let image = app.state.db.with_conn(|c| Ok(ankara::media::load(c, &key)?)).unwrap().unwrap();
    assert!(image.webp_srcset.contains(".webp 720w"), "{}", image.webp_srcset);
    for candidate in image.webp_srcset.split(", ") {
        let file = candidate.split(' ').next().unwrap().trim_start_matches("/media/");
        assert!(root.join(file).is_file(), "{file} was written");
    }
    let again = ankara::media::reencode_all(&app.state.db, &root, |_, _| {}).unwrap();
    assert_eq!(again.encoded, 0, "nothing left to do");
}

#[actix_web::test]
async fn the_pages_own_shell_script_runs_by_its_hash_and_no_other_inline_script_may() {
    use base64::Engine;
    use sha2::Digest;
    let app = spawn_app().await;
    let res = app.get("/").await;
    let policy = res.headers()["content-security-policy"].to_str().unwrap().to_string();
    let html = res.text().await.unwrap();
    // The build writes the shell script into the page (no request of its own before the first
    // picture), and the icon as a data: address.
    assert!(!html.contains("src=\"/shell.js\""), "the shell script is not fetched");
    assert!(html.contains("rel=\"icon\" href=\"data:image/svg+xml,"), "the icon is in the page");
    let scripts: Vec<&str> =
        html.split("<script>").skip(1).filter_map(|piece| piece.split_once("</script>").map(|(code, _)| code)).collect();
    assert_eq!(scripts.len(), 1, "one inline script: the shell's");
    assert!(scripts[0].contains("largest-contentful-paint"), "{}", scripts[0]);
    let hash = base64::engine::general_purpose::STANDARD.encode(sha2::Sha256::digest(scripts[0].as_bytes()));
    let script_src = policy.split(';').map(str::trim).find(|d| d.starts_with("script-src")).unwrap();
    // Exactly: no 'unsafe-inline', so a script injected into the page would not run.
    assert_eq!(script_src, format!("script-src 'self' 'sha256-{hash}'"), "{policy}");
}
