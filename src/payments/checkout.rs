//! Starting a checkout: in one transaction, the rules on what one shopper may hold, then the
//! payment row with its holds (opened at Paystack after) or an order placed to be paid on
//! delivery. The form's checks are in `form`, its price in `quote`, the pop-up's answer in `start`.

use rusqlite::{Connection, Transaction, params};
use serde::Serialize;

use super::*;
use crate::catalog::write::Changes;
use crate::delivery::Method;
use crate::error::{AppError, AppResult};
use crate::identity::Identity;
use crate::ids::{PaymentReference, UserId};
use crate::money::{Currency, Kobo, Money};
use crate::orders::PaymentMethod;
use crate::pricing::Breakdown;

use super::form::{ADDRESS_MISSING, validate};
use super::quote::{Quote, pay_on_delivery_offer, quote_in};
use super::start::{new_reference, shortest_window};
use crate::credit::tender::{Ask, Plan};

/// What starting a payment decided, in one transaction: the bag snapshot at current prices, the
/// units reserved for it, and the payment row (without an access code until Paystack gives one,
/// so nobody can pay it yet and a crash leaves only a hold the reconciler gives back).
struct Started {
    quote: Quote,
    plan: Plan,
    ran_low: Vec<crate::stock::RanLow>,
    expires_at: i64,
}

/// What starting a checkout answers: the payment the pop-up opens, or the order placed to be paid
/// on delivery.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(untagged)]
pub enum CheckoutStarted {
    Payment(Box<PaymentStart>),
    Placed(Box<PlacedOrder>),
}

/// An order placed to be paid on delivery (its confirmation mail is on its way).
#[derive(Serialize, utoipa::ToSchema)]
pub struct PlacedOrder {
    order: crate::orders::Order,
}

/// A new payment, or the shopper's open one for this very bag and price, whose pop-up opens again,
/// or an order placed to be paid on delivery.
enum Begun {
    New(Box<Started>),
    Resumed(Box<Recorded>),
    Placed(Box<Placed>),
}

/// An open payment as recorded, with what its pop-up needs.
struct Recorded {
    reference: PaymentReference,
    access_code: Option<String>,
    authorization_url: Option<String>,
    amount: Kobo,
    customer: Customer,
    address: String,
    items: String,
    method: Method,
    code: Option<String>,
    breakdown: Breakdown,
    delivery_estimate: Option<String>,
    expires_at: Option<i64>,
    /// What store credit and a gift card pay of the total (`amount` is the rest, Paystack's).
    credit: Kobo,
    gift: Kobo,
    /// Charged in a currency abroad: the charge as recorded (JSON).
    charge: Option<String>,
}

impl Recorded {
    fn total(&self) -> Kobo {
        self.amount + self.credit + self.gift
    }

    fn charge(&self) -> Option<crate::abroad::Charge> {
        self.charge.as_deref().and_then(|json| serde_json::from_str(json).ok())
    }
}

/// What one shopper's new payment asks for, and where from.
struct Request<'a> {
    owner: &'a UserId,
    body: &'a StartBody,
    reference: &'a PaymentReference,
    client_key: &'a str,
    lifetime_ms: i64,
    per_address: i64,
    now: i64,
    live_fee: Option<Kobo>,
}
fn open_payments(tx: &Connection, owner: &UserId, now: i64) -> rusqlite::Result<Vec<Recorded>> {
    tx.prepare_cached(
        "SELECT reference, access_code, authorization_url, amount_kobo, customer_name, customer_email, customer_phone,
                delivery_address, items, delivery_method, discount_code, COALESCE(subtotal_kobo, amount_kobo), delivery_kobo,
                discount_kobo, delivery_estimate, expires_at, credit_kobo, gift_kobo, amount_kobo + credit_kobo + gift_kobo, charge
         FROM payments
         WHERE user_id = ?1 AND status IN ('pending', 'failed')
           AND (expires_at > ?2 OR (access_code IS NULL AND created_at > ?2 - ?3))
         ORDER BY created_at",
    )?
    .query_map(params![owner, now, super::STARTING_MS], |r| {
        Ok(Recorded {
            reference: r.get(0)?,
            access_code: r.get(1)?,
            authorization_url: r.get(2)?,
            amount: r.get(3)?,
            customer: Customer { name: r.get(4)?, email: r.get(5)?, phone: r.get(6)? },
            address: r.get(7)?,
            items: r.get(8)?,
            method: r.get(9)?,
            code: r.get(10)?,
            breakdown: Breakdown { subtotal: r.get(11)?, delivery: r.get(12)?, discount: r.get(13)?, total: r.get(18)? },
            delivery_estimate: r.get(14)?,
            expires_at: r.get(15)?,
            credit: r.get(16)?,
            gift: r.get(17)?,
            charge: r.get(19)?,
        })
    })?
    .collect()
}

