//! What a checkout costs, from the server's own data: the bag's subtotal, the delivery fee for the
//! chosen method, and a discount code's share, all integer kobo. One pure function, so the quote
//! the shopper sees and the amount Paystack is asked for are the same arithmetic.

use serde::Serialize;

use crate::money::{Amount, Kobo};

/// One bag line as priced: its current unit price, quantity and collection (codes may be limited
/// to collections).
#[derive(Debug, Clone)]
pub struct Line<A = Kobo> {
    pub price: A,
    pub quantity: i64,
    pub collection_id: String,
}

/// How the order reaches the shopper.
#[derive(Debug, Clone, PartialEq)]
pub enum Delivery<A = Kobo> {
    /// Delivered to a state of a zone: its fee, waived from `free_over` subtotal when set.
    Zone { fee: A, free_over: Option<A> },
    /// Collected from the shop: free.
    Pickup,
}

/// What a code takes off.
#[derive(Debug, Clone, PartialEq)]
pub enum Offer<A = Kobo> {
    /// A whole percentage (1 to 100) of the eligible subtotal, rounded to the nearest kobo, half up.
    Percent(i64),
    /// A fixed amount, never more than the eligible subtotal.
    Fixed(A),
    /// The delivery fee.
    FreeDelivery,
}

/// A code's offer and the collections it is limited to (none: every line counts).
#[derive(Debug, Clone)]
pub struct Discount<A = Kobo> {
    pub offer: Offer<A>,
    pub collections: Vec<String>,
}

/// Every part of a checkout's price, in kobo. `total = subtotal + delivery - discount`.
#[derive(Serialize, Debug, Clone, Copy, PartialEq, Eq, Default, utoipa::ToSchema)]
pub struct Breakdown {
    #[schema(value_type = i64)]
    pub subtotal: Kobo,
    #[schema(value_type = i64)]
    pub delivery: Kobo,
    #[schema(value_type = i64)]
    pub discount: Kobo,
    #[schema(value_type = i64)]
    pub total: Kobo,
}

/// Prices a bag in naira. A subtotal discount never takes more than the lines it applies to, so
/// the total never falls below the delivery fee; a free-delivery code takes exactly the fee.
pub fn price(lines: &[Line], delivery: &Delivery, discount: Option<&Discount>) -> Breakdown {
    let Parts { subtotal, delivery, discount, total } = price_in(Kobo::ZERO, lines, delivery, discount);
    Breakdown { subtotal, delivery, discount, total }
}

/// A checkout's parts in any one currency.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Parts<A> {
    pub subtotal: A,
    pub delivery: A,
    pub discount: A,
    pub total: A,
}

