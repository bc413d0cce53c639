//! Back-in-stock subscriptions and the reminders' unsubscribe link over HTTP.

use actix_web::{HttpRequest, HttpResponse, post, web};
use serde::Deserialize;

use super::Subscribed;
use crate::api::Message;
use crate::error::answers::*;
use crate::error::{AppError, AppResult};
use crate::http::AppState;
use crate::ids::ProductId;

pub fn configure(cfg: &mut utoipa_actix_web::service_config::ServiceConfig) {
    cfg.service(notify).service(confirm_alert).service(unsubscribe);
}

#[derive(Deserialize, utoipa::ToSchema)]
struct NotifyBody {
    /// Where to send the one mail.
    #[schema(max_length = 254)]
    email: String,
    /// The sold-out size and colour ("" or absent when the product has no such option).
    #[schema(max_length = 100)]
    size: Option<String>,
    #[schema(max_length = 100)]
    color: Option<String>,
}

/// "E-mail me when it's back" for a sold-out variant: one mail when it is available again (by any
/// route), then the subscription ends. For visitors and customers alike; it counts once the
/// address confirms it through the link mailed to it (at most 3 such mails an address a day), or
/// at once for a signed-in customer's own address. The same address and variant again answers 200
/// and changes nothing; 10 new subscriptions per address and 30 per client an hour.
#[utoipa::path(
    params(ProductId),
    tag = "catalog",
    responses((status = CREATED, body = Subscribed), (status = OK, body = Subscribed, description = "Already waiting"), BadRequest, NotFound, Conflict, TooManyRequests)
)]
#[post("/products/{id}/notify")]
async fn notify(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: Option<crate::auth::CurrentUser>,
    id: web::Path<ProductId>,
    body: web::Json<NotifyBody>,
) -> AppResult<HttpResponse> {
    let NotifyBody { email, size, color } = body.into_inner();
    let email = email.trim().to_lowercase();
    if !crate::email::looks_like_email(&email) {
        return Err(AppError::Validation("Please enter a valid email address.".into()));
    }
    let (size, color) = (size.unwrap_or_default().trim().to_string(), color.unwrap_or_default().trim().to_string());
    if size.chars().count() > 100 || color.chars().count() > 100 {
        return Err(AppError::Validation("This product is not available in that size and colour.".into()));
    }
    let product_id = id.into_inner();
    // Asking again for the same thing is not a new subscription: no limit is spent on it.
    let (p, s, c, e) = (product_id.clone(), size.clone(), color.clone(), email.clone());
    let already = state.db.read(move |conn| super::is_waiting(conn, &p, (&s, &c), &e)).await?;
    if !already {
        let limits = &state.limits.alerts;
        let refused = |wait| AppError::TooManyRequests("Too many requests. Please try again later.".into(), wait);
        limits.per_client.try_acquire(&state.config.client_key(&req)).map_err(refused)?;
        limits.per_email.try_acquire(&email).map_err(refused)?;
    }
    let mailer = state.mailer.clone();
    let now = state.clock.now_ms();
    let subscribed = state
        .db
        .write(move |tx| {
            let asker = user.map(|u| u.id);
            super::subscribe(tx, &mailer, &product_id, (&size, &color), &email, asker.as_ref(), now)
        })
        .await?;
    let mut answer = if subscribed.created { HttpResponse::Created() } else { HttpResponse::Ok() };
    Ok(answer.json(subscribed))
}

#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
struct ConfirmQuery {
    /// The token in the mailed link.
    #[param(max_length = 100)]
    token: String,
}

/// Confirms a back-in-stock subscription from the link mailed to its address (no login; doing it
/// twice is fine). An expired or unknown link answers 404.
#[utoipa::path(tag = "catalog", params(ConfirmQuery), responses((status = OK, body = Subscribed), NotFound))]
#[post("/alerts/confirm")]
async fn confirm_alert(state: web::Data<AppState>, query: web::Query<ConfirmQuery>) -> AppResult<HttpResponse> {
    let token = query.into_inner().token;
    if token.is_empty() || token.len() > 100 {
        return Err(AppError::NotFound("This link has expired or was already used. You can ask again on the product's page.".into()));
    }
    let now = state.clock.now_ms();
    let confirmed = state.db.write(move |tx| super::confirm(tx, &token, now)).await?;
    Ok(HttpResponse::Ok().insert_header(("Cache-Control", "no-store")).json(confirmed))
}

#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
struct UnsubscribeQuery {
    /// The token in the reminder's link.
    #[param(max_length = 100)]
    token: String,
}

/// Stops bag reminders to the address of the token (the link in every reminder, also posted by
/// mail providers as RFC 8058's one-click unsubscribe). No login; doing it twice is fine.
#[utoipa::path(tag = "accounts", params(UnsubscribeQuery), responses((status = OK, body = Message), NotFound))]
#[post("/mail/unsubscribe")]
async fn unsubscribe(state: web::Data<AppState>, query: web::Query<UnsubscribeQuery>) -> AppResult<HttpResponse> {
    let token = query.into_inner().token;
    if token.is_empty() || token.len() > 100 {
        return Err(AppError::NotFound("This unsubscribe link is not valid.".into()));
    }
    let now = state.clock.now_ms();
    let email = state.db.write(move |tx| super::reminders::unsubscribe(tx, &token, now)).await?;
    Ok(HttpResponse::Ok().json(Message::new(format!("{email} will get no more reminders from us."))))
}
