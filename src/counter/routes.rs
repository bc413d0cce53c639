//! The counter over HTTP: its catalogue, quotes and sales, receipts, the day's cash and the
//! owner's oversold sales. A cashier sees her own sales and count; whoever runs the shop sees all.

use actix_web::{HttpResponse, get, post, web};
use serde::Deserialize;

use super::*;
use crate::auth::AdminUser;
use crate::catalog::write::Changes;
use crate::error::answers::*;
use crate::http::AppState;
use crate::money::Naira;

pub fn configure(cfg: &mut utoipa_actix_web::service_config::ServiceConfig) {
    cfg.service(counter_catalogue)
        .service(counter_quote)
        .service(make_sale)
        .service(list_sales)
        .service(one_sale)
        .service(sale_by_receipt)
        .service(customer_by_phone)
        .service(send_credit_code)
        .service(verify_credit_code)
        .service(send_receipt)
        .service(return_at_counter)
        .service(counter_day)
        .service(count_cash)
        .service(oversold_sales)
        .service(resolve_oversold);
}

fn price_key(state: &AppState) -> PriceKey {
    PriceKey(state.tokens.derive_secret("counter-prices"))
}

/// Whoever runs the shop sees every cashier's sales and counts; a cashier her own.
fn sees_all(admin: &AdminUser) -> bool {
    admin.0.role.is_some_and(|role| crate::access::may(role, "GET", "/api/admin/counter/oversold"))
}

fn no_store(body: impl serde::Serialize) -> HttpResponse {
    HttpResponse::Ok().insert_header(("Cache-Control", "no-store")).json(body)
}

fn link_base(state: &AppState) -> String {
    state.payments.link_url("")
}

/// Everything the counter sells, with stock and signed prices, to keep for selling offline.
#[utoipa::path(tag = "admin", responses((status = OK, body = CounterCatalogue), Unauthorized, Forbidden))]
#[get("/counter/catalogue")]
async fn counter_catalogue(state: web::Data<AppState>, _admin: AdminUser) -> AppResult<HttpResponse> {
    let (key, now) = (price_key(&state), state.clock.now_ms());
    let answer = state.db.read(move |c| catalogue(c, &key, now)).await?;
    Ok(no_store(answer))
}

/// Prices a sale (a discount code's effect included) before the customer pays.
#[utoipa::path(tag = "admin", request_body = QuoteAsk, responses((status = OK, body = Quote), BadRequest, Unauthorized, Forbidden, NotFound, Conflict))]
#[post("/counter/quote")]
async fn counter_quote(state: web::Data<AppState>, _admin: AdminUser, body: web::Json<QuoteAsk>) -> AppResult<HttpResponse> {
    let (key, now, ask) = (price_key(&state), state.clock.now_ms(), body.into_inner());
    let answer = state.db.read(move |c| quote(c, &key, &ask, now)).await?;
    Ok(no_store(answer))
}

/// Records a sale, made now or offline earlier: 201 when new, 200 with the same sale when the
/// device had sent it before.
#[utoipa::path(tag = "admin", request_body = SaleAsk, responses((status = CREATED, body = CounterSale), (status = OK, body = CounterSale), BadRequest, Unauthorized, Forbidden, NotFound, Conflict))]
#[post("/counter/sales")]
async fn make_sale(state: web::Data<AppState>, admin: AdminUser, body: web::Json<SaleAsk>) -> AppResult<HttpResponse> {
    let checked = check(body.into_inner())?;
    let (key, now, cashier, base, mailer) =
        (price_key(&state), state.clock.now_ms(), admin.0.id.clone(), link_base(&state), state.mailer.clone());
    let (made, created) = state
        .catalogue
        .write(move |tx| {
            let recorded = record(tx, &key, &checked, &cashier, now)?;
            crate::stock::tell_shop(&mailer, tx, &recorded.ran_low)?;
            let made = sale(tx, &recorded.order_id, &base)?;
            Ok(((made, recorded.created), Changes::shown_if(recorded.created)))
        })
        .await?;
    let status = if created { actix_web::http::StatusCode::CREATED } else { actix_web::http::StatusCode::OK };
    Ok(HttpResponse::build(status).insert_header(("Cache-Control", "no-store")).json(made))
}

#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
struct DayQuery {
    /// A Lagos day, "2026-11-29"; today when absent.
    date: Option<String>,
}

fn day_of(state: &AppState, query: &DayQuery) -> AppResult<i64> {
    match query.date.as_deref() {
        None | Some("") => Ok(crate::util::lagos_day(state.clock.now_ms())),
        Some(text) => crate::dashboard::parse_day(text).ok_or_else(|| AppError::Validation("Give the date as YYYY-MM-DD.".into())),
    }
}

