//! The counter (issue 37): sales in the shop's physical store, made on a phone or tablet by a
//! cashier, from the one stock the website sells.
//!
//! A sale is an order (source and payment method "counter") made in the transaction that takes its
//! stock, like a website payment. The device names each sale (`sale_id`), so a sale it sends
//! twice — a retry after a dropped answer, a queue sent again after a crash — is recorded once;
//! the hash of what it sent tells that replay from an altered copy, which is refused.
//!
//! The device keeps the catalogue to sell without a connection. Its prices come signed
//! (`price_token`, an HMAC of variant, price and time under the server's key), so a sale sent
//! later is priced as the shop priced it then and a price typed on the device is refused. A sale
//! made online is refused when stock is short; one made offline is never refused for stock: it
//! takes what is left and the rest is "oversold at the counter" for the owner to settle.

pub mod routes;

use hmac::{Hmac, Mac};
use rusqlite::{Connection, OptionalExtension, Transaction, params};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::credit::tender::ReturnTo;
use crate::error::{AppError, AppResult};
use crate::ids::{OrderId, PaymentReference, ProductId, UserId, VariantId};
use crate::money::{Kobo, format_naira};
use crate::orders::links::{self as pay_links, Purpose};
use crate::orders::{Address, OrderItem, PaymentMethod, Price, Source};
use crate::payments::chat_orders::{Stocked, stocked};
use crate::pricing::{self, Discount, Offer};

/// How long a signed price stays good for a sale sent late: a shop offline for more than a
/// fortnight is not selling from its counter.
const PRICE_LIFE_MS: i64 = 14 * 24 * 60 * 60 * 1000;
/// A device clock a little ahead of the server's is still believed.
const CLOCK_SLACK_MS: i64 = 5 * 60 * 1000;
const MAX_LINES: usize = 50;

crate::text_enum! {
    /// How part of a counter sale is paid.
    pub enum TenderMethod {
        Cash => "cash",
        /// A bank transfer the cashier saw arrive.
        Transfer => "transfer",
        /// A Paystack pay link the customer scans as a QR code and pays on her phone.
        PayLink => "pay_link",
        /// One of the shop's gift cards, by its code (online only).
        GiftCard => "gift_card",
        /// The store credit of the customer's e-mail, proved by a code mailed to it (online only).
        StoreCredit => "store_credit",
    }
}

crate::text_enum! {
    /// Where a counter sale is: handed over and paid, or waiting for its pay link.
    pub enum SaleStatus {
        Paid => "paid",
        AwaitingPayment => "awaiting_payment",
        /// The awaited payment never came and the order was cancelled (its stock back on sale).
        Cancelled => "cancelled",
    }
}

crate::text_enum! {
    /// How the owner settled an offline sale of units the website sold meanwhile.
    pub enum Resolution {
        /// The shop found or received more of the variants.
        Restocked => "restocked",
        /// The online customer was called (a wait, another size or a refund).
        Contacted => "contacted",
    }
}

/// One variant as the counter keeps it.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CounterVariant {
    #[schema(value_type = String)]
    pub variant_id: VariantId,
    pub sku: Option<String>,
    pub size: Option<String>,
    pub color: Option<String>,
    pub stock: i64,
    /// Proves the product's price at the catalogue's time: sent back with each sale line.
    pub price_token: String,
    /// The variant's EAN-13 for in-store labels ([`ean_of`]); none in the rare case that two
    /// variants of the catalogue would share one.
    pub ean: Option<String>,
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CounterProduct {
    #[schema(value_type = String)]
    pub product_id: ProductId,
    pub name: String,
    pub image: Option<crate::media::Image>,
    #[schema(value_type = i64)]
    pub price: Kobo,
    pub variants: Vec<CounterVariant>,
}

/// What the counter needs to sell without a connection, as of `at`.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CounterCatalogue {
    pub at: i64,
    pub low_stock: i64,
    pub products: Vec<CounterProduct>,
}

/// A line of a sale: a variant, how many, and the price the counter showed with its proof.
#[derive(Deserialize, Serialize, Clone, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SaleLineAsk {
    #[schema(value_type = String)]
    pub variant_id: VariantId,
    #[schema(minimum = 1, maximum = 999)]
    pub quantity: i64,
    #[schema(value_type = i64)]
    pub price: Kobo,
    pub price_at: i64,
    #[schema(max_length = 64)]
    pub price_token: String,
}

#[derive(Deserialize, Serialize, Clone, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TenderAsk {
    pub method: TenderMethod,
    #[schema(value_type = i64)]
    pub amount: Kobo,
    /// Cash only: what the customer handed over (the change is the rest).
    #[serde(default)]
    #[schema(value_type = Option<i64>)]
    pub tendered: Option<Kobo>,
    /// Gift card only: its code as typed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(max_length = 40)]
    pub code: Option<String>,
    /// Store credit only: the pass `POST /api/counter/credit/verify` gave for the customer's e-mail.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(max_length = 100)]
    pub pass: Option<String>,
}

#[derive(Deserialize, Serialize, Clone, Default, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CounterCustomer {
    #[serde(default)]
    #[schema(max_length = 25)]
    pub phone: String,
    #[serde(default)]
    #[schema(max_length = 100)]
    pub name: Option<String>,
    /// For an e-mailed receipt.
    #[serde(default)]
    #[schema(max_length = 254)]
    pub email: Option<String>,
}

/// The lines and discount of a sale, priced (`POST /api/counter/quote`) or sold.
#[derive(Deserialize, Serialize, Clone, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QuoteAsk {
    #[serde(default)]
    #[schema(min_items = 1, max_items = 50)]
    pub lines: Vec<SaleLineAsk>,
    /// A staff discount by hand, up to the owner's limit.
    #[serde(default)]
    #[schema(minimum = 0, maximum = 50)]
    pub staff_discount_percent: Option<i64>,
    /// A discount code, as typed (online only).
    #[serde(default)]
    #[schema(max_length = 50)]
    pub code: Option<String>,
}

/// A sale as the counter sends it: `POST /api/counter/sales`.
#[derive(Deserialize, Serialize, Clone, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SaleAsk {
    /// Made on the device: a sale sent twice is one sale.
    #[schema(min_length = 8, max_length = 64)]
    pub sale_id: String,
    /// When the device made it (its clock).
    pub made_at: i64,
    /// Made without a connection and sent now.
    #[serde(default)]
    pub offline: bool,
    #[serde(flatten)]
    pub quote: QuoteAsk,
    #[serde(default)]
    pub customer: Option<CounterCustomer>,
    #[serde(default)]
    #[schema(min_items = 1, max_items = 3)]
    pub tenders: Vec<TenderAsk>,
}

/// A sale's priced total.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Quote {
    #[schema(value_type = i64)]
    pub subtotal: Kobo,
    #[schema(value_type = i64)]
    pub discount: Kobo,
    #[schema(value_type = i64)]
    pub total: Kobo,
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SaleLine {
    #[schema(value_type = Option<String>)]
    pub variant_id: Option<VariantId>,
    pub name: String,
    pub size: Option<String>,
    pub color: Option<String>,
    pub sku: Option<String>,
    #[schema(value_type = i64)]
    pub price: Kobo,
    pub quantity: i64,
    /// Units brought back to the counter since.
    pub returned: i64,
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SaleTender {
    pub method: TenderMethod,
    #[schema(value_type = i64)]
    pub amount: Kobo,
    #[schema(value_type = Option<i64>)]
    pub tendered: Option<Kobo>,
    /// Gift card only: the last 4 characters of its code, for the receipt.
    pub last4: Option<String>,
}

/// Units an offline sale could not take from stock: the website sold them meanwhile.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Shortfall {
    #[schema(value_type = String)]
    pub variant_id: VariantId,
    pub name: String,
    pub size: Option<String>,
    pub color: Option<String>,
    pub sku: Option<String>,
    pub short: i64,
}

