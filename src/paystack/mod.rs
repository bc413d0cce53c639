//! Paystack, a leaf that knows nothing of orders: the REST client (initialise and verify a
//! transaction, refunds, the session timeout, and signing or checking webhook bodies), which talks
//! to api.paystack.co and to the built-in sandbox alike, and the sandbox itself.

pub mod sandbox;
mod sandbox_base;
mod sandbox_refunds;

use std::sync::OnceLock;
use std::time::Duration;

use hmac::{Hmac, Mac};
use serde_json::{Value, json};
use sha2::Sha512;

use crate::config::Config;
use crate::money::{Kobo, Money};

/// Paystack's smallest NGN charge.
pub const MINIMUM_KOBO: Kobo = Kobo::new(5_000);

/// References are letters, digits, `-`, `.` and `=` (Paystack's rule), and ours are short.
pub fn plausible_reference(reference: &str) -> bool {
    (1..=100).contains(&reference.len()) && reference.chars().all(|c| c.is_ascii_alphanumeric() || "-.=".contains(c))
}

/// The shop's view of a Paystack transaction, from verify or a `charge.success` webhook.
#[derive(Debug, Clone)]
pub struct Transaction {
    pub reference: String,
    /// success, failed, abandoned, ongoing, pending, processing, queued or reversed.
    pub status: String,
    /// As Paystack reports it; `None` when it is not a whole number of kobo.
    pub amount: Option<Kobo>,
    pub currency: String,
    pub gateway_response: String,
    /// How it was paid, or is being paid: card, bank_transfer, ussd…
    pub channel: Option<String>,
}

impl Transaction {
    /// A bank transfer or USSD payment the shopper has made and Paystack is waiting to receive:
    /// it completes by webhook minutes later, and its holds must wait for it.
    pub fn awaiting_money(&self) -> bool {
        matches!(self.status.as_str(), "pending" | "ongoing" | "processing" | "queued")
            && self.channel.as_deref().is_some_and(|c| matches!(c, "bank_transfer" | "ussd" | "bank"))
    }
}

/// What verify can say about a reference.
#[derive(Debug)]
pub enum Verified {
    Found(Transaction),
    NotFound,
}

/// Why a call to Paystack gave no usable answer. The text is for the log, never the shopper.
#[derive(Debug)]
pub struct Unavailable(pub String);

/// What the browser needs to open the pop-up.
#[derive(Debug)]
pub struct Started {
    pub access_code: String,
    pub authorization_url: String,
}

pub struct Paystack {
    secret_key: String,
    pub public_key: String,
    pub sandbox: bool,
    /// Known at start for Paystack; for the sandbox, once the server knows its own address.
    base_url: OnceLock<String>,
    /// Where keys the owner types are checked: Paystack (`ANKARA_PAYSTACK_BASE_URL`), or this
    /// shop's sandbox when that is `sandbox`.
    checks_with_sandbox: bool,
    checks_at: String,
    http: reqwest::Client,
}

/// `ANKARA_PAYSTACK_BASE_URL=sandbox`: the built-in sandbox plays Paystack even with keys set, and
/// checks the keys the owner enters (for trying the setup offline, and for tests: this machine
/// cannot reach Paystack).
pub const SANDBOX_BASE: &str = "sandbox";

/// Paystack's shape of a secret key: the prefix and 40 hexadecimal digits. The sandbox takes any
/// such key as a key of some account, and refuses others as Paystack refuses a wrong or revoked one.
pub fn has_paystack_shape(key: &str) -> bool {
    let rest = key.strip_prefix("sk_test_").or_else(|| key.strip_prefix("sk_live_"));
    rest.is_some_and(|r| r.len() == 40 && r.bytes().all(|b| b.is_ascii_hexdigit()))
}

