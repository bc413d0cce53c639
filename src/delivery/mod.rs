//! Delivery: Nigeria's 36 states and the FCT grouped into zones, each with a fee, a delivery
//! estimate and an optional free-delivery threshold, plus an optional "Pick up in store". Shoppers
//! read it to see what delivery costs; the checkout prices from it; admins replace it whole.

pub mod routes;

use rusqlite::{Connection, OptionalExtension};
use serde::{Deserialize, Serialize};

use crate::error::{AppError, AppResult};
use crate::money::{Kobo, Naira};
use crate::pricing::Delivery;

/// Nigeria's 36 states and the Federal Capital Territory, as the checkout offers them.
pub const STATES: [&str; 37] = [
    "Abia",
    "Adamawa",
    "Akwa Ibom",
    "Anambra",
    "Bauchi",
    "Bayelsa",
    "Benue",
    "Borno",
    "Cross River",
    "Delta",
    "Ebonyi",
    "Edo",
    "Ekiti",
    "Enugu",
    "Federal Capital Territory",
    "Gombe",
    "Imo",
    "Jigawa",
    "Kaduna",
    "Kano",
    "Katsina",
    "Kebbi",
    "Kogi",
    "Kwara",
    "Lagos",
    "Nasarawa",
    "Niger",
    "Ogun",
    "Ondo",
    "Osun",
    "Oyo",
    "Plateau",
    "Rivers",
    "Sokoto",
    "Taraba",
    "Yobe",
    "Zamfara",
];

/// The state as the list spells it, matched without regard to case ("FCT" and "Abuja" too).
pub fn known_state(typed: &str) -> Option<&'static str> {
    let typed = typed.trim();
    if ["fct", "abuja"].iter().any(|a| typed.eq_ignore_ascii_case(a)) {
        return Some("Federal Capital Territory");
    }
    STATES.iter().copied().find(|s| s.eq_ignore_ascii_case(typed))
}

/// One zone: the states it covers and what delivery there costs.
#[derive(Serialize, Deserialize, Clone, Debug, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Zone {
    pub name: String,
    #[schema(value_type = i64)]
    pub fee: Kobo,
    /// e.g. "1–2 working days".
    pub estimate: String,
    /// Delivery is free from this subtotal on.
    #[schema(value_type = Option<i64>)]
    pub free_over: Option<Kobo>,
    pub states: Vec<String>,
    pub pay_on_delivery: PayOnDelivery,
    /// Priced by the courier's live rate at checkout; `fee` is then charged when the courier
    /// does not answer in time.
    #[serde(default)]
    pub live_rates: bool,
}

/// Whether orders to a zone (or picked up) may be paid when they arrive, and up to what total.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PayOnDelivery {
    pub enabled: bool,
    /// The largest order total that may be paid on delivery.
    #[schema(value_type = i64)]
    pub max_total: Kobo,
}

impl Default for PayOnDelivery {
    fn default() -> PayOnDelivery {
        PayOnDelivery { enabled: false, max_total: Kobo::new(15_000_000) }
    }
}

/// Collection from the shop.
#[derive(Serialize, Deserialize, Clone, Debug, Default, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Pickup {
    pub enabled: bool,
    /// The shop's address, shown to shoppers who choose pickup.
    #[serde(default)]
    pub address: String,
    /// Pay at pickup.
    #[serde(default)]
    pub pay_on_delivery: PayOnDelivery,
}

/// Everything a shopper needs to know about delivery, and what the admin edits.
#[derive(Serialize, Clone, Debug, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeliveryOptions {
    /// Every state and the FCT, in alphabetical order, for the checkout's choice.
    pub states: Vec<&'static str>,
    pub zones: Vec<Zone>,
    pub pickup: Pickup,
    /// Delivery abroad: the four zones, each with its fee in its own currency.
    pub abroad: Vec<crate::abroad::ZoneAbroad>,
    /// The countries abroad the address form offers (Nigeria is not among them: it has `states`).
    pub countries: &'static [crate::abroad::Country],
}

const PICKUP_KEY: &str = "pickup";

pub fn load(conn: &Connection) -> rusqlite::Result<DeliveryOptions> {
    let mut zones: Vec<(String, Zone)> = conn
        .prepare_cached(
            "SELECT id, name, fee_kobo, estimate, free_over_kobo, pod_enabled, pod_max_total_kobo, live_rates FROM delivery_zones ORDER BY position, name",
        )?
        .query_map([], |r| {
            let pay_on_delivery = PayOnDelivery { enabled: r.get(5)?, max_total: r.get(6)? };
            Ok((
                r.get(0)?,
                Zone {
                    name: r.get(1)?,
                    fee: r.get(2)?,
                    estimate: r.get(3)?,
                    free_over: r.get(4)?,
                    states: Vec::new(),
                    pay_on_delivery,
                    live_rates: r.get(7)?,
                },
            ))
        })?
        .collect::<Result<_, _>>()?;
    let mut stmt = conn.prepare_cached("SELECT zone_id, state FROM zone_states ORDER BY state")?;
    let mut rows = stmt.query([])?;
    while let Some(r) = rows.next()? {
        let zone: String = r.get(0)?;
        if let Some((_, z)) = zones.iter_mut().find(|(id, _)| *id == zone) {
            z.states.push(r.get(1)?);
        }
    }
    let pickup: Option<String> = conn.query_row("SELECT value FROM settings WHERE key = ?1", [PICKUP_KEY], |r| r.get(0)).optional()?;
    Ok(DeliveryOptions {
        states: STATES.to_vec(),
        zones: zones.into_iter().map(|(_, z)| z).collect(),
        pickup: pickup.and_then(|p| serde_json::from_str(&p).ok()).unwrap_or_default(),
        abroad: crate::abroad::zones(conn)?,
        countries: crate::abroad::COUNTRIES,
    })
}

