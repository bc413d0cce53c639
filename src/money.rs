//! Money is integer kobo, carried as [`Kobo`]. Naira typed by people is parsed as a decimal string,
//! never a float.

use std::fmt;
use std::iter::Sum;
use std::ops::{Add, AddAssign, Mul, Neg, Sub, SubAssign};

use rusqlite::types::{FromSql, FromSqlResult, ToSql, ToSqlOutput, ValueRef};
use serde::{Deserialize, Serialize};

/// An amount of money in kobo (₦1 = 100 kobo): a plain JSON integer on the wire and an INTEGER in
/// the database.
///
/// Arithmetic panics on overflow instead of returning `Option`s: every amount the shop handles is
/// bounded by input checks (prices at most ₦9,999,999,999.99, quantities at most a few hundred), so
/// it stays many orders of magnitude below `i64::MAX`, and an overflow can only be a bug — one that
/// must stop the request rather than wrap silently into a wrong price (release builds do not check
/// plain `i64` arithmetic). Amounts add to and subtract from amounts only; a count multiplies an
/// amount (`price * quantity`), so `Kobo + 1` does not compile.
///
/// The API document shows it as an integer (int64): a field spells `#[schema(value_type = i64)]`,
/// which keeps the document and the generated front-end types exactly as they were for `i64`.
/// (`Kobo` deliberately has no `ToSchema`, so a field that forgets the attribute does not compile
/// instead of turning into a `$ref` to a new component.)
///
/// ```compile_fail
/// let _ = ankara::money::Kobo::new(100) + 1; // an amount plus a count: a type error
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Kobo(i64);

impl Kobo {
    pub const ZERO: Kobo = Kobo(0);

    pub const fn new(kobo: i64) -> Kobo {
        Kobo(kobo)
    }

    /// The number of kobo, for the edges that speak plain integers (Paystack's JSON, metrics).
    pub const fn get(self) -> i64 {
        self.0
    }

    /// `percent` per cent of this amount, rounded to the nearest kobo, half up.
    pub fn percent(self, percent: i64) -> Kobo {
        let scaled = self.0.checked_mul(percent).and_then(|k| k.checked_add(50)).unwrap_or_else(|| overflow("×", self.0, percent));
        Kobo(scaled / 100)
    }
}

#[cold]
fn overflow(op: &str, a: i64, b: i64) -> ! {
    panic!("kobo overflow: {a} {op} {b} does not fit in 64 bits")
}

impl Add for Kobo {
    type Output = Kobo;
    fn add(self, other: Kobo) -> Kobo {
        Kobo(self.0.checked_add(other.0).unwrap_or_else(|| overflow("+", self.0, other.0)))
    }
}

impl Sub for Kobo {
    type Output = Kobo;
    fn sub(self, other: Kobo) -> Kobo {
        Kobo(self.0.checked_sub(other.0).unwrap_or_else(|| overflow("-", self.0, other.0)))
    }
}

impl AddAssign for Kobo {
    fn add_assign(&mut self, other: Kobo) {
        *self = *self + other;
    }
}

impl SubAssign for Kobo {
    fn sub_assign(&mut self, other: Kobo) {
        *self = *self - other;
    }
}

impl Neg for Kobo {
    type Output = Kobo;
    fn neg(self) -> Kobo {
        Kobo(self.0.checked_neg().unwrap_or_else(|| overflow("-", 0, self.0)))
    }
}

/// A unit price times a count.
impl Mul<i64> for Kobo {
    type Output = Kobo;
    fn mul(self, count: i64) -> Kobo {
        Kobo(self.0.checked_mul(count).unwrap_or_else(|| overflow("×", self.0, count)))
    }
}

impl Sum for Kobo {
    fn sum<I: Iterator<Item = Kobo>>(amounts: I) -> Kobo {
        amounts.fold(Kobo::ZERO, Add::add)
    }
}