#[derive(serde::Serialize, utoipa::ToSchema)]
struct SaleList {
    sales: Vec<CounterSale>,
}

/// A day's sales, newest first: the cashier's own, or everyone's for whoever runs the shop.
#[utoipa::path(tag = "admin", params(DayQuery), responses((status = OK, body = SaleList), BadRequest, Unauthorized, Forbidden))]
#[get("/counter/sales")]
async fn list_sales(state: web::Data<AppState>, admin: AdminUser, query: web::Query<DayQuery>) -> AppResult<HttpResponse> {
    let day = day_of(&state, &query)?;
    let who = (!sees_all(&admin)).then(|| admin.0.id.clone());
    let base = link_base(&state);
    let sales = state.db.read(move |c| sales_of_day(c, day, who.as_ref(), &base)).await?;
    Ok(no_store(SaleList { sales }))
}

/// One sale that the asker may see (another cashier's is as unknown as one that does not exist).
async fn visible_sale(state: &AppState, admin: &AdminUser, id: String) -> AppResult<CounterSale> {
    if !crate::util::plausible_id(&id) {
        return Err(AppError::NotFound("We have no such counter sale.".into()));
    }
    let id = OrderId::from(id);
    let (all, me, base) = (sees_all(admin), admin.0.id.clone(), link_base(state));
    state
        .db
        .read(move |c| {
            match cashier_of(c, &id)? {
                Some(cashier) if all || cashier.as_ref() == Some(&me) => {}
                _ => return Err(AppError::NotFound("We have no such counter sale.".into())),
            }
            sale(c, &id, &base)
        })
        .await
}

/// One sale: its receipt, and whether its pay link was paid (the counter asks every few seconds).
#[utoipa::path(tag = "admin", responses((status = OK, body = CounterSale), Unauthorized, Forbidden, NotFound))]
#[get("/counter/sales/{id}")]
async fn one_sale(state: web::Data<AppState>, admin: AdminUser, id: web::Path<String>) -> AppResult<HttpResponse> {
    Ok(no_store(visible_sale(&state, &admin, id.into_inner()).await?))
}

/// Any counter sale by the number on its receipt, from any till: a customer bringing items back
/// may come to another cashier than the one who sold them.
#[utoipa::path(tag = "admin", responses((status = OK, body = CounterSale), Unauthorized, Forbidden, NotFound))]
#[get("/counter/receipts/{number}")]
async fn sale_by_receipt(state: web::Data<AppState>, _admin: AdminUser, number: web::Path<String>) -> AppResult<HttpResponse> {
    let (number, base) = (number.into_inner(), link_base(&state));
    let answer = state.db.read(move |c| sale(c, &by_receipt(c, &number)?, &base)).await?;
    Ok(no_store(answer))
}

#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
struct PhoneQuery {
    /// As typed: "0803 123 4567", "+2348031234567".
    #[serde(default)]
    phone: String,
}

/// Who the shop knows by a phone number: her name and how many orders she made.
#[derive(serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct KnownCustomer {
    /// The number as the shop keeps it (E.164).
    phone: String,
    /// None: a new customer.
    name: Option<String>,
    orders: i64,
}

/// The customer a phone number belongs to, to attach her to a sale: only her name and order count.
#[utoipa::path(tag = "admin", params(PhoneQuery), responses((status = OK, body = KnownCustomer), BadRequest, Unauthorized, Forbidden))]
#[get("/counter/customers")]
async fn customer_by_phone(state: web::Data<AppState>, _admin: AdminUser, query: web::Query<PhoneQuery>) -> AppResult<HttpResponse> {
    let phone = crate::phone::normalise(&query.phone).map_err(|why| AppError::Validation(why.to_string()))?;
    let asked = phone.clone();
    let (name, orders) = state.db.read(move |c| Ok(crate::customers::known_by_phone(c, &asked)?)).await?;
    Ok(no_store(KnownCustomer { phone, name, orders }))
}

/// How long a proved e-mail's credit may be spent at the counter: the customer is at the till.
const CREDIT_PASS_MS: i64 = 30 * 60 * 1000;

#[derive(Deserialize, utoipa::ToSchema)]
struct CreditCodeAsk {
    #[serde(default)]
    #[schema(max_length = 254)]
    email: String,
}

#[derive(serde::Serialize, utoipa::ToSchema)]
struct CreditCodeSent {
    message: String,
}

