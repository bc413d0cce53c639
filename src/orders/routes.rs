//! Orders over HTTP: a customer's own list (with the "new" badge), tracking without a login, and
//! fulfilment for admins — the list with its filters, one order, status changes with a tracking
//! number, and the payments that need a human (failed or mismatched).

use actix_web::{HttpResponse, get, patch, post, put, web};
use serde::{Deserialize, Serialize};

use super::*;
use crate::auth::{AdminUser, CurrentUser};
use crate::catalog::write::Changes;
use crate::dashboard::PaymentReviews;
use crate::error::answers::{BadRequest, Conflict, Forbidden, NotFound, TooManyRequests, Unauthorized};
use crate::error::{AppError, AppResult};
use crate::http::AppState;
use crate::ids::OrderId;
use crate::money::{Kobo, Naira};
use crate::payments::PaymentStatus;

pub fn configure(cfg: &mut utoipa_actix_web::service_config::ServiceConfig) {
    cfg.service(my_orders)
        .service(mark_seen)
        .service(claim)
        .service(track)
        .service(admin_list)
        .service(admin_one)
        .service(admin_update)
        .service(admin_collect)
        .service(admin_refuse)
        .service(admin_note)
        .service(pick_list)
        .service(admin_payments);
}

#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
struct TrackQuery {
    /// The order number from the confirmation e-mail (any case).
    number: Option<String>,
    /// The e-mail address the order was placed with (or give its phone instead).
    email: Option<String>,
    /// The phone number the order was placed with, however it is written (or give its e-mail).
    phone: Option<String>,
}

/// What anyone holding an order's number and e-mail may see: where it is, not who or where to.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TrackedOrder {
    number: String,
    status: OrderStatus,
    tracking_number: Option<String>,
    /// A courier, or the shop's own rider (then the tracking number may be absent).
    shipped_by: Option<ShippedBy>,
    created_at: i64,
    updated_at: i64,
    items: Vec<OrderItem>,
    #[schema(value_type = i64)]
    total_amount: Kobo,
    #[serde(flatten)]
    price: Price,
    #[serde(flatten)]
    refunds: OrderRefunds,
    /// How it is paid and what was received, so the page says "paid" only of money that came.
    payment_method: PaymentMethod,
    #[schema(value_type = i64)]
    paid: Kobo,
    /// Still to pay on delivery (0 once collected).
    #[schema(value_type = i64)]
    to_collect: Kobo,
    /// For a pay-on-delivery order waiting for the customer's confirmation.
    confirmation: Option<confirmation::Confirmation>,
    /// Each status it reached and when, oldest first.
    events: Vec<views::OrderEvent>,
    /// The shop's rider who left with it (his first name and when he left), from then on.
    rider: Option<crate::riders::OnTheWay>,
    /// The courier carrying it, with the tracking number and its steps, once booked.
    shipment: Option<crate::couriers::Tracked>,
    /// Paid in a currency abroad: what was charged in it (null for naira).
    charged: Option<crate::abroad::Charge>,
}

/// Order tracking without signing in: the number and the e-mail (or the phone) must both match.
#[utoipa::path(tag = "orders", params(TrackQuery), responses((status = OK, body = TrackedOrderAnswer), BadRequest, NotFound, TooManyRequests))]
#[get("/orders/track")]
async fn track(req: actix_web::HttpRequest, state: web::Data<AppState>, query: web::Query<TrackQuery>) -> AppResult<HttpResponse> {
    let TrackQuery { number, email, phone } = query.into_inner();
    let order = placed(&req, &state, number, email, phone).await?;
    let id = order.id.clone();
    let (events, rider, shipment) =
        state.db.read(move |c| Ok((views::events(c, &id)?, crate::riders::on_the_way(c, &id)?, crate::couriers::tracked(c, &id)?))).await?;
    let order = TrackedOrder {
        number: order.number,
        status: order.status,
        tracking_number: order.tracking_number,
        shipped_by: order.shipped_by,
        created_at: order.created_at,
        updated_at: order.updated_at,
        items: order.items,
        total_amount: order.total_amount,
        price: order.price,
        refunds: order.refunds,
        payment_method: order.payment.payment_method,
        paid: order.payment.paid,
        to_collect: order.payment.to_collect,
        confirmation: order.confirmation,
        events,
        rider,
        shipment,
        charged: order.charged,
    };
    Ok(HttpResponse::Ok().insert_header(("Cache-Control", "no-store")).json(TrackedOrderAnswer { order }))
}

