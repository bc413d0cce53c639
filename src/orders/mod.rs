//! Orders: a customer's own list (with the "new" badge), and fulfilment for admins — the list
//! with a status filter, one order, status changes with a tracking number, and the payments that
//! need a human (failed or mismatched).

pub mod confirmation;
mod fulfilment;
pub mod links;
pub mod mails;
pub mod payment_status;
mod refunds;
pub mod routes;
pub mod views;

pub use fulfilment::*;

use rusqlite::{Connection, OptionalExtension};
use serde::{Deserialize, Serialize};

use crate::error::{AppError, AppResult};
use crate::ids::{OrderId, PaymentReference, ProductId, UserId, VariantId};
use crate::money::Kobo;
pub use refunds::{OrderRefunds, Refund, RefundStatus};
pub use views::{AdminOrderPage, ListFilter, ListedOrder, StaffOrder, StaffSight, list_page, staff_order};

/// Where an order goes, as the shopper typed it at checkout.
#[derive(Serialize, Deserialize, Clone, Debug, Default, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Address {
    #[serde(default)]
    #[schema(required = true)]
    pub street: String,
    #[serde(default)]
    #[schema(required = true)]
    pub city: String,
    #[serde(default)]
    #[schema(required = true)]
    pub state: String,
    #[serde(default)]
    #[schema(required = true)]
    pub country: String,
    /// Required or optional as the merchant's `postalCode` setting says (most Nigerian addresses
    /// have none in use); empty when not given.
    #[serde(default)]
    #[schema(required = true)]
    pub postal_code: String,
    /// How a rider finds the place: "Opposite Shoprite", "the blue gate after the mosque".
    /// Optional; empty when not given.
    #[serde(default)]
    #[schema(required = true, max_length = 200)]
    pub landmark: String,
}

crate::text_enum! {
    /// Where an order is: paid, then processing, shipped (with a tracking number) and delivered,
    /// or cancelled before it ships.
    pub enum OrderStatus {
        Placed => "placed",
        Paid => "paid",
        Processing => "processing",
        Shipped => "shipped",
        Delivered => "delivered",
        Cancelled => "cancelled",
        Refused => "refused",
    }
}

impl OrderStatus {
    /// Where an order may go next through fulfilment. Delivered, cancelled and refused are final;
    /// a pay-on-delivery order is refused at the door through its own action, not here.
    pub fn next(self) -> &'static [OrderStatus] {
        use OrderStatus::*;
        match self {
            Placed | Paid => &[Processing, Cancelled],
            Processing => &[Shipped, Cancelled],
            Shipped => &[Delivered],
            Delivered | Cancelled | Refused => &[],
        }
    }

    /// Still on its way to the customer (not delivered, cancelled or refused).
    pub fn is_open(self) -> bool {
        !matches!(self, OrderStatus::Delivered | OrderStatus::Cancelled | OrderStatus::Refused)
    }
}

crate::text_enum! {
    /// How an order is paid: through Paystack before it ships, on delivery (cash, transfer or
    /// POS at the door, or at pickup), or by the pay links the merchant sends for an order taken
    /// in a chat (all at once, or a deposit and then the balance).
    #[derive(Default)]
    pub enum PaymentMethod {
        #[default]
        Paystack => "paystack",
        PayOnDelivery => "pay_on_delivery",
        PayLink => "pay_link",
        /// Paid at the counter of the physical shop: cash, a transfer the cashier saw arrive, and a
        /// pay link the customer scanned (issue 37).
        Counter => "counter",
    }
}

crate::text_enum! {
    /// Where an order came from: the shop's own checkout, or a chat or the shop floor.
    #[derive(Default)]
    pub enum Source {
        #[default]
        Website => "website",
        Whatsapp => "whatsapp",
        Instagram => "instagram",
        InStore => "in_store",
        /// A sale at the counter of the physical shop (issue 37).
        Counter => "counter",
    }
}

crate::text_enum! {
    /// Who took a shipped order to the customer: a courier (with its tracking number) or the
    /// shop's own rider (a tracking number is optional).
    pub enum ShippedBy {
        Courier => "courier",
        Rider => "rider",
    }
}

crate::text_enum! {
    /// How money collected on delivery came.
    pub enum CollectedBy {
        Cash => "cash",
        Transfer => "transfer",
        Pos => "pos",
    }
}

