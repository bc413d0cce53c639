//! The merchant's settings: one typed document in `shop_settings`, read inside the transactions
//! that depend on it (a checkout, a bag change) so a change applies to the next one, and edited in
//! the back office through `GET/PATCH /api/admin/settings`. A field missing from the stored
//! document takes its default, so a new setting needs no migration.

pub mod routes;

use rusqlite::{Connection, OptionalExtension};
use serde::{Deserialize, Serialize};

use crate::error::{AppError, AppResult};
use crate::money::{Kobo, format_naira};

/// The most of one line a shopper may ever ask for, whatever the merchant sets.
pub const MAX_LINE_LIMIT: i64 = 99;
const MAX_CHECKOUT_LIMIT: i64 = 999;
/// ₦100,000,000: above this an order total is certainly a mistake.
const MAX_ORDER_TOTAL_LIMIT: Kobo = Kobo::new(10_000_000_000);

/// What the merchant decides. Amounts in kobo.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct Settings {
    /// Units of one variant (size and colour) one order may hold: 1 to 99.
    #[schema(minimum = 1, maximum = 99)]
    pub max_per_line: i64,
    /// Units one order may hold in all: 1 to 999.
    #[schema(minimum = 1, maximum = 999)]
    pub max_per_checkout: i64,
    /// The largest order total a payment may be started for (stock is held only below it).
    #[schema(value_type = i64, minimum = 5000, maximum = 10_000_000_000_i64)]
    pub max_order_total: Kobo,
    /// Visitors may buy without an account (a guest bag under an anonymous cookie).
    pub guest_checkout: bool,
    /// The Paystack channels the pop-up offers.
    #[schema(min_items = 1)]
    pub channels: Vec<Channel>,
    /// Minutes a bank transfer or USSD payment may take, holding its stock and code meanwhile.
    #[schema(minimum = 10, maximum = 1440)]
    pub transfer_hold_minutes: i64,
    /// Open pay-on-delivery orders one customer e-mail or phone may have.
    #[schema(minimum = 1, maximum = 10)]
    pub pay_on_delivery_open_limit: i64,
    /// Hours a pay link can be paid (and holds its order's stock) after it is made: 1 to 720.
    #[schema(minimum = 1, maximum = 720)]
    pub pay_link_hours: i64,
    /// Hours after a pay link is sent that the customer is reminded once if it is still unpaid:
    /// 0 (never) to 720.
    #[schema(minimum = 0, maximum = 720)]
    pub pay_link_reminder_hours: i64,
    /// E-mail a shopper who started a checkout and did not pay (at most once a week per address).
    pub bag_reminders: bool,
    /// Hours after the checkout started that its reminder goes out: 1 to 72.
    #[schema(minimum = 1, maximum = 72)]
    pub bag_reminder_hours: i64,
    /// Whether checkout asks for a postal code: most Nigerian addresses have none in use.
    pub postal_code: PostalCode,
    /// How a pay-on-delivery order from a customer the shop does not know yet (a guest, or an
    /// account without a delivered or paid order) is confirmed: by a call from the shop, or by a
    /// code e-mailed to the customer.
    pub pod_confirmation: crate::orders::confirmation::ConfirmChannel,
    /// Hours such an order waits for confirmation before it is cancelled (its stock and code use
    /// back): 1 to 168.
    #[schema(minimum = 1, maximum = 168)]
    pub pod_confirm_hours: i64,
    /// Such orders waiting for confirmation that one client address may have at once: 1 to 50.
    #[schema(minimum = 1, maximum = 50)]
    pub pod_unconfirmed_per_address: i64,
    /// Days after delivery a customer may ask to return or exchange: 0 (no returns) to 90.
    #[schema(minimum = 0, maximum = 90)]
    pub return_window_days: i64,
    /// Whether a return that brings back every unit of an order gives back its delivery fee too.
    pub return_delivery_fee: bool,
    /// The most a cashier may take off a counter sale by hand, in percent: 0 (none) to 50.
    #[schema(minimum = 0, maximum = 50)]
    pub counter_discount_limit: i64,
    /// Prices abroad: US dollars and British pounds, each on or off, at a rate and rounding rule.
    pub currencies: Vec<crate::abroad::CurrencySetting>,
}

