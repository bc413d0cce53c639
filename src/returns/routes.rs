//! Returns over HTTP: the customer's form (signed in, or by order number and e-mail or phone),
//! the photos (to her and the staff only), and the Returns screen's decisions.

use actix_multipart::form::MultipartForm;
use actix_web::{HttpRequest, HttpResponse, get, post, put, web};
use serde::{Deserialize, Serialize};

use super::*;
use crate::auth::{AdminUser, CurrentUser};
use crate::catalog::write::Changes;
use crate::error::answers::*;
use crate::error::{AppError, AppResult};
use crate::http::AppState;
use crate::ids::ProductId;
use crate::media::upload::{self, ImageUpload, TextField, UploadSlot};

pub fn configure(cfg: &mut utoipa_actix_web::service_config::ServiceConfig) {
    cfg.service(return_options)
        .service(ask_return)
        .service(return_photo)
        .service(admin_returns)
        .service(approve_return)
        .service(refuse_return)
        .service(receive_return)
        .service(close_return)
        .service(send_refund)
        .service(product_rules)
        .service(product_returns);
}

/// Which order: the signed-in customer's own (`order`), or one named by its number and the
/// e-mail or phone it was placed with.
#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
struct OrderQuery {
    /// The order's id (signed in).
    #[param(value_type = Option<String>)]
    order: Option<OrderId>,
    number: Option<String>,
    email: Option<String>,
    phone: Option<String>,
}

fn no_such_order() -> AppError {
    AppError::NotFound("We couldn't find that order.".into())
}

/// The order the customer may ask about, and whether she is signed in as its owner.
async fn customers_order(req: &HttpRequest, state: &AppState, query: OrderQuery) -> AppResult<Order> {
    if let Some(id) = query.order {
        let token = req.cookie(crate::auth::COOKIE_NAME).map(|c| c.value().to_string());
        let user = crate::http::authenticate(state, token.as_deref())
            .await?
            .ok_or_else(|| AppError::Unauthenticated("Please sign in to see your orders.".into()))?;
        if !crate::util::plausible_id(&id) {
            return Err(no_such_order());
        }
        let order = state.db.read(move |c| Ok(crate::orders::by_id(c, &id)?)).await?.ok_or_else(no_such_order)?;
        // Someone else's order is as unknown as one that does not exist.
        if order.user_id != user.id {
            return Err(no_such_order());
        }
        return Ok(order);
    }
    crate::orders::routes::placed(req, state, query.number, query.email, query.phone).await
}

/// What the customer may ask for an order (lines, units, sizes in stock) and her requests so far.
#[utoipa::path(tag = "orders", params(OrderQuery), responses((status = OK, body = ReturnOptions), BadRequest, Unauthorized, NotFound, TooManyRequests))]
#[get("/returns/options")]
async fn return_options(req: HttpRequest, state: web::Data<AppState>, query: web::Query<OrderQuery>) -> AppResult<HttpResponse> {
    let order = customers_order(&req, &state, query.into_inner()).await?;
    let now = state.clock.now_ms();
    let answer = state.db.read(move |c| options(c, &order, now)).await?;
    Ok(HttpResponse::Ok().insert_header(("Cache-Control", "no-store")).json(answer))
}

/// A return request as the form sends it (multipart, for the photos).
#[derive(MultipartForm, utoipa::ToSchema)]
#[multipart(duplicate_field = "deny")]
#[schema(rename_all = "camelCase")]
struct ReturnForm {
    /// The order's id (signed in), or its number with the e-mail or phone it was placed with.
    #[schema(value_type = String, required = false, max_length = 40)]
    order: Option<TextField>,
    #[schema(value_type = String, required = false, max_length = 40)]
    number: Option<TextField>,
    #[schema(value_type = String, required = false, max_length = 254)]
    email: Option<TextField>,
    #[schema(value_type = String, required = false, max_length = 40)]
    phone: Option<TextField>,
    /// The request, as JSON: `ReturnAsk`.
    #[schema(value_type = String, max_length = 20000)]
    request: Option<TextField>,
    /// Up to 3 photos: JPEG, PNG, GIF or WebP, each at most 10 MB.
    #[schema(value_type = Vec<String>, format = Binary, max_items = 3, required = false)]
    photos: Vec<ImageUpload>,
}

