//! Who a customer is to the shop beyond her account: her e-mail address and phone number, each
//! reduced to a key that the ways she may write them share. Limits that bind "one customer" (a
//! code's uses per customer, open pay-on-delivery orders) count her by any of these, so a fresh
//! guest cookie or a new account with the same details is still her.
//!
//! A leaf module. The keys are stored beside code uses and orders when they are written;
//! migration 0015 computed the same keys in SQL for the rows before it (a unit test keeps the two
//! in step).

use crate::ids::UserId;

/// The key of an e-mail address: trimmed and lower-cased, without a `+tag` in its local part
/// (most mail services deliver `ada+anything@…` to `ada@…`), and for Gmail without the dots it
/// ignores (`a.d.a@googlemail.com` is `ada@gmail.com`). None for an empty address.
pub fn email_key(email: &str) -> Option<String> {
    let email = email.trim().to_lowercase();
    let (local, domain) = email.rsplit_once('@')?;
    let local = match local.find('+') {
        Some(plus) if plus > 0 => &local[..plus],
        _ => local,
    };
    let key = match domain {
        "gmail.com" | "googlemail.com" => format!("{}@gmail.com", local.replace('.', "")),
        _ => format!("{local}@{domain}"),
    };
    (!local.is_empty()).then_some(key)
}

/// The key of a phone number (`phone::key`: the last ten digits of its E.164 form), so
/// `+234 803 123 4567`, `08031234567` and `0803-123-4567` are one number. None when it has fewer
/// than seven digits (not a number).
pub fn phone_key(phone: &str) -> Option<String> {
    let digits = phone.chars().filter(char::is_ascii_digit).count();
    (digits >= 7).then(|| crate::phone::key(phone))
}

/// A customer as the shop's limits count her: her account (or guest row), and the keys of every
/// e-mail and phone that are hers here — those typed for this order, and her account's.
#[derive(Debug, Clone, PartialEq)]
pub struct Identity {
    pub user: UserId,
    /// E-mail keys, the one typed for this order first.
    pub emails: Vec<String>,
    /// Phone keys, the one typed for this order first.
    pub phones: Vec<String>,
}

