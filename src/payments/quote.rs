//! Pricing a checkout: the bag at current prices with delivery and a code, the merchant's limits
//! on one order, and whether it may be paid on delivery. Shared by the summary's quote and the
//! payment's start.

use rusqlite::{Connection, params};
use serde::{Deserialize, Serialize};

use super::*;
use crate::delivery::Method;
use crate::error::{AppError, AppResult};
use crate::identity::Identity;
use crate::ids::UserId;
use crate::money::{Currency, Kobo, Money, Rate};
use crate::orders::OrderItem;
use crate::pricing::{self, Breakdown};

/// Payments one customer may start within ten minutes without paying one (cancelled ones count
/// too): each costs a Paystack call, and nobody shopping needs more.
const MAX_OPEN_PAYMENTS: i64 = 10;
const OPEN_PAYMENTS_WINDOW_MS: i64 = 600_000;

/// The bag at current prices, refused when it cannot be paid for: its lines as ordered, and as
/// priced (with their collections, which codes may be limited to).
fn snapshot_bag(conn: &Connection, user_id: &UserId, now: i64, rate: Option<Rate>) -> AppResult<(Vec<OrderItem>, Vec<pricing::Line>)> {
    let (open, oldest): (i64, Option<i64>) = conn
        .prepare_cached("SELECT COUNT(*), MIN(created_at) FROM payments WHERE user_id = ?1 AND status != ?3 AND created_at > ?2")?
        .query_row(params![user_id, now - OPEN_PAYMENTS_WINDOW_MS, PaymentStatus::Completed], |r| Ok((r.get(0)?, r.get(1)?)))?;
    if open >= MAX_OPEN_PAYMENTS {
        let wait = oldest.map_or(0, |t| t + OPEN_PAYMENTS_WINDOW_MS - now).max(0) as u64;
        return Err(AppError::TooManyRequests(
            "You have started several payments in the last few minutes. Please finish one or try again shortly.".into(),
            std::time::Duration::from_millis(wait),
        ));
    }
    let bag = crate::bag::load_to_price(conn, user_id)?;
    let rows: i64 = conn.prepare_cached("SELECT COUNT(*) FROM bag_items WHERE user_id = ?1")?.query_row([user_id], |r| r.get(0))?;
    if rows == 0 {
        return Err(AppError::Conflict("Your bag is empty.".into()));
    }
    if rows as usize != bag.items.len() || bag.items.iter().any(|i| i.variant_id.is_none()) {
        return Err(AppError::Conflict("Some items in your bag are no longer available. Please review your bag.".into()));
    }
    let priced = bag
        .items
        .iter()
        .map(|item| pricing::Line { price: item.product.price, quantity: item.quantity, collection_id: item.product.collection_id.clone() })
        .collect();
    let lines = bag
        .items
        .iter()
        .map(|item| OrderItem {
            product_id: Some(item.product.id.clone()),
            variant_id: item.variant_id.clone(),
            name: item.product.name.clone(),
            price: item.product.price,
            compare_at_price: item.product.compare_at_price,
            quantity: item.quantity,
            size: item.size.clone(),
            color: item.color.clone(),
            // Abroad, each line's price is the product's in that currency, as the catalogue shows it.
            price_abroad: rate.map(|rate| {
                let shown = item.product.prices_abroad.iter().find(|p| p.currency == rate.currency);
                shown.map_or_else(|| rate.price_of(item.product.price).minor(), |p| p.price)
            }),
        })
        .collect();
    Ok((lines, priced))
}