/// A payment row about to be written: its reference, status and payable time.
struct NewPayment<'a> {
    reference: &'a PaymentReference,
    status: PaymentStatus,
    expires_at: Option<i64>,
    /// How store credit and a gift card pay part of it (none: all through Paystack or on delivery).
    plan: Option<&'a Plan>,
}

impl<'a> NewPayment<'a> {
    fn new(reference: &'a PaymentReference, status: PaymentStatus, expires_at: Option<i64>) -> NewPayment<'a> {
        NewPayment { reference, status, expires_at, plan: None }
    }
}

/// Records a payment (a Paystack one, or a pay-on-delivery order's): who, where, what, and the
/// price's parts as quoted. `snapshot` is the lines and the address as JSON.
#[allow(clippy::too_many_arguments)]
fn record_payment(
    tx: &Transaction,
    owner: &UserId,
    body: &StartBody,
    quote: &Quote,
    payment: &NewPayment,
    snapshot: (&str, &str),
    client_key: &str,
    now: i64,
) -> AppResult<()> {
    let b = quote.breakdown;
    let plan = payment.plan;
    let (items, address) = snapshot;
    tx.prepare_cached(
        "INSERT INTO payments (reference, user_id, amount_kobo, currency, status, customer_name, customer_email, customer_phone,
                               delivery_address, items, created_at, updated_at, subtotal_kobo, delivery_kobo, discount_kobo,
                               discount_code, delivery_method, delivery_estimate, expires_at, client_key, customer_note,
                               credit_kobo, gift_kobo, gift_card_id, charge)
         VALUES (:reference, :owner, :total, :currency, :status, :name, :email, :phone, :address, :items, :now, :now, :subtotal,
                 :delivery, :discount, :code, :method, :estimate, :expires_at, :client_key, :note, :credit, :gift, :card, :charge)",
    )?
    .execute(rusqlite::named_params! {
            ":reference": payment.reference,
            ":owner": owner,
            // What Paystack charges: the rest after store credit and a gift card. An order they pay in
            // full records its whole total here (the table has always required a positive amount);
            // its `CRD-` payment is never refunded through Paystack (its order's `paid_online` is 0).
            ":total": plan.filter(|p| p.rest > Kobo::ZERO).map_or(b.total, |p| p.rest),
            ":status": payment.status,
            ":name": body.customer.name,
            ":email": body.customer.email,
            ":phone": body.customer.phone,
            ":address": address,
            ":items": items,
            ":now": now,
            ":subtotal": b.subtotal,
            ":delivery": b.delivery,
            ":discount": b.discount,
            ":code": quote.code.as_ref().map(|c| c.code.clone()),
            ":method": body.method,
            ":estimate": quote.delivery_estimate,
            ":expires_at": payment.expires_at,
            ":client_key": client_key,
            ":note": body.note,
            ":credit": plan.map_or(Kobo::ZERO, Plan::credit_kobo),
            ":gift": plan.map_or(Kobo::ZERO, Plan::gift_kobo),
            ":card": plan.and_then(Plan::gift_card_id),
            // Abroad, `amount_kobo` is the charge's worth in naira; Paystack is asked for the charge.
            ":currency": quote.charge.map_or(Currency::Ngn, |c| c.currency),
            ":charge": quote.charge.map(|c| serde_json::to_string(&c).unwrap_or_default()),
    })?;
    Ok(())
}

