//! Prometheus metrics at `/metrics`: requests and latencies per route, checkouts, webhook and
//! reconciler outcomes, the mail queue, the hashing and image-decoding queues and the database's
//! size. Not public: an admin session or the configured metrics token.
//!
//! Routes are counted by their registered pattern (`/api/products/{id}`), never by the path a
//! client sent, so no request pattern can grow the table: everything unrouted is one "other" row.

use std::collections::BTreeMap;
use std::fmt::Write;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

/// Upper bounds of the latency histogram's buckets, in seconds.
const BUCKETS: [f64; 11] = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0];

#[derive(Default)]
struct Route {
    /// Requests by status code.
    statuses: BTreeMap<u16, u64>,
    /// Requests at or under each bucket's bound (not cumulative until rendered).
    buckets: [u64; BUCKETS.len()],
    count: u64,
    seconds: f64,
}

#[derive(Default)]
pub struct Metrics {
    routes: Mutex<BTreeMap<(&'static str, String), Route>>,
    pub checkouts_started: AtomicU64,
    pub checkouts_completed: AtomicU64,
    pub webhooks_accepted: AtomicU64,
    pub webhooks_refused: AtomicU64,
    pub reconciler_runs: AtomicU64,
    pub reconciler_orders: AtomicU64,
    pub reconciler_errors: AtomicU64,
}

fn method_label(method: &actix_web::http::Method) -> &'static str {
    use actix_web::http::Method;
    match *method {
        Method::GET => "GET",
        Method::HEAD => "HEAD",
        Method::POST => "POST",
        Method::PUT => "PUT",
        Method::PATCH => "PATCH",
        Method::DELETE => "DELETE",
        _ => "OTHER",
    }
}

impl Metrics {
    pub fn add(counter: &AtomicU64, n: u64) {
        counter.fetch_add(n, Ordering::Relaxed);
    }

    /// Counts one answered request under its route pattern.
    pub fn record(&self, method: &actix_web::http::Method, pattern: Option<String>, status: u16, took: Duration) {
        let route = match pattern {
            Some(p) if p.starts_with("/api/") || p.starts_with("/media/") || p == "/metrics" => p,
            Some(_) | None => "other".into(),
        };
        let seconds = took.as_secs_f64();
        let mut routes = self.routes.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let entry = routes.entry((method_label(method), route)).or_default();
        *entry.statuses.entry(status).or_default() += 1;
        if let Some(bucket) = BUCKETS.iter().position(|bound| seconds <= *bound) {
            entry.buckets[bucket] += 1;
        }
        entry.count += 1;
        entry.seconds += seconds;
    }

    /// The Prometheus text exposition of everything above, plus `gauges` (name, help, value) read
    /// by the caller from the parts of the shop it measures.
    pub fn render(&self, gauges: &[(&str, &str, u64)]) -> String {
        let mut out = String::new();
        let routes = self.routes.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        out.push_str("# HELP ankara_http_requests_total Answered requests by route pattern and status.\n");
        out.push_str("# TYPE ankara_http_requests_total counter\n");
        for ((method, route), stats) in routes.iter() {
            for (status, n) in &stats.statuses {
                let _ = writeln!(out, "ankara_http_requests_total{{method=\"{method}\",route=\"{route}\",status=\"{status}\"}} {n}");
            }
        }
        out.push_str("# HELP ankara_http_request_duration_seconds Time to answer, by route pattern.\n");
        out.push_str("# TYPE ankara_http_request_duration_seconds histogram\n");
        for ((method, route), stats) in routes.iter() {
            let labels = format!("method=\"{method}\",route=\"{route}\"");
            let mut cumulative = 0;
            for (bound, n) in BUCKETS.iter().zip(stats.buckets) {
                cumulative += n;
                let _ = writeln!(out, "ankara_http_request_duration_seconds_bucket{{{labels},le=\"{bound}\"}} {cumulative}");
            }
            let _ = writeln!(out, "ankara_http_request_duration_seconds_bucket{{{labels},le=\"+Inf\"}} {}", stats.count);
            let _ = writeln!(out, "ankara_http_request_duration_seconds_sum{{{labels}}} {}", stats.seconds);
            let _ = writeln!(out, "ankara_http_request_duration_seconds_count{{{labels}}} {}", stats.count);
        }
        drop(routes);
        let load = |counter: &AtomicU64| counter.load(Ordering::Relaxed);
        let counters = [
            ("ankara_checkouts_started_total", "counter", "Payments started at checkout.", load(&self.checkouts_started)),
            ("ankara_checkouts_completed_total", "counter", "Payments that became orders.", load(&self.checkouts_completed)),
            ("ankara_webhooks_accepted_total", "counter", "Paystack webhooks with a valid signature.", load(&self.webhooks_accepted)),
            ("ankara_webhooks_refused_total", "counter", "Webhooks refused (bad signature or body).", load(&self.webhooks_refused)),
            ("ankara_reconciler_runs_total", "counter", "Rounds of the payment reconciler.", load(&self.reconciler_runs)),
            ("ankara_reconciler_orders_total", "counter", "Orders the reconciler completed.", load(&self.reconciler_orders)),
            ("ankara_reconciler_errors_total", "counter", "Reconciler rounds that failed.", load(&self.reconciler_errors)),
        ];
        let gauges = gauges.iter().map(|(name, help, value)| (*name, "gauge", *help, *value));
        for (name, kind, help, value) in counters.into_iter().chain(gauges) {
            let _ = writeln!(out, "# HELP {name} {help}\n# TYPE {name} {kind}\n{name} {value}");
        }
        out
    }
}
