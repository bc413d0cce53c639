//! Couriers (issue 36 §2): parcels to other states go with a courier booked through an
//! aggregator (Shipbubble's API, `client`; the built-in sandbox plays it offline, `sandbox`).
//!
//! - **Live rates.** A zone may price delivery by the courier's rate at checkout. The rate is
//!   asked for the state (its capital stands for the address, which the summary does not have
//!   yet) and the bag's weight, kept for half an hour, and never waited for longer than the
//!   configured few seconds: past that, or when the courier failed in the last minute, the
//!   zone's flat fee is charged. Checkout never fails because a courier is down.
//! - **Booking.** One click books the cheapest courier's offer for the order's real address and
//!   stores the courier, the tracking number, the fee and the courier's waybill; the shop prints
//!   its own label from these. Only orders on their way to an address, paid (or with their money
//!   collected), and with no rider are booked; a double click books once.
//! - **Webhooks.** Signed with the API key, taken once each (a replay changes nothing), for a
//!   shipment the shop booked, and in order: a step older than the shipment's is recorded as
//!   seen and moves nothing. Picked up ships the order, delivered delivers it; each step is told
//!   to the customer (the merchant chooses e-mail, SMS or WhatsApp for "Courier update").

pub mod client;
pub mod routes;
pub mod sandbox;

use std::collections::{HashMap, HashSet};
use std::sync::Mutex;
use std::sync::atomic::{AtomicI64, Ordering};
use std::time::Duration;

use rusqlite::{Connection, OptionalExtension, params};
use serde::Serialize;

use crate::error::{AppError, AppResult};
use crate::ids::{OrderId, UserId};
use crate::mail::Mailer;
use crate::messages::Event;
use crate::money::{Kobo, format_naira};
use crate::orders::{self, Order, OrderStatus, PaymentMethod, ShippedBy, Shipping};
pub use client::Client;

crate::text_enum! {
    /// Where a parcel is, as the courier tells it.
    pub enum ShipmentStatus {
        Booked => "booked",
        PickedUp => "picked_up",
        InTransit => "in_transit",
        OutForDelivery => "out_for_delivery",
        Delivered => "delivered",
        Failed => "failed",
        Cancelled => "cancelled",
    }
}

impl ShipmentStatus {
    /// How far along the way: a step may only move a shipment forward.
    fn rank(self) -> u8 {
        match self {
            ShipmentStatus::Booked => 0,
            ShipmentStatus::PickedUp => 1,
            ShipmentStatus::InTransit => 2,
            ShipmentStatus::OutForDelivery => 3,
            ShipmentStatus::Failed => 4,
            ShipmentStatus::Delivered | ShipmentStatus::Cancelled => 5,
        }
    }

    /// Whether `next` may follow this step: forward only; after a failed attempt the courier
    /// may try again (out for delivery) or deliver; delivered and cancelled are final.
    pub fn may_become(self, next: ShipmentStatus) -> bool {
        match self {
            ShipmentStatus::Delivered | ShipmentStatus::Cancelled => false,
            ShipmentStatus::Failed => {
                matches!(next, ShipmentStatus::OutForDelivery | ShipmentStatus::Delivered | ShipmentStatus::Cancelled)
            }
            _ => next.rank() > self.rank(),
        }
    }

    /// The words the customer reads after "Order #… ".
    fn told(self) -> &'static str {
        match self {
            ShipmentStatus::Booked => "is booked with the courier",
            ShipmentStatus::PickedUp => "has been picked up by the courier",
            ShipmentStatus::InTransit => "is in transit",
            ShipmentStatus::OutForDelivery => "is out for delivery",
            ShipmentStatus::Delivered => "has been delivered",
            ShipmentStatus::Failed => "could not be delivered today: the courier will call you to arrange it",
            ShipmentStatus::Cancelled => "is no longer booked with the courier",
        }
    }

    /// Shipbubble's status words, as its webhooks (and the sandbox's) send them.
    pub fn from_courier(word: &str) -> Option<ShipmentStatus> {
        Some(match word.trim().to_ascii_lowercase().replace([' ', '-'], "_").as_str() {
            "pending" | "confirmed" | "booked" => ShipmentStatus::Booked,
            "picked_up" => ShipmentStatus::PickedUp,
            "in_transit" => ShipmentStatus::InTransit,
            "out_for_delivery" => ShipmentStatus::OutForDelivery,
            "completed" | "delivered" => ShipmentStatus::Delivered,
            "failed" | "returned" | "failed_delivery" => ShipmentStatus::Failed,
            "cancelled" | "canceled" => ShipmentStatus::Cancelled,
            _ => return None,
        })
    }
}

