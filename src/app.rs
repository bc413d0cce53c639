//! Builds the shop from a configuration: prepares the data directory and database, then serves
//! the API, media and the embedded front end on a listener chosen by the caller.

use std::net::TcpListener;
use std::sync::{Arc, OnceLock};

use actix_web::body::BoxBody;
use actix_web::dev::{Server, Service, ServiceRequest};
use actix_web::http::{Method, header};
use actix_web::middleware;
use actix_web::middleware::Next;
use actix_web::{App, HttpResponse, HttpServer, ResponseError, get, web};
use utoipa_actix_web::AppExt;

use crate::auth::AuthLimits;
use crate::auth::tokens::TokenKeys;
use crate::cache::JsonCache;
use crate::catalog::write::Catalogue;
use crate::config::Config;
use crate::db::Db;
use crate::error::AppError;
use crate::http::AppState;
use crate::mail::Mailer;
use crate::payments::Payments;
use crate::paystack::Paystack;
use crate::refunds::Refunds;
use crate::search::SearchIndex;
use crate::submissions::RecentSubmissions;

/// Everything that must be true before the first request: data directory, database, migrations,
/// the demo shop on a first start. Errors are sentences for the operator.
pub fn prepare(config: Config) -> Result<web::Data<AppState>, String> {
    prepare_as(config, Arc::new(crate::standby::Node::single()))
}

/// [`prepare`] for a machine of a two-machine set-up, in the role `node` holds: a standby reads
/// its copy of the database (which Litestream keeps writing) and writes nothing; a replaced
/// primary opens its own but writes nothing either.
pub fn prepare_as(mut config: Config, node: Arc<crate::standby::Node>) -> Result<web::Data<AppState>, String> {
    crate::keys::overlay(&mut config)?;
    config.validate()?;
    let db = match node.role() {
        crate::standby::Role::Standby | crate::standby::Role::Promoting => {
            crate::db::Db::open_following(&config.data_dir.join("ankara.db"), crate::standby::SWITCHING_OVER.into())?
        }
        _ => open_database(&config)?,
    };
    db.refuse_writes(node.refusal().map(str::to_string));
    let media = crate::media::MediaStore::open(&config.data_dir)?;
    if node.takes_orders() {
        db.with_conn(|conn| {
            crate::brand::seed_if_new(conn, first_identity(&config))?;
            // Earlier versions kept the WhatsApp number in the keys file (the Keys screen): it
            // moves into the identity, the one place it is read from, where that has none.
            if let Some(number) = crate::keys::stored_whatsapp(&config.data_dir).map_err(crate::error::AppError::internal)? {
                crate::brand::adopt_whatsapp(conn, &number)?;
                crate::keys::forget_whatsapp(&config.data_dir).map_err(crate::error::AppError::internal)?;
            }
            if !config.no_demo {
                crate::catalog::demo::load_if_new(conn, &media.root)?;
            }
            Ok(())
        })
        .map_err(|e| format!("cannot prepare the shop's data: {e}"))?;
    }
    let search =
        Arc::new(db.with_conn(|conn| Ok(SearchIndex::open(&config.data_dir.join("search-index"), conn))).map_err(|e| e.to_string())??);
    let cache = Arc::new(JsonCache::default());
    let catalogue = Catalogue::new(db.clone(), search.clone(), cache.clone());
    let tokens = TokenKeys::load_or_create(&config.data_dir.join("token-signing.key"))?;
    let mailer = Mailer::new(&config)?;
    if let Ok(published) = db.with_conn(|conn| Ok(crate::brand::published_view(conn)?)) {
        mailer.set_shop(&published.identity.name, published.logo.as_ref());
    }
    let paystack = Arc::new(Paystack::new(&config)?);
    let transfer_delay = std::time::Duration::from_millis(config.sandbox_transfer_delay_ms);
    let sandbox = Arc::new(crate::paystack::sandbox::Sandbox::new(db.clone(), paystack.clone(), config.public_url(), transfer_delay));
    let metrics = Arc::new(crate::metrics::Metrics::default());
    let couriers = Arc::new(crate::couriers::Couriers::new(&config)?);
    let courier_sandbox = Arc::new(crate::couriers::sandbox::Sandbox::new(db.clone(), couriers.clone()));
    let payments = Payments::new(catalogue.clone(), paystack.clone(), mailer.clone(), metrics.clone(), couriers.clone(), &config);
    let refunds = Refunds::new(catalogue.clone(), paystack.clone(), mailer.clone(), config.clock.clone());
    let setup = crate::setup::Gate::new(&config.data_dir);
    if node.takes_orders() {
        db.with_conn(|conn| Ok(setup.announce(conn, config.public_url()))).map_err(|e| e.to_string())??;
    }
    crate::spa::prepare()?;
    crate::stock::set_low_stock_threshold(config.low_stock);
    Ok(web::Data::new(AppState {
        clock: config.clock.clone(),
        limits: crate::http::Limits {
            auth: AuthLimits::new(&config),
            submissions: RecentSubmissions::default(),
            // A waiting login holds almost nothing, so its line may be long.
            hashing: crate::cpu::CpuGate::per_core(256),
            contact: crate::content::ContactLimits::default(),
            browser_verifies: crate::auth::limits::RateLimiter::new(5, std::time::Duration::from_secs(10)),
            order_lookups: crate::auth::limits::RateLimiter::new(20, std::time::Duration::from_secs(600)),
            // A rider's page makes a few calls per stop; a hundred in ten minutes is a guesser.
            ride_requests: crate::auth::limits::RateLimiter::new(100, std::time::Duration::from_secs(600)),
            guest_starts: crate::auth::limits::RateLimiter::new(30, std::time::Duration::from_secs(3600)),
            alerts: Default::default(),
            review_writes: crate::auth::limits::RateLimiter::new(20, std::time::Duration::from_secs(3600)),
            gift_card_lookups: crate::auth::limits::RateLimiter::new(20, std::time::Duration::from_secs(600)),
            uploads: Default::default(),
        },
        config,
        db,
        tokens,
        mailer,
        media,
        cache,
        catalogue,
        search,
        feeds: Default::default(),
        imports: Default::default(),
        payments,
        refunds,
        paystack,
        sandbox,
        couriers,
        courier_sandbox,
        machine: crate::http::Machine { node, setup, metrics, restart: Default::default() },
    }))
}

