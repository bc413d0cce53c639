//! Prices abroad: the currencies the merchant sells in besides naira (US dollars, British pounds),
//! each at her exchange rate and rounding rule or at a fixed price per product; and delivery
//! abroad (the United Kingdom, the United States, Canada and the rest of the world), each zone's
//! fee in its own currency, with the address each country writes.
//!
//! Naira stays the shop's own money. A price abroad is computed here, on the server, from the
//! naira price (or the fixed one), so what the catalogue shows and what the checkout charges are
//! the same arithmetic; the front end never converts.

pub mod countries;
pub mod routes;

use rusqlite::{Connection, OptionalExtension, params};
use serde::{Deserialize, Serialize};

use crate::error::{AppError, AppResult};
use crate::ids::ProductId;
use crate::money::{Currency, Kobo, Money, Rate, Rounding};

pub use countries::{COUNTRIES, Country, Region};

/// One currency abroad as the merchant sets it (in the settings document).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CurrencySetting {
    /// USD or GBP.
    pub currency: Currency,
    /// Shoppers may choose it.
    pub enabled: bool,
    /// Kobo per one unit: ₦1,600.00 per $1 is 160000.
    #[schema(value_type = i64, minimum = 1, maximum = 100_000_000)]
    pub rate: Kobo,
    pub rounding: Rounding,
}

impl CurrencySetting {
    pub fn rate(&self) -> Rate {
        Rate { currency: self.currency, kobo_per_unit: self.rate, rounding: self.rounding }
    }
}

/// Both currencies, off, at rates near the market's at the time of writing.
pub fn default_currencies() -> Vec<CurrencySetting> {
    vec![
        CurrencySetting { currency: Currency::Usd, enabled: false, rate: Kobo::new(160_000), rounding: Rounding::NinetyNine },
        CurrencySetting { currency: Currency::Gbp, enabled: false, rate: Kobo::new(200_000), rounding: Rounding::NinetyNine },
    ]
}

/// ₦1,000,000 per unit: above this a rate is certainly a typing mistake.
const MAX_RATE: Kobo = Kobo::new(100_000_000);

/// The currencies as the admin sent them, checked: each of USD and GBP once, at a positive rate.
pub fn check_currencies(mut sent: Vec<CurrencySetting>) -> AppResult<Vec<CurrencySetting>> {
    let mut kept = default_currencies();
    for setting in sent.drain(..) {
        let Some(slot) = kept.iter_mut().find(|k| k.currency == setting.currency) else {
            return Err(AppError::Validation("Prices abroad can be in US dollars (USD) or British pounds (GBP).".into()));
        };
        if !(Kobo::new(1)..=MAX_RATE).contains(&setting.rate) {
            return Err(AppError::Validation(format!(
                "The exchange rate for {} must be from ₦0.01 to {} per unit.",
                setting.currency,
                crate::money::format_naira(MAX_RATE)
            )));
        }
        *slot = setting;
    }
    Ok(kept)
}

/// The rate of `currency` as set (on or off: a fee abroad may be in a currency not offered).
pub fn rate_of(currencies: &[CurrencySetting], currency: Currency) -> Option<Rate> {
    currencies.iter().find(|c| c.currency == currency).map(CurrencySetting::rate)
}

/// The rate of a currency shoppers may pay in, or why not.
pub fn offered_rate(currencies: &[CurrencySetting], currency: Currency) -> AppResult<Rate> {
    currencies
        .iter()
        .find(|c| c.currency == currency && c.enabled)
        .map(CurrencySetting::rate)
        .ok_or_else(|| AppError::Validation(format!("Prices in {currency} are not offered. Please choose another currency.")))
}

/// A currency a shopper may choose.
#[derive(Serialize, Clone, Debug, utoipa::ToSchema)]
pub struct Offered {
    pub currency: Currency,
    pub symbol: &'static str,
    pub name: &'static str,
}

#[derive(Serialize, Clone, Debug, utoipa::ToSchema)]
pub struct OfferedCurrencies {
    /// The currencies besides naira a shopper may choose (none: naira only, no chooser).
    pub currencies: Vec<Offered>,
}

/// The currencies as the merchant set them, read from the settings document (`settings` keeps
/// the document and depends on this module for its type, so this module reads the one field
/// itself rather than depending back on it).
pub fn currencies(conn: &Connection) -> rusqlite::Result<Vec<CurrencySetting>> {
    let stored: Option<Option<String>> = conn
        .prepare_cached("SELECT json_extract(value, '$.currencies') FROM shop_settings WHERE id = 1")?
        .query_row([], |r| r.get(0))
        .optional()?;
    Ok(stored.flatten().and_then(|json| serde_json::from_str(&json).ok()).unwrap_or_else(default_currencies))
}

