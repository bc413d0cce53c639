//! A fake Paystack on loopback: records initialised transactions and answers verify with whatever
//! a test scripts — a status, a different amount or currency, an HTTP error, or silence.

use std::collections::HashMap;
use std::net::TcpListener;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use actix_web::{App, HttpRequest, HttpResponse, HttpServer, web};
use serde_json::{Value, json};

pub const SECRET: &str = "sk_test_fake_secret";
pub const PUBLIC: &str = "pk_test_fake_public";

/// How the fake answers a kind of call.
#[derive(Clone, Debug, PartialEq)]
pub enum Mode {
    Normal,
    /// Answer with this HTTP status and Paystack's error envelope.
    Fail(u16),
    /// Never answer in time.
    Hang,
}

#[derive(Clone, Debug)]
pub struct Charge {
    pub amount: i64,
    pub currency: String,
    pub email: String,
    pub status: String,
    /// What verify reports instead of the real figures, to script mismatches.
    pub reported_amount: Option<Value>,
    pub reported_currency: Option<String>,
}

/// A refund the fake took: Paystack's id, the transaction, kobo and its status.
#[derive(Clone, Debug)]
pub struct FakeRefund {
    pub id: u64,
    pub reference: String,
    pub amount: i64,
    pub status: String,
}

#[derive(Default)]
pub struct FakeState {
    pub initialize: Option<Mode>,
    pub verify: Option<Mode>,
    pub refund: Option<Mode>,
    pub charges: HashMap<String, Charge>,
    pub verify_calls: usize,
    pub refunds: Vec<FakeRefund>,
    /// Paystack's payment session timeout, in seconds (0: none, Paystack's default).
    pub session_timeout: u64,
}

#[derive(Clone)]
pub struct FakePaystack {
    pub url: String,
    pub state: Arc<Mutex<FakeState>>,
}

impl FakePaystack {
    pub async fn start() -> FakePaystack {
        let state = Arc::new(Mutex::new(FakeState::default()));
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let url = format!("http://{}", listener.local_addr().unwrap());
        let shared = web::Data::from(state.clone());
        let server = HttpServer::new(move || {
            App::new()
                .app_data(shared.clone())
                .route("/transaction/initialize", web::post().to(initialize))
                .route("/transaction/verify/{reference}", web::get().to(verify))
                .route("/refund", web::post().to(create_refund))
                .route("/refund", web::get().to(list_refunds))
                .route("/refund/{id}", web::get().to(fetch_refund))
                .route("/integration/payment_session_timeout", web::get().to(fetch_session_timeout))
                .route("/integration/payment_session_timeout", web::put().to(update_session_timeout))
        })
        .workers(1)
        .disable_signals()
        .listen(listener)
        .unwrap()
        .run();
        actix_web::rt::spawn(server);
        FakePaystack { url, state }
    }

    pub fn set_initialize(&self, mode: Mode) {
        self.state.lock().unwrap().initialize = Some(mode);
    }

    pub fn set_verify(&self, mode: Mode) {
        self.state.lock().unwrap().verify = Some(mode);
    }

    /// Scripts what verify says about a reference.
    pub fn set_outcome(&self, reference: &str, status: &str) {
        self.state.lock().unwrap().charges.get_mut(reference).expect("an initialised reference").status = status.into();
    }

    pub fn report(&self, reference: &str, amount: Option<Value>, currency: Option<&str>) {
        let mut state = self.state.lock().unwrap();
        let charge = state.charges.get_mut(reference).expect("an initialised reference");
        charge.reported_amount = amount;
        charge.reported_currency = currency.map(String::from);
    }

    pub fn charge(&self, reference: &str) -> Option<Charge> {
        self.state.lock().unwrap().charges.get(reference).cloned()
    }

    pub fn set_refund(&self, mode: Mode) {
        self.state.lock().unwrap().refund = Some(mode);
    }

    /// Scripts a refund's status, as Paystack moves it on.
    pub fn set_refund_status(&self, id: u64, status: &str) {
        let mut state = self.state.lock().unwrap();
        state.refunds.iter_mut().find(|r| r.id == id).expect("a refund the fake took").status = status.into();
    }

    pub fn refunds(&self) -> Vec<FakeRefund> {
        self.state.lock().unwrap().refunds.clone()
    }

    pub fn verify_calls(&self) -> usize {
        self.state.lock().unwrap().verify_calls
    }

