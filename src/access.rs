//! Who on the staff may call what: one table of rules, one per staff endpoint, that the guard
//! (`http::access_guard`) reads on every request before the handler (or its body) is touched.
//! The rules know nothing of the request's state, so `http` uses them and not the other way. The README's table is this
//! one printed, and a test calls every endpoint of the API document as each role, so an endpoint
//! without a rule — or a rule the server does not keep — fails it.
//!
//! Customers and visitors are not judged here: a staff endpoint's own extractor refuses them with
//! the spec's words. An admin endpoint without a rule is open to owners only (see `AdminUser`).

use crate::auth::Role::{self, Cashier, Manager, Owner, Packer, Rider};
use crate::error::AppError;

/// One staff endpoint: its method and path as the API document writes them, the roles that may
/// call it, and what a role may do there when it is less than the whole endpoint.
pub struct Rule {
    pub method: &'static str,
    pub path: &'static str,
    pub roles: &'static [Role],
    pub note: &'static str,
}

/// Everyone working in the shop; riders, out on the road, have only their own round (`RIDING`).
const EVERYONE: &[Role] = &[Owner, Manager, Packer];
const RUNNING: &[Role] = &[Owner, Manager];
const OWNER: &[Role] = &[Owner];
/// A rider's own round: nothing else of the shop is his.
const RIDING: &[Role] = &[Owner, Rider];
/// The counter in the physical shop: cashiers, and whoever runs the shop.
const COUNTER: &[Role] = &[Owner, Manager, Cashier];
/// Stock levels: whoever packs or sells at the counter looks; only managers change them.
const STOCK_SIGHT: &[Role] = &[Owner, Manager, Packer, Cashier];

const fn rule(method: &'static str, path: &'static str, roles: &'static [Role]) -> Rule {
    Rule { method, path, roles, note: "" }
}

