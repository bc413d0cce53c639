//! Staff and the activity log over HTTP (owners only, by the access table).

use actix_web::{HttpResponse, delete, get, patch, web};
use serde::{Deserialize, Serialize};

use super::*;
use crate::auth::AdminUser;
use crate::error::answers::*;
use crate::error::{AppError, AppResult};
use crate::http::AppState;
use crate::ids::InviteId;

pub fn configure(cfg: &mut utoipa_actix_web::service_config::ServiceConfig) {
    cfg.service(list_staff).service(change_role).service(cancel_invite).service(list_activity);
}

/// Everyone with a role, owners first, and the invitations not yet used.
#[utoipa::path(tag = "admin", responses((status = OK, body = Staff), Unauthorized, Forbidden))]
#[get("/admin/staff")]
async fn list_staff(state: web::Data<AppState>, _admin: AdminUser) -> AppResult<HttpResponse> {
    let now = state.clock.now_ms();
    let staff = state.db.read(move |c| everyone(c, now)).await?;
    Ok(HttpResponse::Ok().insert_header(("Cache-Control", "no-store")).json(staff))
}

/// Cancels an invitation not yet used: its link stops working. Answers the staff.
#[utoipa::path(params(InviteId), tag = "admin", responses((status = OK, body = Staff), Unauthorized, Forbidden, NotFound))]
#[delete("/admin/staff/invites/{id}")]
async fn cancel_invite(state: web::Data<AppState>, admin: AdminUser, id: web::Path<InviteId>) -> AppResult<HttpResponse> {
    let (id, actor) = (id.into_inner(), admin.0.id.clone());
    let now = state.clock.now_ms();
    let staff = state
        .db
        .write(move |tx| {
            let invite = invites::cancel(tx, &id, now)?;
            record(tx, &actor, "staff", &invite.id, &format!("<{}>: invitation cancelled", invite.email))?;
            everyone(tx, now)
        })
        .await?;
    Ok(HttpResponse::Ok().insert_header(("Cache-Control", "no-store")).json(staff))
}

#[derive(Deserialize, utoipa::ToSchema)]
struct RoleChange {
    #[serde(default)]
    #[schema(required = true, max_length = 254)]
    email: String,
    /// The new role; null takes the account off the staff (it stays a customer).
    role: Option<Role>,
}

/// Gives a member of staff another role, or takes them off the staff. The last owner stays one.
#[utoipa::path(tag = "admin", responses((status = OK, body = Staff), BadRequest, Unauthorized, Forbidden, NotFound, Conflict))]
#[patch("/admin/staff")]
async fn change_role(state: web::Data<AppState>, admin: AdminUser, body: web::Json<RoleChange>) -> AppResult<HttpResponse> {
    let RoleChange { email, role } = body.into_inner();
    let email = email.trim().to_lowercase();
    let (actor, now) = (admin.0.id.clone(), state.clock.now_ms());
    let staff = state
        .db
        .write(move |tx| {
            let (id, name, before) = crate::auth::set_role(tx, &email, role)?
                .ok_or_else(|| AppError::NotFound(format!("No account found with the email {email}.")))?;
            if before != role {
                let (from, to) = (crate::auth::accounts::describe(before), crate::auth::accounts::describe(role));
                record(tx, &actor, "staff", &id, &format!("{name} <{email}>: role {from} → {to}"))?;
            }
            everyone(tx, now)
        })
        .await?;
    Ok(HttpResponse::Ok().insert_header(("Cache-Control", "no-store")).json(staff))
}

#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
struct ActivityQuery {
    /// Lines older than this line's id (the next page).
    before: Option<i64>,
    /// One kind: order, refund, product, stock, staff or settings.
    subject: Option<String>,
}

#[derive(Serialize, utoipa::ToSchema)]
struct ActivityPage {
    /// Newest first, 100 at a time.
    activity: Vec<Activity>,
}

/// Who changed what, newest first.
#[utoipa::path(tag = "admin", params(ActivityQuery), responses((status = OK, body = ActivityPage), BadRequest, Unauthorized, Forbidden))]
#[get("/admin/activity")]
async fn list_activity(state: web::Data<AppState>, _admin: AdminUser, query: web::Query<ActivityQuery>) -> AppResult<HttpResponse> {
    let ActivityQuery { before, subject } = query.into_inner();
    let activity = state.db.read(move |c| Ok(activity(c, before, subject.as_deref(), 100)?)).await?;
    Ok(HttpResponse::Ok().insert_header(("Cache-Control", "no-store")).json(ActivityPage { activity }))
}
