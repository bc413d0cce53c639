//! Keys and addresses the owner sets in the back office (and the first-run setup): the Paystack
//! keys, the public URL, SMTP, the shop's e-mail (the sender) and first name. They live in one
//! file in the data directory, readable by the shop's user only (0600), never in the database (a
//! backup or a replica of the database carries no secret). A flag or an `ANKARA_*` variable wins
//! over the file: operators keep their habits, and the screen says which are theirs.
//!
//! The values are read once, at start ([`overlay`]), into the configuration every part of the
//! shop already reads; a change restarts the shop in place (`cli::serve`), so nothing needs to be
//! told of it.

pub mod routes;

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::config::{Config, OperatorSet};

/// The file, in the data directory.
pub const FILE: &str = "shop-keys.json";

/// What the back office stored. `None`: not set here (the flag's default, or the sandbox).
#[derive(Serialize, Deserialize, Debug, Clone, Default, PartialEq, Eq)]
#[serde(default)]
pub struct Stored {
    pub paystack_public_key: Option<String>,
    pub paystack_secret_key: Option<String>,
    pub public_url: Option<String>,
    pub smtp_url: Option<String>,
    pub shop_email: Option<String>,
    pub shop_name: Option<String>,
    /// Kept here by earlier versions: moved into the shop's identity at start ([`stored_whatsapp`]),
    /// the one place it is read from now.
    pub whatsapp_number: Option<String>,
    /// SMS through Termii: its API key and approved sender ID.
    pub termii_api_key: Option<String>,
    pub termii_sender_id: Option<String>,
    /// WhatsApp through the Cloud API: the access token and the sending phone number's ID.
    pub whatsapp_token: Option<String>,
    pub whatsapp_phone_number_id: Option<String>,
    /// Couriers through Shipbubble: its API key (which also signs its webhooks).
    pub shipbubble_api_key: Option<String>,
}

fn path(data_dir: &Path) -> PathBuf {
    data_dir.join(FILE)
}

/// The stored keys (none when the file does not exist yet).
pub fn load(data_dir: &Path) -> Result<Stored, String> {
    let file = path(data_dir);
    match std::fs::read(&file) {
        Ok(bytes) => serde_json::from_slice(&bytes).map_err(|e| format!("{} is not readable ({e}): fix or remove it", file.display())),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Stored::default()),
        Err(e) => Err(format!("cannot read {}: {e}", file.display())),
    }
}

/// Replaces the file in one step, owner-only from its first byte (`util::write_private_file`).
pub fn save(data_dir: &Path, stored: &Stored) -> Result<(), String> {
    crate::util::write_private_file(data_dir, FILE, &serde_json::to_vec_pretty(stored).expect("the keys serialise"))
}

/// Which settings the operator gave: a flag or a variable. For those with a default (the shop's
/// name and e-mail), a value other than the default or the variable being present.
fn operator_set(config: &Config) -> OperatorSet {
    let defaults = Config::for_data_dir(PathBuf::new());
    let given = |name: &str| std::env::var_os(name).is_some();
    OperatorSet {
        paystack: config.paystack_secret_key.is_some() || config.paystack_public_key.is_some(),
        public_url: config.public_url.is_some(),
        smtp_url: config.smtp_url.is_some(),
        shop_email: config.shop_email != defaults.shop_email || given("ANKARA_SHOP_EMAIL"),
        shop_name: config.shop_name != defaults.shop_name || given("ANKARA_SHOP_NAME"),
        termii: config.termii_api_key.is_some(),
        whatsapp_cloud: config.whatsapp_token.is_some() || config.whatsapp_phone_number_id.is_some(),
        courier: config.shipbubble_api_key.is_some(),
    }
}

