//! Reviews: a customer whose order with a product was delivered rates it 1 to 5 stars, with an
//! optional title and text, once per product (a second write edits it). A product's rating and
//! review count are its visible reviews', recomputed in the transaction that changes them. Admins
//! hide and unhide reviews.

pub mod routes;

use rusqlite::{Connection, OptionalExtension, params};
use serde::{Deserialize, Serialize};

use crate::error::{AppError, AppResult};
use crate::ids::{ProductId, UserId};

const PAGE_SIZE: i64 = 10;
const ADMIN_PAGE_SIZE: i64 = 30;
pub const TITLE_MAX: usize = 100;
pub const BODY_MAX: usize = 2_000;

#[derive(Serialize, Debug, Clone, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Review {
    pub id: String,
    #[schema(value_type = String)]
    pub product_id: ProductId,
    /// 1 to 5 stars.
    pub rating: i64,
    pub title: Option<String>,
    pub body: Option<String>,
    /// First name and initial, e.g. "Adaeze O.".
    pub author: String,
    /// Written by a customer whose order with the product was delivered.
    pub verified: bool,
    pub hidden: bool,
    pub created_at: i64,
    pub updated_at: i64,
}

const COLUMNS: &str = "r.id, r.product_id, r.rating, r.title, r.body, r.author, r.verified, r.hidden, r.created_at, r.updated_at";

fn review_from_row(r: &rusqlite::Row) -> rusqlite::Result<Review> {
    Ok(Review {
        id: r.get(0)?,
        product_id: r.get(1)?,
        rating: r.get(2)?,
        title: r.get(3)?,
        body: r.get(4)?,
        author: r.get(5)?,
        verified: r.get(6)?,
        hidden: r.get(7)?,
        created_at: r.get(8)?,
        updated_at: r.get(9)?,
    })
}

/// A product's reviews as the product page shows them.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReviewPage {
    /// Of visible reviews, to one decimal; none without reviews.
    average: Option<f64>,
    count: i64,
    /// Visible reviews with 1, 2, 3, 4 and 5 stars.
    stars: [i64; 5],
    /// Newest first.
    reviews: Vec<Review>,
    page: i64,
    page_size: i64,
    total: i64,
    /// The signed-in customer's own review, even when hidden.
    mine: Option<Review>,
    /// Signed in, with a delivered order that included this product.
    can_review: bool,
}

/// "Adaeze Okafor" → "Adaeze O.": enough to be a person, not enough to find them.
pub fn author_name(display_name: &str) -> String {
    let words: Vec<&str> = display_name.split_whitespace().collect();
    match words.as_slice() {
        [] => "A customer".into(),
        [one] => one.to_string(),
        [first, .., last] => format!("{first} {}.", last.chars().next().map(|c| c.to_uppercase().to_string()).unwrap_or_default()),
    }
}

/// Whether the customer received an order with the product.
fn received(conn: &Connection, user_id: &str, product_id: &str) -> rusqlite::Result<bool> {
    conn.prepare_cached(
        "SELECT EXISTS(SELECT 1 FROM orders o JOIN order_items oi ON oi.order_id = o.id
         WHERE o.user_id = ?1 AND o.status = 'delivered' AND oi.product_id = ?2)",
    )?
    .query_row([user_id, product_id], |r| r.get(0))
}

/// Recomputes a product's rating and count from its visible reviews.
pub fn refresh_rating(tx: &Connection, product_id: &ProductId) -> rusqlite::Result<()> {
    tx.prepare_cached(
        "UPDATE products SET
            review_count = (SELECT COUNT(*) FROM reviews WHERE product_id = ?1 AND hidden = 0),
            rating = COALESCE((SELECT ROUND(AVG(rating), 1) FROM reviews WHERE product_id = ?1 AND hidden = 0), 0)
         WHERE id = ?1",
    )?
    .execute([product_id])?;
    Ok(())
}

/// A review as checked: stars, and the optional title and text, trimmed.
pub struct NewReview {
    pub rating: i64,
    pub title: Option<String>,
    pub body: Option<String>,
}

fn contains_html(text: &str) -> bool {
    let bytes = text.as_bytes();
    bytes.windows(2).any(|w| w[0] == b'<' && (w[1].is_ascii_alphabetic() || b"/!?".contains(&w[1])))
}