/// [`price`] in the currency of `zero` (naira, or the shopper's currency abroad: the lines, the
/// fee and a fixed discount are then already in it, so the arithmetic is the same).
pub fn price_in<A: Amount>(zero: A, lines: &[Line<A>], delivery: &Delivery<A>, discount: Option<&Discount<A>>) -> Parts<A> {
    let sum = |keep: &dyn Fn(&Line<A>) -> bool| lines.iter().filter(|l| keep(l)).fold(zero, |sum, l| sum + l.price * l.quantity);
    let subtotal = sum(&|_| true);
    let delivery = match *delivery {
        Delivery::Pickup => zero,
        Delivery::Zone { free_over: Some(threshold), .. } if subtotal >= threshold => zero,
        Delivery::Zone { fee, .. } => fee,
    };
    let discount = match discount {
        None => zero,
        Some(d) => {
            let eligible = sum(&|l| d.collections.is_empty() || d.collections.contains(&l.collection_id));
            match d.offer {
                Offer::Percent(percent) => eligible.percent(percent.clamp(0, 100)),
                Offer::Fixed(amount) if amount < zero => zero,
                Offer::Fixed(amount) if amount > eligible => eligible,
                Offer::Fixed(amount) => amount,
                Offer::FreeDelivery => delivery,
            }
        }
    };
    Parts { subtotal, delivery, discount, total: subtotal + delivery - discount }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(price: i64, quantity: i64, collection: &str) -> Line {
        Line { price: Kobo::new(price), quantity, collection_id: collection.into() }
    }

    fn zone(fee: i64) -> Delivery {
        Delivery::Zone { fee: Kobo::new(fee), free_over: Some(Kobo::new(10_000_000)) }
    }

    #[test]
    fn percentages_round_to_the_nearest_kobo_half_up() {
        let festive = Discount { offer: Offer::Percent(10), collections: vec![] };
        // 10 % of ₦1,234.55 is 12,345.5 kobo: 12,346.
        assert_eq!(price(&[line(123_455, 1, "suits")], &zone(250_000), Some(&festive)).discount, Kobo::new(12_346));
        // 10 % of 123,454 kobo is 12,345.4: 12,345.
        assert_eq!(price(&[line(123_454, 1, "suits")], &zone(250_000), Some(&festive)).discount, Kobo::new(12_345));
        let third = Discount { offer: Offer::Percent(33), collections: vec![] };
        assert_eq!(price(&[line(150, 1, "suits")], &Delivery::Pickup, Some(&third)).discount, Kobo::new(50), "49.5 rounds up");
    }

    #[test]
    fn delivery_is_free_above_the_threshold_and_for_pickup() {
        let bag = [line(5_000_000, 2, "suits")];
        assert_eq!(
            price(&bag, &zone(250_000), None),
            Breakdown { subtotal: Kobo::new(10_000_000), delivery: Kobo::new(0), discount: Kobo::new(0), total: Kobo::new(10_000_000) }
        );
        assert_eq!(price(&bag[..], &Delivery::Zone { fee: Kobo::new(250_000), free_over: None }, None).delivery, Kobo::new(250_000));
        assert_eq!(price(&[line(100, 1, "suits")], &zone(250_000), None).total, Kobo::new(250_100));
        assert_eq!(price(&[line(100, 1, "suits")], &Delivery::Pickup, None).total, Kobo::new(100));
    }

    #[test]
    fn a_fixed_discount_larger_than_the_bag_leaves_the_delivery_fee() {
        let big = Discount { offer: Offer::Fixed(Kobo::new(10_000_000)), collections: vec![] };
        assert_eq!(
            price(&[line(2_000_000, 1, "suits")], &zone(250_000), Some(&big)),
            Breakdown {
                subtotal: Kobo::new(2_000_000),
                delivery: Kobo::new(250_000),
                discount: Kobo::new(2_000_000),
                total: Kobo::new(250_000)
            }
        );
    }

    #[test]
    fn a_code_limited_to_collections_counts_only_their_lines() {
        let shoes = Discount { offer: Offer::Percent(50), collections: vec!["sneakers".into()] };
        let bag = [line(1_000_000, 1, "sneakers"), line(3_000_000, 1, "suits")];
        assert_eq!(price(&bag, &zone(250_000), Some(&shoes)).discount, Kobo::new(500_000));
        let free = Discount { offer: Offer::FreeDelivery, collections: vec![] };
        assert_eq!(price(&bag, &zone(250_000), Some(&free)).total, Kobo::new(4_000_000));
    }

    /// Property test over random bags, fees and codes (xorshift, fixed seed so a failure replays):
    /// totals are whole kobo, never negative, equal to the sum of their parts, and a subtotal
    /// discount never eats into the delivery fee.
    #[test]
    fn every_total_is_the_sum_of_its_parts_and_never_negative() {
        let mut state: u64 = 0x2545_F491_4F6C_DD1D;
        let mut next = |below: i64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % below.max(1) as u64) as i64
        };
        for _ in 0..50_000 {
            let lines: Vec<Line> = (0..1 + next(5))
                .map(|_| line(next(50_000_000), 1 + next(99), ["suits", "sneakers", "wristwatches"][next(3) as usize]))
                .collect();
            let delivery = match next(3) {
                0 => Delivery::Pickup,
                1 => Delivery::Zone { fee: Kobo::new(next(2_000_000)), free_over: None },
                _ => Delivery::Zone { fee: Kobo::new(next(2_000_000)), free_over: Some(Kobo::new(next(100_000_000))) },
            };
            let offer = match next(3) {
                0 => Offer::Percent(1 + next(100)),
                1 => Offer::Fixed(Kobo::new(1 + next(200_000_000))),
                _ => Offer::FreeDelivery,
            };
            let collections = if next(2) == 0 { vec![] } else { vec!["sneakers".to_string()] };
            let code = Discount { offer: offer.clone(), collections };
            let b = price(&lines, &delivery, (next(4) > 0).then_some(&code));
            assert_eq!(b.total, b.subtotal + b.delivery - b.discount, "{b:?}");
            assert!(b.total >= Kobo::ZERO && b.discount >= Kobo::ZERO && b.delivery >= Kobo::ZERO, "{b:?}");
            assert_eq!(b.subtotal, lines.iter().map(|l| l.price * l.quantity).sum::<Kobo>());
            if offer != Offer::FreeDelivery {
                assert!(b.total >= b.delivery, "a subtotal discount never reaches the fee: {b:?}");
                assert!(b.discount <= b.subtotal, "{b:?}");
            } else {
                assert!(b.discount <= b.delivery, "{b:?}");
            }
        }
    }
}