/// Mails a code to the customer's e-mail to spend its store credit at the counter (when it holds any).
#[utoipa::path(tag = "admin", request_body = CreditCodeAsk, responses((status = ACCEPTED, body = CreditCodeSent), BadRequest, Unauthorized, Forbidden, TooManyRequests))]
#[post("/counter/credit/code")]
async fn send_credit_code(state: web::Data<AppState>, _admin: AdminUser, body: web::Json<CreditCodeAsk>) -> AppResult<HttpResponse> {
    let (email, mailer, now) = (body.into_inner().email, state.mailer.clone(), state.clock.now_ms());
    let queued = state.db.write(move |tx| crate::credit::at_counter::send(tx, &mailer, &email, now)).await?;
    if let Some(id) = queued
        && !crate::mail::outbox::send_now(&state.db, &state.mailer, id).await?
    {
        tracing::warn!("a counter credit code could not be sent yet; it waits in the outbox");
    }
    let message = "If this e-mail holds store credit, we sent it a code. Ask the customer to read it out.".to_string();
    Ok(HttpResponse::Accepted().insert_header(("Cache-Control", "no-store")).json(CreditCodeSent { message }))
}

#[derive(Deserialize, utoipa::ToSchema)]
struct CreditCodeCheck {
    #[serde(default)]
    #[schema(max_length = 254)]
    email: String,
    #[serde(default)]
    #[schema(max_length = 20)]
    code: String,
}

/// The e-mail's credit, proved: what it holds and the pass a sale spends it with.
#[derive(serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct CreditPass {
    pass: String,
    #[schema(value_type = i64)]
    balance: Kobo,
    expires_at: i64,
}

/// Checks the code the customer read out: a right one gives the counter a pass to spend her credit.
#[utoipa::path(tag = "admin", request_body = CreditCodeCheck, responses((status = OK, body = CreditPass), BadRequest, Unauthorized, Forbidden))]
#[post("/counter/credit/verify")]
async fn verify_credit_code(state: web::Data<AppState>, _admin: AdminUser, body: web::Json<CreditCodeCheck>) -> AppResult<HttpResponse> {
    let CreditCodeCheck { email, code } = body.into_inner();
    let now = state.clock.now_ms();
    let holder = crate::credit::at_counter::key_of(&email)?;
    // A wrong code's try is counted and kept (this write commits), then refused.
    let balance = state.db.write(move |tx| crate::credit::at_counter::prove(tx, &email, &code, now)).await??;
    let expires_at = now + CREDIT_PASS_MS;
    let pass = price_key(&state).credit_pass(&holder, expires_at);
    Ok(no_store(CreditPass { pass, balance, expires_at }))
}

#[derive(Deserialize, utoipa::ToSchema)]
struct ReceiptAsk {
    #[serde(default)]
    #[schema(required = true, max_length = 254)]
    email: String,
}

#[derive(serde::Serialize, utoipa::ToSchema)]
struct ReceiptSent {
    sent: bool,
}

/// E-mails a sale's receipt.
#[utoipa::path(tag = "admin", request_body = ReceiptAsk, responses((status = ACCEPTED, body = ReceiptSent), BadRequest, Unauthorized, Forbidden, NotFound))]
#[post("/counter/sales/{id}/receipt")]
async fn send_receipt(
    state: web::Data<AppState>,
    admin: AdminUser,
    id: web::Path<String>,
    body: web::Json<ReceiptAsk>,
) -> AppResult<HttpResponse> {
    let found = visible_sale(&state, &admin, id.into_inner()).await?;
    let (mailer, to) = (state.mailer.clone(), body.into_inner().email);
    state.db.write(move |tx| queue_receipt(tx, &mailer, &found, &to)).await?;
    state.mailer.wake();
    Ok(HttpResponse::Accepted().json(ReceiptSent { sent: true }))
}

/// A day at the counter: expected and counted cash per cashier, and sales by how they were paid.
#[utoipa::path(tag = "admin", params(DayQuery), responses((status = OK, body = CounterDay), BadRequest, Unauthorized, Forbidden))]
#[get("/counter/day")]
async fn counter_day(state: web::Data<AppState>, admin: AdminUser, query: web::Query<DayQuery>) -> AppResult<HttpResponse> {
    let number = day_of(&state, &query)?;
    let who = (!sees_all(&admin)).then(|| admin.0.id.clone());
    let answer = state.db.read(move |c| day(c, number, who.as_ref())).await?;
    Ok(no_store(answer))
}

/// A count of the cash in a drawer at the end of a day.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct CashUpAsk {
    /// "2026-11-29"; today when absent.
    #[serde(default)]
    date: Option<String>,
    /// Naira as typed ("45000" or "45,000.00").
    counted: Naira,
    /// Whose drawer (whoever runs the shop may count a cashier's); the asker's own when absent.
    #[serde(default)]
    #[schema(value_type = Option<String>)]
    cashier_id: Option<UserId>,
    #[serde(default)]
    #[schema(max_length = 500)]
    note: Option<String>,
}