/// Fills in what the operator did not set from the stored file, once (before `validate` gives
/// the public URL its default). Later calls change nothing.
pub fn overlay(config: &mut Config) -> Result<(), String> {
    if config.operator_set.is_some() {
        return Ok(());
    }
    let operator = operator_set(config);
    config.operator_set = Some(operator);
    let stored = load(&config.data_dir)?;
    overlay_messaging(config, &stored);
    if !operator.paystack
        && let (Some(secret), Some(public)) = (&stored.paystack_secret_key, &stored.paystack_public_key)
    {
        config.paystack_secret_key = Some(secret.clone());
        config.paystack_public_key = Some(public.clone());
    }
    if !operator.public_url {
        config.public_url = stored.public_url;
    }
    if !operator.smtp_url {
        config.smtp_url = stored.smtp_url;
    }
    if !operator.shop_email
        && let Some(email) = stored.shop_email
    {
        config.shop_email = email;
    }
    if !operator.shop_name
        && let Some(name) = stored.shop_name
    {
        config.shop_name = name;
    }
    Ok(())
}

/// The SMS and WhatsApp providers' keys from `stored`, where the operator did not set them.
pub fn overlay_messaging(config: &mut Config, stored: &Stored) {
    let operator = config.operator_set.unwrap_or_default();
    if !operator.termii {
        config.termii_api_key = stored.termii_api_key.clone();
        if let Some(sender) = &stored.termii_sender_id {
            config.termii_sender_id = sender.clone();
        }
    }
    if !operator.whatsapp_cloud {
        config.whatsapp_token = stored.whatsapp_token.clone();
        config.whatsapp_phone_number_id = stored.whatsapp_phone_number_id.clone();
    }
    if !operator.courier {
        config.shipbubble_api_key = stored.shipbubble_api_key.clone();
    }
}

/// The WhatsApp number an earlier version's Keys screen stored: the caller moves it into the
/// shop's identity (`brand::adopt_whatsapp`), then [`forget_whatsapp`]s it.
pub fn stored_whatsapp(data_dir: &Path) -> Result<Option<String>, String> {
    Ok(load(data_dir)?.whatsapp_number)
}

/// Takes the WhatsApp number out of the file, once the identity has it.
pub fn forget_whatsapp(data_dir: &Path) -> Result<(), String> {
    save(data_dir, &Stored { whatsapp_number: None, ..load(data_dir)? })
}

/// A secret as the browser may see it: its kind and its last four characters.
pub fn mask(secret: &str) -> String {
    let kind = ["sk_test_", "sk_live_", "pk_test_", "pk_live_"].iter().find(|p| secret.starts_with(**p)).copied().unwrap_or("");
    let tail: String = secret.chars().rev().take(4).collect::<Vec<_>>().into_iter().rev().collect();
    format!("{kind}••••••••{tail}")
}

/// An SMTP URL with its password hidden (`smtps://user:••••••••@host:465`).
pub fn mask_smtp(url: &str) -> String {
    match url.split_once("://").and_then(|(scheme, rest)| rest.rsplit_once('@').map(|(user, host)| (scheme, user, host))) {
        Some((scheme, user, host)) => {
            let name = user.split_once(':').map_or(user, |(name, _)| name);
            format!("{scheme}://{name}:••••••••@{host}")
        }
        None => url.to_string(),
    }
}

/// Paystack's mode a key belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeyMode {
    Test,
    Live,
}

/// Why a pair of Paystack keys cannot be used, in words for the owner.
#[derive(Debug, PartialEq, Eq)]
pub enum KeyProblem {
    /// Not a key of that kind at all (a public key in the secret's box, a typo).
    Wrong(String),
    /// One test key and one live key.
    Mixed(String),
    /// Paystack refused the secret key: wrong, or replaced in the dashboard (revoked).
    Refused(String),
    /// Paystack could not be asked.
    Unreachable(String),
}

impl KeyProblem {
    pub fn message(&self) -> &str {
        match self {
            KeyProblem::Wrong(m) | KeyProblem::Mixed(m) | KeyProblem::Refused(m) | KeyProblem::Unreachable(m) => m,
        }
    }
}