pub const RULES: &[Rule] = &[
    // Orders: packers see and ship them; money and customers' data stay with managers.
    rule("GET", "/api/admin/orders", EVERYONE),
    rule("POST", "/api/admin/orders", RUNNING),
    rule("GET", "/api/admin/orders.csv", RUNNING),
    rule("GET", "/api/admin/orders/{id}", EVERYONE),
    Rule {
        method: "PATCH",
        path: "/api/admin/orders/{id}",
        roles: EVERYONE,
        note: "packers: processing, shipped (with tracking) and delivered only; no cancelling or refunds",
    },
    rule("PUT", "/api/admin/orders/{id}/note", EVERYONE),
    rule("GET", "/api/admin/pick-list", EVERYONE),
    rule("POST", "/api/admin/orders/{id}/collect", RUNNING),
    rule("POST", "/api/admin/orders/{id}/refuse", RUNNING),
    rule("POST", "/api/admin/orders/{id}/confirm", RUNNING),
    rule("POST", "/api/admin/orders/{id}/refunds", RUNNING),
    rule("POST", "/api/admin/orders/{id}/credit-returns", RUNNING),
    rule("POST", "/api/admin/orders/{id}/pay-links", RUNNING),
    rule("DELETE", "/api/admin/orders/{id}/pay-links", RUNNING),
    // Riders (issue 36): whoever ships orders gives them to a rider; cash is money.
    rule("GET", "/api/admin/riders", EVERYONE),
    rule("GET", "/api/admin/orders/{id}/delivery", EVERYONE),
    rule("PUT", "/api/admin/orders/{id}/rider", EVERYONE),
    rule("POST", "/api/admin/orders/{id}/delivery-code", EVERYONE),
    rule("POST", "/api/admin/riders/{id}/settle", RUNNING),
    // Couriers (issue 36 §2): whoever ships orders books them; the fee is money.
    Rule { method: "GET", path: "/api/admin/orders/{id}/shipment", roles: EVERYONE, note: "packers: without the courier's fee" },
    rule("POST", "/api/admin/orders/{id}/shipment", EVERYONE),
    rule("POST", "/api/admin/orders/{id}/shipment/cancel", EVERYONE),
    rule("GET", "/api/admin/orders/{id}/label", EVERYONE),
    rule("POST", "/api/admin/shipments", EVERYONE),
    rule("POST", "/api/admin/riders/{id}/orders", EVERYONE),
    // A delivery without the customer's code is confirmed by those who answer for the money.
    rule("POST", "/api/admin/orders/{id}/delivery/review", RUNNING),
    rule("GET", "/api/rider/deliveries", RIDING),
    rule("POST", "/api/rider/deliveries/{id}/leave", RIDING),
    rule("POST", "/api/rider/deliveries/{id}/deliver", RIDING),
    rule("POST", "/api/rider/deliveries/{id}/photo", RIDING),
    // Returns (issue 35): owners and managers decide; packers open the parcels that come back.
    Rule { method: "GET", path: "/api/admin/returns", roles: EVERYONE, note: "packers: without the money" },
    rule("POST", "/api/admin/returns/{id}/approve", RUNNING),
    rule("POST", "/api/admin/returns/{id}/refuse", RUNNING),
    rule("POST", "/api/admin/returns/{id}/close", RUNNING),
    Rule { method: "POST", path: "/api/admin/returns/{id}/receive", roles: EVERYONE, note: "packers: the answer without the money" },
    rule("POST", "/api/admin/returns/{id}/refund", RUNNING),
    rule("GET", "/api/admin/products/{id}/returns", RUNNING),
    rule("PUT", "/api/admin/products/{id}/returns", RUNNING),
    // The counter (issue 37): cashiers sell and count their own drawer (their own sales only, the
    // handlers decide); an offline sale of units the website sold meanwhile is the shop's to settle.
    rule("GET", "/api/counter/catalogue", COUNTER),
    rule("POST", "/api/counter/quote", COUNTER),
    rule("POST", "/api/counter/sales", COUNTER),
    Rule { method: "GET", path: "/api/counter/sales", roles: COUNTER, note: "cashiers: their own sales" },
    Rule { method: "GET", path: "/api/counter/sales/{id}", roles: COUNTER, note: "cashiers: their own sales" },
    rule("POST", "/api/counter/sales/{id}/receipt", COUNTER),
    // Any till finds a counter sale by the number on the receipt the customer brings back, and
    // looks up a customer's name by her phone (nothing else of her).
    Rule {
        method: "GET",
        path: "/api/counter/receipts/{number}",
        roles: COUNTER,
        note: "cashiers: any counter sale, by its receipt number",
    },
    Rule { method: "GET", path: "/api/counter/customers", roles: COUNTER, note: "cashiers: a name and order count, by phone" },
    // Store credit at the counter: a code mailed to the customer's e-mail proves it is hers.
    rule("POST", "/api/counter/credit/code", COUNTER),
    rule("POST", "/api/counter/credit/verify", COUNTER),
    // Any cashier takes back a counter sale's units for cash (whoever is at the till); refunds of
    // other orders, and of a sale's pay-link part, stay with whoever runs the shop.
    rule("POST", "/api/counter/sales/{id}/returns", COUNTER),
    Rule { method: "GET", path: "/api/counter/day", roles: COUNTER, note: "cashiers: their own drawer" },
    Rule { method: "POST", path: "/api/counter/cash-ups", roles: COUNTER, note: "cashiers: their own drawer" },
    rule("GET", "/api/admin/counter/oversold", RUNNING),
    rule("POST", "/api/admin/counter/oversold/{id}/resolve", RUNNING),
    rule("GET", "/api/admin/payments", RUNNING),
    rule("GET", "/api/admin/customers", RUNNING),
    rule("GET", "/api/admin/customers.csv", RUNNING),
    rule("GET", "/api/admin/customers/{key}", RUNNING),
    rule("GET", "/api/admin/dashboard", RUNNING),
    // Stock: packers may look (to pick), not change.
    rule("GET", "/api/admin/stock", STOCK_SIGHT),
    rule("GET", "/api/admin/stock.csv", RUNNING),
    rule("POST", "/api/admin/stock.csv", RUNNING),
    rule("PATCH", "/api/admin/variants/{id}", RUNNING),
    // The catalogue and the shop's pages.
    rule("POST", "/api/collections", RUNNING),
    rule("PUT", "/api/collections/{id}", RUNNING),
    rule("POST", "/api/collections/{id}/products", RUNNING),
    rule("PUT", "/api/collections/{id}/size-guide", RUNNING),
    rule("PUT", "/api/collections/{id}/hidden", RUNNING),
    rule("DELETE", "/api/collections/{id}", RUNNING),
    rule("PUT", "/api/admin/collections/order", RUNNING),
    rule("GET", "/api/admin/pages", RUNNING),
    rule("POST", "/api/admin/pages", RUNNING),
    rule("PUT", "/api/admin/pages/{slug}", RUNNING),
    rule("DELETE", "/api/admin/pages/{slug}", RUNNING),
    rule("POST", "/api/admin/pages/preview", RUNNING),
    rule("PATCH", "/api/products/{id}", RUNNING),
    rule("GET", "/api/admin/products/{id}/fixed-prices", RUNNING),
    rule("DELETE", "/api/products/{id}", RUNNING),
    rule("PUT", "/api/products/{id}/color-images", RUNNING),
    rule("PUT", "/api/products/{id}/featured", RUNNING),
    rule("PUT", "/api/products/{id}/images", RUNNING),
    rule("POST", "/api/products/{id}/duplicate", RUNNING),
    rule("GET", "/api/admin/products", RUNNING),
    rule("POST", "/api/admin/products/bulk", RUNNING),
    rule("GET", "/api/admin/products.csv", RUNNING),
    rule("POST", "/api/admin/products/import", RUNNING),
    rule("GET", "/api/admin/products/import/{job}", RUNNING),
    rule("POST", "/api/releases", RUNNING),
    rule("PUT", "/api/about", RUNNING),
    // The catalogue feeds for Meta and Google: their addresses, secret and who the items are for.
    rule("GET", "/api/admin/feeds", RUNNING),
    rule("POST", "/api/admin/feeds/rotate", RUNNING),
    rule("PUT", "/api/admin/feeds/settings", RUNNING),
    // The shop's identity (name, logo, colours, contacts): its draft, preview and publish.
    rule("GET", "/api/admin/brand", RUNNING),
    rule("PUT", "/api/admin/brand", RUNNING),
    rule("DELETE", "/api/admin/brand", RUNNING),
    rule("PUT", "/api/admin/brand/logo", RUNNING),
    rule("DELETE", "/api/admin/brand/logo", RUNNING),
    rule("POST", "/api/admin/brand/publish", RUNNING),
    rule("POST", "/api/admin/brand/revert", RUNNING),
    rule("GET", "/api/admin/home", RUNNING),
    rule("PUT", "/api/admin/home", RUNNING),
    rule("PUT", "/api/admin/home/picture", RUNNING),
    rule("PUT", "/api/admin/delivery", RUNNING),
    rule("GET", "/api/admin/discounts", RUNNING),
    rule("POST", "/api/admin/discounts", RUNNING),
    rule("PATCH", "/api/admin/discounts/{code}", RUNNING),
    // Gift cards (issue 35 §3): money, so whoever runs the shop.
    rule("GET", "/api/admin/gift-cards", RUNNING),
    rule("POST", "/api/admin/gift-cards", RUNNING),
    rule("PATCH", "/api/admin/gift-cards/{id}", RUNNING),
    rule("GET", "/api/admin/reviews", RUNNING),
    rule("PATCH", "/api/admin/reviews/{id}", RUNNING),
    rule("GET", "/api/admin/contact-messages", RUNNING),
    rule("GET", "/api/admin/search/synonyms", RUNNING),
    rule("PUT", "/api/admin/search/synonyms", RUNNING),
    // Mail the worker gave up on: seen and sent again by whoever runs the shop.
    rule("GET", "/api/admin/mail/failed", RUNNING),
    rule("POST", "/api/admin/mail/failed/retry", RUNNING),
    rule("POST", "/api/admin/mail/failed/{id}/retry", RUNNING),
    // SMS and WhatsApp: the channels and words are the shop's running; an order's messages are
    // seen by whoever sees the order.
    rule("GET", "/api/admin/messages", RUNNING),
    rule("PUT", "/api/admin/messages", RUNNING),
    rule("POST", "/api/admin/messages/preview", RUNNING),
    rule("GET", "/api/admin/orders/{id}/messages", EVERYONE),
    // The owner's: staff, settings and the activity log.
    rule("POST", "/api/admin/grant", OWNER),
    rule("GET", "/api/admin/staff", OWNER),
    rule("PATCH", "/api/admin/staff", OWNER),
    rule("DELETE", "/api/admin/staff/invites/{id}", OWNER),
    rule("GET", "/api/admin/activity", OWNER),
    rule("GET", "/api/admin/settings", OWNER),
    rule("PATCH", "/api/admin/settings", OWNER),
    // Keys and addresses: Paystack's secret key, the mail server's password.
    rule("GET", "/api/admin/keys", OWNER),
    rule("PUT", "/api/admin/keys/paystack", OWNER),
    rule("PUT", "/api/admin/keys/addresses", OWNER),
    rule("POST", "/api/admin/keys/test-mail", OWNER),
    rule("PUT", "/api/admin/keys/messaging", OWNER),
    rule("PUT", "/api/admin/keys/courier", OWNER),
];

