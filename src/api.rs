//! The API contract, derived from the code: every handler carries `#[utoipa::path]` beside its
//! route macro, and `routes` registers each one through utoipa-actix-web, which collects the same
//! handlers into the OpenAPI document. A route cannot be registered without being documented, and
//! the front end's types are generated from this document (`frontend/src/lib/api.gen.ts`).

use actix_web::{HttpResponse, get};
use serde::Serialize;
use utoipa::OpenApi;

/// The document's heading; `app::document` adds every registered route to it.
#[derive(OpenApi)]
#[openapi(
    info(
        title = "Ankara shop API",
        version = "1.0.0",
        description = "JSON API of the Ankara shop. Money is integer kobo (₦1 = 100 kobo). Times are Unix milliseconds. \
            Errors are {error, message} with a stable snake_case code and a human message. State-changing requests must \
            send `X-Requested-With: ankara`; the session is the HttpOnly cookie `ankara_session`."
    ),
    components(schemas(crate::error::ErrorBody, crate::returns::ReturnAsk))
)]
pub struct ApiDoc;

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

/// Liveness for uptime checkers and proxies, with this machine's role and, on a standby, how far
/// behind the primary it is.
#[utoipa::path(tag = "shop", responses((status = OK, body = crate::standby::Health)))]
#[get("/health")]
async fn health(state: actix_web::web::Data<crate::http::AppState>) -> HttpResponse {
    HttpResponse::Ok().insert_header(("Cache-Control", "no-store")).json(state.machine.node.health(state.clock.now_ms()))
}

pub fn configure(cfg: &mut utoipa_actix_web::service_config::ServiceConfig) {
    cfg.service(health);
}

#[cfg(test)]
mod tests {
    /// Operation ids (the handlers' names) name the generated client's operations: two alike and
    /// the front end's types stop compiling, far from the handler that caused it.
    #[test]
    fn every_operation_has_its_own_id() {
        let document: serde_json::Value = serde_json::from_str(crate::app::document()).unwrap();
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