impl<'a> Sum<&'a Kobo> for Kobo {
    fn sum<I: Iterator<Item = &'a Kobo>>(amounts: I) -> Kobo {
        amounts.copied().sum()
    }
}

/// As the shop shows money: ₦25,000.00.
impl fmt::Display for Kobo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&format_naira(*self))
    }
}

impl ToSql for Kobo {
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        Ok(ToSqlOutput::from(self.0))
    }
}

impl FromSql for Kobo {
    fn column_result(value: ValueRef<'_>) -> FromSqlResult<Kobo> {
        i64::column_result(value).map(Kobo)
    }
}

impl utoipa::PartialSchema for Kobo {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        <i64 as utoipa::PartialSchema>::schema()
    }
}

/// Parses a naira amount such as "25000", "25,000.5" or "18999.99" into kobo.
/// Rejects negatives, more than two decimals, and absurd sizes.
pub fn parse_naira(input: &str) -> Result<Kobo, String> {
    let text: String = input.trim().trim_start_matches('₦').chars().filter(|c| *c != ',').collect();
    let invalid = || format!("{input:?} is not a valid price: use naira with at most two decimals, like 25000.00");
    if text.is_empty() || text.starts_with('-') {
        return Err(invalid());
    }
    let (whole, fraction) = text.split_once('.').unwrap_or((&text, ""));
    if whole.is_empty() && fraction.is_empty() {
        return Err(invalid());
    }
    if !whole.chars().all(|c| c.is_ascii_digit()) || !fraction.chars().all(|c| c.is_ascii_digit()) {
        return Err(invalid());
    }
    if fraction.len() > 2 {
        return Err(invalid());
    }
    if whole.trim_start_matches('0').len() > 10 {
        return Err("Prices above ₦9,999,999,999.99 are not accepted.".into());
    }
    let naira: i64 = if whole.is_empty() { 0 } else { whole.parse().map_err(|_| invalid())? };
    let kobo: i64 = format!("{fraction:0<2}").parse().map_err(|_| invalid())?;
    Ok(Kobo(naira * 100 + kobo))
}

/// A naira amount in a request, as a person typed it: always a JSON string ("25000", "25,000.50",
/// "₦18999.99"; "" for none), read by its text and never as a float. Requests carry money one of
/// two ways: this, where a person typed naira into a form, or [`Kobo`] integers where the amount
/// came from the shop itself. Anything but a string is kept as [`Naira::NotText`], so the handler
/// refuses it with a message that names the field, like any other bad amount.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Naira {
    Typed(String),
    NotText,
}

impl Naira {
    /// None when blank; kobo otherwise. `what` names the field in messages ("refund amount").
    pub fn kobo(&self, what: &str) -> Result<Option<Kobo>, String> {
        let text = match self {
            Naira::Typed(text) if text.trim().is_empty() => return Ok(None),
            Naira::Typed(text) => text.trim(),
            Naira::NotText => return Err(format!("The {what} must be an amount in naira.")),
        };
        if text.starts_with('-') {
            return Err(format!("The {what} cannot be negative."));
        }
        parse_naira(text).map(Some).map_err(|e| format!("The {what}: {e}"))
    }
}

/// An optional naira field: none when absent, null or blank.
pub fn optional_naira(value: Option<&Naira>, what: &str) -> Result<Option<Kobo>, String> {
    value.map_or(Ok(None), |naira| naira.kobo(what))
}