/// The rule for a request, matching `{…}` in a rule's path to one segment of the request's. Every
/// request asks (the guard runs before routing), so it compares in place and allocates nothing.
pub fn rule_for(method: &str, path: &str) -> Option<&'static Rule> {
    let path = path.trim_end_matches('/');
    RULES.iter().find(|rule| rule.method == method && same_shape(rule.path, path))
}

/// Whether `path` matches `pattern`, a `{…}` segment of the pattern matching any non-empty segment
/// of the path. Compared byte by byte, so most rules are ruled out within the first few bytes.
fn same_shape(pattern: &str, path: &str) -> bool {
    let (pattern, path) = (pattern.as_bytes(), path.as_bytes());
    let (mut p, mut w) = (0, 0);
    while p < pattern.len() {
        if pattern[p] == b'{' {
            let Some(close) = pattern[p..].iter().position(|&b| b == b'}') else { return false };
            let segment = path[w..].iter().position(|&b| b == b'/').unwrap_or(path.len() - w);
            if segment == 0 {
                return false;
            }
            p += close + 1;
            w += segment;
        } else if w < path.len() && pattern[p] == path[w] {
            p += 1;
            w += 1;
        } else {
            return false;
        }
    }
    w == path.len()
}

/// Whether `role` may call the endpoint `method path` (as the API document writes it). An endpoint
/// without a rule is the owner's alone.
pub fn may(role: Role, method: &str, path: &str) -> bool {
    match RULES.iter().find(|rule| rule.method == method && rule.path == path) {
        Some(rule) => rule.roles.contains(&role),
        None => role == Owner,
    }
}

