//! "Keys and addresses" over HTTP: owners only (the access table says so too).

use actix_web::{HttpResponse, get, post, put, web};
use serde::Deserialize;

use super::*;
use crate::auth::AdminUser;
use crate::error::answers::*;
use crate::error::{AppError, AppResult};
use crate::http::AppState;

pub fn configure(cfg: &mut utoipa_actix_web::service_config::ServiceConfig) {
    cfg.service(get_keys).service(put_paystack).service(put_addresses).service(test_mail).service(put_messaging).service(put_courier);
}

/// The configuration the shop will run with once `stored` is in force: what the operator set
/// stays, the rest comes from `stored` (or its default when cleared there).
fn in_force(config: &Config, stored: &Stored) -> Config {
    let mut next = config.clone();
    let operator = config.operator_set.unwrap_or_default();
    if !operator.paystack {
        next.paystack_public_key = stored.paystack_public_key.clone();
        next.paystack_secret_key = stored.paystack_secret_key.clone();
    }
    if !operator.public_url {
        next.public_url = Some(stored.public_url.clone().unwrap_or_else(|| format!("http://{}", config.listen)));
    }
    if !operator.smtp_url {
        next.smtp_url = stored.smtp_url.clone();
    }
    if !operator.shop_email
        && let Some(email) = &stored.shop_email
    {
        next.shop_email = email.clone();
    }
    crate::keys::overlay_messaging(&mut next, stored);
    next
}

fn answer(view: KeysView) -> HttpResponse {
    HttpResponse::Ok().insert_header(("Cache-Control", "no-store")).json(view)
}

fn set_on_server(variable: &str) -> AppError {
    AppError::Conflict(format!("This is set on the server by {variable}, which wins over this screen: change it there."))
}

/// Stores `stored`, then restarts the shop in place so every part of it runs with the change;
/// answers the screen as it will be.
fn save_and_restart(state: &AppState, stored: &Stored) -> AppResult<HttpResponse> {
    save(&state.config.data_dir, stored).map_err(AppError::internal)?;
    state.machine.restart.notify_one();
    Ok(answer(view(&in_force(&state.config, stored), stored)))
}

/// The shop's keys and addresses: secrets masked, each with where its value comes from.
#[utoipa::path(tag = "admin", responses((status = OK, body = KeysView), Unauthorized, Forbidden))]
#[get("/admin/keys")]
async fn get_keys(state: web::Data<AppState>, _owner: AdminUser) -> AppResult<HttpResponse> {
    let stored = load(&state.config.data_dir).map_err(AppError::internal)?;
    Ok(answer(view(&state.config, &stored)))
}

/// Paystack's two keys, as copied from its dashboard.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaystackKeys {
    #[serde(default)]
    pub public_key: String,
    #[serde(default)]
    pub secret_key: String,
}

impl PaystackKeys {
    pub fn trimmed(&self) -> (String, String) {
        (self.public_key.trim().to_string(), self.secret_key.trim().to_string())
    }
}

/// Checks the keys with Paystack at once and, when it knows them, saves them (the shop restarts to
/// use them within a second or two). A wrong key, a test key with a live key, or a key Paystack
/// refuses (revoked) is answered 400 with a sentence that says which; nothing is saved then.
#[utoipa::path(tag = "admin", responses((status = OK, body = KeysView), BadRequest, Unauthorized, Forbidden, Conflict, BadGateway))]
#[put("/admin/keys/paystack")]
async fn put_paystack(state: web::Data<AppState>, _owner: AdminUser, body: web::Json<PaystackKeys>) -> AppResult<HttpResponse> {
    if state.config.operator_set.unwrap_or_default().paystack {
        return Err(set_on_server("ANKARA_PAYSTACK_SECRET_KEY and ANKARA_PAYSTACK_PUBLIC_KEY"));
    }
    let (public, secret) = body.trimmed();
    check_with_paystack(&state, &public, &secret).await?;
    let mut stored = load(&state.config.data_dir).map_err(AppError::internal)?;
    stored.paystack_public_key = Some(public);
    stored.paystack_secret_key = Some(secret);
    tracing::info!("the owner saved new Paystack keys; the shop restarts to use them");
    save_and_restart(&state, &stored)
}

/// [`check`] against this shop's Paystack (or its sandbox), as an answer.
pub async fn check_with_paystack(state: &AppState, public: &str, secret: &str) -> AppResult<KeyMode> {
    let paystack = state.paystack.clone();
    check(public, secret, |secret| async move { paystack.knows_secret_key(&secret).await }).await.map_err(|problem| match problem {
        KeyProblem::Unreachable(m) => AppError::Upstream(m),
        other => AppError::Validation(other.message().to_string()),
    })
}

