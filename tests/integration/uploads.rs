//! Uploads: typed multipart forms in the API document, pictures streamed to temporary files that
//! go when the request ends, uploads bounded per account and per address, and decodes judged by
//! the memory they will hold (progressive and CMYK JPEGs included).

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use crate::common::{Browser, TestApp, png, signup_form, spawn_empty_app};
use serde_json::Value;

#[derive(Clone, Copy, Debug, PartialEq)]
enum Kind {
    /// A text field with its maxLength.
    Text(u64),
    File,
    /// A list of files with its maxItems.
    Files(u64),
}

use Kind::{File, Files, Text};

/// A form's field: its name, kind and whether it is required.
type Field = (&'static str, Kind, bool);

#[actix_web::test]
async fn the_documents_multipart_bodies_list_every_field_the_handlers_read_with_its_limits() {
    // (method, path, [(field, kind, required)]): every field each handler reads, with the limits it checks.
    let expected: Vec<(&str, &str, Vec<Field>)> = vec![
        (
            "post",
            "/api/auth/signup",
            vec![
                ("displayName", Text(100), true),
                ("email", Text(254), true),
                ("password", Text(128), true),
                ("confirmPassword", Text(128), true),
                ("photo", File, true),
            ],
        ),
        ("patch", "/api/account", vec![("displayName", Text(100), true), ("phoneNumber", Text(32), false), ("photo", File, false)]),
        (
            "post",
            "/api/releases",
            vec![
                ("name", Text(120), true),
                ("description", Text(4000), true),
                ("price", Text(20_000), true),
                ("collectionId", Text(20_000), true),
                ("productId", Text(20_000), true),
                ("featured", Text(20_000), false),
                ("image", File, true),
            ],
        ),
        ("post", "/api/collections", vec![("name", Text(120), true), ("description", Text(4000), true), ("image", File, true)]),
        ("put", "/api/collections/{id}", vec![("name", Text(120), true), ("description", Text(4000), true), ("image", File, false)]),
        (
            "post",
            "/api/collections/{id}/products",
            vec![
                ("name", Text(120), true),
                ("description", Text(4000), true),
                ("price", Text(20_000), true),
                ("compareAtPrice", Text(20_000), false),
                ("category", Text(20_000), false),
                ("sizes", Text(20_000), false),
                ("colors", Text(20_000), false),
                ("variants", Text(20_000), false),
                ("stock", Text(20_000), false),
                ("images", Files(8), true),
            ],
        ),
        (
            "put",
            "/api/about",
            vec![
                ("title", Text(200), true),
                ("description1", Text(5000), true),
                ("description2", Text(5000), true),
                ("image1", File, false),
                ("image2", File, false),
            ],
        ),
        ("put", "/api/admin/brand/logo", vec![("logo", File, true)]),
        ("put", "/api/admin/home/picture", vec![("picture", File, true)]),
        ("put", "/api/products/{id}/color-images", vec![("color", Text(20_000), true), ("images", Files(8), false)]),
        ("put", "/api/products/{id}/images", vec![("order", Text(20_000), true), ("images", Files(8), false)]),
        ("post", "/api/rider/deliveries/{id}/photo", vec![("photo", File, true), ("paidBy", Text(10), false)]),
        ("post", "/api/ride/{token}/photo", vec![("photo", File, true), ("paidBy", Text(10), false)]),
        (
            "post",
            "/api/returns",
            vec![
                ("order", Text(40), false),
                ("number", Text(40), false),
                ("email", Text(254), false),
                ("phone", Text(40), false),
                ("request", Text(20_000), true),
                ("photos", Files(3), false),
            ],
        ),
    ];
    let app = spawn_empty_app().await;
    let (status, document) = app.get_json("/api/openapi.json").await;
    assert_eq!(status, 200);
    let schema_of = |reference: &Value| -> Value {
        let name = reference["$ref"].as_str().expect("a named schema").rsplit('/').next().unwrap();
        document["components"]["schemas"][name].clone()
    };
    let mut found = Vec::new();
    for (path, operations) in document["paths"].as_object().unwrap() {
        for (method, operation) in operations.as_object().unwrap() {
            if let Some(body) = operation["requestBody"]["content"].get("multipart/form-data") {
                found.push((method.clone(), path.clone(), schema_of(&body["schema"])));
            }
        }
    }
    let mut listed: Vec<(String, String)> = found.iter().map(|(m, p, _)| (m.clone(), p.clone())).collect();
    let mut wanted: Vec<(String, String)> = expected.iter().map(|(m, p, _)| (m.to_string(), p.to_string())).collect();
    listed.sort();
    wanted.sort();
    assert_eq!(listed, wanted, "every multipart endpoint, and only those, has a multipart body");

    for (method, path, fields) in &expected {
        let (_, _, schema) = found.iter().find(|(m, p, _)| m == method && p == path).unwrap();
        let properties = schema["properties"].as_object().unwrap_or_else(|| panic!("{method} {path}: {schema}"));
        let mut names: Vec<&str> = properties.keys().map(String::as_str).collect();
        let mut expected_names: Vec<&str> = fields.iter().map(|f| f.0).collect();
        names.sort();
        expected_names.sort();
        assert_eq!(names, expected_names, "{method} {path}: the fields the handler reads");
        let required: Vec<&str> = schema["required"].as_array().map(|r| r.iter().filter_map(Value::as_str).collect()).unwrap_or_default();
        for (name, kind, is_required) in fields {
            let property = &properties[*name];
            let label = format!("{method} {path} {name}: {property}");
            assert_eq!(required.contains(name), *is_required, "{label} required");
            match kind {
                Text(max) => {
                    assert_eq!(property["type"], "string", "{label}");
                    assert_eq!(property["maxLength"].as_u64(), Some(*max), "{label} maxLength");
                }
                File => assert_eq!((&property["type"], &property["format"]), (&Value::from("string"), &Value::from("binary")), "{label}"),
                Files(max) => {
                    assert_eq!(property["type"], "array", "{label}");
                    assert_eq!(
                        (&property["items"]["type"], &property["items"]["format"]),
                        (&Value::from("string"), &Value::from("binary"))
                    );
                    assert_eq!(property["maxItems"].as_u64(), Some(*max), "{label} maxItems");
                }
            }
        }
        // Every part fits in a form: one per field, a list's pictures each one.
        let parts: u64 = fields.iter().map(|(_, kind, _)| if let Files(max) = kind { *max } else { 1 }).sum();
        assert!(parts as usize <= ankara::media::upload::MAX_PARTS, "{method} {path}: {parts} parts");
    }

    // A field the document does not list is refused, by name, on every multipart endpoint.
    let admin = app.admin_browser("admin@example.com").await;
    for (method, path, _) in &expected {
        let url = admin.url(&path.replace("{id}", "sneakers").replace("{token}", "sneakers"));
        let form = reqwest::multipart::Form::new().text("unlisted", "x");
        let res = admin.client.request(method.to_uppercase().parse().unwrap(), url).multipart(form).send().await.unwrap();
        assert_eq!(res.status(), 400, "{method} {path}");
        assert_eq!(res.json::<Value>().await.unwrap()["message"], "The form has no field unlisted.", "{method} {path}");
    }
}

#[actix_web::test]
async fn the_documented_limits_are_the_ones_the_handlers_enforce() {
    let app = spawn_empty_app().await;
    let long_name = "N".repeat(101);
    let form = signup_form(&long_name, "ada@example.com", "secret1", "secret1", Some(png(32, 32, [1, 2, 3])));
    let res = app.client.post(app.url("/api/auth/signup")).multipart(form).send().await.unwrap();
    assert_eq!(res.status(), 400);
    assert_eq!(res.json::<Value>().await.unwrap()["message"], "Full name must be at most 100 characters.");
    // Past the transport limit a field is refused by name, in the API's JSON shape.
    let form = signup_form(&"N".repeat(80_001), "ada@example.com", "secret1", "secret1", Some(png(32, 32, [1, 2, 3])));
    let res = app.client.post(app.url("/api/auth/signup")).multipart(form).send().await.unwrap();
    assert_eq!(res.status(), 400);
    assert_eq!(res.json::<Value>().await.unwrap()["message"], "The field displayName is too long.");
    // Not a form at all.
    let (status, body) = app.post_json("/api/auth/signup", serde_json::json!({ "displayName": "Ada" })).await;
    assert_eq!((status, body["error"].as_str()), (400, Some("validation")));
    assert_eq!(body["message"], "Send the form as multipart/form-data.");
    assert_eq!(app.query_i64("SELECT COUNT(*) FROM users"), 0);
}

/// The session cookie of a browser, as a `Cookie` header value.
async fn session_cookie(browser: &Browser) -> String {
    let res = browser.client.post(browser.url("/api/auth/refresh")).send().await.unwrap();
    assert_eq!(res.status(), 200);
    let cookie = res.headers().get("set-cookie").unwrap().to_str().unwrap();
    cookie.split(';').next().unwrap().to_string()
}

/// Starts an upload of a 9 MB picture and keeps it open, as a slow phone would: the head and the
/// first 64 KB are sent, the rest is not.
fn start_held_upload(app: &TestApp, method: &str, path: &str, cookie: Option<&str>) -> TcpStream {
    let host = app.base.trim_start_matches("http://");
    let mut stream = TcpStream::connect(host).unwrap();
    let boundary = "held-open-upload";
    let part =
        format!("--{boundary}\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"me.jpg\"\r\nContent-Type: image/jpeg\r\n\r\n");
    let cookie = cookie.map(|c| format!("Cookie: {c}\r\n")).unwrap_or_default();
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {host}\r\nX-Requested-With: ankara\r\n{cookie}\
         Content-Type: multipart/form-data; boundary={boundary}\r\nContent-Length: {}\r\n\r\n{part}",
        part.len() + 9_000_000
    );
    stream.write_all(head.as_bytes()).unwrap();
    stream.write_all(&vec![0xAB; 64 * 1024]).unwrap();
    stream
}