/// An order placed to be paid on delivery, what ran low, and the code to send the customer when
/// her order waits for her to confirm it with one.
struct Placed {
    order: crate::orders::Order,
    ran_low: Vec<crate::stock::RanLow>,
    code: Option<String>,
}

/// Places an order to be paid on delivery, in the transaction that decides it: the delivery must
/// allow it for this total and customer, its stock is taken and its code's use counted at once, and
/// the order exists (status placed) before anyone is asked for money. From a customer the shop
/// does not know yet, the order waits for confirmation (the merchant's channel and time).
fn place_on_delivery(
    tx: &Transaction,
    who: &Identity,
    body: &StartBody,
    quote: &Quote,
    snapshot: (&str, &str),
    client_key: &str,
    now: i64,
) -> AppResult<Placed> {
    let owner = &who.user;
    let offer = pay_on_delivery_offer(tx, who, Some(client_key), quote)?;
    if !offer.offered {
        let reason = offer.reason.unwrap_or_else(|| "Pay on delivery is not offered for this delivery.".into());
        return Err(AppError::Validation(reason));
    }
    let reference = PaymentReference::from(format!("POD-{}", crate::util::random_id(24)));
    record_payment(tx, owner, body, quote, &NewPayment::new(&reference, PaymentStatus::Completed, None), snapshot, client_key, now)?;
    let mut ran_low = crate::stock::reserve(tx, &reference, &quote.lines, now)?;
    let taken = crate::stock::sell(tx, &reference, &quote.lines)?;
    ran_low.extend(taken.ran_low);
    if let Some(code) = &quote.code
        && !crate::discounts::count_use(tx, &reference, &code.code, who, quote.breakdown.discount, now)?
    {
        return Err(AppError::Validation(crate::discounts::USED_UP.into()));
    }
    let b = quote.breakdown;
    let order = crate::orders::create(
        tx,
        crate::orders::NewOrder {
            reference: &reference,
            user_id: owner,
            customer: (&body.customer.name, &body.customer.email, &body.customer.phone),
            address: body.address.clone(),
            lines: quote.lines.clone(),
            from_stock: &taken.from_stock,
            total: b.total,
            price: crate::orders::Price {
                subtotal: b.subtotal,
                delivery_fee: b.delivery,
                discount: b.discount,
                discount_code: quote.code.as_ref().map(|c| c.code.clone()),
                delivery_method: body.method,
                delivery_estimate: quote.delivery_estimate.clone(),
            },
            oversold: taken.oversold,
            code_over_limit: false,
            payment_method: PaymentMethod::PayOnDelivery,
            payment_channel: None,
            details: crate::orders::Details { customer_note: body.note.clone(), ..Default::default() },
            tender: Default::default(),
        },
        now,
    )?;
    crate::bag::remove_bought(tx, owner, &order.items)?;
    let mut code = None;
    let order = if crate::orders::confirmation::is_known_customer(tx, owner)? {
        order
    } else {
        let settings = &quote.settings;
        let channel = settings.pod_confirmation;
        code = channel.sends_code().then(crate::orders::confirmation::new_code);
        let expires_at = now + settings.pod_confirm_hours * 3_600_000;
        crate::orders::confirmation::start(tx, &order.id, channel, client_key, code.as_deref(), now, expires_at)?;
        crate::orders::by_id(tx, &order.id)?.ok_or_else(crate::orders::order_not_found)?
    };
    Ok(Placed { order, ran_low, code })
}