/// The start-up flags' values for a shop without an identity yet: its first name, links and contacts.
fn first_identity(config: &Config) -> crate::brand::Identity {
    let flag = |value: &Option<String>| value.clone().unwrap_or_default();
    crate::brand::Identity {
        name: config.shop_name.clone(),
        whatsapp: flag(&config.whatsapp_number),
        // The sender's address is the customers' to write to only once someone chose it (the
        // default is no address anyone reads).
        email: if config.shop_email == Config::for_data_dir(Default::default()).shop_email {
            String::new()
        } else {
            config.shop_email.clone()
        },
        instagram: flag(&config.instagram_url),
        x: flag(&config.x_url),
        facebook: flag(&config.facebook_url),
        ..Default::default()
    }
}

/// Opens the data directory's database (creating both when new) and applies migrations. Enough
/// for the merchant's commands, which must work while the shop is running.
pub fn open_database(config: &Config) -> Result<Db, String> {
    if crate::standby::startup::is_follow_copy(&config.data_dir) {
        return Err(format!(
            "{} holds a standby's copy of the shop, which only Litestream writes: run this on the primary",
            config.data_dir.display()
        ));
    }
    std::fs::create_dir_all(&config.data_dir)
        .map_err(|e| format!("cannot create the data directory {}: {e}", config.data_dir.display()))?;
    Db::open_with(&config.data_dir.join("ankara.db"), !config.litestream)
}