/// Waits up to five seconds for `done`.
async fn eventually(what: &str, mut done: impl FnMut() -> bool) {
    let until = Instant::now() + Duration::from_secs(5);
    while !done() {
        assert!(Instant::now() < until, "timed out waiting until {what}");
        actix_web::rt::time::sleep(Duration::from_millis(20)).await;
    }
}

fn temp_files(app: &TestApp) -> Vec<std::path::PathBuf> {
    std::fs::read_dir(app.dir.path().join("uploads")).expect("the uploads folder").map(|e| e.unwrap().path()).collect()
}

#[actix_web::test]
async fn one_account_sends_two_pictures_at_once_and_a_third_waits_its_turn() {
    let app = spawn_empty_app().await;
    let session = app.signup("Ada", "ada@example.com", "secret1").await;
    let uid = session["user"]["uid"].as_str().unwrap().to_string();
    let cookie = session_cookie(&app).await;
    let held: Vec<TcpStream> = (0..2).map(|_| start_held_upload(&app, "PATCH", "/api/account", Some(&cookie))).collect();
    eventually("both uploads are running", || app.state.limits.uploads.count(&format!("user:{uid}")) == 2).await;
    // They are streamed to disk as they arrive, not held in memory.
    eventually("both have written to their temporary files", || {
        let files = temp_files(&app);
        files.len() == 2 && files.iter().all(|f| std::fs::metadata(f).map(|m| m.len() > 0).unwrap_or(false))
    })
    .await;

    let photo = || {
        reqwest::multipart::Form::new()
            .text("displayName", "Ada Obi")
            .part("photo", reqwest::multipart::Part::bytes(png(40, 40, [9, 9, 9])).file_name("p.png"))
    };
    let res = app.client.patch(app.url("/api/account")).multipart(photo()).send().await.unwrap();
    assert_eq!(res.status(), 429);
    assert!(res.headers().contains_key("retry-after"));
    let body: Value = res.json().await.unwrap();
    assert_eq!(body["error"], "too_many_requests");
    assert_eq!(body["message"], "You are already sending 2 pictures. Please wait until they have arrived, then try again.");

    // Another customer on the same network is not held up by Ada's uploads.
    let other = app.browser();
    other.signup("Bola", "bola@example.com", "secret1").await;
    let res = other.client.patch(other.url("/api/account")).multipart(photo()).send().await.unwrap();
    assert_eq!(res.status(), 200);

    // A phone that gives up frees its place and its temporary file.
    drop(held);
    eventually("the abandoned uploads have ended", || app.state.limits.uploads.count(&format!("user:{uid}")) == 0).await;
    eventually("their temporary files are gone", || temp_files(&app).is_empty()).await;
    let res = app.client.patch(app.url("/api/account")).multipart(photo()).send().await.unwrap();
    assert_eq!(res.status(), 200);
    assert_eq!(res.json::<Value>().await.unwrap()["user"]["displayName"], "Ada Obi");
}

