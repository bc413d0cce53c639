//! Orders the merchant takes in a chat (WhatsApp, Instagram) or in the shop, paid by link: the
//! order is priced from the catalogue and the delivery zones, its stock is taken and its code's use
//! counted at once, and a pay link (`/pay/{token}`) asks for all of it or a deposit; a second link
//! asks for the balance. Each link's Paystack payment is started, verified and completed by the
//! same machinery as a checkout's; completing one adds its money to the order instead of making a
//! new order. An order whose link expires unpaid is cancelled and its stock goes back on sale.

use rusqlite::{Connection, OptionalExtension, Transaction, params};
use serde::{Deserialize, Serialize};

use super::*;
use crate::catalog::write::Changes;
use crate::error::{AppError, AppResult};
use crate::ids::{OrderId, PaymentReference, ProductId, UserId, VariantId};
use crate::money::{Kobo, format_naira};
use crate::orders::links::{self as pay_links, LinkStatus, PayLink, Purpose};
use crate::orders::{Address, Order, OrderItem, OrderStatus, PaymentMethod, Price, Source};
use crate::pricing::{self, Breakdown, Discount, Offer};

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
    #[schema(value_type = Option<String>)]
    pub fee: Option<serde_json::Value>,
    #[serde(default)]
    pub address: Option<Address>,
}

/// A discount the merchant gives by hand: an amount in naira and why.
#[derive(Deserialize, utoipa::ToSchema)]
pub struct ManualDiscount {
    #[schema(value_type = String)]
    pub amount: serde_json::Value,
    #[serde(default)]
    #[schema(required = true, max_length = 200)]
    pub reason: String,
}

/// Part of the total asked for now: an amount in naira, or a percentage (1 to 99).
#[derive(Deserialize, utoipa::ToSchema)]
pub struct DepositAsk {
    #[serde(default)]
    #[schema(value_type = Option<String>)]
    pub amount: Option<serde_json::Value>,
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
    #[schema(value_type = Option<String>)]
    pub amount: Option<serde_json::Value>,
}

fn field(text: &str, max: usize, what: &str) -> AppResult<String> {
    let text = text.trim();
    if text.chars().count() > max {
        return Err(AppError::Validation(format!("Please keep the {what} under {max} characters.")));
    }
    Ok(text.to_string())
}

fn naira(value: Option<&serde_json::Value>, what: &str) -> AppResult<Option<Kobo>> {
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

/// A line of the catalogue as it is now, for an order.
struct Stocked {
    item: OrderItem,
    collection_id: String,
    stock: i64,
}

fn stocked(tx: &Connection, variant: &VariantId) -> AppResult<Stocked> {
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
            let found = crate::delivery::for_checkout(tx, state, crate::delivery::Method::Delivery)?;
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
            },
        },
    )?;
    let (amount, purpose) = match deposit {
        Some(deposit) => (deposit, Purpose::Deposit),
        None => (order.total_amount, Purpose::Full),
    };
    let token = pay_links::create(tx, &order.id, amount, purpose, Some(actor), link_expiry(tx, now)?)?;
    let asked = if purpose == Purpose::Deposit { format!(", deposit {}", format_naira(amount)) } else { String::new() };
    let summary = format!("Order #{} created from {} for {}{asked}", order.number, ask.source, format_naira(order.total_amount));
    crate::staff::record(tx, actor, "order", &order.id, &summary)?;
    Ok((order.id, token, ran_low))
}

/// When a link made now stops being payable: the merchant's pay-link hours from now.
fn link_expiry(conn: &Connection, now: i64) -> rusqlite::Result<i64> {
    Ok(now + crate::settings::load(conn)?.pay_link_hours * 3_600_000)
}

/// Writes the customer's mail with the pay link (when they gave an e-mail) in the link's transaction.
fn queue_link(mailer: &crate::mail::Mailer, tx: &rusqlite::Connection, order: &Order, link: &str) -> AppResult<()> {
    let (subject, body) = crate::orders::mails::pay_link(mailer.shop_name(), order, link);
    mailer
        .queue(tx, crate::mail::Mail { kind: "pay_link", to: &order.customer_email, subject: &subject, body: &body, unsubscribe: None })?;
    Ok(())
}

