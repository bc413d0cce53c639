//! SMS and WhatsApp updates about orders, beside e-mail. An order's events (placed, paid, out for
//! delivery, delivered, pay link sent and reminded, pay on delivery to have ready) call
//! [`order_event`] in the transaction that made them; it writes the messages the merchant's
//! settings choose for that event into the mail outbox (`mail_outbox`, channel `sms` or
//! `whatsapp`), so they go out exactly when the change commits, through the outbox's worker: the
//! same claim and lease, retries with backoff and failed-mail screen as e-mail
//! (`mail::outbox`). Providers (Termii, the WhatsApp Cloud API) or their sandboxes send them
//! ([`providers`]).
//!
//! Rules, in the README's Behaviour notes too:
//! - Each event's channels are the merchant's (default: e-mail only, as the spec's shop).
//! - A customer without an e-mail (a chat order, a guest who gave only a phone) gets an SMS for
//!   every event whose channels include e-mail and neither SMS nor WhatsApp.
//! - Nothing is queued for, or sent to, a phone that opted out (STOP by SMS, or the link).
//! - Paid messages (SMS and WhatsApp together) beyond the day's cap wait for the next day
//!   (Lagos time), in the outbox; e-mail has no cap.

pub mod routes;
pub mod templates;

use rusqlite::{Connection, OptionalExtension, params};
use serde::{Deserialize, Serialize};

use crate::error::{AppError, AppResult};
use crate::mail::Mailer;
use crate::money::format_naira;

/// Something that happened to an order, which its customer may be told of.
#[derive(Debug, Clone, PartialEq)]
pub enum Event {
    Placed,
    Paid,
    /// On its way: with the shop's rider (his first name, and the 4-digit code the customer gives
    /// him) or a courier (no code: an empty `code`, and the templates' parts using it left out).
    OutForDelivery {
        code: String,
        rider: Option<String>,
    },
    Delivered,
    PayLinkSent {
        url: String,
    },
    PayLinkReminder {
        url: String,
    },
    /// A pay-on-delivery order is coming: the amount to have ready.
    PayOnDeliveryReady,
    /// A courier's step ("has been picked up by the courier", "is in transit"…), with the
    /// courier and its tracking number.
    CourierUpdate {
        step: String,
        courier: String,
        tracking: String,
    },
    /// A return request's step ("your return has been approved"…).
    ReturnUpdate {
        step: String,
    },
}

crate::text_enum! {
    /// The events as stored and as the settings name them.
    pub enum EventKind {
        Placed => "placed",
        Paid => "paid",
        OutForDelivery => "out_for_delivery",
        Delivered => "delivered",
        PayLinkSent => "pay_link_sent",
        PayLinkReminder => "pay_link_reminder",
        PayOnDeliveryReady => "pay_on_delivery_ready",
        CourierUpdate => "courier_update",
        ReturnUpdate => "return_update",
    }
}

impl Event {
    pub fn kind(&self) -> EventKind {
        match self {
            Event::Placed => EventKind::Placed,
            Event::Paid => EventKind::Paid,
            Event::OutForDelivery { .. } => EventKind::OutForDelivery,
            Event::Delivered => EventKind::Delivered,
            Event::PayLinkSent { .. } => EventKind::PayLinkSent,
            Event::PayLinkReminder { .. } => EventKind::PayLinkReminder,
            Event::PayOnDeliveryReady => EventKind::PayOnDeliveryReady,
            Event::CourierUpdate { .. } => EventKind::CourierUpdate,
            Event::ReturnUpdate { .. } => EventKind::ReturnUpdate,
        }
    }
}

/// Placeholders every event fills.
const COMMON: &[&str] = &["name", "number", "total", "balance", "shop", "track", "stop"];

