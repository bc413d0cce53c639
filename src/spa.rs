//! The embedded front end: hashed assets with immutable caching (gzip prepared once at start),
//! and `index.html` for every client route, with the page's title, Open Graph tags and the
//! initial session written in so the app renders without another round trip.

use std::collections::HashMap;
use std::sync::OnceLock;

use actix_web::http::header::{self, HeaderValue};
use actix_web::web::Bytes;
use actix_web::{HttpRequest, HttpResponse, web};
use rust_embed::RustEmbed;
use sha2::Digest;

use crate::error::{AppError, AppResult};
use crate::http::AppState;
use crate::util::escape_markup as escape;

#[derive(RustEmbed)]
#[folder = "frontend/dist/"]
struct Assets;

/// The app's page addresses (`/about`, `/product/:id`…), as the front end's build wrote them from
/// its route tables (frontend/src/app/routePatterns.ts): the table is written once, there. An
/// address none of them matches gets the app with a 404 status.
static CLIENT_ROUTES: OnceLock<Vec<Vec<String>>> = OnceLock::new();

/// Read once by [`prepare`], at start: a front end built without its list of addresses stops the
/// shop there, with a sentence, rather than failing the first page asked for.
fn read_client_routes(files: &HashMap<String, Prepared>) -> Result<Vec<Vec<String>>, String> {
    let file = files.get("client-routes.json").ok_or(
        "the front end holds no client-routes.json (its build writes it from its route tables): rebuild it with `npm run build` in frontend/",
    )?;
    let patterns: Vec<String> = serde_json::from_slice(&file.bytes).map_err(|e| {
        format!("the front end's client-routes.json is not a list of addresses ({e}): rebuild it with `npm run build` in frontend/")
    })?;
    Ok(patterns.iter().map(|p| p.split('/').map(str::to_string).collect()).collect())
}

fn client_routes() -> &'static [Vec<String>] {
    CLIENT_ROUTES.get().map_or(&[], Vec::as_slice)
}

/// Whether `path` is one of the app's pages: each segment equal to the pattern's, or any
/// non-empty segment for a `:name` (one trailing slash allowed, as the app's router does).
fn is_client_route(path: &str) -> bool {
    let path = if path.len() > 1 { path.strip_suffix('/').unwrap_or(path) } else { path };
    let segments: Vec<&str> = path.split('/').collect();
    client_routes().iter().any(|pattern| {
        pattern.len() == segments.len()
            && pattern.iter().zip(&segments).all(|(p, s)| if p.starts_with(':') { !s.is_empty() } else { p == s })
    })
}

struct Prepared {
    bytes: Bytes,
    gzip: Option<Bytes>,
    /// Written by the front end's build beside each text file (`<file>.br`, Brotli at its highest
    /// quality, see frontend/vite.config.ts), sent to browsers that take it.
    brotli: Option<Bytes>,
    mime: String,
    /// Of its bytes: `/sw.js` and the icon are revalidated (the browser checks its
    /// service worker on every visit), and an unchanged file then costs a 304 with no body.
    etag: String,
}

static FILES: OnceLock<HashMap<String, Prepared>> = OnceLock::new();

/// Loads every embedded file and gzips the text ones, and reads the app's page addresses, once, at
/// start. For front-end work, `ANKARA_FRONTEND_DIR` names a built `dist` folder read instead, so a
/// fresh `vite build` is served without rebuilding the binary. Errors are sentences for the operator.
pub fn prepare() -> Result<(), String> {
    if CLIENT_ROUTES.get().is_none() {
        let routes = read_client_routes(files())?;
        let _ = CLIENT_ROUTES.set(routes);
    }
    Ok(())
}

