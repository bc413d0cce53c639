//! Messages over HTTP: the back office's Messages screen (owners and managers), an order's
//! messages, Termii's inbound webhook (STOP), and the opt-out page the `{stop}` link opens.

use actix_web::{HttpResponse, get, post, put, web};
use serde::{Deserialize, Serialize};

use super::*;
use crate::auth::AdminUser;
use crate::error::answers::*;
use crate::http::AppState;
use crate::ids::OrderId;

pub fn configure(cfg: &mut utoipa_actix_web::service_config::ServiceConfig) {
    cfg.service(get_message_settings).service(put_message_settings).service(preview_message).service(order_messages).service(inbound_sms);
}

/// The Messages screen: every event's channels and words, the cap, and where messages go.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MessagesView {
    #[serde(flatten)]
    pub settings: MessageSettings,
    /// Paid messages sent today (Lagos time).
    pub sent_today: i64,
    /// `sandbox` (written to the data directory's outbox-sms folder) or `live` (Termii).
    pub sms_mode: String,
    /// `sandbox` (outbox-whatsapp folder) or `live` (the WhatsApp Cloud API).
    pub whatsapp_mode: String,
    /// The address to enter in Termii's dashboard as the inbound-message webhook (STOP replies).
    pub inbound_url: String,
    /// Every placeholder with what it says.
    pub placeholders: Vec<PlaceholderHelp>,
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PlaceholderHelp {
    pub name: String,
    pub meaning: String,
    /// The events that can fill it.
    pub events: Vec<EventKind>,
}

/// The secret in the inbound webhook's address: derived from the shop's signing key, so it
/// survives restarts and lives in no file of its own.
fn inbound_secret(state: &AppState) -> String {
    hex::encode(&state.tokens.derive_secret("termii-inbound")[..16])
}

async fn view(state: &AppState) -> AppResult<MessagesView> {
    let now = state.clock.now_ms();
    let (settings, sent) = state.db.read(move |c| Ok((load(c)?, sent_today(c, now)?))).await?;
    let providers = &state.mailer.providers;
    Ok(MessagesView {
        settings,
        sent_today: sent,
        sms_mode: if providers.termii.is_some() { "live" } else { "sandbox" }.into(),
        whatsapp_mode: if providers.whatsapp.is_some() { "live" } else { "sandbox" }.into(),
        inbound_url: format!("{}/api/messages/inbound/{}", state.config.public_url(), inbound_secret(state)),
        placeholders: templates::PLACEHOLDERS
            .iter()
            .map(|(name, meaning)| PlaceholderHelp {
                name: (*name).into(),
                meaning: (*meaning).into(),
                events: EventKind::ALL.iter().copied().filter(|e| e.placeholders().contains(name)).collect(),
            })
            .collect(),
    })
}

/// The Messages screen.
#[utoipa::path(tag = "admin", responses((status = OK, body = MessagesView), Unauthorized, Forbidden))]
#[get("/admin/messages")]
async fn get_message_settings(state: web::Data<AppState>, _admin: AdminUser) -> AppResult<HttpResponse> {
    Ok(HttpResponse::Ok().insert_header(("Cache-Control", "no-store")).json(view(&state).await?))
}

/// Saves the channels, words and cap. Words are checked: an unknown placeholder, or one the event
/// cannot fill, is refused (400) with a sentence naming it, and nothing is saved.
#[utoipa::path(tag = "admin", responses((status = OK, body = MessagesView), BadRequest, Unauthorized, Forbidden))]
#[put("/admin/messages")]
async fn put_message_settings(state: web::Data<AppState>, admin: AdminUser, body: web::Json<MessageSettings>) -> AppResult<HttpResponse> {
    let settings = body.into_inner();
    let actor = admin.0.id.clone();
    state
        .db
        .write(move |tx| {
            save(tx, &settings)?;
            crate::staff::record(tx, &actor, "messages", "settings", "Changed the messages' channels and words")?;
            Ok(())
        })
        .await?;
    Ok(HttpResponse::Ok().insert_header(("Cache-Control", "no-store")).json(view(&state).await?))
}

/// One event's words as a sample order's customer would get them (checked as on save).
#[utoipa::path(tag = "admin", responses((status = OK, body = MessagePreview), BadRequest, Unauthorized, Forbidden))]
#[post("/admin/messages/preview")]
async fn preview_message(state: web::Data<AppState>, _admin: AdminUser, body: web::Json<EventSetting>) -> AppResult<HttpResponse> {
    Ok(HttpResponse::Ok().json(preview(&state.mailer, &body.into_inner())?))
}