/// How an order is paid, and for pay on delivery, what was collected.
#[derive(Serialize, Debug, Clone, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Payment {
    pub payment_method: PaymentMethod,
    /// The Paystack channel that paid (card, bank_transfer, ussd…).
    pub payment_channel: Option<String>,
    /// What is still to collect on delivery, at any status until it is collected (0 then, and
    /// for cancelled, refused and Paystack orders).
    #[schema(value_type = i64)]
    pub to_collect: Kobo,
    pub collected_at: Option<i64>,
    #[schema(value_type = Option<i64>)]
    pub collected_amount: Option<Kobo>,
    pub collected_by: Option<CollectedBy>,
    /// Money received so far: through Paystack (the checkout or pay links) and by hand.
    #[schema(value_type = i64)]
    pub paid: Kobo,
    /// Of `paid`, what came through Paystack (and can go back through it as a refund).
    #[schema(value_type = i64)]
    pub paid_online: Kobo,
    /// What is still to pay (0 for cancelled and refused orders). A pay-link order with a balance
    /// is "Part paid".
    #[schema(value_type = i64)]
    pub balance: Kobo,
    /// Of `paid`, what the customer's store credit paid (it goes back to her credit, not through
    /// Paystack).
    #[schema(value_type = i64)]
    pub paid_by_credit: Kobo,
    /// Of `paid`, what a gift card paid (it goes back to the card).
    #[schema(value_type = i64)]
    pub paid_by_gift_card: Kobo,
    /// Of `paid_by_credit`, what was returned to her credit already.
    #[schema(value_type = i64)]
    pub credit_returned: Kobo,
    /// Of `paid_by_gift_card`, what was returned to the card already.
    #[schema(value_type = i64)]
    pub gift_card_returned: Kobo,
}

/// What an order's store credit and gift card paid, what a late payment still owes of them, and
/// what was returned to them.
#[derive(Default, Debug, Clone, Copy)]
pub struct Tender {
    pub credit: Kobo,
    pub gift: Kobo,
    pub short: Kobo,
    pub credit_returned: Kobo,
    pub gift_returned: Kobo,
}

/// One order line as paid for; also the bag snapshot a payment keeps until it completes.
#[derive(Serialize, Deserialize, Debug, Clone, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderItem {
    #[schema(value_type = Option<String>)]
    pub product_id: Option<ProductId>,
    /// The variant bought (null on orders from before stock was counted).
    #[serde(default)]
    #[schema(value_type = Option<String>)]
    pub variant_id: Option<VariantId>,
    pub name: String,
    /// Each, as paid.
    #[schema(value_type = i64)]
    pub price: Kobo,
    /// Bought on sale: what it cost before (above `price`); null at full price.
    #[serde(default)]
    #[schema(value_type = Option<i64>)]
    pub compare_at_price: Option<Kobo>,
    pub quantity: i64,
    pub size: Option<String>,
    pub color: Option<String>,
    /// Each, in the currency the order was charged in when not naira (minor units; `price` is
    /// then its naira worth).
    #[serde(default)]
    pub price_abroad: Option<i64>,
}

#[derive(Serialize, Debug, Clone, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Order {
    #[schema(value_type = String)]
    pub id: OrderId,
    /// What the shopper reads out: 8 upper-case characters without look-alikes.
    pub number: String,
    #[serde(skip)]
    pub user_id: UserId,
    pub created_at: i64,
    pub updated_at: i64,
    pub status: OrderStatus,
    pub is_new: bool,
    pub customer_name: String,
    pub customer_email: String,
    pub customer_phone: String,
    #[schema(value_type = String)]
    pub payment_reference: PaymentReference,
    pub items: Vec<OrderItem>,
    #[schema(value_type = i64)]
    pub total_amount: Kobo,
    pub tracking_number: Option<String>,
    /// Who took it, once shipped (null for orders shipped before the shop asked).
    pub shipped_by: Option<ShippedBy>,
    pub delivery_address: Address,
    /// Paid for after its units had sold out: the merchant must restock or refund.
    pub oversold: bool,
    /// Paid with a code whose limits were already used up (the money arrived for a payment the
    /// shop had ended): the merchant decides whether to honour the discount or settle it.
    pub code_over_limit: bool,
    /// How `total_amount` was made up.
    #[serde(flatten)]
    pub price: Price,
    #[serde(flatten)]
    pub payment: Payment,
    #[serde(flatten)]
    pub refunds: OrderRefunds,
    pub source: Source,
    /// The customer's own note ("Call before delivery").
    pub customer_note: Option<String>,
    /// For a pay-on-delivery order from a customer the shop does not know yet: how it is to be
    /// confirmed, by when, and when it was (none for every other order).
    pub confirmation: Option<confirmation::Confirmation>,
    /// The shop's own note: never shown to the customer (see `AdminOrder`).
    #[serde(skip)]
    pub internal_note: Option<String>,
    /// Units of each line (by position) taken from stock and not yet put back on sale.
    #[serde(skip)]
    pub off_sale: Vec<i64>,
    /// Paid in a currency abroad: what was charged in it, and the rate (the naira amounts of the
    /// order are its worth at that rate). Null for an order in naira.
    pub charged: Option<crate::abroad::Charge>,
}