impl EventKind {
    /// What the screen calls it.
    pub fn label(self) -> &'static str {
        match self {
            EventKind::Placed => "Order placed",
            EventKind::Paid => "Payment received",
            EventKind::OutForDelivery => "Out for delivery",
            EventKind::Delivered => "Delivered",
            EventKind::PayLinkSent => "Pay link sent",
            EventKind::PayLinkReminder => "Pay-link reminder",
            EventKind::PayOnDeliveryReady => "Pay on delivery: amount to have ready",
            EventKind::CourierUpdate => "Courier update",
            EventKind::ReturnUpdate => "Return update",
        }
    }

    /// The placeholders this event can fill.
    pub fn placeholders(self) -> Vec<&'static str> {
        let extra: &[&str] = match self {
            EventKind::OutForDelivery => &["code", "rider"],
            EventKind::PayLinkSent | EventKind::PayLinkReminder => &["url"],
            EventKind::CourierUpdate => &["step", "courier", "tracking"],
            EventKind::ReturnUpdate => &["step"],
            _ => &[],
        };
        COMMON.iter().chain(extra).copied().collect()
    }

    /// The shipped words: (SMS, WhatsApp, WhatsApp template's name).
    fn defaults(self) -> (&'static str, &'static str, &'static str) {
        match self {
            EventKind::Placed => (
                "{shop}: thank you {name}, order {number} ({total}) is placed. Follow it: {track}",
                "Hello {name}, thank you for your order {number} ({total}) at {shop}. Follow it here: {track}",
                "order_placed",
            ),
            EventKind::Paid => (
                "{shop}: we have received your payment for order {number}. Follow it: {track}",
                "Hello {name}, {shop} has received your payment for order {number}. Follow it here: {track}",
                "order_paid",
            ),
            EventKind::OutForDelivery => (
                "{shop}: order {number} is on its way[ with {rider}].[ Give the rider the code {code} when it arrives.] {track}",
                "Hello {name}, your order {number} from {shop} is on its way.[ Your delivery code is {code}: give it to the rider when it arrives.| We will call you when it arrives.] Follow it here: {track}",
                "order_out_for_delivery",
            ),
            EventKind::Delivered => (
                "{shop}: order {number} has been delivered. Thank you, {name}!",
                "Hello {name}, your order {number} from {shop} has been delivered. Thank you!",
                "order_delivered",
            ),
            EventKind::PayLinkSent => (
                "{shop}: pay for order {number} ({balance}) here: {url}",
                "Hello {name}, here is your pay link for order {number} at {shop} ({balance}): {url}",
                "pay_link",
            ),
            EventKind::PayLinkReminder => (
                "{shop}: order {number} still waits for payment ({balance}): {url}",
                "Hello {name}, a reminder from {shop}: order {number} waits for payment ({balance}): {url}",
                "pay_link_reminder",
            ),
            EventKind::PayOnDeliveryReady => (
                "{shop}: order {number} is coming. Please have {balance} ready, in cash, by transfer or POS.",
                "Hello {name}, your order {number} from {shop} is coming. Please have {balance} ready, in cash, by transfer or POS.",
                "pay_on_delivery_ready",
            ),
            EventKind::CourierUpdate => (
                "{shop}: order {number} {step}. {courier} tracking {tracking}. {track}",
                "Hello {name}, your order {number} from {shop} {step}. {courier} tracking number: {tracking}. Follow it here: {track}",
                "order_courier_update",
            ),
            EventKind::ReturnUpdate => (
                "{shop}: order {number}: {step}. {track}",
                "Hello {name}, order {number} from {shop}: {step}. Follow it here: {track}",
                "order_return_update",
            ),
        }
    }
}

/// One event's channels and words.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EventSetting {
    pub event: EventKind,
    pub email: bool,
    pub sms: bool,
    pub whatsapp: bool,
    #[schema(max_length = 1000)]
    pub sms_text: String,
    #[schema(max_length = 1000)]
    pub whatsapp_text: String,
    /// The name of the template approved in WhatsApp Manager.
    #[schema(max_length = 512)]
    pub whatsapp_template: String,
}

