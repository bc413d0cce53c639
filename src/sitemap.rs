//! The shop's pages for search engines: `/sitemap.xml` (every page a shopper may land on) and
//! `/robots.txt` (which addresses are not pages to index).

use actix_web::http::header;
use actix_web::web::Bytes;
use actix_web::{HttpResponse, web};

use crate::error::AppResult;
use crate::http::AppState;
use crate::util::escape_markup as escape;

/// The most product addresses one sitemap file may list (the sitemaps protocol's limit, less the
/// shop's own pages).
const SITEMAP_PRODUCTS: i64 = 49_000;

/// `/sitemap.xml`: home, About Us, the collections, the shop's pages and the newest products. Built once per
/// catalogue change (it can list tens of thousands of products), then answered from the cache.
pub async fn sitemap(state: web::Data<AppState>) -> AppResult<HttpResponse> {
    let xml = state.cache.bytes("sitemap.xml".into(), build_sitemap(&state)).await?;
    Ok(HttpResponse::Ok()
        .content_type("application/xml; charset=utf-8")
        .insert_header((header::CACHE_CONTROL, "public, max-age=3600"))
        .body(xml))
}

async fn build_sitemap(state: &AppState) -> AppResult<Bytes> {
    let base = state.config.public_url().to_string();
    let (collections, products, pages) = state
        .db
        .read(|c| {
            let collections: Vec<String> = c
                .prepare("SELECT id FROM collections WHERE hidden = 0 ORDER BY position, id")?
                .query_map([], |r| r.get(0))?
                .collect::<Result<_, _>>()?;
            let products: Vec<(String, i64)> = c
                .prepare("SELECT id, updated_at FROM products ORDER BY created_at DESC LIMIT ?1")?
                .query_map([SITEMAP_PRODUCTS], |r| Ok((r.get(0)?, r.get(1)?)))?
                .collect::<Result<_, _>>()?;
            Ok((collections, products, crate::pages::addresses(c)?))
        })
        .await?;
    let mut xml =
        String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n");
    let mut url = |path: &str, modified: Option<i64>| {
        let lastmod = modified.map(|ms| format!("<lastmod>{}</lastmod>", &crate::util::iso8601(ms)[..10])).unwrap_or_default();
        xml.push_str(&format!("<url><loc>{}</loc>{lastmod}</url>\n", escape(&format!("{base}{path}"))));
    };
    url("/", None);
    url("/about", None);
    for id in &collections {
        url(&format!("/collections/{id}"), None);
    }
    for (slug, modified) in &pages {
        url(&format!("/pages/{slug}"), Some(*modified));
    }
    for (id, modified) in &products {
        url(&format!("/product/{id}"), Some(*modified));
    }
    xml.push_str("</urlset>\n");
    Ok(Bytes::from(xml))
}

/// `/robots.txt`: the shop is open to search engines; accounts, the bag, admin and the API are not pages
/// to index (`/admin` is a prefix: it covers `/admin/…` and `/adminmanagement` too).
pub async fn robots(state: web::Data<AppState>) -> HttpResponse {
    let body = format!(
        "User-agent: *\nDisallow: /api/\nDisallow: /admin\nDisallow: /myaccount\nDisallow: /mybag\n\
         Disallow: /myorders\nDisallow: /saved-items\nDisallow: /search\nDisallow: /track\n\nSitemap: {}/sitemap.xml\n",
        state.config.public_url()
    );
    HttpResponse::Ok().content_type("text/plain; charset=utf-8").insert_header((header::CACHE_CONTROL, "public, max-age=3600")).body(body)
}
