//! Signup, login, logout, token refresh, password reset, the account profile and admin grants.

use actix_multipart::form::MultipartForm;
use actix_web::{FromRequest, HttpRequest, HttpResponse, get, patch, post, web};
use serde::Deserialize;
use sha2::{Digest, Sha256};

use super::{CurrentUser, SessionView, session_view};
use crate::api::Message;
use crate::email::looks_like_email;
use crate::error::answers::{BadGateway, BadRequest, Busy, Conflict, Forbidden, NotFound, PayloadTooLarge, TooManyRequests, Unauthorized};
use crate::error::{AppError, AppResult};
use crate::http::AppState;
use crate::http::{clear_cookie, initial_session, session_cookie};
use crate::media;
use crate::media::upload::{self, ImageUpload, TextField, UploadSlot};

pub fn configure(cfg: &mut utoipa_actix_web::service_config::ServiceConfig) {
    cfg.service(get_session)
        .service(signup)
        .service(login)
        .service(logout)
        .service(refresh)
        .service(forgot)
        .service(reset)
        .service(update_account)
        .service(keep_account)
        .service(grant_admin)
        .service(see_invite)
        .service(accept_invite);
}

/// The sign-up form (multipart).
// Required fields are `Option`s: a missing one gets the spec's message, not the extractor's.
#[derive(MultipartForm, utoipa::ToSchema)]
#[multipart(duplicate_field = "deny")]
#[schema(rename_all = "camelCase")]
struct SignupForm {
    #[multipart(rename = "displayName")]
    #[schema(value_type = String, min_length = 1, max_length = 100)]
    display_name: Option<TextField>,
    #[schema(value_type = String, min_length = 1, max_length = 254)]
    email: Option<TextField>,
    #[schema(value_type = String, min_length = 6, max_length = 128)]
    password: Option<TextField>,
    #[multipart(rename = "confirmPassword")]
    #[schema(value_type = String, min_length = 1, max_length = 128)]
    confirm_password: Option<TextField>,
    /// JPEG, PNG, GIF or WebP, at most 10 MB and 16 megapixels.
    #[schema(value_type = String, format = Binary)]
    photo: Option<ImageUpload>,
}

/// The profile form (multipart); a photo only when it changes.
#[derive(MultipartForm, utoipa::ToSchema)]
#[multipart(duplicate_field = "deny")]
#[schema(rename_all = "camelCase")]
struct AccountForm {
    #[multipart(rename = "displayName")]
    #[schema(value_type = String, min_length = 1, max_length = 100)]
    display_name: Option<TextField>,
    /// A Nigerian number as people write it (0803 123 4567, +234 803 123 4567…) or an international
    /// one starting with +; stored as E.164. Empty removes it.
    #[multipart(rename = "phoneNumber")]
    #[schema(value_type = String, required = false, max_length = 32, pattern = r"^[0-9 +().-]*$")]
    phone_number: Option<TextField>,
    /// JPEG, PNG, GIF or WebP, at most 10 MB and 16 megapixels.
    #[schema(value_type = String, format = Binary, required = false)]
    photo: Option<ImageUpload>,
}

/// A sign-up counted against its client address's hourly allowance from the request's head,
/// before the body is read: a flood of sign-ups costs the flooder, not the shop.
struct SignupAllowed;

impl FromRequest for SignupAllowed {
    type Error = AppError;
    type Future = std::future::Ready<Result<Self, AppError>>;

    fn from_request(req: &HttpRequest, _: &mut actix_web::dev::Payload) -> Self::Future {
        let Some(state) = req.app_data::<web::Data<AppState>>() else { return std::future::ready(Err(AppError::internal("no app state"))) };
        std::future::ready(
            state
                .limits
                .auth
                .signup_per_address
                .try_acquire(&address_key(req, state))
                .map(|()| SignupAllowed)
                .map_err(|wait| AppError::TooManyRequests("Too many sign-ups from your network. Please try again later.".into(), wait)),
        )
    }
}

const MAX_NAME: usize = 100;

