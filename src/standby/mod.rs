//! Two machines, one shop (issue 39): a primary that takes orders and a warm standby that
//! follows it, so losing a machine costs a minute rather than the night.
//!
//! Both machines name the same replica store (`--replica-url`: an SFTP server, or a folder). Ankara
//! runs Litestream (0.5) itself: the primary replicates into the store, the standby follows that
//! replica into its own data directory with `litestream restore -f`, keeps its search index and
//! answers current as pages arrive, pulls the media, and serves the storefront read-only. The
//! store also holds the lease: numbered epochs (`epochs/000001/`, …), each claimed by one machine
//! with an atomic `mkdir` and replicated into its own folder (`epochs/000001/db`). Promotion
//! (`ankara promote`, or by itself when the primary has been gone for `--promote-after` seconds)
//! claims the next epoch, waits for the old primary to stop, applies everything replicated, and
//! starts taking orders and replicating into the new epoch's folder. A primary that sees a newer
//! epoch than its own — at once while it runs, or when it starts again — takes no more writes and
//! lists what it took that never reached its successor (`ankara unreplicated`). Since each epoch
//! writes only its own folder, a returning old primary's Litestream can never touch the new
//! primary's replica: there is never a second writer, of the shop or of its backup.
//!
//! `run` is the supervisor (a thread of its own); `lease` the start-up decision; `store` the
//! replica store; `litestream` the child processes; `lineage` what the database itself records
//! (the epoch that wrote it, the primary's heartbeat, what it had at a fork).

pub mod lease;
pub mod lineage;
pub mod litestream;
pub mod mirror;
pub mod routes;
pub mod run;
pub mod startup;
pub mod store;

use std::sync::Mutex;
use std::sync::atomic::{AtomicU8, Ordering};

use serde::Serialize;

/// What this machine does now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// Takes orders (also every single-machine shop).
    Primary,
    /// Follows the primary's replica; serves the storefront read-only.
    Standby,
    /// Was a standby, becoming the primary: still read-only.
    Promoting,
    /// Was the primary; another machine has taken over. Read-only for good.
    Fenced,
}

impl Role {
    pub fn as_str(self) -> &'static str {
        match self {
            Role::Primary => "primary",
            Role::Standby => "standby",
            Role::Promoting => "promoting",
            Role::Fenced => "fenced",
        }
    }

    fn from_u8(n: u8) -> Role {
        match n {
            0 => Role::Primary,
            1 => Role::Standby,
            2 => Role::Promoting,
            _ => Role::Fenced,
        }
    }
}

/// What shoppers and staff read while a standby (or a promotion) serves them.
pub const SWITCHING_OVER: &str = "The shop is switching over to its standby machine. You can look around, but bags, checkout and \
     changes are paused for a minute or two. Please try again shortly.";
/// What a fenced machine answers to a write.
pub const REPLACED: &str = "This machine no longer runs the shop: another machine has taken over, and this copy takes no \
     orders or changes.";

/// This machine's role and what it knows of replication, shared by the supervisor (which changes
/// it) and the HTTP layer (health, the write guard, the background round).
pub struct Node {
    role: AtomicU8,
    /// False for a single-machine shop (no replica store named): always the primary.
    replicated: bool,
    facts: Mutex<Facts>,
}

/// The peer (the other machine) as last seen by a standby.
#[derive(Clone, Debug, Default, PartialEq)]
pub enum Peer {
    /// Not asked yet, or no peer configured.
    #[default]
    Unknown,
    /// Answered its health: its role, and (a primary) its Litestream position, (a fenced one)
    /// whether its last writes have been shipped.
    Answered { role: String, txid: Option<u64>, flushed: bool },
    /// Did not answer, since this time (ms).
    Unreachable { since: i64 },
}