crate::text_enum! {
    /// How a checkout's order travels: delivered to the address (the default), or collected from the shop.
    #[derive(Default)]
    pub enum Method {
        #[default]
        Delivery => "delivery",
        Pickup => "pickup",
    }
}

/// What a checkout's delivery is: its cost, the estimate to show, and whether it may be paid on
/// arrival.
pub struct ForCheckout {
    pub delivery: Delivery,
    pub estimate: Option<String>,
    pub pay_on_delivery: PayOnDelivery,
}

/// Replaces the delivery zones and pickup in one go. States left out of every zone cannot be
/// delivered to.
pub fn replace(tx: &Connection, zones: &[Zone], pickup: &Pickup, abroad: &[Abroad], now: i64) -> AppResult<DeliveryOptions> {
    crate::abroad::replace_zones(tx, abroad)?;
    tx.execute("DELETE FROM delivery_zones", [])?;
    for (position, z) in zones.iter().enumerate() {
        let id = crate::util::new_id();
        tx.execute(
            "INSERT INTO delivery_zones (id, name, fee_kobo, estimate, free_over_kobo, position, created_at, updated_at,
                                         pod_enabled, pod_max_total_kobo, live_rates)
             VALUES (:id, :name, :fee, :estimate, :free_over, :position, :now, :now, :pod_enabled, :pod_max_total, :live_rates)",
            rusqlite::named_params! {
                ":id": id,
                ":name": z.name,
                ":fee": z.fee,
                ":estimate": z.estimate,
                ":free_over": z.free_over,
                ":position": position as i64,
                ":now": now,
                ":pod_enabled": z.pay_on_delivery.enabled,
                ":pod_max_total": z.pay_on_delivery.max_total,
                ":live_rates": z.live_rates,
            },
        )?;
        for s in &z.states {
            tx.execute("INSERT INTO zone_states (state, zone_id) VALUES (?1, ?2)", rusqlite::params![s, id])?;
        }
    }
    tx.execute(
        "INSERT INTO settings (key, value) VALUES (?1, ?2) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
        rusqlite::params![PICKUP_KEY, serde_json::to_string(pickup).map_err(AppError::internal)?],
    )?;
    Ok(load(tx)?)
}

/// Whether the zone for `state` (as the list spells it) prices by the courier's live rate.
pub fn live_rates_in(conn: &Connection, state: &str) -> rusqlite::Result<bool> {
    Ok(conn
        .prepare_cached("SELECT z.live_rates FROM zone_states s JOIN delivery_zones z ON z.id = s.zone_id WHERE s.state = ?1")?
        .query_row([state], |r| r.get(0))
        .optional()?
        .unwrap_or(false))
}

/// What delivery to `state` by `method` costs, with the estimate to show, or why it cannot be had.
/// `live_fee` is the courier's rate, asked before for a zone with live rates (none: the zone's
/// flat fee, which is also the fallback when the courier did not answer).
pub fn for_checkout(conn: &Connection, state: &str, method: Method, live_fee: Option<Kobo>) -> AppResult<ForCheckout> {
    if method == Method::Pickup {
        let options = load(conn)?;
        if !options.pickup.enabled {
            return Err(AppError::Validation("Pick up in store is not offered.".into()));
        }
        return Ok(ForCheckout { delivery: Delivery::Pickup, estimate: None, pay_on_delivery: options.pickup.pay_on_delivery });
    }
    let Some(state) = known_state(state) else {
        return Err(AppError::Validation("Please choose your state.".into()));
    };
    let zone: Option<(Kobo, Option<Kobo>, String, bool, Kobo, bool)> = conn
        .prepare_cached(
            "SELECT z.fee_kobo, z.free_over_kobo, z.estimate, z.pod_enabled, z.pod_max_total_kobo, z.live_rates
             FROM zone_states s JOIN delivery_zones z ON z.id = s.zone_id WHERE s.state = ?1",
        )?
        .query_row([state], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?, r.get(5)?)))
        .optional()?;
    match zone {
        Some((flat, free_over, estimate, enabled, max_total, live)) => Ok(ForCheckout {
            delivery: Delivery::Zone { fee: if live { live_fee.unwrap_or(flat) } else { flat }, free_over },
            estimate: Some(estimate),
            pay_on_delivery: PayOnDelivery { enabled, max_total },
        }),
        None => Err(AppError::Validation(format!("Sorry, we do not deliver to {state} yet."))),
    }
}

