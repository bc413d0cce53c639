//! Store credit and gift cards over HTTP: My Account's balance and ledger, proving the account's
//! e-mail, the public gift-card balance, the back office's gift cards, and returning an order's
//! credit or gift-card part.

use actix_web::{HttpRequest, HttpResponse, get, patch, post, web};
use serde::Deserialize;

use super::gift_cards::{self, CardBalance, GiftCard, IssuedCard};
use super::{AccountCredit, tender};
use crate::api::Message;
use crate::auth::{AdminUser, CurrentUser};
use crate::error::answers::{BadRequest, Conflict, Forbidden, NotFound, TooManyRequests, Unauthorized};
use crate::error::{AppError, AppResult};
use crate::http::AppState;
use crate::ids::OrderId;
use crate::money::Naira;

pub fn configure(cfg: &mut utoipa_actix_web::service_config::ServiceConfig) {
    cfg.service(account_credit)
        .service(prove_email)
        .service(confirm_email)
        .service(gift_card_balance)
        .service(list_gift_cards)
        .service(issue_gift_card)
        .service(change_gift_card)
        .service(return_tender);
}

/// The signed-in customer's store credit: balance, ledger, and whether her e-mail is proved.
#[utoipa::path(tag = "account", responses((status = OK, body = AccountCredit), Unauthorized))]
#[get("/account/credit")]
async fn account_credit(state: web::Data<AppState>, user: CurrentUser) -> AppResult<HttpResponse> {
    let credit = state.db.read(move |c| super::for_account(c, &user.id)).await?;
    Ok(HttpResponse::Ok().insert_header(("Cache-Control", "no-store")).json(credit))
}