crate::text_enum! {
    /// Whether checkout requires a postal code.
    pub enum PostalCode {
        /// Always (the seed's checkout).
        Required => "required",
        /// Except for addresses in Nigeria, where most are not used.
        OptionalInNigeria => "optional_in_nigeria",
        Optional => "optional",
    }
}

impl PostalCode {
    /// Whether an address in `country` must have one.
    pub fn required_in(self, country: &str) -> bool {
        match self {
            PostalCode::Required => true,
            PostalCode::OptionalInNigeria => !country.trim().eq_ignore_ascii_case("nigeria"),
            PostalCode::Optional => false,
        }
    }
}

crate::text_enum! {
    /// A way to pay that Paystack's pop-up offers (Nigeria's).
    pub enum Channel {
        Card => "card",
        Bank => "bank",
        Ussd => "ussd",
        BankTransfer => "bank_transfer",
        Qr => "qr",
    }
}

impl Default for Settings {
    fn default() -> Settings {
        // A fashion shop's shopper buys a few of a size, rarely more than a couple of dozen things.
        Settings {
            max_per_line: 5,
            max_per_checkout: 20,
            max_order_total: Kobo::new(500_000_000),
            // The seed's rule stands until the merchant opens the shop to guests.
            guest_checkout: false,
            channels: vec![Channel::Card, Channel::Bank, Channel::Ussd, Channel::BankTransfer],
            transfer_hold_minutes: 60,
            pay_on_delivery_open_limit: 1,
            // Two days: a chat customer pays when they next check their phone, not in minutes.
            pay_link_hours: 48,
            // A day: the customer has had an evening to pay, and the two-day link still works.
            pay_link_reminder_hours: 24,
            // The spec's shop never mails a shopper unasked: the merchant turns reminders on.
            bag_reminders: false,
            bag_reminder_hours: 1,
            postal_code: PostalCode::OptionalInNigeria,
            // Nigerian shops call to confirm pay-on-delivery orders; a code needs the customer to act.
            pod_confirmation: crate::orders::confirmation::ConfirmChannel::Phone,
            pod_confirm_hours: 24,
            // A mobile network puts many customers behind one address: a few, not one.
            pod_unconfirmed_per_address: 3,
            // A week after delivery: long enough to try a dress on, short enough to sell it again.
            return_window_days: 7,
            // Most Nigerian shops keep the delivery fee: the rider was paid to bring it.
            return_delivery_fee: false,
            // A small courtesy at the till; more is the owner's to give through a discount code.
            counter_discount_limit: 10,
            // Naira only until the merchant sells abroad.
            currencies: crate::abroad::default_currencies(),
        }
    }
}

/// The settings in force (defaults for anything never set).
pub fn load(conn: &Connection) -> rusqlite::Result<Settings> {
    let stored: Option<String> =
        conn.prepare_cached("SELECT value FROM shop_settings WHERE id = 1")?.query_row([], |r| r.get(0)).optional()?;
    // A document this version cannot read falls back to the defaults rather than closing the shop.
    Ok(stored.and_then(|text| serde_json::from_str(&text).ok()).unwrap_or_default())
}