impl EventSetting {
    fn default_for(event: EventKind) -> EventSetting {
        let (sms, whatsapp, template) = event.defaults();
        EventSetting {
            event,
            email: true,
            sms: false,
            whatsapp: false,
            sms_text: sms.into(),
            whatsapp_text: whatsapp.into(),
            whatsapp_template: template.into(),
        }
    }

    /// Checks the words and the template's name; the message names the event and the placeholder.
    pub fn check(&self) -> Result<(), String> {
        let allowed = self.event.placeholders();
        let label = self.event.label();
        templates::check(&self.sms_text, &allowed, false).map_err(|e| format!("{label}, SMS: {e}"))?;
        templates::check(&self.whatsapp_text, &allowed, true).map_err(|e| format!("{label}, WhatsApp: {e}"))?;
        let name = self.whatsapp_template.trim();
        if name.is_empty() || name.len() > 512 || !name.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_') {
            return Err(format!(
                "{label}, WhatsApp: the template's name is its name in WhatsApp Manager: lowercase letters, digits and _ (such as order_placed)."
            ));
        }
        Ok(())
    }
}

/// The settings of one event (the defaults when the merchant never changed it).
pub fn event_setting(conn: &Connection, event: EventKind) -> rusqlite::Result<EventSetting> {
    Ok(conn
        .prepare_cached("SELECT email, sms, whatsapp, sms_text, whatsapp_text, whatsapp_template FROM message_events WHERE event = ?1")?
        .query_row([event.as_str()], |r| {
            Ok(EventSetting {
                event,
                email: r.get(0)?,
                sms: r.get(1)?,
                whatsapp: r.get(2)?,
                sms_text: r.get(3)?,
                whatsapp_text: r.get(4)?,
                whatsapp_template: r.get(5)?,
            })
        })
        .optional()?
        .unwrap_or_else(|| EventSetting::default_for(event)))
}

/// Whether the customer's e-mail about `event` is wanted (the merchant may turn it off).
pub fn email_wanted(conn: &Connection, event: EventKind) -> rusqlite::Result<bool> {
    Ok(event_setting(conn, event)?.email)
}

/// The daily cap on paid messages.
pub fn daily_cap(conn: &Connection) -> rusqlite::Result<i64> {
    conn.prepare_cached("SELECT daily_cap FROM message_settings WHERE id = 1")?.query_row([], |r| r.get(0))
}

/// Every event's settings, in the screen's order, and the cap.
#[derive(Serialize, Deserialize, Debug, Clone, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MessageSettings {
    pub events: Vec<EventSetting>,
    /// Paid messages (SMS and WhatsApp together) sent per day at most (Lagos time); those beyond
    /// wait for the next day. 0 stops them.
    pub daily_cap: i64,
}

pub fn load(conn: &Connection) -> rusqlite::Result<MessageSettings> {
    let events = EventKind::ALL.iter().map(|e| event_setting(conn, *e)).collect::<rusqlite::Result<_>>()?;
    Ok(MessageSettings { events, daily_cap: daily_cap(conn)? })
}

/// Checks and saves the settings (every event sent is replaced; events left out keep theirs).
pub fn save(tx: &Connection, settings: &MessageSettings) -> AppResult<()> {
    if !(0..=100_000).contains(&settings.daily_cap) {
        return Err(AppError::Validation("The daily cap is a number of messages from 0 to 100,000.".into()));
    }
    for event in &settings.events {
        event.check().map_err(AppError::Validation)?;
    }
    tx.execute("UPDATE message_settings SET daily_cap = ?1 WHERE id = 1", [settings.daily_cap])?;
    for e in &settings.events {
        tx.prepare_cached(
            "INSERT INTO message_events (event, email, sms, whatsapp, sms_text, whatsapp_text, whatsapp_template)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
             ON CONFLICT (event) DO UPDATE SET email = excluded.email, sms = excluded.sms, whatsapp = excluded.whatsapp,
               sms_text = excluded.sms_text, whatsapp_text = excluded.whatsapp_text, whatsapp_template = excluded.whatsapp_template",
        )?
        .execute(params![e.event, e.email, e.sms, e.whatsapp, e.sms_text, e.whatsapp_text, e.whatsapp_template.trim()])?;
    }
    Ok(())
}

