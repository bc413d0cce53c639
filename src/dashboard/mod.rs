//! The merchant's overview and the accountant's export. Days are Lagos days (UTC+1, no daylight
//! saving). Revenue over a period is what orders placed in it paid, less what refunds processed
//! in it gave back.

pub mod routes;

use rusqlite::{Connection, params};
use serde::Serialize;

use crate::csv::quote;
use crate::money::Kobo;
use crate::money::naira_decimal;
use crate::orders::OrderStatus;

use crate::util::{DAY_MS, LAGOS_OFFSET_MS, lagos_day, lagos_day_start as day_start};
const CHART_DAYS: i64 = 30;
/// The longest export, in days: a year and a bit.
const EXPORT_MAX_DAYS: i64 = 400;

/// "2026-11-23" for a day number.
pub fn format_day(day: i64) -> String {
    crate::util::iso8601(day * DAY_MS)[..10].to_string()
}

/// The day number of "2026-11-23"; none for anything else (including 2026-02-30).
pub fn parse_day(text: &str) -> Option<i64> {
    crate::util::parse_date(text)
}

/// Money in and orders placed over a period.
#[derive(Serialize, Default, Clone, utoipa::ToSchema)]
pub struct Period {
    /// Paid less refunded.
    #[schema(value_type = i64)]
    revenue: Kobo,
    orders: i64,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct DayFigures {
    /// "2026-11-23", a Lagos day.
    day: String,
    /// Paid less refunded.
    #[schema(value_type = i64)]
    revenue: Kobo,
    orders: i64,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct Waiting {
    /// Pay-on-delivery orders to prepare.
    placed: i64,
    paid: i64,
    processing: i64,
    shipped: i64,
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BestSeller {
    /// None when the product has since been deleted.
    product_id: Option<String>,
    name: String,
    units: i64,
    /// At the prices paid (before order discounts).
    #[schema(value_type = i64)]
    revenue: Kobo,
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LowStockVariant {
    variant_id: String,
    product_id: String,
    name: String,
    size: Option<String>,
    color: Option<String>,
    stock: i64,
}

/// The admin home's figures.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Dashboard {
    today: Period,
    /// The last 7 days, today included.
    week: Period,
    /// The last 30 days, today included.
    month: Period,
    /// The last 30 days, oldest first.
    daily: Vec<DayFigures>,
    waiting: Waiting,
    /// The five products that sold the most units in the last 30 days.
    best_sellers: Vec<BestSeller>,
    /// Up to ten variants at or below the low-stock level, fewest first.
    low_stock: Vec<LowStockVariant>,
    /// Failed or mismatched payments.
    payments_to_review: i64,
    /// Oversold orders with something left to refund.
    oversold_to_refund: i64,
    /// Orders whose latest refund failed.
    failed_refunds: i64,
    /// Orders of the last 30 days paid with a code past its limits (`?codeOverLimit=true`).
    code_over_limit: i64,
    /// Pay-on-delivery orders whose money is still to collect.
    #[schema(value_type = i64)]
    to_collect: Kobo,
    to_collect_orders: i64,
    /// Orders made in the back office still owing money (unpaid, or part paid): the sum owed.
    #[schema(value_type = i64)]
    owed_by_link: Kobo,
    owed_by_link_orders: i64,
    /// Bag reminders sent in the last 30 days, and how many an order followed within 7 days.
    bag_reminders: crate::alerts::reminders::ReminderFigures,
    /// Mail that failed for good (the Failed mail screen).
    failed_mail: i64,
    /// Returns by reason and by product, and the store credit customers hold.
    returns: crate::returns::ReturnFigures,
    /// The last 30 days' revenue by where the orders came from.
    channels: Channels,
}

/// Revenue (paid less refunded) by channel: the website's checkout, orders taken in chats
/// (WhatsApp, Instagram, by hand in the shop), and the counter (issue 37).
#[derive(Serialize, Default, utoipa::ToSchema)]
pub struct Channels {
    #[schema(value_type = i64)]
    website: Kobo,
    #[schema(value_type = i64)]
    chats: Kobo,
    #[schema(value_type = i64)]
    counter: Kobo,
}

impl Channels {
    fn add(&mut self, source: &str, amount: Kobo) {
        match source {
            "website" => self.website += amount,
            "counter" => self.counter += amount,
            _ => self.chats += amount,
        }
    }
}

/// Revenue since `since` by channel, counted as the dashboard's days count it: a Paystack order
/// when placed, money by hand when collected, a pay link when paid, a refund when processed.
fn channels(conn: &Connection, since: i64) -> rusqlite::Result<Channels> {
    let mut channels = Channels::default();
    for (sql, sign) in [
        ("SELECT source, SUM(total_kobo) FROM orders WHERE payment_method = 'paystack' AND created_at >= ?1 GROUP BY source", 1),
        ("SELECT source, SUM(collected_kobo) FROM orders WHERE collected_at >= ?1 GROUP BY source", 1),
        (
            "SELECT o.source, SUM(l.amount_kobo) FROM pay_links l JOIN orders o ON o.id = l.order_id WHERE l.paid_at >= ?1 GROUP BY o.source",
            1,
        ),
        (
            "SELECT o.source, SUM(r.amount_kobo) FROM refunds r JOIN orders o ON o.id = r.order_id
             WHERE r.status = 'processed' AND r.processed_at >= ?1 GROUP BY o.source",
            -1,
        ),
    ] {
        let mut stmt = conn.prepare_cached(sql)?;
        for row in stmt.query_map([since], |r| Ok((r.get::<_, String>(0)?, r.get::<_, Kobo>(1)?)))? {
            let (source, amount) = row?;
            channels.add(&source, if sign < 0 { -amount } else { amount });
        }
    }
    Ok(channels)
}

fn figures(conn: &Connection, now: i64) -> rusqlite::Result<Dashboard> {
    let today = lagos_day(now);
    let first = today - (CHART_DAYS - 1);
    let since = day_start(first);
    let mut days: Vec<Period> = vec![Period::default(); CHART_DAYS as usize];
    let slot = |day: i64| usize::try_from(day - first).ok().filter(|i| *i < CHART_DAYS as usize);
    let mut stmt = conn.prepare_cached(
        "SELECT (created_at + ?2) / ?3 AS day, SUM(CASE WHEN payment_method = 'paystack' THEN total_kobo ELSE 0 END), COUNT(*)
         FROM orders WHERE created_at >= ?1 GROUP BY day",
    )?;
    for row in
        stmt.query_map(params![since, LAGOS_OFFSET_MS, DAY_MS], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, Kobo>(1)?, r.get::<_, i64>(2)?)))?
    {
        let (day, paid, orders) = row?;
        if let Some(i) = slot(day) {
            days[i].revenue += paid;
            days[i].orders += orders;
        }
    }
    // Money paid on delivery counts the day it was collected.
    let mut stmt = conn
        .prepare_cached("SELECT (collected_at + ?2) / ?3 AS day, SUM(collected_kobo) FROM orders WHERE collected_at >= ?1 GROUP BY day")?;
    for row in stmt.query_map(params![since, LAGOS_OFFSET_MS, DAY_MS], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, Kobo>(1)?)))? {
        let (day, collected) = row?;
        if let Some(i) = slot(day) {
            days[i].revenue += collected;
        }
    }
    // Pay links' money counts the day it was paid (a deposit one day, the balance another).
    let mut stmt =
        conn.prepare_cached("SELECT (paid_at + ?2) / ?3 AS day, SUM(amount_kobo) FROM pay_links WHERE paid_at >= ?1 GROUP BY day")?;
    for row in stmt.query_map(params![since, LAGOS_OFFSET_MS, DAY_MS], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, Kobo>(1)?)))? {
        let (day, paid) = row?;
        if let Some(i) = slot(day) {
            days[i].revenue += paid;
        }
    }
    let mut stmt = conn.prepare_cached(
        "SELECT (processed_at + ?2) / ?3 AS day, SUM(amount_kobo) FROM refunds WHERE status = 'processed' AND processed_at >= ?1 GROUP BY day",
    )?;
    for row in stmt.query_map(params![since, LAGOS_OFFSET_MS, DAY_MS], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, Kobo>(1)?)))? {
        let (day, refunded) = row?;
        if let Some(i) = slot(day) {
            days[i].revenue -= refunded;
        }
    }
    let sum = |n: usize| {
        days[days.len() - n..].iter().fold(Period::default(), |a, d| Period { revenue: a.revenue + d.revenue, orders: a.orders + d.orders })
    };
    let (today_figures, week, month) = (sum(1), sum(7), sum(CHART_DAYS as usize));
    let count = |status: OrderStatus| -> rusqlite::Result<i64> {
        conn.prepare_cached("SELECT COUNT(*) FROM orders WHERE status = ?1")?.query_row([status], |r| r.get(0))
    };
    let waiting = Waiting {
        placed: count(OrderStatus::Placed)?,
        paid: count(OrderStatus::Paid)?,
        processing: count(OrderStatus::Processing)?,
        shipped: count(OrderStatus::Shipped)?,
    };
    // Pay on delivery: what the riders still have to bring in.
    let (to_collect, to_collect_orders): (Kobo, i64) = conn.query_row(
        "SELECT COALESCE(SUM(total_kobo), 0), COUNT(*) FROM orders
         WHERE payment_method = 'pay_on_delivery' AND collected_at IS NULL AND status IN ('placed', 'processing', 'shipped', 'delivered')",
        [],
        |r| Ok((r.get(0)?, r.get(1)?)),
    )?;
    let (owed_by_link, owed_by_link_orders): (Kobo, i64) = conn.query_row(
        "SELECT COALESCE(SUM(o.total_kobo - COALESCE(o.collected_kobo, 0)
                             - (SELECT COALESCE(SUM(l.amount_kobo), 0) FROM pay_links l WHERE l.order_id = o.id AND l.paid_at IS NOT NULL)), 0),
                COUNT(*)
         FROM orders o WHERE o.payment_method = 'pay_link' AND o.collected_at IS NULL AND o.status NOT IN ('cancelled', 'refused')
           AND o.total_kobo > (SELECT COALESCE(SUM(l.amount_kobo), 0) FROM pay_links l WHERE l.order_id = o.id AND l.paid_at IS NOT NULL)",
        [],
        |r| Ok((r.get(0)?, r.get(1)?)),
    )?;
    // From the per-day totals the order-line triggers keep (migration 0007); a deleted product
    // keeps its name but loses its link.
    let best_sellers = conn
        .prepare_cached(
            "SELECT p.id, MAX(s.name), SUM(s.units) AS units, SUM(s.revenue_kobo) FROM product_sales s
             LEFT JOIN products p ON p.id = s.product_id
             WHERE s.day >= ?1 GROUP BY s.product_key HAVING units > 0 ORDER BY units DESC, 4 DESC LIMIT 5",
        )?
        .query_map([first], |r| Ok(BestSeller { product_id: r.get(0)?, name: r.get(1)?, units: r.get(2)?, revenue: r.get(3)? }))?
        .collect::<Result<Vec<_>, _>>()?;
    let low_stock = conn
        .prepare_cached(
            "SELECT v.id, v.product_id, p.name, NULLIF(v.size, ''), NULLIF(v.color, ''), v.stock FROM variants v
             JOIN products p ON p.id = v.product_id WHERE v.stock <= ?1 ORDER BY v.stock, p.name LIMIT 10",
        )?
        .query_map([crate::stock::low_stock_threshold()], |r| {
            Ok(LowStockVariant {
                variant_id: r.get(0)?,
                product_id: r.get(1)?,
                name: r.get(2)?,
                size: r.get(3)?,
                color: r.get(4)?,
                stock: r.get(5)?,
            })
        })?
        .collect::<Result<Vec<_>, _>>()?;
    let payments_to_review = conn.query_row("SELECT COUNT(*) FROM payments WHERE status IN ('failed', 'mismatch')", [], |r| r.get(0))?;
    let count_orders = |filter: &str| -> rusqlite::Result<i64> {
        conn.query_row(&format!("SELECT COUNT(*) FROM orders WHERE {filter}"), [], |r| r.get(0))
    };
    let oversold_to_refund = count_orders(crate::orders::OVERSOLD_TO_REFUND)?;
    let failed_refunds = count_orders(crate::orders::LATEST_REFUND_FAILED)?;
    let code_over_limit = count_orders(crate::orders::CODE_OVER_LIMIT)?;
    let daily = days
        .into_iter()
        .enumerate()
        .map(|(i, p)| DayFigures { day: format_day(first + i as i64), revenue: p.revenue, orders: p.orders })
        .collect();
    Ok(Dashboard {
        today: today_figures,
        week,
        month,
        daily,
        waiting,
        best_sellers,
        low_stock,
        payments_to_review,
        oversold_to_refund,
        failed_refunds,
        code_over_limit,
        to_collect,
        to_collect_orders,
        owed_by_link,
        owed_by_link_orders,
        bag_reminders: crate::alerts::reminders::figures(conn, since)?,
        failed_mail: conn.query_row("SELECT COUNT(*) FROM mail_outbox WHERE status = 'failed'", [], |r| r.get(0))?,
        returns: crate::returns::figures(conn)?,
        channels: channels(conn, since)?,
    })
}