/// A change as the admin sends it: only the fields present change.
#[derive(Deserialize, Default, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SettingsChange {
    #[schema(minimum = 1, maximum = 99)]
    pub max_per_line: Option<i64>,
    #[schema(minimum = 1, maximum = 999)]
    pub max_per_checkout: Option<i64>,
    #[schema(value_type = Option<i64>, minimum = 5000, maximum = 10_000_000_000_i64)]
    pub max_order_total: Option<Kobo>,
    pub guest_checkout: Option<bool>,
    #[schema(min_items = 1)]
    pub channels: Option<Vec<Channel>>,
    #[schema(minimum = 10, maximum = 1440)]
    pub transfer_hold_minutes: Option<i64>,
    #[schema(minimum = 1, maximum = 10)]
    pub pay_on_delivery_open_limit: Option<i64>,
    #[schema(minimum = 1, maximum = 720)]
    pub pay_link_hours: Option<i64>,
    #[schema(minimum = 0, maximum = 720)]
    pub pay_link_reminder_hours: Option<i64>,
    pub bag_reminders: Option<bool>,
    #[schema(minimum = 1, maximum = 72)]
    pub bag_reminder_hours: Option<i64>,
    pub postal_code: Option<PostalCode>,
    pub pod_confirmation: Option<crate::orders::confirmation::ConfirmChannel>,
    #[schema(minimum = 1, maximum = 168)]
    pub pod_confirm_hours: Option<i64>,
    #[schema(minimum = 1, maximum = 50)]
    pub pod_unconfirmed_per_address: Option<i64>,
    #[schema(minimum = 0, maximum = 90)]
    pub return_window_days: Option<i64>,
    pub return_delivery_fee: Option<bool>,
    #[schema(minimum = 0, maximum = 50)]
    pub counter_discount_limit: Option<i64>,
    /// USD and GBP (one may be left out: it keeps its setting).
    pub currencies: Option<Vec<crate::abroad::CurrencySetting>>,
}

impl SettingsChange {
    /// `current` with this change applied, or why it cannot be.
    pub fn apply(self, mut current: Settings) -> AppResult<Settings> {
        let invalid = |m: String| Err(AppError::Validation(m));
        if let Some(n) = self.max_per_line {
            if !(1..=MAX_LINE_LIMIT).contains(&n) {
                return invalid(format!("The most of one item per order must be from 1 to {MAX_LINE_LIMIT}."));
            }
            current.max_per_line = n;
        }
        if let Some(n) = self.max_per_checkout {
            if !(1..=MAX_CHECKOUT_LIMIT).contains(&n) {
                return invalid(format!("The most items per order must be from 1 to {MAX_CHECKOUT_LIMIT}."));
            }
            current.max_per_checkout = n;
        }
        if let Some(kobo) = self.max_order_total {
            if !(crate::paystack::MINIMUM_KOBO..=MAX_ORDER_TOTAL_LIMIT).contains(&kobo) {
                return invalid(format!(
                    "The largest order total must be from {} to {}.",
                    format_naira(crate::paystack::MINIMUM_KOBO),
                    format_naira(MAX_ORDER_TOTAL_LIMIT)
                ));
            }
            current.max_order_total = kobo;
        }
        if let Some(on) = self.guest_checkout {
            current.guest_checkout = on;
        }
        if let Some(mut channels) = self.channels {
            channels.dedup();
            if channels.is_empty() {
                return invalid("Choose at least one way to pay.".into());
            }
            current.channels = channels;
        }
        if let Some(minutes) = self.transfer_hold_minutes {
            if !(10..=1440).contains(&minutes) {
                return invalid("A transfer may take from 10 to 1440 minutes.".into());
            }
            current.transfer_hold_minutes = minutes;
        }
        if let Some(limit) = self.pay_on_delivery_open_limit {
            if !(1..=10).contains(&limit) {
                return invalid("Open pay-on-delivery orders per customer must be from 1 to 10.".into());
            }
            current.pay_on_delivery_open_limit = limit;
        }
        if let Some(hours) = self.pay_link_hours {
            if !(1..=720).contains(&hours) {
                return invalid("A pay link may last from 1 to 720 hours.".into());
            }
            current.pay_link_hours = hours;
        }
        if let Some(hours) = self.pay_link_reminder_hours {
            if !(0..=720).contains(&hours) {
                return invalid("A pay-link reminder may go out from 1 to 720 hours after the link, or 0 for never.".into());
            }
            current.pay_link_reminder_hours = hours;
        }
        if let Some(on) = self.bag_reminders {
            current.bag_reminders = on;
        }
        if let Some(hours) = self.bag_reminder_hours {
            if !(1..=72).contains(&hours) {
                return invalid("A bag reminder may go out from 1 to 72 hours after the checkout started.".into());
            }
            current.bag_reminder_hours = hours;
        }
        if let Some(rule) = self.postal_code {
            current.postal_code = rule;
        }
        if let Some(channel) = self.pod_confirmation {
            current.pod_confirmation = channel;
        }
        if let Some(hours) = self.pod_confirm_hours {
            if !(1..=168).contains(&hours) {
                return invalid("An order may wait for confirmation from 1 to 168 hours.".into());
            }
            current.pod_confirm_hours = hours;
        }
        if let Some(limit) = self.pod_unconfirmed_per_address {
            if !(1..=50).contains(&limit) {
                return invalid("Orders waiting for confirmation per address must be from 1 to 50.".into());
            }
            current.pod_unconfirmed_per_address = limit;
        }
        if let Some(days) = self.return_window_days {
            if !(0..=90).contains(&days) {
                return invalid("Returns may be asked for from 0 (never) to 90 days after delivery.".into());
            }
            current.return_window_days = days;
        }
        if let Some(on) = self.return_delivery_fee {
            current.return_delivery_fee = on;
        }
        if let Some(limit) = self.counter_discount_limit {
            if !(0..=50).contains(&limit) {
                return invalid("The counter's staff discount must be from 0 to 50 percent.".into());
            }
            current.counter_discount_limit = limit;
        }
        if let Some(sent) = self.currencies {
            let mut merged = current.currencies.clone();
            for setting in crate::abroad::check_currencies(sent.clone())? {
                if sent.iter().any(|s| s.currency == setting.currency) {
                    merged.retain(|m| m.currency != setting.currency);
                    merged.push(setting);
                }
            }
            merged.sort_by_key(|m| m.currency.as_str() != "USD");
            current.currencies = merged;
        }
        if current.max_per_line > current.max_per_checkout {
            return invalid("The most of one item cannot be more than the most items per order.".into());
        }
        Ok(current)
    }
}

