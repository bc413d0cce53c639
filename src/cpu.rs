//! Bounds CPU- and memory-heavy work (password hashing, image decoding): at most one job per core
//! runs at a time on the blocking pool, the rest wait in line, and when the line is too long a
//! request is turned away with 503 and Retry-After instead of piling up memory. A gate may also
//! hold a memory budget: each job says how many megabytes it will hold at its peak, and the jobs
//! running together never hold more than the budget.

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

use tokio::sync::Semaphore;

use crate::error::{AppError, AppResult};

pub struct CpuGate {
    running: Semaphore,
    /// Megabytes the running jobs may hold together, when the gate bounds memory too.
    memory: Option<(Semaphore, u32)>,
    waiting: AtomicUsize,
    max_waiting: usize,
    started: AtomicU64,
}

impl CpuGate {
    /// `parallel` jobs at once, at most `max_waiting` more in line.
    pub fn new(parallel: usize, max_waiting: usize) -> CpuGate {
        CpuGate {
            running: Semaphore::new(parallel.max(1)),
            memory: None,
            waiting: AtomicUsize::new(0),
            max_waiting,
            started: AtomicU64::new(0),
        }
    }

    /// The same gate, with jobs that together never hold more than `megabytes`.
    pub fn with_memory_budget(self, megabytes: u32) -> CpuGate {
        CpuGate { memory: Some((Semaphore::new(megabytes as usize), megabytes)), ..self }
    }

    /// Megabytes of the memory budget held by running jobs right now.
    pub fn memory_in_use(&self) -> u32 {
        self.memory.as_ref().map_or(0, |(budget, total)| total - budget.available_permits() as u32)
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
        self.run_holding(0, job).await
    }

    /// Runs `job`, which holds up to `megabytes` at its peak, once a place is free and that much
    /// of the memory budget is unused. The budget is taken first and in the order jobs arrive
    /// (tokio's semaphore is fair), so a large job is never starved by a stream of small ones.
    pub async fn run_holding<T, F>(&self, megabytes: u32, job: F) -> AppResult<T>
    where
        T: Send + 'static,
        F: FnOnce() -> T + Send + 'static,
    {
        let queued = self.waiting.fetch_add(1, Ordering::SeqCst);
        let permits = if queued >= self.max_waiting + self.running.available_permits() {
            None
        } else {
            async {
                let memory = match &self.memory {
                    Some((budget, total)) => Some(budget.acquire_many(megabytes.min(*total)).await.ok()?),
                    None => None,
                };
                Some((memory, self.running.acquire().await.ok()?))
            }
            .await
        };
        self.waiting.fetch_sub(1, Ordering::SeqCst);
        let Some(_permits) = permits else { return Err(AppError::Busy) };
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

    #[actix_web::test]
    async fn jobs_running_together_never_hold_more_than_the_memory_budget() {
        let gate = Arc::new(CpuGate::new(4, 16).with_memory_budget(100));
        let (held, peak) = (Arc::new(AtomicUsize::new(0)), Arc::new(AtomicUsize::new(0)));
        // Four places, but 60 + 60 > 100: the big jobs run one at a time, the small ones beside them.
        let jobs = [60, 60, 30, 10, 60, 250].into_iter().map(|megabytes| {
            let (gate, held, peak) = (gate.clone(), held.clone(), peak.clone());
            async move {
                gate.run_holding(megabytes, move || {
                    let now = held.fetch_add(megabytes.min(100) as usize, Ordering::SeqCst) + megabytes.min(100) as usize;
                    peak.fetch_max(now, Ordering::SeqCst);
                    std::thread::sleep(Duration::from_millis(30));
                    held.fetch_sub(megabytes.min(100) as usize, Ordering::SeqCst);
                })
                .await
            }
        });
        let results = futures_util::future::join_all(jobs).await;
        assert!(results.iter().all(Result::is_ok), "none is turned away: the line is long enough");
        assert!(peak.load(Ordering::SeqCst) <= 100, "peak {}", peak.load(Ordering::SeqCst));
        assert_eq!(gate.memory_in_use(), 0);
    }
}