    pub fn session_timeout(&self) -> u64 {
        self.state.lock().unwrap().session_timeout
    }
}

async fn fetch_session_timeout(state: web::Data<Mutex<FakeState>>, req: HttpRequest) -> HttpResponse {
    if !authorised(&req) {
        return HttpResponse::Unauthorized().json(json!({"status": false, "message": "Invalid key"}));
    }
    let seconds = state.lock().unwrap().session_timeout;
    HttpResponse::Ok()
        .json(json!({"status": true, "message": "Payment session timeout retrieved", "data": {"payment_session_timeout": seconds}}))
}

async fn update_session_timeout(state: web::Data<Mutex<FakeState>>, req: HttpRequest, body: web::Json<Value>) -> HttpResponse {
    if !authorised(&req) {
        return HttpResponse::Unauthorized().json(json!({"status": false, "message": "Invalid key"}));
    }
    let Some(seconds) = body["timeout"].as_u64() else {
        return HttpResponse::BadRequest().json(json!({"status": false, "message": "Invalid timeout"}));
    };
    state.lock().unwrap().session_timeout = seconds;
    HttpResponse::Ok()
        .json(json!({"status": true, "message": "Payment session timeout updated", "data": {"payment_session_timeout": seconds}}))
}

fn authorised(req: &HttpRequest) -> bool {
    req.headers().get("authorization").and_then(|v| v.to_str().ok()) == Some(&format!("Bearer {SECRET}"))
}

async fn misbehave(mode: Option<Mode>) -> Option<HttpResponse> {
    match mode.unwrap_or(Mode::Normal) {
        Mode::Normal => None,
        Mode::Fail(code) => {
            let status = actix_web::http::StatusCode::from_u16(code).unwrap();
            let message = match code {
                401 => "Invalid key",
                429 => "Too many requests",
                _ => "An error occurred",
            };
            Some(HttpResponse::build(status).json(json!({ "status": false, "message": message })))
        }
        Mode::Hang => {
            actix_web::rt::time::sleep(Duration::from_secs(30)).await;
            Some(HttpResponse::GatewayTimeout().finish())
        }
    }
}

async fn initialize(state: web::Data<Mutex<FakeState>>, req: HttpRequest, body: web::Json<Value>) -> HttpResponse {
    let mode = state.lock().unwrap().initialize.clone();
    if let Some(reply) = misbehave(mode).await {
        return reply;
    }
    if !authorised(&req) {
        return HttpResponse::Unauthorized().json(json!({ "status": false, "message": "Invalid key" }));
    }
    let reference = body["reference"].as_str().unwrap_or_default().to_string();
    let Some(amount) = body["amount"].as_i64() else {
        return HttpResponse::BadRequest().json(json!({ "status": false, "message": "Invalid Amount Sent" }));
    };
    let mut state = state.lock().unwrap();
    if state.charges.contains_key(&reference) {
        return HttpResponse::BadRequest()
            .json(json!({ "status": false, "message": "Duplicate Transaction Reference", "code": "duplicate_reference" }));
    }
    state.charges.insert(
        reference.clone(),
        Charge {
            amount,
            currency: body["currency"].as_str().unwrap_or("NGN").into(),
            email: body["email"].as_str().unwrap_or_default().into(),
            status: "abandoned".into(),
            reported_amount: None,
            reported_currency: None,
        },
    );
    let code = format!("ac_{reference}");
    HttpResponse::Ok().json(json!({
        "status": true,
        "message": "Authorization URL created",
        "data": { "authorization_url": format!("https://checkout.paystack.com/{code}"), "access_code": code, "reference": reference },
    }))
}

async fn verify(state: web::Data<Mutex<FakeState>>, req: HttpRequest, reference: web::Path<String>) -> HttpResponse {
    let mode = {
        let mut s = state.lock().unwrap();
        s.verify_calls += 1;
        s.verify.clone()
    };
    if let Some(reply) = misbehave(mode).await {
        return reply;
    }
    if !authorised(&req) {
        return HttpResponse::Unauthorized().json(json!({ "status": false, "message": "Invalid key" }));
    }
    let charge = state.lock().unwrap().charges.get(reference.as_str()).cloned();
    match charge {
        // Paystack's OpenAPI says 404; some integrations saw 400. The client must accept both.
        None => HttpResponse::BadRequest().json(json!({ "status": false, "message": "Transaction reference not found" })),
        Some(charge) => HttpResponse::Ok().json(json!({
            "status": true,
            "message": "Verification successful",
            "data": transaction(&reference, &charge),
        })),
    }
}

