//! The shop's identity over HTTP: the back office's draft, publish and revert, the logo upload, and
//! the pieces of the installable app (its manifest and icons) drawn from what is published.

use actix_multipart::form::MultipartForm;
use actix_web::{HttpRequest, HttpResponse, delete, get, post, put, web};

use super::*;
use crate::auth::AdminUser;
use crate::error::answers::{BadRequest, Busy, Conflict, Forbidden, PayloadTooLarge, TooManyRequests, Unauthorized};
use crate::http::AppState;
use crate::media::upload::{self, ImageUpload, UploadSlot};

pub fn configure(cfg: &mut utoipa_actix_web::service_config::ServiceConfig) {
    cfg.service(get_brand)
        .service(save_brand_draft)
        .service(discard_brand_draft)
        .service(upload_logo)
        .service(remove_logo)
        .service(publish_brand)
        .service(revert_brand)
        .service(get_home)
        .service(get_home_editor)
        .service(save_home)
        .service(upload_home_picture);
}

/// The cookie a member of staff sets to see the storefront with the draft (the back office's
/// Preview). Honoured only for a session that may edit the identity: anyone else sees what is
/// published, whatever their cookies say.
pub const PREVIEW_COOKIE: &str = "ankara_preview";

/// Whether a request asks for the draft (the cookie) from a member of staff whose `role` may edit
/// it: the cookie alone shows a shopper nothing.
pub fn previewing(req: &HttpRequest, role: Option<crate::auth::Role>) -> bool {
    req.cookie(PREVIEW_COOKIE).is_some_and(|c| c.value() == "brand")
        && role.is_some_and(|role| crate::access::may(role, "PUT", "/api/admin/brand"))
}

fn answer(view: BrandView) -> HttpResponse {
    HttpResponse::Ok().insert_header(("Cache-Control", "no-store")).json(view)
}

async fn current(state: &web::Data<AppState>) -> AppResult<HttpResponse> {
    Ok(answer(state.db.read(|c| Ok(brand_view(c)?)).await?))
}

/// Mail carries the published name and logo from now on, and the catalogue feeds the name (their
/// `brand`) from their next fetch.
async fn sign_mail(state: &web::Data<AppState>) -> AppResult<()> {
    state.feeds.changed();
    let published = state.db.read(|c| Ok(published_view(c)?)).await?;
    state.mailer.set_shop(&published.identity.name, published.logo.as_ref());
    Ok(())
}

/// The draft being edited and what shoppers see now.
#[utoipa::path(tag = "admin", responses((status = OK, body = BrandView), Unauthorized, Forbidden))]
#[get("/admin/brand")]
async fn get_brand(state: web::Data<AppState>, _admin: AdminUser) -> AppResult<HttpResponse> {
    current(&state).await
}

/// Saves the draft, checked whole first (a refused draft changes nothing). Shoppers see it only
/// once it is published.
#[utoipa::path(tag = "admin", responses((status = OK, body = BrandView), BadRequest, Unauthorized, Forbidden, Busy))]
#[put("/admin/brand")]
async fn save_brand_draft(state: web::Data<AppState>, _admin: AdminUser, body: web::Json<Identity>) -> AppResult<HttpResponse> {
    let identity = body.into_inner();
    let (root, now) = (state.media.root.clone(), state.clock.now_ms());
    state.db.write(move |tx| save_draft(tx, &root, identity, now)).await?;
    current(&state).await
}

/// Drops the draft: the back office shows what is published again.
#[utoipa::path(tag = "admin", responses((status = OK, body = BrandView), Unauthorized, Forbidden, Busy))]
#[delete("/admin/brand")]
async fn discard_brand_draft(state: web::Data<AppState>, _admin: AdminUser) -> AppResult<HttpResponse> {
    let root = state.media.root.clone();
    state.db.write(move |tx| discard_draft(tx, &root)).await?;
    current(&state).await
}