/// What a checkout will cost: the bag priced with delivery by `method` to `state` (or to a country
/// abroad) and the code, if any, checked for this customer (by account, e-mail and phone); and,
/// in a currency abroad, what it charges in it. Shared by the quote and the payment's start.
pub(super) fn quote_in(conn: &Connection, who: &Identity, place: &Place, code: Option<&str>, now: i64) -> AppResult<Quote> {
    let settings = crate::settings::load(conn)?;
    let rate = match place.currency {
        Currency::Ngn => None,
        currency => Some(crate::abroad::offered_rate(&settings.currencies, currency)?),
    };
    let (mut lines, priced) = snapshot_bag(conn, &who.user, now, rate)?;
    check_limits(&settings, &lines)?;
    let (delivery, delivery_estimate, pay_on_delivery, fee_abroad) = match place.country {
        None => {
            let crate::delivery::ForCheckout { delivery, estimate, pay_on_delivery } =
                crate::delivery::for_checkout(conn, &place.state, place.method, place.live_fee)?;
            (delivery, estimate, pay_on_delivery, None)
        }
        Some(country) => {
            if place.method != Method::Delivery {
                return Err(AppError::Validation("Pick up in store is for addresses in Nigeria.".into()));
            }
            let (fee, estimate) = crate::abroad::delivery_to(conn, country)?;
            let fee_rate = crate::abroad::rate_of(&settings.currencies, fee.currency()).ok_or_else(|| AppError::internal("no rate"))?;
            let delivery = pricing::Delivery::Zone { fee: fee_rate.naira_of(fee), free_over: None };
            (delivery, Some(estimate), crate::delivery::PayOnDelivery { enabled: false, ..Default::default() }, Some((fee, fee_rate)))
        }
    };
    let subtotal: Kobo = priced.iter().map(|l| l.price * l.quantity).sum();
    let code = code.map(|typed| crate::discounts::usable(conn, typed, who, subtotal, now)).transpose()?;
    let discount = code.as_ref().map(|c| c.discount());
    let mut breakdown = pricing::price(&priced, &delivery, discount.as_ref());
    if breakdown.total < MINIMUM_KOBO {
        return Err(AppError::Validation("The minimum order is ₦50.00.".into()));
    }
    if breakdown.total > settings.max_order_total {
        return Err(AppError::Validation(format!(
            "An order can be at most {}. Please remove some items from your bag.",
            crate::money::format_naira(settings.max_order_total)
        )));
    }
    let charge = rate.map(|rate| {
        // The same arithmetic in the shopper's currency: the lines at the prices she was shown,
        // the fee in her currency (through naira when the zone's is another), a fixed discount at the rate.
        let in_currency = |kobo: Kobo| rate.amount_of(kobo);
        let abroad: Vec<pricing::Line<Money>> = lines
            .iter()
            .zip(&priced)
            .map(|(line, p)| pricing::Line {
                price: Money::new(rate.currency, line.price_abroad.unwrap_or_default()),
                quantity: p.quantity,
                collection_id: p.collection_id.clone(),
            })
            .collect();
        let delivery = match (&delivery, fee_abroad) {
            (_, Some((fee, _))) if fee.currency() == rate.currency => pricing::Delivery::Zone { fee, free_over: None },
            (_, Some((fee, fee_rate))) => pricing::Delivery::Zone { fee: in_currency(fee_rate.naira_of(fee)), free_over: None },
            (pricing::Delivery::Pickup, None) => pricing::Delivery::Pickup,
            (pricing::Delivery::Zone { fee, free_over }, None) => {
                pricing::Delivery::Zone { fee: in_currency(*fee), free_over: free_over.map(in_currency) }
            }
        };
        let discount = discount.as_ref().map(|d| pricing::Discount {
            offer: match d.offer {
                pricing::Offer::Percent(p) => pricing::Offer::Percent(p),
                pricing::Offer::Fixed(k) => pricing::Offer::Fixed(in_currency(k)),
                pricing::Offer::FreeDelivery => pricing::Offer::FreeDelivery,
            },
            collections: d.collections.clone(),
        });
        let parts = pricing::price_in(Money::zero(rate.currency), &abroad, &delivery, discount.as_ref());
        crate::abroad::Charge::of(parts, rate)
    });
    if let Some(charge) = &charge {
        // The shop's books count the order at its worth in naira at this rate.
        breakdown = charge.in_naira();
        let rate = charge.rate();
        for line in &mut lines {
            line.price = rate.naira_of(Money::new(charge.currency, line.price_abroad.unwrap_or_default()));
            line.compare_at_price = line.compare_at_price.filter(|c| *c > line.price);
        }
    }
    Ok(Quote { breakdown, delivery_estimate, code, lines, pay_on_delivery, settings, charge })
}

