//! Orders the merchant takes in a chat (WhatsApp, Instagram) or in the shop: the order is priced
//! from the catalogue and the delivery zones, its stock is taken and its code's use counted at
//! once, in the transaction that makes it with its first pay link (see `links`).

use rusqlite::{Connection, OptionalExtension, Transaction, params};
use serde::Deserialize;

use super::*;
use crate::catalog::write::Changes;
use crate::error::{AppError, AppResult};
use crate::ids::{OrderId, PaymentReference, ProductId, UserId, VariantId};
use crate::money::{Kobo, Naira, format_naira};
use crate::orders::links::{self as pay_links, Purpose};
use crate::orders::{Address, OrderItem, PaymentMethod, Price, Source};
use crate::pricing::{self, Discount, Offer};

use super::links::{ChatOrderMade, link_expiry, queue_link};

/// The customer of an order taken in a chat.
#[derive(Deserialize, Default, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChatCustomer {
    #[serde(default)]
    #[schema(required = true, max_length = 100)]
    pub name: String,
    #[serde(default)]
    #[schema(required = true, max_length = 25)]
    pub phone: String,
    #[serde(default)]
    #[schema(max_length = 254)]
    pub email: Option<String>,
    /// An existing customer's account (from the customers list): the order joins their My Orders.
    #[serde(default)]
    #[schema(value_type = Option<String>)]
    pub account_id: Option<UserId>,
}

/// A line: a variant, or a product with its size and colour (empty or absent for none).
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChatLine {
    #[serde(default)]
    #[schema(value_type = Option<String>)]
    pub variant_id: Option<VariantId>,
    #[serde(default)]
    #[schema(value_type = Option<String>)]
    pub product_id: Option<ProductId>,
    #[serde(default)]
    pub size: Option<String>,
    #[serde(default)]
    pub color: Option<String>,
    #[schema(minimum = 1, maximum = 999)]
    pub quantity: i64,
}

/// How the order reaches the customer: to a state at its zone's fee, picked up in the shop, or a
/// fee the merchant types (naira, e.g. "3500"). The address is what the customer gave in the chat.
#[derive(Deserialize, Default, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChatDelivery {
    #[serde(default)]
    pub state: Option<String>,
    #[serde(default)]
    pub pickup: bool,
    #[serde(default)]
    pub fee: Option<Naira>,
    #[serde(default)]
    pub address: Option<Address>,
}

/// A discount the merchant gives by hand: an amount in naira and why.
#[derive(Deserialize, utoipa::ToSchema)]
pub struct ManualDiscount {
    pub amount: Naira,
    #[serde(default)]
    #[schema(required = true, max_length = 200)]
    pub reason: String,
}

/// Part of the total asked for now: an amount in naira, or a percentage (1 to 99).
#[derive(Deserialize, utoipa::ToSchema)]
pub struct DepositAsk {
    #[serde(default)]
    pub amount: Option<Naira>,
    #[serde(default)]
    #[schema(minimum = 1, maximum = 99)]
    pub percent: Option<i64>,
}

/// An order the merchant creates: `POST /api/admin/orders`.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChatOrder {
    #[serde(default)]
    #[schema(required = true)]
    pub customer: ChatCustomer,
    #[serde(default)]
    #[schema(required = true, min_items = 1, max_items = 50)]
    pub lines: Vec<ChatLine>,
    #[serde(default)]
    #[schema(required = true)]
    pub delivery: ChatDelivery,
    /// A discount code, as typed.
    #[serde(default)]
    pub code: Option<String>,
    #[serde(default)]
    pub discount: Option<ManualDiscount>,
    /// Ask for part now; the rest is the balance.
    #[serde(default)]
    pub deposit: Option<DepositAsk>,
    /// The shop's own note (never shown to the customer).
    #[serde(default)]
    #[schema(max_length = 2000)]
    pub note: Option<String>,
    /// The customer's own note ("Call before delivery"): on the packing slip and receipt.
    #[serde(default)]
    #[schema(max_length = 500)]
    pub customer_note: Option<String>,
    /// Where the order came from (default whatsapp).
    #[serde(default)]
    pub source: Option<Source>,
}
fn field(text: &str, max: usize, what: &str) -> AppResult<String> {
    let text = text.trim();
    if text.chars().count() > max {
        return Err(AppError::Validation(format!("Please keep the {what} under {max} characters.")));
    }
    Ok(text.to_string())
}

