//! The checkout form: what the shopper types (checked and tidied before the database is touched)
//! and the starting values the form opens with.

use rusqlite::OptionalExtension;
use serde::{Deserialize, Serialize};

use super::*;
use crate::delivery::Method;
use crate::error::{AppError, AppResult};
use crate::ids::{PaymentReference, UserId};
use crate::orders::Address;

#[derive(Serialize, Deserialize, Clone, Debug, Default, utoipa::ToSchema)]
pub struct Customer {
    #[serde(default)]
    #[schema(required = true)]
    pub name: String,
    #[serde(default)]
    #[schema(required = true)]
    pub email: String,
    #[serde(default)]
    #[schema(required = true)]
    pub phone: String,
}

/// The checkout form's starting values.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CheckoutDetails {
    customer: Customer,
    /// The last delivery address this customer used, if any.
    address: Option<Address>,
    /// Whether the address needs a postal code (the merchant's setting).
    postal_code: crate::settings::PostalCode,
    mode: PaymentMode,
    public_key: String,
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct StartBody {
    #[serde(default)]
    pub(super) customer: Customer,
    #[serde(default)]
    pub(super) address: Address,
    /// Delivered to the address (the default) or picked up in store.
    #[serde(default)]
    pub(super) method: Method,
    /// A discount code as typed (any case).
    #[serde(default)]
    pub(super) code: Option<String>,
    /// The total the shopper was shown. When the server's total differs, nothing starts and
    /// the answer is 409 `price_changed` with the new total.
    /// In the minor unit of `currency` (kobo for naira).
    #[serde(default, rename = "expectedTotal")]
    pub(super) expected_total: Option<i64>,
    /// The currency to pay in: NGN (the default), or one the shop offers abroad (paid by card).
    #[serde(default = "naira")]
    pub(super) currency: crate::money::Currency,
    /// Pay now through Paystack (the default), or when the order arrives where the delivery allows it.
    #[serde(default, rename = "paymentMethod")]
    pub(super) payment_method: crate::orders::PaymentMethod,
    /// The shopper's note for the shop ("Call before delivery"), on the packing slip.
    #[serde(default)]
    #[schema(max_length = 500)]
    pub(super) note: Option<String>,
    /// Pay what store credit can of the total (a signed-in customer whose e-mail is proved).
    #[serde(default, rename = "useCredit")]
    pub(super) use_credit: bool,
    /// A gift card's code, as typed: it pays what it can of the total.
    #[serde(default, rename = "giftCard")]
    pub(super) gift_card: Option<String>,
}

fn naira() -> crate::money::Currency {
    crate::money::Currency::Ngn
}

fn tidy(text: &mut String) {
    *text = text.trim().to_string();
}

pub(super) fn validate(body: &mut StartBody) -> AppResult<()> {
    let c = &mut body.customer;
    for field in [&mut c.name, &mut c.email, &mut c.phone] {
        tidy(field);
    }
    if c.name.is_empty() || c.email.is_empty() || c.phone.is_empty() {
        return Err(AppError::Validation("Please fill in your name, email and phone number.".into()));
    }
    if !crate::email::looks_like_email(&c.email) {
        return Err(AppError::Validation("Please enter a valid email address.".into()));
    }
    // Kept as E.164 (+2348031234567) on the payment and the order, however it was typed.
    c.phone = crate::phone::normalise(&c.phone).map_err(|why| AppError::Validation(why.to_string()))?;
    if c.name.chars().count() > 100 {
        return Err(AppError::Validation("Please keep the name under 100 characters.".into()));
    }
    let a = &mut body.address;
    let abroad = super::quote::country_of(&a.country)?;
    if abroad.is_none() {
        a.country = "Nigeria".into();
    }
    // Abroad, the region (a county) may be empty: the country's own rules say.
    let region_required = abroad.is_none_or(|c| !c.regions.is_empty());
    let fields = [&mut a.street, &mut a.city, &mut a.state];
    let mut missing = false;
    let mut too_long = false;
    for (i, field) in fields.into_iter().enumerate() {
        tidy(field);
        missing |= field.is_empty() && (i < 2 || region_required);
        too_long |= field.chars().count() > FIELD_MAX;
    }
    // Whether the postal code may be empty is the merchant's setting, read in the transaction.
    for field in [&mut a.postal_code, &mut a.landmark] {
        tidy(field);
        too_long |= field.chars().count() > FIELD_MAX;
    }
    if missing {
        return Err(AppError::Validation(ADDRESS_MISSING.into()));
    }
    if too_long {
        return Err(AppError::Validation(format!("Please keep each delivery address field under {FIELD_MAX} characters.")));
    }
    match abroad {
        None => match crate::delivery::known_state(&a.state) {
            Some(state) => a.state = state.to_string(),
            None => return Err(AppError::Validation("Please choose your state.".into())),
        },
        Some(country) => {
            (a.state, a.postal_code) =
                crate::abroad::countries::check_address(country, &a.state, &a.postal_code).map_err(AppError::Validation)?;
            a.country = country.name.to_string();
        }
    }
    if body.currency != crate::money::Currency::Ngn {
        if body.use_credit || body.gift_card.as_deref().is_some_and(|g| !g.trim().is_empty()) {
            return Err(AppError::Validation(super::quote::NAIRA_TENDERS.into()));
        }
        if body.payment_method != crate::orders::PaymentMethod::Paystack {
            return Err(AppError::Validation("Pay on delivery is in naira. Choose ₦ NGN, or pay now.".into()));
        }
    }
    if body.code.as_deref().is_some_and(|c| c.trim().is_empty()) {
        body.code = None;
    }
    body.gift_card = body.gift_card.as_deref().map(str::trim).filter(|c| !c.is_empty()).map(str::to_string);
    body.note = body.note.as_deref().map(str::trim).filter(|n| !n.is_empty()).map(str::to_string);
    if body.note.as_ref().is_some_and(|n| n.chars().count() > 500) {
        return Err(AppError::Validation("Please keep your note under 500 characters.".into()));
    }
    Ok(())
}