impl Paystack {
    /// Paystack when both keys are set; otherwise the built-in sandbox with a fresh secret.
    pub fn new(config: &Config) -> Result<Paystack, String> {
        let http = reqwest::Client::builder()
            .timeout(Duration::from_millis(config.paystack_timeout_ms))
            .pool_max_idle_per_host(64)
            .build()
            .map_err(|e| format!("cannot build the HTTP client: {e}"))?;
        let base_url = OnceLock::new();
        let checks_with_sandbox = config.paystack_base_url == SANDBOX_BASE;
        let checks_at = config.paystack_base_url.trim_end_matches('/').to_string();
        match (&config.paystack_secret_key, &config.paystack_public_key) {
            (Some(secret), Some(public)) if !checks_with_sandbox => {
                let _ = base_url.set(checks_at.clone());
                Ok(Paystack {
                    secret_key: secret.clone(),
                    public_key: public.clone(),
                    sandbox: false,
                    base_url,
                    checks_with_sandbox,
                    checks_at,
                    http,
                })
            }
            // The sandbox with the owner's keys: it signs its webhooks with her secret key.
            (Some(secret), Some(public)) => Ok(Paystack {
                secret_key: secret.clone(),
                public_key: public.clone(),
                sandbox: true,
                base_url,
                checks_with_sandbox,
                checks_at,
                http,
            }),
            _ => Ok(Paystack {
                secret_key: format!("sk_test_sandbox_{}", crate::util::random_id(32)),
                public_key: "pk_test_sandbox".into(),
                sandbox: true,
                base_url,
                checks_with_sandbox,
                checks_at,
                http,
            }),
        }
    }

    /// Points the sandbox client at this server, once it is listening.
    pub fn use_local_sandbox(&self, server: std::net::SocketAddr) {
        if self.sandbox {
            let host = if server.ip().is_unspecified() { "127.0.0.1".to_string() } else { server.ip().to_string() };
            let host = if host.contains(':') { format!("[{host}]") } else { host };
            let _ = self.base_url.set(format!("http://{host}:{}/api/sandbox", server.port()));
        }
    }

    pub fn base_url(&self) -> Option<&str> {
        self.base_url.get().map(String::as_str)
    }

    /// Asks Paystack whether it knows `secret` (Paystack's `GET /integration/payment_session_timeout`,
    /// a read that changes nothing): true when it answers, false when it refuses the key (401),
    /// `Unavailable` when there is no answer to judge.
    pub async fn knows_secret_key(&self, secret: &str) -> Result<bool, Unavailable> {
        let base = if self.checks_with_sandbox {
            self.base_url.get().cloned().ok_or_else(|| Unavailable("the sandbox is not listening yet".into()))?
        } else {
            self.checks_at.clone()
        };
        let request = self
            .http
            .get(format!("{base}/integration/payment_session_timeout"))
            .bearer_auth(secret)
            .build()
            .map_err(|e| Unavailable(format!("bad Paystack request: {e}")))?;
        let response = self.http.execute(request).await.map_err(|e| {
            Unavailable(if e.is_timeout() { "Paystack did not answer in time".into() } else { format!("Paystack unreachable: {e}") })
        })?;
        let status = response.status().as_u16();
        let reply: Value = response.json().await.unwrap_or(Value::Null);
        match (status, reply["status"].as_bool()) {
            (200, Some(true)) => Ok(true),
            (401, _) => Ok(false),
            _ => Err(Unavailable(describe("check keys", status, &reply))),
        }
    }

    /// True when `key` is this shop's secret (the sandbox checks callers with it).
    pub fn is_secret_key(&self, key: &str) -> bool {
        subtle::ConstantTimeEq::ct_eq(key.as_bytes(), self.secret_key.as_bytes()).into()
    }
}

/// Who pays: the e-mail Paystack receipts go to, and the name and phone sent as metadata.
pub struct Payer<'a> {
    pub email: &'a str,
    pub name: &'a str,
    pub phone: &'a str,
}

/// Paystack's `transaction/initialize` request: what the shop sends and the sandbox reads.
#[derive(serde::Serialize, serde::Deserialize, utoipa::ToSchema)]
pub struct InitializeRequest {
    #[serde(default)]
    pub email: String,
    /// Kobo, at least 5000.
    pub amount: Option<i64>,
    /// "NGN" when absent.
    pub currency: Option<String>,
    pub reference: Option<String>,
    #[schema(value_type = Option<Object>)]
    pub metadata: Option<Value>,
    /// What the pop-up may offer: card, bank, ussd, bank_transfer, qr (all when absent).
    pub channels: Option<Vec<String>>,
}

impl Paystack {
    /// `POST /transaction/initialize`: the amount in its currency's minor unit (kobo for NGN), our reference, name and phone as metadata.
    /// `channels` limits what the pop-up offers (card, bank, ussd, bank_transfer, qr).
    pub async fn initialize(&self, payer: &Payer<'_>, amount: Money, reference: &str, channels: &[&str]) -> Result<Started, Unavailable> {
        let body = InitializeRequest {
            email: payer.email.into(),
            amount: Some(amount.minor()),
            currency: Some(amount.currency().as_str().into()),
            reference: Some(reference.into()),
            metadata: Some(json!({ "name": payer.name, "phone": payer.phone })),
            channels: Some(channels.iter().map(|c| c.to_string()).collect()),
        };
        let (status, reply) = self.call(self.http.post(self.url("/transaction/initialize")?).json(&body)).await?;
        let data = &reply["data"];
        match (status, reply["status"].as_bool(), data["access_code"].as_str(), data["authorization_url"].as_str()) {
            (200..=299, Some(true), Some(code), Some(url)) => {
                Ok(Started { access_code: code.to_string(), authorization_url: url.to_string() })
            }
            _ => Err(Unavailable(describe("initialize", status, &reply))),
        }
    }