/// The parts of an order's total, as priced when its payment started.
#[derive(Serialize, Debug, Clone, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Price {
    #[schema(value_type = i64)]
    pub subtotal: Kobo,
    #[schema(value_type = i64)]
    pub delivery_fee: Kobo,
    #[schema(value_type = i64)]
    pub discount: Kobo,
    pub discount_code: Option<String>,
    pub delivery_method: crate::delivery::Method,
    /// e.g. "1–2 working days"; none for pickup and older orders.
    pub delivery_estimate: Option<String>,
}

const COLUMNS: &str = "id, user_id, created_at, updated_at, status, is_new, customer_name, customer_email, customer_phone,
    payment_reference, total_kobo, tracking_number, street, city, state, country, postal_code, number, oversold,
    COALESCE(subtotal_kobo, total_kobo), delivery_kobo, discount_kobo, discount_code, delivery_method, delivery_estimate,
    code_over_limit, payment_method, payment_channel, collected_at, collected_kobo, collected_by, source, customer_note, internal_note,
    (SELECT COALESCE(SUM(l.amount_kobo), 0) FROM pay_links l WHERE l.order_id = orders.id AND l.paid_at IS NOT NULL),
    COALESCE(landmark, ''),
    (SELECT json_object('channel', c.channel, 'expiresAt', c.expires_at, 'confirmedAt', c.confirmed_at)
     FROM order_confirmations c WHERE c.order_id = orders.id),
    shipped_by, credit_kobo, gift_kobo, tender_short_kobo,
    (SELECT COALESCE(SUM(c.amount_kobo), 0) FROM credit_entries c
     WHERE c.order_id = orders.id AND c.payment_reference = orders.payment_reference AND c.amount_kobo > 0),
    (SELECT COALESCE(SUM(g.amount_kobo), 0) FROM gift_card_entries g WHERE g.order_id = orders.id AND g.amount_kobo > 0),
    charge";

fn order_from_row(r: &rusqlite::Row) -> rusqlite::Result<Order> {
    Ok(Order {
        id: r.get(0)?,
        user_id: r.get(1)?,
        created_at: r.get(2)?,
        updated_at: r.get(3)?,
        status: r.get(4)?,
        is_new: r.get(5)?,
        customer_name: r.get(6)?,
        customer_email: r.get(7)?,
        customer_phone: r.get(8)?,
        payment_reference: r.get(9)?,
        total_amount: r.get(10)?,
        tracking_number: r.get(11)?,
        delivery_address: Address {
            street: r.get(12)?,
            city: r.get(13)?,
            state: r.get(14)?,
            country: r.get(15)?,
            postal_code: r.get(16)?,
            landmark: r.get(35)?,
        },
        shipped_by: r.get(37)?,
        number: r.get(17)?,
        oversold: r.get(18)?,
        price: Price {
            subtotal: r.get(19)?,
            delivery_fee: r.get(20)?,
            discount: r.get(21)?,
            discount_code: r.get(22)?,
            delivery_method: r.get(23)?,
            delivery_estimate: r.get(24)?,
        },
        code_over_limit: r.get(25)?,
        payment: Payment::new(
            r.get(26)?,
            r.get(4)?,
            r.get(10)?,
            (r.get(28)?, r.get(29)?, r.get(30)?),
            r.get(34)?,
            r.get(27)?,
            Tender { credit: r.get(38)?, gift: r.get(39)?, short: r.get(40)?, credit_returned: r.get(41)?, gift_returned: r.get(42)? },
        ),
        items: Vec::new(),
        refunds: Default::default(),
        source: r.get(31)?,
        customer_note: r.get(32)?,
        confirmation: r.get::<_, Option<String>>(36)?.and_then(|json| serde_json::from_str(&json).ok()),
        internal_note: r.get(33)?,
        off_sale: Vec::new(),
        charged: r.get::<_, Option<String>>(43)?.and_then(|json| serde_json::from_str(&json).ok()),
    })
}