fn load_files() -> HashMap<String, Prepared> {
    let (compressed, files): (Vec<_>, Vec<_>) = front_end_files().into_iter().partition(|(path, ..)| path.ends_with(".br"));
    let mut brotli: HashMap<String, Vec<u8>> =
        compressed.into_iter().map(|(path, bytes, _)| (path.trim_end_matches(".br").to_string(), bytes)).collect();
    files
        .into_iter()
        .map(|(path, bytes, mime)| {
            let bytes = Bytes::from(bytes);
            let gzip = (crate::compress::compressible(&mime) && bytes.len() >= crate::compress::MIN_BYTES)
                .then(|| crate::compress::gzip(&bytes, 9));
            let brotli = brotli.remove(&path).map(Bytes::from);
            let etag = format!("\"{}\"", &hex::encode(sha2::Sha256::digest(&bytes))[..20]);
            (path, Prepared { bytes, gzip, brotli, mime, etag })
        })
        .collect()
}

/// (relative path, bytes, MIME type) of every front-end file.
fn front_end_files() -> Vec<(String, Vec<u8>, String)> {
    let Some(dir) = std::env::var_os("ANKARA_FRONTEND_DIR") else {
        return Assets::iter()
            .filter_map(|path| {
                let file = Assets::get(&path)?;
                Some((path.into_owned(), file.data.into_owned(), file.metadata.mimetype().to_string()))
            })
            .collect();
    };
    let root = std::path::PathBuf::from(dir);
    let mut files = Vec::new();
    let mut folders = vec![root.clone()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).into_iter().flatten().flatten() {
            let path = entry.path();
            if path.is_dir() {
                folders.push(path);
            } else if let (Ok(bytes), Ok(relative)) = (std::fs::read(&path), path.strip_prefix(&root)) {
                let mime = mime_guess::from_path(&path).first_or_octet_stream().to_string();
                files.push((relative.to_string_lossy().replace('\\', "/"), bytes, mime));
            }
        }
    }
    files
}

fn files() -> &'static HashMap<String, Prepared> {
    FILES.get_or_init(load_files)
}

fn file_response(req: &HttpRequest, file: &Prepared, cache_control: &'static str) -> HttpResponse {
    if crate::cache::not_modified(req, &file.etag) {
        return HttpResponse::NotModified()
            .insert_header((header::ETAG, file.etag.as_str()))
            .insert_header((header::CACHE_CONTROL, cache_control))
            .finish();
    }
    let mut response = HttpResponse::Ok();
    response
        .content_type(file.mime.as_str())
        .insert_header((header::CACHE_CONTROL, cache_control))
        .insert_header((header::ETAG, file.etag.as_str()));
    // Compressed by the build (Brotli) or at start (gzip); the HTTP layer says Vary on the plain
    // answer (`compress::middleware`).
    match (&file.brotli, &file.gzip) {
        (Some(br), _) if crate::compress::accepts_brotli(req.headers()) => {
            response.insert_header((header::CONTENT_ENCODING, "br")).insert_header((header::VARY, "Accept-Encoding"));
            response.body(br.clone())
        }
        (_, Some(gz)) if crate::compress::accepts_gzip(req.headers()) => {
            response.insert_header((header::CONTENT_ENCODING, "gzip")).insert_header((header::VARY, "Accept-Encoding"));
            response.body(gz.clone())
        }
        _ => response.body(file.bytes.clone()),
    }
}

/// Every GET outside /api and /media lands here.
pub async fn serve(req: HttpRequest, state: web::Data<AppState>) -> AppResult<HttpResponse> {
    let path = req.path();
    let relative = path.trim_start_matches('/');
    if !relative.is_empty() && relative != "index.html" {
        if let Some(file) = files().get(relative) {
            let cache = if relative.starts_with("assets/") { "public, max-age=31536000, immutable" } else { "public, max-age=3600" };
            return Ok(file_response(&req, file, cache));
        }
        if relative.starts_with("assets/") {
            return Ok(HttpResponse::NotFound().content_type("text/plain").body("Not found"));
        }
    }
    page(&req, &state).await
}

/// Head tags for one page.
pub struct PageMeta {
    pub title: String,
    pub description: String,
    pub image: Option<String>,
    pub og_type: &'static str,
    pub price_kobo: Option<crate::money::Kobo>,
    /// The page's largest picture (its LCP element): preloaded with the srcset and sizes the
    /// page will use, and drawn into the app shell where the app will draw it, so the browser
    /// fetches and paints it from the HTML alone, before any script has run.
    pub preload: Option<(crate::media::Image, Slot)>,
    /// Structured data for search engines (schema.org JSON-LD).
    pub json_ld: Option<serde_json::Value>,
}