    /// `GET /transaction/verify/{reference}`. Only a 200 with `status: true` says anything about
    /// the payment; "not found" arrives as 404 or 400 depending on Paystack's mood.
    pub async fn verify(&self, reference: &str) -> Result<Verified, Unavailable> {
        let url = format!("{}/transaction/verify/{}", self.url("")?, reference);
        let (status, reply) = self.call(self.http.get(url)).await?;
        if (status == 404 || status == 400) && reply["status"].as_bool() == Some(false) {
            return Ok(Verified::NotFound);
        }
        if status != 200 || reply["status"].as_bool() != Some(true) {
            return Err(Unavailable(describe("verify", status, &reply)));
        }
        transaction_from(&reply["data"]).map(Verified::Found).ok_or_else(|| Unavailable(describe("verify", status, &reply)))
    }

    /// `PUT /integration/payment_session_timeout`: how long, in seconds, a started transaction can
    /// be paid (0 for no limit). Reads the current value first and only ever shortens it, so a
    /// merchant who chose a shorter timeout keeps it. Returns the timeout in force.
    pub async fn limit_session(&self, seconds: u64) -> Result<u64, Unavailable> {
        let url = self.url("/integration/payment_session_timeout")?;
        let (status, reply) = self.call(self.http.get(&url)).await?;
        let current = match (status, reply["status"].as_bool(), reply["data"]["payment_session_timeout"].as_u64()) {
            (200, Some(true), Some(current)) => current,
            _ => return Err(Unavailable(describe("fetch session timeout", status, &reply))),
        };
        if current != 0 && current <= seconds {
            return Ok(current);
        }
        let (status, reply) = self.call(self.http.put(&url).json(&json!({ "timeout": seconds }))).await?;
        match (status, reply["status"].as_bool()) {
            (200, Some(true)) => Ok(seconds),
            _ => Err(Unavailable(describe("update session timeout", status, &reply))),
        }
    }

    /// Makes an unpaid transaction unpayable, where the provider allows it: the sandbox does;
    /// Paystack has no such call, and its session timeout ends the transaction instead.
    pub async fn cancel(&self, reference: &str) -> Result<CancelAnswer, Unavailable> {
        if !self.sandbox {
            return Ok(CancelAnswer::NotSupported);
        }
        let url = format!("{}/transaction/cancel/{}", self.url("")?, reference);
        let (status, reply) = self.call(self.http.post(url)).await?;
        match (status, reply["status"].as_bool(), reply["data"]["status"].as_str()) {
            (200, Some(true), Some("success")) => Ok(CancelAnswer::AlreadyPaid),
            (200, Some(true), Some("pending")) => Ok(CancelAnswer::MoneyOnItsWay),
            (200, Some(true), Some(_)) => Ok(CancelAnswer::Cancelled),
            (404, Some(false), _) => Ok(CancelAnswer::Cancelled),
            _ => Err(Unavailable(describe("cancel", status, &reply))),
        }
    }

    /// `POST /refund` for a transaction reference and an amount in kobo. A 4xx with `status:
    /// false` is Paystack refusing (its message says why); anything else unusable is `Unavailable`,
    /// which leaves open whether the refund was created.
    pub async fn refund(&self, reference: &str, amount: Money, note: &str) -> Result<RefundAnswer, Unavailable> {
        let body = RefundRequest {
            transaction: reference.into(),
            amount: Some(amount.minor()),
            currency: Some(amount.currency().as_str().into()),
            merchant_note: Some(note.into()),
        };
        let (status, reply) = self.call(self.http.post(self.url("/refund")?).json(&body)).await?;
        if (400..500).contains(&status) && status != 401 && status != 429 && reply["status"].as_bool() == Some(false) {
            let message = reply["message"].as_str().unwrap_or("Refund refused").to_string();
            return Ok(RefundAnswer::Refused(message));
        }
        match (status, reply["status"].as_bool(), refund_from(&reply["data"])) {
            (200..=299, Some(true), Some(refund)) => Ok(RefundAnswer::Created(refund)),
            _ => Err(Unavailable(describe("refund", status, &reply))),
        }
    }