/// What every SMS ends with, so the customer knows how to stop them (Termii's inbound webhook
/// takes the reply).
pub const SMS_FOOTER: &str = " Reply STOP to opt out.";

/// The values of the placeholders for `order` and `event`.
fn values(mailer: &Mailer, order: &Recipient, event: &Event, stop_token: &str) -> templates::Values {
    let public = mailer.public_url();
    let mut v = templates::Values::new();
    let first_name = order.customer_name.split_whitespace().next().unwrap_or("").to_string();
    v.insert("name", first_name);
    v.insert("number", order.number.clone());
    v.insert("total", format_naira(order.total));
    v.insert("balance", format_naira(order.balance));
    v.insert("shop", mailer.shop_name());
    v.insert("track", format!("{public}/track?number={}", order.number));
    v.insert("stop", format!("{public}/stop/{stop_token}"));
    match event {
        Event::OutForDelivery { code, rider } => {
            v.insert("code", code.trim().to_string());
            v.insert("rider", rider.as_deref().unwrap_or("").trim().to_string());
        }
        Event::PayLinkSent { url } | Event::PayLinkReminder { url } => {
            v.insert("url", url.clone());
        }
        Event::CourierUpdate { step, courier, tracking } => {
            v.insert("step", step.clone());
            v.insert("courier", courier.clone());
            v.insert("tracking", tracking.clone());
        }
        Event::ReturnUpdate { step } => {
            v.insert("step", step.clone());
        }
        _ => {}
    }
    v
}

/// The rendered messages for one event, as the preview and [`order_event`] make them: (channel,
/// text, the WhatsApp body when WhatsApp).
fn compose(setting: &EventSetting, values: &templates::Values) -> (String, crate::mail::providers::WhatsAppBody) {
    let sms = format!("{}{SMS_FOOTER}", templates::render(&setting.sms_text, values).trim());
    let whatsapp = crate::mail::providers::WhatsAppBody {
        template: setting.whatsapp_template.clone(),
        parameters: templates::parameters(&setting.whatsapp_text, values),
        text: templates::render(&setting.whatsapp_text, values),
    };
    (sms, whatsapp)
}

/// A phone's opt-out token, made the first time a message is queued for it; None when it opted out.
fn recipient(tx: &Connection, phone: &str) -> rusqlite::Result<Option<String>> {
    tx.prepare_cached(
        "INSERT INTO message_recipients (phone, token) VALUES (?1, lower(hex(randomblob(16)))) ON CONFLICT (phone) DO NOTHING",
    )?
    .execute([phone])?;
    tx.prepare_cached("SELECT token, opted_out_at FROM message_recipients WHERE phone = ?1")?
        .query_row([phone], |r| Ok((r.get::<_, String>(0)?, r.get::<_, Option<i64>>(1)?)))
        .map(|(token, out)| if out.is_some() { None } else { Some(token) })
}

/// What a message needs of an order (`orders::Order::recipient` makes it): messages knows
/// nothing of orders, which call it.
#[derive(Debug, Clone)]
pub struct Recipient {
    pub order_id: String,
    pub number: String,
    pub customer_name: String,
    pub customer_email: String,
    pub customer_phone: String,
    pub total: crate::money::Kobo,
    /// What is left to pay.
    pub balance: crate::money::Kobo,
}