/// Records an order that store credit and a gift card pay in full, in the transaction that decides
/// it: no Paystack payment, so the payment row is completed at once, the stock sold, the code's use
/// counted and the credit and card spent (without a hold: nothing is left to wait for). The order
/// is paid; nothing of it went through Paystack (`paid_online` is 0).
#[allow(clippy::too_many_arguments)]
fn place_paid_by_tender(
    tx: &Transaction,
    who: &Identity,
    body: &StartBody,
    quote: &Quote,
    plan: &Plan,
    snapshot: (&str, &str),
    client_key: &str,
    now: i64,
) -> AppResult<Placed> {
    let owner = &who.user;
    let reference = PaymentReference::from(format!("CRD-{}", crate::util::random_id(24)));
    let payment = NewPayment { plan: Some(plan), ..NewPayment::new(&reference, PaymentStatus::Completed, None) };
    record_payment(tx, owner, body, quote, &payment, snapshot, client_key, now)?;
    let mut ran_low = crate::stock::reserve(tx, &reference, &quote.lines, now)?;
    let taken = crate::stock::sell(tx, &reference, &quote.lines)?;
    ran_low.extend(taken.ran_low);
    if let Some(code) = &quote.code
        && !crate::discounts::count_use(tx, &reference, &code.code, who, quote.breakdown.discount, now)?
    {
        return Err(AppError::Validation(crate::discounts::USED_UP.into()));
    }
    crate::credit::tender::spend(tx, &reference, plan, None, now)?;
    let b = quote.breakdown;
    let order = crate::orders::create(
        tx,
        crate::orders::NewOrder {
            reference: &reference,
            user_id: owner,
            customer: (&body.customer.name, &body.customer.email, &body.customer.phone),
            address: body.address.clone(),
            lines: quote.lines.clone(),
            from_stock: &taken.from_stock,
            total: b.total,
            price: crate::orders::Price {
                subtotal: b.subtotal,
                delivery_fee: b.delivery,
                discount: b.discount,
                discount_code: quote.code.as_ref().map(|c| c.code.clone()),
                delivery_method: body.method,
                delivery_estimate: quote.delivery_estimate.clone(),
            },
            oversold: taken.oversold,
            code_over_limit: false,
            payment_method: PaymentMethod::Paystack,
            payment_channel: None,
            details: crate::orders::Details { customer_note: body.note.clone(), ..Default::default() },
            tender: crate::orders::Tender { credit: plan.credit_kobo(), gift: plan.gift_kobo(), ..Default::default() },
        },
        now,
    )?;
    crate::credit::tender::attach_order(tx, &reference, &order.id)?;
    crate::bag::remove_bought(tx, owner, &order.items)?;
    Ok(Placed { order, ran_low, code: None })
}

