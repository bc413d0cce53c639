//! A standby on an SFTP store follows a local copy of the replica, not the store itself.
//!
//! Why: Litestream 0.5.17's follow mode decodes each LTX file straight from its SFTP connection,
//! three small reads per page and each read a round trip to the server, so a second of a busy
//! shop (a thousand pages) took seconds to apply: under 200 checkouts a second the standby fell
//! 7-9 s behind (scripts/standby-test.sh). OpenSSH's `sftp` fetches a whole file with its requests
//! pipelined in milliseconds. So the standby copies the epoch's LTX files — Litestream's own,
//! whole (a temporary name until complete), never changed — into `standby/mirror/` as they
//! appear, and Litestream follows that folder as a `file` replica: the same engine, fed locally.

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use super::store::{Store, is_ltx_name};

/// How often new LTX files are looked for (the store's L0 folder, one listing).
const POLL: Duration = Duration::from_millis(200);

pub struct Mirror {
    store: Arc<Store>,
    epoch: u64,
    dir: PathBuf,
}

/// The copying, running on its own thread until `stop`.
pub struct Copying {
    stop: Arc<AtomicBool>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Mirror {
    pub fn new(store: Arc<Store>, epoch: u64, scratch: &Path) -> Mirror {
        Mirror { store, epoch, dir: scratch.join("mirror") }
    }

    /// The folder Litestream follows (a `file` replica's path).
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    fn level_dir(&self, level: u32) -> PathBuf {
        self.dir.join("ltx").join(level.to_string())
    }

    /// Copies every level of the replica afresh (the snapshot, compactions and the newest L0
    /// files): what a restore reads.
    pub fn copy_all(&self) -> Result<(), String> {
        match std::fs::remove_dir_all(&self.dir) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => return Err(format!("cannot remove {}: {e}", self.dir.display())),
            _ => {}
        }
        for level in 0..=9 {
            let names = self.store.ltx_files(self.epoch, level)?;
            self.store.fetch_ltx(self.epoch, level, &names, &self.level_dir(level))?;
        }
        Ok(())
    }

    /// One round: the L0 files the store has and this copy lacks are fetched; those the store has
    /// removed (compacted away after Litestream's retention) are removed here too.
    pub fn copy_new(&self) -> Result<usize, String> {
        let remote: Vec<String> = self.store.ltx_files(self.epoch, 0)?;
        let local_dir = self.level_dir(0);
        let local: HashSet<String> = std::fs::read_dir(&local_dir)
            .map(|entries| entries.filter_map(|e| e.ok()).map(|e| e.file_name().to_string_lossy().into_owned()).collect())
            .unwrap_or_default();
        let mut missing: Vec<String> = remote.iter().filter(|n| !local.contains(*n)).cloned().collect();
        missing.sort();
        self.store.fetch_ltx(self.epoch, 0, &missing, &local_dir)?;
        let kept: HashSet<&String> = remote.iter().collect();
        for gone in local.iter().filter(|n| is_ltx_name(n) && !kept.contains(n)) {
            let _ = std::fs::remove_file(local_dir.join(gone));
        }
        Ok(missing.len())
    }

    /// Keeps copying new files on a thread of its own.
    pub fn keep_copying(self) -> Copying {
        let stop = Arc::new(AtomicBool::new(false));
        let stopping = stop.clone();
        let thread = std::thread::Builder::new()
            .name("standby-mirror".into())
            .spawn(move || {
                let mut said: Option<String> = None;
                while !stopping.load(Ordering::SeqCst) {
                    match self.copy_new() {
                        Ok(_) => said = None,
                        Err(e) if said.as_ref() != Some(&e) => {
                            tracing::warn!(error = %e, "copying the replica's new files failed");
                            said = Some(e);
                        }
                        Err(_) => {}
                    }
                    std::thread::sleep(POLL);
                }
            })
            .expect("a thread for the mirror");
        Copying { stop, thread: Some(thread) }
    }
}

impl Copying {
    pub fn stop(mut self) {
        self.stop.store(true, Ordering::SeqCst);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ltx_names_are_litestreams_only() {
        assert!(is_ltx_name("000000000000000a-00000000000000ff.ltx"));
        for name in [
            "000000000000000a-00000000000000ff.ltx.123.456.tmp",
            "x.ltx",
            "000000000000000a_00000000000000ff.ltx",
            "0000000000000zza-00000000000000ff.ltx",
        ] {
            assert!(!is_ltx_name(name), "{name}");
        }
    }
}
