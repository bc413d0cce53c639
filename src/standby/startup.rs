//! How this machine starts, before the shop opens its database: its identity in the lease, what
//! the lease and the data directory say it is (primary, standby, fenced, or finishing a
//! promotion), and a standby's copy restored. `run` supervises from there.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::lease::{Local, Start, decide};
use super::lineage::{self, Lineage};
use super::litestream::{Litestream, Running};
use super::mirror::{Copying, Mirror};
use super::store::{Holder, Store};
use super::{Node, Role};
use crate::config::Config;

/// This data directory's identity in the lease: made once, kept in the data directory (a new
/// data directory is a new machine as far as the lease goes).
pub struct Identity {
    pub id: String,
    pub name: String,
}

impl Identity {
    fn load(scratch: &Path) -> Result<Identity, String> {
        let file = scratch.join("node-id");
        let id = match std::fs::read_to_string(&file) {
            Ok(id) if !id.trim().is_empty() => id.trim().to_string(),
            _ => {
                let id = hex::encode(crate::util::random_bytes::<8>());
                std::fs::write(&file, &id).map_err(|e| format!("cannot write {}: {e}", file.display()))?;
                id
            }
        };
        let host = std::fs::read_to_string("/proc/sys/kernel/hostname").unwrap_or_default();
        let name = if host.trim().is_empty() { id.clone() } else { host.trim().to_string() };
        Ok(Identity { id, name })
    }
}

/// The folder of this machine's replication files (Litestream's configuration, the SSH
/// connection, the node id, promotion requests) inside the data directory.
pub fn scratch_dir(data_dir: &Path) -> PathBuf {
    data_dir.join("standby")
}

/// Whether the data directory holds a standby's copy (merchant commands must not write it).
pub fn is_follow_copy(data_dir: &Path) -> bool {
    data_dir.join("ankara.db-txid").exists()
}

/// Replication decided, before the shop opens its database.
pub struct Replication {
    pub(super) node: Arc<Node>,
    pub(super) settings: crate::config::Replication,
    pub(super) data_dir: PathBuf,
    pub(super) scratch: PathBuf,
    pub(super) store: Arc<Store>,
    pub(super) litestream: Litestream,
    pub(super) me: Identity,
    /// A standby's follow mode, running (its copy restored).
    pub(super) follower: Option<Running>,
    /// A standby on an SFTP store: the copying of the replica's new files that Litestream follows.
    pub(super) copying: Option<Copying>,
    /// The epoch a standby follows.
    pub(super) following: u64,
    /// A promotion to finish at once (its epoch already claimed).
    pub(super) finish: Option<u64>,
    /// The first primary claimed epoch 1: Litestream starts afresh.
    pub(super) claimed_first: bool,
}

/// Decides how this machine starts from the lease and its data directory, claims the first epoch
/// or restores a standby's copy, and says what it decided. Waits (saying why) while the store
/// cannot be reached: a machine that cannot see the lease does not know whether it may write.
pub fn start(config: &Config) -> Result<Replication, String> {
    let settings = config.replication.clone();
    let url = settings.replica_url.clone().ok_or("no replica store (ANKARA_REPLICA_URL)")?;
    std::fs::create_dir_all(&config.data_dir).map_err(|e| format!("cannot create {}: {e}", config.data_dir.display()))?;
    let data_dir = std::fs::canonicalize(&config.data_dir).map_err(|e| format!("{}: {e}", config.data_dir.display()))?;
    let scratch = scratch_dir(&data_dir);
    let store = Arc::new(Store::open(&url, settings.replica_key.as_deref(), settings.replica_host_key.as_deref(), &scratch)?);
    let database = data_dir.join("ankara.db");
    let litestream = Litestream::new(&settings.litestream_bin, &database, &scratch);
    let me = Identity::load(&scratch)?;
    let mut said = String::new();
    let decided = loop {
        let local = Local {
            database: database.exists(),
            follow_copy: is_follow_copy(&data_dir),
            lineage: if database.exists() { read_lineage(&database)? } else { None },
        };
        let why = match store.newest() {
            Ok(newest) => match decide(settings.standby, &me.id, newest, &local)? {
                Start::Wait(why) => why,
                Start::ClaimFirst => {
                    let holder = Holder {
                        epoch: 1,
                        node: me.id.clone(),
                        name: me.name.clone(),
                        since: crate::db::now_ms(),
                        promoting: false,
                        fork: None,
                    };
                    if store.claim(&holder)? {
                        break Start::ClaimFirst;
                    }
                    continue;
                }
                start => break start,
            },
            Err(e) => format!("cannot reach the replica store {} ({e})", store.describe()),
        };
        if why != said {
            tracing::warn!(why = %why, "waiting for the replica store: trying again every 2 s");
            said = why;
        }
        std::thread::sleep(Duration::from_secs(2));
    };
    let mut replication = Replication {
        node: Arc::new(Node::single()),
        settings,
        data_dir,
        scratch,
        store,
        litestream,
        me,
        follower: None,
        copying: None,
        following: 0,
        finish: None,
        claimed_first: false,
    };
    let node = match decided {
        Start::ClaimFirst => {
            replication.claimed_first = true;
            tracing::info!(epoch = 1, store = %replication.store.describe(), "this machine is the primary: it claimed the first epoch");
            Node::replicated(Role::Primary, 1)
        }
        Start::Primary(epoch) => {
            tracing::info!(epoch, store = %replication.store.describe(), "this machine is the primary");
            Node::replicated(Role::Primary, epoch)
        }
        Start::Fenced { mine, newest } => {
            tracing::warn!(
                newest,
                epoch = %mine.map_or("none".to_string(), |m| m.to_string()),
                store = %replication.store.describe(),
                "another machine holds a newer epoch: this one was replaced and takes no orders or changes. \
                 `ankara unreplicated` lists what it took that never reached the new primary; to make it the standby, \
                 move this data directory away and start it with --standby"
            );
            Node::replicated(Role::Fenced, mine.unwrap_or(0))
        }
        Start::Follow(epoch) => {
            replication.restore_copy(epoch)?;
            Node::replicated(Role::Standby, epoch)
        }
        Start::FinishPromotion { claimed } => {
            let previous = replication.store.epochs()?.into_iter().filter(|e| *e < claimed).max().unwrap_or(0);
            tracing::warn!(epoch = claimed, "this machine had claimed an epoch and stopped before its promotion was done: finishing it");
            replication.restore_copy(previous)?;
            replication.finish = Some(claimed);
            Node::replicated(Role::Standby, previous)
        }
        Start::Wait(_) => unreachable!("waited above"),
    };
    replication.node = Arc::new(node);
    Ok(replication)
}

