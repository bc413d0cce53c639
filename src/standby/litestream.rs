//! Litestream (0.5), run by the shop: `replicate` on the primary, `restore -f` (follow mode) on
//! the standby, `ltx` to see how far a replica goes. Each runs as a child process with a
//! configuration written for the epoch at hand, dies with the shop (a machine that is lost loses
//! both), and is asked to stop with SIGTERM (then Litestream ships what it has not yet shipped).

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use super::store::Store;

/// How often the standby looks for new transactions: each look lists a local folder (the store's
/// own for a file:// store, the mirror's for an SFTP one), cheap enough to do ten times a second.
const FOLLOW_INTERVAL: &str = "100ms";
/// How often the primary's Litestream turns new WAL pages into a transaction file, and how often
/// it ships them: a standby's lag is mostly these two. Each 1 s (Litestream's default, and
/// deploy/litestream.yml's for a single machine) put a standby 1.2 s behind at the median of a
/// 200-checkouts-a-second burst and 2.2 s at the p99; a quarter of a second ships up to four small
/// files a second while the shop is busy (two while idle: the heartbeat), and loses a quarter of
/// the data with a machine.
const MONITOR_INTERVAL: &str = "250ms";
const SYNC_INTERVAL: &str = "250ms";

pub struct Litestream {
    bin: PathBuf,
    /// The shop's database (absolute).
    db: PathBuf,
    config: PathBuf,
}

/// A Litestream child process.
pub struct Running {
    child: Child,
    what: &'static str,
}

impl Litestream {
    pub fn new(bin: &Path, db: &Path, scratch: &Path) -> Litestream {
        Litestream { bin: bin.to_path_buf(), db: db.to_path_buf(), config: scratch.join("litestream.yml") }
    }

    /// Writes the configuration for `epoch`'s replica (mode 0600: it names the key file).
    pub fn configure(&self, store: &Store, epoch: u64) -> Result<(), String> {
        write_private(&self.config, &self.text(&format!("epoch {epoch} of {}", store.describe()), &store.litestream_replica(epoch)))
    }

    fn text(&self, what: &str, replica: &str) -> String {
        format!(
            "# Written by Ankara for {what}; rewritten at every start and promotion.\n\
             logging:\n  level: info\n  stderr: true\n\
             dbs:\n  - path: {}\n    monitor-interval: {MONITOR_INTERVAL}\n    replica:\n{replica}      sync-interval: {SYNC_INTERVAL}\n",
            serde_json::to_string(&self.db.to_string_lossy()).expect("a string serialises"),
        )
    }

    /// `litestream replicate`: the primary's database into its epoch's folder.
    pub fn replicate(&self) -> Result<Running, String> {
        self.spawn("replicate", &["replicate", "-config"], &self.config, &[])
    }

    /// `litestream restore -f`: restores the replica (the configured one, or a local copy of it in
    /// `mirror`) into the data directory (which must not hold the database), then applies new
    /// transactions as they arrive until stopped. It keeps the newest applied one in `ankara.db-txid`.
    pub fn follow(&self, mirror: Option<&Path>) -> Result<Running, String> {
        let config = match mirror {
            Some(dir) => {
                let config = self.config.with_file_name("litestream-follow.yml");
                let replica =
                    format!("      type: file\n      path: {}\n", serde_json::to_string(&dir.to_string_lossy()).expect("a string"));
                write_private(&config, &self.text(&format!("the local copy {}", dir.display()), &replica))?;
                config
            }
            None => self.config.clone(),
        };
        let db = self.db.to_string_lossy().into_owned();
        self.spawn("restore -f", &["restore", "-f", "-follow-interval", FOLLOW_INTERVAL, "-config"], &config, &["-o", &db, &db])
    }

    fn spawn(&self, what: &'static str, before_config: &[&str], config: &Path, after_config: &[&str]) -> Result<Running, String> {
        let mut command = Command::new(&self.bin);
        command.args(before_config).arg(config).args(after_config).stdin(Stdio::null());
        #[cfg(target_os = "linux")]
        {
            use std::os::unix::process::CommandExt;
            // SAFETY: prctl only sets this process's own death signal, between fork and exec.
            unsafe {
                command.pre_exec(|| {
                    // Killed with the shop (the supervisor thread that spawns it lives as long as
                    // the shop does): a lost machine loses both, and no orphan keeps replicating.
                    libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
                    Ok(())
                });
            }
        }
        let child = command.spawn().map_err(|e| format!("cannot run {} ({what}): {e}", self.bin.display()))?;
        tracing::info!(what = %what, pid = child.id(), "litestream started");
        Ok(Running { child, what })
    }

    /// The newest transaction the replica store holds for the configured epoch.
    pub fn replica_txid(&self) -> Result<Option<u64>, String> {
        let output = Command::new(&self.bin)
            .args(["ltx", "-level", "all", "-json", "-config"])
            .arg(&self.config)
            .arg(&self.db)
            .stdin(Stdio::null())
            .output()
            .map_err(|e| format!("cannot run {} ltx: {e}", self.bin.display()))?;
        if !output.status.success() {
            return Err(format!("litestream ltx: {}", String::from_utf8_lossy(&output.stderr).trim()));
        }
        let files: Vec<serde_json::Value> =
            serde_json::from_slice(&output.stdout).map_err(|e| format!("litestream ltx answered something unexpected: {e}"))?;
        Ok(files.iter().filter_map(|f| f["max_txid"].as_str().and_then(|t| u64::from_str_radix(t, 16).ok())).max())
    }

