//! Product imports as they run: one at a time, each with its progress and, once over, its report
//! (kept for the last few, so the back office can read them after polling).

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use serde::Serialize;

use super::{ImportReport, Progress};
use crate::csv::ImportRefused;

crate::text_enum! {
    /// Where an import is.
    pub enum ImportState {
        Running => "running",
        Done => "done",
        Failed => "failed",
    }
}

/// An import running or finished: its progress, then its report or why nothing was imported.
#[derive(Serialize, Clone, utoipa::ToSchema)]
pub struct ImportJob {
    pub id: String,
    pub state: ImportState,
    /// "Checking", "Pictures", "Saving".
    pub phase: String,
    pub done: u64,
    pub total: u64,
    pub report: Option<ImportReport>,
    pub refused: Option<ImportRefused>,
}

/// A job's live state, updated by the import as it goes.
pub struct Job {
    id: String,
    phase: Mutex<&'static str>,
    done: AtomicU64,
    total: AtomicU64,
    outcome: Mutex<Option<Result<ImportReport, ImportRefused>>>,
}

impl Progress for Job {
    fn phase(&self, phase: &'static str, total: u64) {
        *self.phase.lock().unwrap() = phase;
        self.done.store(0, Ordering::Relaxed);
        self.total.store(total, Ordering::Relaxed);
    }

    fn advance(&self, by: u64) {
        self.done.fetch_add(by, Ordering::Relaxed);
    }
}

impl Job {
    /// The import is over: its report, or why nothing was imported.
    pub fn finish(&self, outcome: Result<ImportReport, ImportRefused>) {
        *self.outcome.lock().unwrap() = Some(outcome);
    }

    pub fn view(&self) -> ImportJob {
        let outcome = self.outcome.lock().unwrap().clone();
        ImportJob {
            id: self.id.clone(),
            state: match &outcome {
                None => ImportState::Running,
                Some(Ok(_)) => ImportState::Done,
                Some(Err(_)) => ImportState::Failed,
            },
            phase: self.phase.lock().unwrap().to_string(),
            done: self.done.load(Ordering::Relaxed),
            total: self.total.load(Ordering::Relaxed),
            report: outcome.clone().and_then(Result::ok),
            refused: outcome.and_then(Result::err),
        }
    }
}

/// The shop's imports: the running one, and the last few finished (to read their reports).
#[derive(Default)]
pub struct ImportJobs {
    jobs: Mutex<HashMap<String, Arc<Job>>>,
}

const KEPT_JOBS: usize = 20;

impl ImportJobs {
    /// A new job, unless one is running.
    pub fn start(&self) -> Option<Arc<Job>> {
        let mut jobs = self.jobs.lock().unwrap();
        if jobs.values().any(|j| j.outcome.lock().unwrap().is_none()) {
            return None;
        }
        if jobs.len() >= KEPT_JOBS {
            jobs.clear();
        }
        let job = Arc::new(Job {
            id: crate::util::random_id(16),
            phase: Mutex::new("Checking"),
            done: AtomicU64::new(0),
            total: AtomicU64::new(0),
            outcome: Mutex::new(None),
        });
        jobs.insert(job.id.clone(), job.clone());
        Some(job)
    }

    pub fn get(&self, id: &str) -> Option<Arc<Job>> {
        self.jobs.lock().unwrap().get(id).cloned()
    }
}