fn naira(value: Option<&Naira>, what: &str) -> AppResult<Option<Kobo>> {
    crate::money::optional_naira(value, what).map_err(AppError::Validation)
}

/// What a chat order asks for, checked before the database is touched.
struct Checked {
    name: String,
    phone: String,
    email: String,
    account: Option<UserId>,
    lines: Vec<(LineChoice, i64)>,
    delivery: DeliveryChoice,
    address: Address,
    code: Option<String>,
    manual: Option<(Kobo, String)>,
    deposit: Option<DepositChoice>,
    note: Option<String>,
    customer_note: Option<String>,
    source: Source,
}

enum LineChoice {
    Variant(VariantId),
    Product(ProductId, String, String),
}

enum DeliveryChoice {
    Pickup,
    Fee(Kobo),
    Zone(String),
}

enum DepositChoice {
    Amount(Kobo),
    Percent(i64),
}

fn check(ask: ChatOrder) -> AppResult<Checked> {
    let c = &ask.customer;
    let name = field(&c.name, 100, "name")?;
    if name.is_empty() || c.phone.trim().is_empty() {
        return Err(AppError::Validation("Please fill in the customer's name and phone number.".into()));
    }
    let phone = crate::phone::normalise(&c.phone).map_err(|why| AppError::Validation(why.to_string()))?;
    let email = c.email.as_deref().unwrap_or("").trim().to_lowercase();
    if !email.is_empty() && !crate::email::looks_like_email(&email) {
        return Err(AppError::Validation("Please enter a valid email address.".into()));
    }
    if ask.lines.is_empty() {
        return Err(AppError::Validation("Add at least one item.".into()));
    }
    if ask.lines.len() > 50 {
        return Err(AppError::Validation("An order can have at most 50 lines.".into()));
    }
    let mut lines = Vec::new();
    for line in &ask.lines {
        if !(1..=999).contains(&line.quantity) {
            return Err(AppError::Validation("Each quantity must be from 1 to 999.".into()));
        }
        let choice = match (&line.variant_id, &line.product_id) {
            (Some(v), _) => LineChoice::Variant(v.clone()),
            (None, Some(p)) => LineChoice::Product(
                p.clone(),
                line.size.as_deref().unwrap_or("").trim().to_string(),
                line.color.as_deref().unwrap_or("").trim().to_string(),
            ),
            (None, None) => {
                return Err(AppError::Validation("Each line needs a variantId, or a productId with its size and colour.".into()));
            }
        };
        lines.push((choice, line.quantity));
    }
    let d = &ask.delivery;
    let mut address = d.address.clone().unwrap_or_default();
    for (value, what) in [
        (&mut address.street, "street"),
        (&mut address.city, "city"),
        (&mut address.state, "state"),
        (&mut address.country, "country"),
        (&mut address.postal_code, "postal code"),
        (&mut address.landmark, "landmark"),
    ] {
        *value = field(value, 200, what)?;
    }
    let state = d.state.as_deref().map(str::trim).filter(|s| !s.is_empty()).map(str::to_string);
    if let Some(state) = state.as_deref().or((!address.state.is_empty()).then_some(address.state.as_str())) {
        address.state =
            crate::delivery::known_state(state).ok_or_else(|| AppError::Validation("Please choose the state.".into()))?.to_string();
    }
    if address.country.is_empty() {
        address.country = "Nigeria".into();
    }
    let fee = naira(d.fee.as_ref(), "delivery fee")?;
    let delivery = match (d.pickup, fee, state) {
        (true, None, _) => DeliveryChoice::Pickup,
        (false, Some(fee), _) => DeliveryChoice::Fee(fee),
        (false, None, Some(_)) => DeliveryChoice::Zone(address.state.clone()),
        (true, Some(_), _) => return Err(AppError::Validation("Choose pickup or a delivery fee, not both.".into())),
        (false, None, None) => return Err(AppError::Validation("Choose the delivery: a state, pickup, or a fee.".into())),
    };
    let code = ask.code.as_deref().map(str::trim).filter(|c| !c.is_empty()).map(str::to_string);
    let manual = match &ask.discount {
        None => None,
        Some(d) => {
            let amount = naira(Some(&d.amount), "discount")?.ok_or_else(|| AppError::Validation("Enter the discount.".into()))?;
            let reason = field(&d.reason, 200, "reason")?;
            if reason.is_empty() {
                return Err(AppError::Validation("Please give a reason for the discount.".into()));
            }
            (amount > Kobo::ZERO).then_some((amount, reason))
        }
    };
    if code.is_some() && manual.is_some() {
        return Err(AppError::Validation("Use a discount code or a discount by hand, not both.".into()));
    }
    let deposit = match &ask.deposit {
        None => None,
        Some(DepositAsk { amount: Some(amount), percent: None }) => {
            Some(DepositChoice::Amount(naira(Some(amount), "deposit")?.ok_or_else(|| AppError::Validation("Enter the deposit.".into()))?))
        }
        Some(DepositAsk { amount: None, percent: Some(percent) }) if (1..=99).contains(percent) => Some(DepositChoice::Percent(*percent)),
        Some(DepositAsk { amount: None, percent: Some(_) }) => {
            return Err(AppError::Validation("A deposit is from 1 to 99 percent.".into()));
        }
        Some(DepositAsk { amount: None, percent: None }) => None,
        Some(_) => return Err(AppError::Validation("Give the deposit as an amount or a percentage, not both.".into())),
    };
    let note = ask.note.as_deref().map(|n| field(n, 2000, "note")).transpose()?.filter(|n| !n.is_empty());
    let customer_note = ask.customer_note.as_deref().map(|n| field(n, 500, "customer's note")).transpose()?.filter(|n| !n.is_empty());
    Ok(Checked {
        name,
        phone,
        email,
        account: c.account_id.clone(),
        lines,
        delivery,
        address,
        code,
        manual,
        deposit,
        note,
        customer_note,
        source: ask.source.unwrap_or(Source::Whatsapp),
    })
}