/// A counter sale, as the counter shows it and prints its receipt.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CounterSale {
    #[schema(value_type = String)]
    pub id: OrderId,
    pub number: String,
    pub sale_id: String,
    pub status: SaleStatus,
    #[schema(value_type = i64)]
    pub subtotal: Kobo,
    #[schema(value_type = i64)]
    pub discount: Kobo,
    #[schema(value_type = i64)]
    pub total: Kobo,
    /// Cash given back.
    #[schema(value_type = i64)]
    pub change: Kobo,
    pub lines: Vec<SaleLine>,
    pub tenders: Vec<SaleTender>,
    /// While awaiting payment: the pay link to show as a QR code.
    pub pay_link: Option<String>,
    pub cashier: String,
    pub customer_name: Option<String>,
    pub customer_phone: Option<String>,
    pub made_at: i64,
    pub recorded_at: i64,
    pub offline: bool,
    pub shortfalls: Vec<Shortfall>,
    /// Cash given back at the counter for units brought back.
    #[schema(value_type = i64)]
    pub returned_cash: Kobo,
}

/// The key that signs the counter's prices.
pub struct PriceKey(pub [u8; 32]);

impl PriceKey {
    fn mac(&self, variant: &str, price: Kobo, at: i64) -> Hmac<Sha256> {
        let mut mac = Hmac::<Sha256>::new_from_slice(&self.0).expect("any key length works");
        mac.update(format!("{variant}|{}|{at}", price.get()).as_bytes());
        mac
    }

    /// A pass to spend the store credit of e-mail key `holder` until `until`: "{until}.{mac}".
    pub fn credit_pass(&self, holder: &str, until: i64) -> String {
        let mut mac = Hmac::<Sha256>::new_from_slice(&self.0).expect("any key length works");
        mac.update(format!("credit|{holder}|{until}").as_bytes());
        format!("{until}.{}", hex::encode(mac.finalize().into_bytes()))
    }

    fn pass_holds(&self, holder: &str, pass: &str, now: i64) -> bool {
        let Some((until, mac)) = pass.split_once('.') else { return false };
        let Ok(until) = until.parse::<i64>() else { return false };
        let Ok(bytes) = hex::decode(mac) else { return false };
        let mut expected = Hmac::<Sha256>::new_from_slice(&self.0).expect("any key length works");
        expected.update(format!("credit|{holder}|{until}").as_bytes());
        until > now && expected.verify_slice(&bytes).is_ok()
    }

    pub fn sign(&self, variant: &str, price: Kobo, at: i64) -> String {
        hex::encode(self.mac(variant, price, at).finalize().into_bytes())
    }

    fn verify(&self, variant: &str, price: Kobo, at: i64, token: &str) -> bool {
        let Ok(bytes) = hex::decode(token) else { return false };
        self.mac(variant, price, at).verify_slice(&bytes).is_ok()
    }
}

/// Every product and variant with its stock and signed price: the counter sells what the shop has,
/// shown online or not (a physical shop may keep pieces off the website).
pub fn catalogue(conn: &Connection, key: &PriceKey, now: i64) -> AppResult<CounterCatalogue> {
    let mut products: Vec<CounterProduct> = conn
        .prepare(
            "SELECT p.id, p.name, p.price_kobo, m.key, m.widths, m.webp_widths, m.width, m.height FROM products p
             LEFT JOIN media m ON m.key = (SELECT pi.media_key FROM product_images pi WHERE pi.product_id = p.id ORDER BY pi.position LIMIT 1)
             ORDER BY p.name, p.id",
        )?
        .query_map([], |r| {
            Ok(CounterProduct {
                product_id: r.get(0)?,
                name: r.get(1)?,
                price: r.get(2)?,
                image: crate::media::image_at(r, 3)?,
                variants: Vec::new(),
            })
        })?
        .collect::<Result<_, _>>()?;
    let index: std::collections::HashMap<String, usize> = products.iter().enumerate().map(|(i, p)| (p.product_id.to_string(), i)).collect();
    let mut stmt =
        conn.prepare("SELECT product_id, id, sku, NULLIF(size, ''), NULLIF(color, ''), stock FROM variants ORDER BY product_id, position")?;
    let rows = stmt
        .query_map([], |r| Ok((r.get::<_, String>(0)?, r.get::<_, VariantId>(1)?, r.get(2)?, r.get(3)?, r.get(4)?, r.get::<_, i64>(5)?)))?;
    for row in rows {
        let (product, variant_id, sku, size, color, stock) = row?;
        if let Some(&i) = index.get(&product) {
            let price_token = key.sign(variant_id.as_str(), products[i].price, now);
            let ean = Some(ean_of(variant_id.as_str()));
            products[i].variants.push(CounterVariant { variant_id, sku, size, color, stock, price_token, ean });
        }
    }
    products.retain(|p| !p.variants.is_empty());
    // A label must name one variant: a number two variants share is printed as neither's.
    let mut seen: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
    for variant in products.iter().flat_map(|p| &p.variants) {
        *seen.entry(variant.ean.clone().unwrap_or_default()).or_default() += 1;
    }
    for variant in products.iter_mut().flat_map(|p| &mut p.variants) {
        if variant.ean.as_ref().is_some_and(|e| seen.get(e) != Some(&1)) {
            variant.ean = None;
        }
    }
    Ok(CounterCatalogue { at: now, low_stock: crate::stock::low_stock_threshold(), products })
}

/// A variant's EAN-13 for the shop's own labels: "2" (GS1's prefixes 20–29 are for numbers a
/// shop gives its own goods, never a manufacturer's), eleven digits from the SHA-256 of the
/// variant's id (stable while the variant lives, whatever its SKU becomes; no table to keep) and
/// the check digit. Eleven digits make a shared number improbable (about 1 in 2,000 for 10,000
/// variants), and [`catalogue`] drops one that is shared.
pub fn ean_of(variant: &str) -> String {
    let digest = Sha256::digest(variant.as_bytes());
    let n = u64::from_be_bytes(digest[..8].try_into().expect("8 bytes")) % 100_000_000_000;
    let body = format!("2{n:011}");
    format!("{body}{}", ean_check(&body))
}

/// The check digit of twelve digits: weights 1 and 3 from the left, making the sum a multiple of 10.
fn ean_check(twelve: &str) -> u32 {
    let sum: u32 = twelve.bytes().enumerate().map(|(i, b)| u32::from(b - b'0') * if i % 2 == 0 { 1 } else { 3 }).sum();
    (10 - sum % 10) % 10
}

/// The lines of a sale, checked and priced: at the signed price the counter showed (a sale sent
/// late keeps the price the customer paid), and for a sale made online only at today's price.
fn priced_lines(conn: &Connection, key: &PriceKey, ask: &QuoteAsk, online: bool, now: i64) -> AppResult<Vec<Stocked>> {
    if ask.lines.is_empty() {
        return Err(AppError::Validation("Add at least one item.".into()));
    }
    if ask.lines.len() > MAX_LINES {
        return Err(AppError::Validation("A sale can have at most 50 lines.".into()));
    }
    let mut lines: Vec<Stocked> = Vec::new();
    for line in &ask.lines {
        if !(1..=999).contains(&line.quantity) {
            return Err(AppError::Validation("Each quantity must be from 1 to 999.".into()));
        }
        if !crate::util::plausible_id(line.variant_id.as_str()) {
            return Err(AppError::NotFound("We have no such item.".into()));
        }
        let signed = key.verify(line.variant_id.as_str(), line.price, line.price_at, &line.price_token)
            && line.price_at <= now + CLOCK_SLACK_MS
            && line.price_at >= now - PRICE_LIFE_MS;
        if !signed {
            return Err(AppError::Validation("This sale's prices are not the shop's: refresh the counter's catalogue.".into()));
        }
        let mut found = stocked(conn, &line.variant_id)?;
        if online && found.item.price != line.price {
            return Err(AppError::Conflict(format!(
                "The price of {} has changed to {}: the counter has new prices.",
                found.item.name,
                format_naira(found.item.price)
            )));
        }
        found.item.price = line.price;
        match lines.iter_mut().find(|l| l.item.variant_id == found.item.variant_id) {
            Some(same) if same.item.price == line.price => same.item.quantity += line.quantity,
            Some(_) => return Err(AppError::Validation("One item appears twice at two prices.".into())),
            None => {
                found.item.quantity = line.quantity;
                lines.push(found);
            }
        }
    }
    Ok(lines)
}