pub(super) fn read_lineage(database: &Path) -> Result<Option<Lineage>, String> {
    let flags = rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY | rusqlite::OpenFlags::SQLITE_OPEN_NO_MUTEX;
    let conn = rusqlite::Connection::open_with_flags(database, flags).map_err(|e| format!("cannot read {}: {e}", database.display()))?;
    let has_settings: bool = conn
        .query_row("SELECT EXISTS(SELECT 1 FROM sqlite_master WHERE name = 'settings')", [], |r| r.get(0))
        .map_err(|e| format!("cannot read {}: {e}", database.display()))?;
    if !has_settings {
        return Ok(None);
    }
    lineage::read(&conn).map_err(|e| format!("cannot read {}: {e}", database.display()))
}

impl Replication {
    pub fn node(&self) -> Arc<Node> {
        self.node.clone()
    }

    /// Restores a fresh copy of `epoch` and keeps following it. A copy already here is removed
    /// first: it is only a copy, and Litestream 0.5 cannot resume one.
    pub(super) fn restore_copy(&mut self, epoch: u64) -> Result<(), String> {
        if !self.data_dir.join("token-signing.key").exists() {
            tracing::warn!(
                path = %self.data_dir.join("token-signing.key").display(),
                "the token signing key is missing: copy the primary's token-signing.key here, or every shopper is signed out after a switch-over"
            );
        }
        self.litestream.remove_copy()?;
        self.litestream.configure(&self.store, epoch)?;
        let started = Instant::now();
        // An SFTP store is followed through a local copy (see `mirror`).
        let mirror = self.store.is_remote().then(|| Mirror::new(self.store.clone(), epoch, &self.scratch));
        let copy_all = |mirror: &Option<Mirror>| mirror.as_ref().map_or(Ok(()), Mirror::copy_all);
        copy_all(&mirror)?;
        let mut follower = self.litestream.follow(mirror.as_ref().map(Mirror::dir))?;
        let mut said = Instant::now();
        while self.litestream.applied_txid().is_none() {
            if let Some(ended) = follower.exited() {
                tracing::warn!(epoch, ended = %ended, "litestream could not restore the epoch yet: trying again in 2 s");
                std::thread::sleep(Duration::from_secs(2));
                self.litestream.remove_copy()?;
                copy_all(&mirror)?;
                follower = self.litestream.follow(mirror.as_ref().map(Mirror::dir))?;
            }
            if said.elapsed() > Duration::from_secs(10) {
                tracing::info!(epoch, elapsed_ms = started.elapsed().as_millis() as u64, "still restoring the standby's copy");
                said = Instant::now();
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        tracing::info!(
            epoch,
            store = %self.store.describe(),
            elapsed_ms = started.elapsed().as_millis() as u64,
            "the standby restored its copy and follows it"
        );
        self.follower = Some(follower);
        self.copying = mirror.map(Mirror::keep_copying);
        self.following = epoch;
        Ok(())
    }
}
