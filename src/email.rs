//! E-mail addresses: the one shape check every form uses (sign-up, login, reset, contact,
//! checkout, admin grants). A leaf module: it depends on nothing else in the shop.

/// A simple e-mail shape check, as the spec asks: text, @, text, dot, text; no spaces.
pub fn looks_like_email(email: &str) -> bool {
    let Some((local, domain)) = email.split_once('@') else { return false };
    let Some((host, tld)) = domain.rsplit_once('.') else { return false };
    !local.is_empty()
        && !host.is_empty()
        && !tld.is_empty()
        && !domain.contains('@')
        && email.len() <= 254
        && !email.chars().any(char::is_whitespace)
}

#[cfg(test)]
mod tests {
    #[test]
    fn email_shape() {
        assert!(super::looks_like_email("ada@example.com"));
        assert!(super::looks_like_email("a.b+c@shop.co.ng"));
        for bad in ["", "ada", "ada@", "@example.com", "ada@example", "ada@example.", "a b@example.com", "a@b@c.com"] {
            assert!(!super::looks_like_email(bad), "{bad:?}");
        }
    }
}