/// The discount a sale asks for, checked: a code (online only, as checkout checks it) or a staff
/// percentage within the owner's limit, never both.
fn discount_of(
    conn: &Connection,
    ask: &QuoteAsk,
    who: &crate::identity::Identity,
    subtotal: Kobo,
    online: bool,
    now: i64,
) -> AppResult<(Option<Discount>, Option<crate::discounts::Code>, i64)> {
    let code = ask.code.as_deref().map(str::trim).filter(|c| !c.is_empty());
    let percent = ask.staff_discount_percent.unwrap_or(0);
    if code.is_some() && percent > 0 {
        return Err(AppError::Validation("Use a discount code or a staff discount, not both.".into()));
    }
    let limit = crate::settings::load(conn)?.counter_discount_limit;
    if !(0..=limit).contains(&percent) {
        return Err(AppError::Validation(format!("Staff discounts go up to {limit}%.")));
    }
    if let Some(typed) = code {
        if !online {
            return Err(AppError::Validation("Discount codes need the internet.".into()));
        }
        let code = crate::discounts::usable(conn, typed, who, subtotal, now)?;
        return Ok((Some(code.discount()), Some(code), 0));
    }
    // Rounded down, so the device (which works in whole kobo too) gets the same figure.
    let off = Kobo::new(subtotal.get() * percent / 100);
    Ok(((percent > 0).then(|| Discount { offer: Offer::Fixed(off), collections: Vec::new() }), None, percent))
}

fn price_of(lines: &[Stocked], discount: Option<&Discount>) -> pricing::Breakdown {
    let priced: Vec<pricing::Line> = lines
        .iter()
        .map(|l| pricing::Line { price: l.item.price, quantity: l.item.quantity, collection_id: l.collection_id.clone() })
        .collect();
    pricing::price(&priced, &pricing::Delivery::Pickup, discount)
}

/// Prices a sale without making it: what the counter shows before the customer pays.
pub fn quote(conn: &Connection, key: &PriceKey, ask: &QuoteAsk, now: i64) -> AppResult<Quote> {
    let lines = priced_lines(conn, key, ask, true, now)?;
    let subtotal = price_of(&lines, None).subtotal;
    let nobody = crate::identity::Identity::new(&UserId::from(String::new()), [""], [""]);
    let (discount, _, _) = discount_of(conn, ask, &nobody, subtotal, true, now)?;
    let breakdown = price_of(&lines, discount.as_ref());
    Ok(Quote { subtotal: breakdown.subtotal, discount: breakdown.discount, total: breakdown.total })
}

/// How a sale is paid, checked against its total.
#[derive(Default)]
struct Tenders {
    cash: Kobo,
    tendered: Option<Kobo>,
    transfer: Kobo,
    link: Kobo,
    gift: Kobo,
    gift_code: Option<String>,
    credit: Kobo,
    credit_pass: Option<String>,
}

fn tenders_of(asked: &[TenderAsk], total: Kobo, offline: bool) -> AppResult<Tenders> {
    if asked.is_empty() {
        return Err(AppError::Validation("Say how the customer pays.".into()));
    }
    let mut tenders = Tenders::default();
    let mut seen = Vec::new();
    for tender in asked {
        if seen.contains(&tender.method) {
            return Err(AppError::Validation("Give each way of paying once.".into()));
        }
        seen.push(tender.method);
        if tender.amount <= Kobo::ZERO {
            return Err(AppError::Validation("Each payment must be more than ₦0.00.".into()));
        }
        if tender.amount > total || tender.tendered.is_some_and(|t| t > Kobo::new(100_000_000_000)) {
            return Err(AppError::Validation(format!("The payments must add up to the total, {}.", format_naira(total))));
        }
        match tender.method {
            TenderMethod::Cash => {
                let tendered = tender.tendered.unwrap_or(tender.amount);
                if tendered < tender.amount {
                    return Err(AppError::Validation("The cash tendered is less than the cash due.".into()));
                }
                tenders.cash = tender.amount;
                tenders.tendered = Some(tendered);
            }
            TenderMethod::Transfer => tenders.transfer = tender.amount,
            TenderMethod::PayLink if offline => return Err(AppError::Validation("A pay link needs the internet.".into())),
            TenderMethod::PayLink => {
                if tender.amount < crate::payments::MINIMUM_KOBO {
                    return Err(AppError::Validation("A pay link is for ₦50.00 or more.".into()));
                }
                tenders.link = tender.amount;
            }
            TenderMethod::GiftCard if offline => return Err(AppError::Validation("A gift card needs the internet.".into())),
            TenderMethod::GiftCard => {
                let code = tender.code.as_deref().map(str::trim).filter(|c| !c.is_empty());
                let code = code.ok_or_else(|| AppError::Validation("Enter the gift card's code.".into()))?;
                tenders.gift = tender.amount;
                tenders.gift_code = Some(code.to_string());
            }
            TenderMethod::StoreCredit if offline => return Err(AppError::Validation("Store credit needs the internet.".into())),
            TenderMethod::StoreCredit => {
                let pass = tender.pass.as_deref().filter(|p| !p.is_empty());
                let pass = pass.ok_or_else(|| AppError::Validation("Check the code from the customer's e-mail first.".into()))?;
                tenders.credit = tender.amount;
                tenders.credit_pass = Some(pass.to_string());
            }
        }
        if tender.tendered.is_some() && tender.method != TenderMethod::Cash {
            return Err(AppError::Validation("Only cash is tendered.".into()));
        }
        if tender.code.is_some() && tender.method != TenderMethod::GiftCard {
            return Err(AppError::Validation("Only a gift card has a code.".into()));
        }
        if tender.pass.is_some() && tender.method != TenderMethod::StoreCredit {
            return Err(AppError::Validation("Only store credit has a pass.".into()));
        }
    }
    if tenders.cash + tenders.transfer + tenders.link + tenders.gift + tenders.credit != total {
        return Err(AppError::Validation(format!("The payments must add up to the total, {}.", format_naira(total))));
    }
    Ok(tenders)
}

/// The sale checked before the database is touched.
pub struct Checked {
    ask: SaleAsk,
    hash: String,
    phone: String,
    name: String,
    email: String,
}

/// Checks what a sale says about itself, and fixes its fingerprint (of the sale as understood,
/// so spacing or key order of a resent body does not make it "different").
pub fn check(ask: SaleAsk) -> AppResult<Checked> {
    let id_ok = (8..=64).contains(&ask.sale_id.len()) && ask.sale_id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    if !id_ok {
        return Err(AppError::Validation("A sale's id is 8 to 64 letters, digits, - or _.".into()));
    }
    if ask.tenders.len() > 3 {
        return Err(AppError::Validation("A sale is paid in at most three ways.".into()));
    }
    let customer = ask.customer.clone().unwrap_or_default();
    let phone = match customer.phone.trim() {
        "" => String::new(),
        typed => crate::phone::normalise(typed).map_err(|why| AppError::Validation(why.to_string()))?,
    };
    let name = customer.name.as_deref().unwrap_or("").trim().to_string();
    if name.chars().count() > 100 {
        return Err(AppError::Validation("Please keep the name under 100 characters.".into()));
    }
    let email = customer.email.as_deref().unwrap_or("").trim().to_lowercase();
    if !email.is_empty() && !crate::email::looks_like_email(&email) {
        return Err(AppError::Validation("Please enter a valid email address.".into()));
    }
    // Whether it went out as made offline is not part of the sale: a sale whose first sending got
    // no answer is queued and sent again as offline, and is the same sale.
    let body = serde_json::to_vec(&SaleAsk { offline: false, ..ask.clone() }).map_err(AppError::internal)?;
    let hash = hex::encode(Sha256::digest(&body));
    Ok(Checked { ask, hash, phone, name, email })
}