#[derive(Default)]
struct Facts {
    epoch: Option<u64>,
    /// A standby's applied Litestream transaction; a primary's own newest one.
    txid: Option<u64>,
    /// The primary's clock (ms) in the newest state a standby has applied.
    heartbeat: Option<i64>,
    peer: Peer,
    /// A fenced machine's Litestream has shipped its last writes and stopped.
    flushed: bool,
    /// A fenced machine: how many of its orders never reached its successor (when known).
    unreplicated: Option<usize>,
}

/// `/api/health`: the shop is up, which role this machine holds, and how far behind it is.
#[derive(Serialize, utoipa::ToSchema, Debug)]
#[serde(rename_all = "camelCase")]
pub struct Health {
    /// Always "ok".
    pub status: &'static str,
    /// primary, standby, promoting or fenced.
    pub role: &'static str,
    /// Whether this machine takes orders and changes now.
    pub takes_orders: bool,
    /// The lease epoch this machine holds (a primary) or follows (a standby); null without a replica store.
    pub epoch: Option<u64>,
    /// Litestream's transaction id (16 hex digits): a primary's newest, a standby's newest applied.
    pub txid: Option<String>,
    /// A standby: the primary's transaction id as it last said.
    pub primary_txid: Option<String>,
    /// A standby: transactions the primary has that this machine has not applied (when known).
    pub behind_txids: Option<u64>,
    /// A standby: seconds since the primary wrote the newest state applied here (the primary
    /// stamps its clock twice a second, so about the replication delay while it runs).
    pub behind_seconds: Option<f64>,
    /// A fenced machine: its last writes were shipped to the replica store and its Litestream stopped.
    pub flushed: Option<bool>,
    /// A fenced machine: orders it took that never reached the machine that replaced it (`ankara unreplicated` lists them).
    pub unreplicated_orders: Option<usize>,
    /// Why writes are refused, when they are.
    pub message: Option<&'static str>,
}

/// `/api/health/traffic`: whether a proxy should send shoppers here.
#[derive(Serialize, utoipa::ToSchema, Debug)]
#[serde(rename_all = "camelCase")]
pub struct Traffic {
    /// primary, standby, promoting or fenced.
    pub role: &'static str,
    /// True on the primary; on a standby only while no primary answers (it then serves read-only).
    pub serve: bool,
}

fn hex(txid: u64) -> String {
    format!("{txid:016x}")
}

impl Node {
    /// A single-machine shop: the primary, for good.
    pub fn single() -> Node {
        Node { role: AtomicU8::new(Role::Primary as u8), replicated: false, facts: Mutex::default() }
    }

    /// A machine of a two-machine set-up, starting in `role` at `epoch`.
    pub fn replicated(role: Role, epoch: u64) -> Node {
        let node = Node { role: AtomicU8::new(role as u8), replicated: true, facts: Mutex::default() };
        node.facts.lock().unwrap().epoch = Some(epoch);
        node
    }

    pub fn role(&self) -> Role {
        Role::from_u8(self.role.load(Ordering::SeqCst))
    }

    pub fn set_role(&self, role: Role) {
        self.role.store(role as u8, Ordering::SeqCst);
    }

    pub fn is_replicated(&self) -> bool {
        self.replicated
    }

    /// Whether orders, bags and every other change are taken now.
    pub fn takes_orders(&self) -> bool {
        self.role() == Role::Primary
    }