/// The order a customer names without signing in: its number and the e-mail (or the phone) it
/// was placed with must both match. Lookups are limited per client address, so guessing numbers
/// costs the guesser.
pub async fn placed(
    req: &actix_web::HttpRequest,
    state: &AppState,
    number: Option<String>,
    email: Option<String>,
    phone: Option<String>,
) -> AppResult<Order> {
    let number = number.unwrap_or_default().trim().to_uppercase();
    let email = email.unwrap_or_default().trim().to_lowercase();
    let phone = phone.unwrap_or_default();
    if number.is_empty() || (email.is_empty() && phone.trim().is_empty()) {
        return Err(AppError::Validation("Please enter your order number and the e-mail address or phone number you ordered with.".into()));
    }
    if number.chars().count() > 40 || email.chars().count() > 254 || phone.chars().count() > 40 {
        return Err(AppError::Validation("Please check your order number and contact details.".into()));
    }
    let placed_with = if email.is_empty() {
        views::PlacedWith::Phone(crate::phone::normalise(&phone).map_err(|e| AppError::Validation(e.to_string()))?)
    } else {
        views::PlacedWith::Email(email)
    };
    let address = state.config.client_key(req);
    state
        .limits
        .order_lookups
        .try_acquire(&address)
        .map_err(|wait| AppError::TooManyRequests("Too many order lookups. Please try again in a few minutes.".into(), wait))?;
    let by_phone = matches!(placed_with, views::PlacedWith::Phone(_));
    let not_found = move || {
        AppError::NotFound(if by_phone {
            "We couldn't find an order with that number and phone number.".into()
        } else {
            "We couldn't find an order with that number and e-mail address.".into()
        })
    };
    if !is_order_number(&number) {
        return Err(not_found());
    }
    state.db.read(move |c| Ok(views::tracked(c, &number, &placed_with)?)).await?.ok_or_else(not_found)
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct TrackedOrderAnswer {
    order: TrackedOrder,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct MyOrders {
    /// Newest first.
    orders: Vec<Order>,
}

/// A customer's orders, newest first.
#[utoipa::path(tag = "orders", responses((status = OK, body = MyOrders), Unauthorized))]
#[get("/orders")]
async fn my_orders(state: web::Data<AppState>, user: CurrentUser) -> AppResult<HttpResponse> {
    let orders = state.db.read(move |c| Ok(views::of_customer(c, &user.id)?)).await?;
    Ok(HttpResponse::Ok().insert_header(("Cache-Control", "no-store")).json(MyOrders { orders }))
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct SeenAnswer {
    counts: crate::auth::Counts,
}

/// Opening My Orders marks the customer's orders seen; the answer carries the new badge counts.
#[utoipa::path(tag = "orders", responses((status = OK, body = SeenAnswer), Unauthorized))]
#[post("/orders/seen")]
async fn mark_seen(state: web::Data<AppState>, user: CurrentUser) -> AppResult<HttpResponse> {
    let counts = state
        .db
        .write(move |tx| {
            views::mark_seen(tx, &user.id)?;
            Ok(crate::auth::counts(tx, &user.id)?)
        })
        .await?;
    Ok(HttpResponse::Ok().insert_header(("Cache-Control", "no-store")).json(SeenAnswer { counts }))
}

#[derive(Deserialize, utoipa::ToSchema)]
struct ClaimBody {
    /// The token from the link mailed to the account's e-mail.
    #[serde(default)]
    token: String,
}

/// Adds the orders placed as a guest with this account's e-mail to the account, with the token of
/// the link mailed to that e-mail (which proves it is theirs). Answers My Orders afterwards.
#[utoipa::path(tag = "orders", responses((status = OK, body = MyOrders), BadRequest, Unauthorized))]
#[post("/orders/claim")]
async fn claim(state: web::Data<AppState>, user: CurrentUser, body: web::Json<ClaimBody>) -> AppResult<HttpResponse> {
    let token = body.into_inner().token;
    let id = user.id.clone();
    let email = state.db.read(move |c| crate::auth::email_of(c, &id)).await?;
    if !crate::http::claim_token_is_valid(&state, &email, &token) {
        return Err(AppError::Validation("This link has expired or is not for this account. Sign in again to get a new one.".into()));
    }
    let orders = state
        .db
        .write(move |tx| {
            crate::auth::guests::claim_orders(tx, &email, &user.id)?;
            Ok(views::of_customer(tx, &user.id)?)
        })
        .await?;
    Ok(HttpResponse::Ok().insert_header(("Cache-Control", "no-store")).json(MyOrders { orders }))
}

#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
struct ListQuery {
    /// Only orders with this status.
    #[param(inline)]
    status: Option<OrderStatus>,
    /// From 1.
    page: Option<i64>,
    /// Only oversold orders that still have something to refund.
    oversold: Option<bool>,
    /// Only orders whose latest refund failed.
    #[param(inline)]
    refund: Option<RefundFilter>,
    /// Only orders paid with a code past its limits (not cancelled), from the last 30 days.
    #[serde(rename = "codeOverLimit")]
    #[param(rename = "codeOverLimit")]
    code_over_limit: Option<bool>,
    /// An order number (or its start), part of the customer's name or e-mail (for those who see
    /// customers), or a phone number however it is written.
    #[param(max_length = 100)]
    q: Option<String>,
}

crate::text_enum! {
    /// The refund lists of the orders screen.
    pub enum RefundFilter {
        /// Orders whose latest refund failed.
        Failed => "failed",
    }
}

/// What the member of staff of a request may see of orders (the access table's word).
fn sight_of(admin: &AdminUser) -> StaffSight {
    admin.0.role.map(crate::access::sight).unwrap_or(StaffSight { money: false, customers: false })
}

/// One page of orders for fulfilment, searched and filtered, with the count of orders in every
/// status; each order as the member of staff may see it (packers: no money, e-mail or account).
#[utoipa::path(tag = "admin", params(ListQuery), responses((status = OK, body = AdminOrderPage), BadRequest, Unauthorized, Forbidden))]
#[get("/admin/orders")]
async fn admin_list(state: web::Data<AppState>, admin: AdminUser, query: web::Query<ListQuery>) -> AppResult<HttpResponse> {
    let ListQuery { status, page, oversold, refund, code_over_limit, q } = query.into_inner();
    let q = q.unwrap_or_default();
    if q.chars().count() > 100 {
        return Err(AppError::Validation("Please search with fewer than 100 characters.".into()));
    }
    // The lists the dashboard points at, beside the status filter.
    let special = match (oversold, refund) {
        _ if code_over_limit == Some(true) => Some(CODE_OVER_LIMIT),
        (Some(true), _) => Some(OVERSOLD_TO_REFUND),
        (_, Some(RefundFilter::Failed)) => Some(LATEST_REFUND_FAILED),
        (_, None) => None,
    };
    let filter = ListFilter { status, special, q, page: page.unwrap_or(1) };
    let sight = sight_of(&admin);
    let reply = state.db.read(move |c| list_page(c, &filter, sight)).await?;
    Ok(HttpResponse::Ok().insert_header(("Cache-Control", "no-store")).json(reply))
}

/// One order, as the member of staff may see it: the whole order, or (packers) what packing and
/// shipping need.
#[utoipa::path(params(OrderId), tag = "admin", responses((status = OK, body = StaffOrder), Unauthorized, Forbidden, NotFound))]
#[get("/admin/orders/{id}")]
async fn admin_one(state: web::Data<AppState>, admin: AdminUser, id: web::Path<OrderId>) -> AppResult<HttpResponse> {
    let id = id.into_inner();
    let sight = sight_of(&admin);
    let order = state.db.read(move |c| staff_order(c, &id, sight)).await?;
    Ok(HttpResponse::Ok().insert_header(("Cache-Control", "no-store")).json(order))
}

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct UpdateBody {
    /// One of the order's next statuses; shipped by a courier needs a tracking number.
    status: OrderStatus,
    tracking_number: Option<String>,
    /// With "shipped": a courier (the default; a tracking number is needed) or the shop's own
    /// rider (the tracking number is optional).
    #[serde(default)]
    shipped_by: Option<ShippedBy>,
    /// With "cancelled": refund whatever is left of the order in the same step.
    #[serde(default)]
    refund: bool,
}

/// Moves an order along (or cancels it, with its refund, for those who see money). Answers the
/// order as GET does.
#[utoipa::path(params(OrderId), tag = "admin", responses((status = OK, body = StaffOrder), BadRequest, Unauthorized, Forbidden, NotFound, Conflict))]
#[patch("/admin/orders/{id}")]
async fn admin_update(
    state: web::Data<AppState>,
    admin: AdminUser,
    id: web::Path<OrderId>,
    body: web::Json<UpdateBody>,
) -> AppResult<HttpResponse> {
    let id = id.into_inner();
    let UpdateBody { status, tracking_number, shipped_by, refund } = body.into_inner();
    // Cancelling (and the refund with it) decides about money: only for those who see it.
    let sight = sight_of(&admin);
    if !sight.money && (status == OrderStatus::Cancelled || refund) {
        return Err(admin.0.role.map_or_else(|| AppError::Forbidden("You must be an admin to do this.".into()), crate::access::refusal));
    }
    let actor = admin.0.id.clone();
    let tracking = tracking_number.map(|t| t.trim().to_string()).filter(|t| !t.is_empty());
    // A courier's parcel is followed by its tracking number; the shop's own rider needs none.
    let by = (status == OrderStatus::Shipped).then(|| shipped_by.unwrap_or(ShippedBy::Courier));
    if by == Some(ShippedBy::Courier) && tracking.is_none() {
        return Err(AppError::Validation("Please enter a tracking number.".into()));
    }
    if tracking.as_ref().is_some_and(|t| t.chars().count() > 100) {
        return Err(AppError::Validation("Please keep the tracking number under 100 characters.".into()));
    }
    let shipping = Shipping { by, tracking };
    let order_id = id.clone();
    let mailer = state.mailer.clone();
    let now = state.clock.now_ms();
    let order = state
        .catalogue
        .write(move |tx| {
            let (order, restocked) = update(tx, &mailer, &id, status, &shipping, &actor, now)?;
            Ok((order, Changes::shown_if(restocked)))
        })
        .await?;
    // Cancelled with a refund: what store credit and a gift card paid goes back to them, and
    // whatever is left goes back to the card in the same step.
    if refund && order.status == OrderStatus::Cancelled {
        let (id, by, now) = (order_id.clone(), admin.0.id.clone(), state.clock.now_ms());
        state.db.write(move |tx| crate::credit::tender::return_all(tx, &id, &by, now)).await?;
    }
    let paid_online = order.payment.paid_online > Kobo::ZERO;
    if refund && paid_online && order.status == OrderStatus::Cancelled && order.refunds.left(order.payment.paid_online) > Kobo::ZERO {
        let ask = crate::refunds::RefundAsk {
            amount: None,
            reason: "Order cancelled".into(),
            restock: Vec::new(),
            by: admin.0.id.clone(),
            with: None,
        };
        state.refunds.refund_order(&order_id, ask).await?;
    }
    let order = state.db.read(move |c| staff_order(c, &order_id, sight)).await?;
    Ok(HttpResponse::Ok().insert_header(("Cache-Control", "no-store")).json(order))
}

/// Money collected for a pay-on-delivery order.
#[derive(Deserialize, utoipa::ToSchema)]
struct CollectBody {
    /// Naira as received, e.g. "87550.00": the order's total.
    amount: Naira,
    method: CollectedBy,
}

/// Records the money a pay-on-delivery order's customer paid (cash, transfer or POS): its payment
/// is then complete, and the dashboard counts it that day.
#[utoipa::path(params(OrderId), tag = "admin", responses((status = OK, body = AdminOrder), BadRequest, Unauthorized, Forbidden, NotFound, Conflict))]
#[post("/admin/orders/{id}/collect")]
async fn admin_collect(
    state: web::Data<AppState>,
    admin: AdminUser,
    id: web::Path<OrderId>,
    body: web::Json<CollectBody>,
) -> AppResult<HttpResponse> {
    let CollectBody { amount, method } = body.into_inner();
    let amount = amount
        .kobo("amount collected")
        .map_err(AppError::Validation)?
        .ok_or_else(|| AppError::Validation("Enter the amount collected.".into()))?;
    let id = id.into_inner();
    let actor = admin.0.id.clone();
    let now = state.clock.now_ms();
    let order = state.db.write(move |tx| collect_by_hand(tx, &id, amount, method, &actor, now)).await?;
    Ok(HttpResponse::Ok().insert_header(("Cache-Control", "no-store")).json(order))
}

/// A pay-on-delivery order refused at the door: its units go back on sale and its code's use back.
#[utoipa::path(params(OrderId), tag = "admin", responses((status = OK, body = AdminOrder), Unauthorized, Forbidden, NotFound, Conflict))]
#[post("/admin/orders/{id}/refuse")]
async fn admin_refuse(state: web::Data<AppState>, admin: AdminUser, id: web::Path<OrderId>) -> AppResult<HttpResponse> {
    let id = id.into_inner();
    let actor = admin.0.id.clone();
    let mailer = state.mailer.clone();
    let now = state.clock.now_ms();
    let order = state
        .catalogue
        .write(move |tx| {
            let (order, restocked) = refuse_at_door(tx, &mailer, &id, &actor, now)?;
            Ok((order, Changes::shown_if(restocked)))
        })
        .await?;
    let order = state.db.read(move |c| admin_order(c, &order.id)).await?;
    Ok(HttpResponse::Ok().insert_header(("Cache-Control", "no-store")).json(order))
}

/// The shop's own note on an order.
#[derive(Deserialize, utoipa::ToSchema)]
struct NoteBody {
    /// Never shown to the customer; empty removes it.
    #[serde(default)]
    #[schema(required = true, max_length = 2000)]
    note: String,
}

/// Writes the shop's own note on an order (never shown to the customer). Answers the order as GET
/// does.
#[utoipa::path(params(OrderId), tag = "admin", responses((status = OK, body = StaffOrder), BadRequest, Unauthorized, Forbidden, NotFound))]
#[put("/admin/orders/{id}/note")]
async fn admin_note(
    state: web::Data<AppState>,
    admin: AdminUser,
    id: web::Path<OrderId>,
    body: web::Json<NoteBody>,
) -> AppResult<HttpResponse> {
    let note = body.into_inner().note.trim().to_string();
    if note.chars().count() > 2000 {
        return Err(AppError::Validation("Please keep the note under 2000 characters.".into()));
    }
    let (id, actor, sight) = (id.into_inner(), admin.0.id.clone(), sight_of(&admin));
    let order = state.db.write(move |tx| write_note(tx, &id, &note, &actor, sight)).await?;
    Ok(HttpResponse::Ok().insert_header(("Cache-Control", "no-store")).json(order))
}

#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
struct PickQuery {
    /// Order ids separated by commas (at most 200); without them, every order paid or processing.
    orders: Option<String>,
}

/// A pick list for the orders named, or for every order waiting to be packed (paid or processing).
#[utoipa::path(tag = "admin", params(PickQuery), responses((status = OK, body = PickList), BadRequest, Unauthorized, Forbidden))]
#[get("/admin/pick-list")]
async fn pick_list(state: web::Data<AppState>, admin: AdminUser, query: web::Query<PickQuery>) -> AppResult<HttpResponse> {
    let sight = sight_of(&admin);
    let ids: Vec<String> =
        query.into_inner().orders.unwrap_or_default().split(',').map(|s| s.trim().to_string()).filter(|s| !s.is_empty()).collect();
    if ids.len() > 200 {
        return Err(AppError::Validation("A pick list can cover at most 200 orders.".into()));
    }
    let list = state.db.read(move |c| pick_list_of(c, &ids, sight)).await?;
    Ok(HttpResponse::Ok().insert_header(("Cache-Control", "no-store")).json(list))
}

#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
struct PaymentsQuery {
    /// One payment status; without it, the ones to review (failed and mismatched).
    #[param(inline)]
    status: Option<PaymentStatus>,
}

/// Payments for an admin to look at: by default those that failed verification or mismatched.
#[utoipa::path(tag = "admin", params(PaymentsQuery), responses((status = OK, body = PaymentReviews), BadRequest, Unauthorized, Forbidden))]
#[get("/admin/payments")]
async fn admin_payments(state: web::Data<AppState>, _admin: AdminUser, query: web::Query<PaymentsQuery>) -> AppResult<HttpResponse> {
    // Without a status: the payments an admin should look at.
    let statuses = match query.into_inner().status {
        None => vec![PaymentStatus::Failed, PaymentStatus::Mismatch],
        Some(one) => vec![one],
    };
    let payments = state.db.read(move |c| crate::dashboard::payments_to_review(c, &statuses)).await?;
    Ok(HttpResponse::Ok().insert_header(("Cache-Control", "no-store")).json(payments))
}