/// What recording a sale did.
pub struct Recorded {
    pub order_id: OrderId,
    /// False when the sale had been recorded before (a replay): nothing changed.
    pub created: bool,
    pub ran_low: Vec<crate::stock::RanLow>,
    /// The pay link's token, when part is paid by link.
    pub link: Option<String>,
}

/// Records a counter sale in one transaction: its stock taken (refused when short online; what
/// is short recorded offline), its discount code's use counted, the order with the money taken by
/// hand, and a pay link for the part the customer pays on her phone.
pub fn record(tx: &Transaction, key: &PriceKey, sale: &Checked, cashier: &UserId, now: i64) -> AppResult<Recorded> {
    let ask = &sale.ask;
    let earlier: Option<(OrderId, String)> = tx
        .prepare_cached("SELECT order_id, body_hash FROM counter_sales WHERE sale_id = ?1")?
        .query_row([&ask.sale_id], |r| Ok((r.get(0)?, r.get(1)?)))
        .optional()?;
    if let Some((order_id, hash)) = earlier {
        if hash != sale.hash {
            return Err(AppError::Conflict("This sale was already recorded with different contents.".into()));
        }
        return Ok(Recorded { order_id, created: false, ran_low: Vec::new(), link: None });
    }
    let online = !ask.offline;
    let lines = priced_lines(tx, key, &ask.quote, online, now)?;
    if online {
        // Said in the counter's words before the stock door refuses in a shopper's.
        for line in &lines {
            if line.stock < line.item.quantity {
                let what = crate::stock::describe_line(&line.item.name, line.item.size.as_deref(), line.item.color.as_deref());
                return Err(AppError::Conflict(match line.stock {
                    0 => format!("{what} is sold out."),
                    left => format!("Only {left} of {what} left."),
                }));
            }
        }
    }
    let subtotal = price_of(&lines, None).subtotal;
    let owner = crate::auth::guests::create(tx, now)?;
    let display = if sale.name.is_empty() { "Walk-in customer" } else { sale.name.as_str() };
    tx.execute("UPDATE users SET display_name = ?2 WHERE id = ?1", params![owner, display])?;
    let who = crate::payments::identity_of(tx, &owner, &sale.email, &sale.phone)?;
    let (discount, code, percent) = discount_of(tx, &ask.quote, &who, subtotal, online, now)?;
    let breakdown = price_of(&lines, discount.as_ref());
    if breakdown.total <= Kobo::ZERO {
        return Err(AppError::Validation("A sale must be for more than ₦0.00.".into()));
    }
    let tenders = tenders_of(&ask.tenders, breakdown.total, ask.offline)?;
    if let Some(pass) = &tenders.credit_pass {
        if sale.email.is_empty() {
            return Err(AppError::Validation("Store credit is spent from the customer's e-mail: enter it.".into()));
        }
        if !key.pass_holds(&crate::credit::at_counter::key_of(&sale.email)?, pass, now) {
            return Err(AppError::Validation("The store credit code has expired or is for another e-mail: send a new one.".into()));
        }
    }
    let cashier_name: String = tx.query_row("SELECT display_name FROM users WHERE id = ?1", [cashier], |r| r.get(0))?;
    let items: Vec<OrderItem> = lines.iter().map(|l| l.item.clone()).collect();
    let reference = PaymentReference::from(format!("CT-{}", crate::util::random_id(24)));
    let address = Address { country: "Nigeria".into(), ..Address::default() };
    tx.execute(
        "INSERT INTO payments (reference, user_id, amount_kobo, currency, status, customer_name, customer_email, customer_phone,
                               delivery_address, items, created_at, updated_at, subtotal_kobo, delivery_kobo, discount_kobo,
                               discount_code, delivery_method)
         VALUES (?1, ?2, ?3, 'NGN', 'completed', ?4, ?5, ?6, ?7, ?8, ?9, ?9, ?10, 0, ?11, ?12, 'pickup')",
        params![
            reference,
            owner,
            breakdown.total,
            display,
            sale.email,
            sale.phone,
            serde_json::to_string(&address).map_err(AppError::internal)?,
            serde_json::to_string(&items).map_err(AppError::internal)?,
            now,
            breakdown.subtotal,
            breakdown.discount,
            code.as_ref().map(|c| c.code.clone()),
        ],
    )?;
    // Online, the units are there or the sale is refused; offline, the customer has left with
    // them, so the sale takes what is left and the rest is recorded as short.
    let mut ran_low = if online { crate::stock::reserve(tx, &reference, &items, now)? } else { Vec::new() };
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
            customer: (display, &sale.email, &sale.phone),
            address,
            lines: items.clone(),
            from_stock: &taken.from_stock,
            total: breakdown.total,
            price: Price {
                subtotal: breakdown.subtotal,
                delivery_fee: Kobo::ZERO,
                discount: breakdown.discount,
                discount_code: code.as_ref().map(|c| c.code.clone()),
                delivery_method: crate::delivery::Method::Pickup,
                delivery_estimate: None,
            },
            // A shortfall here is the website's order's problem, not a refund owed to this
            // customer: it is "oversold at the counter" below.
            oversold: false,
            code_over_limit: false,
            payment_method: PaymentMethod::Counter,
            payment_channel: None,
            details: crate::orders::Details {
                source: Source::Counter,
                discount_reason: (percent > 0).then(|| format!("Staff discount {percent}%")),
                created_by: Some(cashier.clone()),
                ..Default::default()
            },
            tender: crate::orders::Tender { gift: tenders.gift, credit: tenders.credit, ..Default::default() },
        },
        now,
    )?;
    if let Some(code) = &tenders.gift_code {
        crate::credit::gift_cards::spend_at_counter(tx, code, tenders.gift, &order.id, reference.as_str(), cashier, now)?;
    }
    if tenders.credit > Kobo::ZERO {
        crate::credit::at_counter::spend(tx, &sale.email, tenders.credit, &order.id, reference.as_str(), cashier, now)?;
    }
    let by_hand = tenders.cash + tenders.transfer;
    let how = if tenders.cash > Kobo::ZERO { crate::orders::CollectedBy::Cash } else { crate::orders::CollectedBy::Transfer };
    crate::orders::payment_status::paid_at_counter(tx, &order.id, by_hand, how, tenders.link == Kobo::ZERO, now)?;
    let link = if tenders.link > Kobo::ZERO {
        let purpose = if tenders.link == breakdown.total { Purpose::Full } else { Purpose::Balance };
        let expires = crate::payments::links::link_expiry(tx, now)?;
        Some(pay_links::create(tx, &order.id, tenders.link, purpose, Some(cashier), expires, now)?)
    } else {
        None
    };
    tx.execute(
        "INSERT INTO counter_sales (order_id, sale_id, body_hash, cashier_id, cashier_name, made_at, recorded_at, day, offline,
                                    staff_discount, cash_kobo, tendered_kobo, transfer_kobo, link_kobo)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)",
        params![
            order.id,
            ask.sale_id,
            sale.hash,
            cashier,
            cashier_name,
            ask.made_at,
            now,
            crate::util::lagos_day(ask.made_at.min(now + CLOCK_SLACK_MS)),
            ask.offline,
            percent,
            tenders.cash,
            tenders.tendered,
            tenders.transfer,
            tenders.link,
        ],
    )?;
    let mut short = tx.prepare_cached("INSERT INTO counter_shortfalls (order_id, variant_id, short) VALUES (?1, ?2, ?3)")?;
    for (line, took) in items.iter().zip(&taken.from_stock) {
        if let Some(variant) = &line.variant_id
            && *took < line.quantity
        {
            short.execute(params![order.id, variant, line.quantity - took])?;
        }
    }
    let mut paid = Vec::new();
    for (amount, how) in [
        (tenders.cash, "cash"),
        (tenders.transfer, "transfer"),
        (tenders.link, "pay link"),
        (tenders.gift, "gift card"),
        (tenders.credit, "store credit"),
    ] {
        if amount > Kobo::ZERO {
            paid.push(format!("{how} {}", format_naira(amount)));
        }
    }
    let offline = if ask.offline { " (made offline)" } else { "" };
    let summary = format!("Counter sale #{} for {}{offline}: {}", order.number, format_naira(order.total_amount), paid.join(", "));
    crate::activity::record(tx, cashier, "order", order.id.as_str(), &summary)?;
    Ok(Recorded { order_id: order.id, created: true, ran_low, link })
}