/// Where a page's first picture sits: the home page's first hero slide or the product page's
/// gallery.
#[derive(Clone, Copy)]
pub enum Slot {
    Hero,
    Product,
}

impl Slot {
    /// `sizes` of the picture, as the front end renders it.
    fn sizes(self) -> &'static str {
        match self {
            Slot::Hero => "100vw",
            Slot::Product => "(min-width: 1232px) 600px, (min-width: 768px) 50vw, 100vw",
        }
    }

    /// The picture in the boxes the app draws it in (the hero's first slide, the product page's
    /// skeleton: the same class names, so the same styles from the page's own stylesheet place
    /// it), hidden from assistive technology: the app replaces the whole shell on its first
    /// render with the same picture in the same place, from the browser's cache.
    fn frame(self, picture: &str) -> String {
        match self {
            Slot::Hero => format!(
                "<div class=\"hero\" aria-hidden=\"true\"><div class=\"hero__slides\"><div class=\"hero__slide is-active\">\
                 <div class=\"hero__art\">{picture}</div></div></div></div>"
            ),
            Slot::Product => format!(
                "<div class=\"container page product-skeleton\" aria-hidden=\"true\">\
                 <div class=\"product-skeleton__media\">{picture}</div></div>"
            ),
        }
    }

    fn class(self) -> &'static str {
        match self {
            Slot::Hero => "hero__img",
            Slot::Product => "product-skeleton__img",
        }
    }
}

/// Where the server writes the page's first picture in index.html's app shell (inside
/// `#root`, after the header bar).
const PICTURE_MARK: &str = "<!--ankara-picture-->";

