//! `/api/setup`: whether the setup is open, and the setup itself.

use actix_web::{HttpRequest, HttpResponse, get, post, web};
use serde::{Deserialize, Serialize};

use super::*;
use crate::error::answers::*;
use crate::http::AppState;
use crate::keys::routes::PaystackKeys;

pub fn configure(cfg: &mut utoipa_actix_web::service_config::ServiceConfig) {
    cfg.service(get_setup).service(post_setup);
}

/// What the setup page needs before the form.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SetupState {
    /// The address the shop is reached at now.
    pub public_url: String,
    /// True when ANKARA_PAYSTACK_* are set on the server: the form asks for no keys then.
    pub paystack_set_on_server: bool,
}

/// 200 while the shop has no owner (the setup page shows its form), 404 for good once it has.
#[utoipa::path(tag = "setup", responses((status = OK, body = SetupState), NotFound))]
#[get("/setup")]
async fn get_setup(state: web::Data<AppState>) -> AppResult<HttpResponse> {
    let st = state.clone();
    if state.db.read(move |c| Ok(st.machine.setup.is_done(c)?)).await? {
        return Err(set_up_already());
    }
    Ok(HttpResponse::Ok().insert_header(("Cache-Control", "no-store")).json(SetupState {
        public_url: state.config.public_url().to_string(),
        paystack_set_on_server: state.config.operator_set.unwrap_or_default().paystack,
    }))
}

/// The first catalogue.
#[derive(Deserialize, utoipa::ToSchema, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub enum Catalogue {
    /// The demo's six collections and their products, to try the shop with and edit.
    Demo,
    /// An empty shop.
    Empty,
}

/// The setup form.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SetupForm {
    /// The one-time code from the shop's log (`ankara setup-code`).
    #[serde(default)]
    pub code: String,
    #[serde(default)]
    pub shop_name: String,
    #[serde(default)]
    pub owner_name: String,
    #[serde(default)]
    pub email: String,
    #[serde(default)]
    #[schema(min_length = 6)]
    pub password: String,
    pub catalogue: Catalogue,
    /// Paystack's keys (test or live); absent: the built-in TEST MODE sandbox until keys are
    /// entered in the back office.
    pub paystack: Option<PaystackKeys>,
}

const MAX_NAME: usize = 100;
const MAX_SHOP_NAME: usize = 80;

/// Sets the shop up: checks the code (403 when wrong, 429 while the address must wait), the
/// fields and the Paystack keys (with Paystack, at once), makes the first owner and signs her in,
/// loads the demo catalogue when asked, then restarts the shop in place to run with the new name
/// and keys. 404 when the shop has an owner already, also for the second of two setups at once.
#[utoipa::path(
    tag = "setup",
    responses((status = OK, body = crate::auth::SessionView, description = "Set up; signed in as the owner"), BadRequest, Forbidden, NotFound, Conflict, TooManyRequests, BadGateway, Busy)
)]
#[post("/setup")]
async fn post_setup(req: HttpRequest, state: web::Data<AppState>, body: web::Json<SetupForm>) -> AppResult<HttpResponse> {
    if state.machine.setup.known_done() {
        return Err(set_up_already());
    }
    let form = body.into_inner();
    let st = state.clone();
    if state.db.read(move |c| Ok(st.machine.setup.is_done(c)?)).await? {
        return Err(set_up_already());
    }
    state.machine.setup.check_code(&state.config.client_key(&req), &form.code).await?;
    let shop_name = form.shop_name.trim().to_string();
    let owner_name = form.owner_name.trim().to_string();
    let email = form.email.trim().to_lowercase();
    if shop_name.is_empty() || owner_name.is_empty() || email.is_empty() || form.password.is_empty() {
        return Err(AppError::Validation("Please fill in the shop's name, your name, your e-mail and a password.".into()));
    }
    if shop_name.chars().count() > MAX_SHOP_NAME {
        return Err(AppError::Validation(format!("The shop's name must be at most {MAX_SHOP_NAME} characters.")));
    }
    if owner_name.chars().count() > MAX_NAME {
        return Err(AppError::Validation(format!("Your name must be at most {MAX_NAME} characters.")));
    }
    if !crate::email::looks_like_email(&email) {
        return Err(AppError::Validation("Please enter a valid email address.".into()));
    }
    let password = crate::auth::passwords::normalize(&form.password).to_string();
    crate::auth::passwords::check_policy(&password).map_err(AppError::Validation)?;
    let operator = state.config.operator_set.unwrap_or_default();
    let keys = match form.paystack.as_ref().filter(|_| !operator.paystack) {
        Some(keys) => {
            let (public, secret) = keys.trimmed();
            crate::keys::routes::check_with_paystack(&state, &public, &secret).await?;
            Some((public, secret))
        }
        None => None,
    };
    let hash = state.limits.hashing.run(move || crate::auth::passwords::hash(&password)).await??;
    let st = state.clone();
    let owner_email = email.clone();
    let name = shop_name.clone();
    let now = state.clock.now_ms();
    let (token, view) = state
        .db
        .write(move |tx| {
            let owner = Owner { name: &owner_name, email: &owner_email, password_hash: &hash };
            let id = create_owner(tx, &owner, now)?;
            crate::brand::rename(tx, &name)?;
            crate::auth::accounts::sign_in_staff(tx, &st.tokens, id.as_str(), crate::access::allowed, now)
        })
        .await?;
    state.machine.setup.finish();
    tracing::info!(email = %email, "the shop was set up: its first owner is chosen");
    let mut stored = crate::keys::load(&state.config.data_dir).map_err(AppError::internal)?;
    if !operator.shop_email && stored.shop_email.is_none() {
        // Notices of orders and messages reach the owner until she names another address.
        stored.shop_email = Some(email);
    }
    if let Some((public, secret)) = keys {
        stored.paystack_public_key = Some(public);
        stored.paystack_secret_key = Some(secret);
    }
    crate::keys::save(&state.config.data_dir, &stored).map_err(AppError::internal)?;
    if form.catalogue == Catalogue::Demo {
        let (db, media_root) = (state.db.clone(), state.media.root.clone());
        web::block(move || db.with_conn(|conn| crate::catalog::demo::load_if_new(conn, &media_root)))
            .await
            .map_err(AppError::internal)??;
    }
    // The new name, keys and catalogue are in force once the shop has restarted (a second or two).
    state.machine.restart.notify_one();
    Ok(crate::auth::routes::with_session(&state, &token, view))
}
