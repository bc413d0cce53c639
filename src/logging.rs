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
/// It finds log lines and guards nothing, so it comes from a per-thread generator seeded once from
/// the system's random source, not from a system call on every request.
pub fn request_id() -> String {
    use std::cell::Cell;
    const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    thread_local! {
        static STATE: Cell<u64> = Cell::new(u64::from_le_bytes(crate::util::random_bytes::<8>()) | 1);
    }
    STATE.with(|state| {
        // xorshift64*: 12 symbols of 62 from two draws of 64 bits.
        let next = || {
            let mut x = state.get();
            x ^= x >> 12;
            x ^= x << 25;
            x ^= x >> 27;
            state.set(x);
            x.wrapping_mul(0x2545_F491_4F6C_DD1D)
        };
        let (a, b) = (next(), next());
        (0..12)
            .map(|i| {
                let bits = if i < 6 { a >> (i * 10) } else { b >> ((i - 6) * 10) };
                ALPHABET[(bits % 62) as usize] as char
            })
            .collect()
    })
}