    /// `GET /refund/{id}`.
    pub async fn fetch_refund(&self, id: &str) -> Result<Option<PaystackRefund>, Unavailable> {
        let url = format!("{}/refund/{}", self.url("")?, id);
        let (status, reply) = self.call(self.http.get(url)).await?;
        if status == 404 {
            return Ok(None);
        }
        match (status, reply["status"].as_bool(), refund_from(&reply["data"])) {
            (200, Some(true), Some(refund)) => Ok(Some(refund)),
            _ => Err(Unavailable(describe("fetch refund", status, &reply))),
        }
    }

    /// `GET /refund?transaction=…`: every refund of one transaction.
    pub async fn list_refunds(&self, reference: &str) -> Result<Vec<PaystackRefund>, Unavailable> {
        let url = self.url("/refund")?;
        let (status, reply) = self.call(self.http.get(url).query(&[("transaction", reference)])).await?;
        match (status, reply["status"].as_bool(), reply["data"].as_array()) {
            (200, Some(true), Some(list)) => Ok(list.iter().filter_map(refund_from).collect()),
            _ => Err(Unavailable(describe("list refunds", status, &reply))),
        }
    }

    /// POSTs a signed webhook body to `url`, as Paystack does. The sandbox plays Paystack's part
    /// with it; it never runs against the real Paystack.
    pub async fn send_webhook(&self, url: &str, body: Vec<u8>) -> Result<u16, Unavailable> {
        let signature = self.sign(&body);
        let response = self
            .http
            .post(url)
            .header("content-type", "application/json")
            .header("x-paystack-signature", signature)
            .body(body)
            .send()
            .await
            .map_err(|e| Unavailable(format!("webhook not delivered: {e}")))?;
        Ok(response.status().as_u16())
    }

    /// Lowercase hex HMAC-SHA512 of `body` keyed with the secret key: Paystack's webhook signature.
    pub fn sign(&self, body: &[u8]) -> String {
        hex::encode(self.mac(body).finalize().into_bytes())
    }

    /// Checks an `x-paystack-signature` header against the exact bytes received, in constant time.
    pub fn signature_is_valid(&self, body: &[u8], signature: &str) -> bool {
        match hex::decode(signature.trim()) {
            Ok(bytes) => self.mac(body).verify_slice(&bytes).is_ok(),
            Err(_) => false,
        }
    }

    fn mac(&self, body: &[u8]) -> Hmac<Sha512> {
        let mut mac = Hmac::<Sha512>::new_from_slice(self.secret_key.as_bytes()).expect("HMAC takes any key length");
        mac.update(body);
        mac
    }

    fn url(&self, path: &str) -> Result<String, Unavailable> {
        let base = self.base_url.get().ok_or_else(|| Unavailable("the sandbox is not listening yet".into()))?;
        Ok(format!("{base}{path}"))
    }

    async fn call(&self, request: reqwest::RequestBuilder) -> Result<(u16, Value), Unavailable> {
        use tracing::Instrument;
        let request = request.bearer_auth(&self.secret_key).build().map_err(|e| Unavailable(format!("bad Paystack request: {e}")))?;
        let span = tracing::info_span!("paystack", call = %format!("{} {}", request.method(), request.url().path()));
        async move {
            let (status, reply) = self.send(request).await?;
            tracing::debug!(status, "Paystack answered");
            Ok((status, reply))
        }
        .instrument(span)
        .await
    }

    async fn send(&self, request: reqwest::Request) -> Result<(u16, Value), Unavailable> {
        let response = self.http.execute(request).await.map_err(|e| {
            Unavailable(if e.is_timeout() { "Paystack did not answer in time".into() } else { format!("Paystack unreachable: {e}") })
        })?;
        let status = response.status().as_u16();
        if status == 401 {
            tracing::error!(status = 401, "Paystack refused the secret key: check ANKARA_PAYSTACK_SECRET_KEY");
        }
        let body = response.bytes().await.map_err(|e| Unavailable(format!("Paystack's answer was cut off: {e}")))?;
        let reply = serde_json::from_slice(&body).unwrap_or(Value::Null);
        Ok((status, reply))
    }
}