/// Every item is taken as half a kilogram (a dress, a pair of shoes in its box is more, a watch
/// less): the merchant's products carry no weight, and couriers price by the half kilo.
const GRAMS_PER_ITEM: i64 = 500;
/// How long a live rate is charged after the courier gave it.
const RATE_KEPT_MS: i64 = 30 * 60 * 1000;
/// After a courier failed to answer a rate, how long checkouts charge the flat fee without asking.
const DOWN_FOR_MS: i64 = 60 * 1000;

/// The courier service and what the shop remembers of it between calls.
pub struct Couriers {
    pub client: Client,
    /// How long a checkout waits for a live rate.
    quote_wait: Duration,
    /// Live rates by (state, items): the fee and when it was given. At most 37 states times the
    /// merchant's items-per-order limit, so it cannot grow without bound.
    rates: Mutex<HashMap<(String, i64), (Kobo, i64)>>,
    /// Address codes by the address's text (the sender's, and each state's capital).
    places: Mutex<HashMap<String, i64>>,
    category: Mutex<Option<i64>>,
    down_until: AtomicI64,
    /// Orders being booked now: a second click waits for the first instead of booking twice.
    booking: Mutex<HashSet<String>>,
    clock: crate::clock::Clock,
    /// The sandbox's answering delay (tests make it slower than the checkout waits).
    pub sandbox_delay: Duration,
    /// This server's own address, once it listens (where the sandbox sends its webhooks).
    local_base: std::sync::OnceLock<String>,
}

/// Each state's capital, where live rates at checkout are quoted to.
fn capital(state: &str) -> &'static str {
    match state {
        "Abia" => "Umuahia",
        "Adamawa" => "Yola",
        "Akwa Ibom" => "Uyo",
        "Anambra" => "Awka",
        "Bauchi" => "Bauchi",
        "Bayelsa" => "Yenagoa",
        "Benue" => "Makurdi",
        "Borno" => "Maiduguri",
        "Cross River" => "Calabar",
        "Delta" => "Asaba",
        "Ebonyi" => "Abakaliki",
        "Edo" => "Benin City",
        "Ekiti" => "Ado-Ekiti",
        "Enugu" => "Enugu",
        "Federal Capital Territory" => "Abuja",
        "Gombe" => "Gombe",
        "Imo" => "Owerri",
        "Jigawa" => "Dutse",
        "Kaduna" => "Kaduna",
        "Kano" => "Kano",
        "Katsina" => "Katsina",
        "Kebbi" => "Birnin Kebbi",
        "Kogi" => "Lokoja",
        "Kwara" => "Ilorin",
        "Lagos" => "Ikeja",
        "Nasarawa" => "Lafia",
        "Niger" => "Minna",
        "Ogun" => "Abeokuta",
        "Ondo" => "Akure",
        "Osun" => "Osogbo",
        "Oyo" => "Ibadan",
        "Plateau" => "Jos",
        "Rivers" => "Port Harcourt",
        "Sokoto" => "Sokoto",
        "Taraba" => "Jalingo",
        "Yobe" => "Damaturu",
        "Zamfara" => "Gusau",
        _ => "",
    }
}

/// The shop as the courier's sender: its published identity's name, phone, e-mail and address.
pub struct Sender {
    pub name: String,
    pub phone: String,
    pub email: String,
    pub address: String,
}

pub const NO_SHOP_ADDRESS: &str =
    "Give the shop's address and phone number on the Shop identity screen first: the courier picks parcels up there.";

/// The sender, or why the shop cannot send yet.
pub fn sender(conn: &Connection) -> AppResult<Sender> {
    let identity = crate::brand::published(conn)?.identity;
    if identity.address.trim().is_empty() || identity.phone.trim().is_empty() {
        return Err(AppError::Conflict(NO_SHOP_ADDRESS.into()));
    }
    let email = if identity.email.trim().is_empty() { "shop@ankara.local".to_string() } else { identity.email.clone() };
    Ok(Sender { name: identity.name, phone: identity.phone, email, address: identity.address })
}

