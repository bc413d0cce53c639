//! What a machine may do when it starts, from the lease in the replica store and what its data
//! directory holds. One rule: a machine takes orders only when it holds the newest epoch and its
//! database is that epoch's own. Anything else follows, or is fenced.

use super::lineage::Lineage;
use super::store::Holder;

/// What the data directory holds.
#[derive(Debug, Clone, PartialEq)]
pub struct Local {
    /// A database is there.
    pub database: bool,
    /// It is a standby's copy (Litestream's follow mode left its `-txid` file).
    pub follow_copy: bool,
    /// The epoch and node its writer recorded.
    pub lineage: Option<Lineage>,
}

/// The decision.
#[derive(Debug, Clone, PartialEq)]
pub enum Start {
    /// Nobody has claimed an epoch yet: this machine claims the first and takes orders.
    ClaimFirst,
    /// This machine holds the newest epoch and its database is that epoch's: it takes orders.
    Primary(u64),
    /// A standby: follow the newest epoch (restoring a fresh copy).
    Follow(u64),
    /// A standby that had claimed `claimed` and stopped before its promotion was done: it follows
    /// `claimed`'s predecessor again and finishes promoting at once.
    FinishPromotion { claimed: u64 },
    /// Another machine took over: this one's database (of epoch `mine`, if any) takes no writes.
    Fenced { mine: Option<u64>, newest: u64 },
    /// Not yet: the store has no primary to follow, or a claim is being written. Try again.
    Wait(String),
}

/// Decides how this machine (`me`, started as a standby or not) starts, from the newest epoch in
/// the store and its holder. Errors are sentences for the operator (it then does not start).
pub fn decide(standby: bool, me: &str, newest: Option<(u64, Option<Holder>)>, local: &Local) -> Result<Start, String> {
    let Some((epoch, holder)) = newest else {
        if standby {
            return Ok(Start::Wait("the replica store has no primary yet: start the primary first (the standby waits for it)".into()));
        }
        if local.follow_copy {
            return Err("this data directory holds a standby's copy, but the replica store is empty: was the store replaced? \
                 Move the data directory away and start again."
                .into());
        }
        return Ok(Start::ClaimFirst);
    };
    let Some(holder) = holder else {
        return Ok(Start::Wait(format!("epoch {epoch} is being claimed right now (its holder record is not written yet)")));
    };
    let mine = local.lineage.as_ref().map(|l| l.epoch);
    if holder.node == me {
        if local.follow_copy && holder.promoting {
            return Ok(Start::FinishPromotion { claimed: epoch });
        }
        if !local.follow_copy && mine == Some(epoch) {
            return Ok(Start::Primary(epoch));
        }
        return Err(format!(
            "the replica store says this machine holds epoch {epoch}, but its database is {}: move the data directory away \
             and start it as the standby",
            mine.map_or("not that epoch's".to_string(), |m| format!("of epoch {m}"))
        ));
    }
    if local.follow_copy {
        return if standby {
            Ok(Start::Follow(epoch))
        } else {
            Err("this data directory is a standby's copy of the shop: start it with --standby (ANKARA_STANDBY=true), \
                 or promote it with `ankara promote` while it runs"
                .into())
        };
    }
    if !local.database {
        return if standby {
            Ok(Start::Follow(epoch))
        } else {
            Err(format!(
                "{} (epoch {epoch}) is the primary: start this machine with --standby (ANKARA_STANDBY=true) to follow it",
                holder.name
            ))
        };
    }
    // A database of its own, and someone else holds the newest epoch: a primary that was replaced
    // (or a copy started by mistake). It never writes again.
    Ok(Start::Fenced { mine, newest: epoch })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn holder(epoch: u64, node: &str, promoting: bool) -> Option<(u64, Option<Holder>)> {
        Some((epoch, Some(Holder { epoch, node: node.into(), name: format!("host-{node}"), since: 0, promoting, fork: None })))
    }

    fn local(database: bool, follow_copy: bool, epoch: Option<u64>) -> Local {
        Local { database, follow_copy, lineage: epoch.map(|epoch| Lineage { epoch, node: "x".into(), heartbeat: 0 }) }
    }

    #[test]
    fn only_the_holder_of_the_newest_epoch_with_that_epochs_database_takes_orders() {
        let own = local(true, false, Some(2));
        assert_eq!(decide(false, "a", None, &local(true, false, None)), Ok(Start::ClaimFirst), "the first primary");
        assert_eq!(decide(false, "a", holder(2, "a", false), &own), Ok(Start::Primary(2)), "a restart");
        assert_eq!(decide(true, "a", holder(2, "a", false), &own), Ok(Start::Primary(2)), "a promoted standby restarted");
        // The old primary comes back after a promotion: fenced, whether started as primary or standby.
        assert_eq!(decide(false, "a", holder(3, "b", false), &own), Ok(Start::Fenced { mine: Some(2), newest: 3 }));
        assert_eq!(decide(true, "a", holder(3, "b", false), &own), Ok(Start::Fenced { mine: Some(2), newest: 3 }));
        // A shop that never had a lineage, next to a store someone else holds: fenced too.
        assert_eq!(decide(false, "c", holder(1, "b", false), &local(true, false, None)), Ok(Start::Fenced { mine: None, newest: 1 }));
        // Standbys follow, with a fresh data directory or their old copy.
        assert_eq!(decide(true, "a", holder(3, "b", false), &local(false, false, None)), Ok(Start::Follow(3)));
        assert_eq!(decide(true, "a", holder(3, "b", false), &local(true, true, Some(2))), Ok(Start::Follow(3)));
        // A promotion cut short finishes; a claim that is being written is waited for.
        assert_eq!(decide(true, "a", holder(4, "a", true), &local(true, true, Some(3))), Ok(Start::FinishPromotion { claimed: 4 }));
        assert!(
            matches!(decide(true, "a", Some((4, None)), &local(true, true, Some(3))), Ok(Start::Wait(why)) if why.contains("being claimed"))
        );
        assert!(
            matches!(decide(true, "a", None, &local(false, false, None)), Ok(Start::Wait(why)) if why.contains("start the primary first"))
        );
        // Refused, with what to do.
        assert!(decide(false, "a", holder(3, "b", false), &local(true, true, Some(3))).unwrap_err().contains("--standby"));
        assert!(
            decide(false, "a", holder(3, "b", false), &local(false, false, None)).unwrap_err().contains("host-b (epoch 3) is the primary")
        );
        assert!(decide(false, "a", holder(3, "a", false), &local(true, false, Some(2))).unwrap_err().contains("of epoch 2"));
    }
}