/// Queues the SMS and WhatsApp messages the merchant's settings choose for `event` of the order
/// `order` describes, in the caller's transaction (they exist exactly when the change does).
/// Nothing for a customer without a usable phone, or who opted out. The e-mail, where the event
/// has one, is the caller's (it checks [`email_wanted`]). Callers holding an `orders::Order`
/// call `orders::order_event`, which is this.
pub fn order_event(tx: &Connection, mailer: &Mailer, order: &Recipient, event: Event, now: i64) -> AppResult<()> {
    let kind = event.kind();
    let setting = event_setting(tx, kind)?;
    let no_email = order.customer_email.trim().is_empty();
    // A customer without an e-mail gets an SMS in its place.
    let sms = setting.sms || (no_email && setting.email && !setting.whatsapp);
    let whatsapp = setting.whatsapp;
    if !sms && !whatsapp {
        return Ok(());
    }
    let Ok(phone) = crate::phone::normalise(&order.customer_phone) else { return Ok(()) };
    let Some(token) = recipient(tx, &phone)? else {
        tracing::info!(order = %order.number, event = %kind, "not queued: the customer opted out of messages");
        return Ok(());
    };
    let (sms_text, whatsapp_body) = compose(&setting, &values(mailer, order, &event, &token));
    let subject = format!("Order #{}: {}", order.number, kind.label().to_lowercase());
    let message = |channel, body| crate::mail::OutboxMessage {
        channel,
        to: &phone,
        subject: &subject,
        body,
        order_id: &order.order_id,
        event: kind.as_str(),
    };
    if sms {
        mailer.queue_message(tx, message("sms", &sms_text))?;
    }
    if whatsapp {
        let body = serde_json::to_string(&whatsapp_body).expect("JSON");
        mailer.queue_message(tx, message("whatsapp", &body))?;
    }
    let _ = now;
    Ok(())
}

/// A preview of one event's messages for a made-up order.
#[derive(Serialize, Debug, Clone, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MessagePreview {
    pub sms: String,
    /// The WhatsApp message as the customer reads it.
    pub whatsapp: String,
    /// The body to register in WhatsApp Manager, with {{1}}, {{2}}… where the parameters go.
    pub whatsapp_body: String,
    pub whatsapp_parameters: Vec<String>,
    /// The SMS's length in characters, and how many SMS pages it takes (160 a page, 153 once split).
    pub sms_characters: usize,
    pub sms_pages: usize,
}

/// Checks `setting` and renders it for a sample order (a rider's code when the event has one).
pub fn preview(mailer: &Mailer, setting: &EventSetting) -> AppResult<MessagePreview> {
    setting.check().map_err(AppError::Validation)?;
    let public = mailer.public_url();
    let mut v = templates::Values::new();
    for (k, val) in [
        ("name", "Adaeze".to_string()),
        ("number", "K7M2QX9A".into()),
        ("total", format_naira(crate::money::Kobo::new(2_450_000))),
        ("balance", format_naira(crate::money::Kobo::new(2_450_000))),
        ("shop", mailer.shop_name()),
        ("track", format!("{public}/track?number=K7M2QX9A")),
        ("stop", format!("{public}/stop/…")),
        ("code", "4821".into()),
        ("rider", "Musa".into()),
        ("url", format!("{public}/pay/…")),
    ] {
        v.insert(k, val);
    }
    let (sms, whatsapp) = compose(setting, &v);
    let characters = sms.chars().count();
    Ok(MessagePreview {
        sms_pages: if characters <= 160 { 1 } else { characters.div_ceil(153) },
        sms_characters: characters,
        sms,
        whatsapp: whatsapp.text,
        whatsapp_body: templates::whatsapp_body(&setting.whatsapp_text),
        whatsapp_parameters: whatsapp.parameters,
    })
}

/// Opts `phone` (E.164) out of messages, or back in (`out` false). Returns whether it changed.
pub fn set_opted_out(tx: &Connection, phone: &str, out: bool, now: i64) -> rusqlite::Result<bool> {
    recipient(tx, phone)?;
    let changed = tx.execute(
        "UPDATE message_recipients SET opted_out_at = ?2 WHERE phone = ?1 AND (opted_out_at IS NULL) = ?3",
        params![phone, if out { Some(now) } else { None }, out],
    )?;
    if out {
        crate::mail::paid::drop_opted_out(tx, now)?;
    }
    Ok(changed > 0)
}