pub fn offered(conn: &Connection) -> rusqlite::Result<OfferedCurrencies> {
    let currencies = currencies(conn)?
        .iter()
        .filter(|c| c.enabled)
        .map(|c| Offered { currency: c.currency, symbol: c.currency.symbol(), name: c.currency.name() })
        .collect();
    Ok(OfferedCurrencies { currencies })
}

/// A product's price in a currency abroad, as shoppers who chose it see it.
#[derive(Serialize, Clone, Debug, PartialEq, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PriceAbroad {
    pub currency: Currency,
    /// In the currency's minor unit (cents, pence).
    pub price: i64,
    /// On sale: the price before, converted, when above `price`.
    pub compare_at_price: Option<i64>,
}

/// A product's price in `rate`'s currency: the merchant's fixed price for it, or the naira price
/// converted and rounded; the price before a sale is converted too, and shown only above it.
pub fn price_abroad(rate: Rate, price: Kobo, compare_at: Option<Kobo>, fixed: Option<Money>) -> PriceAbroad {
    let now = fixed.filter(|f| f.currency() == rate.currency).unwrap_or_else(|| rate.price_of(price));
    let before = compare_at.map(|c| rate.price_of(c)).filter(|b| b.minor() > now.minor());
    PriceAbroad { currency: rate.currency, price: now.minor(), compare_at_price: before.map(Money::minor) }
}

/// Every product's fixed prices, by product (only products that have one).
fn fixed_prices_of(conn: &Connection, ids: &[&ProductId]) -> rusqlite::Result<std::collections::HashMap<String, Vec<Money>>> {
    let json = serde_json::to_string(ids).unwrap_or_default();
    let mut stmt = conn.prepare_cached(
        "SELECT product_id, currency, price_minor FROM product_prices WHERE product_id IN (SELECT value FROM json_each(?1))",
    )?;
    let mut rows = stmt.query([json])?;
    let mut found: std::collections::HashMap<String, Vec<Money>> = Default::default();
    while let Some(r) = rows.next()? {
        let currency: Currency = r.get(1)?;
        found.entry(r.get(0)?).or_default().push(Money::new(currency, r.get(2)?));
    }
    Ok(found)
}

/// Each product's prices in the currencies on offer (`products`: id, naira price, price before a
/// sale), in order; one query for the fixed prices, none at all while naira is the only currency.
pub fn prices_of(conn: &Connection, products: &[(&ProductId, Kobo, Option<Kobo>)]) -> rusqlite::Result<Vec<Vec<PriceAbroad>>> {
    let rates: Vec<Rate> = currencies(conn)?.iter().filter(|c| c.enabled).map(CurrencySetting::rate).collect();
    if rates.is_empty() || products.is_empty() {
        return Ok(vec![Vec::new(); products.len()]);
    }
    let fixed = fixed_prices_of(conn, &products.iter().map(|p| p.0).collect::<Vec<_>>())?;
    Ok(products
        .iter()
        .map(|(id, price, compare_at)| {
            let own = fixed.get(id.as_str());
            rates
                .iter()
                .map(|rate| {
                    let fixed = own.and_then(|f| f.iter().find(|m| m.currency() == rate.currency)).copied();
                    price_abroad(*rate, *price, *compare_at, fixed)
                })
                .collect()
        })
        .collect())
}

/// A fixed price as the admin reads it back.
#[derive(Serialize, Clone, Debug, utoipa::ToSchema)]
pub struct FixedPrice {
    pub currency: Currency,
    /// In the currency's minor unit.
    pub price: i64,
}

/// A fixed price as the admin types it: "29.99" in the currency; "" for none (follow the rate).
#[derive(Deserialize, Clone, Debug, utoipa::ToSchema)]
pub struct FixedPriceInput {
    pub currency: Currency,
    #[serde(default)]
    pub price: String,
}

/// The fixed prices sent, checked: each currency abroad at most once, a positive amount.
pub fn check_fixed_prices(sent: &[FixedPriceInput]) -> AppResult<Vec<Money>> {
    let mut kept: Vec<Money> = Vec::new();
    for input in sent {
        if input.currency == Currency::Ngn {
            return Err(AppError::Validation("A fixed price is for a currency abroad: USD or GBP.".into()));
        }
        if kept.iter().any(|m| m.currency() == input.currency) {
            return Err(AppError::Validation(format!("Give one fixed price in {}.", input.currency)));
        }
        if input.price.trim().is_empty() {
            continue;
        }
        let amount = crate::money::parse_amount(input.currency, &input.price).map_err(AppError::Validation)?;
        if amount.minor() <= 0 {
            return Err(AppError::Validation(format!("A fixed price in {} must be more than 0.", input.currency)));
        }
        kept.push(amount);
    }
    Ok(kept)
}

