//! Checkout and payments over HTTP: the form's starting values, the quote, starting and
//! cancelling a payment, the browser's verify, and Paystack's webhook.

use actix_web::{HttpRequest, HttpResponse, ResponseError, get, post, web};
use serde::{Deserialize, Serialize};

use super::{CancelBody, CheckoutDetails, CheckoutQuote, CheckoutStarted, QuoteBody, StartBody, VerifiedPayment};
use crate::api::StatusOk;
use crate::error::answers::{BadGateway, BadRequest, Conflict, NotFound, TooManyRequests, Unauthorized};
use crate::error::{AppError, AppResult};
use crate::http::AppState;
use crate::http::Shopper;
use crate::ids::PaymentReference;
use crate::paystack::plausible_reference;

pub fn configure(cfg: &mut utoipa_actix_web::service_config::ServiceConfig) {
    cfg.service(checkout_details)
        .service(price_checkout)
        .service(start_payment)
        .service(cancel_payment)
        .service(verify_payment)
        .service(payment_state)
        .service(webhook);
    super::link_routes::configure(cfg);
    super::confirm_routes::configure(cfg);
}

/// The checkout form's starting values: the profile, and the last delivery address used.
#[utoipa::path(tag = "checkout", responses((status = OK, body = CheckoutDetails), Unauthorized))]
#[get("/checkout")]
async fn checkout_details(state: web::Data<AppState>, user: Shopper) -> AppResult<HttpResponse> {
    let details = state.payments.details(&user.id, user.guest).await?;
    Ok(HttpResponse::Ok().insert_header(("Cache-Control", "no-store")).json(details))
}

/// Prices the bag for a state, a delivery method and a code, without starting anything. A code
/// that cannot be used answers 400 with the reason ("This code has expired").
#[utoipa::path(tag = "checkout", responses((status = OK, body = CheckoutQuote), BadRequest, Unauthorized, Conflict, TooManyRequests))]
#[post("/checkout/quote")]
async fn price_checkout(
    state: web::Data<AppState>,
    user: Shopper,
    req: HttpRequest,
    body: web::Json<QuoteBody>,
) -> AppResult<HttpResponse> {
    let quote = state.payments.quote(&user.id, state.config.client_key(&req), body.into_inner()).await?;
    Ok(HttpResponse::Ok().insert_header(("Cache-Control", "no-store")).json(quote))
}

/// Starts a payment: the bag snapshotted at current prices, its stock and code held, the
/// transaction initialised with Paystack; or the shopper's open payment for the same bag resumed.
#[utoipa::path(
    tag = "checkout",
    params(("Idempotency-Key" = Option<String>, Header, description = "Seen again within ten minutes, the request is refused with 409: a double click starts one payment")),
    responses(
        (status = CREATED, body = CheckoutStarted, description = "A new payment, or an order placed to be paid on delivery"),
        (status = OK, body = CheckoutStarted, description = "The shopper's open payment for the same bag and price, resumed"),
        BadRequest, Unauthorized, Conflict, TooManyRequests, BadGateway
    )
)]
#[post("/checkout")]
async fn start_payment(state: web::Data<AppState>, user: Shopper, req: HttpRequest, body: web::Json<StartBody>) -> AppResult<HttpResponse> {
    state.limits.submissions.check(&req, &user.id)?;
    let (start, created) = state.payments.start(&user.id, state.config.client_key(&req), body.into_inner()).await?;
    let mut answer = if created { HttpResponse::Created() } else { HttpResponse::Ok() };
    Ok(answer.insert_header(("Cache-Control", "no-store")).json(start))
}

/// The shopper closed the payment pop-up without paying, or gave up a payment in progress: the
/// shop makes it unpayable where the provider can (the sandbox; Paystack's session timeout ends
/// it otherwise) and puts back on sale what it held. A payment that turns out to be paid already
/// becomes its order instead.
#[utoipa::path(tag = "checkout", responses((status = OK, body = StatusOk), BadRequest, Unauthorized, NotFound, BadGateway))]
#[post("/payments/cancel")]
async fn cancel_payment(state: web::Data<AppState>, user: Shopper, body: web::Json<CancelBody>) -> AppResult<HttpResponse> {
    let reference = body.into_inner().reference.trim().into();
    state.payments.cancel(&user.id, reference).await?;
    Ok(HttpResponse::Ok().insert_header(("Cache-Control", "no-store")).json(StatusOk::default()))
}

#[derive(Deserialize, utoipa::ToSchema)]
struct VerifyBody {
    #[serde(default)]
    #[schema(value_type = String)]
    reference: crate::ids::PaymentReference,
}