#[actix_web::test]
async fn one_address_sends_four_pictures_at_once() {
    let app = spawn_empty_app().await;
    let held: Vec<TcpStream> = (0..4).map(|_| start_held_upload(&app, "POST", "/api/auth/signup", None)).collect();
    eventually("four sign-ups are uploading", || app.state.limits.uploads.count("address:127.0.0.1") == 4).await;
    let form = signup_form("Ada", "ada@example.com", "secret1", "secret1", Some(png(32, 32, [1, 2, 3])));
    let res = app.client.post(app.url("/api/auth/signup")).multipart(form).send().await.unwrap();
    assert_eq!(res.status(), 429);
    assert!(res.headers().contains_key("retry-after"));
    assert_eq!(
        res.json::<Value>().await.unwrap()["message"],
        "Too many pictures are being sent from your network right now. Please try again in a moment."
    );
    drop(held);
    eventually("the uploads have ended", || app.state.limits.uploads.count("address:127.0.0.1") == 0).await;
    app.browser().signup("Ada", "ada@example.com", "secret1").await;
    eventually("no temporary file is left", || temp_files(&app).is_empty()).await;
}

/// The answer to a request sent by hand: status and body.
fn read_answer(stream: &mut TcpStream) -> (u16, String) {
    read_answer_within(stream, Duration::from_secs(10))
}

