//! Customers, as the merchant sees them: everyone with an account, and everyone who bought without
//! one (a guest checkout, or an order taken in a chat) — those are told apart by the e-mail they
//! gave, or the phone number when they gave no e-mail. Each with their orders, what they spent
//! (money received less money refunded) and when they last ordered. The shop's own people are no
//! customers: staff accounts and the demo's reviewers (who cannot sign in) are left out.

pub mod routes;

use rusqlite::{Connection, params};
use serde::Serialize;

use crate::money::Kobo;
use crate::orders::Order;

/// A phone number's digits in SQL. Numbers are stored as E.164, and ones typed before that and
/// not readable as a number keep their separators, which this drops.
fn phone_digits_sql(column: &str) -> String {
    let mut expr = column.to_string();
    for ch in [" ", "-", "+", "(", ")", "."] {
        expr = format!("replace({expr}, '{ch}', '')");
    }
    expr
}

/// Accounts that are customers: not guests (their orders count by e-mail or phone), not staff,
/// and not the demo's reviewers (accounts that cannot sign in, whose `.invalid` e-mails no real
/// person can have).
const CUSTOMER_ACCOUNTS: &str = "u.guest = 0 AND u.role IS NULL AND u.email NOT LIKE '%@demo.invalid'";

/// The customer key of an order row `o` joined to its user `u`: `a.{account id}`, else
/// `e.{e-mail}`, else `p.{phone digits}`.
fn key_sql() -> String {
    format!(
        "CASE WHEN u.guest = 0 THEN 'a.' || u.id WHEN o.customer_email != '' THEN 'e.' || lower(o.customer_email) ELSE 'p.' || substr({}, -10) END",
        phone_digits_sql("o.customer_phone")
    )
}

/// The money an order `o` brought in, less what was refunded: the checkout's payment, or its pay
/// links', and what was taken by hand (the same sums as `orders::Payment`).
const SPENT_SQL: &str = "(CASE o.payment_method WHEN 'paystack' THEN o.total_kobo ELSE 0 END + COALESCE(o.collected_kobo, 0)
    + (SELECT COALESCE(SUM(l.amount_kobo), 0) FROM pay_links l WHERE l.order_id = o.id AND l.paid_at IS NOT NULL)
    - (SELECT COALESCE(SUM(r.amount_kobo), 0) FROM refunds r WHERE r.order_id = o.id AND r.status = 'processed'))";

#[derive(Serialize, Debug, Clone, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CustomerSummary {
    /// `a.{account id}`, `e.{e-mail}` or `p.{phone digits}`: the customer's page is /admin/customers/{key}.
    pub key: String,
    pub name: String,
    pub email: String,
    pub phone: String,
    pub has_account: bool,
    pub orders: i64,
    /// Money received less money refunded, in kobo.
    #[schema(value_type = i64)]
    pub spent: Kobo,
    pub last_order_at: Option<i64>,
    /// When the account was made (null without one).
    pub signed_up_at: Option<i64>,
}

fn everyone_sql() -> String {
    format!(
        "WITH bought AS (
            SELECT {key} AS key, o.customer_name, o.customer_email, o.customer_phone, o.created_at, {SPENT_SQL} AS spent
            FROM orders o JOIN users u ON u.id = o.user_id
         ),
         per AS (
            SELECT key, COUNT(*) AS orders, SUM(spent) AS spent, MAX(created_at) AS last_order,
                   customer_name AS name, customer_email AS email, customer_phone AS phone
            FROM bought GROUP BY key
         ),
         everyone AS (
            SELECT 'a.' || u.id AS key, u.display_name AS name, u.email AS email, COALESCE(u.phone, per.phone, '') AS phone,
                   1 AS account, COALESCE(per.orders, 0) AS orders, COALESCE(per.spent, 0) AS spent, per.last_order,
                   u.created_at AS since
            FROM users u LEFT JOIN per ON per.key = 'a.' || u.id WHERE {CUSTOMER_ACCOUNTS}
            UNION ALL
            SELECT key, name, email, phone, 0, orders, spent, last_order, NULL FROM per WHERE key NOT LIKE 'a.%'
         )",
        key = key_sql()
    )
}

fn customer_from_row(r: &rusqlite::Row) -> rusqlite::Result<CustomerSummary> {
    Ok(CustomerSummary {
        key: r.get("key")?,
        name: r.get("name")?,
        email: r.get("email")?,
        phone: r.get("phone")?,
        has_account: r.get("account")?,
        orders: r.get("orders")?,
        spent: r.get("spent")?,
        last_order_at: r.get("last_order")?,
        signed_up_at: r.get("since")?,
    })
}