impl<'de> Deserialize<'de> for Naira {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Naira, D::Error> {
        struct Typed;
        impl<'de> serde::de::Visitor<'de> for Typed {
            type Value = Naira;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("an amount in naira as text")
            }
            fn visit_str<E>(self, text: &str) -> Result<Naira, E> {
                Ok(Naira::Typed(text.to_string()))
            }
            fn visit_bool<E>(self, _: bool) -> Result<Naira, E> {
                Ok(Naira::NotText)
            }
            fn visit_i64<E>(self, _: i64) -> Result<Naira, E> {
                Ok(Naira::NotText)
            }
            fn visit_u64<E>(self, _: u64) -> Result<Naira, E> {
                Ok(Naira::NotText)
            }
            fn visit_f64<E>(self, _: f64) -> Result<Naira, E> {
                Ok(Naira::NotText)
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Naira, A::Error> {
                while seq.next_element::<serde::de::IgnoredAny>()?.is_some() {}
                Ok(Naira::NotText)
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Naira, A::Error> {
                while map.next_entry::<serde::de::IgnoredAny, serde::de::IgnoredAny>()?.is_some() {}
                Ok(Naira::NotText)
            }
        }
        d.deserialize_any(Typed)
    }
}

impl utoipa::PartialSchema for Naira {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        utoipa::openapi::ObjectBuilder::new()
            .schema_type(utoipa::openapi::Type::String)
            .description(Some(
                "An amount in naira as a person typed it: digits with optional thousands commas, a leading ₦ and at most two \
                 decimals (\"25000\", \"25,000.50\"); an empty string for none where the field is optional. Never a JSON number.",
            ))
            .examples(["25000.50"])
            .into()
    }
}

impl utoipa::ToSchema for Naira {}

/// Formats kobo as the shop shows money: ₦25,000.00.
pub fn format_naira(kobo: Kobo) -> String {
    let sign = if kobo.0 < 0 { "-" } else { "" };
    let kobo = kobo.0.unsigned_abs();
    let digits = (kobo / 100).to_string();
    let mut grouped = String::new();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            grouped.push(',');
        }
        grouped.push(ch);
    }
    format!("{sign}₦{grouped}.{:02}", kobo % 100)
}

/// Kobo as a plain decimal naira string ("25000.00"), for machine-readable tags.
pub fn naira_decimal(kobo: Kobo) -> String {
    format!("{}.{:02}", kobo.0 / 100, kobo.0 % 100)
}

crate::text_enum! {
    /// A currency the shop prices in: naira, its own, and the two it may sell abroad in.
    pub enum Currency {
        Ngn => "NGN",
        Usd => "USD",
        Gbp => "GBP",
    }
}

impl Currency {
    /// How the shop writes an amount of it: "₦", "$", "£".
    pub fn symbol(self) -> &'static str {
        match self {
            Currency::Ngn => "₦",
            Currency::Usd => "$",
            Currency::Gbp => "£",
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Currency::Ngn => "Nigerian naira",
            Currency::Usd => "US dollar",
            Currency::Gbp => "British pound",
        }
    }
}

/// An amount in one currency's minor unit (kobo, cents, pence), tagged with that currency.
///
/// Two amounts add or subtract only in the same currency: mixing them is a bug that stops the
/// request (a panic, like an overflow) instead of a wrong price. Naira's own [`Kobo`] is another
/// type altogether: a [`Rate`] is the only way between them.
///
/// ```compile_fail
/// let _ = ankara::money::Kobo::new(100) + ankara::money::Money::new(ankara::money::Currency::Gbp, 100);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Money {
    currency: Currency,
    minor: i64,
}

impl Money {
    pub const fn new(currency: Currency, minor: i64) -> Money {
        Money { currency, minor }
    }

    pub const fn zero(currency: Currency) -> Money {
        Money { currency, minor: 0 }
    }

    pub fn currency(self) -> Currency {
        self.currency
    }

    /// The count of minor units, for the edges that speak plain integers (Paystack, JSON).
    pub fn minor(self) -> i64 {
        self.minor
    }

    fn same(self, other: Money) -> i64 {
        if self.currency != other.currency {
            panic!("currency mix: {} and {}", self.currency, other.currency)
        }
        other.minor
    }
}

/// Naira as a tagged amount, for the edges that take any currency (Paystack's calls).
impl From<Kobo> for Money {
    fn from(kobo: Kobo) -> Money {
        Money::new(Currency::Ngn, kobo.0)
    }
}