/// The export's columns, one row per order line.
const HEADER: &[&str] = &[
    "order_number",
    "placed_at",
    "status",
    "customer_name",
    "customer_email",
    "delivery_state",
    "delivery_method",
    "product",
    "size",
    "colour",
    "quantity",
    "unit_price",
    "line_total",
    "order_subtotal",
    "delivery_fee",
    "discount_code",
    "discount",
    "order_total",
    "refunded",
    "payment_method",
    "collected_at",
    "source",
    "amount_paid",
    "balance",
    "currency",
    "charged",
];

/// Orders placed on Lagos days `from` to `to` (inclusive) as CSV, one row per line, amounts in
/// naira with two decimals; order figures repeat on each of the order's lines. An order paid
/// abroad counts at its naira worth, with its currency and the amount charged in it at the end.
pub fn export(conn: &Connection, from: i64, to: i64) -> rusqlite::Result<String> {
    let mut out = format!("{}\r\n", HEADER.join(","));
    let mut stmt = conn.prepare(
        "SELECT o.number, o.created_at, o.status, o.customer_name, o.customer_email, o.state, o.delivery_method,
                oi.name, COALESCE(oi.size, ''), COALESCE(oi.color, ''), oi.quantity, oi.price_kobo,
                COALESCE(o.subtotal_kobo, o.total_kobo), o.delivery_kobo, COALESCE(o.discount_code, ''), o.discount_kobo, o.total_kobo,
                (SELECT COALESCE(SUM(amount_kobo), 0) FROM refunds r WHERE r.order_id = o.id AND r.status = 'processed'),
                o.payment_method, o.collected_at, o.source,
                CASE o.payment_method WHEN 'paystack' THEN o.total_kobo ELSE 0 END + COALESCE(o.collected_kobo, 0)
                  + (SELECT COALESCE(SUM(l.amount_kobo), 0) FROM pay_links l WHERE l.order_id = o.id AND l.paid_at IS NOT NULL),
                o.status IN ('cancelled', 'refused'), o.currency, json_extract(o.charge, '$.total')
         FROM orders o JOIN order_items oi ON oi.order_id = o.id
         WHERE o.created_at >= ?1 AND o.created_at < ?2 ORDER BY o.created_at, o.id, oi.position",
    )?;
    let mut rows = stmt.query(params![day_start(from), day_start(to + 1)])?;
    while let Some(r) = rows.next()? {
        let text = |i: usize| -> rusqlite::Result<String> { Ok(quote(&r.get::<_, String>(i)?)) };
        let money = |i: usize| -> rusqlite::Result<String> { Ok(naira_decimal(r.get(i)?)) };
        let placed = crate::util::lagos_minute(r.get(1)?);
        let collected = r.get::<_, Option<i64>>(19)?.map(crate::util::lagos_minute).unwrap_or_default();
        let (quantity, unit): (i64, Kobo) = (r.get(10)?, r.get(11)?);
        let fields = [
            text(0)?,
            placed,
            text(2)?,
            text(3)?,
            text(4)?,
            text(5)?,
            text(6)?,
            text(7)?,
            text(8)?,
            text(9)?,
            quantity.to_string(),
            naira_decimal(unit),
            naira_decimal(unit * quantity),
            money(12)?,
            money(13)?,
            text(14)?,
            money(15)?,
            money(16)?,
            money(17)?,
            text(18)?,
            collected,
            text(20)?,
            money(21)?,
            {
                let (total, paid, closed): (Kobo, Kobo, bool) = (r.get(16)?, r.get(21)?, r.get(22)?);
                naira_decimal(if closed || paid >= total { Kobo::ZERO } else { total - paid })
            },
            // Paid abroad: the currency and what was charged in it (every other amount is naira).
            text(23)?,
            r.get::<_, Option<i64>>(24)?.map(|minor| naira_decimal(Kobo::new(minor))).unwrap_or_default(),
        ];
        out.push_str(&fields.join(","));
        out.push_str("\r\n");
    }
    Ok(out)
}