fn pickup_date(now_ms: i64) -> String {
    // Tomorrow in Lagos: couriers collect the next working day after a booking in the evening,
    // and Shipbubble refuses dates in the past.
    let lagos = time::OffsetDateTime::from_unix_timestamp(now_ms / 1000 + 3600 + 86_400).unwrap_or(time::OffsetDateTime::UNIX_EPOCH);
    let d = lagos.date();
    format!("{:04}-{:02}-{:02}", d.year(), u8::from(d.month()), d.day())
}

impl Couriers {
    pub fn new(config: &crate::config::Config) -> Result<Couriers, String> {
        Ok(Couriers {
            client: Client::new(config)?,
            quote_wait: Duration::from_millis(config.courier_timeout_ms),
            rates: Default::default(),
            places: Default::default(),
            category: Default::default(),
            down_until: AtomicI64::new(0),
            booking: Default::default(),
            clock: config.clock.clone(),
            sandbox_delay: Duration::from_millis(config.sandbox_courier_delay_ms),
            local_base: Default::default(),
        })
    }

    /// The server listens at `server`: the sandbox client calls it, and its webhooks go there.
    pub fn listening(&self, server: std::net::SocketAddr) {
        let host = if server.ip().is_unspecified() { "127.0.0.1".to_string() } else { server.ip().to_string() };
        let host = if host.contains(':') { format!("[{host}]") } else { host };
        let base = format!("http://{host}:{}", server.port());
        self.client.use_local_sandbox(&base);
        let _ = self.local_base.set(base);
    }

    /// The sandbox's webhook to this shop, signed as Shipbubble signs it.
    pub async fn send_webhook(&self, body: &[u8]) -> Result<u16, String> {
        let base = self.local_base.get().ok_or("the shop is not listening yet")?;
        self.client.deliver_webhook(&format!("{base}/api/couriers/webhook"), body).await
    }

    /// The code of `contact`'s address, asked once per address text.
    async fn place(&self, contact: &client::Contact<'_>, wait: Option<Duration>) -> Result<i64, client::Refused> {
        if let Some(code) = self.places.lock().unwrap().get(contact.address) {
            return Ok(*code);
        }
        let code = self.client.validate_address(contact, wait).await?;
        let mut places = self.places.lock().unwrap();
        // Addresses typed by customers are many: keep the shop's and the capitals' (few), and
        // forget the rest past a few hundred.
        if places.len() > 500 {
            places.clear();
        }
        places.insert(contact.address.to_string(), code);
        Ok(code)
    }

    async fn category(&self, wait: Option<Duration>) -> Result<i64, client::Refused> {
        if let Some(c) = *self.category.lock().unwrap() {
            return Ok(c);
        }
        let c = self.client.fashion_category(wait).await?;
        *self.category.lock().unwrap() = Some(c);
        Ok(c)
    }

    /// The courier's rate for `units` items to `state`, or `None` (the zone's flat fee then):
    /// from the kept rates, or asked within the checkout's wait.
    pub async fn live_rate(&self, sender: Option<Sender>, state: &str, units: i64) -> Option<Kobo> {
        let now = self.clock.now_ms();
        let key = (state.to_string(), units);
        if let Some((fee, at)) = self.rates.lock().unwrap().get(&key).copied()
            && now - at < RATE_KEPT_MS
        {
            return Some(fee);
        }
        if self.down_until.load(Ordering::Relaxed) > now {
            return None;
        }
        let sender = sender?;
        let asked = tokio::time::timeout(self.quote_wait, self.ask_rate(&sender, state, units)).await;
        match asked {
            Ok(Ok(fee)) => {
                let mut rates = self.rates.lock().unwrap();
                rates.retain(|_, (_, at)| now - *at < RATE_KEPT_MS);
                rates.insert(key, (fee, now));
                Some(fee)
            }
            Ok(Err(client::Refused(why))) => {
                tracing::warn!(state, "no live courier rate, the zone's flat fee is charged: {why}");
                self.down_until.store(now + DOWN_FOR_MS, Ordering::Relaxed);
                None
            }
            Err(_) => {
                tracing::warn!(state, "the courier did not answer a rate in time: the zone's flat fee is charged");
                self.down_until.store(now + DOWN_FOR_MS, Ordering::Relaxed);
                None
            }
        }
    }

