//! The API contract, derived from the code: every handler carries `#[utoipa::path]` beside its
//! route macro, and `routes` registers each one through utoipa-actix-web, which collects the same
//! handlers into the OpenAPI document. A route cannot be registered without being documented, and
//! the front end's types are generated from this document (`frontend/src/lib/api.gen.ts`).

use std::sync::OnceLock;

use actix_web::{HttpResponse, get};
use serde::Serialize;
use utoipa::OpenApi;
use utoipa_actix_web::AppExt;

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Ankara shop API",
        version = "1.0.0",
        description = "JSON API of the Ankara shop. Money is integer kobo (₦1 = 100 kobo). Times are Unix milliseconds. \
            Errors are {error, message} with a stable snake_case code and a human message. State-changing requests must \
            send `X-Requested-With: ankara`; the session is the HttpOnly cookie `ankara_session`."
    ),
    components(schemas(crate::error::ErrorBody))
)]
struct ApiDoc;

/// A plain `{message}` answer, for actions whose only result is a sentence to show.
#[derive(Serialize, utoipa::ToSchema)]
#[schema(as = MessageBody)]
pub struct Message {
    pub message: String,
}

impl Message {
    pub fn new(message: impl Into<String>) -> Message {
        Message { message: message.into() }
    }
}

/// The OpenAPI document as JSON, built once from the registered routes.
pub fn document() -> &'static str {
    static DOCUMENT: OnceLock<String> = OnceLock::new();
    DOCUMENT.get_or_init(|| {
        let (_, api) = actix_web::App::new()
            .into_utoipa_app()
            .openapi(ApiDoc::openapi())
            .configure(|cfg| crate::app::routes(cfg, String::new()))
            .split_for_parts();
        let mut document = serde_json::to_value(&api).expect("the OpenAPI document serialises");
        require_every_answered_field(&mut document);
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

/// This document.
#[utoipa::path(tag = "shop", responses((status = OK, description = "The OpenAPI 3.1 document", content_type = "application/json")))]
#[get("/openapi.json")]
async fn openapi_document() -> HttpResponse {
    HttpResponse::Ok().content_type("application/json").body(document())
}

/// `{"status": "ok"}`: the shop is up, or a notification was received.
#[derive(Serialize, utoipa::ToSchema)]
pub struct StatusOk {
    /// Always "ok".
    status: &'static str,
}

impl Default for StatusOk {
    fn default() -> StatusOk {
        StatusOk { status: "ok" }
    }
}

/// Liveness for uptime checkers and proxies.
#[utoipa::path(tag = "shop", responses((status = OK, body = StatusOk)))]
#[get("/health")]
async fn health() -> HttpResponse {
    HttpResponse::Ok().insert_header(("Cache-Control", "no-store")).json(StatusOk::default())
}

pub fn configure(cfg: &mut utoipa_actix_web::service_config::ServiceConfig) {
    cfg.service(health).service(openapi_document);
}

#[cfg(test)]
mod tests {
    /// Operation ids (the handlers' names) name the generated client's operations: two alike and
    /// the front end's types stop compiling, far from the handler that caused it.
    #[test]
    fn every_operation_has_its_own_id() {
        let document: serde_json::Value = serde_json::from_str(super::document()).unwrap();
        let mut ids: Vec<&str> = document["paths"]
            .as_object()
            .unwrap()
            .values()
            .flat_map(|methods| methods.as_object().unwrap().values())
            .filter_map(|operation| operation["operationId"].as_str())
            .collect();
        let count = ids.len();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), count, "operation ids repeat: rename a handler");
        assert!(count > 60, "every route is documented ({count})");
    }
}