/// The same, waiting up to `patience` for each read.
fn read_answer_within(stream: &mut TcpStream, patience: Duration) -> (u16, String) {
    stream.set_read_timeout(Some(patience)).unwrap();
    let mut answer = Vec::new();
    let mut buf = [0u8; 4096];
    while let Ok(n) = stream.read(&mut buf) {
        if n == 0 {
            break;
        }
        answer.extend_from_slice(&buf[..n]);
        let text = String::from_utf8_lossy(&answer);
        if let Some(end) = text.find("\r\n\r\n") {
            let length = text[..end]
                .lines()
                .find_map(|l| l.to_ascii_lowercase().strip_prefix("content-length:").map(|v| v.trim().parse::<usize>().unwrap()));
            if length.is_some_and(|l| answer.len() >= end + 4 + l) {
                break;
            }
        }
    }
    let text = String::from_utf8_lossy(&answer).to_string();
    let status = text.split(' ').nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
    (status, text.split("\r\n\r\n").nth(1).unwrap_or_default().to_string())
}

#[actix_web::test]
async fn temporary_files_go_when_the_request_ends_whatever_its_answer() {
    let app = spawn_empty_app().await;
    assert!(temp_files(&app).is_empty());
    app.signup("Ada", "ada@example.com", "secret1").await;
    // Refused as not a picture, after it was written to disk.
    let form = signup_form("Bo", "bo@example.com", "secret1", "secret1", Some(b"just text pretending to be a jpg".to_vec()));
    let res = app.browser().client.post(app.url("/api/auth/signup")).multipart(form).send().await.unwrap();
    assert_eq!(res.status(), 400);
    // Too large: refused as it arrives.
    let form = signup_form("Cy", "cy@example.com", "secret1", "secret1", Some(vec![0xFF; 10_000_001]));
    let res = app.browser().client.post(app.url("/api/auth/signup")).multipart(form).send().await.unwrap();
    assert_eq!(res.status(), 413);
    assert_eq!(res.json::<Value>().await.unwrap()["message"], "Image file size must be less than 10MB.");

    // Nine pictures for a product: the ninth is refused as it arrives.
    let admin = app.admin_browser("admin@example.com").await;
    let mut form = reqwest::multipart::Form::new().text("name", "Nine").text("description", "Many pictures.").text("price", "100");
    for n in 0..9 {
        form = form.part("images", reqwest::multipart::Part::bytes(png(20, 20, [n, n, n])).file_name(format!("{n}.png")));
    }
    let res = admin.client.post(admin.url("/api/collections/sneakers/products")).multipart(form).send().await.unwrap();
    assert_eq!(res.status(), 400);
    assert_eq!(res.json::<Value>().await.unwrap()["message"], "Send at most 8 images at once.");

    // A sign-up whose body stops half-way: its file goes when the connection does.
    let mut held = start_held_upload(&app, "POST", "/api/auth/signup", None);
    eventually("the held upload has a temporary file", || temp_files(&app).len() == 1).await;
    held.shutdown(std::net::Shutdown::Write).unwrap();
    let (status, _) = read_answer(&mut held);
    assert_eq!(status, 400, "an incomplete form is refused");
    eventually("every temporary file is gone", || temp_files(&app).is_empty()).await;
    assert_eq!(app.query_i64("SELECT COUNT(*) FROM users"), 2, "Ada and the admin");
}