    async fn ask_rate(&self, sender: &Sender, state: &str, units: i64) -> Result<Kobo, client::Refused> {
        let wait = Some(self.quote_wait);
        let from = client::Contact { name: &sender.name, email: &sender.email, phone: &sender.phone, address: &sender.address };
        let sender_code = self.place(&from, wait).await?;
        let address = format!("{}, {state}, Nigeria", capital(state));
        let to = client::Contact { name: "Checkout quote", email: &sender.email, phone: &sender.phone, address: &address };
        let receiver = self.place(&to, wait).await?;
        let category = self.category(wait).await?;
        let items = [client::PackageItem {
            name: "Fashion items".into(),
            description: "Clothing, shoes and accessories".into(),
            unit_weight: format!("{}", GRAMS_PER_ITEM as f64 / 1000.0),
            unit_amount: "10000".into(),
            quantity: units.to_string(),
        }];
        let rates = self.client.fetch_rates(sender_code, receiver, category, &items, &pickup_date(self.clock.now_ms()), wait).await?;
        rates.cheapest().map(|r| r.amount).ok_or_else(|| client::Refused("no rate".into()))
    }

    /// Books the cheapest courier for `order` from `sender`: the label, before anything is
    /// recorded (the caller records it, and cancels it if that fails).
    pub async fn book(&self, order: &Order, sender: &Sender) -> AppResult<(client::Label, Kobo)> {
        let refused = |client::Refused(why): client::Refused| AppError::Upstream(format!("The courier could not book this parcel: {why}."));
        let from = client::Contact { name: &sender.name, email: &sender.email, phone: &sender.phone, address: &sender.address };
        let sender_code = self.place(&from, None).await.map_err(refused)?;
        let a = &order.delivery_address;
        let street = if a.landmark.trim().is_empty() { a.street.clone() } else { format!("{} ({})", a.street, a.landmark.trim()) };
        let address = format!("{street}, {}, {}, Nigeria", a.city, a.state);
        let email = if order.customer_email.is_empty() { sender.email.as_str() } else { order.customer_email.as_str() };
        let to = client::Contact { name: &order.customer_name, email, phone: &order.customer_phone, address: &address };
        let receiver = self.client.validate_address(&to, None).await.map_err(refused)?;
        let category = self.category(None).await.map_err(refused)?;
        let items: Vec<client::PackageItem> = order
            .items
            .iter()
            .map(|line| client::PackageItem {
                name: line.name.clone(),
                description: crate::stock::describe_line(&line.name, line.size.as_deref(), line.color.as_deref()),
                unit_weight: format!("{}", GRAMS_PER_ITEM as f64 / 1000.0),
                unit_amount: client::kobo_to_naira_text(line.price),
                quantity: line.quantity.to_string(),
            })
            .collect();
        let rates = self
            .client
            .fetch_rates(sender_code, receiver, category, &items, &pickup_date(self.clock.now_ms()), None)
            .await
            .map_err(refused)?;
        let rate = rates.cheapest().cloned().ok_or_else(|| refused(client::Refused("no rate".into())))?;
        let label = self.client.create_label(&rates.request_token, &rate).await.map_err(refused)?;
        Ok((label, rate.amount))
    }

    /// Marks `order` as being booked; `None` when it already is (a second click).
    pub fn start_booking(&self, order: &OrderId) -> Option<BookingGuard<'_>> {
        let mut booking = self.booking.lock().unwrap();
        booking.insert(order.as_str().to_string()).then(|| BookingGuard { couriers: self, order: order.as_str().to_string() })
    }
}

/// Holds an order's "being booked" mark until dropped.
pub struct BookingGuard<'a> {
    couriers: &'a Couriers,
    order: String,
}

impl Drop for BookingGuard<'_> {
    fn drop(&mut self) {
        self.couriers.booking.lock().unwrap().remove(&self.order);
    }
}