/// Checks what a customer typed.
pub fn check(rating: Option<&serde_json::Value>, title: Option<&str>, body: Option<&str>) -> AppResult<NewReview> {
    let rating = rating.and_then(|r| r.as_i64()).filter(|r| (1..=5).contains(r));
    let rating = rating.ok_or_else(|| AppError::Validation("Choose from 1 to 5 stars.".into()))?;
    let clean = |text: Option<&str>| text.map(str::trim).filter(|t| !t.is_empty()).map(str::to_string);
    let (title, body) = (clean(title), clean(body));
    if title.as_ref().is_some_and(|t| t.chars().count() > TITLE_MAX) {
        return Err(AppError::Validation(format!("Please keep the title under {TITLE_MAX} characters.")));
    }
    if body.as_ref().is_some_and(|t| t.chars().count() > BODY_MAX) {
        return Err(AppError::Validation("Please keep your review under 2,000 characters.".into()));
    }
    if [&title, &body].into_iter().flatten().any(|t| contains_html(t)) {
        return Err(AppError::Validation("Please remove the HTML from your review.".into()));
    }
    Ok(NewReview { rating, title, body })
}

/// Creates or edits the customer's review of a product and refreshes the product's rating, in
/// the caller's transaction. Returns the review's id.
pub fn save(
    tx: &Connection,
    product_id: &ProductId,
    user_id: &UserId,
    review: &NewReview,
    verified: bool,
    at: i64,
) -> rusqlite::Result<String> {
    let display_name: String = tx.query_row("SELECT display_name FROM users WHERE id = ?1", [user_id], |r| r.get(0))?;
    let id: String = tx.query_row(
        "INSERT INTO reviews (id, product_id, user_id, rating, title, body, author, verified, created_at, updated_at)
         VALUES (:id, :product, :user, :rating, :title, :body, :author, :verified, :at, :at)
         ON CONFLICT (product_id, user_id) DO UPDATE SET rating = excluded.rating, title = excluded.title, body = excluded.body,
             author = excluded.author, updated_at = excluded.updated_at
         RETURNING id",
        rusqlite::named_params! {
            ":id": crate::util::new_id(),
            ":product": product_id,
            ":user": user_id,
            ":rating": review.rating,
            ":title": review.title,
            ":body": review.body,
            ":author": author_name(&display_name),
            ":verified": verified,
            ":at": at,
        },
        |r| r.get(0),
    )?;
    refresh_rating(tx, product_id)?;
    Ok(id)
}

fn page_of(conn: &Connection, product_id: &str, page: i64, user_id: Option<&str>) -> AppResult<ReviewPage> {
    let exists: bool = conn.query_row("SELECT EXISTS(SELECT 1 FROM products WHERE id = ?1)", [product_id], |r| r.get(0))?;
    if !exists {
        return Err(AppError::NotFound("Product not found.".into()));
    }
    let mut stars = [0i64; 5];
    let mut stmt = conn.prepare_cached("SELECT rating, COUNT(*) FROM reviews WHERE product_id = ?1 AND hidden = 0 GROUP BY rating")?;
    for row in stmt.query_map([product_id], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, i64>(1)?)))? {
        let (rating, n) = row?;
        if let Some(slot) = usize::try_from(rating - 1).ok().and_then(|i| stars.get_mut(i)) {
            *slot = n;
        }
    }
    let count: i64 = stars.iter().sum();
    let sum: i64 = stars.iter().enumerate().map(|(i, n)| (i as i64 + 1) * n).sum();
    let average = (count > 0).then(|| (sum as f64 * 10.0 / count as f64).round() / 10.0);
    let offset = (page - 1) * PAGE_SIZE;
    let reviews = conn
        .prepare_cached(&format!(
            "SELECT {COLUMNS} FROM reviews r WHERE r.product_id = ?1 AND r.hidden = 0 ORDER BY r.created_at DESC, r.id DESC LIMIT ?2 OFFSET ?3"
        ))?
        .query_map(params![product_id, PAGE_SIZE, offset], review_from_row)?
        .collect::<Result<Vec<_>, _>>()?;
    let (mine, can_review) = match user_id {
        Some(user) => (
            conn.prepare_cached(&format!("SELECT {COLUMNS} FROM reviews r WHERE r.product_id = ?1 AND r.user_id = ?2"))?
                .query_row([product_id, user], review_from_row)
                .optional()?,
            received(conn, user, product_id)?,
        ),
        None => (None, false),
    };
    Ok(ReviewPage { average, count, stars, reviews, page, page_size: PAGE_SIZE, total: count, mine, can_review })
}

/// What a customer writes.
#[derive(Deserialize, utoipa::ToSchema)]
pub struct ReviewRequest {
    /// 1 to 5.
    #[schema(value_type = i64)]
    rating: Option<serde_json::Value>,
    /// At most 100 characters, no HTML.
    title: Option<String>,
    /// At most 2,000 characters, no HTML.
    body: Option<String>,
}

