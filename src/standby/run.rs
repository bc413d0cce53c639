//! The supervisor: once `startup` has decided how this machine starts, it runs beside the shop
//! on a thread of its own. On the primary it stamps the heartbeat, keeps
//! Litestream replicating and looks at the lease every second; on a standby it keeps the copy's
//! readers current, watches the primary, pulls the media and promotes; on a fenced machine it
//! finds out what never reached the successor.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use super::lineage::{self, Lineage, LostOrder, LostPayment};
use super::litestream::Running;
use super::startup::{Replication, is_follow_copy, read_lineage, scratch_dir};
use super::store::{Fork, Holder, Store};
use super::{Node, Peer, REPLACED, Role};
use crate::catalog::write::Catalogue;
use crate::config::Config;
use crate::db::Db;
use crate::search::SearchIndex;

/// How often the supervisor looks around.
const TICK: Duration = Duration::from_millis(250);
/// How often the primary stamps its clock into the database (and so into every copy).
const HEARTBEAT: Duration = Duration::from_millis(500);
/// How often the primary reads the lease; a promotion waits for it to see a new one.
const LEASE_CHECK: Duration = Duration::from_secs(1);
/// How often a standby pulls new media from the store.
const MEDIA_PULL: Duration = Duration::from_secs(10);

fn now() -> i64 {
    crate::db::now_ms()
}

impl Replication {
    /// Starts the supervisor beside the shop, with the parts of it that it keeps current.
    pub fn run(self, parts: Parts) -> Result<Supervisor, String> {
        let stop = Arc::new(AtomicBool::new(false));
        let stopping = stop.clone();
        let thread = std::thread::Builder::new()
            .name("standby".into())
            .spawn(move || {
                let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().expect("a runtime for the peer checks");
                let mut supervisor = Supervising::new(self, parts);
                supervisor.begin(&runtime);
                while !stopping.load(Ordering::SeqCst) {
                    supervisor.tick(&runtime);
                    std::thread::sleep(TICK);
                }
                supervisor.end();
            })
            .map_err(|e| format!("cannot start the standby supervisor: {e}"))?;
        Ok(Supervisor { stop, thread: Some(thread) })
    }
}

/// The parts of the shop the supervisor keeps current or writes.
pub struct Parts {
    pub db: Db,
    pub search: Arc<SearchIndex>,
    pub catalogue: Catalogue,
}