/// Checks the keys' form (before asking Paystack): each its own kind, both of the same mode.
pub fn check_form(public: &str, secret: &str) -> Result<KeyMode, KeyProblem> {
    let mode_of = |key: &str, kind: &str| match key {
        k if k.starts_with(&format!("{kind}_test_")) => Some(KeyMode::Test),
        k if k.starts_with(&format!("{kind}_live_")) => Some(KeyMode::Live),
        _ => None,
    };
    let public_mode = mode_of(public, "pk").ok_or_else(|| {
        KeyProblem::Wrong(if public.starts_with("sk_") {
            "That is a secret key in the public key's box: the public key starts with pk_test_ or pk_live_.".into()
        } else {
            "The public key is not a Paystack public key: it starts with pk_test_ or pk_live_ (Paystack's dashboard, Settings → API Keys & Webhooks).".into()
        })
    })?;
    let secret_mode = mode_of(secret, "sk").ok_or_else(|| {
        KeyProblem::Wrong(if secret.starts_with("pk_") {
            "That is a public key in the secret key's box: the secret key starts with sk_test_ or sk_live_.".into()
        } else {
            "The secret key is not a Paystack secret key: it starts with sk_test_ or sk_live_ (Paystack's dashboard, Settings → API Keys & Webhooks).".into()
        })
    })?;
    if public_mode != secret_mode {
        let (p, s) = if public_mode == KeyMode::Test { ("a test", "a live") } else { ("a live", "a test") };
        return Err(KeyProblem::Mixed(format!(
            "The public key is {p} key and the secret key {s} key: copy both from the same mode (Test or Live) of Paystack's dashboard."
        )));
    }
    Ok(secret_mode)
}

/// Checks a pair of keys against Paystack (`check_secret` asks it) after their form.
pub async fn check<F, Fut>(public: &str, secret: &str, check_secret: F) -> Result<KeyMode, KeyProblem>
where
    F: FnOnce(String) -> Fut,
    Fut: std::future::Future<Output = Result<bool, crate::paystack::Unavailable>>,
{
    let mode = check_form(public, secret)?;
    match check_secret(secret.to_string()).await {
        Ok(true) => Ok(mode),
        Ok(false) => Err(KeyProblem::Refused(
            "Paystack refused this secret key: it is mistyped, or it was revoked (new keys were made in the dashboard). Copy the current keys from Settings → API Keys & Webhooks.".into(),
        )),
        Err(why) => {
            tracing::warn!(error = %why.0, "checking Paystack keys failed");
            Err(KeyProblem::Unreachable("Paystack could not be reached to check the keys. Nothing was changed; try again in a minute.".into()))
        }
    }
}

/// Where a setting's value comes from, as the screen says it.
#[derive(Serialize, Debug, Clone, Copy, PartialEq, Eq, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum SetBy {
    /// A flag or a variable on the server: it wins, and the screen cannot change it.
    Server,
    /// Set on this screen (or at setup).
    Shop,
    /// Not set: the default.
    Default,
}

/// One setting as the screen shows it.
#[derive(Serialize, Debug, Clone, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct KeySetting {
    /// The value, secrets masked; null when not set.
    pub value: Option<String>,
    pub source: SetBy,
    /// The variable that sets it on the server (what `source: server` refers to).
    pub variable: &'static str,
}

/// Paystack as the screen shows it.
#[derive(Serialize, Debug, Clone, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaystackSetting {
    /// `sandbox` (no keys: the built-in TEST MODE), `test` or `live`.
    pub mode: String,
    /// The public key, in full (it is public: every checkout page carries it).
    pub public_key: Option<String>,
    /// The secret key, masked.
    pub secret_key: Option<String>,
    pub source: SetBy,
    /// The address to enter in Paystack's dashboard as the webhook URL.
    pub webhook_url: String,
}