/// Who may see a sale: its cashier, and whoever runs the shop.
pub fn sale(conn: &Connection, id: &OrderId, link_base: &str) -> AppResult<CounterSale> {
    let order = crate::orders::by_id(conn, id)?.ok_or_else(no_such_sale)?;
    #[allow(clippy::type_complexity)]
    let row: (String, String, i64, i64, bool, Kobo, Option<Kobo>, Kobo, Kobo) = conn
        .prepare_cached(
            "SELECT sale_id, cashier_name, made_at, recorded_at, offline, cash_kobo, tendered_kobo, transfer_kobo, link_kobo
             FROM counter_sales WHERE order_id = ?1",
        )?
        .query_row([id], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?, r.get(5)?, r.get(6)?, r.get(7)?, r.get(8)?)))
        .optional()?
        .ok_or_else(no_such_sale)?;
    let (sale_id, cashier, made_at, recorded_at, offline, cash, tendered, transfer, link) = row;
    let skus: std::collections::HashMap<String, Option<String>> = conn
        .prepare_cached("SELECT v.id, v.sku FROM order_items oi JOIN variants v ON v.id = oi.variant_id WHERE oi.order_id = ?1")?
        .query_map([id], |r| Ok((r.get(0)?, r.get(1)?)))?
        .collect::<Result<_, _>>()?;
    let sku_of = |variant: Option<&VariantId>| variant.and_then(|v| skus.get(v.as_str()).cloned().flatten());
    let back: std::collections::HashMap<i64, i64> = conn
        .prepare_cached(
            "SELECT l.position, SUM(l.quantity) FROM counter_return_lines l JOIN counter_returns r ON r.id = l.return_id
             WHERE r.order_id = ?1 GROUP BY l.position",
        )?
        .query_map([id], |r| Ok((r.get(0)?, r.get(1)?)))?
        .collect::<Result<_, _>>()?;
    let returned_cash: Kobo =
        conn.query_row("SELECT COALESCE(SUM(cash_kobo), 0) FROM counter_returns WHERE order_id = ?1", [id], |r| r.get(0))?;
    let lines = order
        .items
        .iter()
        .enumerate()
        .map(|(position, i)| SaleLine {
            returned: back.get(&(position as i64)).copied().unwrap_or(0),
            variant_id: i.variant_id.clone(),
            name: i.name.clone(),
            size: i.size.clone(),
            color: i.color.clone(),
            sku: sku_of(i.variant_id.as_ref()),
            price: i.price,
            quantity: i.quantity,
        })
        .collect();
    let mut tenders = Vec::new();
    let (gift, credit) = (order.payment.paid_by_gift_card, order.payment.paid_by_credit);
    for (method, amount) in [
        (TenderMethod::Cash, cash),
        (TenderMethod::Transfer, transfer),
        (TenderMethod::PayLink, link),
        (TenderMethod::GiftCard, gift),
        (TenderMethod::StoreCredit, credit),
    ] {
        if amount > Kobo::ZERO {
            let last4 = if method == TenderMethod::GiftCard { crate::credit::gift_cards::last4_for_order(conn, id)? } else { None };
            tenders.push(SaleTender { method, amount, tendered: if method == TenderMethod::Cash { tendered } else { None }, last4 });
        }
    }
    let status = match order.status {
        crate::orders::OrderStatus::Cancelled | crate::orders::OrderStatus::Refused => SaleStatus::Cancelled,
        _ if order.payment.balance > Kobo::ZERO => SaleStatus::AwaitingPayment,
        _ => SaleStatus::Paid,
    };
    let pay_link = if status == SaleStatus::AwaitingPayment {
        pay_links::open_token(conn, id)?.map(|token| format!("{link_base}{token}"))
    } else {
        None
    };
    let shortfalls = shortfalls(conn, id)?;
    let walk_in = order.customer_name == "Walk-in customer";
    Ok(CounterSale {
        id: order.id.clone(),
        number: order.number.clone(),
        sale_id,
        status,
        subtotal: order.price.subtotal,
        discount: order.price.discount,
        total: order.total_amount,
        change: tendered.map(|t| t - cash).unwrap_or(Kobo::ZERO),
        lines,
        tenders,
        pay_link,
        cashier,
        customer_name: (!walk_in).then(|| order.customer_name.clone()),
        customer_phone: (!order.customer_phone.is_empty()).then(|| order.customer_phone.clone()),
        made_at,
        recorded_at,
        offline,
        shortfalls,
        returned_cash,
    })
}

fn no_such_sale() -> AppError {
    AppError::NotFound("We have no such counter sale.".into())
}

fn shortfalls(conn: &Connection, id: &OrderId) -> AppResult<Vec<Shortfall>> {
    Ok(conn
        .prepare_cached(
            "SELECT s.variant_id, oi.name, oi.size, oi.color, v.sku, s.short FROM counter_shortfalls s
             JOIN order_items oi ON oi.order_id = s.order_id AND oi.variant_id = s.variant_id
             LEFT JOIN variants v ON v.id = s.variant_id
             WHERE s.order_id = ?1 ORDER BY oi.position",
        )?
        .query_map([id], |r| {
            Ok(Shortfall { variant_id: r.get(0)?, name: r.get(1)?, size: r.get(2)?, color: r.get(3)?, sku: r.get(4)?, short: r.get(5)? })
        })?
        .collect::<Result<_, _>>()?)
}

/// The counter sale with this receipt number (as printed: "#K7M2QX9A"; a '#', spaces and case
/// do not matter). Any till may find any counter sale by it, for a return: the customer holds the
/// receipt, and the numbers are random, so they cannot be counted through.
pub fn by_receipt(conn: &Connection, typed: &str) -> AppResult<OrderId> {
    let number: String = typed.chars().filter(|c| c.is_ascii_alphanumeric()).collect::<String>().to_ascii_uppercase();
    if number.is_empty() || number.len() > 20 {
        return Err(no_receipt());
    }
    conn.prepare_cached("SELECT o.id FROM orders o JOIN counter_sales s ON s.order_id = o.id WHERE o.number = ?1")?
        .query_row([number], |r| r.get(0))
        .optional()?
        .ok_or_else(no_receipt)
}

fn no_receipt() -> AppError {
    AppError::NotFound("We found no counter sale with this receipt number.".into())
}

/// The cashier of a sale (none when the sale does not exist).
pub fn cashier_of(conn: &Connection, id: &OrderId) -> AppResult<Option<Option<UserId>>> {
    Ok(conn.prepare_cached("SELECT cashier_id FROM counter_sales WHERE order_id = ?1")?.query_row([id], |r| r.get(0)).optional()?)
}

