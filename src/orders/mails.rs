//! The plain-text e-mails about orders: the confirmation to the customer, the notice to the shop,
//! and the customer's update when an order moves on.

use super::{Order, OrderStatus};
use crate::money::{Kobo, format_naira};

fn summary(order: &Order) -> String {
    let mut text = String::new();
    for item in &order.items {
        let values: Vec<&str> = [item.size.as_deref(), item.color.as_deref()].into_iter().flatten().collect();
        let detail = if values.is_empty() { String::new() } else { format!(" ({})", values.join(", ")) };
        let sale = match item.compare_at_price.filter(|c| *c > item.price) {
            Some(before) => format!(
                " (on sale: {} each, was {}, {}% off)",
                format_naira(item.price),
                format_naira(before),
                percent_off(item.price, before)
            ),
            None => String::new(),
        };
        text.push_str(&format!("  {} × {}{} — {}{sale}\n", item.quantity, item.name, detail, format_naira(item.price * item.quantity)));
    }
    let a = &order.delivery_address;
    let p = &order.price;
    text.push_str(&format!("\nSubtotal: {}\n", format_naira(p.subtotal)));
    match p.delivery_method {
        crate::delivery::Method::Pickup => text.push_str("Pick up in store: free\n"),
        crate::delivery::Method::Delivery => {
            let estimate = p.delivery_estimate.as_deref().map(|e| format!(" ({e})")).unwrap_or_default();
            text.push_str(&format!("Delivery{estimate}: {}\n", format_naira(p.delivery_fee)));
        }
    }
    if p.discount > crate::money::Kobo::ZERO {
        let code = p.discount_code.as_deref().map(|c| format!(" ({c})")).unwrap_or_default();
        text.push_str(&format!("Discount{code}: −{}\n", format_naira(p.discount)));
    }
    text.push_str(&format!("Total: {}\n", format_naira(order.total_amount)));
    text.push_str(&format!("Payment reference: {}\n", order.payment_reference));
    text.push_str(&format!(
        "\nDelivery to:\n  {}\n  {}\n  {}, {} {}\n  {}\n",
        order.customer_name, a.street, a.city, a.state, a.postal_code, a.country
    ));
    text
}

/// The whole percentage a sale takes off (rounded down, so it never says more than it gives).
pub fn percent_off(price: Kobo, before: Kobo) -> i64 {
    if before.get() <= 0 { 0 } else { (before - price).get() * 100 / before.get() }
}

/// (subject, body) for the customer, then for the shop.
pub fn new_order(shop: &str, public_url: &str, order: &Order) -> ((String, String), (String, String)) {
    let id = &order.number;
    let customer = (
        format!("{shop}: order #{id} confirmed"),
        format!(
            "Hello {},\n\nThank you for your order. We have received your payment and will let you know when it ships.\n\nOrder #{id}\n{}\nFollow your order: {public_url}/track?number={id}\n\n{shop}",
            order.customer_name,
            summary(order)
        ),
    );
    let (flag, warning) = if order.oversold {
        ("OVERSOLD ", "\nOVERSOLD: this order was paid for after some of its items had sold out. Restock them or refund the customer.\n")
    } else {
        ("", "")
    };
    let notice = (
        format!("{flag}New order #{id}: {}", format_naira(order.total_amount)),
        format!(
            "A new paid order is waiting.\n{warning}\nOrder #{id}\nCustomer: {} <{}>, {}\n{}\nFulfil it: {public_url}/admin/orders/{}\n",
            order.customer_name,
            order.customer_email,
            order.customer_phone,
            summary(order),
            order.id
        ),
    );
    (customer, notice)
}

/// The customer's update when an order is processed, shipped, delivered or cancelled.
pub fn status_changed(shop: &str, public_url: &str, order: &Order) -> Option<(String, String)> {
    let id = &order.number;
    let news = match order.status {
        OrderStatus::Processing => "is being prepared".to_string(),
        OrderStatus::Shipped => match (order.shipped_by, order.tracking_number.as_deref()) {
            (Some(super::ShippedBy::Rider), None) => "is on its way with our own rider.".to_string(),
            (Some(super::ShippedBy::Rider), Some(t)) => format!("is on its way with our own rider ({t})."),
            (_, t) => format!("has shipped. Tracking number: {}", t.unwrap_or("-")),
        },
        OrderStatus::Delivered => "has been delivered. Enjoy!".to_string(),
        OrderStatus::Cancelled => {
            "has been cancelled. If you were charged, a refund will follow; reply to this e-mail with any question.".to_string()
        }
        OrderStatus::Refused => "was refused at delivery and is closed. Reply to this e-mail if that was a mistake.".to_string(),
        OrderStatus::Paid | OrderStatus::Placed => return None,
    };
    Some((
        format!("{shop}: order #{id} {}", order.status),
        format!("Hello {},\n\nYour order #{id} {news}\n\nFollow your order: {public_url}/track?number={id}\n\n{shop}", order.customer_name),
    ))
}

/// (subject, body) for the customer of an order taken in a chat: its pay link.
pub fn pay_link(shop: &str, order: &Order, link: &str) -> (String, String) {
    let id = &order.number;
    let asked = if order.payment.paid > crate::money::Kobo::ZERO { "the balance of your order" } else { "your order" };
    (
        format!("{shop}: pay for order #{id}"),
        format!("Hello {},\n\nHere is {asked} #{id}.\n\n{}\nPay securely here: {link}\n\n{shop}", order.customer_name, summary(order)),
    )
}

/// (subject, body) for the customer, then for the shop, when a pay link's money arrives.
pub fn link_paid(shop: &str, public_url: &str, order: &Order) -> ((String, String), (String, String)) {
    let id = &order.number;
    let (paid, balance) = (format_naira(order.payment.paid), format_naira(order.payment.balance));
    let standing = if order.payment.balance > crate::money::Kobo::ZERO {
        format!("We have received {paid}. The balance is {balance}.")
    } else {
        format!("We have received {paid}: your order is paid in full.")
    };
    let customer = (
        format!("{shop}: payment received for order #{id}"),
        format!(
            "Hello {},\n\n{standing}\n\nOrder #{id}\n{}\nFollow your order: {public_url}/track?number={id}\n\n{shop}",
            order.customer_name,
            summary(order)
        ),
    );
    let notice = (
        format!("Payment for order #{id}: {paid} paid, {balance} to pay"),
        format!(
            "{standing}\n\nOrder #{id}\nCustomer: {}, {}\nOpen it: {public_url}/admin/orders/{}\n",
            order.customer_name, order.customer_phone, order.id
        ),
    );
    (customer, notice)
}
