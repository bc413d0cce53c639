//! Riders over HTTP: the dispatcher's side (the riders and their cash, giving an order to one, a
//! new code) under /api/admin, and the rider's own round under /api/rider. The access table
//! (`access.rs`) says who may call each; a rider's answers name only his own deliveries.

use actix_web::{HttpResponse, get, post, put, web};
use serde::{Deserialize, Serialize};

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
        .service(my_round)
        .service(leaving)
        .service(delivered);
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
struct RiderChoice {
    /// One of the shop's riders; null takes the order from its rider.
    #[schema(value_type = Option<String>)]
    rider_id: Option<UserId>,
}

/// Gives an order to a rider (at the end of his round), hands it to another, or takes it back.
#[utoipa::path(params(OrderId), tag = "admin", responses((status = OK, body = OrderDelivery), BadRequest, Unauthorized, Forbidden, NotFound, Conflict))]
#[put("/admin/orders/{id}/rider")]
async fn give_to_rider(
    state: web::Data<AppState>,
    admin: AdminUser,
    id: web::Path<OrderId>,
    body: web::Json<RiderChoice>,
) -> AppResult<HttpResponse> {
    let (id, rider) = (id.into_inner(), body.into_inner().rider_id);
    let (actor, now) = (admin.0.id.clone(), state.clock.now_ms());
    let delivery = state
        .db
        .write(move |tx| {
            // An order a courier was booked for goes with the courier (cancel the booking first).
            if rider.is_some() {
                crate::couriers::not_booked(tx, &id)?;
            }
            assign(tx, &id, rider.as_ref(), &actor, now)
        })
        .await?;
    Ok(no_store(OrderDelivery { delivery }))
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
    let stop = state.db.write(move |tx| leave(tx, &mailer, &me, &id, now)).await?;
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
    let DoorBody { code, paid_by } = body.into_inner();
    if code.chars().count() > 10 {
        return Err(AppError::Validation("The delivery code is four digits.".into()));
    }
    let (id, me, mailer, now) = (id.into_inner(), rider.0.id.clone(), state.mailer.clone(), state.clock.now_ms());
    let outcome = state.db.write(move |tx| deliver(tx, &mailer, &me, &id, Handover { code: &code, paid_by }, now)).await?;
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
