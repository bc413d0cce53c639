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

#[derive(Default)]
pub struct FakeState {
    pub initialize: Option<Mode>,
    pub verify: Option<Mode>,
    pub charges: HashMap<String, Charge>,
    pub verify_calls: usize,
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

    pub fn verify_calls(&self) -> usize {
        self.state.lock().unwrap().verify_calls
    }
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
