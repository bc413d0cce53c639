//! The courier aggregator's API, in Shipbubble's shape (docs.shipbubble.com): validate an
//! address (its code is what rates and bookings name), fetch rates for a parcel between two
//! codes, book the chosen rate (a "label"), cancel it, and the `x-ship-signature` on its webhooks
//! (hex HMAC-SHA512 of the body, keyed with the API key). The built-in sandbox answers the same
//! calls at this server's `/api/sandbox/courier/v1`, so the shop's courier code is the same for both.
//!
//! Amounts come as naira numbers (`2500`, `2345.5`); they become kobo here, from the number's
//! decimal text (never through a float), and a rate that is not a whole number of kobo is refused.

use std::sync::OnceLock;
use std::time::Duration;

use hmac::{Hmac, Mac};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use sha2::Sha512;

use crate::money::Kobo;

/// Shipbubble's own base URL value that means "the built-in sandbox".
pub const SANDBOX_BASE: &str = "sandbox";

/// Why a call gave no usable answer: the words go to the merchant (booking) or the log (rates).
#[derive(Debug)]
pub struct Refused(pub String);

/// A parcel's contents as the aggregator takes them.
#[derive(Serialize, Deserialize, Clone, Debug)]
pub struct PackageItem {
    pub name: String,
    pub description: String,
    /// Kilograms, as a decimal string ("0.5").
    pub unit_weight: String,
    /// Naira, as a decimal string.
    pub unit_amount: String,
    pub quantity: String,
}

/// One courier's offer for a parcel.
#[derive(Debug, Clone)]
pub struct Rate {
    pub courier_id: String,
    pub courier_name: String,
    pub service_code: String,
    /// What the customer is charged (Shipbubble's `rate_card_amount`, VAT included).
    pub amount: Kobo,
    pub eta: String,
}

/// The offers for one parcel and the token that books one of them.
#[derive(Debug)]
pub struct Rates {
    pub request_token: String,
    pub rates: Vec<Rate>,
}

impl Rates {
    /// The cheapest offer (one click books it).
    pub fn cheapest(&self) -> Option<&Rate> {
        self.rates.iter().min_by_key(|r| r.amount)
    }
}

/// A booked parcel.
#[derive(Debug, Clone)]
pub struct Label {
    pub shipment_id: String,
    pub courier: String,
    pub tracking_code: String,
    pub tracking_url: Option<String>,
    pub waybill: Option<String>,
}

/// A contact and its address, as the aggregator validates it.
pub struct Contact<'a> {
    pub name: &'a str,
    pub email: &'a str,
    pub phone: &'a str,
    pub address: &'a str,
}

/// The client. `base_url` is known at start for Shipbubble; for the sandbox, once the server
/// knows its own address.
pub struct Client {
    pub api_key: String,
    pub sandbox: bool,
    base_url: OnceLock<String>,
    http: reqwest::Client,
}

/// Kobo from a naira amount as JSON gives it (a number or a numeric string).
pub fn naira_to_kobo(value: &Value) -> Option<Kobo> {
    let text = match value {
        Value::Number(n) => n.to_string(),
        Value::String(s) => s.trim().to_string(),
        _ => return None,
    };
    let (whole, fraction) = text.split_once('.').unwrap_or((&text, ""));
    if whole.is_empty() || !whole.bytes().all(|b| b.is_ascii_digit()) || !fraction.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let fraction = fraction.trim_end_matches('0');
    if fraction.len() > 2 {
        return None;
    }
    let naira: i64 = whole.parse().ok()?;
    let kobo: i64 = format!("{fraction:0<2}").parse().ok()?;
    naira.checked_mul(100)?.checked_add(kobo).map(Kobo::new)
}

/// A naira amount as the aggregator's decimal string ("2500" or "2500.50").
pub fn kobo_to_naira_text(amount: Kobo) -> String {
    let k = amount.get();
    if k % 100 == 0 { format!("{}", k / 100) } else { format!("{}.{:02}", k / 100, k % 100) }
}

impl Client {
    pub fn new(config: &crate::config::Config) -> Result<Client, String> {
        let http = reqwest::Client::builder()
            .timeout(Duration::from_secs(20))
            .build()
            .map_err(|e| format!("cannot build the HTTP client: {e}"))?;
        let base_url = OnceLock::new();
        let in_sandbox = config.shipbubble_base_url == SANDBOX_BASE;
        Ok(match &config.shipbubble_api_key {
            Some(key) if !in_sandbox => {
                let _ = base_url.set(config.shipbubble_base_url.trim_end_matches('/').to_string());
                Client { api_key: key.clone(), sandbox: false, base_url, http }
            }
            Some(key) => Client { api_key: key.clone(), sandbox: true, base_url, http },
            None => Client { api_key: format!("sb_sandbox_{}", crate::util::random_id(32)), sandbox: true, base_url, http },
        })
    }

