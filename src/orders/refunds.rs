//! What an order shows of its refunds: each refund with its status, and the sums (refunded,
//! pending, what is left). The refunds themselves are made by the `refunds` module, above orders.

use std::collections::HashMap;

use crate::money::Kobo;
use rusqlite::Connection;
use serde::Serialize;

crate::text_enum! {
    /// Where a refund is: asked for (Paystack's pending and processing), processed (the money is
    /// on its way back to the card), or failed. Processed and failed are final.
    pub enum RefundStatus {
        Pending => "pending",
        Processed => "processed",
        Failed => "failed",
    }
}

/// One refund of an order.
#[derive(Serialize, Debug, Clone, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Refund {
    pub id: String,
    /// In naira (for an order paid abroad: its naira worth at the order's rate).
    #[schema(value_type = i64)]
    pub amount: Kobo,
    /// For an order paid in a currency abroad: the refund in that currency's minor unit.
    pub amount_abroad: Option<i64>,
    pub reason: String,
    pub status: RefundStatus,
    /// Paystack's reason for a failed refund (or why it is still unconfirmed).
    pub failure_reason: Option<String>,
    /// Units put back on sale with this refund.
    pub restocked: i64,
    pub created_at: i64,
    pub updated_at: i64,
}

/// An order's refunds and their sums.
#[derive(Serialize, Debug, Clone, Default, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderRefunds {
    /// Processed by Paystack.
    #[schema(value_type = i64)]
    pub refunded: Kobo,
    /// Asked for, not processed yet.
    #[schema(value_type = i64)]
    pub refund_pending: Kobo,
    /// Oldest first.
    pub refunds: Vec<Refund>,
}

impl OrderRefunds {
    pub fn new(refunds: Vec<Refund>) -> OrderRefunds {
        let sum = |status| refunds.iter().filter(|r| r.status == status).map(|r| r.amount).sum();
        OrderRefunds { refunded: sum(RefundStatus::Processed), refund_pending: sum(RefundStatus::Pending), refunds }
    }

    /// What is left to refund of an order of `total`.
    pub fn left(&self, total: Kobo) -> Kobo {
        total - self.refunded - self.refund_pending
    }
}

fn refund_from_row(r: &rusqlite::Row) -> rusqlite::Result<Refund> {
    Ok(Refund {
        id: r.get("id")?,
        amount: r.get("amount_kobo")?,
        amount_abroad: r.get("amount_minor")?,
        reason: r.get("reason")?,
        status: r.get("status")?,
        failure_reason: r.get("failure_reason")?,
        restocked: r.get("restocked")?,
        created_at: r.get("created_at")?,
        updated_at: r.get("updated_at")?,
    })
}

/// The refunds of the orders whose ids are in the JSON array `ids`, by order id, oldest first.
pub fn for_orders(conn: &Connection, ids: &str) -> rusqlite::Result<HashMap<String, Vec<Refund>>> {
    let mut stmt = conn.prepare_cached(
        "SELECT order_id, id, amount_kobo, amount_minor, reason, status, failure_reason, restocked, created_at, updated_at FROM refunds
         WHERE order_id IN (SELECT value FROM json_each(?1)) ORDER BY created_at, id",
    )?;
    let mut by_order: HashMap<String, Vec<Refund>> = HashMap::new();
    for row in stmt.query_map([ids], |r| Ok((r.get::<_, String>("order_id")?, refund_from_row(r)?)))? {
        let (order_id, refund) = row?;
        by_order.entry(order_id).or_default().push(refund);
    }
    Ok(by_order)
}
