//! Sending one SMS or WhatsApp message: through Termii (SMS) and the WhatsApp Business Cloud API
//! (template messages) when their keys are configured, otherwise through the built-in sandbox,
//! which writes the message and the exact request it would have made as one JSON file per message
//! (`{data}/outbox-sms/` and `{data}/outbox-whatsapp/`, named like the mail outbox's files so a
//! second write of one message replaces the first). Base URLs are configurable: tests point them
//! at a local fake.

use std::path::PathBuf;
use std::time::Duration;

use serde_json::{Value, json};

/// How long one call to a provider may take: under the outbox's claim on a message.
pub const TIMEOUT: Duration = Duration::from_secs(15);

/// Termii's SMS API: `POST {base}/api/sms/send`.
#[derive(Clone, Debug)]
pub struct Termii {
    pub base_url: String,
    pub api_key: String,
    /// The approved sender ID ("from"), up to 11 characters.
    pub sender_id: String,
    /// "generic" or "dnd" (the route that reaches numbers on Do-Not-Disturb; transactional).
    pub channel: String,
}

/// The WhatsApp Business Cloud API: `POST {base}/{phone_number_id}/messages`, where base carries
/// the Graph API's version (`https://graph.facebook.com/v21.0`).
#[derive(Clone, Debug)]
pub struct WhatsApp {
    pub base_url: String,
    pub token: String,
    pub phone_number_id: String,
    /// The templates' language code as approved ("en", "en_GB"…).
    pub language: String,
}

#[derive(Clone)]
pub struct Providers {
    pub termii: Option<Termii>,
    pub whatsapp: Option<WhatsApp>,
    /// The data directory: the sandbox writes under it.
    data_dir: PathBuf,
    http: reqwest::Client,
}

/// A message to send, as the outbox holds it.
pub struct Outgoing<'a> {
    pub id: i64,
    pub created_at: i64,
    /// "sms" or "whatsapp".
    pub channel: &'a str,
    pub event: &'a str,
    /// E.164.
    pub to: &'a str,
    /// "Order #K7M2QX9A: placed".
    pub subject: &'a str,
    /// The SMS's text; for WhatsApp, the JSON of [`WhatsAppBody`].
    pub body: &'a str,
}

/// What the outbox keeps of a WhatsApp message: the template and its parameters, and the text
/// they make (for the sandbox and the back office).
#[derive(serde::Serialize, serde::Deserialize, Debug, Clone, PartialEq)]
pub struct WhatsAppBody {
    pub template: String,
    pub parameters: Vec<String>,
    pub text: String,
}

/// Termii's number form: international, without the +.
fn digits(e164: &str) -> String {
    e164.trim_start_matches('+').to_string()
}

/// The JSON Termii's send endpoint takes.
pub fn termii_request(t: &Termii, to: &str, text: &str) -> Value {
    json!({
        "api_key": t.api_key,
        "to": digits(to),
        "from": t.sender_id,
        "sms": text,
        "type": "plain",
        "channel": t.channel,
    })
}

/// The JSON the Cloud API's messages endpoint takes for a template message.
pub fn whatsapp_request(w_language: &str, to: &str, body: &WhatsAppBody) -> Value {
    let parameters: Vec<Value> = body.parameters.iter().map(|p| json!({"type": "text", "text": p})).collect();
    let mut template = json!({"name": body.template, "language": {"code": w_language}});
    if !parameters.is_empty() {
        template["components"] = json!([{"type": "body", "parameters": parameters}]);
    }
    json!({
        "messaging_product": "whatsapp",
        "recipient_type": "individual",
        "to": digits(to),
        "type": "template",
        "template": template,
    })
}

impl Providers {
    pub fn new(config: &crate::config::Config) -> Providers {
        let termii = config.termii_api_key.as_ref().filter(|k| !k.trim().is_empty()).map(|key| Termii {
            base_url: config.termii_base_url.trim_end_matches('/').to_string(),
            api_key: key.clone(),
            sender_id: config.termii_sender_id.clone(),
            channel: config.termii_channel.clone(),
        });
        let whatsapp = match (&config.whatsapp_token, &config.whatsapp_phone_number_id) {
            (Some(token), Some(id)) if !token.trim().is_empty() && !id.trim().is_empty() => Some(WhatsApp {
                base_url: config.whatsapp_base_url.trim_end_matches('/').to_string(),
                token: token.clone(),
                phone_number_id: id.clone(),
                language: config.whatsapp_language.clone(),
            }),
            _ => None,
        };
        let http = reqwest::Client::builder().timeout(TIMEOUT).build().expect("an HTTP client");
        Providers { termii, whatsapp, data_dir: config.data_dir.clone(), http }
    }