/// A Lagos day's sales, newest first: one cashier's, or everyone's.
pub fn sales_of_day(conn: &Connection, day: i64, cashier: Option<&UserId>, link_base: &str) -> AppResult<Vec<CounterSale>> {
    let ids: Vec<OrderId> = conn
        .prepare_cached(
            "SELECT order_id FROM counter_sales WHERE day = ?1 AND (?2 IS NULL OR cashier_id = ?2) ORDER BY made_at DESC, recorded_at DESC",
        )?
        .query_map(params![day, cashier], |r| r.get(0))?
        .collect::<Result<_, _>>()?;
    ids.iter().map(|id| sale(conn, id, link_base)).collect()
}

/// What a cashier took on a day and counted at its end.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CashierDay {
    #[schema(value_type = Option<String>)]
    pub cashier_id: Option<UserId>,
    pub name: String,
    pub sales: i64,
    /// The cash the drawer should hold from the day's sales (change already given back), less the
    /// cash handed back for returns.
    #[schema(value_type = i64)]
    pub cash: Kobo,
    /// Cash handed back at the counter for returns.
    #[schema(value_type = i64)]
    pub returned: Kobo,
    #[schema(value_type = i64)]
    pub transfer: Kobo,
    /// Paid by pay link (what has arrived).
    #[schema(value_type = i64)]
    pub pay_link: Kobo,
    /// Paid by gift card (the card's balance, not new money in the drawer).
    #[schema(value_type = i64)]
    pub gift_card: Kobo,
    /// Paid by store credit (likewise).
    #[schema(value_type = i64)]
    pub store_credit: Kobo,
    #[schema(value_type = i64)]
    pub total: Kobo,
    #[schema(value_type = Option<i64>)]
    pub counted: Option<Kobo>,
    /// Counted less expected: below zero the drawer is short.
    #[schema(value_type = Option<i64>)]
    pub difference: Option<Kobo>,
    pub counted_at: Option<i64>,
    pub note: Option<String>,
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ByMethod {
    #[schema(value_type = i64)]
    pub cash: Kobo,
    #[schema(value_type = i64)]
    pub transfer: Kobo,
    #[schema(value_type = i64)]
    pub pay_link: Kobo,
    #[schema(value_type = i64)]
    pub gift_card: Kobo,
    #[schema(value_type = i64)]
    pub store_credit: Kobo,
}

/// A day at the counter: each cashier's takings and count, and the day's sales by how they were paid.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CounterDay {
    pub date: String,
    pub cashiers: Vec<CashierDay>,
    pub by_method: ByMethod,
    #[schema(value_type = i64)]
    pub total: Kobo,
}

/// The day's figures, for one cashier or all. Cancelled sales (a pay link never paid) count for
/// nothing, and a pay link counts once its money arrived.
pub fn day(conn: &Connection, day: i64, cashier: Option<&UserId>) -> AppResult<CounterDay> {
    let mut cashiers: Vec<CashierDay> = conn
        .prepare_cached(
            "SELECT s.cashier_id, MAX(s.cashier_name), COUNT(*), SUM(s.cash_kobo), SUM(s.transfer_kobo),
                    SUM((SELECT COALESCE(SUM(l.amount_kobo), 0) FROM pay_links l WHERE l.order_id = s.order_id AND l.paid_at IS NOT NULL)),
                    SUM(o.gift_kobo), SUM(o.credit_kobo)
             FROM counter_sales s JOIN orders o ON o.id = s.order_id
             WHERE s.day = ?1 AND (?2 IS NULL OR s.cashier_id = ?2) AND o.status NOT IN ('cancelled', 'refused')
             GROUP BY s.cashier_id ORDER BY 2",
        )?
        .query_map(params![day, cashier], |r| {
            let (cash, transfer, link, gift, credit): (Kobo, Kobo, Kobo, Kobo, Kobo) =
                (r.get(3)?, r.get(4)?, r.get(5)?, r.get(6)?, r.get(7)?);
            Ok(CashierDay {
                cashier_id: r.get(0)?,
                name: r.get(1)?,
                sales: r.get(2)?,
                cash,
                transfer,
                pay_link: link,
                gift_card: gift,
                store_credit: credit,
                total: cash + transfer + link + gift + credit,
                returned: Kobo::ZERO,
                counted: None,
                difference: None,
                counted_at: None,
                note: None,
            })
        })?
        .collect::<Result<_, _>>()?;
    // A cashier who gave cash back or counted a drawer but sold nothing still shows.
    let row_of = |cashiers: &mut Vec<CashierDay>, id: UserId, name: String| -> usize {
        if let Some(i) = cashiers.iter().position(|c| c.cashier_id.as_ref() == Some(&id)) {
            return i;
        }
        cashiers.push(CashierDay {
            cashier_id: Some(id),
            name,
            sales: 0,
            cash: Kobo::ZERO,
            transfer: Kobo::ZERO,
            pay_link: Kobo::ZERO,
            gift_card: Kobo::ZERO,
            store_credit: Kobo::ZERO,
            total: Kobo::ZERO,
            returned: Kobo::ZERO,
            counted: None,
            difference: None,
            counted_at: None,
            note: None,
        });
        cashiers.len() - 1
    };
    let returns: Vec<(UserId, String, Kobo, Kobo, Kobo)> = conn
        .prepare_cached(
            "SELECT r.cashier_id, u.display_name, SUM(r.cash_kobo), SUM(r.card_kobo), SUM(r.credit_kobo) FROM counter_returns r JOIN users u ON u.id = r.cashier_id
             WHERE r.day = ?1 AND (?2 IS NULL OR r.cashier_id = ?2) GROUP BY r.cashier_id",
        )?
        .query_map(params![day, cashier], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?)))?
        .collect::<Result<_, _>>()?;
    for (id, name, cash, card, credit) in returns {
        let index = row_of(&mut cashiers, id, name);
        let row = &mut cashiers[index];
        row.returned = cash;
        row.cash -= cash;
        row.gift_card -= card;
        row.store_credit -= credit;
        row.total -= cash + card + credit;
    }
    let counts: Vec<(UserId, String, Kobo, i64, Option<String>)> = conn
        .prepare_cached(
            "SELECT c.cashier_id, u.display_name, c.counted_kobo, c.counted_at, c.note FROM cash_ups c JOIN users u ON u.id = c.cashier_id
             WHERE c.day = ?1 AND (?2 IS NULL OR c.cashier_id = ?2)
               AND c.id = (SELECT MAX(id) FROM cash_ups l WHERE l.day = c.day AND l.cashier_id = c.cashier_id)",
        )?
        .query_map(params![day, cashier], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?)))?
        .collect::<Result<_, _>>()?;
    for (id, name, counted, at, note) in counts {
        let index = row_of(&mut cashiers, id, name);
        let row = &mut cashiers[index];
        row.counted = Some(counted);
        row.difference = Some(counted - row.cash);
        row.counted_at = Some(at);
        row.note = note;
    }
    let sum = |f: fn(&CashierDay) -> Kobo| cashiers.iter().map(f).fold(Kobo::ZERO, |a, b| a + b);
    let by_method = ByMethod {
        cash: sum(|c| c.cash),
        transfer: sum(|c| c.transfer),
        pay_link: sum(|c| c.pay_link),
        gift_card: sum(|c| c.gift_card),
        store_credit: sum(|c| c.store_credit),
    };
    let total = by_method.cash + by_method.transfer + by_method.pay_link + by_method.gift_card + by_method.store_credit;
    Ok(CounterDay { date: crate::dashboard::format_day(day), cashiers, by_method, total })
}