/// Customers matching `q` (part of a name or e-mail, or of a phone number however it is written:
/// "0803 123 4567", "08031234567" and "+2348031234567" find one customer), most recent buyers
/// first; `limit` from `offset`. With the number that match.
pub fn search(conn: &Connection, q: &str, limit: i64, offset: i64) -> rusqlite::Result<(Vec<CustomerSummary>, i64)> {
    let q = q.trim();
    let like = crate::util::like_pattern(q);
    let digits = crate::phone::search_digits(q).map(|d| format!("%{d}%")).unwrap_or_default();
    let filter = format!(
        "WHERE (?1 = '' OR name LIKE ?2 ESCAPE '\\' OR email LIKE ?2 ESCAPE '\\' OR (?3 != '' AND {} LIKE ?3))",
        phone_digits_sql("phone")
    );
    let sql = format!(
        "{} SELECT *, COUNT(*) OVER () AS matching FROM everyone {filter}
         ORDER BY COALESCE(last_order, since) DESC, key LIMIT ?4 OFFSET ?5",
        everyone_sql()
    );
    let mut total = 0;
    let customers = conn
        .prepare_cached(&sql)?
        .query_map(params![q, like, digits, limit, offset], |r| Ok((customer_from_row(r)?, r.get::<_, i64>("matching")?)))?
        .map(|row| {
            row.map(|(c, n)| {
                total = n;
                c
            })
        })
        .collect::<rusqlite::Result<Vec<_>>>()?;
    if customers.is_empty() && offset > 0 {
        total =
            conn.query_row(&format!("{} SELECT COUNT(*) FROM everyone {filter}", everyone_sql()), params![q, like, digits], |r| r.get(0))?;
    }
    Ok((customers, total))
}

/// One customer and their orders, newest first.
pub fn one(conn: &Connection, key: &str) -> rusqlite::Result<Option<(CustomerSummary, Vec<Order>)>> {
    let sql = format!("{} SELECT * FROM everyone WHERE key = ?1", everyone_sql());
    let Some(customer) = conn.prepare_cached(&sql)?.query_map([key], customer_from_row)?.next().transpose()? else { return Ok(None) };
    let filter = format!(
        "WHERE id IN (SELECT o.id FROM orders o JOIN users u ON u.id = o.user_id WHERE {} = ?1) ORDER BY created_at DESC, id DESC",
        key_sql()
    );
    let orders = crate::orders::query_orders(conn, &filter, &[&key])?;
    Ok(Some((customer, orders)))
}

/// Who the shop knows by a phone number (E.164), for the counter to greet a returning customer:
/// the name on her latest order that named her (an account's name when none did), and how many
/// orders carry the number. Nothing more: a cashier attaching a customer sees no list, e-mail or
/// money.
pub fn known_by_phone(conn: &Connection, phone: &str) -> rusqlite::Result<(Option<String>, i64)> {
    conn.prepare_cached(
        "SELECT COALESCE(
                    (SELECT customer_name FROM orders WHERE customer_phone = ?1 AND customer_name NOT IN ('', 'Walk-in customer')
                     ORDER BY created_at DESC LIMIT 1),
                    (SELECT display_name FROM users WHERE phone = ?1 AND guest = 0 AND role IS NULL AND display_name != '' LIMIT 1)),
                (SELECT COUNT(*) FROM orders WHERE customer_phone = ?1)",
    )?
    .query_row([phone], |r| Ok((r.get(0)?, r.get(1)?)))
}

/// A phone number for a spreadsheet cell. A Nigerian number is written as Nigerians write it,
/// "0803 123 4567": its spaces keep every spreadsheet from reading it as a number (which would drop
/// the 0), and with no leading `+` nothing takes it for a formula, so it needs no `'` in front.
/// Another country's number starts with `+`, which spreadsheets run as a formula; it keeps the
/// `'` guard of every exported cell (`csv::quote`), as does anything that is not a number.
fn phone_cell(phone: &str) -> String {
    crate::phone::national(phone).unwrap_or_else(|| crate::csv::quote(phone))
}

/// Every customer as CSV, most recent buyers first; times are Lagos times to the minute.
pub fn export(conn: &Connection) -> rusqlite::Result<String> {
    use crate::csv::quote;
    let mut out = String::from("name,email,phone,has_account,orders,spent,last_order_at\r\n");
    let (customers, _) = search(conn, "", i64::MAX, 0)?;
    for c in customers {
        let last = c.last_order_at.map(crate::util::lagos_minute).unwrap_or_default();
        out.push_str(&format!(
            "{},{},{},{},{},{},{}\r\n",
            quote(&c.name),
            quote(&c.email),
            phone_cell(&c.phone),
            if c.has_account { "yes" } else { "no" },
            c.orders,
            crate::money::naira_decimal(c.spent),
            last
        ));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    #[test]
    fn phones_in_the_spreadsheet_stay_text_without_a_visible_quote_where_that_is_safe() {
        assert_eq!(super::phone_cell("+2348031234567"), "0803 123 4567");
        assert_eq!(super::phone_cell("+442079460958"), "'+442079460958", "a leading + is a formula: guarded");
        assert_eq!(super::phone_cell("=HYPERLINK(1)"), "'=HYPERLINK(1)");
        assert_eq!(super::phone_cell(""), "");
    }
}