async fn page(req: &HttpRequest, state: &web::Data<AppState>) -> AppResult<HttpResponse> {
    let path = req.path().to_string();
    let session = crate::http::initial_session(req, state).await;
    // Staff who may edit the identity and asked for a preview see the draft; anyone else what is published.
    let preview = previewing(req, &session);
    let brand = state.db.read(move |c| Ok(if preview { crate::brand::draft_view(c)? } else { crate::brand::published_view(c)? })).await?;
    let shop = brand.identity.name.clone();
    let mut found = is_client_route(&path);
    let mut meta = PageMeta {
        title: shop.clone(),
        description: if brand.identity.description.is_empty() { shop.clone() } else { brand.identity.description.clone() },
        image: None,
        og_type: "website",
        price_kobo: None,
        preload: None,
        json_ld: None,
    };
    // The home page's sections come with the page (no request before the hero can draw), and its
    // first slide's picture is preloaded.
    let mut home = None;
    if path == "/" {
        let view = state.db.read(move |c| Ok(crate::brand::home_view(c, preview)?)).await?;
        meta.preload = view.sections.iter().find_map(|s| match s {
            crate::brand::home::SectionView::Hero { slides } => slides.first().and_then(|s| s.picture.clone()).map(|i| (i, Slot::Hero)),
            _ => None,
        });
        home = Some(view);
    } else if let Some(id) = path.strip_prefix("/product/") {
        let id = crate::ids::ProductId::from(id);
        let product =
            if crate::util::plausible_id(&id) { state.db.read(move |c| Ok(crate::catalog::get_product(c, &id)?)).await? } else { None };
        match product {
            Some(p) => {
                meta.title = format!("{} — {shop}", p.name);
                meta.description = p.description.clone();
                meta.image = p.images.first().map(|i| i.largest_url().to_string());
                meta.og_type = "product";
                meta.price_kobo = Some(p.price);
                meta.preload = p.images.first().map(|i| (i.clone(), Slot::Product));
                meta.json_ld = Some(product_data(state.config.public_url(), &p));
            }
            None => found = false,
        }
    } else if path.starts_with("/pay/") {
        // A pay link sent in a chat: its preview names the shop, never the order (the link is the
        // customer's secret; the page itself asks the server for the order).
        meta.title = format!("Pay — {shop}");
        meta.description = format!("A secure payment link from {shop}, paid through Paystack.");
    } else if path.starts_with("/ride/") {
        // A rider's link: its preview names the shop, never the delivery (the link is his key).
        meta.title = format!("Delivery — {shop}");
        meta.description = format!("A delivery for {shop}'s rider.");
    } else if let Some(id) = path.strip_prefix("/collections/") {
        let id = id.to_string();
        let collection =
            if crate::util::plausible_id(&id) { state.db.read(move |c| Ok(crate::catalog::get_collection(c, &id)?)).await? } else { None };
        match collection {
            Some(c) => {
                meta.title = format!("{} — {shop}", c.name);
                meta.description = c.description.clone();
                meta.image = c.image.as_ref().map(|i| i.largest_url().to_string());
            }
            None => found = false,
        }
    } else if let Some(slug) = path.strip_prefix("/pages/") {
        let slug = slug.to_string();
        let page = if crate::util::plausible_id(&slug) { state.db.read(move |c| Ok(crate::pages::get(c, &slug)?)).await? } else { None };
        match page {
            Some(p) => {
                meta.title = format!("{} — {shop}", p.title);
                if !p.description.is_empty() {
                    meta.description = p.description;
                }
            }
            None => found = false,
        }
    }
    // Who the shop is, for search engines: on its home page and its contact page.
    if found && (path == "/" || path == "/contact") {
        meta.json_ld = Some(organization_data(state.config.public_url(), &brand));
    }
    // The shop's public pages may be kept by the back/forward cache (no-store would bar it): they
    // are revalidated on every load, and a page restored from that cache asks for the session again.
    // The rest (account, orders, admin) are never stored.
    let public_page =
        found && (path == "/" || path.starts_with("/product/") || path.starts_with("/collections/") || path.starts_with("/pages/"));
    // With Save-Data the page draws its pictures at one pixel per CSS pixel (the app's picture
    // component), which the server cannot preload without knowing the screen: no preload then.
    if save_data(req) {
        meta.preload = None;
    }
    // The menus' collections and the footer's pages, so the header and footer draw from the first
    // HTML without another request.
    let (menu, pages) = state
        .db
        .read(|c| {
            let menu: Vec<serde_json::Value> = crate::catalog::list_collections(c)?
                .into_iter()
                .filter(|c| !c.hidden)
                .map(|c| serde_json::json!({ "id": c.id, "name": c.name }))
                .collect();
            Ok((menu, crate::pages::footer_links(c)?))
        })
        .await?;
    let mut shop = facts(state, &brand, preview);
    shop["collections"] = serde_json::json!(menu);
    shop["pages"] = serde_json::json!(pages);
    if let Some(home) = home {
        shop["home"] = serde_json::to_value(home).map_err(AppError::internal)?;
    }
    // A page without a picture of its own is shared with the shop's logo.
    if meta.image.is_none() {
        meta.image = brand.logo.as_ref().map(|logo| logo.largest_url().to_string());
    }
    let theme = Theme {
        css: brand.identity.theme_css(),
        header_colour: brand.identity.header_colour.clone(),
        icon: brand.logo.is_some(),
        site_name: brand.identity.name.clone(),
    };
    let html = render_index(state.config.public_url(), &path, &meta, &session, &shop, &theme);
    let mut response = if found { HttpResponse::Ok() } else { HttpResponse::NotFound() };
    response
        .content_type("text/html; charset=utf-8")
        .insert_header((header::CACHE_CONTROL, if public_page { "private, no-cache" } else { "no-cache, no-store" }))
        .insert_header((header::VARY, "Save-Data, Accept-Encoding"))
        .insert_header((header::CONTENT_SECURITY_POLICY, HeaderValue::from_str(&content_security_policy(state)).expect("ascii")));
    // Compressed here rather than by the HTTP layer, whose streaming encoder sent the page (most of
    // it the inlined stylesheet) in 12.3 KB where level 6 takes 8.7 KB, on every page load.
    if html.len() >= crate::compress::MIN_BYTES && crate::compress::accepts_gzip(req.headers()) {
        response.insert_header((header::CONTENT_ENCODING, "gzip"));
        return Ok(response.body(crate::compress::gzip(html.as_bytes(), 6)));
    }
    Ok(response.body(html))
}