    /// Points the sandbox client at this server, once it is listening.
    pub fn use_local_sandbox(&self, base: &str) {
        if self.sandbox {
            let _ = self.base_url.set(format!("{base}/api/sandbox/courier/v1"));
        }
    }

    /// Lowercase hex HMAC-SHA512 of `body` keyed with the API key: the `x-ship-signature`.
    pub fn sign(&self, body: &[u8]) -> String {
        hex::encode(self.mac(body).finalize().into_bytes())
    }

    /// Checks an `x-ship-signature` against the exact bytes received, in constant time.
    pub fn signature_is_valid(&self, body: &[u8], signature: &str) -> bool {
        hex::decode(signature.trim()).is_ok_and(|bytes| self.mac(body).verify_slice(&bytes).is_ok())
    }

    fn mac(&self, body: &[u8]) -> Hmac<Sha512> {
        let mut mac = Hmac::<Sha512>::new_from_slice(self.api_key.as_bytes()).expect("HMAC takes any key length");
        mac.update(body);
        mac
    }

    /// Sends `body` to `url` as Shipbubble sends a webhook, signed (the sandbox uses it).
    pub async fn deliver_webhook(&self, url: &str, body: &[u8]) -> Result<u16, String> {
        let response = self
            .http
            .post(url)
            .header("content-type", "application/json")
            .header("x-ship-signature", self.sign(body))
            .body(body.to_vec())
            .send()
            .await
            .map_err(|e| format!("webhook not delivered: {e}"))?;
        Ok(response.status().as_u16())
    }

    /// True when `key` is this shop's courier key (the sandbox checks callers with it).
    pub fn is_key(&self, key: &str) -> bool {
        use subtle::ConstantTimeEq;
        key.as_bytes().ct_eq(self.api_key.as_bytes()).into()
    }

    /// One call: Shipbubble's envelope `{status: "success", data}`, or its message as the refusal.
    async fn call(&self, method: reqwest::Method, path: &str, body: Option<Value>, wait: Option<Duration>) -> Result<Value, Refused> {
        let base = self.base_url.get().ok_or_else(|| Refused("the courier sandbox is not listening yet".into()))?;
        let mut request = self.http.request(method, format!("{base}{path}")).bearer_auth(&self.api_key);
        if let Some(body) = body {
            request = request.json(&body);
        }
        if let Some(wait) = wait {
            request = request.timeout(wait);
        }
        let response = request.send().await.map_err(|e| {
            Refused(if e.is_timeout() {
                "the courier service did not answer in time".into()
            } else {
                format!("the courier service is unreachable ({e})")
            })
        })?;
        let status = response.status().as_u16();
        let reply: Value = response.json().await.unwrap_or(Value::Null);
        if (200..300).contains(&status) && reply["status"] == "success" {
            return Ok(reply["data"].clone());
        }
        let message = reply["message"].as_str().unwrap_or("no reason given");
        Err(Refused(format!("the courier service refused ({status}): {message}")))
    }

    /// `POST /shipping/address/validate`: the address's code.
    pub async fn validate_address(&self, contact: &Contact<'_>, wait: Option<Duration>) -> Result<i64, Refused> {
        let body = json!({"name": contact.name, "email": contact.email, "phone": contact.phone, "address": contact.address});
        let data = self.call(reqwest::Method::POST, "/shipping/address/validate", Some(body), wait).await?;
        data["address_code"].as_i64().ok_or_else(|| Refused("the courier service gave no address code".into()))
    }

    /// `GET /shipping/labels/categories`: the category for clothing and shoes (the first whose
    /// name says fashion, or the first).
    pub async fn fashion_category(&self, wait: Option<Duration>) -> Result<i64, Refused> {
        let data = self.call(reqwest::Method::GET, "/shipping/labels/categories", None, wait).await?;
        let list = data.as_array().cloned().unwrap_or_default();
        let fashion = list.iter().find(|c| c["category"].as_str().is_some_and(|n| n.to_lowercase().contains("fashion")));
        fashion
            .or(list.first())
            .and_then(|c| c["category_id"].as_i64())
            .ok_or_else(|| Refused("the courier service listed no categories".into()))
    }