impl Payments {
    /// `{public-url}/pay/{token}`.
    pub fn link_url(&self, token: &str) -> String {
        format!("{}/pay/{token}", self.mailer.public_url())
    }

    /// Creates an order taken in a chat, with its first pay link; mails the customer the link
    /// when they gave an e-mail.
    pub async fn create_chat_order(&self, actor: &UserId, ask: ChatOrder) -> AppResult<ChatOrderMade> {
        let checked = check(ask)?;
        let actor = actor.clone();
        let (mailer, base) = (self.mailer.clone(), self.link_url(""));
        let (order, token) = self
            .catalogue
            .write(move |tx| {
                let (id, token, ran_low) = create_in(tx, &checked, &actor, crate::db::now_ms())?;
                let order = crate::orders::admin_order(tx, &id)?;
                crate::stock::tell_shop(&mailer, tx, &ran_low)?;
                queue_link(&mailer, tx, order.order(), &format!("{base}{token}"))?;
                Ok(((order, token), Changes::shown()))
            })
            .await?;
        let pay_link = self.link_url(&token);
        Ok(ChatOrderMade { order, pay_link })
    }

    /// A new link for an order taken in a chat: for `amount`, or the whole balance. The order's
    /// open link ends. Answers the order and the link.
    pub async fn new_link(&self, actor: &UserId, order_id: &OrderId, amount: Option<Kobo>) -> AppResult<ChatOrderMade> {
        let (actor, id) = (actor.clone(), order_id.clone());
        let (mailer, base) = (self.mailer.clone(), self.link_url(""));
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
                let now = crate::db::now_ms();
                let token = pay_links::create(tx, &id, amount, purpose, Some(&actor), link_expiry(tx, now)?)?;
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
        self.db
            .write(move |tx| {
                let order = crate::orders::by_id(tx, &id)?.ok_or_else(crate::orders::order_not_found)?;
                if pay_links::cancel_open(tx, &id, crate::db::now_ms())? > 0 {
                    crate::staff::record(tx, &actor, "order", &id, &format!("Order #{}: pay link cancelled", order.number))?;
                }
                crate::orders::admin_order(tx, &id)
            })
            .await
    }