fn address_key(req: &HttpRequest, state: &AppState) -> String {
    format!("address:{}", state.config.client_key(req))
}

fn too_many_logins(wait: std::time::Duration) -> AppError {
    AppError::TooManyRequests("Too many failed login attempts. Please try again later.".into(), wait)
}

pub(crate) fn with_session(state: &AppState, token: &str, view: SessionView) -> HttpResponse {
    HttpResponse::Ok().insert_header(("Cache-Control", "no-store")).cookie(session_cookie(state, token)).json(view)
}

#[utoipa::path(tag = "accounts", responses((status = OK, body = SessionView, description = "The session, or user null when signed out")))]
#[get("/session")]
async fn get_session(req: HttpRequest, state: web::Data<AppState>) -> HttpResponse {
    HttpResponse::Ok().insert_header(("Cache-Control", "no-store")).json(initial_session(&req, &state).await)
}

#[utoipa::path(
    tag = "accounts",
    request_body(content = SignupForm, content_type = "multipart/form-data"),
    responses((status = OK, body = SessionView, description = "Signed in; sets the session cookie"), BadRequest, Conflict, PayloadTooLarge, TooManyRequests, Busy)
)]
#[post("/auth/signup")]
async fn signup(
    req: HttpRequest,
    state: web::Data<AppState>,
    // The upload's place and the sign-up's count come from the head, before the form is read.
    _slot: UploadSlot,
    _allowed: SignupAllowed,
    body: web::Payload,
) -> AppResult<HttpResponse> {
    let SignupForm { display_name, email, password, confirm_password, photo } = upload::read(&req, body).await?;
    let name = TextField::or_empty(display_name);
    let email = TextField::or_empty(email).to_lowercase();
    let password = super::passwords::normalize(&TextField::or_empty(password)).to_string();
    let confirm = super::passwords::normalize(&TextField::or_empty(confirm_password)).to_string();
    let photo = ImageUpload::sent(photo);
    if name.is_empty() || email.is_empty() || password.is_empty() || confirm.is_empty() || photo.is_none() {
        return Err(AppError::Validation("Please fill all the fields and upload a valid profile picture.".into()));
    }
    if name.chars().count() > MAX_NAME {
        return Err(AppError::Validation(format!("Full name must be at most {MAX_NAME} characters.")));
    }
    if !looks_like_email(&email) {
        return Err(AppError::Validation("Please enter a valid email address.".into()));
    }
    super::passwords::check_policy(&password).map_err(AppError::Validation)?;
    if password != confirm {
        return Err(AppError::Validation("Passwords do not match.".into()));
    }
    if let Some(photo) = &photo {
        // Before the password is hashed: a refused picture costs no hashing.
        media::check_upload(photo, media::ImageKind::Avatar).await?;
    }
    let hash = state.limits.hashing.run(move || super::passwords::hash(&password)).await??;
    let user_id = crate::util::new_id();
    let new_user = user_id.clone();
    let folder = format!("profileImages/{user_id}");
    let st = state.clone();
    let guest = crate::http::guest_in(&req, &state);
    let signed_up_email = email.clone();
    let now = state.clock.now_ms();
    let result = media::write_with_uploads(
        &state.media,
        &state.db,
        &folder,
        photo.into_iter().collect(),
        media::ImageKind::Avatar,
        move |tx, keys| {
            super::accounts::create(tx, &user_id, &email, &name, &keys[0], &hash, now)?;
            let (user, token) = super::accounts::start_session(tx, &st.tokens, &user_id, false, now)?;
            crate::bag::adopt_guest_bag(tx, guest.as_ref(), &user.id)?;
            Ok((token, session_view(tx, &user, crate::access::allowed)?))
        },
    )
    .await;
    if result.is_err() {
        // The new user's own folder, now empty.
        let _ = std::fs::remove_dir(state.media.root.join(&folder));
    }
    let (token, view) = result?;
    offer_guest_orders(&state, &signed_up_email).await;
    let mut response = with_session(&state, &token, view);
    response
        .add_cookie(&super::device::remember(&req, &state.tokens, state.config.secure_cookies(), &new_user))
        .map_err(AppError::internal)?;
    response.add_cookie(&crate::http::clear_guest_cookie(&state)).map_err(AppError::internal)?;
    Ok(response)
}