impl Payment {
    /// An order's payment from what is recorded: its method, status and total, what was collected
    /// by hand (when, how much, how), what its pay links brought in, and the Paystack channel.
    fn new(
        method: PaymentMethod,
        status: OrderStatus,
        total: Kobo,
        collected: (Option<i64>, Option<Kobo>, Option<CollectedBy>),
        links_paid: Kobo,
        channel: Option<String>,
        tender: Tender,
    ) -> Payment {
        let (collected_at, collected_amount, collected_by) = collected;
        let by_hand = collected_amount.unwrap_or(Kobo::ZERO);
        // Credit and a gift card pay part of a checkout's total; only the rest went through Paystack
        // (and only that can go back through it).
        let paid_online = match method {
            PaymentMethod::Paystack => (total - tender.credit - tender.gift - tender.short).max(Kobo::ZERO),
            PaymentMethod::PayOnDelivery => Kobo::ZERO,
            PaymentMethod::PayLink | PaymentMethod::Counter => links_paid,
        };
        let paid = paid_online + by_hand + tender.credit + tender.gift;
        let closed = matches!(status, OrderStatus::Cancelled | OrderStatus::Refused);
        // Delivered is not done: the money is owed until it is collected (or the order refused).
        let owed_at_door = method == PaymentMethod::PayOnDelivery && collected_at.is_none() && !closed;
        Payment {
            payment_method: method,
            payment_channel: channel,
            to_collect: if owed_at_door { total } else { Kobo::ZERO },
            collected_at,
            collected_amount,
            collected_by,
            paid,
            paid_online,
            balance: if closed || paid >= total { Kobo::ZERO } else { total - paid },
            paid_by_credit: tender.credit,
            paid_by_gift_card: tender.gift,
            credit_returned: tender.credit_returned,
            gift_card_returned: tender.gift_returned,
        }
    }
}

/// The characters of order numbers: no I, L, O, 0 or 1, which people mistake for each other.
const NUMBER_ALPHABET: &[u8] = b"23456789ABCDEFGHJKMNPQRSTUVWXYZ";
const NUMBER_LEN: usize = 8;

pub fn is_order_number(text: &str) -> bool {
    text.len() == NUMBER_LEN && text.bytes().all(|b| NUMBER_ALPHABET.contains(&b))
}

/// A number no order has yet (31^8 of them: a clash is rare, and retried).
pub fn new_order_number(tx: &Connection) -> rusqlite::Result<String> {
    loop {
        let number = crate::util::random_from(NUMBER_ALPHABET, NUMBER_LEN);
        let taken: bool = tx.query_row("SELECT EXISTS(SELECT 1 FROM orders WHERE number = ?1)", [&number], |r| r.get(0))?;
        if !taken {
            return Ok(number);
        }
    }
}