fn text(field: Option<TextField>) -> Option<String> {
    field.map(|f| f.0).filter(|t| !t.is_empty())
}

/// Asks to return or exchange units of a delivered order.
#[utoipa::path(
    tag = "orders",
    request_body(content = ReturnForm, content_type = "multipart/form-data"),
    responses((status = CREATED, body = Return), BadRequest, Unauthorized, NotFound, Conflict, PayloadTooLarge, TooManyRequests, Busy)
)]
#[post("/returns")]
async fn ask_return(req: HttpRequest, state: web::Data<AppState>, _slot: UploadSlot, body: web::Payload) -> AppResult<HttpResponse> {
    let ReturnForm { order, number, email, phone, request: ask, photos } = upload::read(&req, body).await?;
    let ask: ReturnAsk = serde_json::from_str(&text(ask).unwrap_or_default())
        .map_err(|_| AppError::Validation("Choose the items, a reason and what you would like instead.".into()))?;
    let photos = ImageUpload::all_sent(photos);
    if photos.len() > MAX_PHOTOS {
        return Err(AppError::Validation(format!("Add at most {MAX_PHOTOS} photos.")));
    }
    let query = OrderQuery { order: text(order).map(OrderId::from), number: text(number), email: text(email), phone: text(phone) };
    let order = customers_order(&req, &state, query).await?;
    let now = state.clock.now_ms();
    // Checked before any picture is decoded: a request the order cannot take costs no decoding.
    {
        let order = order.clone();
        state.db.read(move |c| window(c, &order, now)?.map(|_| ()).map_err(AppError::Conflict)).await?;
    }
    let client = state.config.client_key(&req);
    let mailer = state.mailer.clone();
    let folder = format!("returns/{}", crate::util::random_id(16));
    let made = state
        .catalogue
        .write_with_uploads(&state.media, &folder, photos, crate::media::ImageKind::Portrait, move |tx, keys| {
            let made = request(tx, &mailer, &order, &ask, &keys, &client, now)?;
            let pages = product_pages(tx, &made.id)?;
            Ok((made, pages))
        })
        .await?;
    Ok(HttpResponse::Created().insert_header(("Cache-Control", "no-store")).json(made))
}

#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Path)]
struct PhotoPath {
    id: String,
    /// From 0.
    n: i64,
}

/// A request's photo: to the staff, and to its customer (signed in as the order's owner).
#[utoipa::path(tag = "orders", params(PhotoPath), responses((status = OK, content_type = "image/jpeg"), Unauthorized, NotFound))]
#[get("/returns/{id}/photos/{n}")]
async fn return_photo(state: web::Data<AppState>, user: CurrentUser, path: web::Path<PhotoPath>) -> AppResult<HttpResponse> {
    let PhotoPath { id, n } = path.into_inner();
    let gone = || AppError::NotFound("No such photo.".into());
    if !crate::util::plausible_id(&id) {
        return Err(gone());
    }
    // Staff who may open the Returns screen see every request's photos (a rider, whose round is
    // all of the shop that is his, does not); a customer only those of her own orders.
    let staff = user.role.is_some_and(|role| crate::access::may(role, "GET", "/api/admin/returns"));
    let viewer = if staff { None } else { Some(user.id.clone()) };
    let image = state
        .db
        .read(move |c| Ok(photo(c, &id, n, viewer.as_ref())?.map(|key| crate::media::load(c, &key)).transpose()?.flatten()))
        .await?
        .ok_or_else(gone)?;
    let path = crate::media::largest_file(&state.media.root, &image);
    let content_type = "image/jpeg";
    let bytes = web::block(move || std::fs::read(path)).await?.map_err(|_| gone())?;
    Ok(HttpResponse::Ok().content_type(content_type).insert_header(("Cache-Control", "private, max-age=3600")).body(bytes))
}

#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
struct ListQuery {
    /// Only requests in this status (all when missing).
    status: Option<ReturnStatus>,
}

#[derive(Serialize, utoipa::ToSchema)]
struct ReturnList {
    /// Newest first (at most 200).
    returns: Vec<Return>,
}

fn sees_money(admin: &AdminUser) -> bool {
    admin.0.role.map(crate::access::sight).is_some_and(|s| s.money)
}