/// A guest's password for the account that keeps their details.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct KeepAccountBody {
    #[serde(default)]
    #[schema(min_length = 6)]
    password: String,
    #[serde(default)]
    confirm_password: String,
}

/// After paying as a guest: keeps the order's name, e-mail and phone as an account with this
/// password (no photo asked), signed in at once; the guest's orders are then in My Orders.
#[utoipa::path(
    tag = "accounts",
    responses((status = OK, body = SessionView, description = "Signed in to the new account"), BadRequest, Unauthorized, Conflict, Busy)
)]
#[post("/auth/keep-account")]
async fn keep_account(
    state: web::Data<AppState>,
    shopper: crate::http::Shopper,
    body: web::Json<KeepAccountBody>,
) -> AppResult<HttpResponse> {
    if !shopper.guest {
        return Err(AppError::Conflict("You are signed in already.".into()));
    }
    let KeepAccountBody { password, confirm_password } = body.into_inner();
    let password = super::passwords::normalize(&password).to_string();
    let confirm = super::passwords::normalize(&confirm_password).to_string();
    super::passwords::check_policy(&password).map_err(AppError::Validation)?;
    if password != confirm {
        return Err(AppError::Validation("Passwords do not match.".into()));
    }
    let hash = state.limits.hashing.run(move || super::passwords::hash(&password)).await??;
    let st = state.clone();
    let now = state.clock.now_ms();
    let (token, view) = state
        .db
        .write(move |tx| {
            crate::auth::guests::keep_as_account(tx, &shopper.id, &hash)?;
            let (user, token) = super::accounts::start_session(tx, &st.tokens, &shopper.id, false, now)?;
            Ok((token, session_view(tx, &user, crate::access::allowed)?))
        })
        .await?;
    let mut response = with_session(&state, &token, view);
    response.add_cookie(&crate::http::clear_guest_cookie(&state)).map_err(AppError::internal)?;
    Ok(response)
}

#[derive(Deserialize, utoipa::ToSchema)]
struct LoginBody {
    email: Option<String>,
    password: Option<String>,
}

fn login_failed(message: &str) -> AppError {
    AppError::LoginFailed(message.into())
}