/// The `data` of verify and of a `charge.success` webhook.
pub fn transaction(reference: &str, charge: &Charge) -> Value {
    json!({
        "id": 4099260516u64,
        "domain": "test",
        "status": charge.status,
        "reference": reference,
        "amount": charge.reported_amount.clone().unwrap_or(json!(charge.amount)),
        "currency": charge.reported_currency.clone().unwrap_or(charge.currency.clone()),
        "gateway_response": if charge.status == "success" { "Successful" } else { "Declined" },
        "paid_at": null,
        "created_at": "2026-11-22T07:00:00.000Z",
        "channel": "card",
        "metadata": "",
        "customer": { "email": charge.email },
        "authorization": {},
    })
}

/// Paystack's refund `data` (also a `refund.*` webhook's).
pub fn refund_data(refund: &FakeRefund) -> Value {
    json!({
        "id": refund.id,
        "domain": "test",
        "transaction_reference": refund.reference,
        "amount": refund.amount,
        "currency": "NGN",
        "status": refund.status,
        "failure_reason": if refund.status == "failed" { json!("Card issuer declined the reversal") } else { Value::Null },
    })
}

/// Takes the refund (within what is left of the charge), then misbehaves as scripted: with `Hang`
/// Paystack created the refund but its answer never arrives.
async fn create_refund(state: web::Data<Mutex<FakeState>>, req: HttpRequest, body: web::Json<Value>) -> HttpResponse {
    let mode = state.lock().unwrap().refund.clone();
    if let Some(Mode::Fail(_)) = mode {
        return misbehave(mode).await.unwrap();
    }
    if !authorised(&req) {
        return HttpResponse::Unauthorized().json(json!({ "status": false, "message": "Invalid key" }));
    }
    let reference = body["transaction"].as_str().unwrap_or_default().to_string();
    let refund = {
        let mut s = state.lock().unwrap();
        let Some(charge) = s.charges.get(&reference).cloned() else {
            return HttpResponse::NotFound().json(json!({ "status": false, "message": "Transaction not found" }));
        };
        let taken: i64 = s.refunds.iter().filter(|r| r.reference == reference && r.status != "failed").map(|r| r.amount).sum();
        let amount = body["amount"].as_i64().unwrap_or(charge.amount - taken);
        if amount > charge.amount - taken {
            return HttpResponse::BadRequest()
                .json(json!({ "status": false, "message": "Refund amount cannot be more than the unrefunded balance" }));
        }
        let refund = FakeRefund { id: 7_000_000 + s.refunds.len() as u64, reference, amount, status: "pending".into() };
        s.refunds.push(refund.clone());
        refund
    };
    if let Some(reply) = misbehave(mode).await {
        return reply;
    }
    HttpResponse::Ok().json(json!({ "status": true, "message": "Refund has been queued for processing", "data": refund_data(&refund) }))
}

async fn fetch_refund(state: web::Data<Mutex<FakeState>>, req: HttpRequest, id: web::Path<u64>) -> HttpResponse {
    if !authorised(&req) {
        return HttpResponse::Unauthorized().json(json!({ "status": false, "message": "Invalid key" }));
    }
    let refund = state.lock().unwrap().refunds.iter().find(|r| r.id == *id).cloned();
    match refund {
        Some(refund) => HttpResponse::Ok().json(json!({ "status": true, "message": "Refund retrieved", "data": refund_data(&refund) })),
        None => HttpResponse::NotFound().json(json!({ "status": false, "message": "Refund not found" })),
    }
}

async fn list_refunds(state: web::Data<Mutex<FakeState>>, req: HttpRequest, query: web::Query<HashMap<String, String>>) -> HttpResponse {
    if !authorised(&req) {
        return HttpResponse::Unauthorized().json(json!({ "status": false, "message": "Invalid key" }));
    }
    let reference = query.get("transaction").cloned().unwrap_or_default();
    let list: Vec<Value> = state.lock().unwrap().refunds.iter().filter(|r| r.reference == reference).map(refund_data).collect();
    HttpResponse::Ok().json(json!({ "status": true, "message": "Refunds retrieved", "data": list }))
}
