//! Pay links (`/pay/{token}`) for the orders the merchant takes in a chat (see `chat_orders`):
//! a link asks for all of the order or a deposit; a second link asks for the balance. Each link's
//! Paystack payment is started, verified and completed by the same machinery as a checkout's;
//! completing one adds its money to the order instead of making a new order (see `completion`).
//! An order whose link expires unpaid is cancelled and its stock goes back on sale.

use rusqlite::{Connection, OptionalExtension, Transaction, params};
use serde::{Deserialize, Serialize};

use super::*;
use crate::catalog::write::Changes;
use crate::error::{AppError, AppResult};
use crate::ids::{OrderId, PaymentReference, UserId};
use crate::money::{Kobo, format_naira};
use crate::orders::links::{self as pay_links, LinkStatus, PayLink, Purpose};
use crate::orders::{Order, OrderItem, OrderStatus, PaymentMethod, Price};
use crate::pricing::Breakdown;

use super::completion::link_and_order;
use super::start::{new_reference, shortest_window};

/// The order made, and the link to send the customer.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChatOrderMade {
    pub order: crate::orders::AdminOrder,
    /// `{public-url}/pay/{token}`.
    pub pay_link: String,
}

/// What the pay page shows (no login: the token is the key).
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PayPage {
    pub shop_name: String,
    pub number: String,
    pub status: OrderStatus,
    pub customer_name: String,
    pub items: Vec<OrderItem>,
    #[serde(flatten)]
    pub price: Price,
    #[schema(value_type = i64)]
    pub total_amount: Kobo,
    #[schema(value_type = i64)]
    pub paid: Kobo,
    #[schema(value_type = i64)]
    pub balance: Kobo,
    /// This link: what it asks for and whether it can still be paid.
    pub link: PayLink,
    /// "Ikeja, Lagos", or null for pickup.
    pub deliver_to: Option<String>,
    pub customer_note: Option<String>,
    pub mode: PaymentMode,
    pub public_key: String,
}

/// A new link for an order: `amount` in naira, or its whole balance when absent.
#[derive(Deserialize, utoipa::ToSchema)]
pub struct NewLink {
    #[serde(default)]
    pub amount: Option<crate::money::Naira>,
}
/// When a link made now stops being payable: the merchant's pay-link hours from now.
pub(crate) fn link_expiry(conn: &Connection, now: i64) -> rusqlite::Result<i64> {
    Ok(now + crate::settings::load(conn)?.pay_link_hours * 3_600_000)
}

/// Writes the customer's mail with the pay link (when they gave an e-mail) in the link's transaction.
pub(super) fn queue_link(mailer: &crate::mail::Mailer, tx: &rusqlite::Connection, order: &Order, link: &str) -> AppResult<()> {
    let event = crate::messages::Event::PayLinkSent { url: link.to_string() };
    if crate::messages::email_wanted(tx, event.kind())? {
        let (subject, body) = crate::orders::mails::pay_link(&mailer.shop_name(), order, link);
        mailer.queue(
            tx,
            crate::mail::Mail { kind: "pay_link", to: &order.customer_email, subject: &subject, body: &body, unsubscribe: None },
        )?;
    }
    crate::orders::order_event(tx, mailer, order, event, mailer.clock.now_ms())?;
    Ok(())
}

impl Payments {
    /// `{public-url}/pay/{token}`.
    pub fn link_url(&self, token: &str) -> String {
        format!("{}/pay/{token}", self.mailer.public_url())
    }
    /// A new link for an order taken in a chat: for `amount`, or the whole balance. The order's
    /// open link ends. Answers the order and the link.
    pub async fn new_link(&self, actor: &UserId, order_id: &OrderId, amount: Option<Kobo>) -> AppResult<ChatOrderMade> {
        let (actor, id) = (actor.clone(), order_id.clone());
        let (mailer, base) = (self.mailer.clone(), self.link_url(""));
        let now = self.clock.now_ms();
        let (order, token) = self
            .db
            .write(move |tx| {
                let order = crate::orders::by_id(tx, &id)?.ok_or_else(crate::orders::order_not_found)?;
                if order.payment.payment_method != PaymentMethod::PayLink {
                    return Err(AppError::Conflict("Pay links are for orders created in the back office.".into()));
                }
                if matches!(order.status, OrderStatus::Cancelled | OrderStatus::Refused) {
                    return Err(AppError::Conflict(format!("An order that is {} cannot be paid.", order.status)));
                }
                let balance = order.payment.balance;
                if balance == Kobo::ZERO {
                    return Err(AppError::Conflict("This order is paid in full.".into()));
                }
                let amount = amount.unwrap_or(balance);
                if amount < MINIMUM_KOBO.min(balance) || amount > balance {
                    return Err(AppError::Validation(format!("Enter an amount from ₦50.00 to the balance, {}.", format_naira(balance))));
                }
                let purpose = match (order.payment.paid == Kobo::ZERO, amount == balance) {
                    (true, true) => Purpose::Full,
                    (false, true) => Purpose::Balance,
                    (_, false) => Purpose::Deposit,
                };
                let token = pay_links::create(tx, &id, amount, purpose, Some(&actor), link_expiry(tx, now)?, now)?;
                let summary = format!("Order #{}: pay link for {} ({purpose})", order.number, format_naira(amount));
                crate::staff::record(tx, &actor, "order", &id, &summary)?;
                let order = crate::orders::admin_order(tx, &id)?;
                queue_link(&mailer, tx, order.order(), &format!("{base}{token}"))?;
                Ok((order, token))
            })
            .await?;
        let pay_link = self.link_url(&token);
        Ok(ChatOrderMade { order, pay_link })
    }