/// Records a drawer's count against what the day's sales say it holds.
#[utoipa::path(tag = "admin", request_body = CashUpAsk, responses((status = CREATED, body = CashierDay), BadRequest, Unauthorized, Forbidden, NotFound))]
#[post("/counter/cash-ups")]
async fn count_cash(state: web::Data<AppState>, admin: AdminUser, body: web::Json<CashUpAsk>) -> AppResult<HttpResponse> {
    let ask = body.into_inner();
    let number = day_of(&state, &DayQuery { date: ask.date })?;
    let counted = crate::money::optional_naira(Some(&ask.counted), "counted cash")
        .map_err(AppError::Validation)?
        .ok_or_else(|| AppError::Validation("Enter the cash counted.".into()))?;
    let note = ask.note.map(|n| n.trim().to_string()).filter(|n| !n.is_empty());
    if note.as_ref().is_some_and(|n| n.chars().count() > 500) {
        return Err(AppError::Validation("Please keep the note under 500 characters.".into()));
    }
    let me = admin.0.id.clone();
    let cashier = match ask.cashier_id {
        Some(other) if other != me && !sees_all(&admin) => {
            return Err(AppError::Forbidden("You may count only your own drawer.".into()));
        }
        Some(other) if !crate::util::plausible_id(other.as_str()) => return Err(AppError::NotFound("No such cashier.".into())),
        Some(other) => other,
        None => me.clone(),
    };
    let now = state.clock.now_ms();
    let row = state.db.write(move |tx| cash_up(tx, &cashier, number, counted, note.as_deref(), &me, now)).await?;
    Ok(HttpResponse::Created().json(row))
}

/// Offline counter sales of units the website sold meanwhile, to settle.
#[utoipa::path(tag = "admin", responses((status = OK, body = OversoldList), Unauthorized, Forbidden))]
#[get("/admin/counter/oversold")]
async fn oversold_sales(state: web::Data<AppState>, _admin: AdminUser) -> AppResult<HttpResponse> {
    Ok(no_store(state.db.read(oversold).await?))
}

#[derive(Deserialize, utoipa::ToSchema)]
struct ResolveAsk {
    resolution: Resolution,
}

/// Settles an oversold counter sale: restocked, or the online customer contacted.
#[utoipa::path(tag = "admin", request_body = ResolveAsk, responses((status = OK, body = Oversold), BadRequest, Unauthorized, Forbidden, NotFound, Conflict))]
#[post("/admin/counter/oversold/{id}/resolve")]
async fn resolve_oversold(
    state: web::Data<AppState>,
    admin: AdminUser,
    id: web::Path<String>,
    body: web::Json<ResolveAsk>,
) -> AppResult<HttpResponse> {
    let id = id.into_inner();
    if !crate::util::plausible_id(&id) {
        return Err(AppError::NotFound("No counter sale with that id was oversold.".into()));
    }
    let (id, resolution, by, now) = (OrderId::from(id), body.into_inner().resolution, admin.0.id.clone(), state.clock.now_ms());
    Ok(no_store(state.db.write(move |tx| resolve(tx, &id, resolution, &by, now)).await?))
}

/// Takes back units of a counter sale at the counter, for cash from the drawer.
#[utoipa::path(tag = "admin", request_body = CounterReturnAsk, responses((status = OK, body = CounterReturned), BadRequest, Unauthorized, Forbidden, NotFound, Conflict))]
#[post("/counter/sales/{id}/returns")]
async fn return_at_counter(
    state: web::Data<AppState>,
    admin: AdminUser,
    id: web::Path<String>,
    body: web::Json<CounterReturnAsk>,
) -> AppResult<HttpResponse> {
    let id = id.into_inner();
    if !crate::util::plausible_id(&id) {
        return Err(AppError::NotFound("We have no such counter sale.".into()));
    }
    let (id, ask, cashier, now, base) = (OrderId::from(id), body.into_inner(), admin.0.id.clone(), state.clock.now_ms(), link_base(&state));
    let answer = state
        .catalogue
        .write(move |tx| {
            let given = take_back(tx, &id, &ask, &cashier, now)?;
            let answer = CounterReturned {
                cash: given.cash,
                to_gift_card: given.to_gift_card,
                to_store_credit: given.to_store_credit,
                sale: sale(tx, &id, &base)?,
            };
            Ok((answer, Changes::shown_if(ask.back_on_sale)))
        })
        .await?;
    Ok(no_store(answer))
}