/// What `role` may see of an order, where an answer is shared by roles that may see different
/// things (the orders list, one order, the pick list). Read off the rules of the endpoints about
/// the same things, so this table stays the one place that says who may do what: money (prices,
/// totals, payments, refunds, pay links — and cancelling, which decides about money) is for
/// whoever may refund; the customer's e-mail and account for whoever may open the customers.
pub fn sight(role: Role) -> crate::orders::StaffSight {
    crate::orders::StaffSight {
        money: may(role, "POST", "/api/admin/orders/{id}/refunds"),
        customers: may(role, "GET", "/api/admin/customers"),
    }
}

/// The endpoints `role` may call, as "METHOD path": the session tells the front end, whose
/// screens offer only these.
pub fn allowed(role: Role) -> Vec<String> {
    RULES.iter().filter(|rule| rule.roles.contains(&role)).map(|rule| format!("{} {}", rule.method, rule.path)).collect()
}

/// Set on a request whose staff member the guard let through.
#[derive(Clone)]
pub struct Checked(pub crate::auth::CurrentUser);

pub fn refusal(role: Role) -> AppError {
    AppError::Forbidden(format!("Your role ({role}) does not allow this."))
}

/// The rules as the README's table.
pub fn markdown_table() -> String {
    let mut out = String::from("| Endpoint | Owner | Manager | Packer | Rider | Cashier |\n|---|---|---|---|---|---|\n");
    for rule in RULES {
        let mark = |role: Role| if rule.roles.contains(&role) { "yes" } else { "—" };
        // A rule's note says what its lesser role may do there: packers', or cashiers' at the counter.
        let noted = |role: Role| {
            let lesser = if rule.path.starts_with("/api/counter/") { Cashier } else { Packer };
            if rule.note.is_empty() || role != lesser { mark(role).to_string() } else { format!("{} ({})", mark(role), rule.note) }
        };
        out.push_str(&format!(
            "| `{} {}` | {} | {} | {} | {} | {} |\n",
            rule.method,
            rule.path,
            mark(Owner),
            mark(Manager),
            noted(Packer),
            mark(Rider),
            noted(Cashier)
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_match_segment_by_segment() {
        assert_eq!(rule_for("GET", "/api/admin/orders/abc").map(|r| r.path), Some("/api/admin/orders/{id}"));
        assert_eq!(rule_for("GET", "/api/admin/orders.csv").map(|r| r.path), Some("/api/admin/orders.csv"));
        assert_eq!(rule_for("GET", "/api/admin/orders").map(|r| r.path), Some("/api/admin/orders"));
        assert!(rule_for("GET", "/api/admin/orders/abc/extra").is_none());
        assert!(rule_for("GET", "/api/products/abc").is_none(), "the public product page has no rule");
        assert!(rule_for("PATCH", "/api/products/abc").is_some());
        assert!(rule_for("GET", "/api/admin/orders//").is_none_or(|r| r.path == "/api/admin/orders"));
        assert!(rule_for("GET", "/api/admin/orders/").is_some_and(|r| r.path == "/api/admin/orders"));
        assert!(rule_for("POST", "/api/admin/orders//refunds").is_none(), "an empty segment is no id");
        assert!(rule_for("POST", "/api/admin/orders/abc/refundsx").is_none());
        assert!(rule_for("POST", "/api/admin/orders/abc/refund").is_none());
        assert_eq!(rule_for("POST", "/api/admin/orders/abc/refunds").map(|r| r.path), Some("/api/admin/orders/{id}/refunds"));
        assert!(rule_for("GET", "/api/admin/ordersx").is_none());
    }

    #[test]
    fn what_each_role_sees_of_an_order_follows_its_rules() {
        use crate::orders::StaffSight;
        assert_eq!(sight(Owner), StaffSight { money: true, customers: true });
        assert_eq!(sight(Manager), StaffSight { money: true, customers: true });
        assert_eq!(sight(Packer), StaffSight { money: false, customers: false }, "packers pack and ship");
        assert!(allowed(Packer).contains(&"GET /api/admin/stock".to_string()));
        assert!(!allowed(Packer).contains(&"GET /api/admin/stock.csv".to_string()));
        assert!(!may(Manager, "GET", "/api/admin/no-rule"), "an endpoint without a rule is the owner's");
    }

    #[test]
    fn every_rule_is_written_once() {
        let mut seen = std::collections::HashSet::new();
        for rule in RULES {
            assert!(seen.insert((rule.method, rule.path)), "{} {} has two rules", rule.method, rule.path);
            assert!(rule.roles.contains(&Owner), "owners may do everything: {} {}", rule.method, rule.path);
        }
    }
}