/// Registers every route. Kept apart from the server so tests can build the same app, and so
/// [`document`] derives the OpenAPI document from the very same registrations.
pub fn routes(cfg: &mut utoipa_actix_web::service_config::ServiceConfig, public_url: String) {
    let same_origin = middleware::from_fn(move |req: ServiceRequest, next: Next<BoxBody>| {
        let allowed = crate::auth::csrf::allowed(&req, &public_url);
        async move {
            if allowed {
                next.call(req).await
            } else {
                Err(AppError::Forbidden("This request was refused: it did not come from the shop's own pages.".into()).into())
            }
        }
    });
    cfg.app_data(crate::error::json_config())
        .app_data(crate::error::query_config())
        .app_data(crate::error::path_config())
        .service(
            utoipa_actix_web::scope("/api")
                .wrap(middleware::from_fn(crate::http::access_guard))
                .wrap(same_origin)
                // Outermost: a standby refuses a write before anything reads its body or session.
                .wrap(middleware::from_fn(crate::standby::routes::guard))
                .configure(crate::api::configure)
                .configure(crate::standby::routes::configure)
                // The router tries each route in turn (a regular expression for every path with a
                // `{…}`), so what shoppers read most comes first: the catalogue and search. The
                // admin's GET /collections/lookup goes before them, or /collections/{id} takes it.
                .configure(crate::catalog::admin_routes::configure_before_public)
                .configure(crate::catalog::routes::configure)
                .configure(crate::search::routes::configure)
                .service(openapi_document)
                .configure(crate::auth::routes::configure)
                .configure(crate::catalog::admin_routes::configure)
                .configure(crate::catalog::product_routes::configure)
                .configure(crate::content::routes::configure)
                .configure(crate::pages::routes::configure)
                .configure(crate::bag::routes::configure)
                .configure(crate::saved::routes::configure)
                .configure(crate::payments::routes::configure)
                .configure(crate::paystack::sandbox::configure)
                .configure(crate::orders::routes::configure)
                .configure(crate::stock::routes::configure)
                .configure(crate::delivery::routes::configure)
                .configure(crate::abroad::routes::configure)
                .configure(crate::discounts::routes::configure)
                .configure(crate::refunds::routes::configure)
                .configure(crate::credit::routes::configure)
                .configure(crate::reviews::routes::configure)
                .configure(crate::returns::routes::configure)
                .configure(crate::counter::routes::configure)
                .configure(crate::dashboard::routes::configure)
                .configure(crate::settings::routes::configure)
                .configure(crate::brand::routes::configure)
                .configure(crate::staff::routes::configure)
                .configure(crate::customers::routes::configure)
                .configure(crate::mail::routes::configure)
                .configure(crate::alerts::routes::configure)
                .configure(crate::import::routes::configure)
                .configure(crate::setup::routes::configure)
                .configure(crate::keys::routes::configure)
                .configure(crate::feeds::routes::configure)
                .configure(crate::riders::routes::configure)
                .configure(crate::messages::routes::configure)
                .configure(crate::couriers::routes::configure)
                .configure(crate::couriers::sandbox::configure)
                .default_service(web::to(api_fallback)),
        )
        .route("/media/{path:.+}", web::get().to(crate::media::routes::serve))
        .route("/metrics", web::get().to(metrics))
        .route("/sitemap.xml", web::get().to(crate::sitemap::sitemap))
        .route("/robots.txt", web::get().to(crate::sitemap::robots))
        .route("/feeds/{token}/{file}", web::get().to(crate::feeds::routes::serve))
        .route("/stop/{token}", web::get().to(crate::messages::routes::stop_page))
        .route("/stop/{token}", web::post().to(crate::messages::routes::stop))
        .route("/manifest.webmanifest", web::get().to(crate::brand::routes::manifest))
        .route("/brand/{file}", web::get().to(crate::brand::routes::icon))
        .default_service(web::to(page));
}

/// Prometheus scrapes this with `Authorization: Bearer <ANKARA_METRICS_TOKEN>`; an admin's
/// browser session works too.
async fn metrics(
    req: actix_web::HttpRequest,
    state: web::Data<AppState>,
    admin: Option<crate::auth::AdminUser>,
) -> Result<HttpResponse, AppError> {
    let bearer = req.headers().get("authorization").and_then(|v| v.to_str().ok()).and_then(|v| v.strip_prefix("Bearer "));
    let token_ok = match (&state.config.metrics_token, bearer) {
        (Some(token), Some(sent)) => subtle::ConstantTimeEq::ct_eq(token.as_bytes(), sent.as_bytes()).into(),
        _ => false,
    };
    if !token_ok && admin.is_none() {
        return Err(AppError::Unauthenticated("Metrics need the metrics token or an admin session.".into()));
    }
    let database_bytes: u64 = ["", "-wal"]
        .iter()
        .filter_map(|suffix| std::fs::metadata(format!("{}{suffix}", state.db.path().display())).ok())
        .map(|m| m.len())
        .sum();
    let gauges = [
        ("ankara_mail_queue", "E-mails waiting to be sent.", state.mailer.queued() as u64),
        ("ankara_image_decode_waiting", "Uploads waiting for an image decoder.", state.media.decoding.waiting() as u64),
        (
            "ankara_image_decode_megabytes",
            "Megabytes of the image-decode budget held by running decodes.",
            u64::from(state.media.decoding.memory_in_use()),
        ),
        ("ankara_password_hash_waiting", "Logins and sign-ups waiting for a hasher.", state.limits.hashing.waiting() as u64),
        ("ankara_database_bytes", "Size of the database and its write-ahead log.", database_bytes),
    ];
    Ok(HttpResponse::Ok()
        .content_type("text/plain; version=0.0.4")
        .insert_header(("Cache-Control", "no-store"))
        .body(state.machine.metrics.render(&gauges)))
}