/// Records a new payment with its holds, after the rules on what one shopper may hold:
/// - one payment at a time: the open one resumes when the bag and price are the same, and is
///   otherwise finished or cancelled first (its transaction could still be paid, and a hold lasts
///   as long as its transaction can be paid);
/// - holds never renewed past one lifetime without paying: payments started since the last paid
///   one share the first one's lifetime, and after it the shopper waits a lifetime;
/// - a bounded number of holds per client address.
fn begin(tx: &Transaction, request: &Request) -> AppResult<Begun> {
    let Request { owner, body, reference, client_key, lifetime_ms, per_address, now, live_fee } = *request;
    super::release_expired_holds(tx, now)?;
    // This shopper's payments that can no longer be paid give back what they hold at once. They
    // are found among the shop's open payments past their time (the expiry round ends those within
    // seconds), not by reading every payment the shopper ever made.
    let lapsed: Vec<PaymentReference> = tx
        .prepare_cached(
            "SELECT p.reference FROM payments p INDEXED BY payments_open_expiry
             WHERE p.user_id = ?1 AND p.status IN ('pending', 'failed') AND p.expires_at <= ?2
               AND (EXISTS (SELECT 1 FROM reservations r WHERE r.payment_reference = p.reference)
                    OR EXISTS (SELECT 1 FROM discount_uses u WHERE u.payment_reference = p.reference AND u.status = 'held')
                    OR EXISTS (SELECT 1 FROM tender_holds t WHERE t.payment_reference = p.reference))",
        )?
        .query_map(params![owner, now], |r| r.get(0))?
        .collect::<Result<_, _>>()?;
    for old in lapsed {
        super::release_holds(tx, &old, now)?;
    }
    let who = super::identity_of(tx, owner, &body.customer.email, &body.customer.phone)?;
    let country = super::quote::country_of(&body.address.country)?;
    let place = super::quote::Place { state: body.address.state.clone(), method: body.method, live_fee, country, currency: body.currency };
    let quote = quote_in(tx, &who, &place, body.code.as_deref(), now)?;
    // Abroad, the country's own rules already said whether a postcode is needed.
    if country.is_none() && quote.settings.postal_code.required_in(&body.address.country) && body.address.postal_code.is_empty() {
        return Err(AppError::Validation(ADDRESS_MISSING.into()));
    }
    let items = serde_json::to_string(&quote.lines).map_err(AppError::internal)?;
    let address = serde_json::to_string(&body.address).map_err(AppError::internal)?;
    if let Some(open) = open_payments(tx, owner, now)?.into_iter().next() {
        // The open payment uses credit and a gift card as this checkout asks, or it is another one.
        let wants_credit = body.use_credit && (open.credit > Kobo::ZERO || crate::credit::tender::credit_usable(tx, owner)?);
        let same_tender = (open.credit > Kobo::ZERO) == wants_credit && (open.gift > Kobo::ZERO) == body.gift_card.is_some();
        let same = open.items == items
            && same_tender
            && open.total() == quote.breakdown.total
            && open.charge() == quote.charge
            && open.address == address
            && open.method == body.method
            && open.code == quote.code.as_ref().map(|c| c.code.clone())
            && (open.customer.name == body.customer.name && open.customer.email == body.customer.email)
            && open.customer.phone == body.customer.phone;
        let payable_for = open.expires_at.unwrap_or(0) - now;
        if same && open.access_code.is_some() && payable_for >= shortest_window(lifetime_ms) {
            return Ok(Begun::Resumed(Box::new(open)));
        }
        return Err(AppError::ConflictAs(
            "payment_in_progress",
            "You have a payment in progress for a different bag. Finish it, or cancel it to start again.".into(),
        ));
    }
    if body.payment_method == PaymentMethod::PayOnDelivery {
        let placed = place_on_delivery(tx, &who, body, &quote, (&items, &address), client_key, now)?;
        return Ok(Begun::Placed(Box::new(placed)));
    }
    // Store credit and a gift card pay what they can; the rest goes through Paystack, and when
    // nothing is left the order is paid at once.
    let ask = Ask { use_credit: body.use_credit, gift_code: body.gift_card.as_deref(), guest_email: None };
    let plan = crate::credit::tender::plan(tx, owner, quote.breakdown.total, ask)?;
    if plan.rest == Kobo::ZERO {
        let placed = place_paid_by_tender(tx, &who, body, &quote, &plan, (&items, &address), client_key, now)?;
        return Ok(Begun::Placed(Box::new(placed)));
    }
    // Holds are not renewed by starting over: every payment since the last paid one ends when the
    // first of them ends, and after that the shopper waits until a lifetime has passed.
    let (first, last): (Option<i64>, Option<i64>) = tx
        .prepare_cached(
            // One lower bound, so the index range starts after the last paid payment instead of
            // reading every payment of the last two lifetimes; that payment is the first completed
            // one reading back from the newest (MAX with a condition read them all).
            "SELECT MIN(created_at), MAX(created_at) FROM payments
             WHERE user_id = ?1 AND status != 'completed'
               AND created_at > MAX(?2, COALESCE((SELECT created_at FROM payments WHERE user_id = ?1 AND status = 'completed'
                                                  ORDER BY created_at DESC LIMIT 1), 0))",
        )?
        .query_row(params![owner, now - 2 * lifetime_ms], |r| Ok((r.get(0)?, r.get(1)?)))?;
    let expires_at = first.map_or(now + lifetime_ms, |first| (first + lifetime_ms).min(now + lifetime_ms));
    if expires_at - now < shortest_window(lifetime_ms) {
        let wait = last.map_or(0, |last| last + 2 * lifetime_ms - now).max(1000) as u64;
        return Err(AppError::TooManyRequests(
            "Your items were held for you for a while without payment. Please try again later.".into(),
            std::time::Duration::from_millis(wait),
        ));
    }
    // Counted among the shop's payments still payable (the partial index), not among every payment
    // this address ever made: one address is often many shoppers (a mobile network's), and reading
    // its whole history made each checkout slower than the last (185 µs after 2,300 checkouts).
    let holding: i64 = tx
        .prepare_cached(
            "SELECT COUNT(*) FROM payments INDEXED BY payments_open_expiry
             WHERE client_key = ?1 AND status IN ('pending', 'failed') AND expires_at > ?2",
        )?
        .query_row(params![client_key, now], |r| r.get(0))?;
    if holding >= per_address {
        return Err(AppError::TooManyRequests(
            "Many checkouts are in progress from your network right now. Please try again in a few minutes.".into(),
            std::time::Duration::from_secs(60),
        ));
    }
    let recorded = NewPayment { plan: Some(&plan), ..NewPayment::new(reference, PaymentStatus::Pending, Some(expires_at)) };
    record_payment(tx, owner, body, &quote, &recorded, (&items, &address), client_key, now)?;
    let b = quote.breakdown;
    // Held until the expiry round has asked Paystack about it, or FORCED_RELEASE_MS past the end
    // if Paystack cannot be asked.
    let held_until = expires_at + super::FORCED_RELEASE_MS;
    let ran_low = crate::stock::reserve(tx, reference, &quote.lines, held_until)?;
    if let Some(code) = &quote.code {
        crate::discounts::hold(tx, code, reference, &who, b.discount, held_until)?;
    }
    // Taken now, in this transaction (so racing checkouts cannot spend one balance twice), and held:
    // given back with the stock if the payment is never completed.
    crate::credit::tender::spend(tx, reference, &plan, Some(held_until), now)?;
    Ok(Begun::New(Box::new(Started { quote, plan, ran_low, expires_at })))
}