    /// Why a write is refused now, or None when it is taken.
    pub fn refusal(&self) -> Option<&'static str> {
        match self.role() {
            Role::Primary => None,
            Role::Standby | Role::Promoting => Some(SWITCHING_OVER),
            Role::Fenced => Some(REPLACED),
        }
    }

    pub fn epoch(&self) -> Option<u64> {
        self.facts.lock().unwrap().epoch
    }

    pub fn set_epoch(&self, epoch: u64) {
        self.facts.lock().unwrap().epoch = Some(epoch);
    }

    pub fn txid(&self) -> Option<u64> {
        self.facts.lock().unwrap().txid
    }

    pub fn set_txid(&self, txid: Option<u64>) {
        self.facts.lock().unwrap().txid = txid;
    }

    pub fn set_heartbeat(&self, at: Option<i64>) {
        self.facts.lock().unwrap().heartbeat = at;
    }

    pub fn peer(&self) -> Peer {
        self.facts.lock().unwrap().peer.clone()
    }

    pub fn set_peer(&self, peer: Peer) {
        self.facts.lock().unwrap().peer = peer;
    }

    pub fn set_flushed(&self) {
        self.facts.lock().unwrap().flushed = true;
    }

    pub fn set_unreplicated(&self, orders: usize) {
        self.facts.lock().unwrap().unreplicated = Some(orders);
    }

    /// Whether a primary is serving, as far as this standby can tell: its peer answered as the
    /// primary at the last look.
    pub fn peer_serving(&self) -> bool {
        matches!(&self.facts.lock().unwrap().peer, Peer::Answered { role, .. } if role == Role::Primary.as_str())
    }

    pub fn health(&self, now: i64) -> Health {
        let role = self.role();
        let facts = self.facts.lock().unwrap();
        let standby = matches!(role, Role::Standby | Role::Promoting);
        let primary_txid = match (&facts.peer, standby) {
            (Peer::Answered { txid, .. }, true) => *txid,
            _ => None,
        };
        Health {
            status: "ok",
            role: role.as_str(),
            takes_orders: role == Role::Primary,
            epoch: facts.epoch,
            txid: facts.txid.map(hex),
            primary_txid: primary_txid.map(hex),
            behind_txids: match (primary_txid, facts.txid) {
                (Some(theirs), Some(ours)) => Some(theirs.saturating_sub(ours)),
                _ => None,
            },
            behind_seconds: facts.heartbeat.filter(|_| standby).map(|at| ((now - at).max(0) as f64 / 1000.0 * 10.0).round() / 10.0),
            flushed: (role == Role::Fenced).then_some(facts.flushed),
            unreplicated_orders: facts.unreplicated.filter(|_| role == Role::Fenced),
            message: self.refusal(),
        }
    }

    /// Whether a proxy should send shoppers here: the primary always; a standby only while no
    /// primary answers (then shoppers can at least look around); a fenced machine never.
    pub fn traffic(&self) -> Traffic {
        let role = self.role();
        let serve = match role {
            Role::Primary => true,
            Role::Standby | Role::Promoting => !self.peer_serving(),
            Role::Fenced => false,
        };
        Traffic { role: role.as_str(), serve }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_standby_says_how_far_behind_it_is_and_takes_traffic_only_without_a_primary() {
        let node = Node::replicated(Role::Standby, 3);
        node.set_txid(Some(0x40));
        node.set_heartbeat(Some(10_000));
        node.set_peer(Peer::Answered { role: "primary".into(), txid: Some(0x45), flushed: false });
        let health = node.health(11_250);
        assert_eq!((health.role, health.takes_orders, health.epoch), ("standby", false, Some(3)));
        assert_eq!((health.txid.as_deref(), health.primary_txid.as_deref()), (Some("0000000000000040"), Some("0000000000000045")));
        assert_eq!((health.behind_txids, health.behind_seconds), (Some(5), Some(1.3)));
        assert_eq!(health.message, Some(SWITCHING_OVER));
        assert!(!node.traffic().serve, "a primary answers: the proxy keeps sending shoppers there");
        node.set_peer(Peer::Unreachable { since: 11_000 });
        assert!(node.traffic().serve, "no primary: the standby serves read-only");
        node.set_role(Role::Primary);
        let health = node.health(12_000);
        assert_eq!((health.takes_orders, health.behind_seconds, health.message), (true, None, None));
        node.set_role(Role::Fenced);
        node.set_unreplicated(2);
        let health = node.health(12_000);
        assert_eq!((health.flushed, health.unreplicated_orders, health.message), (Some(false), Some(2), Some(REPLACED)));
        assert!(!node.traffic().serve);
        assert!(Node::single().takes_orders() && Node::single().traffic().serve);
    }
}