/// The "Keys and addresses" screen.
#[derive(Serialize, Debug, Clone, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct KeysView {
    /// This binary's version (`ankara --version`).
    pub version: String,
    pub paystack: PaystackSetting,
    pub public_url: KeySetting,
    pub smtp_url: KeySetting,
    pub shop_email: KeySetting,
    /// SMS through Termii: `sandbox` (no key: written to the outbox-sms folder) or `live`.
    pub sms: MessagingSetting,
    /// WhatsApp through the Cloud API: `sandbox` or `live`.
    pub whatsapp_cloud: MessagingSetting,
    /// Couriers through Shipbubble: `sandbox` (the built-in sandbox courier) or `live`.
    pub courier: MessagingSetting,
    /// Where Shipbubble sends its tracking webhooks (set it in Shipbubble's dashboard).
    pub courier_webhook_url: String,
}

/// An SMS or WhatsApp provider as the screen shows it.
#[derive(Serialize, Debug, Clone, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MessagingSetting {
    /// `sandbox` (no key) or `live`.
    pub mode: String,
    /// The key or token, masked.
    pub key: Option<String>,
    /// Termii's sender ID, or WhatsApp's phone number ID.
    pub sender: Option<String>,
    pub source: SetBy,
    /// The variables that set it on the server.
    pub variable: &'static str,
}

/// This binary's version.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// The screen for the configuration in force (`config`, after [`overlay`]) and what is stored.
pub fn view(config: &Config, stored: &Stored) -> KeysView {
    let operator = config.operator_set.unwrap_or_default();
    let source = |by_operator: bool, stored: bool| match (by_operator, stored) {
        (true, _) => SetBy::Server,
        (false, true) => SetBy::Shop,
        (false, false) => SetBy::Default,
    };
    let mode = match config.paystack_secret_key.as_deref() {
        None => "sandbox",
        Some(k) if k.starts_with("sk_live_") => "live",
        Some(_) => "test",
    };
    let public_url = config.public_url().to_string();
    KeysView {
        version: VERSION.into(),
        paystack: PaystackSetting {
            mode: mode.into(),
            public_key: config.paystack_public_key.clone(),
            secret_key: config.paystack_secret_key.as_deref().map(mask),
            source: source(operator.paystack, stored.paystack_secret_key.is_some()),
            webhook_url: format!("{public_url}/api/payments/webhook"),
        },
        public_url: KeySetting {
            value: Some(public_url.clone()),
            source: source(operator.public_url, stored.public_url.is_some()),
            variable: "ANKARA_PUBLIC_URL",
        },
        smtp_url: KeySetting {
            value: config.smtp_url.as_deref().map(mask_smtp),
            source: source(operator.smtp_url, stored.smtp_url.is_some()),
            variable: "ANKARA_SMTP_URL",
        },
        shop_email: KeySetting {
            value: Some(config.shop_email.clone()),
            source: source(operator.shop_email, stored.shop_email.is_some()),
            variable: "ANKARA_SHOP_EMAIL",
        },
        sms: MessagingSetting {
            mode: if config.termii_api_key.is_some() { "live" } else { "sandbox" }.into(),
            key: config.termii_api_key.as_deref().map(mask),
            sender: Some(config.termii_sender_id.clone()),
            source: source(operator.termii, stored.termii_api_key.is_some()),
            variable: "ANKARA_TERMII_API_KEY",
        },
        whatsapp_cloud: MessagingSetting {
            mode: if config.whatsapp_token.is_some() && config.whatsapp_phone_number_id.is_some() { "live" } else { "sandbox" }.into(),
            key: config.whatsapp_token.as_deref().map(mask),
            sender: config.whatsapp_phone_number_id.clone(),
            source: source(operator.whatsapp_cloud, stored.whatsapp_token.is_some()),
            variable: "ANKARA_WHATSAPP_TOKEN",
        },
        courier: MessagingSetting {
            mode: if config.shipbubble_api_key.is_some() && config.shipbubble_base_url != crate::couriers::client::SANDBOX_BASE {
                "live"
            } else {
                "sandbox"
            }
            .into(),
            key: config.shipbubble_api_key.as_deref().map(mask),
            sender: None,
            source: source(operator.courier, stored.shipbubble_api_key.is_some()),
            variable: "ANKARA_SHIPBUBBLE_API_KEY",
        },
        courier_webhook_url: format!("{public_url}/api/couriers/webhook"),
    }
}