    /// Ends an order's open pay link (another may follow).
    pub async fn cancel_links(&self, actor: &UserId, order_id: &OrderId) -> AppResult<crate::orders::AdminOrder> {
        let (actor, id) = (actor.clone(), order_id.clone());
        let now = self.clock.now_ms();
        self.db
            .write(move |tx| {
                let order = crate::orders::by_id(tx, &id)?.ok_or_else(crate::orders::order_not_found)?;
                if pay_links::cancel_open(tx, &id, now)? > 0 {
                    crate::staff::record(tx, &actor, "order", &id, &format!("Order #{}: pay link cancelled", order.number))?;
                }
                crate::orders::admin_order(tx, &id)
            })
            .await
    }

    /// The pay page of `token`.
    pub async fn pay_page(&self, token: String) -> AppResult<PayPage> {
        let (mode, public_key, shop_name) = (self.mode(), self.paystack.public_key.clone(), self.mailer.shop_name().to_string());
        let now = self.clock.now_ms();
        self.db
            .read(move |c| {
                let (link, order) = link_and_order(c, &token, now)?;
                let deliver_to = (order.price.delivery_method == crate::delivery::Method::Delivery).then(|| {
                    let a = &order.delivery_address;
                    [a.city.as_str(), a.state.as_str()].into_iter().filter(|s| !s.is_empty()).collect::<Vec<_>>().join(", ")
                });
                Ok(PayPage {
                    shop_name,
                    number: order.number,
                    status: order.status,
                    customer_name: order.customer_name,
                    items: order.items,
                    price: order.price,
                    total_amount: order.total_amount,
                    paid: order.payment.paid,
                    balance: order.payment.balance,
                    link,
                    deliver_to: deliver_to.filter(|d| !d.is_empty()),
                    customer_note: order.customer_note,
                    mode,
                    public_key,
                })
            })
            .await
    }

    /// Starts (or resumes) the Paystack payment of a pay link, for a visitor from `client_key`.
    pub async fn start_link(&self, token: String, client_key: String) -> AppResult<PaymentStart> {
        let (lifetime_ms, per_address) = (self.lifetime_ms, self.per_address);
        let reference = new_reference();
        let shop_email = self.mailer.shop_address();
        let (r, now) = (reference.clone(), self.clock.now_ms());
        let window = Window { lifetime_ms, per_address, now };
        let begun = self.db.write(move |tx| begin_link(tx, &token, &r, &client_key, &shop_email, window)).await?;
        let started = match begun {
            LinkBegun::Resumed(start) => return Ok(self.link_start(*start)),
            LinkBegun::New(start) => *start,
        };
        let channels: Vec<&str> = started.channels.iter().map(|c| c.as_str()).collect();
        let payer =
            crate::paystack::Payer { email: &started.email, name: &started.order.customer_name, phone: &started.order.customer_phone };
        let opened = self.open_at_paystack(&reference, &payer, started.amount.into(), &channels).await?;
        Ok(self.link_start(LinkStart {
            reference,
            access_code: Some(opened.access_code),
            authorization_url: Some(opened.authorization_url),
            ..started
        }))
    }

    fn link_start(&self, start: LinkStart) -> PaymentStart {
        let o = start.order;
        PaymentStart {
            reference: start.reference,
            access_code: start.access_code.unwrap_or_default(),
            authorization_url: start.authorization_url.unwrap_or_default(),
            amount: start.amount.get(),
            currency: crate::money::Currency::Ngn,
            // Pay links are in naira.
            charge: None,
            email: start.email,
            public_key: self.paystack.public_key.clone(),
            mode: self.mode(),
            metadata: PaymentMetadata { name: o.customer_name.clone(), phone: o.customer_phone.clone() },
            breakdown: Breakdown {
                subtotal: o.price.subtotal,
                delivery: o.price.delivery_fee,
                discount: o.price.discount,
                total: o.total_amount,
            },
            delivery_estimate: o.price.delivery_estimate.clone(),
            items: o.items,
            expires_at: start.expires_at,
            paid_by_credit: Kobo::ZERO,
            paid_by_gift_card: Kobo::ZERO,
        }
    }