/// A line of the catalogue as it is now, for an order (a chat order's or a counter sale's).
pub(crate) struct Stocked {
    pub(crate) item: OrderItem,
    pub(crate) collection_id: String,
    pub(crate) stock: i64,
}

pub(crate) fn stocked(tx: &Connection, variant: &VariantId) -> AppResult<Stocked> {
    tx.prepare_cached(
        "SELECT v.id, v.product_id, p.name, p.price_kobo, NULLIF(v.size, ''), NULLIF(v.color, ''), p.collection_id, v.stock,
                CASE WHEN p.compare_at_kobo > p.price_kobo THEN p.compare_at_kobo END
         FROM variants v JOIN products p ON p.id = v.product_id WHERE v.id = ?1",
    )?
    .query_row([variant], |r| {
        Ok(Stocked {
            item: OrderItem {
                variant_id: Some(r.get(0)?),
                product_id: Some(r.get(1)?),
                name: r.get(2)?,
                price: r.get(3)?,
                quantity: 0,
                size: r.get(4)?,
                color: r.get(5)?,
                compare_at_price: r.get(8)?,
                price_abroad: None,
            },
            collection_id: r.get(6)?,
            stock: r.get(7)?,
        })
    })
    .optional()?
    .ok_or_else(|| AppError::NotFound("One of the items is no longer in the catalogue.".into()))
}