/// The logo form (multipart).
#[derive(MultipartForm, utoipa::ToSchema)]
#[multipart(duplicate_field = "deny")]
struct LogoForm {
    /// PNG, JPEG or WebP (not SVG), at most 10 MB.
    #[schema(value_type = String, format = Binary)]
    logo: Option<ImageUpload>,
}

/// Whether a file is SVG (or any XML), which a browser would run script from: refused by its
/// bytes, whatever its name says.
fn looks_like_svg(upload: &ImageUpload) -> std::io::Result<bool> {
    use std::io::Read;
    let mut head = [0u8; 512];
    let read = upload.0.file.reopen()?.read(&mut head)?;
    let text = String::from_utf8_lossy(&head[..read]).to_ascii_lowercase();
    let text = text.trim_start_matches('\u{feff}').trim_start();
    Ok(text.starts_with('<') || text.contains("<svg"))
}

/// The one picture a form sent, or why it cannot be used: none chosen, or SVG (by its bytes).
fn one_picture(sent: Option<ImageUpload>, what: &str, for_what: &str) -> AppResult<ImageUpload> {
    let Some(picture) = ImageUpload::sent(sent) else {
        return Err(AppError::Validation(format!("Choose a picture for {for_what}.")));
    };
    if looks_like_svg(&picture)? {
        return Err(AppError::Validation(format!(
            "An SVG {what} cannot be used (it can carry script): upload it as a PNG, JPEG or WebP picture."
        )));
    }
    Ok(picture)
}

/// Sets the draft's logo: decoded and re-encoded by the shop's picture pipeline (so nothing but
/// pixels is kept), shown in the header, receipts, e-mails, the favicon and the app's icons once
/// published.
#[utoipa::path(
    tag = "admin",
    request_body(content = LogoForm, content_type = "multipart/form-data"),
    responses((status = OK, body = BrandView), BadRequest, Unauthorized, Forbidden, PayloadTooLarge, TooManyRequests, Busy)
)]
#[put("/admin/brand/logo")]
async fn upload_logo(
    req: HttpRequest,
    state: web::Data<AppState>,
    _slot: UploadSlot,
    _admin: AdminUser,
    body: web::Payload,
) -> AppResult<HttpResponse> {
    let LogoForm { logo } = upload::read(&req, body).await?;
    let logo = one_picture(logo, "logo", "the logo")?;
    let (root, now) = (state.media.root.clone(), state.clock.now_ms());
    crate::media::write_with_uploads(
        &state.media,
        &state.db,
        crate::media::LOGOS,
        vec![logo],
        crate::media::ImageKind::Logo,
        move |tx, keys| set_draft_logo(tx, &root, keys.into_iter().next(), now),
    )
    .await?;
    current(&state).await
}

/// Takes the logo off the draft (the name alone shows).
#[utoipa::path(tag = "admin", responses((status = OK, body = BrandView), Unauthorized, Forbidden, Busy))]
#[delete("/admin/brand/logo")]
async fn remove_logo(state: web::Data<AppState>, _admin: AdminUser) -> AppResult<HttpResponse> {
    let (root, now) = (state.media.root.clone(), state.clock.now_ms());
    state.db.write(move |tx| set_draft_logo(tx, &root, None, now)).await?;
    current(&state).await
}

/// Publishes the draft: shoppers see it on their next page load; what they saw until now is kept
/// for Revert.
#[utoipa::path(tag = "admin", responses((status = OK, body = BrandView), Unauthorized, Forbidden, Conflict, Busy))]
#[post("/admin/brand/publish")]
async fn publish_brand(state: web::Data<AppState>, admin: AdminUser) -> AppResult<HttpResponse> {
    let (root, actor, now) = (state.media.root.clone(), admin.0.id.clone(), state.clock.now_ms());
    state
        .db
        .write(move |tx| {
            publish(tx, &root, now)?;
            Ok(crate::activity::record(tx, &actor, "brand", "shop", "Published the shop's identity")?)
        })
        .await?;
    sign_mail(&state).await?;
    current(&state).await
}

