//! Riders over HTTP: the dispatcher's side (the riders and their cash, giving an order to one, a
//! new code, reviewing a handover photo) under /api/admin, the rider's own round under
//! /api/rider, and a link rider's one delivery under /api/ride/{token}, which needs no account.
//! The access table (`access.rs`) says who may call each; a rider's answers name only his own
//! deliveries, and a link's only its own.

use actix_multipart::form::MultipartForm;
use actix_web::{HttpRequest, HttpResponse, get, post, put, web};
use serde::{Deserialize, Serialize};

use crate::media::upload::{self, ImageUpload, TextField, UploadSlot};

use super::*;
use crate::auth::AdminUser;
use crate::error::answers::*;
use crate::http::AppState;
use crate::money::Naira;

pub fn configure(cfg: &mut utoipa_actix_web::service_config::ServiceConfig) {
    cfg.service(list_riders)
        .service(order_delivery)
        .service(give_to_rider)
        .service(send_new_code)
        .service(settle_cash)
        .service(review_photo)
        .service(give_many)
        .service(my_round)
        .service(leaving)
        .service(delivered)
        .service(photo_instead)
        .service(link_page)
        .service(link_leaving)
        .service(link_delivered)
        .service(link_photo);
}

fn no_store(body: impl Serialize) -> HttpResponse {
    HttpResponse::Ok().insert_header(("Cache-Control", "no-store")).json(body)
}