/// Mails the account's address a link that proves it is hers ("Confirm your e-mail to use your
/// store credit").
#[utoipa::path(tag = "account", responses((status = OK, body = Message), Unauthorized, Forbidden, TooManyRequests))]
#[post("/account/credit/proof")]
async fn prove_email(state: web::Data<AppState>, user: CurrentUser) -> AppResult<HttpResponse> {
    let mailer = state.mailer.clone();
    let now = state.clock.now_ms();
    let queued = state.db.write(move |tx| super::mail_proof(tx, &mailer, &user.id, now)).await?;
    if let Some(id) = queued
        && !crate::mail::outbox::send_now(&state.db, &state.mailer, id).await?
    {
        tracing::warn!("the e-mail proof could not be sent yet; it waits in the outbox");
    }
    Ok(HttpResponse::Ok().json(Message::new("We've sent you a link. Open it to confirm your e-mail.")))
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct ConfirmEmailBody {
    #[serde(default)]
    token: String,
}

/// Opens the mailed link: the account's e-mail is proved, and its store credit can be spent.
#[utoipa::path(tag = "account", responses((status = OK, body = Message), BadRequest))]
#[post("/account/credit/confirm")]
async fn confirm_email(state: web::Data<AppState>, body: web::Json<ConfirmEmailBody>) -> AppResult<HttpResponse> {
    let token = body.into_inner().token.trim().to_string();
    let now = state.clock.now_ms();
    state.db.write(move |tx| super::proof::confirm(tx, &token, now)).await?;
    Ok(HttpResponse::Ok().json(Message::new("Your e-mail is confirmed. You can now use your store credit.")))
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct GiftCardCode {
    #[serde(default)]
    code: String,
}

/// What is left on a gift card, by its code. Guessing codes costs the guesser: a few lookups per
/// client address.
#[utoipa::path(tag = "shop", responses((status = OK, body = CardBalance), BadRequest, NotFound, TooManyRequests))]
#[post("/gift-cards/balance")]
async fn gift_card_balance(state: web::Data<AppState>, req: HttpRequest, body: web::Json<GiftCardCode>) -> AppResult<HttpResponse> {
    state
        .limits
        .gift_card_lookups
        .try_acquire(&state.config.client_key(&req))
        .map_err(|wait| AppError::TooManyRequests("Too many gift card lookups. Please try again in a few minutes.".into(), wait))?;
    let code = body.into_inner().code;
    let found = state.db.read(move |c| Ok(gift_cards::find(c, &code)?)).await?;
    let card = found.ok_or_else(|| AppError::NotFound(gift_cards::NOT_FOUND.into()))?;
    let answer = CardBalance { last4: card.last4, balance: card.balance, disabled: card.disabled };
    Ok(HttpResponse::Ok().insert_header(("Cache-Control", "no-store")).json(answer))
}

#[utoipa::path(tag = "admin", responses((status = OK, body = Vec<GiftCard>), Unauthorized, Forbidden))]
#[get("/admin/gift-cards")]
async fn list_gift_cards(state: web::Data<AppState>, _admin: AdminUser) -> AppResult<HttpResponse> {
    let cards = state.db.read(|c| Ok(gift_cards::list(c)?)).await?;
    Ok(HttpResponse::Ok().insert_header(("Cache-Control", "no-store")).json(cards))
}

/// A new gift card as the merchant types it.
#[derive(Deserialize, utoipa::ToSchema)]
pub struct NewGiftCard {
    /// Naira, e.g. "25000".
    #[schema(value_type = Naira, required = true)]
    amount: Option<Naira>,
    /// Who it is for, or why ("Birthday of Ada"); shown only in the back office.
    #[serde(default)]
    note: Option<String>,
}

/// Issues a gift card: the answer carries its whole code, shown this once.
#[utoipa::path(tag = "admin", responses((status = CREATED, body = IssuedCard), BadRequest, Unauthorized, Forbidden))]
#[post("/admin/gift-cards")]
async fn issue_gift_card(state: web::Data<AppState>, admin: AdminUser, body: web::Json<NewGiftCard>) -> AppResult<HttpResponse> {
    let NewGiftCard { amount, note } = body.into_inner();
    let amount = crate::money::optional_naira(amount.as_ref(), "gift card amount")
        .map_err(AppError::Validation)?
        .ok_or_else(|| AppError::Validation("Enter the gift card's amount.".into()))?;
    let now = state.clock.now_ms();
    let by = admin.0.id.clone();
    let issued = state.db.write(move |tx| gift_cards::issue(tx, amount, note.as_deref(), &by, now)).await?;
    Ok(HttpResponse::Created().insert_header(("Cache-Control", "no-store")).json(issued))
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct GiftCardChange {
    /// True: nothing more can be spent from the card; false: it works again.
    disabled: bool,
}

#[utoipa::path(
    params(("id" = String, Path, description = "The gift card's id")),
    tag = "admin",
    responses((status = OK, body = GiftCard), BadRequest, Unauthorized, Forbidden, NotFound)
)]
#[patch("/admin/gift-cards/{id}")]
async fn change_gift_card(
    state: web::Data<AppState>,
    _admin: AdminUser,
    id: web::Path<String>,
    body: web::Json<GiftCardChange>,
) -> AppResult<HttpResponse> {
    let disabled = body.into_inner().disabled;
    let now = state.clock.now_ms();
    let id = id.into_inner();
    let card = state.db.write(move |tx| gift_cards::set_disabled(tx, &id, disabled, now)).await?;
    Ok(HttpResponse::Ok().insert_header(("Cache-Control", "no-store")).json(card))
}

/// Returning what an order's store credit or gift card paid.
#[derive(Deserialize, utoipa::ToSchema)]
pub struct TenderReturn {
    to: tender::ReturnTo,
    /// Naira; none returns all that is left of that part.
    #[serde(default)]
    #[schema(value_type = Option<Naira>)]
    amount: Option<Naira>,
    #[serde(default)]
    reason: String,
}

/// Gives back part or all of what an order's store credit or gift card paid, to that credit or
/// card (a Paystack refund returns only what went through Paystack).
#[utoipa::path(
    params(OrderId),
    tag = "admin",
    responses((status = CREATED, body = crate::orders::AdminOrder), BadRequest, Unauthorized, Forbidden, NotFound, Conflict)
)]
#[post("/admin/orders/{id}/credit-returns")]
async fn return_tender(
    state: web::Data<AppState>,
    admin: AdminUser,
    id: web::Path<OrderId>,
    body: web::Json<TenderReturn>,
) -> AppResult<HttpResponse> {
    let TenderReturn { to, amount, reason } = body.into_inner();
    let amount = crate::money::optional_naira(amount.as_ref(), "amount to return").map_err(AppError::Validation)?;
    let now = state.clock.now_ms();
    let by = admin.0.id.clone();
    let id = id.into_inner();
    let order = state.db.write(move |tx| tender::return_for_order(tx, &id, to, amount, &reason, &by, now)).await?;
    Ok(HttpResponse::Created().insert_header(("Cache-Control", "no-store")).json(order))
}
