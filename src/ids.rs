//! The ids that pass between modules, each its own type so a product id cannot be handed where an
//! order id is wanted. They are strings underneath: plain JSON strings, TEXT in the database, and
//! `&str` wherever one is read (`Deref`), so using one costs nothing.

/// Declares a string-backed id type.
///
/// In the API document an id is a string: a field spells `#[schema(value_type = String)]` (or
/// `Option<String>`), which keeps the document and the generated front-end types exactly as they
/// were. The types deliberately have no `ToSchema`, so a field that forgets the attribute does not
/// compile instead of turning into a `$ref` to a new component.
macro_rules! string_id {
    ($($(#[$meta:meta])* $name:ident in $segment:literal;)+) => {$(
        $(#[$meta])*
        #[derive(Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize)]
        #[serde(transparent)]
        pub struct $name(String);

        impl $name {
            pub fn as_str(&self) -> &str {
                &self.0
            }

            pub fn into_string(self) -> String {
                self.0
            }
        }

        impl std::ops::Deref for $name {
            type Target = str;
            fn deref(&self) -> &str {
                &self.0
            }
        }

        impl AsRef<str> for $name {
            fn as_ref(&self) -> &str {
                &self.0
            }
        }

        impl std::borrow::Borrow<str> for $name {
            fn borrow(&self) -> &str {
                &self.0
            }
        }

        impl From<String> for $name {
            fn from(id: String) -> $name {
                $name(id)
            }
        }

        impl From<&str> for $name {
            fn from(id: &str) -> $name {
                $name(id.to_string())
            }
        }

        impl From<$name> for String {
            fn from(id: $name) -> String {
                id.0
            }
        }

        impl PartialEq<str> for $name {
            fn eq(&self, other: &str) -> bool {
                self.0 == other
            }
        }

        impl PartialEq<&str> for $name {
            fn eq(&self, other: &&str) -> bool {
                self.0 == *other
            }
        }

        impl PartialEq<String> for $name {
            fn eq(&self, other: &String) -> bool {
                &self.0 == other
            }
        }

        impl PartialEq<$name> for String {
            fn eq(&self, other: &$name) -> bool {
                self == &other.0
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(&self.0)
            }
        }

        impl rusqlite::types::ToSql for $name {
            fn to_sql(&self) -> rusqlite::Result<rusqlite::types::ToSqlOutput<'_>> {
                self.0.to_sql()
            }
        }

        impl rusqlite::types::FromSql for $name {
            fn column_result(value: rusqlite::types::ValueRef<'_>) -> rusqlite::types::FromSqlResult<$name> {
                String::column_result(value).map($name)
            }
        }

        impl utoipa::PartialSchema for $name {
            fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
                <String as utoipa::PartialSchema>::schema()
            }
        }

        /// As a handler's `web::Path<Id>`: the route's one segment, always named as here.
        impl utoipa::IntoParams for $name {
            fn into_params(_: impl Fn() -> Option<utoipa::openapi::path::ParameterIn>) -> Vec<utoipa::openapi::path::Parameter> {
                vec![utoipa::openapi::path::ParameterBuilder::new()
                    .name($segment)
                    .parameter_in(utoipa::openapi::path::ParameterIn::Path)
                    .required(utoipa::openapi::Required::True)
                    .schema(Some(<String as utoipa::PartialSchema>::schema()))
                    .build()]
            }
        }
    )+};
}

string_id! {
    /// A product (`products.id`).
    ProductId in "id";
    /// One sellable size × colour of a product (`variants.id`).
    VariantId in "id";
    /// An order (`orders.id`); not the number the shopper reads out.
    OrderId in "id";
    /// An account (`users.id`).
    UserId in "id";
    /// The reference a payment is known by here and at Paystack (`payments.reference`).
    PaymentReference in "reference";
    /// A collection (`collections.id`), also its address on the storefront.
    CollectionId in "id";
    /// One line of a shopper's bag (`bag_items.id`).
    BagItemId in "id";
    /// A shopper's review of a product (`reviews.id`).
    ReviewId in "id";
    /// An invitation to join the staff (`staff_invites.id`).
    InviteId in "id";
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_plain_strings_on_the_wire_and_in_the_database() {
        let id = ProductId::from("p-1");
        assert_eq!(serde_json::to_string(&id).unwrap(), "\"p-1\"");
        assert_eq!(serde_json::from_str::<ProductId>("\"p-1\"").unwrap(), id);
        let conn = rusqlite::Connection::open_in_memory().unwrap();
        let back: ProductId = conn.query_row("SELECT ?1", [&id], |r| r.get(0)).unwrap();
        assert_eq!(back, id);
        assert_eq!(format!("{id}"), "p-1");
        assert!(id.starts_with("p-"), "reads as a &str");
    }
}