/// Whether this order may be paid on delivery, and why not when the delivery allows it but this
/// order cannot. Open pay-on-delivery orders (delivered ones too, until their money is collected)
/// are counted by the customer's account, e-mail and phone, so a new address or a fresh guest
/// does not get around the merchant's limit; and a customer the shop does not know yet may not
/// have more than the merchant's number waiting for confirmation from her client address.
pub(super) fn pay_on_delivery_offer(
    conn: &Connection,
    who: &Identity,
    client_key: Option<&str>,
    quote: &Quote,
) -> AppResult<PayOnDeliveryOffer> {
    let rule = quote.pay_on_delivery;
    if !rule.enabled {
        return Ok(PayOnDeliveryOffer { offered: false, reason: None });
    }
    let refused = |reason: String| Ok(PayOnDeliveryOffer { offered: false, reason: Some(reason) });
    if quote.breakdown.total > rule.max_total {
        return refused(format!("Pay on delivery is for orders up to {}.", crate::money::format_naira(rule.max_total)));
    }
    let open: i64 = conn
        .prepare_cached(
            "SELECT COUNT(*) FROM orders
             WHERE payment_method = 'pay_on_delivery' AND collected_at IS NULL AND status IN ('placed', 'processing', 'shipped', 'delivered')
               AND (user_id = :user OR email_key IN (SELECT value FROM json_each(:emails))
                    OR phone_key IN (SELECT value FROM json_each(:phones)))",
        )?
        .query_row(rusqlite::named_params! { ":user": who.user, ":emails": who.emails_json(), ":phones": who.phones_json() }, |r| {
            r.get(0)
        })?;
    if open >= quote.settings.pay_on_delivery_open_limit {
        return refused("You already have an order to pay on delivery. Pay for it first, or choose Pay now.".into());
    }
    if let Some(client_key) = client_key
        && !crate::orders::confirmation::is_known_customer(conn, &who.user)?
        && crate::orders::confirmation::waiting_from(conn, client_key)?.0 >= quote.settings.pod_unconfirmed_per_address
    {
        return refused(
            "Many orders to pay on delivery from your network are waiting to be confirmed. Please choose Pay now, or try again later."
                .into(),
        );
    }
    Ok(PayOnDeliveryOffer { offered: true, reason: None })
}

/// The merchant's bounds on what one order holds: so much of one size and colour, so much in all.
pub fn check_limits(settings: &crate::settings::Settings, lines: &[OrderItem]) -> AppResult<()> {
    let mut per_variant: std::collections::HashMap<&str, i64> = std::collections::HashMap::new();
    for line in lines {
        let units = per_variant.entry(line.variant_id.as_deref().unwrap_or(&line.name)).or_default();
        *units += line.quantity;
        if *units > settings.max_per_line {
            return Err(AppError::Validation(format!(
                "You can buy at most {} of {} in one order.",
                settings.max_per_line,
                crate::stock::describe_line(&line.name, line.size.as_deref(), line.color.as_deref())
            )));
        }
    }
    let units: i64 = lines.iter().map(|l| l.quantity).sum();
    if units > settings.max_per_checkout {
        return Err(AppError::Validation(format!("You can buy at most {} items in one order.", settings.max_per_checkout)));
    }
    Ok(())
}

/// Where a checkout goes: the state typed, how, and the courier's live rate when its zone takes one;
/// or a country abroad (`state` is then its region); and the currency it is paid in.
pub(super) struct Place {
    pub(super) state: String,
    pub(super) method: Method,
    pub(super) live_fee: Option<Kobo>,
    pub(super) country: Option<&'static crate::abroad::Country>,
    pub(super) currency: Currency,
}

/// A priced checkout.
pub(super) struct Quote {
    pub(super) breakdown: Breakdown,
    pub(super) delivery_estimate: Option<String>,
    pub(super) code: Option<crate::discounts::Code>,
    pub(super) lines: Vec<OrderItem>,
    /// What the delivery chosen allows of pay on delivery.
    pub(super) pay_on_delivery: crate::delivery::PayOnDelivery,
    /// The merchant's settings in force for this checkout.
    pub(super) settings: crate::settings::Settings,
    /// In a currency abroad: what it charges in it (`breakdown` is then its worth in naira).
    pub(super) charge: Option<crate::abroad::Charge>,
}

