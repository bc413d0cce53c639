//! Reviews over HTTP: a product's page of reviews, writing one's own, moderation.

use actix_web::{HttpRequest, HttpResponse, get, patch, put, web};
use serde::Deserialize;

use super::*;
use crate::auth::{AdminUser, CurrentUser};
use crate::catalog::write::Changes;
use crate::error::answers::*;
use crate::error::{AppError, AppResult};
use crate::http::AppState;
use crate::ids::{ProductId, ReviewId};

pub fn configure(cfg: &mut utoipa_actix_web::service_config::ServiceConfig) {
    cfg.service(product_reviews).service(write_review).service(list_reviews).service(hide_review);
}

#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
struct PageQuery {
    /// From 1.
    page: Option<i64>,
}

/// A product's visible reviews, newest first, with the average and the count per star.
#[utoipa::path(params(ProductId, PageQuery), tag = "reviews", responses((status = OK, body = ReviewPage), BadRequest, NotFound))]
#[get("/products/{id}/reviews")]
async fn product_reviews(
    req: HttpRequest,
    state: web::Data<AppState>,
    id: web::Path<ProductId>,
    query: web::Query<PageQuery>,
) -> AppResult<HttpResponse> {
    let id = id.into_inner();
    if !crate::util::plausible_id(&id) {
        return Err(AppError::NotFound("Product not found.".into()));
    }
    let page = query.into_inner().page.unwrap_or(1).clamp(1, 10_000);
    let token = req.cookie(crate::auth::COOKIE_NAME).map(|c| c.value().to_string());
    let user = crate::http::authenticate(&state, token.as_deref()).await?.map(|u| u.id);
    let answer = state.db.read(move |c| page_of(c, &id, page, user.as_deref())).await?;
    Ok(HttpResponse::Ok().insert_header(("Cache-Control", "no-store")).json(answer))
}

/// Writes or edits the signed-in customer's review of a product they received.
#[utoipa::path(
    params(ProductId),
    tag = "reviews",
    request_body = ReviewRequest,
    responses((status = OK, body = ReviewPage), BadRequest, Unauthorized, Forbidden, NotFound, PayloadTooLarge, TooManyRequests)
)]
#[put("/products/{id}/review")]
async fn write_review(
    state: web::Data<AppState>,
    user: CurrentUser,
    id: web::Path<ProductId>,
    body: web::Json<ReviewRequest>,
) -> AppResult<HttpResponse> {
    let id = id.into_inner();
    let ReviewRequest { rating, title, body } = body.into_inner();
    let review = check(rating.as_ref(), title.as_deref(), body.as_deref())?;
    // Writing and editing reviews is a person's pace; a script rewriting one hundreds of times a
    // second only churns the product's rating and the catalogue cache.
    state.limits.review_writes.try_acquire(&user.id).map_err(|wait| {
        AppError::TooManyRequests("You have changed your reviews many times in the last hour. Please try again later.".into(), wait)
    })?;
    let (product_id, user_id) = (id.clone(), user.id.clone());
    let now = state.clock.now_ms();
    state
        .catalogue
        // The product's rating and count changed.
        .write(move |tx| Ok((write(tx, &product_id, &user_id, &review, now)?, Changes::shown())))
        .await?;
    let answer = state.db.read(move |c| page_of(c, &id, 1, Some(&user.id))).await?;
    Ok(HttpResponse::Ok().insert_header(("Cache-Control", "no-store")).json(answer))
}

#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
struct AdminQuery {
    /// From 1.
    page: Option<i64>,
    /// Only hidden (true) or only visible (false) reviews.
    hidden: Option<bool>,
}

/// Every review, newest first, for moderation.
#[utoipa::path(tag = "admin", params(AdminQuery), responses((status = OK, body = AdminReviewPage), BadRequest, Unauthorized, Forbidden))]
#[get("/admin/reviews")]
async fn list_reviews(state: web::Data<AppState>, _admin: AdminUser, query: web::Query<AdminQuery>) -> AppResult<HttpResponse> {
    let AdminQuery { page, hidden } = query.into_inner();
    let page = page.unwrap_or(1).clamp(1, 100_000);
    let answer = state.db.read(move |c| admin_page(c, page, hidden)).await?;
    Ok(HttpResponse::Ok().insert_header(("Cache-Control", "no-store")).json(answer))
}

#[derive(Deserialize, utoipa::ToSchema)]
struct HideBody {
    hidden: bool,
}

/// Hides or shows a review; the product's rating follows at once.
#[utoipa::path(params(ReviewId), tag = "admin", request_body = HideBody, responses((status = OK, body = AdminReview), BadRequest, Unauthorized, Forbidden, NotFound))]
#[patch("/admin/reviews/{id}")]
async fn hide_review(
    state: web::Data<AppState>,
    _admin: AdminUser,
    id: web::Path<ReviewId>,
    body: web::Json<HideBody>,
) -> AppResult<HttpResponse> {
    let (id, hidden) = (id.into_inner(), body.into_inner().hidden);
    let review = state
        .catalogue
        // The product's rating follows at once.
        .write(move |tx| Ok((set_hidden(tx, &id, hidden)?, Changes::shown())))
        .await?;
    Ok(HttpResponse::Ok().insert_header(("Cache-Control", "no-store")).json(review))
}