/// What the order's checkout needs to ask a live rate: the state (as the list spells it) and the
/// bag's items, when the zone for `state` prices by live rates; none otherwise.
pub fn wants_live_rate(
    conn: &Connection,
    user: &UserId,
    state: &str,
    method: crate::delivery::Method,
) -> rusqlite::Result<Option<(String, i64)>> {
    if method != crate::delivery::Method::Delivery {
        return Ok(None);
    }
    let Some(state) = crate::delivery::known_state(state) else { return Ok(None) };
    if !crate::delivery::live_rates_in(conn, state)? {
        return Ok(None);
    }
    let units = crate::bag::units(conn, user)?;
    Ok((units > 0).then(|| (state.to_string(), units)))
}

/// A shipment as the order screen shows it.
#[derive(Serialize, Debug, Clone, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Shipment {
    pub id: String,
    pub courier: String,
    pub tracking_code: String,
    pub tracking_url: Option<String>,
    /// The courier's own waybill, when it gave one.
    pub label_url: Option<String>,
    /// What the courier charges; none for those who do not see money.
    #[schema(value_type = Option<i64>)]
    pub fee: Option<Kobo>,
    pub status: ShipmentStatus,
    pub booked_at: i64,
    /// Each step the courier told, oldest first.
    pub events: Vec<ShipmentEvent>,
}

#[derive(Serialize, Debug, Clone, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ShipmentEvent {
    pub status: ShipmentStatus,
    pub at: i64,
}

/// The order's shipment: the one not cancelled, else the last cancelled one.
pub fn shipment_of(conn: &Connection, order: &OrderId) -> rusqlite::Result<Option<Shipment>> {
    let found = conn
        .prepare_cached(
            "SELECT id, courier, tracking_code, tracking_url, label_url, fee_kobo, status, booked_at FROM shipments
             WHERE order_id = ?1 ORDER BY status = 'cancelled', booked_at DESC LIMIT 1",
        )?
        .query_row([order], |r| {
            Ok(Shipment {
                id: r.get(0)?,
                courier: r.get(1)?,
                tracking_code: r.get(2)?,
                tracking_url: r.get(3)?,
                label_url: r.get(4)?,
                fee: Some(r.get(5)?),
                status: r.get(6)?,
                booked_at: r.get(7)?,
                events: Vec::new(),
            })
        })
        .optional()?;
    let Some(mut shipment) = found else { return Ok(None) };
    shipment.events = conn
        .prepare_cached("SELECT status, at FROM shipment_events WHERE shipment_id = ?1 ORDER BY id")?
        .query_map([&shipment.id], |r| Ok(ShipmentEvent { status: r.get(0)?, at: r.get(1)? }))?
        .collect::<Result<_, _>>()?;
    Ok(Some(shipment))
}

/// What the customer's tracking page shows of a courier: who carries it, the tracking number
/// and link, and its steps.
#[derive(Serialize, Debug, Clone, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Tracked {
    pub courier: String,
    pub tracking_code: String,
    pub tracking_url: Option<String>,
    pub status: ShipmentStatus,
    pub events: Vec<ShipmentEvent>,
}

pub fn tracked(conn: &Connection, order: &OrderId) -> rusqlite::Result<Option<Tracked>> {
    Ok(shipment_of(conn, order)?.filter(|s| s.status != ShipmentStatus::Cancelled).map(|s| Tracked {
        courier: s.courier,
        tracking_code: s.tracking_code,
        tracking_url: s.tracking_url,
        status: s.status,
        events: s.events,
    }))
}

/// Refuses an order booked with a courier (for the shop's rider, who must not take it too).
pub fn not_booked(conn: &Connection, order_id: &OrderId) -> AppResult<()> {
    match shipment_of(conn, order_id)?.filter(|s| s.status != ShipmentStatus::Cancelled) {
        Some(s) => {
            Err(AppError::Conflict(format!("This order is booked with {} ({}): cancel that booking first.", s.courier, s.tracking_code)))
        }
        None => Ok(()),
    }
}