/// Makes the order in one transaction: its lines at today's prices with stock taken, its
/// delivery and discount, the code's use counted, and its first pay link. Returns the order's id,
/// the link's token and the variants that ran low.
fn create_in(tx: &Transaction, ask: &Checked, actor: &UserId, now: i64) -> AppResult<(OrderId, String, Vec<crate::stock::RanLow>)> {
    let owner = match &ask.account {
        Some(account) => tx
            .query_row("SELECT id FROM users WHERE id = ?1 AND guest = 0", [account], |r| r.get::<_, UserId>(0))
            .optional()?
            .ok_or_else(|| AppError::NotFound("No customer found with that account.".into()))?,
        None => {
            // A customer without an account gets a guest row of their own, as a guest checkout does.
            let id = crate::auth::guests::create(tx, now)?;
            tx.execute("UPDATE users SET display_name = ?2 WHERE id = ?1", params![id, ask.name])?;
            id
        }
    };
    let mut lines: Vec<Stocked> = Vec::new();
    for (choice, quantity) in &ask.lines {
        let variant = match choice {
            LineChoice::Variant(v) => v.clone(),
            LineChoice::Product(p, size, color) => crate::stock::pick(tx, p, size, color)?.variant_id,
        };
        match lines.iter_mut().find(|l| l.item.variant_id.as_ref() == Some(&variant)) {
            Some(line) => line.item.quantity += quantity,
            None => {
                let mut line = stocked(tx, &variant)?;
                line.item.quantity = *quantity;
                lines.push(line);
            }
        }
    }
    for line in &lines {
        if line.stock < line.item.quantity {
            let what = crate::stock::describe_line(&line.item.name, line.item.size.as_deref(), line.item.color.as_deref());
            return Err(AppError::Conflict(match line.stock {
                0 => format!("{what} is sold out."),
                left => format!("Only {left} of {what} left."),
            }));
        }
    }
    let priced: Vec<pricing::Line> = lines
        .iter()
        .map(|l| pricing::Line { price: l.item.price, quantity: l.item.quantity, collection_id: l.collection_id.clone() })
        .collect();
    let subtotal: Kobo = priced.iter().map(|l| l.price * l.quantity).sum();
    let (delivery, method, estimate) = match &ask.delivery {
        DeliveryChoice::Pickup => (pricing::Delivery::Pickup, crate::delivery::Method::Pickup, None),
        DeliveryChoice::Fee(fee) => (pricing::Delivery::Zone { fee: *fee, free_over: None }, crate::delivery::Method::Delivery, None),
        DeliveryChoice::Zone(state) => {
            let found = crate::delivery::for_checkout(tx, state, crate::delivery::Method::Delivery, None)?;
            (found.delivery, crate::delivery::Method::Delivery, found.estimate)
        }
    };
    // The customer is counted by her account, e-mail and phone, as at checkout.
    let who = super::identity_of(tx, &owner, &ask.email, &ask.phone)?;
    let code = ask.code.as_deref().map(|typed| crate::discounts::usable(tx, typed, &who, subtotal, now)).transpose()?;
    let discount: Option<Discount> = match (&code, &ask.manual) {
        (Some(code), _) => Some(code.discount()),
        (None, Some((amount, _))) if *amount > subtotal => {
            return Err(AppError::Validation(format!("The discount can be at most the items' total, {}.", format_naira(subtotal))));
        }
        (None, Some((amount, _))) => Some(Discount { offer: Offer::Fixed(*amount), collections: Vec::new() }),
        (None, None) => None,
    };
    let breakdown = pricing::price(&priced, &delivery, discount.as_ref());
    if breakdown.total < MINIMUM_KOBO {
        return Err(AppError::Validation("The minimum order is ₦50.00.".into()));
    }
    let deposit = match ask.deposit {
        None => None,
        Some(DepositChoice::Amount(amount)) => Some(amount),
        Some(DepositChoice::Percent(percent)) => Some(breakdown.total.percent(percent)),
    };
    if let Some(deposit) = deposit
        && (deposit < MINIMUM_KOBO || deposit >= breakdown.total)
    {
        return Err(AppError::Validation(format!(
            "The deposit must be from ₦50.00 to less than the total, {}.",
            format_naira(breakdown.total)
        )));
    }
    let items: Vec<OrderItem> = lines.into_iter().map(|l| l.item).collect();
    let reference = PaymentReference::from(format!("DM-{}", crate::util::random_id(24)));
    tx.execute(
        "INSERT INTO payments (reference, user_id, amount_kobo, currency, status, customer_name, customer_email, customer_phone,
                               delivery_address, items, created_at, updated_at, subtotal_kobo, delivery_kobo, discount_kobo,
                               discount_code, delivery_method, delivery_estimate, customer_note)
         VALUES (:reference, :owner, :total, 'NGN', 'completed', :name, :email, :phone, :address, :items, :now, :now, :subtotal,
                 :delivery, :discount, :code, :method, :estimate, :note)",
        rusqlite::named_params! {
            ":reference": reference,
            ":owner": owner,
            ":total": breakdown.total,
            ":name": ask.name,
            ":email": ask.email,
            ":phone": ask.phone,
            ":address": serde_json::to_string(&ask.address).map_err(AppError::internal)?,
            ":items": serde_json::to_string(&items).map_err(AppError::internal)?,
            ":now": now,
            ":subtotal": breakdown.subtotal,
            ":delivery": breakdown.delivery,
            ":discount": breakdown.discount,
            ":code": code.as_ref().map(|c| c.code.clone()),
            ":method": method,
            ":estimate": estimate,
            ":note": ask.customer_note,
        },
    )?;
    let mut ran_low = crate::stock::reserve(tx, &reference, &items, now)?;
    let taken = crate::stock::sell(tx, &reference, &items)?;
    ran_low.extend(taken.ran_low);
    if let Some(code) = &code
        && !crate::discounts::count_use(tx, &reference, &code.code, &who, breakdown.discount, now)?
    {
        return Err(AppError::Validation(crate::discounts::USED_UP.into()));
    }
    let order = crate::orders::create(
        tx,
        crate::orders::NewOrder {
            reference: &reference,
            user_id: &owner,
            customer: (&ask.name, &ask.email, &ask.phone),
            address: ask.address.clone(),
            lines: items,
            from_stock: &taken.from_stock,
            total: breakdown.total,
            price: Price {
                subtotal: breakdown.subtotal,
                delivery_fee: breakdown.delivery,
                discount: breakdown.discount,
                discount_code: code.as_ref().map(|c| c.code.clone()),
                delivery_method: method,
                delivery_estimate: estimate,
            },
            oversold: taken.oversold,
            code_over_limit: false,
            payment_method: PaymentMethod::PayLink,
            payment_channel: None,
            details: crate::orders::Details {
                source: ask.source,
                customer_note: ask.customer_note.clone(),
                internal_note: ask.note.clone(),
                discount_reason: ask.manual.as_ref().map(|(_, reason)| reason.clone()),
                created_by: Some(actor.clone()),
                // Chat orders are priced and paid in naira.
                charge: None,
            },
            tender: Default::default(),
        },
        now,
    )?;
    let (amount, purpose) = match deposit {
        Some(deposit) => (deposit, Purpose::Deposit),
        None => (order.total_amount, Purpose::Full),
    };
    let token = pay_links::create(tx, &order.id, amount, purpose, Some(actor), link_expiry(tx, now)?, now)?;
    let asked = if purpose == Purpose::Deposit { format!(", deposit {}", format_naira(amount)) } else { String::new() };
    let summary = format!("Order #{} created from {} for {}{asked}", order.number, ask.source, format_naira(order.total_amount));
    crate::staff::record(tx, actor, "order", &order.id, &summary)?;
    Ok((order.id, token, ran_low))
}
impl Payments {
    /// Creates an order taken in a chat, with its first pay link; mails the customer the link
    /// when they gave an e-mail.
    pub async fn create_chat_order(&self, actor: &UserId, ask: ChatOrder) -> AppResult<ChatOrderMade> {
        let checked = check(ask)?;
        let actor = actor.clone();
        let (mailer, base) = (self.mailer.clone(), self.link_url(""));
        let now = self.clock.now_ms();
        let (order, token) = self
            .catalogue
            .write(move |tx| {
                let (id, token, ran_low) = create_in(tx, &checked, &actor, now)?;
                let order = crate::orders::admin_order(tx, &id)?;
                crate::stock::tell_shop(&mailer, tx, &ran_low)?;
                queue_link(&mailer, tx, order.order(), &format!("{base}{token}"))?;
                Ok(((order, token), Changes::shown()))
            })
            .await?;
        let pay_link = self.link_url(&token);
        Ok(ChatOrderMade { order, pay_link })
    }
}