/// Checks a public URL the owner typed: http(s), a host, nothing after it; kept without a
/// trailing slash.
pub fn check_public_url(url: &str) -> Result<String, String> {
    let url = url.trim().trim_end_matches('/');
    let rest = url.strip_prefix("https://").or_else(|| url.strip_prefix("http://"));
    match rest {
        Some(host) if !host.is_empty() && !host.contains(['/', '?', '#', ' ', '@']) => Ok(url.to_string()),
        _ => Err("The public URL is the shop's address, such as https://shop.example.com (https:// once the domain is set up).".into()),
    }
}

/// Checks an SMTP URL the owner typed.
pub fn check_smtp_url(url: &str) -> Result<String, String> {
    let url = url.trim();
    if !(url.starts_with("smtp://") || url.starts_with("smtps://")) {
        return Err("The mail server's address starts with smtps:// (or smtp://), e.g. smtps://user:password@smtp.example.com:465.".into());
    }
    lettre::SmtpTransport::from_url(url).map_err(|e| format!("The mail server's address cannot be used: {e}"))?;
    Ok(url.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secrets_show_only_their_kind_and_last_four() {
        assert_eq!(mask("sk_test_0123456789abcdef0123456789abcdef01234567"), "sk_test_••••••••4567");
        assert_eq!(mask_smtp("smtps://shop:hunter2@smtp.example.com:465"), "smtps://shop:••••••••@smtp.example.com:465");
    }

    #[test]
    fn keys_of_the_wrong_kind_or_mixed_modes_are_named() {
        assert!(
            matches!(check_form("sk_test_x", "sk_test_y"), Err(KeyProblem::Wrong(m)) if m.contains("secret key in the public key's box"))
        );
        assert!(
            matches!(check_form("pk_test_x", "pk_test_y"), Err(KeyProblem::Wrong(m)) if m.contains("public key in the secret key's box"))
        );
        assert!(
            matches!(check_form("pk_test_x", "sk_live_y"), Err(KeyProblem::Mixed(m)) if m.contains("test key and the secret key a live key"))
        );
        assert_eq!(check_form("pk_live_x", "sk_live_y"), Ok(KeyMode::Live));
    }

    #[test]
    fn the_file_is_the_owners_alone_and_the_operator_wins() {
        let dir = tempfile::tempdir().unwrap();
        let stored = Stored {
            paystack_public_key: Some("pk_test_a".into()),
            paystack_secret_key: Some("sk_test_b".into()),
            public_url: Some("https://shop.example.com".into()),
            shop_name: Some("Adire House".into()),
            ..Stored::default()
        };
        save(dir.path(), &stored).unwrap();
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(dir.path().join(FILE)).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o600);
        }
        let mut config = Config::for_data_dir(dir.path().to_path_buf());
        config.public_url = Some("https://operator.example.com".into());
        overlay(&mut config).unwrap();
        assert_eq!(config.public_url.as_deref(), Some("https://operator.example.com"));
        assert_eq!(config.paystack_secret_key.as_deref(), Some("sk_test_b"));
        assert_eq!(config.shop_name, "Adire House");
        let shown = view(&config, &stored);
        assert_eq!(shown.public_url.source, SetBy::Server);
        assert_eq!(shown.paystack.source, SetBy::Shop);
        assert_eq!(shown.paystack.secret_key.as_deref(), Some("sk_test_••••••••st_b"));
    }
}