/// The order if a courier may take it now, or why not.
pub fn bookable(conn: &Connection, order_id: &OrderId) -> AppResult<Order> {
    let order = orders::by_id(conn, order_id)?.ok_or_else(orders::order_not_found)?;
    if order.status == OrderStatus::Cancelled || order.status == OrderStatus::Refused {
        return Err(AppError::Conflict(format!("This order was {}: there is nothing to send.", order.status)));
    }
    if !order.status.is_open() || order.status == OrderStatus::Shipped {
        return Err(AppError::Conflict(format!("This order is {} already.", order.status)));
    }
    if order.price.delivery_method != crate::delivery::Method::Delivery {
        return Err(AppError::Conflict("This order is picked up at the shop: there is nothing to send.".into()));
    }
    if let Some(s) = shipment_of(conn, order_id)?.filter(|s| s.status != ShipmentStatus::Cancelled) {
        return Err(AppError::Conflict(format!("This order is already booked with {} ({}).", s.courier, s.tracking_code)));
    }
    if order.payment.balance > Kobo::ZERO {
        return Err(AppError::Conflict(if order.payment.payment_method == PaymentMethod::PayOnDelivery {
            "Couriers carry paid orders here: give a pay-on-delivery order to the shop's rider.".into()
        } else {
            "This order is not paid yet.".into()
        }));
    }
    if crate::riders::delivery_of(conn, order_id)?.is_some() {
        return Err(AppError::Conflict("This order is with the shop's rider: take it back from him first.".into()));
    }
    Ok(order)
}

/// Records a booked label for `order_id` in the caller's transaction: the order goes to
/// processing (when it was only paid), and the booking is in the activity log.
pub fn record_booking(
    tx: &Connection,
    order_id: &OrderId,
    label: &client::Label,
    fee: Kobo,
    sandbox: bool,
    actor: &UserId,
    now: i64,
) -> AppResult<Shipment> {
    let order = bookable(tx, order_id)?;
    tx.execute(
        "INSERT INTO shipments (id, order_id, provider, courier, tracking_code, tracking_url, label_url, fee_kobo, status, booked_by, booked_at, updated_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, 'booked', ?9, ?10, ?10)",
        params![
            label.shipment_id,
            order_id,
            if sandbox { "sandbox" } else { "shipbubble" },
            label.courier,
            label.tracking_code,
            label.tracking_url,
            label.waybill,
            fee,
            actor,
            now
        ],
    )?;
    tx.execute("INSERT INTO shipment_events (shipment_id, status, at) VALUES (?1, 'booked', ?2)", params![label.shipment_id, now])?;
    if matches!(order.status, OrderStatus::Placed | OrderStatus::Paid) {
        orders::change_status(tx, order_id, OrderStatus::Processing, &Shipping::default(), now)?;
    }
    let summary =
        format!("Order #{}: booked with {} (tracking {}), {}", order.number, label.courier, label.tracking_code, format_naira(fee));
    crate::activity::record(tx, actor, "order", order_id, &summary)?;
    Ok(shipment_of(tx, order_id)?.expect("just booked"))
}

/// The shipment a cancellation may undo: booked and not yet picked up.
pub fn cancellable(conn: &Connection, order_id: &OrderId) -> AppResult<Shipment> {
    let shipment = shipment_of(conn, order_id)?
        .filter(|s| s.status != ShipmentStatus::Cancelled)
        .ok_or_else(|| AppError::NotFound("This order is not booked with a courier.".into()))?;
    if shipment.status != ShipmentStatus::Booked {
        return Err(AppError::Conflict("The courier has the parcel already: it cannot be cancelled now.".into()));
    }
    Ok(shipment)
}

/// Records that the booking was cancelled with the courier.
pub fn record_cancel(tx: &Connection, order_id: &OrderId, shipment_id: &str, actor: &UserId, now: i64) -> AppResult<()> {
    let order = orders::by_id(tx, order_id)?.ok_or_else(orders::order_not_found)?;
    let courier: String = tx.query_row("SELECT courier FROM shipments WHERE id = ?1", [shipment_id], |r| r.get(0))?;
    tx.execute(
        "UPDATE shipments SET status = 'cancelled', updated_at = ?2 WHERE id = ?1 AND status = 'booked'",
        params![shipment_id, now],
    )?;
    tx.execute("INSERT INTO shipment_events (shipment_id, status, at) VALUES (?1, 'cancelled', ?2)", params![shipment_id, now])?;
    crate::activity::record(tx, actor, "order", order_id, &format!("Order #{}: booking with {courier} cancelled", order.number))?;
    Ok(())
}

