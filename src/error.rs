//! One error type for the whole API. Clients get `{error: snake_code, message}` with the right
//! status; internal causes are logged, never sent.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, ResponseError};
use serde::Serialize;

#[derive(Debug)]
pub enum AppError {
    /// 400: a field or body the client can fix; the message is shown to the user.
    Validation(String),
    /// 401: no valid session.
    Unauthenticated(String),
    /// 401 from the login form itself (wrong password, unknown account): not a lost session.
    LoginFailed(String),
    /// 403: signed in, but not allowed.
    Forbidden(String),
    /// 404: the thing does not exist.
    NotFound(String),
    /// 405: the path exists, the method does not.
    MethodNotAllowed,
    /// 409: conflicts with existing state (a taken e-mail, a duplicate submission).
    Conflict(String),
    /// 413: the body is too large.
    PayloadTooLarge(String),
    /// 429: too many attempts; the client may try again after the given time.
    TooManyRequests(String, std::time::Duration),
    /// 502: an upstream service (Paystack, SMTP) failed; the message is safe to show.
    Upstream(String),
    /// 503: heavy work (hashing, image decoding) has a long queue; try again shortly.
    Busy,
    /// 500: our fault; the cause is logged and the client sees a generic message.
    Internal(String),
}

#[derive(Serialize)]
struct ErrorBody<'a> {
    error: &'a str,
    message: &'a str,
}

impl AppError {
    pub fn internal(cause: impl std::fmt::Display) -> AppError {
        AppError::Internal(cause.to_string())
    }

    /// Whole seconds a client should wait before trying again, for 429 and 503 answers.
    pub fn retry_after(&self) -> Option<u64> {
        match self {
            // Rounded up, so a client that waits exactly this long is let in.
            AppError::TooManyRequests(_, wait) => Some(wait.as_secs() + u64::from(wait.subsec_nanos() > 0)).map(|s| s.max(1)),
            AppError::Busy => Some(2),
            _ => None,
        }
    }

    pub fn code(&self) -> &'static str {
        match self {
            AppError::Validation(_) => "validation",
            AppError::Unauthenticated(_) => "unauthenticated",
            AppError::LoginFailed(_) => "login_failed",
            AppError::Forbidden(_) => "forbidden",
            AppError::NotFound(_) => "not_found",
            AppError::MethodNotAllowed => "method_not_allowed",
            AppError::Conflict(_) => "conflict",
            AppError::PayloadTooLarge(_) => "payload_too_large",
            AppError::TooManyRequests(..) => "too_many_requests",
            AppError::Busy => "busy",
            AppError::Upstream(_) => "upstream",
            AppError::Internal(_) => "internal",
        }
    }

    pub fn message(&self) -> &str {
        match self {
            AppError::Validation(m)
            | AppError::Unauthenticated(m)
            | AppError::LoginFailed(m)
            | AppError::Forbidden(m)
            | AppError::NotFound(m)
            | AppError::Conflict(m)
            | AppError::PayloadTooLarge(m)
            | AppError::TooManyRequests(m, _)
            | AppError::Upstream(m) => m,
            AppError::MethodNotAllowed => "This method is not allowed here.",
            AppError::Busy => "The shop is very busy right now. Please try again in a moment.",
            AppError::Internal(_) => "Something went wrong on our side. Please try again.",
        }
    }
}

impl std::fmt::Display for AppError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            AppError::Internal(cause) => write!(f, "internal error: {cause}"),
            other => write!(f, "{}: {}", other.code(), other.message()),
        }
    }
}

impl ResponseError for AppError {
    fn status_code(&self) -> StatusCode {
        match self {
            AppError::Validation(_) => StatusCode::BAD_REQUEST,
            AppError::Unauthenticated(_) | AppError::LoginFailed(_) => StatusCode::UNAUTHORIZED,
            AppError::Forbidden(_) => StatusCode::FORBIDDEN,
            AppError::NotFound(_) => StatusCode::NOT_FOUND,
            AppError::MethodNotAllowed => StatusCode::METHOD_NOT_ALLOWED,
            AppError::Conflict(_) => StatusCode::CONFLICT,
            AppError::PayloadTooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            AppError::TooManyRequests(..) => StatusCode::TOO_MANY_REQUESTS,
            AppError::Busy => StatusCode::SERVICE_UNAVAILABLE,
            AppError::Upstream(_) => StatusCode::BAD_GATEWAY,
            AppError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    fn error_response(&self) -> HttpResponse {
        if let AppError::Internal(cause) = self {
            log::error!("internal error: {cause}");
        }
        let mut response = HttpResponse::build(self.status_code());
        response.insert_header(("Cache-Control", "no-store"));
        if let Some(wait) = self.retry_after() {
            response.insert_header(("Retry-After", wait.to_string()));
        }
        response.json(ErrorBody { error: self.code(), message: self.message() })
    }
}

impl From<rusqlite::Error> for AppError {
    fn from(e: rusqlite::Error) -> AppError {
        AppError::Internal(format!("database: {e}"))
    }
}

impl From<actix_web::error::BlockingError> for AppError {
    fn from(e: actix_web::error::BlockingError) -> AppError {
        AppError::Internal(format!("blocking pool: {e}"))
    }
}

impl From<std::io::Error> for AppError {
    fn from(e: std::io::Error) -> AppError {
        AppError::Internal(format!("io: {e}"))
    }
}

pub type AppResult<T> = Result<T, AppError>;

/// Extractor failures (bad JSON, bad query, bad path, oversized body) in the same JSON shape.
pub fn json_config() -> actix_web::web::JsonConfig {
    actix_web::web::JsonConfig::default().limit(64 * 1024).error_handler(|err, _req| {
        let error = match &err {
            actix_web::error::JsonPayloadError::OverflowKnownLength { .. } | actix_web::error::JsonPayloadError::Overflow { .. } => {
                AppError::PayloadTooLarge("The request body is too large.".into())
            }
            actix_web::error::JsonPayloadError::ContentType => {
                AppError::Validation("Send the request body as JSON (Content-Type: application/json).".into())
            }
            actix_web::error::JsonPayloadError::Deserialize(e) => AppError::Validation(format!("The request body is not valid: {e}")),
            other => AppError::Validation(format!("The request body could not be read: {other}")),
        };
        error.into()
    })
}

pub fn query_config() -> actix_web::web::QueryConfig {
    actix_web::web::QueryConfig::default()
        .error_handler(|err, _req| AppError::Validation(format!("The query string is not valid: {err}")).into())
}

pub fn path_config() -> actix_web::web::PathConfig {
    actix_web::web::PathConfig::default().error_handler(|err, _req| AppError::NotFound(format!("Not found: {err}")).into())
}