    /// The newest transaction `restore -f` has applied (its `-txid` file), if it has restored.
    pub fn applied_txid(&self) -> Option<u64> {
        read_txid(&self.txid_file())
    }

    pub fn txid_file(&self) -> PathBuf {
        with_suffix(&self.db, "-txid")
    }

    /// The newest transaction the primary's Litestream has made of its WAL (its own L0 files).
    pub fn local_txid(&self) -> Option<u64> {
        std::fs::read_dir(self.meta_dir().join("ltx/0"))
            .ok()?
            .filter_map(|e| e.ok())
            .filter_map(|e| {
                let name = e.file_name().to_string_lossy().into_owned();
                u64::from_str_radix(name.strip_suffix(".ltx")?.split_once('-')?.1, 16).ok()
            })
            .max()
    }

    /// Litestream's own state beside the database (its copies of the WAL as LTX files).
    fn meta_dir(&self) -> PathBuf {
        let name = self.db.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        self.db.with_file_name(format!(".{name}-litestream"))
    }

    /// Removes what a previous lineage left: Litestream's state (its transaction numbers belong to
    /// the old replica, and must not be shipped into a new epoch's folder) and follow mode's files.
    pub fn forget_state(&self) -> Result<(), String> {
        match std::fs::remove_dir_all(self.meta_dir()) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => return Err(format!("cannot remove {}: {e}", self.meta_dir().display())),
            _ => {}
        }
        remove_if_there(&self.txid_file())
    }

    /// Removes a standby's copy of the database (and the files SQLite and Litestream keep beside
    /// it), before restoring it afresh: Litestream 0.5 cannot resume following a copy that applied
    /// anything after the replica's last snapshot, and the store holds everything it held.
    pub fn remove_copy(&self) -> Result<(), String> {
        for suffix in ["", "-wal", "-shm", ".tmp"] {
            remove_if_there(&with_suffix(&self.db, suffix))?;
        }
        self.forget_state()
    }
}

impl Running {
    /// Whether it is still running (None) or how it ended.
    pub fn exited(&mut self) -> Option<String> {
        match self.child.try_wait() {
            Ok(None) => None,
            Ok(Some(status)) => Some(status.to_string()),
            Err(e) => Some(e.to_string()),
        }
    }

    /// SIGTERM, then waits up to `patience` (Litestream ships what it has first), then SIGKILL.
    /// True when it ended by itself.
    pub fn stop(mut self, patience: Duration) -> bool {
        // SAFETY: signals the child this value owns, which has not been reaped (no pid reuse).
        unsafe {
            libc::kill(self.child.id() as libc::pid_t, libc::SIGTERM);
        }
        let deadline = Instant::now() + patience;
        while Instant::now() < deadline {
            if let Ok(Some(status)) = self.child.try_wait() {
                tracing::info!(what = %self.what, status = %status, "litestream stopped");
                return status.success();
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        tracing::warn!(what = %self.what, patience_ms = patience.as_millis() as u64, "litestream did not stop in time: killed");
        let _ = self.child.kill();
        let _ = self.child.wait();
        false
    }
}

fn read_txid(file: &Path) -> Option<u64> {
    u64::from_str_radix(std::fs::read_to_string(file).ok()?.trim(), 16).ok()
}

pub fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_os_string();
    name.push(suffix);
    PathBuf::from(name)
}

fn remove_if_there(path: &Path) -> Result<(), String> {
    match std::fs::remove_file(path) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(format!("cannot remove {}: {e}", path.display())),
        _ => Ok(()),
    }
}

/// Writes a file only its owner can read.
pub fn write_private(path: &Path, text: &str) -> Result<(), String> {
    use std::io::Write;
    use std::os::unix::fs::OpenOptionsExt;
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(true)
        .mode(0o600)
        .open(path)
        .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    file.write_all(text.as_bytes()).map_err(|e| format!("cannot write {}: {e}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_are_read_from_litestreams_own_files() {
        let dir = tempfile::tempdir().unwrap();
        let litestream = Litestream::new(Path::new("litestream"), &dir.path().join("ankara.db"), dir.path());
        assert_eq!((litestream.applied_txid(), litestream.local_txid()), (None, None));
        std::fs::write(dir.path().join("ankara.db-txid"), "00000000000001a2\n").unwrap();
        let l0 = dir.path().join(".ankara.db-litestream/ltx/0");
        std::fs::create_dir_all(&l0).unwrap();
        for name in ["0000000000000001-0000000000000009.ltx", "000000000000000a-000000000000000a.ltx", "junk"] {
            std::fs::write(l0.join(name), "").unwrap();
        }
        assert_eq!((litestream.applied_txid(), litestream.local_txid()), (Some(0x1a2), Some(0xa)));
        for file in ["ankara.db", "ankara.db-wal", "ankara.db-shm"] {
            std::fs::write(dir.path().join(file), "").unwrap();
        }
        litestream.remove_copy().unwrap();
        let left: Vec<_> = std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
        assert_eq!(left, Vec::<String>::new(), "the copy and Litestream's state are gone");
    }
}