/// Goes back to the version published before the last publish, in one step.
#[utoipa::path(tag = "admin", responses((status = OK, body = BrandView), Unauthorized, Forbidden, Conflict, Busy))]
#[post("/admin/brand/revert")]
async fn revert_brand(state: web::Data<AppState>, admin: AdminUser) -> AppResult<HttpResponse> {
    let (root, actor, now) = (state.media.root.clone(), admin.0.id.clone(), state.clock.now_ms());
    state
        .db
        .write(move |tx| {
            revert(tx, &root, now)?;
            Ok(crate::activity::record(tx, &actor, "brand", "shop", "Went back to the shop's previous identity")?)
        })
        .await?;
    sign_mail(&state).await?;
    current(&state).await
}

/// `/manifest.webmanifest`: the installable app's name, colours and icons, from what is published.
pub async fn manifest(state: web::Data<AppState>) -> AppResult<HttpResponse> {
    let (identity, logo) = state.db.read(|c| Ok(published_view(c).map(|v| (v.identity, v.logo))?)).await?;
    let icons = match logo {
        Some(_) => [192, 512]
            .iter()
            .map(|s| serde_json::json!({ "src": format!("/brand/icon-{s}.png"), "sizes": format!("{s}x{s}"), "type": "image/png", "purpose": "any" }))
            .collect::<Vec<_>>(),
        None => vec![serde_json::json!({ "src": "/favicon.svg", "sizes": "any", "type": "image/svg+xml", "purpose": "any" })],
    };
    let short: String = identity.name.chars().take(12).collect();
    let body = serde_json::json!({
        "name": identity.name,
        "short_name": short.trim_end(),
        "description": identity.description,
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "background_color": PAGE_BACKGROUND,
        "theme_color": identity.header_colour,
        "icons": icons,
    });
    Ok(HttpResponse::Ok().content_type("application/manifest+json").insert_header(("Cache-Control", "no-cache")).body(body.to_string()))
}

/// `/brand/icon-{size}.png`: the published logo as a square icon on the header colour.
pub async fn icon(state: web::Data<AppState>, file: web::Path<String>) -> AppResult<HttpResponse> {
    let not_found = || AppError::NotFound("No such icon.".into());
    let size: u32 = file.strip_prefix("icon-").and_then(|f| f.strip_suffix(".png")).and_then(|s| s.parse().ok()).ok_or_else(not_found)?;
    if !icons::SIZES.contains(&size) {
        return Err(not_found());
    }
    let (identity, logo_key) = state.db.read(|c| Ok(published(c).map(|s| (s.identity, s.logo_key))?)).await?;
    let key = logo_key.ok_or_else(not_found)?;
    let for_width = key.clone();
    let largest = state
        .db
        .read(move |c| Ok(crate::media::load(c, &for_width)?.map(|image| image.largest_url().to_string())))
        .await?
        .and_then(|url| url.rsplit('-').next().and_then(|w| w.split('.').next()?.parse::<u32>().ok()))
        .ok_or_else(not_found)?;
    let root = state.media.root.clone();
    let png = web::block(move || icons::icon(&root, &key, largest, &identity.header_colour, size)).await??;
    Ok(HttpResponse::Ok().content_type("image/png").insert_header(("Cache-Control", "public, max-age=300")).body(png))
}

/// The home page's sections as shoppers see them, pictures and links resolved (the draft's for a
/// member of staff previewing it). The first load of `/` carries the same in the page itself.
#[utoipa::path(tag = "catalogue", responses((status = OK, body = home::HomeView)))]
#[get("/home")]
async fn get_home(req: HttpRequest, state: web::Data<AppState>) -> AppResult<crate::cache::Answer> {
    use actix_web::FromRequest;
    // Only a request that asks for a preview costs a session lookup.
    let role = if req.cookie(PREVIEW_COOKIE).is_some() {
        crate::auth::CurrentUser::extract(&req).await.ok().and_then(|user| user.role)
    } else {
        None
    };
    let preview = previewing(&req, role);
    let view = state.db.read(move |c| Ok(home_view(c, preview)?)).await?;
    Ok(crate::cache::Answer::new(serde_json::to_vec(&view).map_err(AppError::internal)?.into()))
}