#[actix_web::test]
async fn a_body_is_read_only_for_requests_the_session_lets_in() {
    let app = spawn_empty_app().await;
    app.signup("Ada", "ada@example.com", "secret1").await;
    // A visitor's upload to the profile is answered from its head alone.
    let host = app.base.trim_start_matches("http://");
    let mut head_only = TcpStream::connect(host).unwrap();
    let head = format!(
        "PATCH /api/account HTTP/1.1\r\nHost: {host}\r\nX-Requested-With: ankara\r\n\
         Content-Type: multipart/form-data; boundary=b\r\nContent-Length: 9000000\r\n\r\n"
    );
    head_only.write_all(head.as_bytes()).unwrap();
    let (status, body) = read_answer(&mut head_only);
    assert_eq!(status, 401, "{body}");
    assert!(temp_files(&app).is_empty());
    // A customer's broken form to an admin endpoint is refused for who sends it, not its shape.
    let res = app
        .client
        .post(app.url("/api/collections"))
        .header("content-type", "multipart/form-data; boundary=nothing")
        .body("not a form")
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 403);
    assert_eq!(res.json::<Value>().await.unwrap()["message"], "You must be an admin to do this.");
}

/// A JPEG that is all header: a frame of the given size and components (horizontal and vertical
/// sampling each), the head of a first scan of `first_scan` components, and the end marker.
/// Judged (and refused or accepted) before anything is decoded.
fn jpeg_header(width: u16, height: u16, progressive: bool, components: &[(u8, u8)], first_scan: u8) -> Vec<u8> {
    let mut out = vec![0xFF, 0xD8];
    let mut frame = vec![8];
    frame.extend(height.to_be_bytes());
    frame.extend(width.to_be_bytes());
    frame.push(components.len() as u8);
    for (n, (h, v)) in components.iter().enumerate() {
        frame.extend([n as u8 + 1, (h << 4) | v, 0]);
    }
    out.extend([0xFF, if progressive { 0xC2 } else { 0xC0 }]);
    out.extend((frame.len() as u16 + 2).to_be_bytes());
    out.extend(frame);
    out.extend([0xFF, 0xDA]);
    out.extend((6 + 2 * u16::from(first_scan)).to_be_bytes());
    out.push(first_scan);
    for n in 0..first_scan {
        out.extend([n + 1, 0x00]);
    }
    out.extend([0, 63, 0]);
    out.extend([0xFF, 0xD9]);
    out
}