/// Records a count of a cashier's drawer for a day, against what the day's sales say it holds.
pub fn cash_up(
    tx: &Connection,
    cashier: &UserId,
    day_number: i64,
    counted: Kobo,
    note: Option<&str>,
    by: &UserId,
    now: i64,
) -> AppResult<CashierDay> {
    let role: Option<Option<String>> = tx.query_row("SELECT role FROM users WHERE id = ?1", [cashier], |r| r.get(0)).optional()?;
    if role.flatten().is_none() {
        return Err(AppError::NotFound("No such cashier.".into()));
    }
    let expected = day(tx, day_number, Some(cashier))?.cashiers.into_iter().next().map(|c| c.cash).unwrap_or(Kobo::ZERO);
    tx.execute(
        "INSERT INTO cash_ups (cashier_id, day, expected_kobo, counted_kobo, note, counted_by, counted_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        params![cashier, day_number, expected, counted, note, by, now],
    )?;
    let summary = format!(
        "Cash counted for {}: {} (expected {})",
        crate::dashboard::format_day(day_number),
        format_naira(counted),
        format_naira(expected)
    );
    crate::activity::record(tx, by, "staff", cashier.as_str(), &summary)?;
    day(tx, day_number, Some(cashier))?.cashiers.into_iter().next().ok_or_else(|| AppError::internal("the count just made is gone"))
}

/// An offline sale of units the website sold meanwhile.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Oversold {
    #[schema(value_type = String)]
    pub order_id: OrderId,
    pub number: String,
    pub sale_id: String,
    pub made_at: i64,
    pub recorded_at: i64,
    pub cashier: String,
    pub lines: Vec<Shortfall>,
    pub resolved_at: Option<i64>,
    pub resolution: Option<Resolution>,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct OversoldList {
    pub open: Vec<Oversold>,
    /// The latest 50 settled.
    pub resolved: Vec<Oversold>,
}

fn oversold_where(conn: &Connection, filter: &str, arg: Option<&OrderId>) -> AppResult<Vec<Oversold>> {
    let sql = format!(
        "SELECT s.order_id, o.number, s.sale_id, s.made_at, s.recorded_at, s.cashier_name, s.resolved_at, s.resolution
         FROM counter_sales s JOIN orders o ON o.id = s.order_id
         WHERE EXISTS (SELECT 1 FROM counter_shortfalls f WHERE f.order_id = s.order_id) AND {filter}"
    );
    let rows: Vec<Oversold> = conn
        .prepare_cached(&sql)?
        .query_map(params![arg], |r| {
            Ok(Oversold {
                order_id: r.get(0)?,
                number: r.get(1)?,
                sale_id: r.get(2)?,
                made_at: r.get(3)?,
                recorded_at: r.get(4)?,
                cashier: r.get(5)?,
                lines: Vec::new(),
                resolved_at: r.get(6)?,
                resolution: r.get(7)?,
            })
        })?
        .collect::<Result<_, _>>()?;
    rows.into_iter()
        .map(|mut o| {
            o.lines = shortfalls(conn, &o.order_id)?;
            Ok(o)
        })
        .collect()
}

/// The offline sales the owner has to settle, and the latest settled.
pub fn oversold(conn: &Connection) -> AppResult<OversoldList> {
    Ok(OversoldList {
        open: oversold_where(conn, "s.resolved_at IS NULL AND (?1 IS NULL OR s.order_id = ?1) ORDER BY s.made_at", None)?,
        resolved: oversold_where(
            conn,
            "s.resolved_at IS NOT NULL AND (?1 IS NULL OR s.order_id = ?1) ORDER BY s.resolved_at DESC LIMIT 50",
            None,
        )?,
    })
}

/// Settles an oversold counter sale, once.
pub fn resolve(tx: &Connection, id: &OrderId, resolution: Resolution, by: &UserId, now: i64) -> AppResult<Oversold> {
    let found = oversold_where(tx, "(?1 IS NULL OR s.order_id = ?1)", Some(id))?.into_iter().next();
    let Some(entry) = found else {
        return Err(AppError::NotFound("No counter sale with that id was oversold.".into()));
    };
    if entry.resolved_at.is_some() {
        return Err(AppError::Conflict("This oversold sale is already settled.".into()));
    }
    tx.execute(
        "UPDATE counter_sales SET resolved_at = ?2, resolution = ?3, resolved_by = ?4 WHERE order_id = ?1 AND resolved_at IS NULL",
        params![id, now, resolution, by],
    )?;
    let how = match resolution {
        Resolution::Restocked => "restocked",
        Resolution::Contacted => "the online customer contacted",
    };
    crate::activity::record(tx, by, "order", id.as_str(), &format!("Oversold at the counter, order #{}: {how}", entry.number))?;
    oversold_where(tx, "(?1 IS NULL OR s.order_id = ?1)", Some(id))?.into_iter().next().ok_or_else(no_such_sale)
}

/// The receipt of a sale as an e-mail (subject, body).
pub fn receipt_mail(shop: &str, sale: &CounterSale) -> (String, String) {
    let mut body = format!("Thank you for shopping at {shop}.\n\nReceipt for order #{}\n\n", sale.number);
    for line in &sale.lines {
        let what = crate::stock::describe_line(&line.name, line.size.as_deref(), line.color.as_deref());
        body.push_str(&format!("{} × {what}: {}\n", line.quantity, format_naira(line.price * line.quantity)));
    }
    if sale.discount > Kobo::ZERO {
        body.push_str(&format!("Discount: −{}\n", format_naira(sale.discount)));
    }
    body.push_str(&format!("Total: {}\n\n", format_naira(sale.total)));
    for tender in &sale.tenders {
        let how = match tender.method {
            TenderMethod::Cash => "Cash".to_string(),
            TenderMethod::Transfer => "Bank transfer".to_string(),
            TenderMethod::PayLink => "Paid online".to_string(),
            TenderMethod::GiftCard => format!("Gift card ••••{}", tender.last4.as_deref().unwrap_or("")),
            TenderMethod::StoreCredit => "Store credit".to_string(),
        };
        body.push_str(&format!("{how}: {}\n", format_naira(tender.amount)));
    }
    if sale.change > Kobo::ZERO {
        body.push_str(&format!("Change: {}\n", format_naira(sale.change)));
    }
    body.push_str(&format!("\nServed by {}.\n", sale.cashier));
    (format!("{shop}: your receipt for order #{}", sale.number), body)
}

/// Mails a sale's receipt to `to`, in the transaction that decides it.
pub fn queue_receipt(tx: &Connection, mailer: &crate::mail::Mailer, sale: &CounterSale, to: &str) -> AppResult<()> {
    let to = to.trim().to_lowercase();
    if !crate::email::looks_like_email(&to) {
        return Err(AppError::Validation("Please enter a valid email address.".into()));
    }
    let (subject, body) = receipt_mail(&mailer.shop_name(), sale);
    mailer.queue(tx, crate::mail::Mail { kind: "counter_receipt", to: &to, subject: &subject, body: &body, unsubscribe: None })?;
    Ok(())
}

/// A line brought back: a variant of the sale and how many of its units.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReturnLineAsk {
    #[schema(value_type = String)]
    pub variant_id: VariantId,
    #[schema(minimum = 1, maximum = 999)]
    pub quantity: i64,
}

/// Units of a counter sale brought back to the counter: `POST /api/counter/sales/{id}/returns`.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CounterReturnAsk {
    #[serde(default)]
    #[schema(min_items = 1, max_items = 50)]
    pub lines: Vec<ReturnLineAsk>,
    /// Whether the units go back on sale (default), or are written off (damaged).
    #[serde(default = "yes")]
    pub back_on_sale: bool,
}

fn yes() -> bool {
    true
}

/// What a return at the counter gave back.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CounterReturned {
    /// The cash to hand back from the drawer.
    #[schema(value_type = i64)]
    pub cash: Kobo,
    /// Put back onto the gift card that paid part of the sale.
    #[schema(value_type = i64)]
    pub to_gift_card: Kobo,
    /// Given back as store credit to the e-mail whose credit paid part of the sale.
    #[schema(value_type = i64)]
    pub to_store_credit: Kobo,
    pub sale: CounterSale,
}

/// What a return at the counter gave back: cash from the drawer, and onto the gift card.
pub struct GivenBack {
    pub cash: Kobo,
    pub to_gift_card: Kobo,
    pub to_store_credit: Kobo,
}