fn store(tx: &Connection, settings: &Settings) -> AppResult<()> {
    tx.execute(
        "INSERT INTO shop_settings (id, value) VALUES (1, ?1) ON CONFLICT (id) DO UPDATE SET value = excluded.value",
        [serde_json::to_string(settings).map_err(AppError::internal)?],
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_change_applies_only_what_it_names_and_is_checked_whole() {
        let base = Settings::default();
        let changed = SettingsChange { max_per_line: Some(3), ..Default::default() }.apply(base.clone()).unwrap();
        assert_eq!(changed, Settings { max_per_line: 3, ..base.clone() });
        let refused = SettingsChange { max_per_line: Some(30), ..Default::default() }.apply(base.clone());
        assert!(refused.unwrap_err().message().contains("cannot be more than the most items per order"));
        assert!(SettingsChange { max_order_total: Some(Kobo::new(100)), ..Default::default() }.apply(base.clone()).is_err());
        assert!(SettingsChange { max_per_checkout: Some(0), ..Default::default() }.apply(base).is_err());
    }

    #[test]
    fn unknown_or_missing_stored_fields_fall_back_to_defaults() {
        let conn = Connection::open_in_memory().unwrap();
        conn.execute_batch("CREATE TABLE shop_settings (id INTEGER PRIMARY KEY, value TEXT NOT NULL)").unwrap();
        assert_eq!(load(&conn).unwrap(), Settings::default());
        conn.execute("INSERT INTO shop_settings VALUES (1, '{\"maxPerLine\": 2, \"retired\": true}')", []).unwrap();
        assert_eq!(load(&conn).unwrap(), Settings { max_per_line: 2, ..Settings::default() });
    }
}
