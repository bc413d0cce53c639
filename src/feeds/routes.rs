//! The feeds over HTTP: the public files fetchers poll (`/feeds/{token}/meta.csv` and
//! `/feeds/{token}/google.xml`, outside the API), and the back office's Feeds screen.

use actix_web::http::header::{self, HttpDate};
use actix_web::{HttpRequest, HttpResponse, get, post, put, web};
use serde::{Deserialize, Serialize};

use super::{AgeGroup, CollectionAudience, Gender, Rejected};
use crate::auth::AdminUser;
use crate::error::answers::{BadRequest, Busy, Forbidden, Unauthorized};
use crate::error::{AppError, AppResult};
use crate::http::AppState;

pub fn configure(cfg: &mut utoipa_actix_web::service_config::ServiceConfig) {
    cfg.service(get_feeds).service(rotate_address).service(save_settings);
}

/// The secret's length: 128 bits in hex. Anything else is refused before it is compared.
const TOKEN_LENGTH: usize = 32;

/// A feed file. A wrong secret or file name is a 404 from memory; the right one is answered from
/// the kept copy (built again only after the catalogue changed), gzipped when the fetcher takes
/// it, with `304 Not Modified` for a fetcher that holds this version already.
pub async fn serve(req: HttpRequest, state: web::Data<AppState>, path: web::Path<(String, String)>) -> AppResult<HttpResponse> {
    let (token, file) = path.into_inner();
    let not_found = || AppError::NotFound("There is no feed at this address.".into());
    let csv = match file.as_str() {
        "meta.csv" => true,
        "google.xml" => false,
        _ => return Err(not_found()),
    };
    if token.len() != TOKEN_LENGTH || !state.feeds.knows(&state.db, state.cache.generation(), &token).await? {
        return Err(not_found());
    }
    let built = state.feeds.current(&state.db, &state.cache, state.config.public_url()).await?;
    // Rotated while this fetch waited for a build: the old address is gone.
    if built.token != token {
        return Err(not_found());
    }
    let kept = if csv { &built.meta } else { &built.google };
    let modified = HttpDate::from(built.built_at);
    let unchanged = if req.headers().contains_key(header::IF_NONE_MATCH) {
        crate::cache::not_modified(&req, &kept.etag)
    } else {
        req.headers()
            .get(header::IF_MODIFIED_SINCE)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.parse::<HttpDate>().ok())
            .is_some_and(|since| std::time::SystemTime::from(since) >= std::time::SystemTime::from(modified))
    };
    let mut response = if unchanged { HttpResponse::NotModified() } else { HttpResponse::Ok() };
    response
        .insert_header((header::ETAG, kept.etag.as_str()))
        .insert_header((header::LAST_MODIFIED, modified))
        .insert_header((header::CACHE_CONTROL, "no-cache"))
        .insert_header((header::VARY, "accept-encoding"))
        // The address carries the secret: not for search engines' results.
        .insert_header(("X-Robots-Tag", "noindex"));
    if unchanged {
        return Ok(response.finish());
    }
    response.content_type(if csv { "text/csv; charset=utf-8" } else { "application/xml; charset=utf-8" });
    if crate::compress::accepts_gzip(req.headers()) {
        return Ok(response.insert_header((header::CONTENT_ENCODING, "gzip")).body(kept.gzip.clone()));
    }
    let feeds = built.clone();
    let plain = web::block(move || if csv { feeds.meta.plain() } else { feeds.google.plain() }).await??;
    Ok(response.body(plain))
}

/// One feed's public address.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FeedAddress {
    /// "meta" or "google".
    pub channel: String,
    /// Who reads it ("Meta: Instagram and Facebook shops").
    pub name: String,
    /// "CSV" or "XML (RSS 2.0)".
    pub format: String,
    pub url: String,
}

/// What the Feeds screen shows.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FeedsView {
    pub feeds: Vec<FeedAddress>,
    /// Items in each feed: one per variant of each product listed.
    pub items: usize,
    /// Products left out because a channel would refuse them, with why.
    pub rejected: Vec<Rejected>,
    /// The shop-wide gender and age group, for collections that set none.
    pub gender: Gender,
    pub age_group: AgeGroup,
    pub collections: Vec<CollectionAudience>,
    /// When the kept files were built (Unix ms).
    pub built_at: i64,
}

async fn view(state: &web::Data<AppState>) -> AppResult<HttpResponse> {
    let built = state.feeds.current(&state.db, &state.cache, state.config.public_url()).await?;
    let (settings, collections) = state.db.read(|c| Ok((super::settings(c)?, super::audiences(c)?))).await?;
    let base = format!("{}/feeds/{}", state.config.public_url(), built.token);
    let address = |channel: &str, name: &str, format: &str, file: &str| FeedAddress {
        channel: channel.into(),
        name: name.into(),
        format: format.into(),
        url: format!("{base}/{file}"),
    };
    let built_at = built.built_at.duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_millis() as i64);
    let view = FeedsView {
        feeds: vec![
            address("meta", "Meta: Instagram and Facebook shops", "CSV", "meta.csv"),
            address("google", "Google Merchant Center (and TikTok's catalogue)", "XML (RSS 2.0)", "google.xml"),
        ],
        items: built.items,
        rejected: built.rejected.clone(),
        gender: settings.gender,
        age_group: settings.age_group,
        collections,
        built_at,
    };
    Ok(HttpResponse::Ok().insert_header((header::CACHE_CONTROL, "no-store")).json(view))
}

/// The feeds' addresses, their item count, the products a channel would refuse, and who the
/// items are for.
#[utoipa::path(tag = "admin", responses((status = OK, body = FeedsView), Unauthorized, Forbidden))]
#[get("/admin/feeds")]
async fn get_feeds(state: web::Data<AppState>, _admin: AdminUser) -> AppResult<HttpResponse> {
    view(&state).await
}

/// A new secret in both addresses: the old ones answer 404 from now on (give the new ones to
/// each channel).
#[utoipa::path(tag = "admin", responses((status = OK, body = FeedsView), Unauthorized, Forbidden, Busy))]
#[post("/admin/feeds/rotate")]
async fn rotate_address(state: web::Data<AppState>, admin: AdminUser) -> AppResult<HttpResponse> {
    let (actor, now) = (admin.0.id.clone(), state.clock.now_ms());
    state
        .db
        .write(move |tx| {
            super::rotate(tx, now)?;
            Ok(crate::activity::record(tx, &actor, "feeds", "feeds", "Replaced the catalogue feeds' addresses")?)
        })
        .await?;
    state.feeds.changed();
    view(&state).await
}

/// Who the items are for: the shop-wide gender and age group, and each collection's own.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct AudienceBody {
    gender: Gender,
    age_group: AgeGroup,
    /// Collections to set (null gender or age group: the shop's); collections not listed keep theirs.
    #[serde(default)]
    collections: Vec<CollectionAudience>,
}

/// Saves who the items are for; the feeds follow at their next fetch.
#[utoipa::path(tag = "admin", responses((status = OK, body = FeedsView), BadRequest, Unauthorized, Forbidden, Busy))]
#[put("/admin/feeds/settings")]
async fn save_settings(state: web::Data<AppState>, _admin: AdminUser, body: web::Json<AudienceBody>) -> AppResult<HttpResponse> {
    let body = body.into_inner();
    if body.collections.len() > 10_000 {
        return Err(AppError::Validation("At most 10,000 collections at once.".into()));
    }
    state.db.write(move |tx| super::save_audiences(tx, body.gender, body.age_group, &body.collections)).await?;
    state.feeds.changed();
    view(&state).await
}