/// Fills in the orders' lines and refunds with two queries, however many orders there are.
fn with_items(conn: &Connection, mut orders: Vec<Order>) -> rusqlite::Result<Vec<Order>> {
    if orders.is_empty() {
        return Ok(orders);
    }
    let ids = serde_json::to_string(&orders.iter().map(|o| o.id.as_str()).collect::<Vec<_>>()).unwrap_or_default();
    let mut stmt = conn.prepare_cached(
        "SELECT order_id, product_id, name, price_kobo, quantity, size, color, variant_id, from_stock, compare_at_kobo, price_minor FROM order_items
         WHERE order_id IN (SELECT value FROM json_each(?1)) ORDER BY order_id, position",
    )?;
    let mut lines: std::collections::HashMap<String, Vec<(OrderItem, i64)>> = std::collections::HashMap::new();
    for row in stmt.query_map([&ids], |r| {
        let item = OrderItem {
            product_id: r.get(1)?,
            name: r.get(2)?,
            price: r.get(3)?,
            quantity: r.get(4)?,
            size: r.get(5)?,
            color: r.get(6)?,
            variant_id: r.get(7)?,
            compare_at_price: r.get(9)?,
            price_abroad: r.get(10)?,
        };
        Ok((r.get::<_, String>(0)?, (item, r.get(8)?)))
    })? {
        let (order_id, item) = row?;
        lines.entry(order_id).or_default().push(item);
    }
    let mut refunds = refunds::for_orders(conn, &ids)?;
    for order in &mut orders {
        (order.items, order.off_sale) = lines.remove(order.id.as_str()).unwrap_or_default().into_iter().unzip();
        order.refunds = OrderRefunds::new(refunds.remove(order.id.as_str()).unwrap_or_default());
    }
    Ok(orders)
}

pub(crate) fn query_orders(conn: &Connection, filter: &str, args: &[&dyn rusqlite::ToSql]) -> rusqlite::Result<Vec<Order>> {
    let sql = format!("SELECT {COLUMNS} FROM orders {filter}");
    let orders = conn.prepare_cached(&sql)?.query_map(args, order_from_row)?.collect::<Result<Vec<_>, _>>()?;
    with_items(conn, orders)
}

pub fn by_reference(conn: &Connection, reference: &PaymentReference) -> rusqlite::Result<Option<Order>> {
    Ok(query_orders(conn, "WHERE payment_reference = ?1", &[&reference])?.pop())
}

pub fn by_id(conn: &Connection, id: &OrderId) -> rusqlite::Result<Option<Order>> {
    Ok(query_orders(conn, "WHERE id = ?1", &[&id])?.pop())
}

/// An order to record, from a completed payment.
pub struct NewOrder<'a> {
    pub reference: &'a PaymentReference,
    pub user_id: &'a UserId,
    /// Name, e-mail and phone.
    pub customer: (&'a str, &'a str, &'a str),
    pub address: Address,
    pub lines: Vec<OrderItem>,
    /// Units of each line that came out of stock.
    pub from_stock: &'a [i64],
    /// What was paid.
    pub total: Kobo,
    pub price: Price,
    pub oversold: bool,
    pub code_over_limit: bool,
    /// Paid through Paystack (status paid), or to be paid on delivery or by pay links (placed).
    pub payment_method: PaymentMethod,
    pub payment_channel: Option<String>,
    pub details: Details,
    /// What store credit and a gift card paid of `total` (the rest went through Paystack).
    pub tender: Tender,
}

/// What an order may carry beside its lines and price: where it came from, its notes, a manual
/// discount's reason and who on the staff created it.
#[derive(Default)]
pub struct Details {
    pub source: Source,
    pub customer_note: Option<String>,
    pub internal_note: Option<String>,
    pub discount_reason: Option<String>,
    pub created_by: Option<UserId>,
    /// Charged in a currency abroad (none: naira).
    pub charge: Option<crate::abroad::Charge>,
}