impl Payments {
    /// Starts a payment for `owner`'s bag from `client_key`: checks the form, holds stock and the
    /// code's use, initialises the transaction with Paystack. Or resumes the shopper's open payment
    /// for the same bag and price (the bool is false then).
    #[tracing::instrument(name = "checkout", skip_all, fields(user_id = %owner))]
    pub async fn start(&self, owner: &UserId, client_key: String, mut body: StartBody) -> AppResult<(CheckoutStarted, bool)> {
        validate(&mut body)?;
        let reference = new_reference();
        let (lifetime_ms, per_address) = (self.lifetime_ms, self.per_address);
        let expected_total = body.expected_total;
        let customer = body.customer.clone();
        let (owner, r) = (owner.clone(), reference.clone());
        let mailer = self.mailer.clone();
        let live_fee = self.live_fee(&owner, &body.address.state, body.method).await?;
        let now = self.clock.now_ms();
        let begun = self
            .catalogue
            .write(move |tx| {
                let request =
                    Request { owner: &owner, body: &body, reference: &r, client_key: &client_key, lifetime_ms, per_address, now, live_fee };
                let begun = begin(tx, &request)?;
                // The shopper agreed to a total: a different one (a fee or a price changed since the
                // summary was shown) is said before Paystack is asked, and nothing is held.
                let in_naira = |kobo: Kobo| Money::new(Currency::Ngn, kobo.get());
                let total = match &begun {
                    Begun::New(started) => started.quote.charge.map_or(in_naira(started.quote.breakdown.total), |c| c.total()),
                    Begun::Resumed(open) => open.charge().map_or(in_naira(open.total()), |c| c.total()),
                    Begun::Placed(placed) => in_naira(placed.order.total_amount),
                };
                if let Some(expected) = expected_total
                    && expected != total.minor()
                {
                    return Err(AppError::ConflictAs(
                        "price_changed",
                        format!("The total has changed to {total} since you saw it. Please check your order and pay again."),
                    ));
                }
                // The mails go with the change that causes them (see `mail`).
                match &begun {
                    Begun::New(started) => crate::stock::tell_shop(&mailer, tx, &started.ran_low)?,
                    Begun::Placed(placed) => {
                        crate::stock::tell_shop(&mailer, tx, &placed.ran_low)?;
                        super::completion::queue_order_mails(&mailer, tx, &placed.order)?;
                        if let Some(code) = &placed.code {
                            super::confirm::send_code(&mailer, tx, &placed.order, code)?;
                        }
                    }
                    Begun::Resumed(_) => {}
                }
                // Stock was taken: the catalogue's answers must show it.
                let changes = Changes::shown_if(!matches!(begun, Begun::Resumed(_)));
                Ok((begun, changes))
            })
            .await?;
        let Started { quote, plan, expires_at, .. } = match begun {
            Begun::New(started) => *started,
            Begun::Resumed(open) => return Ok((CheckoutStarted::Payment(Box::new(self.resumed(*open))), false)),
            Begun::Placed(placed) => {
                crate::metrics::Metrics::add(&self.metrics.checkouts_completed, 1);
                return Ok((CheckoutStarted::Placed(Box::new(PlacedOrder { order: placed.order })), true));
            }
        };
        // Abroad, Paystack charges the whole total in the shopper's currency, by card (its only
        // channel for a foreign currency).
        let (amount, channels): (Money, Vec<&str>) = match quote.charge {
            Some(charge) => (charge.total(), vec!["card"]),
            None => (Money::new(Currency::Ngn, plan.rest.get()), quote.settings.channels.iter().map(|c| c.as_str()).collect()),
        };
        let payer = crate::paystack::Payer { email: &customer.email, name: &customer.name, phone: &customer.phone };
        let started = self.open_at_paystack(&reference, &payer, amount, &channels).await?;
        let start = PaymentStart {
            reference,
            access_code: started.access_code,
            authorization_url: started.authorization_url,
            amount: amount.minor(),
            currency: amount.currency(),
            charge: quote.charge,
            email: customer.email,
            public_key: self.paystack.public_key.clone(),
            mode: self.mode(),
            metadata: PaymentMetadata { name: customer.name, phone: customer.phone },
            items: quote.lines,
            breakdown: quote.breakdown,
            delivery_estimate: quote.delivery_estimate,
            expires_at,
            paid_by_credit: plan.credit_kobo(),
            paid_by_gift_card: plan.gift_kobo(),
        };
        Ok((CheckoutStarted::Payment(Box::new(start)), true))
    }