impl Add for Money {
    type Output = Money;
    fn add(self, other: Money) -> Money {
        let minor = self.same(other);
        Money { minor: self.minor.checked_add(minor).unwrap_or_else(|| overflow("+", self.minor, minor)), ..self }
    }
}

impl Sub for Money {
    type Output = Money;
    fn sub(self, other: Money) -> Money {
        let minor = self.same(other);
        Money { minor: self.minor.checked_sub(minor).unwrap_or_else(|| overflow("-", self.minor, minor)), ..self }
    }
}

impl Mul<i64> for Money {
    type Output = Money;
    fn mul(self, count: i64) -> Money {
        Money { minor: self.minor.checked_mul(count).unwrap_or_else(|| overflow("×", self.minor, count)), ..self }
    }
}

impl PartialOrd for Money {
    fn partial_cmp(&self, other: &Money) -> Option<std::cmp::Ordering> {
        (self.currency == other.currency).then(|| self.minor.cmp(&other.minor))
    }
}

/// "£22.99", "$1,234.00"; naira as [`format_naira`] writes it.
impl fmt::Display for Money {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let naira = format_naira(Kobo(self.minor));
        f.write_str(&naira.replacen('₦', self.currency.symbol(), 1))
    }
}

/// What an amount arithmetic needs, in naira ([`Kobo`]) or another currency ([`Money`]), so one
/// pricing function prices a bag in either.
pub trait Amount: Copy + PartialOrd + Add<Output = Self> + Sub<Output = Self> + Mul<i64, Output = Self> {
    /// Nothing, in the same currency as `self`.
    fn nothing(self) -> Self;
    /// `percent` per cent, rounded to the nearest minor unit, half up.
    fn percent(self, percent: i64) -> Self;
}

impl Amount for Kobo {
    fn nothing(self) -> Kobo {
        Kobo::ZERO
    }
    fn percent(self, percent: i64) -> Kobo {
        Kobo::percent(self, percent)
    }
}

impl Amount for Money {
    fn nothing(self) -> Money {
        Money::zero(self.currency)
    }
    fn percent(self, percent: i64) -> Money {
        Money { minor: Kobo(self.minor).percent(percent).0, ..self }
    }
}

crate::text_enum! {
    /// How a price converted from naira is rounded in the currency.
    pub enum Rounding {
        /// To the nearest cent or penny.
        Cent => "cent",
        /// To the nearest price ending in .99 (£22.99).
        NinetyNine => "ninetyNine",
        /// To the nearest whole unit (£23.00).
        Whole => "whole",
    }
}

/// A currency's exchange rate as the merchant set it: kobo per one unit (₦1,600.00 per $1 is
/// 160,000), and how converted prices are rounded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rate {
    pub currency: Currency,
    pub kobo_per_unit: Kobo,
    pub rounding: Rounding,
}

impl Rate {
    /// A naira price in this currency, rounded by the merchant's rule: what a shopper abroad sees
    /// and pays for it.
    pub fn price_of(self, kobo: Kobo) -> Money {
        let exact = self.amount_of(kobo).minor;
        let minor = match self.rounding {
            Rounding::Cent => exact,
            Rounding::Whole => ((exact + 50) / 100 * 100).max(100),
            Rounding::NinetyNine => ((exact + 1 + 50) / 100 * 100 - 1).max(99),
        };
        Money::new(self.currency, minor)
    }

    /// A naira amount in this currency to the nearest minor unit (half up), for fees and fixed
    /// discounts, which are not shop prices and keep their exact value.
    pub fn amount_of(self, kobo: Kobo) -> Money {
        let rate = self.kobo_per_unit.0.max(1);
        let scaled = kobo.0.checked_mul(100).and_then(|k| k.checked_add(rate / 2)).unwrap_or_else(|| overflow("×", kobo.0, 100));
        Money::new(self.currency, scaled / rate)
    }