/// Opts out the phone whose link carries `token`. Returns the phone, or None for an unknown token.
pub fn opt_out_by_token(tx: &Connection, token: &str, now: i64) -> rusqlite::Result<Option<String>> {
    let phone: Option<String> =
        tx.prepare_cached("SELECT phone FROM message_recipients WHERE token = ?1")?.query_row([token], |r| r.get(0)).optional()?;
    if let Some(phone) = &phone {
        set_opted_out(tx, phone, true, now)?;
    }
    Ok(phone)
}

/// Words a reply may be to stop messages, and to start them again (upper case, trimmed).
pub const STOP_WORDS: &[&str] = &["STOP", "STOPALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT"];
pub const START_WORDS: &[&str] = &["START", "UNSTOP", "YES"];

/// An inbound SMS: STOP opts its sender out, START back in; anything else changes nothing.
/// Returns what it did ("opted_out", "opted_in" or "ignored").
pub fn inbound(tx: &Connection, sender: &str, text: &str, now: i64) -> rusqlite::Result<&'static str> {
    let word = text.trim().trim_end_matches(['.', '!']).to_uppercase();
    let digits = sender.trim();
    let phone = if digits.starts_with('+') { digits.to_string() } else { format!("+{digits}") };
    let Ok(phone) = crate::phone::normalise(&phone) else { return Ok("ignored") };
    if STOP_WORDS.contains(&word.as_str()) {
        set_opted_out(tx, &phone, true, now)?;
        Ok("opted_out")
    } else if START_WORDS.contains(&word.as_str()) {
        set_opted_out(tx, &phone, false, now)?;
        Ok("opted_in")
    } else {
        Ok("ignored")
    }
}

/// Whether `phone` opted out.
pub fn opted_out(conn: &Connection, phone: &str) -> rusqlite::Result<bool> {
    Ok(conn
        .prepare_cached("SELECT opted_out_at IS NOT NULL FROM message_recipients WHERE phone = ?1")?
        .query_row([phone], |r| r.get(0))
        .optional()?
        .unwrap_or(false))
}

/// One SMS or WhatsApp message of an order, as its screen lists them.
#[derive(Serialize, Debug, Clone, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderMessage {
    pub id: i64,
    /// "sms" or "whatsapp".
    pub channel: String,
    pub event: EventKind,
    pub to: String,
    /// "pending", "sent" or "failed".
    pub status: String,
    pub attempts: i64,
    /// Why the last attempt failed (or why it was not sent).
    pub last_error: Option<String>,
    pub created_at: i64,
    pub sent_at: Option<i64>,
    /// When it will be tried next, while pending (after the cap: the next day).
    pub next_at: i64,
}

/// An order's SMS and WhatsApp messages, oldest first.
pub fn for_order(conn: &Connection, order_id: &str) -> rusqlite::Result<Vec<OrderMessage>> {
    conn.prepare_cached(
        "SELECT id, channel, event, to_addr, status, attempts, last_error, created_at, sent_at, next_at
           FROM mail_outbox WHERE order_id = ?1 AND channel <> 'email' ORDER BY id",
    )?
    .query_map([order_id], |r| {
        Ok(OrderMessage {
            id: r.get(0)?,
            channel: r.get(1)?,
            event: r.get(2)?,
            to: r.get(3)?,
            status: r.get(4)?,
            attempts: r.get(5)?,
            last_error: r.get(6)?,
            created_at: r.get(7)?,
            sent_at: r.get(8)?,
            next_at: r.get(9)?,
        })
    })?
    .collect()
}

/// Paid messages sent today (the screen shows it beside the cap).
pub fn sent_today(conn: &Connection, now: i64) -> rusqlite::Result<i64> {
    conn.prepare_cached("SELECT COUNT(*) FROM mail_outbox WHERE channel <> 'email' AND sent_at >= ?1")?
        .query_row([crate::mail::paid::day_start(now)], |r| r.get(0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_words_pass_their_own_checks() {
        for e in EventKind::ALL {
            EventSetting::default_for(*e).check().unwrap();
        }
    }
}
