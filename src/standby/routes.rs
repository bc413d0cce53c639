//! The HTTP side of the standby: the guard that answers every write while this machine takes no
//! orders, and the endpoint a proxy asks to know whether to send shoppers here.

use actix_web::body::BoxBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::Method;
use actix_web::middleware::Next;
use actix_web::{HttpResponse, get, web};

use super::Traffic;
use crate::error::AppError;
use crate::http::AppState;

/// Refuses every request that could change something (anything but GET, HEAD and OPTIONS) while
/// this machine is a standby, promoting or replaced, with a 503 that says so in words; Paystack
/// retries a webhook refused this way, and by then the new primary answers it.
pub async fn guard(req: ServiceRequest, next: Next<BoxBody>) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    if !matches!(*req.method(), Method::GET | Method::HEAD | Method::OPTIONS)
        && let Some(why) = req.app_data::<web::Data<AppState>>().and_then(|state| state.machine.node.refusal())
    {
        return Err(AppError::SwitchingOver(why.into()).into());
    }
    next.call(req).await
}

/// For the proxy in front of both machines (deploy/Caddyfile.two-machines): 200 where shoppers
/// should go — the primary, or a standby while no primary answers — and 503 elsewhere.
#[utoipa::path(
    tag = "shop",
    responses(
        (status = OK, body = Traffic, description = "Send shoppers here"),
        (status = SERVICE_UNAVAILABLE, body = Traffic, description = "Send them to the other machine")
    )
)]
#[get("/health/traffic")]
async fn traffic(state: web::Data<AppState>) -> HttpResponse {
    let traffic = state.machine.node.traffic();
    let mut answer = if traffic.serve { HttpResponse::Ok() } else { HttpResponse::ServiceUnavailable() };
    answer.insert_header(("Cache-Control", "no-store")).json(traffic)
}

pub fn configure(cfg: &mut utoipa_actix_web::service_config::ServiceConfig) {
    cfg.service(traffic);
}
