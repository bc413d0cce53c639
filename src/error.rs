//! One error type for the whole API. Clients get `{error: snake_code, message}` with the right
//! status; internal causes keep their source error for the log and are never sent.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, ResponseError};
use serde::Serialize;

#[derive(Debug, thiserror::Error)]
pub enum AppError {
    /// 400: a field or body the client can fix; the message is shown to the user.
    #[error("validation: {0}")]
    Validation(String),
    /// 401: no valid session.
    #[error("unauthenticated: {0}")]
    Unauthenticated(String),
    /// 401 from the login form itself (wrong password, unknown account): not a lost session.
    #[error("login failed: {0}")]
    LoginFailed(String),
    /// 403: signed in, but not allowed.
    #[error("forbidden: {0}")]
    Forbidden(String),
    /// 404: the thing does not exist.
    #[error("not found: {0}")]
    NotFound(String),
    /// 405: the path exists, the method does not.
    #[error("method not allowed")]
    MethodNotAllowed,
    /// 409: conflicts with existing state (a taken e-mail, a duplicate submission).
    #[error("conflict: {0}")]
    Conflict(String),
    /// 409 with its own code, for conflicts a client acts on: `payment_in_progress` (an earlier
    /// payment can still be paid: finish or cancel it), `price_changed` (the total is not the one
    /// the shopper saw).
    #[error("conflict ({0}): {1}")]
    ConflictAs(&'static str, String),
    /// 413: the body is too large.
    #[error("payload too large: {0}")]
    PayloadTooLarge(String),
    /// 429: too many attempts; the client may try again after the given time.
    #[error("too many requests: {0}")]
    TooManyRequests(String, std::time::Duration),
    /// 502: an upstream service (Paystack, SMTP) failed; the message is safe to show.
    #[error("upstream: {0}")]
    Upstream(String),
    /// 503: heavy work (hashing, image decoding) has a long queue; try again shortly.
    #[error("busy")]
    Busy,
    /// 503: this machine takes no writes now (a standby, or a primary another machine replaced);
    /// the message says so in words for shoppers.
    #[error("switching over: {0}")]
    SwitchingOver(String),
    /// 500: our fault; the cause is logged and the client sees a generic message.
    #[error("internal error: {0}")]
    Internal(String),
    /// 500 from the database, with its error kept for the log.
    #[error("database: {0}")]
    Database(#[from] rusqlite::Error),
    /// 500 from the file system.
    #[error("i/o: {0}")]
    Io(#[from] std::io::Error),
    /// 500 when the blocking pool could not run a job.
    #[error("blocking pool: {0}")]
    Blocking(#[from] actix_web::error::BlockingError),
    /// 500 from an outbound HTTP call that went wrong in a way the caller did not expect.
    #[error("HTTP: {0}")]
    Http(#[from] reqwest::Error),
}

/// Every error answer: a stable snake_case code and a message for people.
#[derive(Serialize, utoipa::ToSchema)]
#[schema(as = Error)]
pub struct ErrorBody<'a> {
    /// validation, unauthenticated, login_failed, forbidden, not_found, method_not_allowed,
    /// conflict, payment_in_progress, price_changed, payload_too_large, too_many_requests, busy,
    /// switching_over, upstream or internal.
    error: &'a str,
    message: &'a str,
}

/// The error answers an endpoint documents, each named by its meaning (`responses(NotFound)`).
pub mod answers {
    use super::ErrorBody;

    macro_rules! answers {
        ($($(#[doc = $doc:literal])* $name:ident => $status:literal;)+) => {$(
            $(#[doc = $doc])*
            #[derive(utoipa::IntoResponses)]
            #[response(status = $status)]
            pub struct $name(#[allow(dead_code)] ErrorBody<'static>);
        )+};
    }

    answers! {
        /// A field or body the client can fix; the message says what.
        BadRequest => 400;
        /// No valid session, or a failed login.
        Unauthorized => 401;
        /// Signed in but not allowed, or a state-changing request that did not come from the shop's pages.
        Forbidden => 403;
        /// The thing does not exist.
        NotFound => 404;
        /// Conflicts with the current state (a taken name or e-mail, a changed bag, a final status).
        Conflict => 409;
        /// The body or an uploaded file is too large.
        PayloadTooLarge => 413;
        /// Too many attempts; `Retry-After` says when to try again.
        TooManyRequests => 429;
        /// Paystack or the mail server failed; the message is safe to show.
        BadGateway => 502;
        /// Heavy work (password hashing, image decoding) has a long queue, or the shop is switching over to
        /// its standby machine and takes no changes for now; `Retry-After` says when to try again.
        Busy => 503;
    }
}

impl AppError {
    pub fn internal(cause: impl std::fmt::Display) -> AppError {
        AppError::Internal(cause.to_string())
    }

    /// Our fault rather than the client's: a 500 whose cause is logged, never sent.
    pub fn is_internal(&self) -> bool {
        matches!(self, AppError::Internal(_) | AppError::Database(_) | AppError::Io(_) | AppError::Blocking(_) | AppError::Http(_))
    }

    /// Whole seconds a client should wait before trying again, for 429 and 503 answers.
    pub fn retry_after(&self) -> Option<u64> {
        match self {
            // Rounded up, so a client that waits exactly this long is let in.
            AppError::TooManyRequests(_, wait) => Some(wait.as_secs() + u64::from(wait.subsec_nanos() > 0)).map(|s| s.max(1)),
            AppError::Busy => Some(2),
            AppError::SwitchingOver(_) => Some(10),
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
            AppError::ConflictAs(code, _) => code,
            AppError::PayloadTooLarge(_) => "payload_too_large",
            AppError::TooManyRequests(..) => "too_many_requests",
            AppError::Busy => "busy",
            AppError::SwitchingOver(_) => "switching_over",
            AppError::Upstream(_) => "upstream",
            AppError::Internal(_) | AppError::Database(_) | AppError::Io(_) | AppError::Blocking(_) | AppError::Http(_) => "internal",
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
            | AppError::ConflictAs(_, m)
            | AppError::PayloadTooLarge(m)
            | AppError::TooManyRequests(m, _)
            | AppError::SwitchingOver(m)
            | AppError::Upstream(m) => m,
            AppError::MethodNotAllowed => "This method is not allowed here.",
            AppError::Busy => "The shop is very busy right now. Please try again in a moment.",
            // The internal kinds: the cause is for the log only.
            _ => "Something went wrong on our side. Please try again.",
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
            AppError::Conflict(_) | AppError::ConflictAs(..) => StatusCode::CONFLICT,
            AppError::PayloadTooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            AppError::TooManyRequests(..) => StatusCode::TOO_MANY_REQUESTS,
            AppError::Busy | AppError::SwitchingOver(_) => StatusCode::SERVICE_UNAVAILABLE,
            AppError::Upstream(_) => StatusCode::BAD_GATEWAY,
            _ => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    fn error_response(&self) -> HttpResponse {
        if self.is_internal() {
            // The whole chain of causes, for the operator; the client sees only the generic message.
            let mut cause = format!("{self}");
            let mut source = std::error::Error::source(self);
            while let Some(inner) = source {
                cause.push_str(&format!(": {inner}"));
                source = inner.source();
            }
            tracing::error!(cause = %cause, "a request failed inside the shop");
        }
        let mut response = HttpResponse::build(self.status_code());
        response.insert_header(("Cache-Control", "no-store"));
        if let Some(wait) = self.retry_after() {
            response.insert_header(("Retry-After", wait.to_string()));
        }
        response.json(ErrorBody { error: self.code(), message: self.message() })
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
    actix_web::web::QueryConfig::default().error_handler(|err, _req| bad_query(err).into())
}

fn bad_query(err: impl std::fmt::Display) -> AppError {
    AppError::Validation(format!("The query string is not valid: {err}"))
}

/// The request's query string read as `T`, refused as the `Query` extractor refuses it: for a
/// handler that answers some requests before reading the query at all.
pub fn query<T: serde::de::DeserializeOwned>(req: &actix_web::HttpRequest) -> AppResult<T> {
    actix_web::web::Query::<T>::from_query(req.query_string()).map(actix_web::web::Query::into_inner).map_err(bad_query)
}

pub fn path_config() -> actix_web::web::PathConfig {
    actix_web::web::PathConfig::default().error_handler(|err, _req| AppError::NotFound(format!("Not found: {err}")).into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn internal_causes_are_kept_for_the_log_and_kept_from_the_client() {
        let error: AppError = rusqlite::Error::QueryReturnedNoRows.into();
        assert!(error.is_internal());
        assert_eq!((error.status_code(), error.code()), (StatusCode::INTERNAL_SERVER_ERROR, "internal"));
        assert_eq!(error.message(), "Something went wrong on our side. Please try again.");
        assert!(error.to_string().contains("Query returned no rows"), "the log line names the cause: {error}");
        assert!(std::error::Error::source(&error).is_some(), "the source error itself is kept");
        let refused = AppError::TooManyRequests("Slow down.".into(), std::time::Duration::from_millis(1500));
        assert_eq!((refused.retry_after(), refused.message()), (Some(2), "Slow down."), "Retry-After rounds up");
    }
}