/// Takes back units of a counter sale at the counter: within the shop's return window from the
/// sale, never more units than were sold less those already back. The money goes back the way it
/// came: onto the gift card and to store credit for what they paid (first, so a sale paid by card
/// gives no cash), then cash from the drawer, never more than was paid by hand less what was given back (a part
/// paid by pay link is refunded from the order's screen, through Paystack). An exchange is this
/// and a new sale.
pub fn take_back(tx: &Connection, id: &OrderId, ask: &CounterReturnAsk, cashier: &UserId, now: i64) -> AppResult<GivenBack> {
    let order = crate::orders::by_id(tx, id)?.ok_or_else(no_such_sale)?;
    // The window runs from the earlier of the device's clock and the server's: a device clock set
    // ahead cannot lengthen it.
    let made_at: i64 = tx
        .query_row("SELECT MIN(made_at, recorded_at) FROM counter_sales WHERE order_id = ?1", [id], |r| r.get(0))
        .optional()?
        .ok_or_else(no_such_sale)?;
    if order.status != crate::orders::OrderStatus::Delivered {
        return Err(AppError::Conflict("Only a paid sale that was handed over can be brought back.".into()));
    }
    let days = crate::settings::load(tx)?.return_window_days;
    if now > made_at + days * crate::util::DAY_MS {
        return Err(AppError::Conflict(format!("This sale is past the {days}-day return window.")));
    }
    if ask.lines.is_empty() || ask.lines.len() > MAX_LINES {
        return Err(AppError::Validation("Choose the items brought back.".into()));
    }
    let back_before: std::collections::HashMap<i64, i64> = tx
        .prepare_cached(
            "SELECT l.position, SUM(l.quantity) FROM counter_return_lines l JOIN counter_returns r ON r.id = l.return_id
             WHERE r.order_id = ?1 GROUP BY l.position",
        )?
        .query_map([id], |r| Ok((r.get(0)?, r.get(1)?)))?
        .collect::<Result<_, _>>()?;
    let mut lines: Vec<(i64, i64)> = Vec::new();
    let mut value = Kobo::ZERO;
    for asked in &ask.lines {
        let found = order.items.iter().enumerate().find(|(_, item)| item.variant_id.as_ref() == Some(&asked.variant_id));
        let Some((position, item)) = found else {
            return Err(AppError::NotFound("That item is not on this sale.".into()));
        };
        let position = position as i64;
        let left = item.quantity
            - back_before.get(&position).copied().unwrap_or(0)
            - lines.iter().filter(|(p, _)| *p == position).map(|(_, q)| q).sum::<i64>();
        if !(1..=left.max(0)).contains(&asked.quantity) {
            let what = crate::stock::describe_line(&item.name, item.size.as_deref(), item.color.as_deref());
            return Err(AppError::Validation(format!("Only {} of {what} can come back from this sale.", left.max(0))));
        }
        lines.push((position, asked.quantity));
        value += item.price * asked.quantity;
    }
    // The lines' share of the sale's discount stays with the shop: what they were paid, rounded down.
    let subtotal = order.price.subtotal;
    if subtotal > Kobo::ZERO && order.price.discount > Kobo::ZERO {
        let share = Kobo::new(((order.price.discount.get() as i128 * value.get() as i128) / subtotal.get() as i128) as i64);
        value -= share;
    }
    if value <= Kobo::ZERO {
        return Err(AppError::Validation("These items were paid nothing: there is nothing to give back.".into()));
    }
    let given: Kobo = tx.query_row("SELECT COALESCE(SUM(cash_kobo), 0) FROM counter_returns WHERE order_id = ?1", [id], |r| r.get(0))?;
    let cash_left = (order.payment.collected_amount.unwrap_or(Kobo::ZERO) - given).max(Kobo::ZERO);
    let card_left = (order.payment.paid_by_gift_card - order.payment.gift_card_returned).max(Kobo::ZERO);
    let credit_left = (order.payment.paid_by_credit - order.payment.credit_returned).max(Kobo::ZERO);
    if value > cash_left + card_left + credit_left {
        return Err(AppError::Conflict(
            "Part of this sale was paid by pay link: refund it from the order's screen, through Paystack.".into(),
        ));
    }
    let to_gift_card = value.min(card_left);
    let to_store_credit = (value - to_gift_card).min(credit_left);
    let cash = value - to_gift_card - to_store_credit;
    let reason = format!("Returned at the counter, order #{}", order.number);
    for (amount, to) in [(to_gift_card, ReturnTo::GiftCard), (to_store_credit, ReturnTo::Credit)] {
        if amount > Kobo::ZERO {
            crate::credit::tender::return_to(tx, &order, to, Some(amount), &reason, cashier, now)?;
        }
    }
    // The cash is money leaving the shop: a processed refund, so revenue follows. A card's part was
    // never money in (the dashboard does not count it) and goes back onto the card.
    let refund = if cash > Kobo::ZERO {
        let refund = crate::util::new_id();
        tx.execute(
            "INSERT INTO refunds (id, order_id, amount_kobo, reason, status, restock_lines, created_at, updated_at, processed_at, payment_reference)
             VALUES (?1, ?2, ?3, 'Returned at the counter', 'processed', '[]', ?4, ?4, ?4, ?5)",
            params![refund, id, cash, now, order.payment_reference],
        )?;
        Some(refund)
    } else {
        None
    };
    tx.execute(
        "INSERT INTO counter_returns (order_id, refund_id, cashier_id, day, made_at, cash_kobo, card_kobo, credit_kobo, back_on_sale)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
        params![id, refund, cashier, crate::util::lagos_day(now), now, cash, to_gift_card, to_store_credit, ask.back_on_sale],
    )?;
    let return_id = tx.last_insert_rowid();
    let mut line = tx.prepare_cached("INSERT INTO counter_return_lines (return_id, position, quantity) VALUES (?1, ?2, ?3)")?;
    for (position, quantity) in &lines {
        line.execute(params![return_id, position, quantity])?;
    }
    if ask.back_on_sale {
        crate::stock::restock_units(tx, id, &lines)?;
    } else {
        // Written off: the units leave the sale's books, so a later cancellation cannot put them back.
        let mut off =
            tx.prepare_cached("UPDATE order_items SET from_stock = MAX(from_stock - ?3, 0) WHERE order_id = ?1 AND position = ?2")?;
        for (position, quantity) in &lines {
            off.execute(params![id, position, quantity])?;
        }
    }
    let units: i64 = lines.iter().map(|(_, q)| q).sum();
    let mut card = String::new();
    if to_gift_card > Kobo::ZERO {
        card.push_str(&format!(", {} back on the gift card", format_naira(to_gift_card)));
    }
    if to_store_credit > Kobo::ZERO {
        card.push_str(&format!(", {} back as store credit", format_naira(to_store_credit)));
    }
    let summary = format!("Counter return on #{}: {units} unit(s), {} cash back{card}", order.number, format_naira(cash));
    crate::activity::record(tx, cashier, "order", id.as_str(), &summary)?;
    Ok(GivenBack { cash, to_gift_card, to_store_credit })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_ean_is_thirteen_digits_in_the_shops_own_range_with_a_right_check_digit() {
        // Printed EANs from goods: the check digit is what GS1's rule gives.
        assert_eq!(ean_check("400638133393"), 1);
        assert_eq!(ean_check("501234567890"), 0);
        let ean = ean_of("01JDV0K5Z8Q3");
        assert_eq!(ean.len(), 13);
        assert!(ean.starts_with('2') && ean.bytes().all(|b| b.is_ascii_digit()));
        assert_eq!(ean_check(&ean[..12]), u32::from(ean.as_bytes()[12] - b'0'));
        assert_eq!(ean, ean_of("01JDV0K5Z8Q3"), "the same variant keeps its number");
        assert_ne!(ean, ean_of("01JDV0K5Z8Q4"));
    }
}