/// Whether the request asks for the identity's draft (the back office's Preview) from a session
/// that may edit it: the cookie alone shows a shopper nothing.
fn previewing(req: &HttpRequest, session: &serde_json::Value) -> bool {
    crate::brand::routes::previewing(req, session["user"]["role"].as_str().and_then(crate::auth::Role::parse))
}

/// The shop's facts the front end reads from the page (the `ankara-shop` element): its identity
/// (header, footer, titles, contact page, receipts, "Message us"), whether this is a preview of
/// the draft, and whether this machine is a standby switching over (the banner).
fn facts(state: &AppState, brand: &crate::brand::IdentityView, preview: bool) -> serde_json::Value {
    let id = &brand.identity;
    let blank = |text: &str| if text.is_empty() { None } else { Some(text.to_string()) };
    serde_json::json!({
        "name": id.name,
        "description": id.description,
        "logo": brand.logo,
        "phone": blank(&id.phone),
        "whatsapp": blank(&id.whatsapp),
        "email": blank(&id.email),
        "address": blank(&id.address),
        "hours": blank(&id.hours),
        "social": { "instagram": blank(&id.instagram), "facebook": blank(&id.facebook), "x": blank(&id.x), "tiktok": blank(&id.tiktok) },
        "preview": preview,
        "switchingOver": state.machine.node.refusal()
    })
}

/// Whether the browser asks to save data (`Save-Data: on`, the user's data saver).
fn save_data(req: &HttpRequest) -> bool {
    req.headers().get("save-data").and_then(|v| v.to_str().ok()).is_some_and(|v| v.trim().eq_ignore_ascii_case("on"))
}

/// schema.org `Product` with its `Offer` (price in NGN, availability from stock) and, once it has
/// reviews, its `AggregateRating`.
fn product_data(public_url: &str, p: &crate::catalog::Product) -> serde_json::Value {
    let availability = if p.sold_out() { "https://schema.org/OutOfStock" } else { "https://schema.org/InStock" };
    let mut data = serde_json::json!({
        "@context": "https://schema.org",
        "@type": "Product",
        "name": p.name,
        "description": p.description,
        "image": p.images.iter().map(|i| format!("{public_url}{}", i.largest_url())).collect::<Vec<_>>(),
        "offers": {
            "@type": "Offer",
            "url": format!("{public_url}/product/{}", p.id),
            "price": crate::money::naira_decimal(p.price),
            "priceCurrency": "NGN",
            "availability": availability,
        },
    });
    if p.review_count > 0 {
        data["aggregateRating"] = serde_json::json!({ "@type": "AggregateRating", "ratingValue": p.rating, "reviewCount": p.review_count, "bestRating": 5, "worstRating": 1 });
    }
    data
}

/// schema.org `Organization`: the shop as its published identity describes it, the fields it
/// leaves empty left out.
fn organization_data(public_url: &str, brand: &crate::brand::IdentityView) -> serde_json::Value {
    let id = &brand.identity;
    let mut data = serde_json::json!({
        "@context": "https://schema.org",
        "@type": "Organization",
        "name": id.name,
        "url": format!("{public_url}/"),
    });
    if let Some(logo) = &brand.logo {
        data["logo"] = format!("{public_url}{}", logo.largest_url()).into();
    }
    for (field, value) in [("description", &id.description), ("telephone", &id.phone), ("email", &id.email), ("address", &id.address)] {
        if !value.is_empty() {
            data[field] = value.as_str().into();
        }
    }
    let same_as: Vec<&str> =
        [&id.instagram, &id.facebook, &id.x, &id.tiktok].into_iter().filter(|l| !l.is_empty()).map(String::as_str).collect();
    if !same_as.is_empty() {
        data["sameAs"] = same_as.into();
    }
    data
}