#[utoipa::path(
    tag = "accounts",
    responses((status = OK, body = SessionView, description = "Signed in; sets the session cookie"), BadRequest, Unauthorized, Forbidden, TooManyRequests, Busy)
)]
#[post("/auth/login")]
async fn login(req: HttpRequest, state: web::Data<AppState>, body: web::Json<LoginBody>) -> AppResult<HttpResponse> {
    let email = body.email.as_deref().unwrap_or("").trim().to_lowercase();
    let password = super::passwords::normalize(body.password.as_deref().unwrap_or("")).to_string();
    if email.is_empty() || password.is_empty() {
        return Err(AppError::Validation("Please enter your email and password.".into()));
    }
    if !looks_like_email(&email) {
        return Err(login_failed("Invalid email address."));
    }
    let lookup_email = email.clone();
    let user = state.db.read(move |c| super::accounts::for_login(c, &lookup_email)).await?;
    // A browser that signed in to this account before answers only for its own failures; every
    // other browser shares the account's allowance and its address's. Attempts are reserved
    // before the password is checked, so parallel guesses cannot overrun the allowance.
    let limits = &state.limits.auth;
    let device = user.as_ref().and_then(|u| super::device::device_for(&req, &state.tokens, &u.id));
    let (account_key, address_attempt) = match &device {
        Some(device) => (format!("device:{device}"), None),
        None => {
            let attempt = limits.login_per_address.begin(&address_key(&req, &state)).await.map_err(too_many_logins)?;
            (format!("account:{email}"), Some(attempt))
        }
    };
    let attempt = limits.login_per_account.begin(&account_key).await.map_err(too_many_logins)?;
    let stored_hash = user.as_ref().map(|u| u.password_hash.clone()).unwrap_or_else(|| super::passwords::dummy_hash().to_string());
    let password_ok = state.limits.hashing.run(move || super::passwords::verify(&password, &stored_hash)).await?;
    let Some(super::accounts::LoginAccount { id: user_id, is_admin: admin, disabled, .. }) = user else {
        if let Some(a) = address_attempt {
            a.failed()
        }
        return Err(login_failed("No account found with this email."));
    };
    if !password_ok {
        attempt.failed();
        if let Some(a) = address_attempt {
            a.failed()
        }
        return Err(login_failed("Incorrect password."));
    }
    drop((attempt, address_attempt));
    if disabled {
        return Err(AppError::Forbidden("This account has been disabled.".into()));
    }
    limits.login_per_account.clear(&account_key);
    let (st, signed_in) = (state.clone(), user_id.clone());
    let guest = crate::http::guest_in(&req, &state);
    let now = state.clock.now_ms();
    let (token, view) = state
        .db
        .write(move |tx| {
            let (user, token) = super::accounts::start_session(tx, &st.tokens, &signed_in, admin, now)?;
            crate::bag::adopt_guest_bag(tx, guest.as_ref(), &user.id)?;
            Ok((token, session_view(tx, &user, crate::access::allowed)?))
        })
        .await?;
    offer_guest_orders(&state, &email).await;
    let mut response = with_session(&state, &token, view);
    response
        .add_cookie(&super::device::remember(&req, &state.tokens, state.config.secure_cookies(), &user_id))
        .map_err(AppError::internal)?;
    response.add_cookie(&crate::http::clear_guest_cookie(&state)).map_err(AppError::internal)?;
    Ok(response)
}

/// Orders placed as a guest with this e-mail join the account only when its owner follows a link
/// mailed to that address (sign-up does not prove an e-mail), so the link is mailed on sign-in.
async fn offer_guest_orders(state: &AppState, email: &str) {
    let e = email.to_string();
    let now = state.clock.now_ms();
    let waiting = state.db.read(move |c| Ok(crate::auth::guests::unclaimed_orders(c, &e)?)).await.unwrap_or(0);
    if waiting == 0 {
        return;
    }
    let token = crate::http::claim_token(state, email, now + CLAIM_LIFETIME_MS);
    let link = format!("{}/myorders?claim={token}", state.mailer.public_url());
    let subject = format!("{}: add your earlier orders to your account", state.mailer.shop_name());
    let body = format!(
        "You have {waiting} order(s) placed without an account with this e-mail address.\n\nTo see them in My Orders, open this link while signed in (it works for a day):\n{link}\n\nIf you did not sign in to {}, ignore this e-mail.\n",
        state.mailer.shop_name()
    );
    let (mailer, to) = (state.mailer.clone(), email.to_string());
    let queued = state
        .db
        .write(move |tx| mailer.queue(tx, crate::mail::Mail { kind: "claim", to: &to, subject: &subject, body: &body, unsubscribe: None }))
        .await;
    if let Err(e) = queued {
        tracing::warn!(error = %e, "the link to add earlier orders could not be queued");
    }
}

/// How long a link to add guest orders to an account works.
const CLAIM_LIFETIME_MS: i64 = 24 * 3600 * 1000;

#[utoipa::path(tag = "accounts", responses((status = OK, body = SessionView, description = "Signed out; the cookie is cleared")))]
#[post("/auth/logout")]
async fn logout(req: HttpRequest, state: web::Data<AppState>) -> AppResult<HttpResponse> {
    // Revoke whatever session the cookie names, even an expired token's, so a replay never works.
    if let Some(claims) = req.cookie(super::COOKIE_NAME).and_then(|c| state.tokens.verify(c.value())) {
        let now = state.clock.now_ms();
        state.db.write(move |tx| super::accounts::revoke_session(tx, &claims.session_id, now)).await?;
    }
    Ok(HttpResponse::Ok().insert_header(("Cache-Control", "no-store")).cookie(clear_cookie(&state)).json(SessionView::signed_out()))
}