/// A review as moderation sees it.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminReview {
    #[serde(flatten)]
    review: Review,
    product_name: String,
    customer_email: String,
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminReviewPage {
    /// Newest first.
    reviews: Vec<AdminReview>,
    page: i64,
    page_size: i64,
    total: i64,
}

const ADMIN_SELECT: &str =
    "SELECT r.id, r.product_id, r.rating, r.title, r.body, r.author, r.verified, r.hidden, r.created_at, r.updated_at,
    p.name, u.email FROM reviews r JOIN products p ON p.id = r.product_id JOIN users u ON u.id = r.user_id";

fn admin_review_from_row(r: &rusqlite::Row) -> rusqlite::Result<AdminReview> {
    Ok(AdminReview { review: review_from_row(r)?, product_name: r.get(10)?, customer_email: r.get(11)? })
}

/// A customer's review of a product delivered to them, new or edited.
pub fn write(tx: &Connection, product_id: &ProductId, user_id: &UserId, review: &NewReview, now: i64) -> AppResult<()> {
    let exists: bool = tx.query_row("SELECT EXISTS(SELECT 1 FROM products WHERE id = ?1)", [product_id], |r| r.get(0))?;
    if !exists {
        return Err(AppError::NotFound("Product not found.".into()));
    }
    if !received(tx, user_id, product_id)? {
        return Err(AppError::Forbidden("You can review a product once it has been delivered to you.".into()));
    }
    save(tx, product_id, user_id, review, true, now)?;
    Ok(())
}

/// A page (from 1) of every review, newest first, for moderation; `hidden` picks only hidden or
/// only visible ones.
pub fn admin_page(conn: &Connection, page: i64, hidden: Option<bool>) -> AppResult<AdminReviewPage> {
    let offset = (page - 1) * ADMIN_PAGE_SIZE;
    // -1 means either.
    let hidden = hidden.map_or(-1, i64::from);
    let reviews = conn
        .prepare_cached(&format!(
            "{ADMIN_SELECT} WHERE (?1 = -1 OR r.hidden = ?1) ORDER BY r.created_at DESC, r.id DESC LIMIT ?2 OFFSET ?3"
        ))?
        .query_map(params![hidden, ADMIN_PAGE_SIZE, offset], admin_review_from_row)?
        .collect::<Result<Vec<_>, _>>()?;
    let total = conn.query_row("SELECT COUNT(*) FROM reviews WHERE (?1 = -1 OR hidden = ?1)", [hidden], |r| r.get(0))?;
    Ok(AdminReviewPage { reviews, page, page_size: ADMIN_PAGE_SIZE, total })
}

/// Hides or shows a review, and refreshes its product's rating.
pub fn set_hidden(tx: &Connection, id: &str, hidden: bool) -> AppResult<AdminReview> {
    let product: Option<ProductId> =
        tx.query_row("UPDATE reviews SET hidden = ?2 WHERE id = ?1 RETURNING product_id", params![id, hidden], |r| r.get(0)).optional()?;
    let product = product.ok_or_else(|| AppError::NotFound("Review not found.".into()))?;
    refresh_rating(tx, &product)?;
    Ok(tx.query_row(&format!("{ADMIN_SELECT} WHERE r.id = ?1"), [id], admin_review_from_row)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn authors_are_first_name_and_initial() {
        assert_eq!(author_name("Adaeze Okafor"), "Adaeze O.");
        assert_eq!(author_name("  Tunde  "), "Tunde");
        assert_eq!(author_name("Ngozi Ama eze"), "Ngozi E.");
        assert_eq!(author_name(""), "A customer");
    }

    #[test]
    fn html_is_refused_but_comparisons_are_not() {
        assert!(contains_html("<script>alert(1)</script>"));
        assert!(contains_html("nice </b>"));
        assert!(contains_html("<!-- x -->"));
        assert!(!contains_html("size 42 < 43, fits <3"));
        assert!(!contains_html("a < b"));
    }

    #[test]
    fn ratings_and_lengths_are_checked() {
        let five = serde_json::json!(5);
        assert!(check(Some(&serde_json::json!(0)), None, None).is_err());
        assert!(check(Some(&serde_json::json!(6)), None, None).is_err());
        assert!(check(Some(&serde_json::json!(4.5)), None, None).is_err());
        assert!(check(None, None, None).is_err());
        assert!(check(Some(&five), Some(&"x".repeat(101)), None).is_err());
        assert!(check(Some(&five), None, Some(&"x".repeat(2001))).is_err());
        let ok = check(Some(&five), Some("  Great  "), Some("   ")).unwrap();
        assert_eq!((ok.rating, ok.title.as_deref(), ok.body), (5, Some("Great"), None));
    }
}