    /// What an amount in this currency is worth in naira, rounded down: the parts of a whole
    /// (refunds of one payment) never add up to more than the whole.
    pub fn naira_of(self, amount: Money) -> Kobo {
        let minor = Money::new(self.currency, 0).same(amount);
        let scaled = minor.checked_mul(self.kobo_per_unit.0).unwrap_or_else(|| overflow("×", minor, self.kobo_per_unit.0));
        Kobo(scaled.div_euclid(100))
    }
}

/// Parses an amount typed in `currency` ("29.99", "1,250") into its minor units, as
/// [`parse_naira`] does for naira.
pub fn parse_amount(currency: Currency, input: &str) -> Result<Money, String> {
    let text = input.trim().trim_start_matches(currency.symbol());
    match parse_naira(text) {
        Ok(kobo) => Ok(Money::new(currency, kobo.0)),
        Err(_) => Err(format!("{input:?} is not a valid amount in {}: use at most two decimals, like 25.00", currency.as_str())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn naira_in_a_request_is_text_and_anything_else_is_refused_by_name() {
        #[derive(Deserialize)]
        struct Form {
            amount: Option<Naira>,
        }
        let read = |json: &str| serde_json::from_str::<Form>(json).unwrap().amount;
        assert_eq!(read(r#"{"amount": "25,000.50"}"#), Some(Naira::Typed("25,000.50".into())));
        assert_eq!(read(r#"{"amount": null}"#), None);
        assert_eq!(read(r#"{}"#), None);
        for not_text in
            [r#"{"amount": 25000}"#, r#"{"amount": 19.99}"#, r#"{"amount": true}"#, r#"{"amount": [1]}"#, r#"{"amount": {"a": 1}}"#]
        {
            assert_eq!(read(not_text), Some(Naira::NotText), "{not_text}");
        }
        assert_eq!(Naira::Typed("25,000.50".into()).kobo("fee"), Ok(Some(Kobo(2_500_050))));
        assert_eq!(Naira::Typed("  ".into()).kobo("fee"), Ok(None));
        assert_eq!(Naira::Typed("-5".into()).kobo("fee"), Err("The fee cannot be negative.".into()));
        assert_eq!(Naira::NotText.kobo("fee"), Err("The fee must be an amount in naira.".into()));
        assert_eq!(optional_naira(None, "fee"), Ok(None));
    }

    #[test]
    fn parses_naira_exactly() {
        assert_eq!(parse_naira("25000"), Ok(Kobo(2_500_000)));
        assert_eq!(parse_naira("25,000.5"), Ok(Kobo(2_500_050)));
        assert_eq!(parse_naira("18999.99"), Ok(Kobo(1_899_999)));
        assert_eq!(parse_naira("0.07"), Ok(Kobo(7)));
        assert_eq!(parse_naira(".5"), Ok(Kobo(50)));
        assert_eq!(parse_naira("₦1,000.00"), Ok(Kobo(100_000)));
        // 19.99 * 100 is 1998.999… in floating point; parsing the text is exact.
        assert_eq!(parse_naira("19.99"), Ok(Kobo(1999)));
    }

    #[test]
    fn rejects_bad_prices() {
        for bad in ["", " ", "-5", "1.234", "abc", "1e5", "12.3.4", ".", "99999999999"] {
            assert!(parse_naira(bad).is_err(), "{bad:?} should be rejected");
        }
    }

    #[test]
    fn formats_with_separators_and_two_decimals() {
        assert_eq!(format_naira(Kobo(2_500_000)), "₦25,000.00");
        assert_eq!(format_naira(Kobo(1_999_999)), "₦19,999.99");
        assert_eq!(format_naira(Kobo(5)), "₦0.05");
        assert_eq!(format_naira(Kobo(12_345_678_900)), "₦123,456,789.00");
        assert_eq!(naira_decimal(Kobo(4_500_050)), "45000.50");
    }

    #[test]
    fn amounts_add_up_and_multiply_by_counts() {
        let price = Kobo::new(1_250_000);
        assert_eq!(price * 3, Kobo::new(3_750_000));
        assert_eq!(price + price - Kobo::new(50), Kobo::new(2_499_950));
        assert_eq!([price, price].iter().sum::<Kobo>(), Kobo::new(2_500_000));
        assert_eq!(Kobo::new(123_455).percent(10), Kobo::new(12_346), "half up");
        assert_eq!(price.to_string(), "₦12,500.00");
        assert_eq!(serde_json::to_string(&price).unwrap(), "1250000");
        assert_eq!(serde_json::from_str::<Kobo>("75").unwrap(), Kobo::new(75));
        let conn = rusqlite::Connection::open_in_memory().unwrap();
        let back: Kobo = conn.query_row("SELECT ?1 + 0", [price], |r| r.get(0)).unwrap();
        assert_eq!(back, price, "stored as an INTEGER");
    }

    #[test]
    #[should_panic(expected = "kobo overflow")]
    fn overflow_stops_instead_of_wrapping() {
        let _ = Kobo::new(i64::MAX / 2) * 3;
    }

    #[test]
    fn a_rate_converts_and_rounds_by_the_merchants_rule() {
        let gbp = |rounding| Rate { currency: Currency::Gbp, kobo_per_unit: Kobo::new(200_000), rounding };
        // ₦45,000 at ₦2,000 per £1 is £22.50.
        assert_eq!(gbp(Rounding::Cent).price_of(Kobo::new(4_500_000)), Money::new(Currency::Gbp, 2250));
        assert_eq!(gbp(Rounding::Whole).price_of(Kobo::new(4_500_000)), Money::new(Currency::Gbp, 2300));
        assert_eq!(gbp(Rounding::NinetyNine).price_of(Kobo::new(4_500_000)), Money::new(Currency::Gbp, 2299));
        // £22.40 is nearer £21.99 than £22.99? No: nearer 21.99 (0.41) than 22.99 (0.59).
        assert_eq!(gbp(Rounding::NinetyNine).price_of(Kobo::new(4_480_000)), Money::new(Currency::Gbp, 2199));
        assert_eq!(gbp(Rounding::NinetyNine).price_of(Kobo::new(1_000)), Money::new(Currency::Gbp, 99), "never below .99");
        assert_eq!(gbp(Rounding::Cent).amount_of(Kobo::new(333)), Money::new(Currency::Gbp, 0));
        assert_eq!(gbp(Rounding::Cent).naira_of(Money::new(Currency::Gbp, 2299)), Kobo::new(4_598_000));
        // Refunds in parts never add up to more than the whole in naira.
        let odd = Rate { currency: Currency::Usd, kobo_per_unit: Kobo::new(153_333), rounding: Rounding::Cent };
        let whole = odd.naira_of(Money::new(Currency::Usd, 10_001));
        let parts = odd.naira_of(Money::new(Currency::Usd, 3_333)) + odd.naira_of(Money::new(Currency::Usd, 6_668));
        assert!(parts <= whole, "{parts} > {whole}");
    }

    #[test]
    fn money_adds_only_in_its_own_currency() {
        let a = Money::new(Currency::Usd, 1_999);
        assert_eq!(a + a * 2, Money::new(Currency::Usd, 5_997));
        assert_eq!(a.to_string(), "$19.99");
        assert_eq!(Money::new(Currency::Gbp, 123_456).to_string(), "£1,234.56");
        assert_eq!(a.partial_cmp(&Money::new(Currency::Gbp, 1)), None, "no order across currencies");
        assert_eq!(parse_amount(Currency::Gbp, "£29.99"), Ok(Money::new(Currency::Gbp, 2_999)));
        assert!(parse_amount(Currency::Usd, "1.234").is_err());
        let mixed = std::panic::catch_unwind(|| Money::new(Currency::Usd, 1) + Money::new(Currency::Gbp, 1));
        assert!(mixed.is_err(), "dollars and pounds do not add");
    }
}