    /// Whether any message goes over the network (then a batch is smaller, as each call may last
    /// up to [`TIMEOUT`]).
    pub fn live(&self) -> bool {
        self.termii.is_some() || self.whatsapp.is_some()
    }

    /// The sandbox's folder for a channel.
    pub fn sandbox_dir(&self, channel: &str) -> PathBuf {
        self.data_dir.join(format!("outbox-{channel}"))
    }

    /// Sends one message; an error is the reason, as the back office shows it.
    pub async fn send(&self, m: &Outgoing<'_>) -> Result<(), String> {
        match m.channel {
            "sms" => match &self.termii {
                Some(t) => {
                    let request = termii_request(t, m.to, m.body);
                    self.post(&format!("{}/api/sms/send", t.base_url), None, &request, "Termii").await
                }
                None => {
                    let sandbox = Termii {
                        base_url: "sandbox".into(),
                        api_key: "sandbox".into(),
                        sender_id: "sandbox".into(),
                        channel: "generic".into(),
                    };
                    self.write_sandbox(m, m.body, termii_request(&sandbox, m.to, m.body))
                }
            },
            "whatsapp" => {
                let body: WhatsAppBody =
                    serde_json::from_str(m.body).map_err(|e| format!("the WhatsApp message in the outbox is not readable: {e}"))?;
                match &self.whatsapp {
                    Some(w) => {
                        let request = whatsapp_request(&w.language, m.to, &body);
                        let url = format!("{}/{}/messages", w.base_url, w.phone_number_id);
                        self.post(&url, Some(&w.token), &request, "WhatsApp").await
                    }
                    None => self.write_sandbox(m, &body.text, whatsapp_request("en", m.to, &body)),
                }
            }
            other => Err(format!("there is no channel {other}")),
        }
    }

    async fn post(&self, url: &str, bearer: Option<&str>, body: &Value, who: &str) -> Result<(), String> {
        let mut request = self.http.post(url).json(body);
        if let Some(token) = bearer {
            request = request.bearer_auth(token);
        }
        let response = request.send().await.map_err(|e| format!("{who} could not be reached: {e}"))?;
        let status = response.status();
        if status.is_success() {
            return Ok(());
        }
        let text = response.text().await.unwrap_or_default();
        let text: String = text.chars().take(300).collect();
        Err(format!("{who} did not take the message ({status}): {text}"))
    }

    fn write_sandbox(&self, m: &Outgoing<'_>, text: &str, request: Value) -> Result<(), String> {
        let dir = self.sandbox_dir(m.channel);
        std::fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        let path = dir.join(format!("{:013}-{:09}.json", m.created_at, m.id));
        let file = json!({
            "id": m.id,
            "channel": m.channel,
            "event": m.event,
            "to": m.to,
            "subject": m.subject,
            "text": text,
            "request": request,
        });
        std::fs::write(&path, serde_json::to_vec_pretty(&file).expect("JSON"))
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        tracing::info!(to = %m.to, channel = %m.channel, file = %path.display(), "message written to a file (no provider configured)");
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn termii_gets_its_documented_fields() {
        let t = Termii { base_url: "x".into(), api_key: "TLkey".into(), sender_id: "Adire".into(), channel: "dnd".into() };
        assert_eq!(
            termii_request(&t, "+2348031234567", "Hello"),
            json!({"api_key": "TLkey", "to": "2348031234567", "from": "Adire", "sms": "Hello", "type": "plain", "channel": "dnd"})
        );
    }

    #[test]
    fn whatsapp_gets_a_template_with_its_body_parameters() {
        let body = WhatsAppBody { template: "order_placed".into(), parameters: vec!["Ada".into(), "K7M2".into()], text: "t".into() };
        assert_eq!(
            whatsapp_request("en", "+2348031234567", &body),
            json!({
                "messaging_product": "whatsapp", "recipient_type": "individual", "to": "2348031234567", "type": "template",
                "template": {"name": "order_placed", "language": {"code": "en"},
                             "components": [{"type": "body", "parameters": [{"type": "text", "text": "Ada"}, {"type": "text", "text": "K7M2"}]}]}
            })
        );
    }
}