/// Whether the member of staff of a request may see money (a rider's cash in hand).
fn sees_money(admin: &AdminUser) -> bool {
    admin.0.role.is_some_and(|role| crate::access::sight(role).money)
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct Riders {
    /// By name.
    riders: Vec<Rider>,
}

/// The shop's riders: their rounds and (for those who see money) the cash each holds.
#[utoipa::path(tag = "admin", responses((status = OK, body = Riders), Unauthorized, Forbidden))]
#[get("/admin/riders")]
async fn list_riders(state: web::Data<AppState>, admin: AdminUser) -> AppResult<HttpResponse> {
    let money = sees_money(&admin);
    let riders = state.db.read(move |c| Ok(riders(c, money)?)).await?;
    Ok(no_store(Riders { riders }))
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct OrderDelivery {
    /// The rider delivering it, if one was given it.
    delivery: Option<Delivery>,
}

/// Who delivers an order, when he left and how many wrong codes were tried.
#[utoipa::path(params(OrderId), tag = "admin", responses((status = OK, body = OrderDelivery), Unauthorized, Forbidden, NotFound))]
#[get("/admin/orders/{id}/delivery")]
async fn order_delivery(state: web::Data<AppState>, _admin: AdminUser, id: web::Path<OrderId>) -> AppResult<HttpResponse> {
    let id = id.into_inner();
    let delivery = state
        .db
        .read(move |c| {
            orders::by_id(c, &id)?.ok_or_else(orders::order_not_found)?;
            Ok(delivery_of(c, &id)?)
        })
        .await?;
    Ok(no_store(OrderDelivery { delivery }))
}

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct LinkRider {
    /// His name, as the shop and the customer call him.
    #[schema(max_length = 100)]
    name: String,
    /// His phone, as people write it: his link is sent there (WhatsApp).
    #[schema(max_length = 40)]
    phone: String,
}

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct RiderChoice {
    /// One of the shop's riders; null (without `link`) takes the order from its rider.
    #[schema(value_type = Option<String>)]
    rider_id: Option<UserId>,
    /// Instead of an account rider: a person by name and phone, who gets a link to this delivery.
    link: Option<LinkRider>,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct GivenAnswer {
    /// The rider delivering it, if one was given it.
    delivery: Option<Delivery>,
    /// For a rider given it by link: his link (`{public-url}/ride/{token}`), shown this once.
    link: Option<String>,
}

/// Gives an order to a rider (at the end of his round), or by link to a person without an
/// account, hands it to another, or takes it back. A link given before stops working.
#[utoipa::path(params(OrderId), tag = "admin", responses((status = OK, body = GivenAnswer), BadRequest, Unauthorized, Forbidden, NotFound, Conflict))]
#[put("/admin/orders/{id}/rider")]
async fn give_to_rider(
    state: web::Data<AppState>,
    admin: AdminUser,
    id: web::Path<OrderId>,
    body: web::Json<RiderChoice>,
) -> AppResult<HttpResponse> {
    let RiderChoice { rider_id, link } = body.into_inner();
    if rider_id.is_some() && link.is_some() {
        return Err(AppError::Validation("Choose one of your riders or a rider by link, not both.".into()));
    }
    let id = id.into_inner();
    let (actor, now) = (admin.0.id.clone(), state.clock.now_ms());
    let given = state
        .db
        .write(move |tx| {
            // An order a courier was booked for goes with the courier (cancel the booking first).
            if rider_id.is_some() || link.is_some() {
                crate::couriers::not_booked(tx, &id)?;
            }
            let to = match (&rider_id, &link) {
                (Some(rider), _) => Assignee::Rider(rider),
                (None, Some(l)) => Assignee::Link { name: &l.name, phone: &l.phone },
                (None, None) => Assignee::Nobody,
            };
            assign(tx, &id, to, &actor, now)
        })
        .await?;
    let link = given.token.map(|token| format!("{}/ride/{token}", state.mailer.public_url()));
    Ok(no_store(GivenAnswer { delivery: given.delivery, link }))
}

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct ManyOrders {
    /// The orders to give him, from the orders list's selection: at most 100.
    #[schema(value_type = Vec<String>, max_items = 100)]
    order_ids: Vec<OrderId>,
}

/// One order's outcome in a "give to a rider" of many.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GivenOne {
    #[schema(value_type = String)]
    order_id: OrderId,
    /// Whether it is on his round now.
    given: bool,
    /// Why it could not go (the sentence the single assignment answers).
    message: Option<String>,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct GivenMany {
    /// One per order asked for, in the order asked.
    results: Vec<GivenOne>,
}

/// Gives many orders to one rider (the orders list's selection): each is decided on its own, by
/// the single assignment's rules, and answered whether it went or why not.
#[utoipa::path(params(UserId), tag = "admin", responses((status = OK, body = GivenMany), BadRequest, Unauthorized, Forbidden, NotFound))]
#[post("/admin/riders/{id}/orders")]
async fn give_many(
    state: web::Data<AppState>,
    admin: AdminUser,
    id: web::Path<UserId>,
    body: web::Json<ManyOrders>,
) -> AppResult<HttpResponse> {
    let ids = body.into_inner().order_ids;
    if ids.is_empty() {
        return Err(AppError::Validation("Choose the orders to give.".into()));
    }
    if ids.len() > MAX_BULK {
        return Err(AppError::Validation(format!("Give at most {MAX_BULK} orders at once.")));
    }
    let rider = id.into_inner();
    let known = {
        let rider = rider.clone();
        state.db.read(move |c| Ok(riders(c, false)?.iter().any(|r| r.id == rider && !r.link))).await?
    };
    if !known {
        return Err(AppError::NotFound("We couldn't find that rider.".into()));
    }
    let mut results = Vec::with_capacity(ids.len());
    for order_id in ids {
        let (actor, rider, now, id) = (admin.0.id.clone(), rider.clone(), state.clock.now_ms(), order_id.clone());
        // Each order in its own transaction: one that cannot go leaves the others given.
        let outcome = state
            .db
            .write(move |tx| {
                crate::couriers::not_booked(tx, &id)?;
                assign(tx, &id, Assignee::Rider(&rider), &actor, now)
            })
            .await;
        results.push(match outcome {
            Ok(_) => GivenOne { order_id, given: true, message: None },
            Err(AppError::Conflict(m) | AppError::NotFound(m) | AppError::Validation(m)) => {
                GivenOne { order_id, given: false, message: Some(m) }
            }
            Err(other) => return Err(other),
        });
    }
    Ok(no_store(GivenMany { results }))
}

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct PhotoReview {
    /// Confirm the delivery from the photo, or reject it.
    confirm: bool,
    /// Why it is rejected (the rider sees it): required to reject.
    #[schema(max_length = 300)]
    reason: Option<String>,
}

/// An owner or manager reviews the handover photo a rider sent instead of the customer's code:
/// confirmed, the order is delivered and the money recorded; rejected, the rider sees why.
#[utoipa::path(params(OrderId), tag = "admin", responses((status = OK, body = OrderDelivery), BadRequest, Unauthorized, Forbidden, NotFound, Conflict))]
#[post("/admin/orders/{id}/delivery/review")]
async fn review_photo(
    state: web::Data<AppState>,
    admin: AdminUser,
    id: web::Path<OrderId>,
    body: web::Json<PhotoReview>,
) -> AppResult<HttpResponse> {
    let PhotoReview { confirm, reason } = body.into_inner();
    let (id, actor, now) = (id.into_inner(), admin.0.id.clone(), state.clock.now_ms());
    let (mailer, root) = (state.mailer.clone(), state.media.root.clone());
    let delivery = state
        .db
        .write(move |tx| {
            let decision = if confirm { Review::Confirm } else { Review::Reject(reason.as_deref().unwrap_or("")) };
            review(tx, &mailer, &root, &id, decision, &actor, now)
        })
        .await?;
    Ok(no_store(OrderDelivery { delivery: Some(delivery) }))
}

/// Sends the customer a new delivery code (she lost hers, or too many wrong ones were tried).
#[utoipa::path(params(OrderId), tag = "admin", responses((status = OK, body = OrderDelivery), Unauthorized, Forbidden, NotFound, Conflict))]
#[post("/admin/orders/{id}/delivery-code")]
async fn send_new_code(state: web::Data<AppState>, admin: AdminUser, id: web::Path<OrderId>) -> AppResult<HttpResponse> {
    let id = id.into_inner();
    let (actor, mailer, now) = (admin.0.id.clone(), state.mailer.clone(), state.clock.now_ms());
    let delivery = state.db.write(move |tx| resend_code(tx, &mailer, &id, &actor, now)).await?;
    Ok(no_store(OrderDelivery { delivery: Some(delivery) }))
}

#[derive(Deserialize, utoipa::ToSchema)]
struct CashCount {
    /// The cash counted, in naira, e.g. "25000": all the rider holds.
    amount: Naira,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct RiderAnswer {
    rider: Rider,
}

/// The cash a rider hands in, counted (end of day): it must be all he holds.
#[utoipa::path(params(UserId), tag = "admin", responses((status = OK, body = RiderAnswer), BadRequest, Unauthorized, Forbidden, NotFound, Conflict))]
#[post("/admin/riders/{id}/settle")]
async fn settle_cash(
    state: web::Data<AppState>,
    admin: AdminUser,
    id: web::Path<UserId>,
    body: web::Json<CashCount>,
) -> AppResult<HttpResponse> {
    let amount = body
        .into_inner()
        .amount
        .kobo("cash counted")
        .map_err(AppError::Validation)?
        .ok_or_else(|| AppError::Validation("Enter the cash counted.".into()))?;
    let (id, actor, now) = (id.into_inner(), admin.0.id.clone(), state.clock.now_ms());
    let rider = state.db.write(move |tx| settle(tx, &id, amount, &actor, now)).await?;
    Ok(no_store(RiderAnswer { rider }))
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct Round {
    /// The stops to make in the order given, then the ones delivered lately.
    stops: Vec<Stop>,
}

/// The signed-in rider's round.
#[utoipa::path(tag = "admin", responses((status = OK, body = Round), Unauthorized, Forbidden))]
#[get("/rider/deliveries")]
async fn my_round(state: web::Data<AppState>, rider: AdminUser) -> AppResult<HttpResponse> {
    let (id, now) = (rider.0.id.clone(), state.clock.now_ms());
    let stops = state.db.read(move |c| round(c, &id, now)).await?;
    Ok(no_store(Round { stops }))
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct StopAnswer {
    stop: Stop,
}

/// The rider leaves with an order: it ships, and the customer is sent the code for the door.
#[utoipa::path(params(OrderId), tag = "admin", responses((status = OK, body = StopAnswer), Unauthorized, Forbidden, NotFound, Conflict))]
#[post("/rider/deliveries/{id}/leave")]
async fn leaving(state: web::Data<AppState>, rider: AdminUser, id: web::Path<OrderId>) -> AppResult<HttpResponse> {
    let (id, me, mailer, now) = (id.into_inner(), rider.0.id.clone(), state.mailer.clone(), state.clock.now_ms());
    let stop = state.db.write(move |tx| leave(tx, &mailer, Carrier::Account(&me), &id, now)).await?;
    Ok(no_store(StopAnswer { stop }))
}

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct DoorBody {
    /// The four digits the customer was sent.
    #[serde(default)]
    #[schema(required = true, max_length = 10)]
    code: String,
    /// How she paid what was to collect: required when there is something to collect.
    paid_by: Option<CollectedBy>,
}

/// The parcel is handed over: the customer's code marks it delivered and the money collected is
/// recorded. A wrong code is refused and counted.
#[utoipa::path(params(OrderId), tag = "admin", responses((status = OK, body = StopAnswer), BadRequest, Unauthorized, Forbidden, NotFound, Conflict))]
#[post("/rider/deliveries/{id}/deliver")]
async fn delivered(
    state: web::Data<AppState>,
    rider: AdminUser,
    id: web::Path<OrderId>,
    body: web::Json<DoorBody>,
) -> AppResult<HttpResponse> {
    at_the_door(&state, body.into_inner(), CarrierKey::Account(rider.0.id.clone()), Some(id.into_inner())).await
}

/// The code at the door, for a signed-in rider (his `order_id`) or a link (its own delivery): a
/// wrong code is answered with the tries left.
async fn at_the_door(state: &AppState, body: DoorBody, carrier: CarrierKey, order_id: Option<OrderId>) -> AppResult<HttpResponse> {
    let DoorBody { code, paid_by } = body;
    if code.chars().count() > 10 {
        return Err(AppError::Validation("The delivery code is four digits.".into()));
    }
    let (mailer, now) = (state.mailer.clone(), state.clock.now_ms());
    let outcome = state
        .db
        .write(move |tx| {
            let id = match order_id {
                Some(id) => id,
                None => link_order(tx, carrier.token(), now)?,
            };
            deliver(tx, &mailer, carrier.as_carrier(), &id, Handover { code: &code, paid_by }, now)
        })
        .await?;
    match outcome {
        AtTheDoor::Delivered(stop) => Ok(no_store(StopAnswer { stop: *stop })),
        AtTheDoor::WrongCode { tries_left: 0 } => Err(AppError::Validation(
            "That code is not right, and that was the last try. Ask the shop to send the customer a new code.".into(),
        )),
        AtTheDoor::WrongCode { tries_left } => Err(AppError::Validation(format!(
            "That code is not right. Ask the customer to read it again ({tries_left} {} left).",
            if tries_left == 1 { "try" } else { "tries" }
        ))),
    }
}

/// The handover photo form (multipart), sent instead of the customer's code.
#[derive(MultipartForm, utoipa::ToSchema)]
#[multipart(duplicate_field = "deny")]
#[schema(rename_all = "camelCase")]
struct HandoverPhotoForm {
    /// A photo of the parcel handed over at the door: JPEG, PNG, GIF or WebP, at most 10 MB.
    #[schema(value_type = String, format = Binary)]
    photo: Option<ImageUpload>,
    /// How the customer paid what was to collect (cash, transfer or pos): required when there is
    /// something to collect.
    #[multipart(rename = "paidBy")]
    #[schema(value_type = String, required = false, max_length = 10)]
    paid_by: Option<TextField>,
}

/// Reads the photo form: the picture and how the customer paid.
async fn photo_form(req: &HttpRequest, body: web::Payload) -> AppResult<(ImageUpload, Option<CollectedBy>)> {
    let HandoverPhotoForm { photo, paid_by } = upload::read(req, body).await?;
    let paid_by = match TextField::or_empty(paid_by).as_str() {
        "" => None,
        text => Some(
            CollectedBy::parse(text).ok_or_else(|| AppError::Validation("Choose how the customer paid: cash, transfer or POS.".into()))?,
        ),
    };
    let photo = ImageUpload::sent(photo).ok_or_else(|| AppError::Validation("Take a photo of the parcel handed over.".into()))?;
    Ok((photo, paid_by))
}

/// Checks, stores and records a handover photo for `order_id` (the picture is decoded only once
/// the delivery may take one).
async fn store_photo(
    state: &AppState,
    carrier: CarrierKey,
    order_id: OrderId,
    photo: ImageUpload,
    paid_by: Option<CollectedBy>,
) -> AppResult<Stop> {
    let now = state.clock.now_ms();
    {
        let (carrier, order_id) = (carrier.clone(), order_id.clone());
        state.db.read(move |c| photo_allowed(c, carrier.as_carrier(), &order_id, paid_by, now)).await?;
    }
    let folder = format!("deliveries/{order_id}");
    crate::media::write_with_uploads(&state.media, &state.db, &folder, vec![photo], crate::media::ImageKind::Portrait, move |tx, keys| {
        let key = keys.into_iter().next().ok_or_else(|| AppError::Validation("Take a photo of the parcel handed over.".into()))?;
        send_photo(tx, carrier.as_carrier(), &order_id, &key, paid_by, now)
    })
    .await
}

/// Who sends a photo, owned so it can go to the database's thread.
#[derive(Clone)]
enum CarrierKey {
    Account(UserId),
    Link(String),
}

impl CarrierKey {
    /// A link's token ("" for a signed-in rider, whose deliveries are named by their order).
    fn token(&self) -> &str {
        match self {
            CarrierKey::Account(_) => "",
            CarrierKey::Link(token) => token,
        }
    }

    fn as_carrier(&self) -> Carrier<'_> {
        match self {
            CarrierKey::Account(id) => Carrier::Account(id),
            CarrierKey::Link(token) => Carrier::Link(token),
        }
    }
}

/// No code at the door: the rider sends a photo of the handover (and how the customer paid). It
/// waits for the shop's review; nothing is delivered yet.
#[utoipa::path(
    params(OrderId),
    tag = "admin",
    request_body(content = HandoverPhotoForm, content_type = "multipart/form-data"),
    responses((status = OK, body = StopAnswer), BadRequest, Unauthorized, Forbidden, NotFound, Conflict, PayloadTooLarge, TooManyRequests, Busy)
)]
#[post("/rider/deliveries/{id}/photo")]
async fn photo_instead(
    req: HttpRequest,
    state: web::Data<AppState>,
    _slot: UploadSlot,
    rider: AdminUser,
    id: web::Path<OrderId>,
    body: web::Payload,
) -> AppResult<HttpResponse> {
    let (photo, paid_by) = photo_form(&req, body).await?;
    let stop = store_photo(&state, CarrierKey::Account(rider.0.id.clone()), id.into_inner(), photo, paid_by).await?;
    Ok(no_store(StopAnswer { stop }))
}

/// Counts a request on a rider's link against its client address: the link's token is long enough
/// that guessing is hopeless, and this keeps trying from costing the shop.
fn link_allowance(req: &HttpRequest, state: &AppState) -> AppResult<()> {
    state
        .limits
        .ride_requests
        .try_acquire(&state.config.client_key(req))
        .map(|_| ())
        .map_err(|wait| AppError::TooManyRequests("Too many requests. Please try again in a few minutes.".into(), wait))
}

/// A rider's link: the one delivery it was made for, and nothing else of the shop.
#[utoipa::path(tag = "orders", params(("token" = String, Path, description = "The link's token")), responses((status = OK, body = StopAnswer), NotFound, TooManyRequests))]
#[get("/ride/{token}")]
async fn link_page(req: HttpRequest, state: web::Data<AppState>, token: web::Path<String>) -> AppResult<HttpResponse> {
    link_allowance(&req, &state)?;
    let (token, now) = (token.into_inner(), state.clock.now_ms());
    let stop = state.db.read(move |c| link_stop(c, &token, now)).await?;
    Ok(no_store(StopAnswer { stop }))
}

/// The link's rider leaves with the order: it ships, and the customer is sent the code.
#[utoipa::path(tag = "orders", params(("token" = String, Path, description = "The link's token")), responses((status = OK, body = StopAnswer), NotFound, Conflict, TooManyRequests))]
#[post("/ride/{token}/leave")]
async fn link_leaving(req: HttpRequest, state: web::Data<AppState>, token: web::Path<String>) -> AppResult<HttpResponse> {
    link_allowance(&req, &state)?;
    let (token, mailer, now) = (token.into_inner(), state.mailer.clone(), state.clock.now_ms());
    let stop = state
        .db
        .write(move |tx| {
            let id = link_order(tx, &token, now)?;
            leave(tx, &mailer, Carrier::Link(&token), &id, now)
        })
        .await?;
    Ok(no_store(StopAnswer { stop }))
}

/// The link's rider hands the parcel over with the customer's code.
#[utoipa::path(tag = "orders", params(("token" = String, Path, description = "The link's token")), responses((status = OK, body = StopAnswer), BadRequest, NotFound, Conflict, TooManyRequests))]
#[post("/ride/{token}/deliver")]
async fn link_delivered(
    req: HttpRequest,
    state: web::Data<AppState>,
    token: web::Path<String>,
    body: web::Json<DoorBody>,
) -> AppResult<HttpResponse> {
    link_allowance(&req, &state)?;
    at_the_door(&state, body.into_inner(), CarrierKey::Link(token.into_inner()), None).await
}

/// The link's rider sends a photo of the handover instead of the code (waiting for review).
#[utoipa::path(
    tag = "orders",
    params(("token" = String, Path, description = "The link's token")),
    request_body(content = HandoverPhotoForm, content_type = "multipart/form-data"),
    responses((status = OK, body = StopAnswer), BadRequest, NotFound, Conflict, PayloadTooLarge, TooManyRequests, Busy)
)]
#[post("/ride/{token}/photo")]
async fn link_photo(
    req: HttpRequest,
    state: web::Data<AppState>,
    _slot: UploadSlot,
    token: web::Path<String>,
    body: web::Payload,
) -> AppResult<HttpResponse> {
    link_allowance(&req, &state)?;
    let (photo, paid_by) = photo_form(&req, body).await?;
    let (token, now) = (token.into_inner(), state.clock.now_ms());
    let order_id = {
        let token = token.clone();
        state.db.read(move |c| link_order(c, &token, now)).await?
    };
    let stop = store_photo(&state, CarrierKey::Link(token), order_id, photo, paid_by).await?;
    Ok(no_store(StopAnswer { stop }))
}