    /// The pay page's verify: as the checkout's, for a payment of this link.
    pub async fn verify_link(
        &self,
        token: String,
        reference: PaymentReference,
        may_ask: impl FnOnce(&str) -> bool,
    ) -> AppResult<VerifiedPayment> {
        let owner = self.link_payment_owner(token, reference.clone()).await?;
        self.verify(&owner, reference, may_ask).await
    }

    /// The pay page's pop-up was closed without paying.
    pub async fn cancel_link_payment(&self, token: String, reference: PaymentReference) -> AppResult<()> {
        let owner = self.link_payment_owner(token, reference.clone()).await?;
        self.cancel(&owner, reference).await
    }

    async fn link_payment_owner(&self, token: String, reference: PaymentReference) -> AppResult<UserId> {
        self.db
            .read(move |c| {
                c.query_row("SELECT user_id FROM payments WHERE reference = ?1 AND pay_link = ?2", params![reference, token], |r| r.get(0))
                    .optional()?
                    .ok_or_else(|| AppError::NotFound("Payment not found.".into()))
            })
            .await
    }

    /// Cancels the orders whose pay link expired unpaid: their stock goes back on sale and their
    /// code's use is given back. Returns how many.
    /// Reminds, once, the customers of pay links still unpaid the merchant's reminder hours after
    /// they were sent (none when those hours are 0). Each reminder is decided in the transaction
    /// that marks its link reminded, so it goes exactly once, whatever restarts or runs at once.
    pub async fn remind_unpaid_links(&self) -> AppResult<usize> {
        let now = self.clock.now_ms();
        let due = self
            .db
            .read(move |c| {
                let hours = crate::settings::load(c)?.pay_link_reminder_hours;
                Ok(if hours == 0 { Vec::new() } else { pay_links::to_remind(c, now, hours * 3_600_000)? })
            })
            .await?;
        let mut sent = 0;
        for token in due {
            let (mailer, url, now) = (self.mailer.clone(), self.link_url(&token), self.clock.now_ms());
            let reminded = self
                .db
                .write(move |tx| {
                    let hours = crate::settings::load(tx)?.pay_link_reminder_hours;
                    if hours == 0 {
                        return Ok(false);
                    }
                    let Some(order_id) = pay_links::mark_reminded(tx, &token, now, hours * 3_600_000)? else { return Ok(false) };
                    let order = crate::orders::by_id(tx, &order_id)?.ok_or_else(crate::orders::order_not_found)?;
                    if order.payment.balance == Kobo::ZERO || !order.status.is_open() {
                        return Ok(false);
                    }
                    let event = crate::messages::Event::PayLinkReminder { url: url.clone() };
                    if crate::messages::email_wanted(tx, event.kind())? {
                        let (subject, body) = crate::orders::mails::pay_link_reminder(&mailer.shop_name(), &order, &url);
                        mailer.queue(
                            tx,
                            crate::mail::Mail {
                                kind: "pay_link",
                                to: &order.customer_email,
                                subject: &subject,
                                body: &body,
                                unsubscribe: None,
                            },
                        )?;
                    }
                    crate::orders::order_event(tx, &mailer, &order, event, now)?;
                    Ok(true)
                })
                .await?;
            sent += usize::from(reminded);
        }
        Ok(sent)
    }

    pub async fn end_lapsed_links(&self) -> AppResult<usize> {
        let now = self.clock.now_ms();
        let lapsed = self.db.read(move |c| Ok(pay_links::lapsed_orders(c, now, FORCED_RELEASE_MS)?)).await?;
        let mut ended = 0;
        for id in lapsed {
            let now = self.clock.now_ms();
            let (order, changed) = self
                .catalogue
                .write(move |tx| {
                    // Looked at again inside the write: money may have come meanwhile.
                    if !pay_links::lapsed_orders(tx, now, FORCED_RELEASE_MS)?.contains(&id) {
                        return Ok(((None, false), Changes::none()));
                    }
                    let (order, changed, restocked) =
                        crate::orders::change_status(tx, &id, OrderStatus::Cancelled, &Default::default(), now)?;
                    Ok(((Some(order), changed), Changes::shown_if(restocked)))
                })
                .await?;
            if let (Some(order), true) = (order, changed) {
                tracing::info!(order_id = %order.id, order_number = %order.number, status = %order.status, "order cancelled: its pay link expired unpaid");
                ended += 1;
            }
        }
        Ok(ended)
    }
}

/// A link's payment about to open, or opened before.
struct LinkStart {
    reference: PaymentReference,
    access_code: Option<String>,
    authorization_url: Option<String>,
    amount: Kobo,
    email: String,
    expires_at: i64,
    order: Order,
    channels: Vec<crate::settings::Channel>,
}