/// Records a paid order with its lines (the one write of an order), and gives it a number.
pub fn create(tx: &Connection, new: NewOrder, now: i64) -> AppResult<Order> {
    let (id, number) = (OrderId::from(crate::util::new_id()), new_order_number(tx)?);
    let (name, email, phone) = new.customer;
    let status = if new.payment_method == PaymentMethod::Paystack { OrderStatus::Paid } else { OrderStatus::Placed };
    let (address, price, details) = (&new.address, &new.price, &new.details);
    tx.prepare_cached(
        "INSERT INTO orders (id, user_id, payment_reference, status, is_new, customer_name, customer_email, customer_phone, total_kobo,
                             street, city, state, country, postal_code, created_at, updated_at, number, oversold,
                             subtotal_kobo, delivery_kobo, discount_kobo, discount_code, delivery_method, delivery_estimate,
                             code_over_limit, payment_method, payment_channel, source, customer_note, internal_note,
                             discount_reason, created_by, email_key, phone_key, landmark, credit_kobo, gift_kobo,
                             tender_short_kobo, currency, charge)
         VALUES (:id, :user, :reference, :status, 1, :name, :email, :phone, :total, :street, :city, :state, :country, :postal,
                 :now, :now, :number, :oversold, :subtotal, :delivery, :discount, :code, :method, :estimate, :over_limit,
                 :payment_method, :channel, :source, :customer_note, :internal_note, :discount_reason, :created_by,
                 :email_key, :phone_key, NULLIF(:landmark, ''), :credit, :gift, :short, :currency, :charge)",
    )?
    .execute(rusqlite::named_params! {
        ":id": id,
        ":user": new.user_id,
        ":reference": new.reference,
        ":status": status,
        ":name": name,
        ":email": email,
        ":phone": phone,
        ":total": new.total,
        ":street": address.street,
        ":city": address.city,
        ":state": address.state,
        ":country": address.country,
        ":postal": address.postal_code,
        ":now": now,
        ":number": number,
        ":oversold": new.oversold,
        ":subtotal": price.subtotal,
        ":delivery": price.delivery_fee,
        ":discount": price.discount,
        ":code": price.discount_code,
        ":method": price.delivery_method,
        ":estimate": price.delivery_estimate,
        ":over_limit": new.code_over_limit,
        ":payment_method": new.payment_method,
        ":channel": new.payment_channel,
        ":source": details.source,
        ":customer_note": details.customer_note,
        ":internal_note": details.internal_note,
        ":discount_reason": details.discount_reason,
        ":created_by": details.created_by,
        ":email_key": crate::identity::email_key(email),
        ":phone_key": crate::identity::phone_key(phone),
        ":landmark": address.landmark,
        ":credit": new.tender.credit,
        ":gift": new.tender.gift,
        ":short": new.tender.short,
        ":currency": details.charge.map_or(crate::money::Currency::Ngn, |c| c.currency),
        ":charge": details.charge.map(|c| serde_json::to_string(&c).unwrap_or_default()),
    })?;
    let mut insert_item = tx.prepare_cached(
        "INSERT INTO order_items (order_id, position, product_id, name, price_kobo, quantity, size, color, variant_id, from_stock,
                                  compare_at_kobo, price_minor)
         VALUES (:order, :position, :product, :name, :price, :quantity, :size, :color, :variant, :from_stock, :compare_at, :abroad)",
    )?;
    for (position, line) in new.lines.iter().enumerate() {
        insert_item.execute(rusqlite::named_params! {
            ":order": id,
            ":position": position as i64,
            ":product": line.product_id,
            ":name": line.name,
            ":price": line.price,
            ":quantity": line.quantity,
            ":size": line.size,
            ":color": line.color,
            ":variant": line.variant_id,
            ":from_stock": new.from_stock.get(position).copied().unwrap_or(0),
            ":compare_at": line.compare_at_price.filter(|c| *c > line.price),
            ":abroad": line.price_abroad,
        })?;
    }
    by_id(tx, &id)?.ok_or_else(order_not_found)
}

impl crate::stock::Line for OrderItem {
    fn variant_id(&self) -> Option<&VariantId> {
        self.variant_id.as_ref()
    }

    fn quantity(&self) -> i64 {
        self.quantity
    }

    fn describe(&self) -> String {
        crate::stock::describe_line(&self.name, self.size.as_deref(), self.color.as_deref())
    }
}

/// Oversold orders that still have something to refund (conditions on `orders`, for a WHERE).
pub(crate) const OVERSOLD_TO_REFUND: &str = "oversold = 1 AND total_kobo > (SELECT COALESCE(SUM(amount_kobo), 0) FROM refunds r
    WHERE r.order_id = orders.id AND r.status != 'failed')";
/// Orders paid with a code past its limits in the last 30 days, not cancelled.
pub(crate) const CODE_OVER_LIMIT: &str =
    "code_over_limit = 1 AND status != 'cancelled' AND created_at > CAST(strftime('%s', 'now') AS INTEGER) * 1000 - 2592000000";
/// Orders whose latest refund failed.
pub(crate) const LATEST_REFUND_FAILED: &str = "id IN (SELECT r.order_id FROM refunds r WHERE r.status = 'failed'
    AND NOT EXISTS (SELECT 1 FROM refunds later WHERE later.order_id = r.order_id AND later.created_at > r.created_at))";