pub fn fixed_prices(conn: &Connection, product: &ProductId) -> rusqlite::Result<Vec<FixedPrice>> {
    let found = fixed_prices_of(conn, &[product])?;
    let mut prices: Vec<FixedPrice> =
        found.get(product.as_str()).into_iter().flatten().map(|m| FixedPrice { currency: m.currency(), price: m.minor() }).collect();
    prices.sort_by_key(|p| p.currency.as_str());
    Ok(prices)
}

/// Replaces a product's fixed prices with `prices` (none: it follows the rates).
pub fn set_fixed_prices(tx: &Connection, product: &ProductId, prices: &[Money]) -> rusqlite::Result<()> {
    tx.execute("DELETE FROM product_prices WHERE product_id = ?1", [product])?;
    for price in prices {
        tx.execute(
            "INSERT INTO product_prices (product_id, currency, price_minor) VALUES (?1, ?2, ?3)",
            params![product, price.currency(), price.minor()],
        )?;
    }
    Ok(())
}

/// What a checkout in a currency abroad charges: its parts in the currency's minor unit, and the
/// rate the shopper was shown (kept with the payment and the order, so a later change of rate
/// changes neither).
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Charge {
    pub currency: Currency,
    pub subtotal: i64,
    pub delivery: i64,
    pub discount: i64,
    pub total: i64,
    /// Kobo per one unit of `currency`.
    #[schema(value_type = i64)]
    pub rate: Kobo,
}

impl Charge {
    pub fn of(parts: crate::pricing::Parts<Money>, rate: Rate) -> Charge {
        Charge {
            currency: rate.currency,
            subtotal: parts.subtotal.minor(),
            delivery: parts.delivery.minor(),
            discount: parts.discount.minor(),
            total: parts.total.minor(),
            rate: rate.kobo_per_unit,
        }
    }

    /// The rate it was charged at (its rounding no longer matters: its prices are fixed).
    pub fn rate(&self) -> Rate {
        Rate { currency: self.currency, kobo_per_unit: self.rate, rounding: Rounding::Cent }
    }

    pub fn total(&self) -> Money {
        Money::new(self.currency, self.total)
    }

    /// Its parts in naira at its rate, adding up: what the shop's books, dashboard and exports count.
    pub fn in_naira(&self) -> crate::pricing::Breakdown {
        let rate = self.rate();
        let naira = |minor: i64| rate.naira_of(Money::new(self.currency, minor));
        let (subtotal, delivery, discount) = (naira(self.subtotal), naira(self.delivery), naira(self.discount));
        crate::pricing::Breakdown { subtotal, delivery, discount, total: subtotal + delivery - discount }
    }
}

/// Delivery to a region abroad.
#[derive(Serialize, Clone, Debug, PartialEq, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ZoneAbroad {
    pub region: Region,
    /// "United Kingdom", "Rest of the world".
    pub name: &'static str,
    pub enabled: bool,
    /// The currency its fee is set in.
    pub currency: Currency,
    /// In `currency`'s minor unit.
    pub fee: i64,
    pub estimate: String,
}

pub fn zones(conn: &Connection) -> rusqlite::Result<Vec<ZoneAbroad>> {
    let mut zones: Vec<ZoneAbroad> = conn
        .prepare_cached("SELECT region, enabled, currency, fee_minor, estimate FROM delivery_abroad")?
        .query_map([], |r| {
            let region: Region = r.get(0)?;
            Ok(ZoneAbroad { region, name: region.name(), enabled: r.get(1)?, currency: r.get(2)?, fee: r.get(3)?, estimate: r.get(4)? })
        })?
        .collect::<Result<_, _>>()?;
    zones.sort_by_key(|z| Region::ALL.iter().position(|r| *r == z.region));
    Ok(zones)
}

/// A zone abroad as the admin sends it: the fee typed in the zone's currency.
#[derive(Deserialize, Clone, Debug, utoipa::ToSchema)]
pub struct ZoneAbroadInput {
    pub region: Region,
    #[serde(default)]
    pub enabled: bool,
    pub currency: Currency,
    /// In `currency`, e.g. "25.00".
    pub fee: String,
    #[serde(default)]
    pub estimate: String,
}