/// What the label prints: from the shop to the customer, by the courier, with the tracking number.
#[derive(Serialize, Debug, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Label {
    pub order_number: String,
    pub from_name: String,
    pub from_phone: String,
    pub from_address: String,
    pub to_name: String,
    pub to_phone: String,
    pub to_address: Vec<String>,
    pub courier: String,
    pub tracking_code: String,
    pub items: i64,
    /// Grams, as booked.
    pub weight_grams: i64,
    pub booked_at: i64,
    /// The courier's own waybill, when it gave one.
    pub label_url: Option<String>,
}

/// The label for `order_id`'s booking; refused for an order cancelled or not booked.
pub fn label(conn: &Connection, order_id: &OrderId) -> AppResult<Label> {
    let order = orders::by_id(conn, order_id)?.ok_or_else(orders::order_not_found)?;
    if matches!(order.status, OrderStatus::Cancelled | OrderStatus::Refused) {
        return Err(AppError::Conflict(format!("This order was {}: it has no label.", order.status)));
    }
    let shipment = shipment_of(conn, order_id)?
        .filter(|s| s.status != ShipmentStatus::Cancelled)
        .ok_or_else(|| AppError::Conflict("Book this order with a courier first: the label comes with the booking.".into()))?;
    let identity = crate::brand::published(conn)?.identity;
    let a = &order.delivery_address;
    let mut to_address = vec![a.street.clone()];
    if !a.landmark.trim().is_empty() {
        to_address.push(format!("Near {}", a.landmark.trim()));
    }
    to_address.push(format!("{}, {}", a.city, a.state));
    let items: i64 = order.items.iter().map(|l| l.quantity).sum();
    Ok(Label {
        order_number: order.number,
        from_name: identity.name,
        from_phone: identity.phone,
        from_address: identity.address,
        to_name: order.customer_name,
        to_phone: order.customer_phone,
        to_address,
        courier: shipment.courier,
        tracking_code: shipment.tracking_code,
        items,
        weight_grams: items * GRAMS_PER_ITEM,
        booked_at: shipment.booked_at,
        label_url: shipment.label_url,
    })
}

/// What a courier webhook did.
#[derive(Debug, PartialEq)]
pub enum Taken {
    Moved(ShipmentStatus),
    /// Already taken (the same body again).
    Replay,
    /// A step the shipment is past, or one of no meaning to the shop: recorded as seen, nothing moved.
    Stale,
}

/// Takes one verified webhook: `digest` is the SHA-256 of its body, `shipment_id` the courier's
/// id and `word` its status word. In one transaction with everything it causes.
pub fn take_webhook(tx: &Connection, mailer: &Mailer, digest: &str, shipment_id: &str, word: &str, now: i64) -> AppResult<Taken> {
    let row: Option<(OrderId, ShipmentStatus, String, String)> = tx
        .query_row("SELECT order_id, status, courier, tracking_code FROM shipments WHERE id = ?1", [shipment_id], |r| {
            Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?))
        })
        .optional()?;
    let Some((order_id, current, courier, tracking)) = row else {
        return Err(AppError::NotFound("We have no such shipment.".into()));
    };
    let fresh = tx.execute(
        "INSERT INTO courier_webhooks (digest, received_at) VALUES (?1, ?2) ON CONFLICT (digest) DO NOTHING",
        params![digest, now],
    )?;
    if fresh == 0 {
        return Ok(Taken::Replay);
    }
    let Some(next) = ShipmentStatus::from_courier(word) else { return Ok(Taken::Stale) };
    if !current.may_become(next) {
        return Ok(Taken::Stale);
    }
    tx.execute("UPDATE shipments SET status = ?2, updated_at = ?3 WHERE id = ?1", params![shipment_id, next, now])?;
    tx.execute("INSERT INTO shipment_events (shipment_id, status, at) VALUES (?1, ?2, ?3)", params![shipment_id, next, now])?;
    let order = orders::by_id(tx, &order_id)?.ok_or_else(orders::order_not_found)?;
    // The steps are the shipment's own record (the order screen lists them), so the activity
    // log keeps to what people did.
    match next {
        ShipmentStatus::Booked | ShipmentStatus::Cancelled => {}
        ShipmentStatus::Delivered => {
            ship(tx, &order, &tracking, now)?;
            let (order, changed, _) = orders::change_status(tx, &order_id, OrderStatus::Delivered, &Shipping::default(), now)?;
            if changed {
                orders::queue_status_mail(mailer, tx, &order)?;
            }
        }
        ShipmentStatus::OutForDelivery => {
            let order = ship(tx, &order, &tracking, now)?;
            orders::order_event(tx, mailer, &order, Event::OutForDelivery { code: String::new(), rider: None }, now)?;
        }
        ShipmentStatus::PickedUp => {
            let shipped = order.status != OrderStatus::Shipped;
            let order = ship(tx, &order, &tracking, now)?;
            if shipped {
                orders::queue_status_email(mailer, tx, &order)?;
            }
            tell(tx, mailer, &order, next, &courier, &tracking, now)?;
        }
        ShipmentStatus::InTransit | ShipmentStatus::Failed => {
            let order = ship(tx, &order, &tracking, now)?;
            tell(tx, mailer, &order, next, &courier, &tracking, now)?;
        }
    }
    Ok(Taken::Moved(next))
}

