//! Bounds CPU- and memory-heavy work (password hashing, image decoding): at most one job per core
//! runs at a time on the blocking pool, the rest wait in line, and when the line is too long a
//! request is turned away with 503 and Retry-After instead of piling up memory.

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

use tokio::sync::Semaphore;

use crate::error::{AppError, AppResult};

pub struct CpuGate {
    running: Semaphore,
    waiting: AtomicUsize,
    max_waiting: usize,
    started: AtomicU64,
}

impl CpuGate {
    /// `parallel` jobs at once, at most `max_waiting` more in line.
    pub fn new(parallel: usize, max_waiting: usize) -> CpuGate {
        CpuGate { running: Semaphore::new(parallel.max(1)), waiting: AtomicUsize::new(0), max_waiting, started: AtomicU64::new(0) }
    }

    /// One job per core.
    pub fn per_core(max_waiting: usize) -> CpuGate {
        CpuGate::new(std::thread::available_parallelism().map(|n| n.get()).unwrap_or(2), max_waiting)
    }

    /// Jobs waiting for a place right now.
    pub fn waiting(&self) -> usize {
        self.waiting.load(Ordering::Relaxed)
    }

    /// Jobs started since the shop started.
    pub fn started(&self) -> u64 {
        self.started.load(Ordering::Relaxed)
    }

    /// Runs `job` on the blocking pool once a place is free.
    pub async fn run<T, F>(&self, job: F) -> AppResult<T>
    where
        T: Send + 'static,
        F: FnOnce() -> T + Send + 'static,
    {
        let queued = self.waiting.fetch_add(1, Ordering::SeqCst);
        let permit = if queued >= self.max_waiting + self.running.available_permits() { None } else { self.running.acquire().await.ok() };
        self.waiting.fetch_sub(1, Ordering::SeqCst);
        let Some(_permit) = permit else { return Err(AppError::Busy) };
        self.started.fetch_add(1, Ordering::Relaxed);
        Ok(actix_web::web::block(job).await?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;
    use std::sync::atomic::AtomicUsize;
    use std::time::Duration;

    #[actix_web::test]
    async fn runs_at_most_the_allowed_jobs_at_once_and_turns_away_a_long_line() {
        let gate = Arc::new(CpuGate::new(2, 3));
        let (now, peak) = (Arc::new(AtomicUsize::new(0)), Arc::new(AtomicUsize::new(0)));
        let jobs = (0..8).map(|_| {
            let (gate, now, peak) = (gate.clone(), now.clone(), peak.clone());
            async move {
                gate.run(move || {
                    let n = now.fetch_add(1, Ordering::SeqCst) + 1;
                    peak.fetch_max(n, Ordering::SeqCst);
                    std::thread::sleep(Duration::from_millis(50));
                    now.fetch_sub(1, Ordering::SeqCst);
                })
                .await
            }
        });
        let results = futures_util::future::join_all(jobs).await;
        assert_eq!(peak.load(Ordering::SeqCst), 2);
        let busy = results.iter().filter(|r| matches!(r, Err(AppError::Busy))).count();
        assert_eq!(busy, 3, "2 run, 3 wait, the other 3 are turned away");
    }
}