/// SPEC section 5's words when a delivery address field is missing.
pub(super) const ADDRESS_MISSING: &str = "Please fill in all delivery address fields";

#[derive(Deserialize, utoipa::ToSchema)]
pub struct CancelBody {
    /// The payment to cancel; without it, every payment of this shopper still in progress.
    #[serde(default)]
    #[schema(value_type = String)]
    pub reference: PaymentReference,
}

impl Payments {
    /// The checkout form's starting values: an account's profile, and what it lacks from the
    /// details given at the shopper's last checkout (all of them for a returning guest: they are
    /// her own, kept under her guest cookie); the last delivery address used; and whether a
    /// postal code is needed.
    pub async fn details(&self, owner: &UserId, guest: bool) -> AppResult<CheckoutDetails> {
        let owner = owner.clone();
        let (customer, address, postal_code) = self
            .db
            .read(move |c| {
                let last: Option<(Customer, String)> = c
                    .query_row(
                        "SELECT customer_name, customer_email, customer_phone, delivery_address FROM payments
                         WHERE user_id = ?1 AND pay_link IS NULL ORDER BY created_at DESC LIMIT 1",
                        [&owner],
                        |r| Ok((Customer { name: r.get(0)?, email: r.get(1)?, phone: r.get(2)? }, r.get(3)?)),
                    )
                    .optional()?;
                let profile = if guest {
                    Customer::default()
                } else {
                    c.query_row("SELECT display_name, email, COALESCE(phone, '') FROM users WHERE id = ?1", [&owner], |r| {
                        Ok(Customer { name: r.get(0)?, email: r.get(1)?, phone: r.get(2)? })
                    })?
                };
                let (used, address) = last.map_or((Customer::default(), None), |(customer, address)| (customer, Some(address)));
                // An account's profile comes first (a guest has none); what it lacks (the phone, which
                // sign-up does not ask for) comes from the last checkout.
                let pick = |first: String, then: String| if first.is_empty() { then } else { first };
                let customer = Customer {
                    name: pick(profile.name, used.name),
                    email: pick(profile.email, used.email),
                    phone: pick(profile.phone, used.phone),
                };
                let postal_code = crate::settings::load(c)?.postal_code;
                Ok((customer, address.and_then(|a| serde_json::from_str::<Address>(&a).ok()), postal_code))
            })
            .await?;
        Ok(CheckoutDetails { customer, address, postal_code, mode: self.mode(), public_key: self.paystack.public_key.clone() })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn body(customer: Customer, address: Address) -> StartBody {
        StartBody {
            customer,
            address,
            method: Method::Delivery,
            code: None,
            expected_total: None,
            payment_method: Default::default(),
            note: None,
            use_credit: false,
            gift_card: None,
        }
    }

    fn good() -> StartBody {
        body(
            Customer { name: " Ada ".into(), email: "ada@example.com".into(), phone: "+234 803 000 0000".into() },
            Address {
                street: "1 Marina".into(),
                city: "Lagos".into(),
                state: "Lagos".into(),
                country: "Nigeria".into(),
                postal_code: "101001".into(),
                landmark: String::new(),
            },
        )
    }

    #[test]
    fn checkout_forms_are_checked_with_the_spec_messages() {
        let mut ok = good();
        validate(&mut ok).unwrap();
        assert_eq!(ok.customer.name, "Ada", "trimmed");
        let mut no_city = good();
        no_city.address.city = "  ".into();
        assert_eq!(validate(&mut no_city).unwrap_err().message(), "Please fill in all delivery address fields");
        let mut no_phone = good();
        no_phone.customer.phone = String::new();
        assert_eq!(validate(&mut no_phone).unwrap_err().message(), "Please fill in your name, email and phone number.");
        let mut bad_phone = good();
        bad_phone.customer.phone = "call me".into();
        assert_eq!(validate(&mut bad_phone).unwrap_err().message(), "A phone number has only digits, spaces and +, e.g. 0803 123 4567.");
        let mut short_phone = good();
        short_phone.customer.phone = "0803 123 456".into();
        assert_eq!(validate(&mut short_phone).unwrap_err().message(), "A Nigerian mobile number has 11 digits, e.g. 0803 123 4567.");
        let mut typed = good();
        typed.customer.phone = "0803 000 0000".into();
        validate(&mut typed).unwrap();
        assert_eq!(typed.customer.phone, "+2348030000000", "kept as E.164");
        let mut bad_email = good();
        bad_email.customer.email = "ada".into();
        assert_eq!(validate(&mut bad_email).unwrap_err().message(), "Please enter a valid email address.");
    }
}
