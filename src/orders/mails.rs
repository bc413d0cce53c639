//! The plain-text e-mails about orders: the confirmation to the customer, the notice to the shop,
//! and the customer's update when an order moves on.

use super::{Order, OrderStatus, PaymentMethod};
use crate::money::{Kobo, format_naira};

/// A line's size and colour as the shop writes them after its name: " (M, Indigo)", or nothing.
pub fn choice_detail(item: &super::OrderItem) -> String {
    let values: Vec<&str> = [item.size.as_deref(), item.color.as_deref()].into_iter().flatten().collect();
    if values.is_empty() { String::new() } else { format!(" ({})", values.join(", ")) }
}

fn summary(order: &Order) -> String {
    // An order paid abroad is told in the currency the customer paid in; its lines' naira prices
    // are only the shop's books.
    let charge = order.charged;
    let money = |kobo: Kobo, minor: Option<i64>| match (charge, minor) {
        (Some(c), Some(minor)) => crate::money::Money::new(c.currency, minor).to_string(),
        _ => format_naira(kobo),
    };
    let mut text = String::new();
    for item in &order.items {
        let detail = choice_detail(item);
        let sale = match item.compare_at_price.filter(|c| *c > item.price && charge.is_none()) {
            Some(before) => format!(
                " (on sale: {} each, was {}, {}% off)",
                format_naira(item.price),
                format_naira(before),
                percent_off(item.price, before)
            ),
            None => String::new(),
        };
        let line = money(item.price * item.quantity, item.price_abroad.map(|each| each * item.quantity));
        text.push_str(&format!("  {} × {}{} — {line}{sale}\n", item.quantity, item.name, detail));
    }
    let a = &order.delivery_address;
    let p = &order.price;
    text.push_str(&format!("\nSubtotal: {}\n", money(p.subtotal, charge.map(|c| c.subtotal))));
    match p.delivery_method {
        crate::delivery::Method::Pickup => text.push_str("Pick up in store: free\n"),
        crate::delivery::Method::Delivery => {
            let estimate = p.delivery_estimate.as_deref().map(|e| format!(" ({e})")).unwrap_or_default();
            text.push_str(&format!("Delivery{estimate}: {}\n", money(p.delivery_fee, charge.map(|c| c.delivery))));
        }
    }
    if p.discount > crate::money::Kobo::ZERO {
        let code = p.discount_code.as_deref().map(|c| format!(" ({c})")).unwrap_or_default();
        text.push_str(&format!("Discount{code}: −{}\n", money(p.discount, charge.map(|c| c.discount))));
    }
    text.push_str(&format!("Total: {}\n", money(order.total_amount, charge.map(|c| c.total))));
    text.push_str(&format!("Payment reference: {}\n", order.payment_reference));
    let postal = if a.postal_code.is_empty() { String::new() } else { format!(" {}", a.postal_code) };
    text.push_str(&format!(
        "\nDelivery to:\n  {}\n  {}\n  {}, {}{postal}\n  {}\n",
        order.customer_name, a.street, a.city, a.state, a.country
    ));
    if !a.landmark.is_empty() {
        text.push_str(&format!("  Landmark: {}\n", a.landmark));
    }
    if let Some(note) = &order.customer_note {
        text.push_str(&format!("Note: {note}\n"));
    }
    text
}

/// How the order is paid, in the customer's words and the shop's: what was received, and what is
/// still to pay (on delivery, at pickup, or by link). Money is said received only when it was.
fn payment_words(order: &Order) -> (String, String) {
    let total = format_naira(order.total_amount);
    let at = if order.price.delivery_method == crate::delivery::Method::Pickup { "when you pick it up" } else { "when it arrives" };
    match order.payment.payment_method {
        PaymentMethod::Paystack => {
            ("We have received your payment and will let you know when it ships.".into(), "A new paid order is waiting.".into())
        }
        PaymentMethod::PayOnDelivery => (
            format!("Nothing has been paid yet: you pay {total} {at}, in cash, by transfer or POS. We will let you know when it ships."),
            format!("A new order to be paid on delivery is waiting: {total} to collect, nothing paid yet."),
        ),
        PaymentMethod::PayLink | PaymentMethod::Counter => {
            let paid = format_naira(order.payment.paid);
            (
                format!("We have received {paid} of {total}; we will let you know when it ships."),
                format!("A new order is waiting: {paid} of {total} paid."),
            )
        }
    }
}

/// The whole percentage a sale takes off (rounded down, so it never says more than it gives).
pub fn percent_off(price: Kobo, before: Kobo) -> i64 {
    if before.get() <= 0 { 0 } else { (before - price).get() * 100 / before.get() }
}

/// Hours an order's confirmation allows (from the order to its expiry).
fn confirm_hours(order: &Order, expires_at: i64) -> i64 {
    ((expires_at - order.created_at) as f64 / 3_600_000.0).round() as i64
}