/// The OpenAPI document as JSON, built once from the registered routes.
pub fn document() -> &'static str {
    static DOCUMENT: OnceLock<String> = OnceLock::new();
    DOCUMENT.get_or_init(|| {
        let (_, api) = actix_web::App::new()
            .into_utoipa_app()
            .openapi(<crate::api::ApiDoc as utoipa::OpenApi>::openapi())
            .configure(|cfg| routes(cfg, String::new()))
            .split_for_parts();
        let mut document = serde_json::to_value(&api).expect("the OpenAPI document serialises");
        require_every_answered_field(&mut document);
        every_body_may_be_too_large(&mut document);
        every_query_may_be_refused(&mut document);
        every_write_may_wait_for_a_switch_over(&mut document);
        document.to_string()
    })
}

/// utoipa documents an `Option` field as optional, but serde always sends it (as null), and the
/// front end's generated types should say so: in schemas that only ever appear in answers, every
/// property is required. Schemas that requests use too keep their optional fields.
fn require_every_answered_field(document: &mut serde_json::Value) {
    use serde_json::Value;
    fn refs(value: &Value, found: &mut Vec<String>) {
        match value {
            Value::Object(map) => {
                if let Some(Value::String(target)) = map.get("$ref") {
                    found.extend(target.strip_prefix("#/components/schemas/").map(str::to_string));
                }
                map.values().for_each(|v| refs(v, found));
            }
            Value::Array(items) => items.iter().for_each(|v| refs(v, found)),
            _ => {}
        }
    }
    // Every schema reachable from `roots`, following references between schemas.
    let reachable = |roots: Vec<&Value>| -> std::collections::HashSet<String> {
        let mut pending = Vec::new();
        roots.into_iter().for_each(|root| refs(root, &mut pending));
        let mut seen = std::collections::HashSet::new();
        while let Some(name) = pending.pop() {
            if seen.insert(name.clone()) {
                refs(&document["components"]["schemas"][&name], &mut pending);
            }
        }
        seen
    };
    let operations: Vec<&Value> = document["paths"]
        .as_object()
        .into_iter()
        .flat_map(|paths| paths.values())
        .flat_map(|item| item.as_object().unwrap().values())
        .collect();
    let answered = reachable(operations.iter().map(|op| &op["responses"]).collect());
    let asked = reachable(operations.iter().flat_map(|op| [&op["requestBody"], &op["parameters"]]).collect());
    let Some(schemas) = document["components"]["schemas"].as_object_mut() else { return };
    for (name, schema) in schemas.iter_mut() {
        if !answered.contains(name) || asked.contains(name) {
            continue;
        }
        if let Some(properties) = schema.get("properties").and_then(Value::as_object) {
            let all: Vec<Value> = properties.keys().cloned().map(Value::String).collect();
            schema["required"] = Value::Array(all);
        }
    }
}

/// Every body, JSON or multipart, has a size limit and a larger one is answered 413 before its
/// handler runs (`error::json_config`, `media::upload`): the limit is one fact, so the document
/// derives the answer for every operation that takes a body rather than each handler listing it.
fn every_body_may_be_too_large(document: &mut serde_json::Value) {
    let too_large = serde_json::json!({
        "description": "The request body is too large",
        "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Error" } } }
    });
    let Some(paths) = document["paths"].as_object_mut() else { return };
    for item in paths.values_mut() {
        for operation in item.as_object_mut().into_iter().flat_map(|ops| ops.values_mut()) {
            if operation.get("requestBody").is_some()
                && let Some(responses) = operation["responses"].as_object_mut()
            {
                responses.entry("413").or_insert_with(|| too_large.clone());
            }
        }
    }
}