/// The Returns screen: requests with their lines, reasons and photos (without money for roles
/// that may not see it).
#[utoipa::path(tag = "admin", params(ListQuery), responses((status = OK, body = ReturnList), BadRequest, Unauthorized, Forbidden))]
#[get("/admin/returns")]
async fn admin_returns(state: web::Data<AppState>, admin: AdminUser, query: web::Query<ListQuery>) -> AppResult<HttpResponse> {
    let status = query.into_inner().status;
    let money = sees_money(&admin);
    let returns = state.db.read(move |c| Ok(list(c, status, 200)?)).await?;
    let returns = returns.into_iter().map(|r| if money { r } else { r.without_money() }).collect();
    Ok(HttpResponse::Ok().insert_header(("Cache-Control", "no-store")).json(ReturnList { returns }))
}

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct ApproveBody {
    send_back: SendBack,
    #[schema(max_length = 500)]
    message: Option<String>,
}

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct RefuseBody {
    #[schema(max_length = 500)]
    message: Option<String>,
}

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct ReceiveBody {
    condition: Condition,
}

fn answer(returned: Return, money: bool) -> HttpResponse {
    HttpResponse::Ok().insert_header(("Cache-Control", "no-store")).json(if money { returned } else { returned.without_money() })
}

fn checked_id(id: String) -> AppResult<String> {
    if crate::util::plausible_id(&id) { Ok(id) } else { Err(AppError::NotFound("We have no such return request.".into())) }
}

/// Approves a request with how to send it back; an exchange's new size is held at once.
#[utoipa::path(tag = "admin", request_body = ApproveBody, responses((status = OK, body = Return), BadRequest, Unauthorized, Forbidden, NotFound, Conflict))]
#[post("/admin/returns/{id}/approve")]
async fn approve_return(
    state: web::Data<AppState>,
    admin: AdminUser,
    id: web::Path<String>,
    body: web::Json<ApproveBody>,
) -> AppResult<HttpResponse> {
    let id = checked_id(id.into_inner())?;
    let ApproveBody { send_back, message } = body.into_inner();
    let (by, mailer, now, money) = (admin.0.id.clone(), state.mailer.clone(), state.clock.now_ms(), sees_money(&admin));
    let made = state
        .catalogue
        .write(move |tx| {
            let held = approve(tx, &mailer, &id, send_back, message.as_deref(), &by, now)?;
            Ok((one(tx, &id)?, Changes::shown_if(held)))
        })
        .await?;
    Ok(answer(made, money))
}

/// Refuses a request, with the reason the customer reads.
#[utoipa::path(tag = "admin", request_body = RefuseBody, responses((status = OK, body = Return), BadRequest, Unauthorized, Forbidden, NotFound, Conflict))]
#[post("/admin/returns/{id}/refuse")]
async fn refuse_return(
    state: web::Data<AppState>,
    admin: AdminUser,
    id: web::Path<String>,
    body: web::Json<RefuseBody>,
) -> AppResult<HttpResponse> {
    let id = checked_id(id.into_inner())?;
    let message = body.into_inner().message;
    let (by, mailer, now, money) = (admin.0.id.clone(), state.mailer.clone(), state.clock.now_ms(), sees_money(&admin));
    let made = state
        .catalogue
        .write(move |tx| {
            refuse(tx, &mailer, &id, message.as_deref(), &by, now)?;
            Ok((one(tx, &id)?, product_pages(tx, &id)?))
        })
        .await?;
    Ok(answer(made, money))
}

/// Closes an approved request whose parcel never came; an exchange's held units go back on sale.
#[utoipa::path(tag = "admin", responses((status = OK, body = Return), Unauthorized, Forbidden, NotFound, Conflict))]
#[post("/admin/returns/{id}/close")]
async fn close_return(state: web::Data<AppState>, admin: AdminUser, id: web::Path<String>) -> AppResult<HttpResponse> {
    let id = checked_id(id.into_inner())?;
    let (by, mailer, now, money) = (admin.0.id.clone(), state.mailer.clone(), state.clock.now_ms(), sees_money(&admin));
    let made = state
        .catalogue
        .write(move |tx| {
            let released = close(tx, &mailer, &id, &by, now)?;
            Ok((one(tx, &id)?, Changes::shown_if(released)))
        })
        .await?;
    Ok(answer(made, money))
}