/// The policy's sources for the scripts written into index.html itself (the build inlines the
/// shell script, see frontend/vite.config.ts): `'sha256-…'` of each `<script>` without attributes,
/// so that script runs and no other inline script can. Data blocks (`type="application/json"`)
/// are not scripts and need none.
fn inline_script_hashes() -> &'static str {
    static HASHES: OnceLock<String> = OnceLock::new();
    HASHES.get_or_init(|| {
        let Some(index) = files().get("index.html") else { return String::new() };
        let html = String::from_utf8_lossy(&index.bytes);
        let mut sources = String::new();
        for piece in html.split("<script>").skip(1) {
            if let Some((code, _)) = piece.split_once("</script>") {
                let digest = sha2::Sha256::digest(code.as_bytes());
                sources.push_str(&format!(" 'sha256-{}'", base64::Engine::encode(&base64::engine::general_purpose::STANDARD, digest)));
            }
        }
        sources
    })
}

fn content_security_policy(state: &AppState) -> String {
    // Paystack's script and checkout frame are allowed only when live keys are configured;
    // the sandbox pop-up is served by this binary.
    let paystack = !state.paystack.sandbox;
    let (script, frame, connect) =
        if paystack { (" https://js.paystack.co", " https://checkout.paystack.com", " https://api.paystack.co") } else { ("", "", "") };
    let inline = inline_script_hashes();
    format!(
        "default-src 'self'; script-src 'self'{inline}{script}; style-src 'self' 'unsafe-inline'{script}; img-src 'self' data: blob:; \
         font-src 'self'; connect-src 'self'{connect}; frame-src 'self'{frame}; object-src 'none'; base-uri 'self'; \
         form-action 'self'; frame-ancestors 'none'"
    )
}

fn shorten(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_string();
    }
    let cut: String = text.chars().take(max - 1).collect();
    format!("{}…", cut.trim_end())
}

/// What the shop's identity writes into every page's head: its colours and fonts as CSS custom
/// properties (in the HTML itself: no request, no flash of the demo's colours), the browser's bar
/// colour, the favicon drawn from the logo, and the name link previews show.
#[derive(Default)]
pub struct Theme {
    /// `:root{…}` overrides of global.css, empty for the demo's look.
    pub css: String,
    pub header_colour: String,
    /// Whether the shop has a logo (the favicon is then drawn from it).
    pub icon: bool,
    pub site_name: String,
}