/// A query string or a body that cannot be read is answered 400 with the error shape before the
/// handler runs (`error::query_config`, a body cut off): so an operation with query parameters
/// documents 400, and one whose own 400 has another shape (an import's rows) documents either.
fn every_query_may_be_refused(document: &mut serde_json::Value) {
    use serde_json::json;
    let error = json!({ "$ref": "#/components/schemas/Error" });
    let Some(paths) = document["paths"].as_object_mut() else { return };
    for item in paths.values_mut() {
        for operation in item.as_object_mut().into_iter().flat_map(|ops| ops.values_mut()) {
            let has_query = operation["parameters"].as_array().is_some_and(|ps| ps.iter().any(|p| p["in"] == "query"));
            let Some(responses) = operation["responses"].as_object_mut() else { continue };
            match responses.get_mut("400") {
                None if has_query => {
                    responses.insert(
                        "400".into(),
                        json!({
                            "description": "The query string is not valid",
                            "content": { "application/json": { "schema": error.clone() } }
                        }),
                    );
                }
                Some(answer) => {
                    let schema = &mut answer["content"]["application/json"]["schema"];
                    if !schema.is_null() && *schema != error && schema.get("oneOf").is_none() {
                        *schema = json!({ "oneOf": [schema.clone(), error.clone()] });
                    }
                }
                None => {}
            }
        }
    }
}

/// While the shop switches over to its standby machine (and on a machine that was replaced) every
/// write is answered 503 by `standby::routes::guard` before its handler runs: one fact, so the
/// document derives the answer for every operation that is not a GET.
fn every_write_may_wait_for_a_switch_over(document: &mut serde_json::Value) {
    let switching = serde_json::json!({
        "description": "The shop is switching over to its standby machine (or this machine was replaced) and takes no changes now; `Retry-After` says when to try again",
        "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Error" } } }
    });
    let Some(paths) = document["paths"].as_object_mut() else { return };
    for item in paths.values_mut() {
        for (method, operation) in item.as_object_mut().into_iter().flat_map(|ops| ops.iter_mut()) {
            if method != "get"
                && let Some(responses) = operation["responses"].as_object_mut()
            {
                responses.entry("503").or_insert_with(|| switching.clone());
            }
        }
    }
}

/// This document.
#[utoipa::path(tag = "shop", responses((status = OK, description = "The OpenAPI 3.1 document", content_type = "application/json")))]
#[get("/openapi.json")]
async fn openapi_document() -> HttpResponse {
    HttpResponse::Ok().content_type("application/json").body(document())
}

/// Pages and assets answer GET (and HEAD); any other method on them is a 405 naming what works.
async fn page(req: actix_web::HttpRequest, state: web::Data<AppState>) -> Result<HttpResponse, AppError> {
    if req.method() == Method::GET {
        return match req.path() {
            "/" if !state.machine.setup.known_not_awaiting() => setup_first(req, state).await,
            "/setup" => setup_page(req, state).await,
            _ => crate::spa::serve(req, state).await,
        };
    }
    let mut response = AppError::MethodNotAllowed.error_response();
    response.headers_mut().insert(header::ALLOW, header::HeaderValue::from_static("GET, HEAD"));
    Ok(response)
}

/// A new shop waiting for its setup (no owner, nothing for sale) sends its home page's visitors to
/// `/setup`; any other shop shows its home page.
async fn setup_first(req: actix_web::HttpRequest, state: web::Data<AppState>) -> Result<HttpResponse, AppError> {
    let st = state.clone();
    if state.db.read(move |c| Ok(st.machine.setup.is_awaiting(c)?)).await? {
        return Ok(HttpResponse::SeeOther()
            .insert_header((header::LOCATION, "/setup"))
            .insert_header(("Cache-Control", "no-store"))
            .finish());
    }
    crate::spa::serve(req, state).await
}

/// The setup page: the app (which shows the form) while the shop has no owner, answered 404 once
/// it has one (the app then shows its not-found page).
async fn setup_page(req: actix_web::HttpRequest, state: web::Data<AppState>) -> Result<HttpResponse, AppError> {
    let st = state.clone();
    let done = state.db.read(move |c| Ok(st.machine.setup.is_done(c)?)).await?;
    let mut page = crate::spa::serve(req, state).await?;
    *page.status_mut() = if done { actix_web::http::StatusCode::NOT_FOUND } else { actix_web::http::StatusCode::OK };
    page.headers_mut().insert(header::CACHE_CONTROL, header::HeaderValue::from_static("no-store"));
    Ok(page)
}

/// HEAD is answered as GET without the body (the HTTP layer drops it for HEAD requests), so
/// uptime checkers that use HEAD see the shop wherever a browser would.
fn head_as_get(mut req: actix_web::dev::ServiceRequest) -> actix_web::dev::ServiceRequest {
    if req.method() == Method::HEAD {
        req.head_mut().method = Method::GET;
    }
    req
}