/// The answer to a browser's verify: `data.success` tells.
#[derive(Serialize, utoipa::ToSchema)]
pub struct Verification {
    data: VerifiedPayment,
}

/// SPEC's verifyTransaction: the browser reports a reference its pop-up called successful; the
/// server asks Paystack and completes the payment only on a matching `success`.
#[utoipa::path(tag = "checkout", responses((status = OK, body = Verification), BadRequest, Unauthorized, NotFound, BadGateway))]
#[post("/payments/verify")]
async fn verify_payment(state: web::Data<AppState>, user: Shopper, body: web::Json<VerifyBody>) -> AppResult<HttpResponse> {
    let reference = body.into_inner().reference;
    // Browsers get a few calls to Paystack per reference (the webhook and reconciler are not limited).
    let limiter = state.clone();
    let data = state.payments.verify(&user.id, reference, move |r| limiter.limits.browser_verifies.try_acquire(r).is_ok()).await?;
    Ok(HttpResponse::Ok().insert_header(("Cache-Control", "no-store")).json(Verification { data }))
}

/// Where the shopper's payment stands, from the shop's own records (Paystack is not asked): for a
/// page waiting on money sent later (a transfer, USSD), which asks again until the webhook or the
/// reconciler has completed the payment and this answers its order. Same shape as the verify.
#[utoipa::path(params(PaymentReference), tag = "checkout", responses((status = OK, body = Verification), Unauthorized, NotFound))]
#[get("/payments/{reference}")]
async fn payment_state(state: web::Data<AppState>, user: Shopper, reference: web::Path<PaymentReference>) -> AppResult<HttpResponse> {
    let reference = reference.into_inner();
    let data = state.payments.verify(&user.id, reference, |_| false).await?;
    Ok(HttpResponse::Ok().insert_header(("Cache-Control", "no-store")).json(Verification { data }))
}

/// Paystack's webhook. The signature is checked over the exact bytes; the event is then
/// re-verified through the API before anything is given. The answer is a quick 200 so Paystack
/// does not retry; the work continues in the background (and the reconciler backs it up).
#[utoipa::path(
    tag = "checkout",
    params(("x-paystack-signature" = String, Header, description = "Hex HMAC-SHA512 of the raw body with the secret key")),
    request_body(content = serde_json::Value, description = "Paystack's event; charge.success and refund.* are re-fetched through the API"),
    responses((status = OK, body = StatusOk, description = "Acknowledged"), BadRequest, Unauthorized)
)]
#[post("/payments/webhook")]
async fn webhook(state: web::Data<AppState>, req: HttpRequest, body: web::Bytes) -> HttpResponse {
    use tracing::Instrument;
    let signature = req.headers().get("x-paystack-signature").and_then(|v| v.to_str().ok()).unwrap_or("");
    if !state.paystack.signature_is_valid(&body, signature) {
        tracing::warn!("webhook refused: bad or missing signature");
        crate::metrics::Metrics::add(&state.machine.metrics.webhooks_refused, 1);
        return AppError::Unauthenticated("Invalid signature.".into()).error_response();
    }
    let event: serde_json::Value = match serde_json::from_slice(&body) {
        Ok(event) => event,
        Err(_) => {
            crate::metrics::Metrics::add(&state.machine.metrics.webhooks_refused, 1);
            return AppError::Validation("The body is not JSON.".into()).error_response();
        }
    };
    crate::metrics::Metrics::add(&state.machine.metrics.webhooks_accepted, 1);
    let reference = crate::ids::PaymentReference::from(event["data"]["reference"].as_str().unwrap_or(""));
    // The work outlives the request; its log lines keep the request's id.
    let span = tracing::Span::current();
    if event["event"].as_str().is_some_and(|e| e.starts_with("refund.")) {
        let refunds = state.refunds.clone();
        actix_web::rt::spawn(
            async move {
                if let Err(e) = refunds.on_webhook(&event["data"]).await {
                    tracing::warn!(error = %e, "refund webhook failed");
                }
            }
            .instrument(span),
        );
    } else if event["event"] == "charge.success" && plausible_reference(&reference) {
        let payments = state.payments.clone();
        actix_web::rt::spawn(
            async move {
                if let Err(e) = payments.settle_from_paystack(&reference).await {
                    tracing::warn!(payment_ref = %reference, error = %e, "payment webhook failed");
                }
            }
            .instrument(span),
        );
    }
    HttpResponse::Ok().json(StatusOk::default())
}