/// Checks an export's date range: both dates, in order, not too long. Returns day numbers.
pub fn export_range(from: Option<&str>, to: Option<&str>) -> Result<(i64, i64), String> {
    let day = |text: Option<&str>, what: &str| {
        let text = text.unwrap_or("").trim();
        if text.is_empty() {
            return Err(format!("Choose the {what} date."));
        }
        parse_day(text).ok_or_else(|| format!("The {what} date must be a date like 2026-11-23."))
    };
    let (from, to) = (day(from, "start")?, day(to, "end")?);
    if from > to {
        return Err("Choose a start date on or before the end date.".into());
    }
    if to - from >= EXPORT_MAX_DAYS {
        return Err(format!("Export at most {EXPORT_MAX_DAYS} days at a time."));
    }
    Ok((from, to))
}

/// A payment an admin should look at.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaymentReview {
    pub reference: String,
    pub user_id: String,
    pub customer_name: String,
    pub customer_email: String,
    #[schema(value_type = i64)]
    pub amount: Kobo,
    pub currency: String,
    pub status: crate::payments::PaymentStatus,
    pub failure_reason: Option<String>,
    pub created_at: i64,
    pub updated_at: i64,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct PaymentReviews {
    /// Most recently changed first, at most 200.
    pub payments: Vec<PaymentReview>,
}