/// The zones abroad sent, checked (a region left out keeps what it had).
pub fn check_zones(sent: Vec<ZoneAbroadInput>) -> AppResult<Vec<(Region, bool, Money, String)>> {
    let mut kept: Vec<(Region, bool, Money, String)> = Vec::new();
    for z in sent {
        if z.currency == Currency::Ngn {
            return Err(AppError::Validation("A fee abroad is in US dollars (USD) or British pounds (GBP).".into()));
        }
        if kept.iter().any(|k| k.0 == z.region) {
            return Err(AppError::Validation(format!("{} is listed twice.", z.region.name())));
        }
        let estimate = z.estimate.trim().to_string();
        if estimate.is_empty() || estimate.chars().count() > 60 {
            return Err(AppError::Validation(format!("Give delivery to {} an estimate of at most 60 characters.", z.region.name())));
        }
        let fee = crate::money::parse_amount(z.currency, if z.fee.trim().is_empty() { "0" } else { &z.fee })
            .map_err(|e| AppError::Validation(format!("The fee to {}: {e}", z.region.name())))?;
        kept.push((z.region, z.enabled, fee, estimate));
    }
    Ok(kept)
}

pub fn replace_zones(tx: &Connection, zones: &[(Region, bool, Money, String)]) -> rusqlite::Result<()> {
    for (region, enabled, fee, estimate) in zones {
        tx.execute(
            "UPDATE delivery_abroad SET enabled = ?2, currency = ?3, fee_minor = ?4, estimate = ?5 WHERE region = ?1",
            params![region, enabled, fee.currency(), fee.minor(), estimate],
        )?;
    }
    Ok(())
}

/// Delivery to `country` abroad: its fee in the zone's currency and the estimate, or why not.
pub fn delivery_to(conn: &Connection, country: &Country) -> AppResult<(Money, String)> {
    let zone: Option<(bool, Currency, i64, String)> = conn
        .prepare_cached("SELECT enabled, currency, fee_minor, estimate FROM delivery_abroad WHERE region = ?1")?
        .query_row([country.region], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))
        .optional()?;
    match zone {
        Some((true, currency, fee, estimate)) => Ok((Money::new(currency, fee), estimate)),
        _ => Err(AppError::Validation(format!("Sorry, we do not deliver to {} yet.", country.name))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fixed_price_wins_and_the_price_before_shows_only_above_it() {
        let gbp = Rate { currency: Currency::Gbp, kobo_per_unit: Kobo::new(200_000), rounding: Rounding::Whole };
        let converted = price_abroad(gbp, Kobo::new(4_500_000), Some(Kobo::new(6_000_000)), None);
        assert_eq!(converted, PriceAbroad { currency: Currency::Gbp, price: 2300, compare_at_price: Some(3000) });
        let fixed = price_abroad(gbp, Kobo::new(4_500_000), Some(Kobo::new(6_000_000)), Some(Money::new(Currency::Gbp, 4500)));
        assert_eq!(fixed, PriceAbroad { currency: Currency::Gbp, price: 4500, compare_at_price: None });
        let dollars_ignored = price_abroad(gbp, Kobo::new(4_500_000), None, Some(Money::new(Currency::Usd, 1)));
        assert_eq!(dollars_ignored.price, 2300);
    }

    #[test]
    fn currencies_are_checked_and_both_always_listed() {
        let kept = check_currencies(vec![CurrencySetting {
            currency: Currency::Gbp,
            enabled: true,
            rate: Kobo::new(210_000),
            rounding: Rounding::Cent,
        }])
        .unwrap();
        assert_eq!(kept.len(), 2);
        assert!(kept.iter().any(|c| c.currency == Currency::Gbp && c.enabled && c.rate == Kobo::new(210_000)));
        let zero = CurrencySetting { currency: Currency::Usd, enabled: true, rate: Kobo::ZERO, rounding: Rounding::Cent };
        assert!(check_currencies(vec![zero]).is_err());
        let naira = CurrencySetting { currency: Currency::Ngn, enabled: true, rate: Kobo::new(100), rounding: Rounding::Cent };
        assert!(check_currencies(vec![naira]).is_err());
        let typed = [FixedPriceInput { currency: Currency::Usd, price: "29.99".into() }];
        assert_eq!(check_fixed_prices(&typed).unwrap(), vec![Money::new(Currency::Usd, 2999)]);
        assert!(check_fixed_prices(&[FixedPriceInput { currency: Currency::Usd, price: "0".into() }]).is_err());
        assert!(check_fixed_prices(&[FixedPriceInput { currency: Currency::Ngn, price: "1".into() }]).is_err());
    }
}