/// A new token for a live session, with the admin fact as it is now.
#[utoipa::path(tag = "accounts", responses((status = OK, body = SessionView, description = "A fresh token in the cookie"), Unauthorized))]
#[post("/auth/refresh")]
async fn refresh(state: web::Data<AppState>, user: CurrentUser) -> AppResult<HttpResponse> {
    let st = state.clone();
    let (token, view) = state
        .db
        .write(move |tx| {
            let (user, token) = super::accounts::refresh_session(tx, &st.tokens, user)?;
            Ok((token, session_view(tx, &user, crate::access::allowed)?))
        })
        .await?;
    Ok(with_session(&state, &token, view))
}

#[derive(Deserialize, utoipa::ToSchema)]
struct ForgotBody {
    email: Option<String>,
}

fn hash_code(code: &str) -> String {
    hex::encode(Sha256::digest(code.as_bytes()))
}

/// Mails a reset link when the account exists. The answer is the same either way.
#[utoipa::path(tag = "accounts", responses((status = OK, body = Message), BadRequest, TooManyRequests, BadGateway))]
#[post("/auth/forgot")]
async fn forgot(req: HttpRequest, state: web::Data<AppState>, body: web::Json<ForgotBody>) -> AppResult<HttpResponse> {
    let email = body.email.as_deref().unwrap_or("").trim().to_lowercase();
    if !looks_like_email(&email) {
        return Err(AppError::Validation("Invalid email address.".into()));
    }
    let limits = &state.limits.auth;
    limits
        .reset_per_address
        .try_acquire(&address_key(&req, &state))
        .map_err(|wait| AppError::TooManyRequests("Too many requests. Please try again later.".into(), wait))?;

    let code = crate::util::random_id(40);
    let code_hash = hash_code(&code);
    let lookup = email.clone();
    let st = state.clone();
    let link = format!("{}/reset-password?oobCode={code}", state.config.public_url());
    let now = state.clock.now_ms();
    let queued: Option<i64> = state
        .db
        .write(move |tx| {
            // Past the per-account cap nobody learns anything: the answer is the same, no mail
            // goes out, and the links already sent keep working.
            let may_mail = || st.limits.auth.reset_mails_per_account.try_acquire(&lookup).is_ok();
            if super::accounts::new_reset_code(tx, &lookup, &code_hash, now, may_mail)?.is_none() {
                return Ok(None);
            }
            let shop = st.mailer.shop_name();
            let body = format!(
                "Hello,\n\nSomeone asked to reset the password of your {shop} account. Open this link within one hour to choose a new password:\n\n{link}\n\nIf it was not you, ignore this e-mail; your password stays the same.\n\n{shop}"
            );
            let subject = format!("Reset your {shop} password");
            st.mailer.queue(tx, crate::mail::Mail { kind: "reset", to: &lookup, subject: &subject, body: &body, unsubscribe: None })
        })
        .await?;
    // The link is wanted now: send it at once rather than wait for the worker's turn. If the mail
    // server is down it stays in the outbox and goes out when it is back (within the link's hour,
    // or the shopper asks again): the answer is the same either way, as for an unknown address.
    if let Some(id) = queued
        && !crate::mail::outbox::send_now(&state.db, &state.mailer, id).await?
    {
        tracing::warn!("the reset mail could not be sent yet; it waits in the outbox");
    }
    Ok(HttpResponse::Ok().json(Message::new("Password reset link has been sent to your email.")))
}

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct ResetBody {
    oob_code: Option<String>,
    password: Option<String>,
}