/// What a customer waiting to confirm her order is told, and the shop.
fn confirmation_words(order: &Order) -> Option<(String, String)> {
    use super::confirmation::ConfirmChannel;
    let c = order.confirmation.as_ref().filter(|c| c.is_waiting())?;
    let hours = confirm_hours(order, c.expires_at);
    let phone = &order.customer_phone;
    let (customer, shop) = match c.channel {
        ConfirmChannel::Phone => (
            format!("We will call you on {phone} to confirm your order before we prepare it."),
            format!("It waits for confirmation: call the customer on {phone} and press \"Confirmed by phone\" on the order."),
        ),
        ConfirmChannel::Email => (
            "Please confirm your order with the code we have sent you in a separate e-mail.".to_string(),
            "It waits for the customer to confirm it with the code e-mailed to them (or for your call).".to_string(),
        ),
    };
    Some((
        format!("{customer} Unconfirmed orders are cancelled after {hours} hours."),
        format!("{shop} Unconfirmed, it is cancelled after {hours} hours and its items go back on sale."),
    ))
}

/// (subject, body) for the customer, then for the shop.
pub fn new_order(shop: &str, public_url: &str, order: &Order) -> ((String, String), (String, String)) {
    let id = &order.number;
    let (paid, paid_notice) = payment_words(order);
    let (confirm, confirm_notice) =
        confirmation_words(order).map_or((String::new(), String::new()), |(c, s)| (format!("\n\n{c}"), format!("\n{s}\n")));
    let subject = if confirmation_words(order).is_some() { "placed: please confirm it" } else { "confirmed" };
    let customer = (
        format!("{shop}: order #{id} {subject}"),
        format!(
            "Hello {},\n\nThank you for your order. {paid}{confirm}\n\nOrder #{id}\n{}\nFollow your order: {public_url}/track?number={id}\n\n{shop}",
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
            "{paid_notice}\n{confirm_notice}{warning}\nOrder #{id}\nCustomer: {} <{}>, {}\n{}\nFulfil it: {public_url}/admin/orders/{}\n",
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
        OrderStatus::Cancelled if order.payment.paid_online > Kobo::ZERO => {
            "has been cancelled. What you paid will be refunded to you; reply to this e-mail with any question.".to_string()
        }
        OrderStatus::Cancelled if order.payment.paid > Kobo::ZERO => {
            "has been cancelled. We will return what you paid; reply to this e-mail with any question.".to_string()
        }
        OrderStatus::Cancelled => "has been cancelled. Nothing was paid for it; reply to this e-mail with any question.".to_string(),
        OrderStatus::Refused => "was refused at delivery and is closed. Reply to this e-mail if that was a mistake.".to_string(),
        OrderStatus::Paid | OrderStatus::Placed => return None,
    };
    Some((
        format!("{shop}: order #{id} {}", order.status),
        format!("Hello {},\n\nYour order #{id} {news}\n\nFollow your order: {public_url}/track?number={id}\n\n{shop}", order.customer_name),
    ))
}

/// (subject, body) for the customer whose order was cancelled because it was not confirmed in time.
pub fn unconfirmed_cancelled(shop: &str, public_url: &str, order: &Order) -> (String, String) {
    let id = &order.number;
    (
        format!("{shop}: order #{id} cancelled"),
        format!(
            "Hello {},\n\nYour order #{id} was not confirmed in time, so it has been cancelled and nothing is owed. \
             You are welcome to order again: {public_url}\n\n{shop}",
            order.customer_name
        ),
    )
}

/// (subject, body) with the code that confirms an order to be paid on delivery.
pub fn confirmation_code(shop: &str, public_url: &str, order: &Order, code: &str) -> (String, String) {
    let id = &order.number;
    let hours = order.confirmation.as_ref().map_or(24, |c| confirm_hours(order, c.expires_at));
    (
        format!("{shop}: confirm order #{id} with code {code}"),
        format!(
            "Hello {},\n\nYour code to confirm order #{id} is:\n\n    {code}\n\nEnter it where you placed the order, or confirm it here:\n\
             {public_url}/track?number={id}&code={code}\n\nWe prepare the order once it is confirmed; unconfirmed, it is cancelled after \
             {hours} hours. You pay {} when it arrives.\n\nIf you did not place this order, ignore this e-mail.\n\n{shop}",
            order.customer_name,
            format_naira(order.total_amount)
        ),
    )
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

/// (subject, body) of the one reminder of a pay link still unpaid.
pub fn pay_link_reminder(shop: &str, order: &Order, link: &str) -> (String, String) {
    let id = &order.number;
    (
        format!("{shop}: a reminder to pay for order #{id}"),
        format!(
            "Hello {},\n\nYour order #{id} is waiting for payment: {} to pay.\n\nPay securely here: {link}\n\nIf you have paid already, please ignore this message.\n\n{shop}",
            order.customer_name,
            format_naira(order.payment.balance)
        ),
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