/// Paystack's `POST /refund` request: what the shop sends and the sandbox reads.
#[derive(serde::Serialize, serde::Deserialize, utoipa::ToSchema)]
#[schema(as = PaystackRefundRequest)]
pub struct RefundRequest {
    /// The transaction's reference.
    #[serde(default)]
    pub transaction: String,
    /// Kobo; the whole remaining amount when absent.
    pub amount: Option<i64>,
    pub currency: Option<String>,
    pub merchant_note: Option<String>,
}

/// A refund as Paystack reports it.
#[derive(Debug, Clone)]
pub struct PaystackRefund {
    pub id: String,
    /// `None` when not a whole number of kobo.
    pub amount: Option<Kobo>,
    /// pending, processing, processed or failed.
    pub status: String,
    /// The transaction's reference, when Paystack says.
    pub transaction_reference: Option<String>,
    /// Why a failed refund failed, when Paystack says.
    pub failure: Option<String>,
}

/// What cancelling an unpaid transaction did.
#[derive(Debug, PartialEq)]
pub enum CancelAnswer {
    /// It can no longer be paid (or never existed there).
    Cancelled,
    /// It was paid first: complete it instead.
    AlreadyPaid,
    /// A bank transfer or USSD payment is on its way: the transaction stays open for it.
    MoneyOnItsWay,
    /// The provider cannot cancel a transaction (Paystack): its session timeout ends it.
    NotSupported,
}

pub enum RefundAnswer {
    Created(PaystackRefund),
    Refused(String),
}

/// Reads a refund from `POST /refund`, `GET /refund/{id}` or a `refund.*` webhook. Paystack's
/// ids are numbers; they are kept as text.
pub fn refund_from(data: &Value) -> Option<PaystackRefund> {
    let id = match &data["id"] {
        Value::Number(n) => n.to_string(),
        Value::String(s) if !s.is_empty() => s.clone(),
        _ => return None,
    };
    let reference = data["transaction_reference"].as_str().or_else(|| data["transaction"]["reference"].as_str()).map(str::to_string);
    let failure = data["failure_reason"].as_str().map(str::to_string);
    Some(PaystackRefund {
        id,
        amount: data["amount"].as_i64().map(Kobo::new),
        status: data["status"].as_str()?.to_string(),
        transaction_reference: reference,
        failure,
    })
}

/// Reads verify's `data` (also a `charge.success` webhook's `data`).
pub fn transaction_from(data: &Value) -> Option<Transaction> {
    Some(Transaction {
        reference: data["reference"].as_str()?.to_string(),
        status: data["status"].as_str()?.to_string(),
        // A float or a string amount is not what we asked for: treat it as a mismatch.
        amount: data["amount"].as_i64().map(Kobo::new),
        currency: data["currency"].as_str().unwrap_or("").to_string(),
        gateway_response: data["gateway_response"].as_str().unwrap_or("").to_string(),
        channel: data["channel"].as_str().filter(|c| !c.is_empty()).map(str::to_string),
    })
}

fn describe(call: &str, status: u16, reply: &Value) -> String {
    let message = reply["message"].as_str().unwrap_or("no message");
    format!("Paystack {call} answered HTTP {status}: {message}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn client() -> Paystack {
        let mut config = Config::for_data_dir(std::env::temp_dir());
        config.paystack_secret_key = Some("sk_test_secret".into());
        config.paystack_public_key = Some("pk_test_public".into());
        Paystack::new(&config).unwrap()
    }

    #[test]
    fn signatures_are_hmac_sha512_of_the_exact_bytes() {
        let paystack = client();
        let body = br#"{"event":"charge.success","data":{"reference":"R1"}}"#;
        let signature = paystack.sign(body);
        assert_eq!(signature.len(), 128);
        assert!(paystack.signature_is_valid(body, &signature));
        assert!(paystack.signature_is_valid(body, &signature.to_uppercase()), "hex case does not matter");
        let reformatted = br#"{"event": "charge.success", "data": {"reference": "R1"}}"#;
        assert!(!paystack.signature_is_valid(reformatted, &signature), "re-serialised JSON is not what was signed");
        assert!(!paystack.signature_is_valid(body, "zz"));
        assert!(!paystack.signature_is_valid(body, ""));
    }

    #[test]
    fn amounts_must_be_whole_kobo() {
        let data = json!({"reference": "R", "status": "success", "amount": 1999.0, "currency": "NGN"});
        assert_eq!(transaction_from(&data).unwrap().amount, None);
        let data = json!({"reference": "R", "status": "success", "amount": 1999, "currency": "NGN"});
        assert_eq!(transaction_from(&data).unwrap().amount, Some(Kobo::new(1999)));
        assert!(transaction_from(&json!({"status": "success"})).is_none());
    }
}