/// Sets a new password with a single-use code, and signs the account out everywhere.
#[utoipa::path(tag = "accounts", responses((status = OK, body = Message, description = "Reset; every session of the account is signed out"), BadRequest, Busy))]
#[post("/auth/reset")]
async fn reset(state: web::Data<AppState>, body: web::Json<ResetBody>) -> AppResult<HttpResponse> {
    let code = body.oob_code.as_deref().unwrap_or("").trim().to_string();
    let password = super::passwords::normalize(body.password.as_deref().unwrap_or("")).to_string();
    if code.is_empty() || code.len() > 200 {
        return Err(AppError::Validation("Invalid or missing code".into()));
    }
    super::passwords::check_policy(&password).map_err(AppError::Validation)?;
    let hash = state.limits.hashing.run(move || super::passwords::hash(&password)).await??;
    let code_hash = hash_code(&code);
    let now = state.clock.now_ms();
    let email = state.db.write(move |tx| super::accounts::use_reset_code(tx, &code_hash, &hash, now)).await?;
    // Whoever holds the mailbox is the owner: guesses at the old password no longer slow them.
    state.limits.auth.login_per_account.clear(&format!("account:{email}"));
    Ok(HttpResponse::Ok().cookie(clear_cookie(&state)).json(Message::new("Password has been successfully reset.")))
}

/// Edits the profile: display name, phone and optionally a new photo. The e-mail never changes here.
#[utoipa::path(
    tag = "accounts",
    request_body(content = AccountForm, content_type = "multipart/form-data"),
    responses((status = OK, body = SessionView), BadRequest, Unauthorized, PayloadTooLarge, TooManyRequests, Busy)
)]
#[patch("/account")]
async fn update_account(
    req: HttpRequest,
    state: web::Data<AppState>,
    _slot: UploadSlot,
    user: CurrentUser,
    body: web::Payload,
) -> AppResult<HttpResponse> {
    let AccountForm { display_name, phone_number, photo } = upload::read(&req, body).await?;
    let (name, phone) = (TextField::or_empty(display_name), TextField::or_empty(phone_number));
    if name.is_empty() {
        return Err(AppError::Validation("Please enter your full name.".into()));
    }
    if name.chars().count() > MAX_NAME {
        return Err(AppError::Validation(format!("Full name must be at most {MAX_NAME} characters.")));
    }
    // Stored as E.164 (+2348031234567), however it was typed; empty removes it.
    let phone = if phone.trim().is_empty() {
        String::new()
    } else {
        crate::phone::normalise(&phone).map_err(|why| AppError::Validation(why.to_string()))?
    };
    let photo: Vec<ImageUpload> = ImageUpload::sent(photo).into_iter().collect();
    let folder = format!("profileImages/{}", user.id);
    let root = state.media.root.clone();
    let view = media::write_with_uploads(&state.media, &state.db, &folder, photo, media::ImageKind::Avatar, move |tx, keys| {
        let phone = (!phone.is_empty()).then_some(phone.as_str());
        super::accounts::update_profile(tx, &root, &user.id, (&name, phone), keys.first())?;
        Ok(session_view(tx, &user, crate::access::allowed)?)
    })
    .await?;
    Ok(HttpResponse::Ok().insert_header(("Cache-Control", "no-store")).json(view))
}

#[derive(Deserialize, utoipa::ToSchema)]
struct GrantBody {
    email: Option<String>,
    /// The role to give (owner when absent: SPEC's admin, who may do everything).
    #[serde(default)]
    role: Option<super::Role>,
}

/// The spec's refusal on the admin-management page.
struct ManageAdmins;

impl super::AdminRefusal for ManageAdmins {
    const MESSAGE: &'static str = "You must be an admin to view this page.";
}

/// Makes the account with this e-mail a member of staff with the role (owners only; it takes
/// effect at that user's next token refresh), or — when no account uses the e-mail — mails an
/// invitation to join with that role (a link to set a name and password). The answer says which,
/// and what was granted. Recorded in the activity log.
#[utoipa::path(tag = "admin", responses((status = OK, body = Message), BadRequest, Unauthorized, Forbidden, NotFound, Conflict))]
#[post("/admin/grant")]
async fn grant_admin(
    state: web::Data<AppState>,
    admin: super::AdminUser<ManageAdmins>,
    body: web::Json<GrantBody>,
) -> AppResult<HttpResponse> {
    let GrantBody { email, role } = body.into_inner();
    let email = email.as_deref().unwrap_or("").trim().to_lowercase();
    if !looks_like_email(&email) {
        return Err(AppError::Validation("Please enter a valid email address.".into()));
    }
    let role = role.unwrap_or(super::DEFAULT_ROLE);
    let (target, actor, mailer) = (email.clone(), admin.0.id.clone(), state.mailer.clone());
    let now = state.clock.now_ms();
    let invited = state.db.write(move |tx| crate::staff::invites::grant(tx, &mailer, &target, role, &actor, now)).await?;
    let granted = crate::staff::invites::with_article(role);
    let message = if invited {
        format!("{email} has no account yet: we e-mailed them an invitation to join as {granted}.")
    } else {
        format!("Success! {email} is now {granted}.")
    };
    Ok(HttpResponse::Ok().json(Message::new(message)))
}