/// The addresses to change. A field left out keeps its value; an empty one clears it (the public
/// URL then goes back to the listening address, SMTP to the outbox folder).
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AddressesChange {
    pub public_url: Option<String>,
    /// The full URL with its password; the masked one the screen shows is taken as "unchanged".
    pub smtp_url: Option<String>,
    pub shop_email: Option<String>,
}

/// A field sent that differs from what the operator set is refused, naming the variable.
fn may_change(operator: bool, sent: &Option<String>, current: Option<&str>, variable: &str) -> AppResult<()> {
    match sent {
        Some(value) if operator && Some(value.trim()) != current => Err(set_on_server(variable)),
        _ => Ok(()),
    }
}

/// The public URL, the mail server and the shop's e-mail. Checked, saved,
/// and in force once the shop has restarted (a second or two).
#[utoipa::path(tag = "admin", responses((status = OK, body = KeysView), BadRequest, Unauthorized, Forbidden, Conflict))]
#[put("/admin/keys/addresses")]
async fn put_addresses(state: web::Data<AppState>, _owner: AdminUser, body: web::Json<AddressesChange>) -> AppResult<HttpResponse> {
    let change = body.into_inner();
    let config = &state.config;
    let operator = config.operator_set.unwrap_or_default();
    let masked_smtp = config.smtp_url.as_deref().map(mask_smtp);
    let smtp_sent = change.smtp_url.filter(|s| Some(s.trim()) != masked_smtp.as_deref());
    may_change(operator.public_url, &change.public_url, Some(config.public_url()), "ANKARA_PUBLIC_URL")?;
    may_change(operator.smtp_url, &smtp_sent, config.smtp_url.as_deref(), "ANKARA_SMTP_URL")?;
    may_change(operator.shop_email, &change.shop_email, Some(&config.shop_email), "ANKARA_SHOP_EMAIL")?;
    let mut stored = load(&config.data_dir).map_err(AppError::internal)?;
    let blank = |s: &str| s.trim().is_empty();
    if let Some(url) = change.public_url.filter(|_| !operator.public_url) {
        stored.public_url = if blank(&url) { None } else { Some(check_public_url(&url).map_err(AppError::Validation)?) };
    }
    if let Some(url) = smtp_sent {
        stored.smtp_url = if blank(&url) { None } else { Some(check_smtp_url(&url).map_err(AppError::Validation)?) };
    }
    if let Some(email) = change.shop_email.filter(|_| !operator.shop_email) {
        let email = email.trim().to_lowercase();
        if !crate::email::looks_like_email(&email) {
            return Err(AppError::Validation("The shop's e-mail must be an e-mail address, such as orders@example.com.".into()));
        }
        stored.shop_email = Some(email);
    }
    save_and_restart(&state, &stored)
}

/// The mail server to try: the one being typed (in full), or the one in force.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TestMailRequest {
    pub smtp_url: Option<String>,
}

/// Where the test mail went.
#[derive(serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TestMailSent {
    pub to: String,
}

/// Sends a test mail to the signed-in owner now, through the mail server given (or the one in
/// force): 502 with the server's own words when it refuses.
#[utoipa::path(tag = "admin", responses((status = OK, body = TestMailSent), BadRequest, Unauthorized, Forbidden, BadGateway))]
#[post("/admin/keys/test-mail")]
async fn test_mail(state: web::Data<AppState>, owner: AdminUser, body: web::Json<TestMailRequest>) -> AppResult<HttpResponse> {
    let masked = state.config.smtp_url.as_deref().map(mask_smtp);
    let typed = body.into_inner().smtp_url.map(|s| s.trim().to_string()).filter(|s| !s.is_empty() && Some(s) != masked.as_ref());
    let url = match typed {
        Some(url) => check_smtp_url(&url).map_err(AppError::Validation)?,
        None => state.config.smtp_url.clone().ok_or_else(|| {
            AppError::Validation("There is no mail server yet: enter its address (smtps://user:password@host:465) first.".into())
        })?,
    };
    let id = owner.0.id.clone();
    let to = state
        .db
        .read(move |c| Ok(crate::auth::load_user(c, &id, true, crate::access::allowed)?.map(|u| u.email)))
        .await?
        .ok_or_else(|| AppError::Unauthenticated("Please log in to continue.".into()))?;
    let (from, shop, to_addr) = (state.config.shop_email.clone(), state.mailer.shop_name(), to.clone());
    web::block(move || crate::mail::send_test(&url, &from, &shop, &to_addr))
        .await
        .map_err(AppError::internal)?
        .map_err(AppError::Upstream)?;
    Ok(HttpResponse::Ok().json(TestMailSent { to }))
}

