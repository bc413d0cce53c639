//! The shop's pages: read by anyone, written by the people who run the shop (the access table).

use actix_web::{HttpResponse, delete, get, post, put, web};
use futures_util::StreamExt;
use serde::Deserialize;

use super::{Page, PageLink, PageText};
use crate::api::Message;
use crate::catalog::write::Changes;
use crate::error::answers::{BadRequest, Busy, Conflict, Forbidden, NotFound, PayloadTooLarge, Unauthorized};
use crate::error::{AppError, AppResult};
use crate::http::AppState;

pub fn configure(cfg: &mut utoipa_actix_web::service_config::ServiceConfig) {
    cfg.service(footer_pages)
        .service(read_page)
        .service(admin_pages)
        .service(preview_page)
        .service(add_page)
        .service(edit_page)
        .service(delete_page);
}

/// A page as the merchant sends it.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct PageBody {
    #[schema(min_length = 1, max_length = 80)]
    title: String,
    /// The meta description; at most 300 characters.
    #[serde(default)]
    #[schema(max_length = 300)]
    description: String,
    /// Markdown, at most 100 KB: no HTML; links to http(s), mailto, tel or the shop's own addresses.
    #[schema(min_length = 1, max_length = 100000)]
    body: String,
    /// Listed in the footer (true when left out).
    #[serde(default = "listed")]
    in_footer: bool,
}

fn listed() -> bool {
    true
}

/// Markdown to preview.
#[derive(Deserialize, utoipa::ToSchema)]
struct PreviewBody {
    #[schema(max_length = 100000)]
    body: String,
}

#[derive(serde::Serialize, utoipa::ToSchema)]
struct Preview {
    html: String,
}

/// A page's JSON body, read here rather than by the shop's 64 KB JSON extractor: a page may hold
/// 100 KB of Markdown, and one far over that gets a sentence naming the cap (not a bare 413).
async fn read_json<T: serde::de::DeserializeOwned>(mut payload: web::Payload) -> AppResult<T> {
    // JSON escapes (quotes, new lines) make the body somewhat longer than its Markdown.
    let limit = super::MAX_BODY_BYTES * 2;
    let mut bytes = web::BytesMut::new();
    while let Some(chunk) = payload.next().await {
        let chunk = chunk.map_err(|e| AppError::Validation(format!("The request body could not be read: {e}")))?;
        if bytes.len() + chunk.len() > limit {
            return Err(super::too_long(bytes.len() + chunk.len()));
        }
        bytes.extend_from_slice(&chunk);
    }
    serde_json::from_slice(&bytes).map_err(|e| AppError::Validation(format!("The request body is not valid: {e}")))
}

/// The pages listed in the footer, in order (the first HTML carries them too).
#[utoipa::path(tag = "content", responses((status = OK, body = Vec<PageLink>)))]
#[get("/pages")]
async fn footer_pages(state: web::Data<AppState>) -> AppResult<HttpResponse> {
    let links = state.db.read(|c| Ok(super::footer_links(c)?)).await?;
    Ok(HttpResponse::Ok().json(links))
}

/// One page, its Markdown rendered.
#[utoipa::path(tag = "content", responses((status = OK, body = Page), NotFound))]
#[get("/pages/{slug}")]
async fn read_page(state: web::Data<AppState>, slug: web::Path<String>) -> AppResult<HttpResponse> {
    let slug = slug.into_inner();
    let page = state.db.read(move |c| Ok(super::get(c, &slug)?)).await?.ok_or_else(super::not_found)?;
    Ok(HttpResponse::Ok().json(page))
}

/// Every page, with its Markdown, for the back office.
#[utoipa::path(tag = "admin", responses((status = OK, body = Vec<Page>), Unauthorized, Forbidden))]
#[get("/admin/pages")]
async fn admin_pages(state: web::Data<AppState>, _admin: crate::auth::AdminUser) -> AppResult<HttpResponse> {
    let pages = state.db.read(|c| Ok(super::list(c)?)).await?;
    Ok(HttpResponse::Ok().json(pages))
}

/// The Markdown as the page will show it, or the reason it would be refused.
#[utoipa::path(tag = "admin", request_body = PreviewBody, responses((status = OK, body = Preview), BadRequest, Unauthorized, Forbidden, PayloadTooLarge))]
#[post("/admin/pages/preview")]
async fn preview_page(_admin: crate::auth::AdminUser, payload: web::Payload) -> AppResult<HttpResponse> {
    let PreviewBody { body } = read_json(payload).await?;
    super::check_body(&body)?;
    Ok(HttpResponse::Ok().json(Preview { html: super::render(&body) }))
}

/// Adds a page at /pages/{slug}, the slug made from its title.
#[utoipa::path(tag = "admin", request_body = PageBody, responses((status = CREATED, body = Page), BadRequest, Unauthorized, Forbidden, Conflict, PayloadTooLarge, Busy))]
#[post("/admin/pages")]
async fn add_page(state: web::Data<AppState>, _admin: crate::auth::AdminUser, payload: web::Payload) -> AppResult<HttpResponse> {
    let PageBody { title, description, body, in_footer } = read_json(payload).await?;
    let text = PageText::check(&title, &description, &body, in_footer)?;
    let now = state.clock.now_ms();
    // Through the catalogue's door: the sitemap and cached answers are forgotten.
    let page = state.catalogue.write(move |tx| Ok((super::add(tx, &text, now)?, Changes::shown()))).await?;
    Ok(HttpResponse::Created().json(page))
}

/// Rewrites a page; its address stays.
#[utoipa::path(tag = "admin", request_body = PageBody, responses((status = OK, body = Page), BadRequest, Unauthorized, Forbidden, NotFound, Conflict, PayloadTooLarge, Busy))]
#[put("/admin/pages/{slug}")]
async fn edit_page(
    state: web::Data<AppState>,
    _admin: crate::auth::AdminUser,
    slug: web::Path<String>,
    payload: web::Payload,
) -> AppResult<HttpResponse> {
    let PageBody { title, description, body, in_footer } = read_json(payload).await?;
    let text = PageText::check(&title, &description, &body, in_footer)?;
    let (slug, now) = (slug.into_inner(), state.clock.now_ms());
    let page = state.catalogue.write(move |tx| Ok((super::edit(tx, &slug, &text, now)?, Changes::shown()))).await?;
    Ok(HttpResponse::Ok().json(page))
}

/// Deletes a page (its address then answers Page not found).
#[utoipa::path(tag = "admin", responses((status = OK, body = Message), Unauthorized, Forbidden, NotFound, Busy))]
#[delete("/admin/pages/{slug}")]
async fn delete_page(state: web::Data<AppState>, _admin: crate::auth::AdminUser, slug: web::Path<String>) -> AppResult<HttpResponse> {
    let slug = slug.into_inner();
    let title = state.catalogue.write(move |tx| Ok((super::delete(tx, &slug)?, Changes::shown()))).await?;
    Ok(HttpResponse::Ok().json(Message::new(format!("{title} deleted."))))
}