fn editor(view: HomeEditor) -> HttpResponse {
    HttpResponse::Ok().insert_header(("Cache-Control", "no-store")).json(view)
}

/// The home page's draft layout for the editor, with its pictures.
#[utoipa::path(tag = "admin", responses((status = OK, body = HomeEditor), Unauthorized, Forbidden))]
#[get("/admin/home")]
async fn get_home_editor(state: web::Data<AppState>, _admin: AdminUser) -> AppResult<HttpResponse> {
    Ok(editor(state.db.read(|c| Ok(home_editor(c)?)).await?))
}

/// Saves the home page's draft, checked whole first (a missing picture, a link to a deleted
/// product, a link off the shop: refused, nothing changed). Shoppers see it once published.
#[utoipa::path(tag = "admin", responses((status = OK, body = HomeEditor), BadRequest, Unauthorized, Forbidden, Busy))]
#[put("/admin/home")]
async fn save_home(state: web::Data<AppState>, _admin: AdminUser, body: web::Json<home::Home>) -> AppResult<HttpResponse> {
    let layout = body.into_inner();
    // Refused before the writer is asked: a list of 1,000 sections costs nothing more.
    if layout.sections.len() > home::MAX_SECTIONS {
        return Err(AppError::Validation(format!("The home page can have at most {} sections.", home::MAX_SECTIONS)));
    }
    let (root, now) = (state.media.root.clone(), state.clock.now_ms());
    state.db.write(move |tx| save_home_draft(tx, &root, layout, now)).await?;
    Ok(editor(state.db.read(|c| Ok(home_editor(c)?)).await?))
}

/// The home page picture form (multipart).
#[derive(MultipartForm, utoipa::ToSchema)]
#[multipart(duplicate_field = "deny")]
struct HomePictureForm {
    /// PNG, JPEG or WebP, at most 10 MB.
    #[schema(value_type = String, format = Binary)]
    picture: Option<ImageUpload>,
}

/// A picture stored for a slide or banner: its key goes into the section.
#[derive(serde::Serialize, utoipa::ToSchema)]
struct HomePicture {
    key: String,
    image: crate::media::Image,
}

/// Stores a picture for the home page (a slide or a banner) through the picture pipeline; the
/// editor puts its key into a section and saves the draft.
#[utoipa::path(
    tag = "admin",
    request_body(content = HomePictureForm, content_type = "multipart/form-data"),
    responses((status = OK, body = HomePicture), BadRequest, Unauthorized, Forbidden, PayloadTooLarge, TooManyRequests, Busy)
)]
#[put("/admin/home/picture")]
async fn upload_home_picture(
    req: HttpRequest,
    state: web::Data<AppState>,
    _slot: UploadSlot,
    _admin: AdminUser,
    body: web::Payload,
) -> AppResult<HttpResponse> {
    let HomePictureForm { picture } = upload::read(&req, body).await?;
    let picture = one_picture(picture, "picture", "the slide or banner")?;
    let answer =
        crate::media::write_with_uploads(&state.media, &state.db, "home", vec![picture], crate::media::ImageKind::Wide, |tx, keys| {
            let key = keys.into_iter().next().ok_or_else(|| AppError::internal("no picture stored"))?;
            let image = crate::media::load(tx, &key)?.ok_or_else(|| AppError::internal("the stored picture is missing"))?;
            Ok(HomePicture { key, image })
        })
        .await?;
    Ok(HttpResponse::Ok().insert_header(("Cache-Control", "no-store")).json(answer))
}