/// A zone as the admin sends it: fee and threshold in naira as typed.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct ZoneInput {
    name: String,
    /// Naira, e.g. "2500".
    fee: Naira,
    estimate: String,
    /// Naira; empty or absent for none.
    free_over: Option<Naira>,
    states: Vec<String>,
    /// Absent: not offered.
    pay_on_delivery: Option<PayOnDeliveryInput>,
    /// Price by the courier's live rate at checkout (the fee is the fallback).
    #[serde(default)]
    live_rates: bool,
}

/// Pay on delivery as the admin sends it: the maximum total in naira as typed.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct PayOnDeliveryInput {
    #[serde(default)]
    enabled: bool,
    /// Naira, e.g. "150000"; ₦150,000.00 when absent.
    max_total: Option<Naira>,
}

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct PickupInput {
    enabled: bool,
    #[serde(default)]
    address: String,
    pay_on_delivery: Option<PayOnDeliveryInput>,
}

#[derive(Deserialize, utoipa::ToSchema)]
struct OptionsInput {
    zones: Vec<ZoneInput>,
    pickup: PickupInput,
    /// The zones abroad to change (a region left out keeps its setting).
    #[serde(default)]
    abroad: Vec<crate::abroad::ZoneAbroadInput>,
}

/// A zone abroad as checked: its region, whether it is on, its fee and estimate.
pub type Abroad = (crate::abroad::Region, bool, crate::money::Money, String);

fn pay_on_delivery(input: Option<PayOnDeliveryInput>) -> AppResult<PayOnDelivery> {
    let Some(input) = input else { return Ok(PayOnDelivery::default()) };
    let max_total = crate::money::optional_naira(input.max_total.as_ref(), "pay-on-delivery maximum")
        .map_err(AppError::Validation)?
        .unwrap_or(PayOnDelivery::default().max_total);
    if max_total <= Kobo::ZERO {
        return Err(AppError::Validation("The pay-on-delivery maximum must be more than ₦0.00.".into()));
    }
    Ok(PayOnDelivery { enabled: input.enabled, max_total })
}

fn check(input: OptionsInput) -> AppResult<(Vec<Zone>, Pickup, Vec<Abroad>)> {
    let abroad = crate::abroad::check_zones(input.abroad)?;
    if input.zones.len() > 37 {
        return Err(AppError::Validation("There can be at most 37 zones, one per state.".into()));
    }
    let mut zones = Vec::new();
    let mut placed: Vec<&'static str> = Vec::new();
    for z in input.zones {
        let name = z.name.trim().to_string();
        let estimate = z.estimate.trim().to_string();
        if name.is_empty() || estimate.is_empty() {
            return Err(AppError::Validation("Every zone needs a name and a delivery estimate.".into()));
        }
        if name.chars().count() > 60 || estimate.chars().count() > 60 {
            return Err(AppError::Validation("Zone names and estimates may have at most 60 characters.".into()));
        }
        if zones.iter().any(|other: &Zone| other.name.eq_ignore_ascii_case(&name)) {
            return Err(AppError::Validation(format!("Two zones are called {name}.")));
        }
        let naira = |value: Option<&Naira>, what: &str| crate::money::optional_naira(value, what).map_err(AppError::Validation);
        let Some(fee) = naira(Some(&z.fee), "fee")? else {
            return Err(AppError::Validation(format!("Give the zone {name} a fee (0 for free delivery).")));
        };
        let free_over = naira(z.free_over.as_ref(), "free-delivery threshold")?.filter(|k| *k > Kobo::ZERO);
        let mut states = Vec::new();
        for typed in &z.states {
            let Some(state) = known_state(typed) else {
                return Err(AppError::Validation(format!("{} is not a Nigerian state.", typed.chars().take(40).collect::<String>())));
            };
            if placed.contains(&state) {
                return Err(AppError::Validation(format!("{state} is in two zones.")));
            }
            placed.push(state);
            states.push(state.to_string());
        }
        if states.is_empty() {
            return Err(AppError::Validation(format!("The zone {name} has no states.")));
        }
        zones.push(Zone {
            name,
            fee,
            estimate,
            free_over,
            states,
            pay_on_delivery: pay_on_delivery(z.pay_on_delivery)?,
            live_rates: z.live_rates,
        });
    }
    let input_pickup = input.pickup;
    let mut pickup = Pickup {
        enabled: input_pickup.enabled,
        address: input_pickup.address.trim().to_string(),
        pay_on_delivery: pay_on_delivery(input_pickup.pay_on_delivery)?,
    };
    pickup.address = pickup.address.trim().to_string();
    if pickup.enabled && pickup.address.is_empty() {
        return Err(AppError::Validation("Give the shop's address for pickup.".into()));
    }
    if pickup.address.chars().count() > 300 {
        return Err(AppError::Validation("The pickup address may have at most 300 characters.".into()));
    }
    Ok((zones, pickup, abroad))
}