#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
struct InviteQuery {
    /// The token from the invitation's link (in the query, which logs leave out).
    token: Option<String>,
}

/// What an invitation's link offers: the e-mail it is for and the role, while it can be used.
#[utoipa::path(tag = "accounts", params(InviteQuery), responses((status = OK, body = crate::staff::invites::InviteView), NotFound))]
#[get("/auth/invite")]
async fn see_invite(state: web::Data<AppState>, query: web::Query<InviteQuery>) -> AppResult<HttpResponse> {
    let token = query.into_inner().token.unwrap_or_default();
    let now = state.clock.now_ms();
    let invite = state.db.read(move |c| crate::staff::invites::find(c, &token, now)).await?;
    Ok(HttpResponse::Ok().insert_header(("Cache-Control", "no-store")).json(invite))
}

/// Joining the staff from an invitation: a name and a password (no photo).
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct JoinBody {
    #[serde(default)]
    token: String,
    #[serde(default)]
    #[schema(max_length = 100)]
    display_name: String,
    #[serde(default)]
    #[schema(min_length = 6)]
    password: String,
    #[serde(default)]
    confirm_password: String,
}

/// Uses an invitation: makes the account with the invitation's e-mail and role, the name and
/// password given, and signs it in.
#[utoipa::path(
    tag = "accounts",
    responses((status = OK, body = SessionView, description = "Signed in to the new account"), BadRequest, NotFound, Conflict, Busy)
)]
#[post("/auth/invite")]
async fn accept_invite(req: HttpRequest, state: web::Data<AppState>, body: web::Json<JoinBody>) -> AppResult<HttpResponse> {
    let JoinBody { token, display_name, password, confirm_password } = body.into_inner();
    let name = display_name.trim().to_string();
    let password = super::passwords::normalize(&password).to_string();
    let confirm = super::passwords::normalize(&confirm_password).to_string();
    if name.is_empty() || password.is_empty() || confirm.is_empty() {
        return Err(AppError::Validation("Please fill all the fields.".into()));
    }
    if name.chars().count() > MAX_NAME {
        return Err(AppError::Validation(format!("Full name must be at most {MAX_NAME} characters.")));
    }
    super::passwords::check_policy(&password).map_err(AppError::Validation)?;
    if password != confirm {
        return Err(AppError::Validation("Passwords do not match.".into()));
    }
    // A link that cannot be used costs no hashing.
    let checked = token.clone();
    let now = state.clock.now_ms();
    state.db.read(move |c| crate::staff::invites::find(c, &checked, now)).await?;
    let hash = state.limits.hashing.run(move || super::passwords::hash(&password)).await??;
    let st = state.clone();
    let now = state.clock.now_ms();
    let (user_id, token, view) = state
        .db
        .write(move |tx| {
            let id = crate::staff::invites::join(tx, &token, &name, &hash, now)?;
            let (user, token) = super::accounts::start_session(tx, &st.tokens, &id, true, now)?;
            Ok((id, token, session_view(tx, &user, crate::access::allowed)?))
        })
        .await?;
    let mut response = with_session(&state, &token, view);
    response
        .add_cookie(&super::device::remember(&req, &state.tokens, state.config.secure_cookies(), &user_id))
        .map_err(AppError::internal)?;
    Ok(response)
}
