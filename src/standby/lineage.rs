//! What the database itself records of replication, so it travels with every copy: the epoch
//! whose primary wrote it, that primary's node, and its clock (a heartbeat stamped twice a second,
//! which tells a standby how old the newest state it has applied is). Kept as one JSON value under
//! the key `replication` of the `settings` table. And, on a machine that was replaced, the orders
//! and payments it took after the point its successor took over from.

use rusqlite::{Connection, OptionalExtension, Transaction, params};
use serde::{Deserialize, Serialize};

use super::store::Fork;

const KEY: &str = "replication";

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct Lineage {
    pub epoch: u64,
    pub node: String,
    /// The primary's clock (ms) when it last stamped it.
    pub heartbeat: i64,
}

pub fn read(conn: &Connection) -> rusqlite::Result<Option<Lineage>> {
    let value: Option<String> = conn.query_row("SELECT value FROM settings WHERE key = ?1", [KEY], |r| r.get(0)).optional()?;
    Ok(value.and_then(|v| serde_json::from_str(&v).ok()))
}

pub fn write(tx: &Transaction, lineage: &Lineage) -> rusqlite::Result<()> {
    let value = serde_json::to_string(lineage).expect("a lineage serialises");
    tx.execute(
        "INSERT INTO settings (key, value) VALUES (?1, ?2) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
        params![KEY, value],
    )?;
    Ok(())
}

/// Stamps the primary's clock.
pub fn beat(tx: &Transaction, now: i64) -> rusqlite::Result<()> {
    tx.execute("UPDATE settings SET value = json_set(value, '$.heartbeat', ?2) WHERE key = ?1", params![KEY, now])?;
    Ok(())
}

/// The newest order and payment (by rowid) this database holds: where a promoted standby forks
/// from its predecessor.
pub fn fork_point(conn: &Connection) -> rusqlite::Result<(i64, i64)> {
    conn.query_row("SELECT (SELECT COALESCE(MAX(rowid), 0) FROM orders), (SELECT COALESCE(MAX(rowid), 0) FROM payments)", [], |r| {
        Ok((r.get(0)?, r.get(1)?))
    })
}

/// An order this machine took that its successor does not have.
#[derive(Serialize, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct LostOrder {
    pub number: String,
    pub id: String,
    pub created_at: i64,
    pub customer_name: String,
    pub customer_email: String,
    pub customer_phone: String,
    pub total_kobo: i64,
    pub payment_reference: String,
    pub status: String,
    /// Its payment (started before the fork) did reach the successor, which completes it itself
    /// (webhook or reconciler): that order, not this one, is the one to fulfil.
    pub payment_on_successor: bool,
}

/// A payment started here that its successor never saw, without an order here either: the
/// shopper may still have paid it at Paystack.
#[derive(Serialize, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct LostPayment {
    pub reference: String,
    pub created_at: i64,
    pub customer_email: String,
    pub amount_kobo: i64,
    pub status: String,
}

/// What this database took after `fork`: orders, and payments without an order.
pub fn after_fork(conn: &Connection, fork: &Fork) -> rusqlite::Result<(Vec<LostOrder>, Vec<LostPayment>)> {
    let orders = conn
        .prepare(
            "SELECT o.number, o.id, o.created_at, o.customer_name, o.customer_email, o.customer_phone, o.total_kobo,
                    o.payment_reference, o.status, COALESCE((SELECT p.rowid FROM payments p WHERE p.reference = o.payment_reference), 0) <= ?2
             FROM orders o WHERE o.rowid > ?1 ORDER BY o.rowid",
        )?
        .query_map([fork.orders, fork.payments], |r| {
            Ok(LostOrder {
                number: r.get(0)?,
                id: r.get(1)?,
                created_at: r.get(2)?,
                customer_name: r.get(3)?,
                customer_email: r.get(4)?,
                customer_phone: r.get(5)?,
                total_kobo: r.get(6)?,
                payment_reference: r.get(7)?,
                status: r.get(8)?,
                payment_on_successor: r.get(9)?,
            })
        })?
        .collect::<Result<Vec<_>, _>>()?;
    let payments = conn
        .prepare(
            "SELECT reference, created_at, customer_email, amount_kobo, status FROM payments p
             WHERE rowid > ?1 AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.payment_reference = p.reference) ORDER BY rowid",
        )?
        .query_map([fork.payments], |r| {
            Ok(LostPayment {
                reference: r.get(0)?,
                created_at: r.get(1)?,
                customer_email: r.get(2)?,
                amount_kobo: r.get(3)?,
                status: r.get(4)?,
            })
        })?
        .collect::<Result<Vec<_>, _>>()?;
    Ok((orders, payments))
}

/// The two lists as one CSV (a spreadsheet the merchant works through).
pub fn csv(orders: &[LostOrder], payments: &[LostPayment]) -> String {
    let mut out = String::from("kind,number,reference,created_at,customer,email,phone,amount_naira,status,payment_on_new_primary\n");
    let cell = crate::csv::quote;
    for o in orders {
        out.push_str(&format!(
            "order,{},{},{},{},{},{},{},{},{}\n",
            cell(&o.number),
            cell(&o.payment_reference),
            crate::util::iso8601(o.created_at),
            cell(&o.customer_name),
            cell(&o.customer_email),
            cell(&o.customer_phone),
            crate::money::naira_decimal(crate::money::Kobo::new(o.total_kobo)),
            cell(&o.status),
            if o.payment_on_successor { "yes" } else { "no" }
        ));
    }
    for p in payments {
        out.push_str(&format!(
            "payment,,{},{},,{},,{},{},no\n",
            cell(&p.reference),
            crate::util::iso8601(p.created_at),
            cell(&p.customer_email),
            crate::money::naira_decimal(crate::money::Kobo::new(p.amount_kobo)),
            cell(&p.status)
        ));
    }
    out
}