/// Pay on delivery for this order: offered, or why not (`reason` is none when the delivery chosen
/// does not take it at all).
#[derive(Serialize, utoipa::ToSchema)]
pub struct PayOnDeliveryOffer {
    pub(super) offered: bool,
    pub(super) reason: Option<String>,
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct QuoteBody {
    /// The delivery state (any case; "FCT" and "Abuja" are the Federal Capital Territory).
    #[serde(default)]
    state: String,
    #[serde(default)]
    method: Method,
    /// A discount code to try, as typed.
    #[serde(default)]
    code: Option<String>,
    /// Pay what store credit can (see `StartBody`).
    #[serde(default, rename = "useCredit")]
    use_credit: bool,
    /// A gift card's code to try, as typed.
    #[serde(default, rename = "giftCard")]
    gift_card: Option<String>,
    /// A guest's e-mail as typed so far: when it holds store credit the summary says to sign in.
    #[serde(default)]
    email: Option<String>,
    /// The currency to pay in: NGN (the default), or one the shop offers abroad.
    #[serde(default = "naira")]
    currency: Currency,
    /// Where it goes: "NG" (the default) or a country abroad's code; abroad, `state` is its region.
    #[serde(default)]
    country: String,
}

fn naira() -> Currency {
    Currency::Ngn
}

/// A country abroad by its code or name, or none for Nigeria; an unknown one is refused.
pub(super) fn country_of(typed: &str) -> AppResult<Option<&'static crate::abroad::Country>> {
    if crate::abroad::countries::is_nigeria(typed) {
        return Ok(None);
    }
    crate::abroad::countries::find(typed)
        .map(Some)
        .ok_or_else(|| AppError::Validation("Sorry, we do not deliver to that country yet.".into()))
}

/// Gift cards and store credit are naira: a checkout abroad pays all of its total by card.
pub(super) const NAIRA_TENDERS: &str = "Gift cards and store credit pay in naira. Choose ₦ NGN to use them.";

/// What the checkout summary shows before paying.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CheckoutQuote {
    breakdown: Breakdown,
    delivery_estimate: Option<String>,
    /// The code applied, as stored.
    code: Option<String>,
    pay_on_delivery: PayOnDeliveryOffer,
    /// What store credit can do for this order.
    credit: crate::credit::tender::CreditOffer,
    /// The gift card entered, with what it pays.
    gift_card: Option<crate::credit::tender::GiftCardOffer>,
    /// What is left to pay through Paystack after credit and the gift card.
    #[schema(value_type = i64)]
    to_pay: Kobo,
    /// In a currency abroad: what the order charges in it (`breakdown` is its worth in naira).
    charge: Option<crate::abroad::Charge>,
}

impl Payments {
    /// Prices the bag for a state, a delivery method and a code, without starting anything. The
    /// customer is known by her account here (a guest's details come with the payment's start).
    pub async fn quote(&self, owner: &UserId, client_key: String, body: QuoteBody) -> AppResult<CheckoutQuote> {
        let QuoteBody { state: delivery_state, method, code, use_credit, gift_card, email, currency, country } = body;
        let code = code.filter(|c| !c.trim().is_empty());
        let country = country_of(&country)?;
        let gift_card = gift_card.filter(|g| !g.trim().is_empty());
        if currency != Currency::Ngn && (use_credit || gift_card.is_some()) {
            return Err(AppError::Validation(NAIRA_TENDERS.into()));
        }
        let live_fee = if country.is_some() { None } else { self.live_fee(owner, &delivery_state, method).await? };
        let place = Place { state: delivery_state, method, live_fee, country, currency };
        let owner = owner.clone();
        let now = self.clock.now_ms();
        let (quote, offer, plan) = self
            .db
            .read(move |c| {
                let who = super::identity_of(c, &owner, "", "")?;
                let quote = quote_in(c, &who, &place, code.as_deref(), now)?;
                let offer = pay_on_delivery_offer(c, &who, Some(&client_key), &quote)?;
                let ask = crate::credit::tender::Ask { use_credit, gift_code: gift_card.as_deref(), guest_email: email.as_deref() };
                let plan = crate::credit::tender::plan(c, &owner, quote.breakdown.total, ask)?;
                Ok((quote, offer, plan))
            })
            .await?;
        Ok(CheckoutQuote {
            breakdown: quote.breakdown,
            delivery_estimate: quote.delivery_estimate,
            code: quote.code.map(|c| c.code),
            pay_on_delivery: offer,
            to_pay: plan.rest,
            credit: plan.credit,
            gift_card: plan.gift.map(|(_, g)| g),
            charge: quote.charge,
        })
    }
}