enum LinkBegun {
    New(Box<LinkStart>),
    Resumed(Box<LinkStart>),
}

/// A payment's length and the holds one address may have, at the time `now`.
struct Window {
    lifetime_ms: i64,
    per_address: i64,
    now: i64,
}

/// Records a link's new payment, or finds its payment still payable. A link has one payment at a
/// time: a second click while Paystack is being asked waits for the first.
fn begin_link(
    tx: &Transaction,
    token: &str,
    reference: &PaymentReference,
    client_key: &str,
    shop_email: &str,
    window: Window,
) -> AppResult<LinkBegun> {
    let Window { lifetime_ms, per_address, now } = window;
    let (link, order) = link_and_order(tx, token, now)?;
    match link.status {
        LinkStatus::Open => {}
        LinkStatus::Paid => return Err(AppError::ConflictAs("link_paid", "This link has been paid. Thank you!".into())),
        LinkStatus::Expired => {
            return Err(AppError::ConflictAs("link_ended", "This pay link has expired. Please contact the shop for a new one.".into()));
        }
        LinkStatus::Cancelled => {
            return Err(AppError::ConflictAs("link_ended", "This pay link was cancelled. Please contact the shop.".into()));
        }
    }
    if matches!(order.status, OrderStatus::Cancelled | OrderStatus::Refused) {
        return Err(AppError::ConflictAs("link_ended", "This order was cancelled. Please contact the shop.".into()));
    }
    let email = if order.customer_email.is_empty() { shop_email.to_string() } else { order.customer_email.clone() };
    let channels = crate::settings::load(tx)?.channels;
    let open: Option<(PaymentReference, Option<String>, Option<String>, i64)> = tx
        .query_row(
            "SELECT reference, access_code, authorization_url, expires_at FROM payments
             WHERE pay_link = ?1 AND status IN ('pending', 'failed') AND (expires_at > ?2 OR (access_code IS NULL AND created_at > ?2 - ?3))
             ORDER BY created_at DESC LIMIT 1",
            params![token, now, STARTING_MS],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)),
        )
        .optional()?;
    let start = |reference: PaymentReference, access_code, authorization_url, expires_at| LinkStart {
        reference,
        access_code,
        authorization_url,
        amount: link.amount,
        email: email.clone(),
        expires_at,
        order: order.clone(),
        channels: channels.clone(),
    };
    if let Some((open, access_code, url, expires_at)) = open {
        if access_code.is_none() {
            return Err(AppError::ConflictAs(
                "payment_in_progress",
                "Your payment is starting. Please wait a moment and try again.".into(),
            ));
        }
        if expires_at - now >= shortest_window(lifetime_ms) {
            return Ok(LinkBegun::Resumed(Box::new(start(open, access_code, url, expires_at))));
        }
    }
    let holding: i64 = tx
        .prepare_cached("SELECT COUNT(*) FROM payments WHERE client_key = ?1 AND status IN ('pending', 'failed') AND expires_at > ?2")?
        .query_row(params![client_key, now], |r| r.get(0))?;
    if holding >= per_address {
        return Err(AppError::TooManyRequests(
            "Many payments are in progress from your network right now. Please try again in a few minutes.".into(),
            std::time::Duration::from_secs(60),
        ));
    }
    let expires_at = now + lifetime_ms;
    let p = &order.price;
    tx.execute(
        "INSERT INTO payments (reference, user_id, amount_kobo, currency, status, customer_name, customer_email, customer_phone,
                               delivery_address, items, created_at, updated_at, subtotal_kobo, delivery_kobo, discount_kobo,
                               delivery_method, delivery_estimate, expires_at, client_key, pay_link)
         VALUES (:reference, :owner, :amount, 'NGN', 'pending', :name, :email, :phone, :address, :items, :now, :now, :subtotal,
                 :delivery, :discount, :method, :estimate, :expires_at, :client_key, :token)",
        rusqlite::named_params! {
            ":reference": reference,
            ":owner": order.user_id,
            ":amount": link.amount,
            ":name": order.customer_name,
            ":email": email,
            ":phone": order.customer_phone,
            ":address": serde_json::to_string(&order.delivery_address).map_err(AppError::internal)?,
            ":items": serde_json::to_string(&order.items).map_err(AppError::internal)?,
            ":now": now,
            ":subtotal": p.subtotal,
            ":delivery": p.delivery_fee,
            ":discount": p.discount,
            ":method": p.delivery_method,
            ":estimate": p.delivery_estimate,
            ":expires_at": expires_at,
            ":client_key": client_key,
            ":token": token,
        },
    )?;
    Ok(LinkBegun::New(Box::new(start(reference.clone(), None, None, expires_at))))
}
