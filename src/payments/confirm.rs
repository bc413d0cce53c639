//! Confirming pay-on-delivery orders from customers the shop does not know yet (see
//! `orders::confirmation`): sending the code through its channel, the customer's code, the shop's
//! call, and cancelling the orders nobody confirmed in time (the background round).

use rusqlite::Connection;

use super::*;
use crate::catalog::write::Changes;
use crate::error::{AppError, AppResult};
use crate::ids::{OrderId, UserId};
use crate::orders::confirmation::{self, ConfirmChannel};
use crate::orders::{Order, OrderStatus};

/// Sends `order`'s confirmation code through the order's channel, in the transaction that placed
/// it (so it exists exactly when the order does). E-mail goes through the mail outbox; a channel
/// added later (SMS, WhatsApp) gets its sender here.
pub(super) fn send_code(mailer: &crate::mail::Mailer, tx: &Connection, order: &Order, code: &str) -> AppResult<()> {
    match order.confirmation.as_ref().map(|c| c.channel) {
        Some(ConfirmChannel::Email) => {
            let (subject, body) = crate::orders::mails::confirmation_code(&mailer.shop_name(), mailer.public_url(), order, code);
            let mail = crate::mail::Mail {
                kind: "order_confirmation",
                to: &order.customer_email,
                subject: &subject,
                body: &body,
                unsubscribe: None,
            };
            mailer.queue(tx, mail)?;
            Ok(())
        }
        // The shop calls: nothing to send.
        Some(ConfirmChannel::Phone) | None => Ok(()),
    }
}

/// A customer's confirmation: the order's number (as on the confirmation) and the code sent to her.
#[derive(serde::Deserialize, utoipa::ToSchema)]
pub struct ConfirmBody {
    #[serde(default)]
    #[schema(required = true, max_length = 20)]
    pub number: String,
    #[serde(default)]
    #[schema(required = true, max_length = 20)]
    pub code: String,
}

/// What a confirmation answers: the order's number and where it is now.
#[derive(serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Confirmed {
    pub number: String,
    pub status: OrderStatus,
    pub confirmation: Option<confirmation::Confirmation>,
}

impl Payments {
    /// The customer confirms her order with the code she was sent (no login: the number and the
    /// code are the key, and five wrong codes end the code).
    pub async fn confirm_with_code(&self, body: ConfirmBody) -> AppResult<Confirmed> {
        let number = body.number.trim().to_uppercase();
        let code: String = body.code.chars().filter(|c| !c.is_whitespace()).collect();
        let not_found = || AppError::NotFound("We couldn't find an order with that number.".into());
        if !crate::orders::is_order_number(&number) || code.len() > 20 {
            return Err(not_found());
        }
        let now = self.clock.now_ms();
        self.db
            .write(move |tx| {
                let order = crate::orders::query_orders(tx, "WHERE number = ?1", &[&number])?.pop().ok_or_else(not_found)?;
                let outcome = confirmation::confirm_with_code(tx, &order.id, &code, now);
                // A wrong code's attempt is kept (the transaction commits), and then refused.
                let order = crate::orders::by_id(tx, &order.id)?.ok_or_else(crate::orders::order_not_found)?;
                Ok((outcome, Confirmed { number: order.number, status: order.status, confirmation: order.confirmation }))
            })
            .await
            .and_then(|(outcome, confirmed)| outcome.map(|()| confirmed))
    }

    /// Staff confirm an order after calling the customer. Answers the order as fulfilment sees it.
    pub async fn confirm_by_staff(&self, actor: &UserId, order_id: &OrderId) -> AppResult<crate::orders::AdminOrder> {
        let (actor, id) = (actor.clone(), order_id.clone());
        let now = self.clock.now_ms();
        self.db
            .write(move |tx| {
                if confirmation::confirm_by_staff(tx, &id, &actor, now)? {
                    let number: String = tx.query_row("SELECT number FROM orders WHERE id = ?1", [&id], |r| r.get(0))?;
                    crate::staff::record(tx, &actor, "order", &id, &format!("Order #{number}: confirmed by phone"))?;
                }
                crate::orders::admin_order(tx, &id)
            })
            .await
    }

    /// Cancels the pay-on-delivery orders nobody confirmed in time: their stock and code use go
    /// back, and the customer is told. Returns how many.
    pub async fn end_unconfirmed_orders(&self) -> AppResult<usize> {
        let now = self.clock.now_ms();
        let lapsed = self.db.read(move |c| Ok(confirmation::lapsed(c, now)?)).await?;
        let mut ended = 0;
        for id in lapsed {
            let mailer = self.mailer.clone();
            let now = self.clock.now_ms();
            let cancelled = self
                .catalogue
                .write(move |tx| {
                    // Looked at again inside the write: confirmed or collected meanwhile, it stays.
                    if !confirmation::lapsed(tx, now)?.contains(&id) {
                        return Ok((None, Changes::none()));
                    }
                    let (order, _, restocked) = crate::orders::change_status(tx, &id, OrderStatus::Cancelled, &Default::default(), now)?;
                    let (subject, body) = crate::orders::mails::unconfirmed_cancelled(&mailer.shop_name(), mailer.public_url(), &order);
                    let mail = crate::mail::Mail {
                        kind: "order_status",
                        to: &order.customer_email,
                        subject: &subject,
                        body: &body,
                        unsubscribe: None,
                    };
                    mailer.queue(tx, mail)?;
                    Ok((Some(order), Changes::shown_if(restocked)))
                })
                .await?;
            if let Some(order) = cancelled {
                tracing::info!(order_id = %order.id, order_number = %order.number, status = %order.status, "order cancelled: nobody confirmed it in time");
                ended += 1;
            }
        }
        Ok(ended)
    }
}