fn render_index(
    public_url: &str,
    path: &str,
    meta: &PageMeta,
    session: &serde_json::Value,
    shop: &serde_json::Value,
    theme: &Theme,
) -> String {
    let template = files()
        .get("index.html")
        .map(|f| String::from_utf8_lossy(&f.bytes).into_owned())
        .unwrap_or_else(|| "<!doctype html><html><head><title></title></head><body><div id=\"root\"></div></body></html>".into());
    let description = escape(&shorten(&meta.description, 200));
    let title = escape(&meta.title);
    let mut head = String::new();
    if !theme.css.is_empty() {
        // Text the server made from checked colours and a fixed list of font stacks; '<' cannot occur.
        head.push_str(&format!("<style id=\"ankara-theme\">{}</style>", theme.css.replace('<', "")));
    }
    head.push_str("<link rel=\"manifest\" href=\"/manifest.webmanifest\">");
    if !theme.site_name.is_empty() {
        head.push_str(&format!("<meta property=\"og:site_name\" content=\"{}\">", escape(&theme.site_name)));
    }
    head += &format!(
        "<meta name=\"description\" content=\"{description}\">\
         <meta property=\"og:title\" content=\"{title}\">\
         <meta property=\"og:description\" content=\"{description}\">\
         <meta property=\"og:type\" content=\"{}\">\
         <meta property=\"og:url\" content=\"{}{}\">\
         <meta name=\"twitter:card\" content=\"summary_large_image\">",
        meta.og_type,
        escape(public_url),
        escape(path)
    );
    if let Some(image) = &meta.image {
        head.push_str(&format!("<meta property=\"og:image\" content=\"{}{}\">", escape(public_url), escape(image)));
    }
    if let Some(kobo) = meta.price_kobo {
        head.push_str(&format!(
            "<meta property=\"product:price:amount\" content=\"{}\"><meta property=\"product:price:currency\" content=\"NGN\">",
            crate::money::naira_decimal(kobo)
        ));
    }
    if let Some(data) = &meta.json_ld {
        // JSON inside a script element: escaping '<' keeps "</script>" in a name from closing it.
        let json = data.to_string().replace('<', "\\u003c");
        head.push_str(&format!("<script type=\"application/ld+json\">{json}</script>"));
    }
    let mut picture = String::new();
    if let Some((image, slot)) = &meta.preload {
        let sizes = slot.sizes();
        // A browser without WebP takes the JPEGs (the <img>'s own srcset).
        let img = format!(
            "<img class=\"{}\" alt=\"\" srcset=\"{}\" sizes=\"{sizes}\" fetchpriority=\"high\">",
            slot.class(),
            escape(&image.srcset)
        );
        picture = slot.frame(&if image.webp_srcset.is_empty() {
            img
        } else {
            format!("<picture><source type=\"image/webp\" srcset=\"{}\" sizes=\"{sizes}\">{img}</picture>", escape(&image.webp_srcset))
        });
        // The WebP copies where there are (a browser without WebP skips a preload of that type),
        // the JPEGs named beside them for the app (src/lib/shellPicture.ts).
        if image.webp_srcset.is_empty() {
            head.push_str(&format!(
                "<link rel=\"preload\" as=\"image\" imagesrcset=\"{}\" imagesizes=\"{sizes}\" fetchpriority=\"high\">",
                escape(&image.srcset)
            ));
        } else {
            head.push_str(&format!(
                "<link rel=\"preload\" as=\"image\" type=\"image/webp\" imagesrcset=\"{}\" imagesizes=\"{sizes}\" \
                 fetchpriority=\"high\" data-jpeg=\"{}\">",
                escape(&image.webp_srcset),
                escape(&image.srcset)
            ));
        }
    }
    // JSON inside a script element: escaping '<' keeps "</script>" in data from closing it.
    let session_json = session.to_string().replace('<', "\\u003c");
    head.push_str(&format!("<script id=\"ankara-session\" type=\"application/json\">{session_json}</script>"));
    // The shop's own facts the pages need (its WhatsApp number), escaped the same way.
    let shop_json = shop.to_string().replace('<', "\\u003c");
    head.push_str(&format!("<script id=\"ankara-shop\" type=\"application/json\">{shop_json}</script>"));
    let mut template = template;
    if let Some(colour) = crate::brand::colour::Rgb::parse(&theme.header_colour) {
        template = template.replacen(&format!("content=\"{}\"", crate::brand::DEFAULT_HEADER), &format!("content=\"{}\"", colour.hex()), 1);
    }
    if theme.icon
        && let Some(start) = template.find("<link rel=\"icon\"")
        && let Some(len) = template[start..].find('>')
    {
        // The build inlines the demo's mark as a data: URL (vite.config.ts); her logo replaces it.
        template.replace_range(
            start..start + len + 1,
            "<link rel=\"icon\" href=\"/brand/icon-32.png\" type=\"image/png\"><link rel=\"apple-touch-icon\" href=\"/brand/icon-180.png\">",
        );
    }
    if !theme.site_name.is_empty() {
        // The app shell's wordmark and the no-script line name the shop before any script runs.
        let name = escape(&theme.site_name);
        template = template
            .replacen("<span class=\"logo__word\">Ankara</span>", &format!("<span class=\"logo__word\">{name}</span>"), 1)
            .replacen("<noscript>Ankara needs", &format!("<noscript>{name} needs"), 1);
    }
    let with_title = match (template.find("<title>"), template.find("</title>")) {
        (Some(start), Some(end)) if end > start => {
            format!("{}<title>{title}</title>{}", &template[..start], &template[end + "</title>".len()..])
        }
        _ => template,
    };
    with_title.replacen("</head>", &format!("{head}</head>"), 1).replacen(PICTURE_MARK, &picture, 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_front_end_without_its_list_of_addresses_is_refused_with_a_sentence() {
        let refusal = read_client_routes(&HashMap::new()).unwrap_err();
        assert!(refusal.contains("client-routes.json") && refusal.contains("npm run build"), "{refusal}");
        let routes = read_client_routes(files()).expect("the built front end has its list");
        assert!(routes.iter().any(|r| r.join("/") == "/pay/:token"), "{routes:?}");
    }

    #[test]
    fn injected_text_is_escaped() {
        let meta = PageMeta {
            title: "<script>alert(1)</script> \"Shoe\"".into(),
            description: "A & B".into(),
            image: Some("/media/x-1024.jpg".into()),
            og_type: "product",
            price_kobo: Some(crate::money::Kobo::new(2_500_050)),
            preload: Some((crate::media::Image::from_row("x", "320", "", 320, 400), Slot::Product)),
            json_ld: Some(serde_json::json!({"@type": "Product", "name": "</script><script>alert(1)</script>"})),
        };
        let html = render_index(
            "http://shop.test",
            "/product/x",
            &meta,
            &serde_json::json!({"user": {"displayName": "</script><b>"}}),
            &serde_json::json!({}),
            &Theme::default(),
        );
        assert!(html.contains("<title>&lt;script&gt;alert(1)&lt;/script&gt; &quot;Shoe&quot;</title>"));
        assert!(html.contains("content=\"A &amp; B\""));
        assert!(html.contains("content=\"http://shop.test/media/x-1024.jpg\""));
        assert!(html.contains("content=\"25000.50\""));
        assert!(!html.contains("</script><b>"));
        assert!(html.contains("<script type=\"application/ld+json\">{\"@type\":\"Product\",\"name\":\"\\u003c/script>\\u003cscript>"));
        assert!(!html.contains("</script><script>alert(1)"));
        assert!(html.contains("<link rel=\"preload\" as=\"image\" imagesrcset=\"/media/x-320.jpg 320w\""));
    }

    #[test]
    fn the_first_picture_is_preloaded_as_webp_with_its_jpeg_beside_it() {
        let meta = PageMeta {
            title: "Shoe".into(),
            description: String::new(),
            image: None,
            og_type: "product",
            price_kobo: None,
            preload: Some((crate::media::Image::from_row("x", "360,720", "360,720", 720, 900), Slot::Product)),
            json_ld: None,
        };
        let html = render_index("http://shop.test", "/product/x", &meta, &serde_json::json!({}), &serde_json::json!({}), &Theme::default());
        assert!(html.contains(
            "<link rel=\"preload\" as=\"image\" type=\"image/webp\" imagesrcset=\"/media/x-360.webp 360w, /media/x-720.webp 720w\""
        ));
        assert!(html.contains("data-jpeg=\"/media/x-360.jpg 360w, /media/x-720.jpg 720w\""));
        // And drawn in the app shell, so it paints from the HTML before any script runs.
        let sizes = Slot::Product.sizes();
        assert!(html.contains("<div id=\"root\" data-shell><header class=\"site-header\" aria-hidden=\"true\">"));
        assert!(html.contains(&format!(
            "<div class=\"container page product-skeleton\" aria-hidden=\"true\"><div class=\"product-skeleton__media\">\
             <picture><source type=\"image/webp\" srcset=\"/media/x-360.webp 360w, /media/x-720.webp 720w\" sizes=\"{sizes}\">\
             <img class=\"product-skeleton__img\" alt=\"\" srcset=\"/media/x-360.jpg 360w, /media/x-720.jpg 720w\" \
             sizes=\"{sizes}\" fetchpriority=\"high\"></picture></div></div></div>"
        )));
        assert!(!html.contains(PICTURE_MARK));
    }

    #[test]
    fn a_page_without_a_picture_has_an_empty_shell() {
        let meta = PageMeta {
            title: "About".into(),
            description: String::new(),
            image: None,
            og_type: "website",
            price_kobo: None,
            preload: None,
            json_ld: None,
        };
        let html = render_index("http://shop.test", "/about", &meta, &serde_json::json!({}), &serde_json::json!({}), &Theme::default());
        assert!(!html.contains("<picture") && !html.contains("<img") && !html.contains(PICTURE_MARK));
    }
}