/// The order as shipped by the courier, from whatever step it had reached (a webhook that skips
/// "picked up" still ships it).
fn ship(tx: &Connection, order: &Order, tracking: &str, now: i64) -> AppResult<Order> {
    if !order.status.is_open() || order.status == OrderStatus::Shipped {
        return Ok(order.clone());
    }
    if matches!(order.status, OrderStatus::Placed | OrderStatus::Paid) {
        orders::change_status(tx, &order.id, OrderStatus::Processing, &Shipping::default(), now)?;
    }
    let shipping = Shipping { by: Some(ShippedBy::Courier), tracking: Some(tracking.to_string()) };
    Ok(orders::change_status(tx, &order.id, OrderStatus::Shipped, &shipping, now)?.0)
}

/// The customer's "courier update": e-mail when the merchant keeps it, SMS and WhatsApp as she chose.
fn tell(tx: &Connection, mailer: &Mailer, order: &Order, step: ShipmentStatus, courier: &str, tracking: &str, now: i64) -> AppResult<()> {
    let event = Event::CourierUpdate { step: step.told().to_string(), courier: courier.to_string(), tracking: tracking.to_string() };
    if crate::messages::email_wanted(tx, event.kind())? && !order.customer_email.is_empty() {
        let shop = mailer.shop_name();
        let subject = format!("{shop}: order #{} {}", order.number, step.told().split(':').next().unwrap_or_default());
        let body = format!(
            "Hello {},\n\nYour order #{} {}.\n\nCourier: {courier}, tracking number {tracking}.\n\nFollow your order: {}/track?number={}\n\n{shop}",
            order.customer_name,
            order.number,
            step.told(),
            mailer.public_url(),
            order.number
        );
        mailer.queue(
            tx,
            crate::mail::Mail { kind: "order_status", to: &order.customer_email, subject: &subject, body: &body, unsubscribe: None },
        )?;
    }
    orders::order_event(tx, mailer, order, event, now)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_only_move_forward_and_delivered_is_final() {
        use ShipmentStatus::*;
        assert!(Booked.may_become(PickedUp));
        assert!(Booked.may_become(Delivered), "a courier may report only the end");
        assert!(InTransit.may_become(OutForDelivery));
        assert!(!InTransit.may_become(PickedUp), "an older step arriving late moves nothing");
        assert!(!OutForDelivery.may_become(OutForDelivery));
        assert!(Failed.may_become(OutForDelivery), "a second attempt after a failed one");
        assert!(!Delivered.may_become(Failed));
        assert!(!Cancelled.may_become(PickedUp));
    }

    #[test]
    fn shipbubbles_words_are_read() {
        assert_eq!(ShipmentStatus::from_courier("completed"), Some(ShipmentStatus::Delivered));
        assert_eq!(ShipmentStatus::from_courier("Picked Up"), Some(ShipmentStatus::PickedUp));
        assert_eq!(ShipmentStatus::from_courier("in-transit"), Some(ShipmentStatus::InTransit));
        assert_eq!(ShipmentStatus::from_courier("lost in space"), None);
    }

    #[test]
    fn every_state_has_a_capital() {
        for state in crate::delivery::STATES {
            assert!(!capital(state).is_empty(), "{state}");
        }
    }
}
