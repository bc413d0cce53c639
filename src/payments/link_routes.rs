//! Orders taken in chats over HTTP: the admin's new order and its pay links, and the pay page a
//! customer opens from the link (no login: the link's token is the key).

use actix_web::{HttpRequest, HttpResponse, delete, get, post, web};
use serde::{Deserialize, Serialize};

use super::chat_orders::ChatOrder;
use super::links::{ChatOrderMade, NewLink, PayPage};
use super::{PaymentStart, VerifiedPayment};
use crate::api::StatusOk;
use crate::auth::AdminUser;
use crate::error::answers::{BadGateway, BadRequest, Conflict, Forbidden, NotFound, TooManyRequests, Unauthorized};
use crate::error::{AppError, AppResult};
use crate::http::AppState;
use crate::ids::{OrderId, PaymentReference};

pub fn configure(cfg: &mut utoipa_actix_web::service_config::ServiceConfig) {
    cfg.service(create_chat_order)
        .service(new_pay_link)
        .service(cancel_pay_links)
        .service(pay_link_page)
        .service(start_pay_link)
        .service(verify_pay_link)
        .service(cancel_pay_link_payment);
}

/// Creates an order for a customer met in a chat or in the shop: its stock is taken at once and
/// the answer carries the pay link to send (all of the total, or the deposit asked for). The link
/// lasts the merchant's pay-link hours; if it expires unpaid the order is cancelled and its stock
/// goes back on sale.
#[utoipa::path(
    tag = "admin",
    params(("Idempotency-Key" = Option<String>, Header, description = "Seen again within ten minutes, the request is refused with 409: a double click makes one order")),
    responses((status = CREATED, body = ChatOrderMade), BadRequest, Unauthorized, Forbidden, NotFound, Conflict)
)]
#[post("/admin/orders")]
async fn create_chat_order(
    state: web::Data<AppState>,
    admin: AdminUser,
    req: HttpRequest,
    body: web::Json<ChatOrder>,
) -> AppResult<HttpResponse> {
    state.limits.submissions.check(&req, &admin.0.id)?;
    let made = state.payments.create_chat_order(&admin.0.id, body.into_inner()).await?;
    Ok(HttpResponse::Created().insert_header(("Cache-Control", "no-store")).json(made))
}

/// A new pay link for an order made in the back office: for the amount sent (naira), or for all
/// that is still owed (its balance after a deposit). The order's open link ends.
#[utoipa::path(params(OrderId), tag = "admin", responses((status = CREATED, body = ChatOrderMade), BadRequest, Unauthorized, Forbidden, NotFound, Conflict))]
#[post("/admin/orders/{id}/pay-links")]
async fn new_pay_link(
    state: web::Data<AppState>,
    admin: AdminUser,
    id: web::Path<OrderId>,
    body: web::Json<NewLink>,
) -> AppResult<HttpResponse> {
    let amount = crate::money::optional_naira(body.amount.as_ref(), "amount").map_err(AppError::Validation)?;
    let made = state.payments.new_link(&admin.0.id, &id.into_inner(), amount).await?;
    Ok(HttpResponse::Created().insert_header(("Cache-Control", "no-store")).json(made))
}

/// Ends an order's open pay link (the order stays; another link may follow).
#[utoipa::path(params(OrderId), tag = "admin", responses((status = OK, body = crate::orders::AdminOrder), Unauthorized, Forbidden, NotFound))]
#[delete("/admin/orders/{id}/pay-links")]
async fn cancel_pay_links(state: web::Data<AppState>, admin: AdminUser, id: web::Path<OrderId>) -> AppResult<HttpResponse> {
    let order = state.payments.cancel_links(&admin.0.id, &id.into_inner()).await?;
    Ok(HttpResponse::Ok().insert_header(("Cache-Control", "no-store")).json(order))
}

/// The pay page: the shop, the order's lines and price, what this link asks for and whether it
/// can still be paid.
#[utoipa::path(tag = "checkout", responses((status = OK, body = PayPage), NotFound))]
#[get("/pay/{token}")]
async fn pay_link_page(state: web::Data<AppState>, token: web::Path<String>) -> AppResult<HttpResponse> {
    let page = state.payments.pay_page(token.into_inner()).await?;
    Ok(HttpResponse::Ok().insert_header(("Cache-Control", "no-store")).json(page))
}

/// Starts the link's Paystack payment (or resumes the one in progress).
#[utoipa::path(tag = "checkout", responses((status = OK, body = PaymentStart), NotFound, Conflict, TooManyRequests, BadGateway))]
#[post("/pay/{token}")]
async fn start_pay_link(state: web::Data<AppState>, req: HttpRequest, token: web::Path<String>) -> AppResult<HttpResponse> {
    let start = state.payments.start_link(token.into_inner(), state.config.client_key(&req)).await?;
    Ok(HttpResponse::Ok().insert_header(("Cache-Control", "no-store")).json(start))
}

#[derive(Deserialize, utoipa::ToSchema)]
struct LinkPaymentBody {
    #[serde(default)]
    #[schema(value_type = String)]
    reference: PaymentReference,
}

/// The answer to the pay page's verify: `data.success` tells.
#[derive(Serialize, utoipa::ToSchema)]
pub struct LinkVerification {
    data: VerifiedPayment,
}

/// The pay page reports a reference its pop-up called successful; the server asks Paystack and
/// adds the money to the order only on a matching `success`.
#[utoipa::path(tag = "checkout", responses((status = OK, body = LinkVerification), BadRequest, NotFound, BadGateway))]
#[post("/pay/{token}/verify")]
async fn verify_pay_link(
    state: web::Data<AppState>,
    token: web::Path<String>,
    body: web::Json<LinkPaymentBody>,
) -> AppResult<HttpResponse> {
    let reference = body.into_inner().reference;
    let limiter = state.clone();
    let data =
        state.payments.verify_link(token.into_inner(), reference, move |r| limiter.limits.browser_verifies.try_acquire(r).is_ok()).await?;
    Ok(HttpResponse::Ok().insert_header(("Cache-Control", "no-store")).json(LinkVerification { data }))
}

/// The pay page's pop-up was closed without paying.
#[utoipa::path(tag = "checkout", responses((status = OK, body = StatusOk), BadRequest, NotFound, BadGateway))]
#[post("/pay/{token}/cancel")]
async fn cancel_pay_link_payment(
    state: web::Data<AppState>,
    token: web::Path<String>,
    body: web::Json<LinkPaymentBody>,
) -> AppResult<HttpResponse> {
    state.payments.cancel_link_payment(token.into_inner(), body.into_inner().reference).await?;
    Ok(HttpResponse::Ok().insert_header(("Cache-Control", "no-store")).json(StatusOk::default()))
}