#[actix_web::test]
async fn progressive_and_cmyk_jpegs_are_judged_by_the_memory_their_decode_holds() {
    use ankara::media::{ImageKind, judge};
    let judged = |bytes: &[u8], kind| judge(std::io::Cursor::new(bytes), kind).map(|j| j.megabytes()).map_err(|e| e.message().to_string());
    const YCBCR_420: &[(u8, u8)] = &[(2, 2), (1, 1), (1, 1)];
    const CMYK: &[(u8, u8)] = &[(1, 1), (1, 1), (1, 1), (1, 1)];
    // 16 MP as a baseline JPEG: the file and 48 MB of RGB, then its first, 1024-px copy beside
    // the RGB (3 MB) and a few MB of buffers.
    assert_eq!(judged(&jpeg_header(4000, 4000, false, YCBCR_420, 3), ImageKind::Avatar), Ok(56));
    // Progressive keeps every coefficient until its last scan (48 MB at 4:2:0) beside the picture.
    assert_eq!(judged(&jpeg_header(4000, 4000, true, YCBCR_420, 3), ImageKind::Avatar), Ok(101));
    // So does a baseline file whose first scan has one component of three.
    assert_eq!(judged(&jpeg_header(4000, 4000, false, YCBCR_420, 1), ImageKind::Avatar), Ok(101));
    // CMYK progressive: four full-size components of coefficients (128 MB) beside the picture:
    // over the budget at 16 MP, so such files may have fewer pixels.
    assert_eq!(judged(&jpeg_header(4000, 4000, true, CMYK, 1), ImageKind::Avatar), Err("Images may have at most 14 megapixels.".into()));
    assert_eq!(judged(&jpeg_header(3000, 3000, true, CMYK, 1), ImageKind::Portrait), Ok(104));
    assert_eq!(judged(&jpeg_header(4000, 4000, false, CMYK, 4), ImageKind::Avatar), Ok(56), "baseline CMYK converts row by row");

    // Through the sign-up form: a clear 400, nothing stored, no file left.
    let app = spawn_empty_app().await;
    let form = signup_form("Ada", "ada@example.com", "secret1", "secret1", Some(jpeg_header(4000, 4000, true, CMYK, 1)));
    let res = app.client.post(app.url("/api/auth/signup")).multipart(form).send().await.unwrap();
    assert_eq!(res.status(), 400);
    assert_eq!(res.json::<Value>().await.unwrap()["message"], "Images may have at most 14 megapixels.");
    assert_eq!(app.query_i64("SELECT COUNT(*) FROM users"), 0);

    // A real progressive CMYK JPEG within the budget is decoded and stored (made with Pillow:
    // a 48x32 gradient, `convert("CMYK").save(path, quality=85, progressive=True)`).
    let cmyk = include_bytes!("../fixtures/cmyk-progressive.jpg").to_vec();
    let form = signup_form("Ada", "ada@example.com", "secret1", "secret1", Some(cmyk));
    let res = app.client.post(app.url("/api/auth/signup")).multipart(form).send().await.unwrap();
    assert_eq!(res.status(), 200);
    let session: Value = res.json().await.unwrap();
    assert_eq!((session["user"]["photoURL"]["width"].as_u64(), session["user"]["photoURL"]["height"].as_u64()), (Some(48), Some(32)));
    eventually("no temporary file is left", || temp_files(&app).is_empty()).await;
}

/// A form's body, generated as it is sent (never whole in memory): its parts under
/// `boundary` in chunks of about 64 KB, and the closing delimiter.
fn form_shape(shape: &'static str, boundary: &'static str) -> Box<dyn Iterator<Item = Vec<u8>> + Send> {
    let head = move |name: &str| format!("--{boundary}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n").into_bytes();
    let batched = |parts: Box<dyn Iterator<Item = Vec<u8>> + Send>| -> Box<dyn Iterator<Item = Vec<u8>> + Send> {
        let mut parts = parts.peekable();
        Box::new(std::iter::from_fn(move || {
            let mut chunk = Vec::with_capacity(70_000);
            while chunk.len() < 64 * 1024 {
                chunk.extend(parts.next()?);
            }
            Some(chunk)
        }))
    };
    let end = std::iter::once(format!("--{boundary}--\r\n").into_bytes());
    let parts: Box<dyn Iterator<Item = Vec<u8>> + Send> = match shape {
        // 2,000,000 parts under new names, each holding one byte: about 148 MB.
        "tiny parts" => Box::new((0..2_000_000).map(move |i| [head(&format!("f{i:07}")), b"x\r\n".to_vec()].concat())),
        // 60 fields of 150,000 bytes under new names.
        "wide fields" => Box::new((0..60).map(move |i| [head(&format!("g{i}")), vec![b'y'; 150_000], b"\r\n".to_vec()].concat())),
        // One name the form knows, 2,000,000 times.
        "one name repeated" => Box::new((0..2_000_000).map(move |_| [head("email"), b"x\r\n".to_vec()].concat())),
        // 60 names of 150,000 characters.
        "long names" => Box::new((0..60).map(move |i| [head(&format!("{}{i}", "n".repeat(150_000))), b"x\r\n".to_vec()].concat())),
        // A part's head that never ends: 100 MB of one header line.
        "endless head" => Box::new(
            std::iter::once(format!("--{boundary}\r\nContent-Disposition: form-data; name=\"email\"\r\nX-Pad: ").into_bytes())
                .chain((0..1600).map(|_| vec![b'p'; 64 * 1024])),
        ),
        other => panic!("no shape {other}"),
    };
    Box::new(batched(parts).chain(end))
}