/// The order's SMS and WhatsApp messages, oldest first.
#[utoipa::path(params(OrderId), tag = "admin", responses((status = OK, body = Vec<OrderMessage>), Unauthorized, Forbidden, NotFound))]
#[get("/admin/orders/{id}/messages")]
async fn order_messages(state: web::Data<AppState>, _admin: AdminUser, id: web::Path<OrderId>) -> AppResult<HttpResponse> {
    let id = id.into_inner();
    let messages = state
        .db
        .read(move |c| {
            crate::orders::by_id(c, &id)?.ok_or_else(crate::orders::order_not_found)?;
            Ok(for_order(c, id.as_str())?)
        })
        .await?;
    Ok(HttpResponse::Ok().insert_header(("Cache-Control", "no-store")).json(messages))
}

/// An inbound SMS as Termii's webhook posts it (its other fields are ignored).
#[derive(Deserialize, utoipa::ToSchema)]
pub struct InboundSms {
    /// The customer's number, international without + ("2348031234567").
    #[serde(default)]
    pub sender: String,
    #[serde(default)]
    pub message: String,
    #[serde(default, rename = "type")]
    pub kind: Option<String>,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct InboundDone {
    /// "opted_out", "opted_in" or "ignored".
    pub outcome: String,
}

/// Termii's inbound-message webhook: a reply STOP (STOPALL, UNSUBSCRIBE…) opts its sender out of
/// every SMS and WhatsApp message, START opts back in. The address carries the shop's secret (the
/// Messages screen shows it); any other address is refused with 404 and changes nothing.
#[utoipa::path(params(("secret" = String, Path, description = "The secret shown on the Order updates screen")), tag = "accounts", responses((status = OK, body = InboundDone), BadRequest, NotFound))]
#[post("/messages/inbound/{secret}")]
async fn inbound_sms(state: web::Data<AppState>, secret: web::Path<String>, body: web::Json<InboundSms>) -> AppResult<HttpResponse> {
    let expected = inbound_secret(&state);
    let sent = secret.into_inner();
    let same: bool = subtle::ConstantTimeEq::ct_eq(expected.as_bytes(), sent.as_bytes()).into();
    if !same {
        tracing::warn!("an inbound message with a wrong secret was refused");
        return Err(AppError::NotFound("There is nothing at this address.".into()));
    }
    let body = body.into_inner();
    if body.kind.as_deref().is_some_and(|k| k != "inbound") {
        return Ok(HttpResponse::Ok().json(InboundDone { outcome: "ignored".into() }));
    }
    let now = state.clock.now_ms();
    let outcome = state.db.write(move |tx| Ok(inbound(tx, &body.sender, &body.message, now)?)).await?;
    if outcome != "ignored" {
        tracing::info!(outcome, "an inbound SMS changed a customer's messages");
    }
    Ok(HttpResponse::Ok().json(InboundDone { outcome: outcome.into() }))
}

fn page(title: &str, body: &str) -> HttpResponse {
    HttpResponse::Ok().insert_header(("Cache-Control", "no-store")).insert_header(("X-Robots-Tag", "noindex")).content_type("text/html; charset=utf-8").body(format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>{title}</title></head><body style=\"font-family:Arial,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;color:#1b1f3b\">\
         <main><h1 style=\"font-size:1.4rem\">{title}</h1>{body}</main></body></html>"
    ))
}

/// The `{stop}` link: a page with one button (a GET changes nothing, so link previews in chat apps
/// cannot opt anyone out).
pub async fn stop_page(token: web::Path<String>) -> HttpResponse {
    let token = crate::util::escape_markup(&token.into_inner());
    page(
        "Stop order messages",
        &format!(
            "<p>Press the button to get no more SMS or WhatsApp messages about your orders from this shop.</p>\
             <form method=\"post\" action=\"/stop/{token}\"><button type=\"submit\" style=\"font-size:1rem;padding:.75rem 1.25rem;min-height:44px\">Stop messages</button></form>"
        ),
    )
}

/// The button of [`stop_page`] (also one-click: a POST to the link opts out).
pub async fn stop(state: web::Data<AppState>, token: web::Path<String>) -> AppResult<HttpResponse> {
    let token = token.into_inner();
    if token.is_empty() || token.len() > 64 {
        return Err(AppError::NotFound("This link is not valid.".into()));
    }
    let now = state.clock.now_ms();
    let phone = state.db.write(move |tx| Ok(opt_out_by_token(tx, &token, now)?)).await?;
    match phone {
        Some(_) => Ok(page(
            "Messages stopped",
            "<p>You will get no more SMS or WhatsApp messages about your orders. Reply START to an SMS from us to have them again.</p>",
        )),
        None => Err(AppError::NotFound("This link is not valid.".into())),
    }
}