    /// The pop-up of the shopper's open payment, opened again.
    fn resumed(&self, open: Recorded) -> PaymentStart {
        let charge = open.charge();
        let amount = charge.map_or(Money::new(Currency::Ngn, open.amount.get()), |c| c.total());
        PaymentStart {
            reference: open.reference,
            access_code: open.access_code.unwrap_or_default(),
            authorization_url: open.authorization_url.unwrap_or_default(),
            amount: amount.minor(),
            currency: amount.currency(),
            charge,
            email: open.customer.email,
            public_key: self.paystack.public_key.clone(),
            mode: self.mode(),
            metadata: PaymentMetadata { name: open.customer.name, phone: open.customer.phone },
            items: serde_json::from_str(&open.items).unwrap_or_default(),
            breakdown: open.breakdown,
            delivery_estimate: open.delivery_estimate,
            expires_at: open.expires_at.unwrap_or_default(),
            paid_by_credit: open.credit,
            paid_by_gift_card: open.gift,
        }
    }

    /// The shopper closed the payment pop-up without paying, or gave up a payment in progress
    /// (`reference` empty: every one of theirs): see [`Payments::end_unpaid`].
    pub async fn cancel(&self, owner: &UserId, reference: PaymentReference) -> AppResult<()> {
        let now = self.clock.now_ms();
        let owner = owner.clone();
        let references: Vec<PaymentReference> = self
            .db
            .read(move |c| {
                if reference.is_empty() {
                    return Ok(open_payments(c, &owner, now)?.into_iter().map(|p| p.reference).collect());
                }
                let mine: bool = c.query_row(
                    "SELECT EXISTS(SELECT 1 FROM payments WHERE reference = ?1 AND user_id = ?2)",
                    params![reference, owner],
                    |r| r.get(0),
                )?;
                if !mine {
                    return Err(AppError::NotFound("Payment not found.".into()));
                }
                Ok(vec![reference])
            })
            .await?;
        for reference in references {
            self.end_unpaid(&reference, Ending::Cancelled).await?;
        }
        Ok(())
    }
}