/// Sends a form of `shape` by hand (chunked, as it is generated) and reads the answer; stops
/// sending once the answer has come. Returns the status and body.
fn send_shape(port: u16, method: &str, path: &str, extra_head: &str, shape: &'static str) -> (u16, String) {
    let boundary = "shapeOfAForm";
    let mut stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Requested-With: ankara\r\n{extra_head}\
         Content-Type: multipart/form-data; boundary={boundary}\r\nTransfer-Encoding: chunked\r\n\r\n"
    );
    stream.write_all(head.as_bytes()).unwrap();
    let mut writer = stream.try_clone().unwrap();
    let sender = std::thread::spawn(move || {
        for chunk in form_shape(shape, boundary) {
            let framed = [format!("{:x}\r\n", chunk.len()).into_bytes(), chunk, b"\r\n".to_vec()].concat();
            if writer.write_all(&framed).is_err() {
                return;
            }
        }
        let _ = writer.write_all(b"0\r\n\r\n");
    });
    let answer = read_answer_within(&mut stream, Duration::from_secs(120));
    let _ = stream.shutdown(std::net::Shutdown::Both);
    sender.join().unwrap();
    answer
}

/// The peak resident memory of a process so far (VmHWM), in MB.
fn peak_mb(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    let kb: u64 =
        status.lines().find_map(|l| l.strip_prefix("VmHWM:")).and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok()).unwrap();
    kb / 1024
}

/// Issue 34: whatever a form's fields are called, however many and however long, reading it holds
/// little: 8 visitors at once from 8 addresses sending each shape (up to 148 MB each) to the
/// sign-up form, and a customer sending them to her profile, leave the shop's peak resident memory
/// (VmHWM of its own process) under 300 MB. Each is refused with the reason.
#[actix_web::test]
async fn no_shape_of_form_takes_the_shop_past_300_mb() {
    use crate::common::{Process, free_port, start_binary, wait_until_up};
    let dir = tempfile::tempdir().unwrap();
    let port = free_port();
    let base = format!("http://127.0.0.1:{port}");
    let shop = Process(start_binary(dir.path(), port, &[("ANKARA_NO_DEMO", "true"), ("ANKARA_TRUSTED_PROXIES", "127.0.0.1")]));
    wait_until_up(&base).await;
    let customer = Browser::new(base.clone());
    customer.signup("Ada", "ada@example.com", "secret1").await;
    let cookie = format!("Cookie: {}\r\n", session_cookie(&customer).await);
    let pid = shop.0.id();
    eprintln!("at start: VmHWM {} MB", peak_mb(pid));

    // The watch of the raw bytes runs ahead of the parser: whichever refuses first answers.
    let too_many = "A form may have at most 32 parts.";
    let head = "A part of the form has a head longer than 4096 bytes.";
    let expected = [
        ("tiny parts", ["The form has no field f0000000.", too_many]),
        ("wide fields", ["The form has no field g0.", "The form has no field g0."]),
        ("one name repeated", ["The field email was sent more than once.", too_many]),
        ("long names", [head, head]),
        ("endless head", [head, head]),
    ];
    let mut answers = Vec::new();
    for (shape, messages) in expected {
        let started = Instant::now();
        let visitors: Vec<_> = (0..8)
            .map(|n| {
                let from = format!("X-Forwarded-For: 198.51.100.{}\r\n", n + 1);
                std::thread::spawn(move || send_shape(port, "POST", "/api/auth/signup", &from, shape))
            })
            .collect();
        let profile = {
            let cookie = cookie.clone();
            std::thread::spawn(move || send_shape(port, "PATCH", "/api/account", &cookie, shape))
        };
        answers.extend(visitors.into_iter().chain([profile]).map(|t| (shape, messages, t.join().unwrap())));
        eprintln!("{shape:<18} x 9 at once: answered in {:.2} s, VmHWM {} MB", started.elapsed().as_secs_f64(), peak_mb(pid));
    }
    let peak = peak_mb(pid);
    assert!(peak <= 300, "the shop's peak resident memory reached {peak} MB");
    for (shape, messages, (status, body)) in answers {
        let said = serde_json::from_str::<Value>(&body).map(|b| b["message"].as_str().unwrap_or_default().to_string());
        assert!(status == 400 && said.as_ref().is_ok_and(|m| messages.contains(&m.as_str())), "{shape}: {status} {body}");
    }
}
