//! Structured logs with `tracing`: every line of a request carries its request id (the span the
//! HTTP layer opens for it), database writes and Paystack calls are spans of their own, and the
//! `log` lines of the code and of libraries are carried into the same output. Plain text, or one
//! JSON object per line with `--log-format json`. `RUST_LOG` filters as before (`warn`,
//! `info,ankara::payments=debug`).

use tracing::Level;
use tracing_subscriber::filter::Targets;
use tracing_subscriber::prelude::*;

use crate::config::LogFormat;

/// Installs the process's logger. Call once, first thing.
pub fn init(format: LogFormat) {
    let filter: Targets =
        std::env::var("RUST_LOG").ok().and_then(|text| text.parse().ok()).unwrap_or_else(|| Targets::new().with_default(Level::INFO));
    let layer = tracing_subscriber::fmt::layer().with_writer(std::io::stderr);
    let registry = tracing_subscriber::registry().with(filter);
    // A second call (tests start many shops in one process) leaves the first logger in place.
    let _ = match format {
        LogFormat::Json => registry.with(layer.json().with_current_span(true).with_span_list(false)).try_init(),
        LogFormat::Text => registry.with(layer.with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))).try_init(),
    };
}

/// A new request's id: short, random, unique enough to find one request's lines in a day's log.
pub fn request_id() -> String {
    crate::util::random_id(12)
}