/// Marks the parcel received with its condition; what the customer asked for follows (the
/// exchange's order, her credit, or the refund through Paystack).
#[utoipa::path(tag = "admin", request_body = ReceiveBody, responses((status = OK, body = Return), BadRequest, Unauthorized, Forbidden, NotFound, Conflict, BadGateway))]
#[post("/admin/returns/{id}/receive")]
async fn receive_return(
    state: web::Data<AppState>,
    admin: AdminUser,
    id: web::Path<String>,
    body: web::Json<ReceiveBody>,
) -> AppResult<HttpResponse> {
    let id = checked_id(id.into_inner())?;
    let condition = body.into_inner().condition;
    let (by, mailer, now, money) = (admin.0.id.clone(), state.mailer.clone(), state.clock.now_ms(), sees_money(&admin));
    let r = id.clone();
    let received = state
        .catalogue
        .write(move |tx| {
            let received = receive(tx, &mailer, &r, condition, &by, now)?;
            let restocked = received.restocked;
            Ok((received, Changes::shown_if(restocked)))
        })
        .await?;
    if let Some((order_id, amount)) = received.refund {
        refund(&state, &admin, &id, order_id, amount).await?;
    }
    let made = state.db.read(move |c| Ok(one(c, &id)?)).await?;
    Ok(answer(made, money))
}

/// Asks Paystack for a return's money, recording it (and the return's money as sent) once.
async fn refund(state: &AppState, admin: &AdminUser, id: &str, order_id: OrderId, amount: Kobo) -> AppResult<()> {
    let r = id.to_string();
    let ask = crate::refunds::RefundAsk {
        amount: Some(crate::refunds::Asked::Naira(amount)),
        reason: "Return received".into(),
        restock: Vec::new(),
        by: admin.0.id.clone(),
        with: Some(Box::new(move |tx| mark_refund_sent(tx, &r))),
    };
    state.refunds.refund_order(&order_id, ask).await.map(|_| ())
}

/// Sends a return's refund that is due but was never recorded (the server stopped between the
/// receipt and the refund).
#[utoipa::path(tag = "admin", responses((status = OK, body = Return), Unauthorized, Forbidden, NotFound, Conflict, BadGateway))]
#[post("/admin/returns/{id}/refund")]
async fn send_refund(state: web::Data<AppState>, admin: AdminUser, id: web::Path<String>) -> AppResult<HttpResponse> {
    let id = checked_id(id.into_inner())?;
    let r = id.clone();
    let (order_id, amount) = state.db.read(move |c| refund_due(c, &r)).await?;
    refund(&state, &admin, &id, order_id, amount).await?;
    let made = state.db.read(move |c| Ok(one(c, &id)?)).await?;
    Ok(answer(made, sees_money(&admin)))
}

/// A product's return rules.
#[derive(Deserialize, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ProductRules {
    /// Cannot be returned.
    final_sale: bool,
    /// The "runs small" note may show on its page when its returns say so.
    fit_note: bool,
}

/// A product's return rules.
#[utoipa::path(params(ProductId), tag = "admin", responses((status = OK, body = ProductRules), Unauthorized, Forbidden, NotFound))]
#[get("/admin/products/{id}/returns")]
async fn product_rules(state: web::Data<AppState>, _admin: AdminUser, id: web::Path<ProductId>) -> AppResult<HttpResponse> {
    let id = id.into_inner();
    let (final_sale, fit_note) = state.db.read(move |c| product_rules_of(c, &id)).await?;
    Ok(HttpResponse::Ok().insert_header(("Cache-Control", "no-store")).json(ProductRules { final_sale, fit_note }))
}

/// Sets a product's return rules.
#[utoipa::path(params(ProductId), tag = "admin", request_body = ProductRules, responses((status = OK, body = ProductRules), BadRequest, Unauthorized, Forbidden, NotFound))]
#[put("/admin/products/{id}/returns")]
async fn product_returns(
    state: web::Data<AppState>,
    _admin: AdminUser,
    id: web::Path<ProductId>,
    body: web::Json<ProductRules>,
) -> AppResult<HttpResponse> {
    let id = id.into_inner();
    let ProductRules { final_sale, fit_note } = body.into_inner();
    state.catalogue.write(move |tx| Ok((set_product_rules(tx, &id, final_sale, fit_note)?, Changes::product(&id)))).await?;
    Ok(HttpResponse::Ok().insert_header(("Cache-Control", "no-store")).json(ProductRules { final_sale, fit_note }))
}