/// The running supervisor; `shutdown` stops Litestream (which ships what it has) before the shop exits.
pub struct Supervisor {
    stop: Arc<AtomicBool>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Supervisor {
    pub fn shutdown(mut self) {
        self.stop.store(true, Ordering::SeqCst);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

struct Supervising {
    r: Replication,
    parts: Parts,
    replicator: Option<Running>,
    client: reqwest::Client,
    last_beat: Instant,
    last_lease: Instant,
    last_peer: Instant,
    last_media: Instant,
    media_running: Arc<AtomicBool>,
    /// A standby: when its applied transaction last changed.
    last_applied: (Option<u64>, Instant),
    /// A standby: since when no primary has answered.
    no_primary_since: Option<Instant>,
    /// A holder record the store did not take yet (retried).
    holder_to_write: Option<Holder>,
    /// Log lines said once per cause.
    quiet: Option<String>,
}

impl Supervising {
    fn new(r: Replication, parts: Parts) -> Supervising {
        let long_ago = Instant::now() - Duration::from_secs(3600);
        let client = reqwest::Client::builder().timeout(Duration::from_secs(1)).build().expect("an HTTP client");
        Supervising {
            r,
            parts,
            replicator: None,
            client,
            last_beat: long_ago,
            last_lease: long_ago,
            last_peer: long_ago,
            last_media: long_ago,
            media_running: Arc::default(),
            last_applied: (None, Instant::now()),
            no_primary_since: None,
            holder_to_write: None,
            quiet: None,
        }
    }

    fn node(&self) -> &Node {
        &self.r.node
    }

    /// Says `line` once until something else is said (a store that stays unreachable is one line).
    fn warn_once(&mut self, line: String) {
        if self.quiet.as_ref() != Some(&line) {
            tracing::warn!(message = %line);
            self.quiet = Some(line);
        }
    }

    fn begin(&mut self, runtime: &tokio::runtime::Runtime) {
        match self.node().role() {
            Role::Primary => {
                if let Err(e) = self.begin_primary() {
                    tracing::error!(error = %e, "the primary could not start replicating");
                }
            }
            Role::Fenced => {
                self.parts.db.refuse_writes(Some(REPLACED.into()));
            }
            Role::Standby | Role::Promoting => {
                self.refresh();
                if let Some(claimed) = self.r.finish.take() {
                    self.promote(runtime, Some(claimed));
                }
            }
        }
    }

    /// Records this machine's epoch in the database (once) and starts replicating into it.
    fn begin_primary(&mut self) -> Result<(), String> {
        let epoch = self.node().epoch().unwrap_or(1);
        let me = self.r.me.id.clone();
        let current = self.parts.db.with_conn(|c| Ok(lineage::read(c)?)).map_err(|e| e.to_string())?;
        if current.as_ref().map(|l| (l.epoch, l.node.as_str())) != Some((epoch, me.as_str())) {
            let lineage = Lineage { epoch, node: me, heartbeat: now() };
            self.parts.db.write_now(move |tx| Ok(lineage::write(tx, &lineage)?)).map_err(|e| e.to_string())?;
        }
        if self.r.claimed_first {
            // A shop that was replicated by a Litestream service of its own before: that state
            // belongs to another replica, and the new epoch's folder starts with a snapshot.
            self.r.litestream.forget_state()?;
        }
        self.r.litestream.configure(&self.r.store, epoch)?;
        self.replicator = Some(self.r.litestream.replicate()?);
        Ok(())
    }

    fn tick(&mut self, runtime: &tokio::runtime::Runtime) {
        match self.node().role() {
            Role::Primary => self.primary_tick(),
            Role::Standby => self.standby_tick(runtime),
            Role::Fenced => self.fenced_tick(),
            Role::Promoting => {}
        }
    }

    fn primary_tick(&mut self) {
        if self.last_beat.elapsed() >= HEARTBEAT {
            self.last_beat = Instant::now();
            let at = now();
            if let Err(e) = self.parts.db.write_now(move |tx| Ok(lineage::beat(tx, at)?)) {
                tracing::warn!(error = %e, "heartbeat failed");
            }
            self.node().set_txid(self.r.litestream.local_txid());
        }
        if let Some(holder) = self.holder_to_write.take()
            && let Err(e) = self.r.store.put_holder(&holder)
        {
            tracing::warn!(error = %e, "cannot record the fork in the replica store yet: trying again");
            self.holder_to_write = Some(holder);
        }
        if self.last_lease.elapsed() >= LEASE_CHECK {
            self.last_lease = Instant::now();
            let mine = self.node().epoch().unwrap_or(0);
            match self.r.store.epochs() {
                Ok(epochs) => {
                    self.quiet = None;
                    if let Some(&newest) = epochs.last().filter(|&&e| e > mine) {
                        self.fence(newest);
                        return;
                    }
                }
                // The shop keeps selling: nobody can claim a new epoch without the store either.
                Err(e) => self.warn_once(format!("cannot read the lease in {} ({e}); still taking orders", self.r.store.describe())),
            }
        }
        if let Some(replicator) = self.replicator.as_mut()
            && let Some(ended) = replicator.exited()
        {
            tracing::error!(ended = %ended, "litestream replicate stopped: starting it again");
            self.replicator = None;
            std::thread::sleep(Duration::from_secs(1));
            match self.r.litestream.replicate() {
                Ok(running) => self.replicator = Some(running),
                Err(e) => tracing::error!(error = %e, "litestream replicate could not start"),
            }
        }
    }

    /// Another machine holds a newer epoch: stop writing, let the last writes reach the disk,
    /// and let Litestream ship them into this epoch's folder before it stops.
    fn fence(&mut self, newest: u64) {
        self.node().set_role(Role::Fenced);
        self.parts.db.refuse_writes(Some(REPLACED.into()));
        self.parts.db.drain();
        tracing::warn!(
            newest,
            epoch = self.node().epoch().unwrap_or(0),
            "another machine claimed a newer epoch: this machine takes no more orders or changes; \
             `ankara unreplicated` will list what never reached it"
        );
        if let Some(replicator) = self.replicator.take()
            && replicator.stop(Duration::from_secs(30))
        {
            self.node().set_flushed();
            tracing::info!("the last writes were shipped to the replica store");
        }
    }

    fn fenced_tick(&mut self) {
        if self.last_lease.elapsed() < Duration::from_secs(5) {
            return;
        }
        self.last_lease = Instant::now();
        match lost_since_fork(&self.r.store, &self.parts.db, self.node().epoch().unwrap_or(0)) {
            Ok(Some((orders, payments))) => {
                self.node().set_unreplicated(orders.len());
                if !orders.is_empty() || !payments.is_empty() {
                    tracing::warn!(
                        orders = orders.len(),
                        order_numbers = %orders.iter().map(|o| o.number.as_str()).collect::<Vec<_>>().join(", "),
                        payments = payments.len(),
                        "orders and payments without an order taken here never reached the new primary: `ankara unreplicated` lists them"
                    );
                }
                // Known: nothing more to look at.
                self.last_lease = Instant::now() + Duration::from_secs(365 * 24 * 3600);
            }
            Ok(None) => {}
            Err(e) => self.warn_once(format!("cannot tell yet what never reached the new primary: {e}")),
        }
    }

    fn standby_tick(&mut self, runtime: &tokio::runtime::Runtime) {
        if let Some(follower) = self.r.follower.as_mut()
            && let Some(ended) = follower.exited()
        {
            // Litestream 0.5 cannot resume a copy: a restart restores a fresh one.
            tracing::error!(ended = %ended, "litestream's follow mode stopped: restarting the standby, which restores a fresh copy");
            std::process::exit(1);
        }
        let applied = self.r.litestream.applied_txid();
        if applied != self.last_applied.0 {
            self.last_applied = (applied, Instant::now());
            self.refresh();
        }
        if self.r.settings.peer_url.is_some() && self.last_peer.elapsed() >= Duration::from_secs(1) {
            self.last_peer = Instant::now();
            self.check_peer(runtime);
        }
        if self.last_lease.elapsed() >= Duration::from_secs(2) {
            self.last_lease = Instant::now();
            match self.r.store.epochs() {
                Ok(epochs) if epochs.last().is_some_and(|&e| e > self.r.following) => {
                    tracing::error!(
                        newest = epochs.last().unwrap(),
                        following = self.r.following,
                        "another machine claimed a newer epoch than this standby follows: restarting to follow it"
                    );
                    std::process::exit(1);
                }
                Ok(_) => self.quiet = None,
                Err(e) => self.warn_once(format!("cannot read the lease in {} ({e})", self.r.store.describe())),
            }
        }
        if self.last_media.elapsed() >= MEDIA_PULL && !self.media_running.swap(true, Ordering::SeqCst) {
            self.last_media = Instant::now();
            let (store, media, running) = (self.r.store.clone(), crate::media::media_dir(&self.r.data_dir), self.media_running.clone());
            std::thread::spawn(move || {
                if let Err(e) = store.pull_media(&media) {
                    tracing::warn!(error = %e, "pulling media from the replica store failed");
                }
                running.store(false, Ordering::SeqCst);
            });
        }
        let request = self.r.scratch.join("promote.request");
        if request.exists() {
            let _ = std::fs::remove_file(&request);
            self.promote(runtime, None);
            return;
        }
        let after = self.r.settings.promote_after;
        if after > 0
            && self.no_primary_since.is_some_and(|since| since.elapsed() >= Duration::from_secs(after))
            && self.last_applied.1.elapsed() >= Duration::from_secs(after)
        {
            tracing::warn!(after_secs = after, "no primary has answered, and nothing new was replicated: promoting this standby");
            self.promote(runtime, None);
        }
    }

    /// The copy changed under the shop: its answers and search index follow.
    fn refresh(&mut self) {
        self.node().set_txid(self.r.litestream.applied_txid());
        self.parts.catalogue.changed_elsewhere();
        let search = self.parts.search.clone();
        let read = self.parts.db.with_conn(move |c| {
            search.reload_synonyms(c)?;
            if !search.in_step(c)? {
                search.rebuild(c)?;
            }
            Ok(lineage::read(c)?)
        });
        match read {
            Ok(lineage) => self.node().set_heartbeat(lineage.map(|l| l.heartbeat)),
            Err(e) => tracing::warn!(error = %e, "refreshing the standby's answers failed"),
        }
    }

    fn check_peer(&mut self, runtime: &tokio::runtime::Runtime) {
        let Some(url) = self.r.settings.peer_url.clone() else { return };
        let asked = runtime.block_on(async {
            let answer = self.client.get(format!("{}/api/health", url.trim_end_matches('/'))).send().await?;
            answer.json::<serde_json::Value>().await
        });
        let peer = match asked {
            Ok(health) => Peer::Answered {
                role: health["role"].as_str().unwrap_or("primary").to_string(),
                txid: health["txid"].as_str().and_then(|t| u64::from_str_radix(t, 16).ok()),
                flushed: health["flushed"].as_bool().unwrap_or(false),
            },
            Err(_) => match self.node().peer() {
                Peer::Unreachable { since } => Peer::Unreachable { since },
                _ => Peer::Unreachable { since: now() },
            },
        };
        self.node().set_peer(peer);
        if self.node().peer_serving() {
            self.no_primary_since = None;
        } else if self.no_primary_since.is_none() {
            self.no_primary_since = Some(Instant::now());
        }
    }

    /// Writes one line of the promotion's progress for `ankara promote` (and the log).
    fn progress(&self, line: &str, done: bool, error: bool) {
        if error {
            tracing::error!(step = %line, "promotion");
        } else {
            tracing::info!(step = %line, "promotion");
        }
        let record = serde_json::json!({ "at": now(), "line": line, "done": done, "error": error });
        if let Ok(mut file) = std::fs::OpenOptions::new().create(true).append(true).open(self.r.scratch.join("promote.log")) {
            use std::io::Write;
            let _ = writeln!(file, "{record}");
        }
    }

    #[tracing::instrument(name = "standby_promote", skip_all, fields(claimed = ?claimed))]
    fn promote(&mut self, runtime: &tokio::runtime::Runtime, claimed: Option<u64>) {
        self.node().set_role(Role::Promoting);
        self.progress("started", false, false);
        match self.try_promote(runtime, claimed) {
            Ok(epoch) => self.progress(&format!("done: this machine takes orders (epoch {epoch})"), true, false),
            Err((why, followed_on)) => {
                self.progress(&why, true, true);
                if !followed_on {
                    // The copy is no longer followed: a restart restores a fresh one.
                    std::process::exit(1);
                }
                self.node().set_role(Role::Standby);
            }
        }
    }

    /// The promotion's steps; an error says whether the standby is still following (it then
    /// stays the standby).
    fn try_promote(&mut self, runtime: &tokio::runtime::Runtime, claimed: Option<u64>) -> Result<u64, (String, bool)> {
        let r = &self.r;
        let epoch = match claimed {
            Some(epoch) => epoch,
            None => {
                let newest = r.store.epochs().map_err(|e| (format!("cannot reach the replica store: {e}"), true))?.last().copied();
                if newest.is_some_and(|n| n > r.following) {
                    return Err((format!("another machine already claimed epoch {}", newest.unwrap()), true));
                }
                let epoch = r.following + 1;
                let holder = Holder { epoch, node: r.me.id.clone(), name: r.me.name.clone(), since: now(), promoting: true, fork: None };
                match r.store.claim(&holder) {
                    Ok(true) => epoch,
                    Ok(false) => return Err((format!("another machine claimed epoch {epoch} first"), true)),
                    Err(e) => return Err((format!("cannot claim epoch {epoch}: {e}"), true)),
                }
            }
        };
        self.progress(&format!("claimed epoch {epoch}: the old primary stops taking orders as soon as it sees it"), false, false);
        self.wait_for_old_primary(runtime);
        // Everything the old primary shipped, applied: asked of the store until the copy has it
        // (the old primary's last writes may still be arriving).
        let deadline = Instant::now() + Duration::from_secs(30);
        let applied = loop {
            let applied = self.r.litestream.applied_txid().unwrap_or(0);
            match self.r.litestream.replica_txid() {
                Ok(Some(replica)) if applied >= replica => break applied,
                Ok(replica) if Instant::now() > deadline => {
                    self.progress(
                        &format!(
                            "applied transaction {applied:x} of {:x} within 30 s; promoting with what is here (the rest stays in epoch {}'s folder)",
                            replica.unwrap_or(0),
                            self.r.following
                        ),
                        false,
                        true,
                    );
                    break applied;
                }
                Err(e) if Instant::now() > deadline => return Err((format!("cannot read the replica: {e}"), true)),
                _ => std::thread::sleep(Duration::from_millis(100)),
            }
        };
        self.progress(&format!("applied everything replicated (transaction {applied:x}); following stopped"), false, false);
        if let Some(follower) = self.r.follower.take() {
            follower.stop(Duration::from_secs(10));
        }
        if let Some(copying) = self.r.copying.take() {
            copying.stop();
        }
        self.parts.db.stop_following().map_err(|e| (e, false))?;
        self.r.litestream.forget_state().map_err(|e| (e, false))?;
        self.parts.db.refuse_writes(None);
        let lineage = Lineage { epoch, node: self.r.me.id.clone(), heartbeat: now() };
        self.parts.db.write_now(move |tx| Ok(lineage::write(tx, &lineage)?)).map_err(|e| (e.to_string(), false))?;
        let (orders, payments) = self.parts.db.with_conn(|c| Ok(lineage::fork_point(c)?)).map_err(|e| (e.to_string(), false))?;
        let fork = Fork { from_epoch: self.r.following, txid: applied, orders, payments, at: now() };
        let holder =
            Holder { epoch, node: self.r.me.id.clone(), name: self.r.me.name.clone(), since: now(), promoting: false, fork: Some(fork) };
        if let Err(e) = self.r.store.put_holder(&holder) {
            tracing::warn!(error = %e, "cannot record the fork in the replica store yet: trying again");
            self.holder_to_write = Some(holder);
        }
        self.r.litestream.configure(&self.r.store, epoch).map_err(|e| (e, false))?;
        self.replicator = Some(self.r.litestream.replicate().map_err(|e| (e, false))?);
        self.node().set_epoch(epoch);
        self.node().set_txid(None);
        self.node().set_heartbeat(None);
        self.node().set_role(Role::Primary);
        self.parts.catalogue.changed_elsewhere();
        Ok(epoch)
    }

    /// Waits (up to 20 s) until the old primary has stopped and shipped its last writes, or
    /// cannot be reached (a lost machine ships nothing more).
    fn wait_for_old_primary(&mut self, runtime: &tokio::runtime::Runtime) {
        if self.r.settings.peer_url.is_none() {
            // No way to ask it: give it the time it takes to see the lease and stop.
            std::thread::sleep(LEASE_CHECK * 3);
            return;
        }
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            self.check_peer(runtime);
            match self.node().peer() {
                Peer::Unreachable { .. } => {
                    self.progress("the old primary cannot be reached", false, false);
                    return;
                }
                Peer::Answered { role, flushed, .. } if role == "fenced" && flushed => {
                    self.progress("the old primary stopped taking orders and shipped its last writes", false, false);
                    return;
                }
                Peer::Answered { role, .. } if role == "standby" || role == "promoting" => return,
                _ if Instant::now() > deadline => {
                    self.progress(
                        "the old primary still answers as the primary after 20 s: going on (what it takes now is listed there)",
                        false,
                        true,
                    );
                    return;
                }
                _ => std::thread::sleep(Duration::from_millis(200)),
            }
        }
    }

    fn end(mut self) {
        if let Some(replicator) = self.replicator.take() {
            replicator.stop(Duration::from_secs(30));
        }
        if let Some(follower) = self.r.follower.take() {
            follower.stop(Duration::from_secs(5));
        }
        if let Some(copying) = self.r.copying.take() {
            copying.stop();
        }
    }
}

/// The orders and the payments without an order a fenced machine took that its successor lacks.
type Lost = (Vec<LostOrder>, Vec<LostPayment>);

/// What this database took after the machine that replaced epoch `mine` forked from it: None
/// while that machine has not recorded its fork yet (it is still promoting) or nobody replaced it.
fn lost_since_fork(store: &Store, db: &Db, mine: u64) -> Result<Option<Lost>, String> {
    let Some(next) = store.epochs()?.into_iter().find(|&e| e > mine) else { return Ok(None) };
    let Some(fork) = store.holder(next)?.and_then(|h| h.fork) else { return Ok(None) };
    db.with_conn(|c| Ok(lineage::after_fork(c, &fork)?)).map(Some).map_err(|e| e.to_string())
}

/// `ankara promote`: asks the standby running on this data directory to promote itself and
/// reports its progress (`say`) until it is done.
pub fn request_promotion(config: &Config, say: impl Fn(&str)) -> Result<(), String> {
    if crate::backup::lock_data_dir(&config.data_dir).is_ok() {
        return Err(format!(
            "no standby is running on {}: start it (systemctl start ankara) and run `ankara promote` again",
            config.data_dir.display()
        ));
    }
    if !is_follow_copy(&config.data_dir) {
        return Err(format!("the shop running on {} is not a standby (it is the primary, or was replaced)", config.data_dir.display()));
    }
    let scratch = scratch_dir(&config.data_dir);
    let log = scratch.join("promote.log");
    let _ = std::fs::remove_file(&log);
    std::fs::write(scratch.join("promote.request"), now().to_string()).map_err(|e| format!("cannot ask the standby: {e}"))?;
    let deadline = Instant::now() + Duration::from_secs(120);
    let mut shown = 0;
    while Instant::now() < deadline {
        let lines: Vec<serde_json::Value> =
            std::fs::read_to_string(&log).unwrap_or_default().lines().filter_map(|l| serde_json::from_str(l).ok()).collect();
        for line in &lines[shown.min(lines.len())..] {
            say(line["line"].as_str().unwrap_or(""));
            if line["done"] == true {
                return if line["error"] == true { Err("the promotion failed (see above)".into()) } else { Ok(()) };
            }
        }
        shown = lines.len();
        std::thread::sleep(Duration::from_millis(100));
    }
    Err("the standby did not finish promoting within 2 minutes: see its log (journalctl -u ankara)".into())
}

/// `ankara unreplicated`: the orders and payments this machine took that never reached the
/// machine that replaced it, and a sentence about them.
pub fn unreplicated(config: &Config) -> Result<(Vec<LostOrder>, Vec<LostPayment>, String), String> {
    let url = config.replication.replica_url.as_deref().ok_or("this shop has no replica store (ANKARA_REPLICA_URL)")?;
    let r = &config.replication;
    let store = Store::open(url, r.replica_key.as_deref(), r.replica_host_key.as_deref(), &scratch_dir(&config.data_dir))?;
    let database = config.data_dir.join("ankara.db");
    if !database.exists() || is_follow_copy(&config.data_dir) {
        return Err(format!("{} holds no primary's database: nothing of its own to list", config.data_dir.display()));
    }
    let mine = read_lineage(&database)?.map_or(0, |l| l.epoch);
    let db = Db::open_following(&database, REPLACED.into())?;
    match lost_since_fork(&store, &db, mine)? {
        Some((orders, payments)) => {
            let summary = format!(
                "{} orders and {} payments without an order were taken here (epoch {mine}) and never reached the machine that replaced it",
                orders.len(),
                payments.len()
            );
            Ok((orders, payments, summary))
        }
        None if store.epochs()?.into_iter().any(|e| e > mine) => {
            Err("the machine that replaced this one has not finished promoting yet: try again in a minute".into())
        }
        None => Ok((Vec::new(), Vec::new(), format!("this machine holds the newest epoch ({mine}): nothing was lost"))),
    }
}