/// The payments with one of `statuses` (the dashboard's "to review" are failed and mismatched),
/// most recently changed first, at most 200.
pub fn payments_to_review(c: &Connection, statuses: &[crate::payments::PaymentStatus]) -> crate::error::AppResult<PaymentReviews> {
    let statuses = serde_json::to_string(statuses).map_err(crate::error::AppError::internal)?;
    let mut stmt = c.prepare_cached(
        "SELECT reference, user_id, customer_name, customer_email, amount_kobo, currency, status, failure_reason, created_at, updated_at
         FROM payments WHERE status IN (SELECT value FROM json_each(?1)) ORDER BY updated_at DESC LIMIT 200",
    )?;
    let rows = stmt.query_map([statuses], |r| {
        Ok(PaymentReview {
            reference: r.get("reference")?,
            user_id: r.get("user_id")?,
            customer_name: r.get("customer_name")?,
            customer_email: r.get("customer_email")?,
            amount: r.get("amount_kobo")?,
            currency: r.get("currency")?,
            status: r.get("status")?,
            failure_reason: r.get("failure_reason")?,
            created_at: r.get("created_at")?,
            updated_at: r.get("updated_at")?,
        })
    })?;
    Ok(PaymentReviews { payments: rows.collect::<Result<Vec<_>, _>>()? })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lagos_days_start_at_midnight_lagos_time() {
        let day = parse_day("2026-11-23").unwrap();
        assert_eq!(format_day(day), "2026-11-23");
        // 2026-11-22T23:00Z is midnight in Lagos.
        assert_eq!(crate::util::iso8601(day_start(day)), "2026-11-22T23:00:00.000Z");
        assert_eq!(lagos_day(day_start(day)), day);
        assert_eq!(lagos_day(day_start(day) - 1), day - 1);
        assert_eq!(parse_day("2024-02-29").map(format_day).as_deref(), Some("2024-02-29"));
    }

    #[test]
    fn bad_dates_and_ranges_are_refused() {
        for bad in ["", "2026-02-30", "2026-13-01", "26-11-23", "2026-1-5", "yesterday", "2026-11-23T00:00"] {
            assert!(parse_day(bad).is_none(), "{bad:?}");
        }
        assert!(export_range(Some("2026-11-23"), Some("2026-11-01")).is_err());
        assert!(export_range(Some("2020-01-01"), Some("2026-01-01")).is_err());
        assert!(export_range(None, Some("2026-01-01")).is_err());
        assert_eq!(export_range(Some("2026-11-23"), Some("2026-11-23")).map(|(a, b)| b - a), Ok(0));
    }
}