/// The SMS and WhatsApp providers' keys. A field left out keeps its value; an empty one clears it
/// (that provider goes back to the sandbox); a masked key as the screen shows it is "unchanged".
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MessagingKeys {
    pub termii_api_key: Option<String>,
    pub termii_sender_id: Option<String>,
    pub whatsapp_token: Option<String>,
    pub whatsapp_phone_number_id: Option<String>,
}

/// Saves the SMS (Termii) and WhatsApp (Cloud API) keys; the shop restarts to use them.
#[utoipa::path(tag = "admin", responses((status = OK, body = KeysView), BadRequest, Unauthorized, Forbidden, Conflict))]
#[put("/admin/keys/messaging")]
async fn put_messaging(state: web::Data<AppState>, _owner: AdminUser, body: web::Json<MessagingKeys>) -> AppResult<HttpResponse> {
    let change = body.into_inner();
    let config = &state.config;
    let operator = config.operator_set.unwrap_or_default();
    let mut stored = load(&config.data_dir).map_err(AppError::internal)?;
    let masked = |key: &Option<String>| key.as_deref().map(mask);
    let kept = |sent: Option<String>, shown: Option<String>| sent.map(|s| s.trim().to_string()).filter(|s| Some(s) != shown.as_ref());
    let value = |s: String| if s.is_empty() { None } else { Some(s) };
    let termii_key = kept(change.termii_api_key, masked(&config.termii_api_key));
    let whatsapp_token = kept(change.whatsapp_token, masked(&config.whatsapp_token));
    if operator.termii && (termii_key.is_some() || change.termii_sender_id.is_some()) {
        return Err(set_on_server("ANKARA_TERMII_API_KEY"));
    }
    if operator.whatsapp_cloud && (whatsapp_token.is_some() || change.whatsapp_phone_number_id.is_some()) {
        return Err(set_on_server("ANKARA_WHATSAPP_TOKEN and ANKARA_WHATSAPP_PHONE_NUMBER_ID"));
    }
    if let Some(key) = termii_key {
        stored.termii_api_key = value(key);
    }
    if let Some(sender) = change.termii_sender_id.map(|s| s.trim().to_string()) {
        if sender.chars().count() > 11 || (!sender.is_empty() && !sender.chars().all(|c| c.is_ascii_alphanumeric() || c == ' ')) {
            return Err(AppError::Validation("A Termii sender ID has up to 11 letters and digits, as approved on Termii.".into()));
        }
        stored.termii_sender_id = value(sender);
    }
    if let Some(token) = whatsapp_token {
        stored.whatsapp_token = value(token);
    }
    if let Some(id) = change.whatsapp_phone_number_id.map(|s| s.trim().to_string()) {
        if !id.chars().all(|c| c.is_ascii_digit()) {
            return Err(AppError::Validation("The WhatsApp phone number ID is digits only (WhatsApp Manager → API Setup).".into()));
        }
        stored.whatsapp_phone_number_id = value(id);
    }
    save_and_restart(&state, &stored)
}

/// The courier aggregator's key. Empty clears it (the built-in sandbox courier again); the masked
/// key as the screen shows it is "unchanged".
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CourierKey {
    #[serde(default)]
    pub api_key: String,
}

/// Saves the Shipbubble API key; the shop restarts to use it. It is not tried here: Shipbubble
/// answers the first booking or live rate, and the order screen says what it refused.
#[utoipa::path(tag = "admin", responses((status = OK, body = KeysView), BadRequest, Unauthorized, Forbidden, Conflict))]
#[put("/admin/keys/courier")]
async fn put_courier(state: web::Data<AppState>, _owner: AdminUser, body: web::Json<CourierKey>) -> AppResult<HttpResponse> {
    let config = &state.config;
    let key = body.into_inner().api_key.trim().to_string();
    if config.shipbubble_api_key.as_deref().map(mask).as_deref() == Some(key.as_str()) {
        return Ok(answer(view(config, &load(&config.data_dir).map_err(AppError::internal)?)));
    }
    if config.operator_set.unwrap_or_default().courier {
        return Err(set_on_server("ANKARA_SHIPBUBBLE_API_KEY"));
    }
    if key.chars().count() > 200 || key.chars().any(char::is_whitespace) {
        return Err(AppError::Validation(
            "Paste the API key as Shipbubble shows it (Settings → API Keys and Webhooks): one word, no spaces.".into(),
        ));
    }
    let mut stored = load(&config.data_dir).map_err(AppError::internal)?;
    stored.shipbubble_api_key = if key.is_empty() { None } else { Some(key) };
    tracing::info!("the owner saved the courier key; the shop restarts to use it");
    save_and_restart(&state, &stored)
}