impl Identity {
    /// `user` known by these e-mails and phones (as typed; empty ones and repeats are dropped).
    pub fn new<'a>(user: &UserId, emails: impl IntoIterator<Item = &'a str>, phones: impl IntoIterator<Item = &'a str>) -> Identity {
        fn keys<'a>(values: impl IntoIterator<Item = &'a str>, key: fn(&str) -> Option<String>) -> Vec<String> {
            let mut out: Vec<String> = Vec::new();
            for k in values.into_iter().filter_map(key) {
                if !out.contains(&k) {
                    out.push(k);
                }
            }
            out
        }
        Identity { user: user.clone(), emails: keys(emails, email_key), phones: keys(phones, phone_key) }
    }

    /// The e-mail key recorded with what she does now (the one typed for it).
    pub fn email(&self) -> Option<&str> {
        self.emails.first().map(String::as_str)
    }

    /// The phone key recorded with what she does now.
    pub fn phone(&self) -> Option<&str> {
        self.phones.first().map(String::as_str)
    }

    /// The e-mail keys as a JSON array, for `IN (SELECT value FROM json_each(?))`.
    pub fn emails_json(&self) -> String {
        serde_json::to_string(&self.emails).unwrap_or_else(|_| "[]".into())
    }

    /// The phone keys as a JSON array.
    pub fn phones_json(&self) -> String {
        serde_json::to_string(&self.phones).unwrap_or_else(|_| "[]".into())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ways_of_writing_one_address_share_a_key() {
        for same in [" Ada@Example.com ", "ada@example.com", "ada+shoes@example.com", "ADA+x+y@EXAMPLE.COM"] {
            assert_eq!(email_key(same).as_deref(), Some("ada@example.com"), "{same}");
        }
        for same in ["a.d.a@gmail.com", "ADA@googlemail.com", "a.da+promo@gmail.com"] {
            assert_eq!(email_key(same).as_deref(), Some("ada@gmail.com"), "{same}");
        }
        assert_eq!(email_key("a.da@yahoo.com").as_deref(), Some("a.da@yahoo.com"), "dots count elsewhere");
        assert_eq!(email_key("+ada@example.com").as_deref(), Some("+ada@example.com"), "a plus first is the name itself");
        assert_eq!(email_key(""), None);
        assert_eq!(email_key("nobody"), None);
    }

    #[test]
    fn the_ways_of_writing_one_phone_share_a_key() {
        for same in ["+234 803 123 4567", "08031234567", "0803-123-4567", "(0803) 123.4567", "2348031234567"] {
            assert_eq!(phone_key(same).as_deref(), Some("8031234567"), "{same}");
        }
        assert_eq!(phone_key("123456").as_deref(), None);
        assert_eq!(phone_key("1234567").as_deref(), Some("1234567"));
    }

    #[test]
    fn an_identity_keeps_each_key_once_the_typed_one_first() {
        let who = Identity::new(&UserId::from("u1"), ["Ada@x.com", "", "ada@x.com", "bo@x.com"], ["0803 123 4567", "+2348031234567"]);
        assert_eq!(who.emails, ["ada@x.com", "bo@x.com"]);
        assert_eq!(who.phones, ["8031234567"]);
        assert_eq!(who.email(), Some("ada@x.com"));
        assert_eq!(who.emails_json(), r#"["ada@x.com","bo@x.com"]"#);
    }

    /// Migration 0015 wrote the keys of earlier rows in SQL: the same keys as these functions.
    #[test]
    fn the_migration_computed_the_same_keys() {
        let mut conn = rusqlite::Connection::open_in_memory().unwrap();
        crate::db::apply_up_to_for_tests(&mut conn, 14);
        let samples = [
            (" Ada@Example.com ", "+234 803 123 4567"),
            ("a.d.a+promo@GoogleMail.com", "0803-123-4567"),
            ("a.da@yahoo.com", "(0803) 123.4567"),
            ("+ada@example.com", "1234567"),
            ("", "2348031234567"),
        ];
        conn.execute("INSERT INTO users (id, email, display_name, password_hash, created_at) VALUES ('u', 'u@x.com', 'U', '', 0)", [])
            .unwrap();
        conn.execute("INSERT INTO discount_codes (code, kind, percent, created_at) VALUES ('TEN', 'percent', 10, 0)", []).unwrap();
        for (i, (email, phone)) in samples.iter().enumerate() {
            conn.execute(
                "INSERT INTO payments (reference, user_id, amount_kobo, status, customer_name, customer_email, customer_phone,
                                       delivery_address, items, created_at, updated_at)
                 VALUES (?1, 'u', 5000, 'completed', 'A', ?2, ?3, '{}', '[]', 0, 0)",
                rusqlite::params![format!("R{i}"), email, phone],
            )
            .unwrap();
            conn.execute(
                "INSERT INTO discount_uses (payment_reference, code, user_id, discount_kobo, status, created_at)
                 VALUES (?1, 'TEN', 'u', 1, 'used', 0)",
                [format!("R{i}")],
            )
            .unwrap();
        }
        crate::db::apply_up_to_for_tests(&mut conn, 15);
        for (i, (email, phone)) in samples.iter().enumerate() {
            let (e, p): (Option<String>, Option<String>) = conn
                .query_row("SELECT email_key, phone_key FROM discount_uses WHERE payment_reference = ?1", [format!("R{i}")], |r| {
                    Ok((r.get(0)?, r.get(1)?))
                })
                .unwrap();
            assert_eq!((e, p), (email_key(email), phone_key(phone)), "{email} {phone}");
        }
    }
}