/// Unknown API paths get a JSON 404. Resources inherit this default, so a known path reached with
/// the wrong method arrives here too, with its pattern matched: that is a 405.
async fn api_fallback(req: actix_web::HttpRequest) -> HttpResponse {
    let matched_a_resource = req.match_pattern().is_some_and(|pattern| pattern.len() > "/api/".len());
    if matched_a_resource {
        AppError::MethodNotAllowed.error_response()
    } else {
        AppError::NotFound("There is no such API endpoint.".into()).error_response()
    }
}

/// Opens the request's span (its id is on every log line written while it is served, and goes
/// back in `X-Request-Id` so a shopper's report can be found), then logs one line for the answer:
/// method, the path without its query (query strings can carry secrets such as reset codes),
/// status, size and time.
fn traced<S, B>(
    req: ServiceRequest,
    srv: &S,
) -> impl std::future::Future<Output = Result<actix_web::dev::ServiceResponse<B>, actix_web::Error>> + use<S, B>
where
    S: Service<ServiceRequest, Response = actix_web::dev::ServiceResponse<B>, Error = actix_web::Error>,
    B: actix_web::body::MessageBody,
{
    use tracing::Instrument;
    let id = crate::logging::request_id();
    let span = tracing::info_span!("request", id = %id);
    let (method, path, started) = (req.method().to_string(), req.path().to_string(), std::time::Instant::now());
    let answer = srv.call(req).instrument(span.clone());
    async move {
        let mut answer = answer.await?;
        if let Ok(value) = header::HeaderValue::from_str(&id) {
            answer.headers_mut().insert(header::HeaderName::from_static("x-request-id"), value);
        }
        // A streamed body has no size yet: left out rather than guessed.
        let bytes = match actix_web::body::MessageBody::size(answer.response().body()) {
            actix_web::body::BodySize::Sized(n) => Some(n),
            _ => None,
        };
        let elapsed_ms = (started.elapsed().as_secs_f64() * 1000.0 * 1000.0).round() / 1000.0;
        let status = answer.status().as_u16();
        tracing::info!(target: "ankara::access", method = %method, path = %path, status, bytes, elapsed_ms, "answered");
        Ok(answer)
    }
    .instrument(span)
}

/// Starts serving on `listener`. The server stops gracefully on SIGINT and SIGTERM.
pub fn serve(state: web::Data<AppState>, listener: TcpListener) -> std::io::Result<Server> {
    state.paystack.use_local_sandbox(listener.local_addr()?);
    state.couriers.listening(listener.local_addr()?);
    actix_web::rt::spawn(crate::background::run_forever(state.clone().into_inner()));
    actix_web::rt::spawn(crate::background::mail_forever(state.clone().into_inner()));
    let workers = state.config.workers.unwrap_or_else(|| std::thread::available_parallelism().map(|n| n.get()).unwrap_or(2));
    let server = HttpServer::new(move || {
        let counted = state.clone();
        App::new()
            .app_data(state.clone())
            .app_data(web::Data::from(state.sandbox.clone()))
            .app_data(web::Data::from(state.courier_sandbox.clone()))
            .app_data(crate::media::upload::temp_file_config(&state.media.uploads))
            // Counts every answer under its route pattern (the HEAD rewrite, outside, runs first).
            .wrap_fn(move |req, srv| {
                let (started, method, metrics) = (std::time::Instant::now(), req.method().clone(), counted.clone());
                let answer = srv.call(req);
                async move {
                    let answer = answer.await?;
                    metrics.machine.metrics.record(&method, answer.request().match_pattern(), answer.status().as_u16(), started.elapsed());
                    Ok(answer)
                }
            })
            .wrap_fn(|req, srv| srv.call(head_as_get(req)))
            .wrap_fn(crate::compress::middleware)
            .wrap(
                middleware::DefaultHeaders::new()
                    .add(("X-Content-Type-Options", "nosniff"))
                    .add(("Referrer-Policy", "strict-origin-when-cross-origin"))
                    .add(("X-Frame-Options", "DENY")),
            )
            // Outermost: every line logged while a request is served carries its id.
            .wrap_fn(traced)
            .configure(|cfg| routes(&mut utoipa_actix_web::service_config::ServiceConfig::new(cfg), state.config.public_url().to_string()))
    })
    .workers(workers)
    // Answers go out as soon as they are written: with Nagle's algorithm on, a compressed answer
    // written in pieces waited ~40 ms for the proxy's delayed ACK on a kept-alive connection.
    .tcp_nodelay(true)
    .shutdown_timeout(10)
    .listen(listener)?
    .run();
    Ok(server)
}