    /// `POST /shipping/fetch_rates` for a parcel picked up on `pickup_date` (yyyy-mm-dd).
    pub async fn fetch_rates(
        &self,
        sender: i64,
        receiver: i64,
        category: i64,
        items: &[PackageItem],
        pickup_date: &str,
        wait: Option<Duration>,
    ) -> Result<Rates, Refused> {
        let body = json!({
            "sender_address_code": sender,
            // Shipbubble's own spelling.
            "reciever_address_code": receiver,
            "pickup_date": pickup_date,
            "category_id": category,
            "package_items": items,
            // A courier bag that takes a few garments or a shoe box, in cm.
            "package_dimension": {"length": 35, "width": 28, "height": 12},
        });
        let data = self.call(reqwest::Method::POST, "/shipping/fetch_rates", Some(body), wait).await?;
        let request_token = data["request_token"].as_str().unwrap_or_default().to_string();
        let rates = data["couriers"]
            .as_array()
            .map(|list| {
                list.iter()
                    .filter_map(|c| {
                        let amount = naira_to_kobo(&c["rate_card_amount"]).or_else(|| naira_to_kobo(&c["total"]))?;
                        Some(Rate {
                            courier_id: c["courier_id"].as_str()?.to_string(),
                            courier_name: c["courier_name"].as_str().unwrap_or("Courier").to_string(),
                            service_code: c["service_code"].as_str()?.to_string(),
                            amount,
                            eta: c["delivery_eta"].as_str().unwrap_or_default().to_string(),
                        })
                    })
                    .collect::<Vec<_>>()
            })
            .unwrap_or_default();
        if request_token.is_empty() || rates.is_empty() {
            return Err(Refused("the courier service offered no rate for this parcel".into()));
        }
        Ok(Rates { request_token, rates })
    }

    /// `POST /shipping/labels`: books `rate`.
    pub async fn create_label(&self, request_token: &str, rate: &Rate) -> Result<Label, Refused> {
        let body = json!({"request_token": request_token, "service_code": rate.service_code, "courier_id": rate.courier_id});
        let data = self.call(reqwest::Method::POST, "/shipping/labels", Some(body), None).await?;
        let text = |v: &Value| v.as_str().filter(|s| !s.is_empty()).map(str::to_string);
        let shipment_id = text(&data["order_id"]).ok_or_else(|| Refused("the courier service gave no shipment id".into()))?;
        Ok(Label {
            courier: text(&data["courier"]["name"]).unwrap_or_else(|| rate.courier_name.clone()),
            tracking_code: text(&data["courier"]["tracking_code"]).unwrap_or_else(|| shipment_id.clone()),
            tracking_url: text(&data["tracking_url"]),
            waybill: text(&data["waybill_document"]),
            shipment_id,
        })
    }

    /// `POST /shipping/labels/cancel/{id}`.
    pub async fn cancel(&self, shipment_id: &str) -> Result<(), Refused> {
        let path = format!("/shipping/labels/cancel/{}", urlencode(shipment_id));
        self.call(reqwest::Method::POST, &path, Some(json!({})), None).await.map(|_| ())
    }
}

/// Percent-encodes a path segment (the ids are the aggregator's, but a path is no place to trust).
fn urlencode(segment: &str) -> String {
    segment
        .bytes()
        .map(|b| if b.is_ascii_alphanumeric() || b == b'-' || b == b'_' { (b as char).to_string() } else { format!("%{b:02X}") })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn naira_amounts_become_exact_kobo() {
        assert_eq!(naira_to_kobo(&json!(2500)), Some(Kobo::new(250_000)));
        assert_eq!(naira_to_kobo(&json!(2345.5)), Some(Kobo::new(234_550)));
        assert_eq!(naira_to_kobo(&json!("1999.99")), Some(Kobo::new(199_999)));
        assert_eq!(naira_to_kobo(&json!("10.10")), Some(Kobo::new(1_010)));
        assert_eq!(naira_to_kobo(&json!(0.001)), None, "not a whole number of kobo");
        assert_eq!(naira_to_kobo(&json!(-5)), None);
        assert_eq!(naira_to_kobo(&json!("abc")), None);
        assert_eq!(naira_to_kobo(&json!(null)), None);
        assert_eq!(kobo_to_naira_text(Kobo::new(250_000)), "2500");
        assert_eq!(kobo_to_naira_text(Kobo::new(234_550)), "2345.50");
    }

    #[test]
    fn the_signature_is_hmac_sha512_of_the_body_with_the_key() {
        let mut config = crate::config::Config::for_data_dir(Default::default());
        config.shipbubble_api_key = Some("sb_test_key".into());
        let client = Client::new(&config).unwrap();
        let body = br#"{"event":"shipment.status.changed"}"#;
        let signature = client.sign(body);
        assert_eq!(signature.len(), 128);
        assert!(client.signature_is_valid(body, &signature));
        assert!(!client.signature_is_valid(br#"{"event":"shipment.cancelled"}"#, &signature));
        assert!(!client.signature_is_valid(body, "zz"));
    }
}