/// An order as fulfilment sees it: whose it is, where it may go next, its pay links, the shop's
/// own note and its lines' SKUs (for the packing slip).
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminOrder {
    view: views::WholeView,
    #[serde(flatten)]
    order: Order,
    #[schema(value_type = String)]
    user_id: UserId,
    next_statuses: &'static [OrderStatus],
    /// What can still go back through Paystack: what was paid through it less what is refunded
    /// or being refunded.
    #[schema(value_type = i64)]
    refundable: Kobo,
    /// The shop's own note (never shown to the customer).
    internal_note: Option<String>,
    /// Why a manual discount was given.
    discount_reason: Option<String>,
    /// Oldest first.
    pay_links: Vec<links::PayLink>,
    /// Each line's SKU, in line order (null when it has none or its variant is gone).
    skus: Vec<Option<String>>,
    /// Units of each line (by position) taken from stock and not back on sale yet: what a refund
    /// may still put back.
    restockable: Vec<i64>,
}

impl AdminOrder {
    pub fn order(&self) -> &Order {
        &self.order
    }
}

/// Orders as fulfilment sees them, with a few queries however many there are.
pub fn admin_views(conn: &Connection, orders: Vec<Order>) -> rusqlite::Result<Vec<AdminOrder>> {
    let ids = serde_json::to_string(&orders.iter().map(|o| o.id.as_str()).collect::<Vec<_>>()).unwrap_or_default();
    let mut links = links::for_orders(conn, &ids)?;
    let mut extra = conn.prepare_cached("SELECT discount_reason FROM orders WHERE id = ?1")?;
    let mut sku = conn.prepare_cached("SELECT sku FROM variants WHERE id = ?1")?;
    orders
        .into_iter()
        .map(|order| {
            let discount_reason: Option<String> = extra.query_row([&order.id], |r| r.get(0))?;
            let skus = order
                .items
                .iter()
                .map(|item| match &item.variant_id {
                    Some(v) => Ok(sku.query_row([v], |r| r.get::<_, Option<String>>(0)).optional()?.flatten()),
                    None => Ok(None),
                })
                .collect::<rusqlite::Result<Vec<_>>>()?;
            Ok(AdminOrder {
                view: views::WholeView::Full,
                next_statuses: order.status.next(),
                user_id: order.user_id.clone(),
                refundable: order.refunds.left(order.payment.paid_online).max(Kobo::ZERO),
                internal_note: order.internal_note.clone(),
                discount_reason,
                pay_links: links.remove(order.id.as_str()).unwrap_or_default(),
                skus,
                restockable: order.off_sale.clone(),
                order,
            })
        })
        .collect()
}

/// One order as fulfilment sees it.
pub fn admin_order(conn: &Connection, id: &OrderId) -> AppResult<AdminOrder> {
    let order = by_id(conn, id)?.ok_or_else(order_not_found)?;
    Ok(admin_views(conn, vec![order])?.pop().expect("one order in, one out"))
}

/// Queues the SMS and WhatsApp messages the merchant chose for `event` of `order`, in the
/// caller's transaction (`messages::order_event` with the order's facts): the one call for an
/// order's event, whoever makes it (payments, fulfilment, the rider flow).
pub fn order_event(tx: &Connection, mailer: &crate::mail::Mailer, order: &Order, event: crate::messages::Event, now: i64) -> AppResult<()> {
    crate::messages::order_event(tx, mailer, &order.recipient(), event, now)
}

impl Order {
    /// What a message about the order needs of it.
    pub fn recipient(&self) -> crate::messages::Recipient {
        crate::messages::Recipient {
            order_id: self.id.as_str().to_string(),
            number: self.number.clone(),
            customer_name: self.customer_name.clone(),
            customer_email: self.customer_email.clone(),
            customer_phone: self.customer_phone.clone(),
            total: self.total_amount,
            balance: self.payment.balance,
        }
    }
}

pub fn order_not_found() -> AppError {
    AppError::NotFound("Order not found.".into())
}

#[cfg(test)]
mod tests {
    #[test]
    fn fulfilment_moves_forward_only() {
        use super::OrderStatus::*;
        assert_eq!(Paid.next(), [Processing, Cancelled]);
        assert_eq!(Processing.next(), [Shipped, Cancelled]);
        assert_eq!(Shipped.next(), [Delivered]);
        assert!(Delivered.next().is_empty());
        assert!(Cancelled.next().is_empty());
    }
}