    /// The pay page of `token`.
    pub async fn pay_page(&self, token: String) -> AppResult<PayPage> {
        let (mode, public_key, shop_name) = (self.mode(), self.paystack.public_key.clone(), self.mailer.shop_name().to_string());
        self.db
            .read(move |c| {
                let (link, order) = link_and_order(c, &token)?;
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
        let reference = super::checkout::new_reference();
        let shop_email = self.mailer.shop_address();
        let r = reference.clone();
        let begun = self.db.write(move |tx| begin_link(tx, &token, &r, &client_key, &shop_email, lifetime_ms, per_address)).await?;
        let started = match begun {
            LinkBegun::Resumed(start) => return Ok(self.link_start(*start)),
            LinkBegun::New(start) => *start,
        };
        let channels: Vec<&str> = started.channels.iter().map(|c| c.as_str()).collect();
        let payer =
            crate::paystack::Payer { email: &started.email, name: &started.order.customer_name, phone: &started.order.customer_phone };
        let opened = self.open_at_paystack(&reference, &payer, started.amount, &channels).await?;
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
            amount: start.amount,
            currency: "NGN",
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
    pub async fn end_lapsed_links(&self) -> AppResult<usize> {
        let now = crate::db::now_ms();
        let lapsed = self.db.read(move |c| Ok(pay_links::lapsed_orders(c, now, FORCED_RELEASE_MS)?)).await?;
        let mut ended = 0;
        for id in lapsed {
            let (order, changed) = self
                .catalogue
                .write(move |tx| {
                    // Looked at again inside the write: money may have come meanwhile.
                    if !pay_links::lapsed_orders(tx, crate::db::now_ms(), FORCED_RELEASE_MS)?.contains(&id) {
                        return Ok(((None, false), Changes::none()));
                    }
                    let (order, changed, restocked) = crate::orders::change_status(tx, &id, OrderStatus::Cancelled, &Default::default())?;
                    Ok(((Some(order), changed), Changes::shown_if(restocked)))
                })
                .await?;
            if let (Some(order), true) = (order, changed) {
                log::info!("order {} cancelled: its pay link expired unpaid", order.number);
                ended += 1;
            }
        }
        Ok(ended)
    }
}

/// The link of `token` and its order, or why the page cannot be shown.
fn link_and_order(conn: &Connection, token: &str) -> AppResult<(PayLink, Order)> {
    let link = pay_links::by_token(conn, token)?
        .ok_or_else(|| AppError::NotFound("This pay link does not exist. Please check the link, or contact the shop.".into()))?;
    let order = crate::orders::by_id(conn, &link.order_id)?.ok_or_else(crate::orders::order_not_found)?;
    Ok((link, order))
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

/// Records a link's new payment, or finds its payment still payable. A link has one payment at a
/// time: a second click while Paystack is being asked waits for the first.
fn begin_link(
    tx: &Transaction,
    token: &str,
    reference: &PaymentReference,
    client_key: &str,
    shop_email: &str,
    lifetime_ms: i64,
    per_address: i64,
) -> AppResult<LinkBegun> {
    let (link, order) = link_and_order(tx, token)?;
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
    let now = crate::db::now_ms();
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
        if expires_at - now >= super::checkout::shortest_window(lifetime_ms) {
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

/// Completes a link's payment that Paystack reports paid in full: the link is paid, the money is
/// the order's, a placed order becomes paid, and links asking for more than is still owed end.
/// Money for an order that was cancelled meanwhile, or more than it still owes, is kept for an
/// admin as a mismatch (to refund, or to restore the order).
pub(super) fn complete_link_in(
    tx: &Transaction,
    reference: &PaymentReference,
    token: &str,
    current: PaymentStatus,
    channel: Option<&str>,
) -> AppResult<Outcome> {
    let (link, order) = link_and_order(tx, token)?;
    let now = crate::db::now_ms();
    let refuse = |why: String| -> AppResult<Outcome> {
        super::completion::set_status(tx, reference, current, PaymentStatus::Mismatch, Some(&why))?;
        log::warn!("payment {reference} for pay link of order {}: {why}", order.number);
        Ok(Outcome::Mismatch)
    };
    if matches!(order.status, OrderStatus::Cancelled | OrderStatus::Refused) {
        return refuse(format!("paid after order #{} was {}: refund it or restore the order", order.number, order.status));
    }
    if link.paid_at.is_some() {
        return refuse(format!("the pay link of order #{} was already paid by another payment: refund one", order.number));
    }
    if link.amount > order.payment.balance {
        return refuse(format!("order #{} owed only {}: refund the difference", order.number, format_naira(order.payment.balance)));
    }
    pay_links::mark_paid(tx, token, reference, now)?;
    super::completion::set_status(tx, reference, current, PaymentStatus::Completed, None)?;
    tx.execute("UPDATE payments SET channel = ?2 WHERE reference = ?1", params![reference, channel])?;
    tx.execute(
        "UPDATE orders SET status = CASE status WHEN 'placed' THEN 'paid' ELSE status END, payment_channel = ?2, updated_at = ?3 WHERE id = ?1",
        params![order.id, channel, now],
    )?;
    let order = crate::orders::by_id(tx, &order.id)?.ok_or_else(crate::orders::order_not_found)?;
    // A link asking for more than is now owed cannot be right any more.
    tx.execute(
        "UPDATE pay_links SET cancelled_at = ?3 WHERE order_id = ?1 AND paid_at IS NULL AND cancelled_at IS NULL AND amount_kobo > ?2",
        params![order.id, order.payment.balance, now],
    )?;
    Ok(Outcome::Completed { order: Box::new(order), created: true })
}
