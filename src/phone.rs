//! Phone numbers, stored and compared in one form: E.164 (`+2348031234567`). Nigerians write the
//! same number as "0803 123 4567", "08031234567", "+234 803 123 4567", "2348031234567" or
//! "+234 (0) 803 123 4567"; each becomes `+2348031234567`, so the customers list, the orders list
//! and the limits that count a customer by phone find one customer, however it was typed.
//!
//! A leaf: it knows nothing of the shop. Every place that stores a phone (accounts, checkout,
//! chat orders, guests) normalises it here, the migration that rewrote the numbers stored before
//! calls it through SQL (`ankara_phone`, see `db::migrations`), and [`key`] is what limits count.

use std::fmt;

/// Nigeria's country calling code.
const NIGERIA: &str = "234";
/// Characters people put between digits; anything else (letters, `#`, `*`) is not a phone number.
const SEPARATORS: &[char] = &[' ', '-', '.', '(', ')', '/', '\u{a0}'];

/// Why text is not a phone number, in words for the person who typed it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PhoneError {
    /// Letters or symbols other than + and the usual separators.
    NotDigits,
    /// A Nigerian number with too few or too many digits.
    NigerianLength,
    /// Not a Nigerian number, and not written in the international form (+ and a country code).
    Unknown,
}

impl fmt::Display for PhoneError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            PhoneError::NotDigits => "A phone number has only digits, spaces and +, e.g. 0803 123 4567.",
            PhoneError::NigerianLength => "A Nigerian mobile number has 11 digits, e.g. 0803 123 4567.",
            PhoneError::Unknown => "Please enter a Nigerian phone number (e.g. 0803 123 4567) or an international one starting with +.",
        })
    }
}

impl std::error::Error for PhoneError {}

/// How Nigerian mobile numbers start, after the trunk 0 (0703…, 0803…, 0813…, 0903…, 0913…).
const MOBILE_PREFIXES: &[&str] = &["70", "71", "80", "81", "90", "91"];

/// A Nigerian number without its trunk 0 (its national significant number): a mobile has ten
/// digits and starts with 7, 8 or 9 (803…, 706…, 915…); a fixed line has seven or eight and an
/// area code that is no mobile's (1 234 5678 in Lagos, 9 234 5678 in Abuja, 84 234567 in Port
/// Harcourt), so a mobile missing digits is not taken for a fixed line.
fn nigerian(national: &str) -> Result<String, PhoneError> {
    let first = national.as_bytes().first().copied().unwrap_or(b'0');
    let fits = match national.len() {
        10 => matches!(first, b'7' | b'8' | b'9'),
        7 | 8 => first != b'0' && !MOBILE_PREFIXES.iter().any(|p| national.starts_with(p)),
        _ => false,
    };
    if fits { Ok(format!("+{NIGERIA}{national}")) } else { Err(PhoneError::NigerianLength) }
}

/// `text` as E.164 (`+2348031234567`), or why it cannot be a phone number. Numbers without a
/// country code are read as Nigerian; others must be written with + (or 00) and their code.
pub fn normalise(text: &str) -> Result<String, PhoneError> {
    let text = text.trim();
    // The longest number with separators is far shorter; this bounds the work on hostile input.
    if text.len() > 40 {
        return Err(PhoneError::Unknown);
    }
    let (international, rest) = match text.strip_prefix('+') {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    if rest.chars().any(|c| !c.is_ascii_digit() && !SEPARATORS.contains(&c)) {
        return Err(PhoneError::NotDigits);
    }
    let digits: String = rest.chars().filter(char::is_ascii_digit).collect();
    // "00" is how an international number is dialled from Nigeria (and most of the world).
    let (international, digits) = match digits.strip_prefix("00") {
        Some(after) if !international => (true, after.to_string()),
        _ => (international, digits),
    };
    if let Some(national) = digits.strip_prefix(NIGERIA).filter(|n| international || n.len() >= 7) {
        // "+234 (0) 803…": the trunk 0 written after the country code.
        let national = if national.len() == 11 { national.strip_prefix('0').unwrap_or(national) } else { national };
        // Without +, "234…" is Nigeria's code only when what follows is a whole number.
        if international || nigerian(national).is_ok() {
            return nigerian(national);
        }
    }
    if international {
        // E.164: a country code (never starting with 0) and at most 15 digits in all.
        return if (8..=15).contains(&digits.len()) && !digits.starts_with('0') {
            Ok(format!("+{digits}"))
        } else {
            Err(PhoneError::Unknown)
        };
    }
    match digits.strip_prefix('0') {
        Some(national) if !national.starts_with('0') => nigerian(national),
        // A mobile written without its 0: 803 123 4567.
        _ if digits.len() == 10 && matches!(digits.as_bytes()[0], b'7' | b'8' | b'9') => nigerian(&digits),
        _ if digits.len() >= 7 && digits.len() <= 12 => Err(PhoneError::NigerianLength),
        _ => Err(PhoneError::Unknown),
    }
}

/// What the shop compares to tell whether two phone numbers are one customer's: the last ten
/// digits of the number's E.164 form (of its digits, when it cannot be read as a number), so
/// "+234 803 123 4567" and "08031234567" have one key. Stored numbers are E.164, so in SQL the
/// key of a column is its last ten digits.
pub fn key(text: &str) -> String {
    let digits: String = match normalise(text) {
        Ok(e164) => e164.chars().filter(char::is_ascii_digit).collect(),
        Err(_) => text.chars().filter(char::is_ascii_digit).collect(),
    };
    digits[digits.len().saturating_sub(10)..].to_string()
}

/// `text` normalised when it can be read as a phone number, else as it was (trimmed): for numbers
/// typed before the shop normalised them, which are kept rather than lost.
pub fn normalised_or_kept(text: &str) -> String {
    normalise(text).unwrap_or_else(|_| text.trim().to_string())
}

/// A Nigerian number as Nigerians write it, with its trunk 0 and spaces: "0803 123 4567" (a fixed
/// line "01 234 5678"). None for a number of another country, or text that is not a number.
pub fn national(text: &str) -> Option<String> {
    let e164 = normalise(text).ok()?;
    let nsn = e164.strip_prefix("+234")?;
    let head = nsn.len() - 7;
    Some(format!("0{} {} {}", &nsn[..head], &nsn[head..head + 3], &nsn[head + 3..]))
}

/// The digits to search for, from part of a phone number as a person types it into a search box
/// ("0803 123", "+234 803", "8031234567"): the number's digits after Nigeria's code or trunk 0,
/// so they are found inside stored E.164 numbers. None for fewer than three digits, or for text
/// that is not a number at all.
pub fn search_digits(text: &str) -> Option<String> {
    let text = text.trim();
    let (plus, rest) = match text.strip_prefix('+') {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    if rest.is_empty() || rest.chars().any(|c| !c.is_ascii_digit() && !SEPARATORS.contains(&c)) {
        return None;
    }
    let digits: String = rest.chars().filter(char::is_ascii_digit).collect();
    let (international, digits) = match digits.strip_prefix("00") {
        Some(after) => (true, after),
        None => (plus || digits.len() >= 12, digits.as_str()),
    };
    // "234" is the country code only where one is written (+, 00, or a whole number with it);
    // "2345" typed alone is part of a number.
    let national = match digits.strip_prefix(NIGERIA).filter(|_| international) {
        Some(after) => after.strip_prefix('0').unwrap_or(after),
        None => digits.strip_prefix('0').unwrap_or(digits),
    };
    (national.len() >= 3).then(|| national.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_way_to_write_a_nigerian_mobile_is_one_number() {
        for typed in [
            "0803 123 4567",
            "08031234567",
            "+2348031234567",
            "2348031234567",
            "+234 803 123 4567",
            "+234 (0) 803 123 4567",
            "+234-803-123-4567",
            "(0803) 123-4567",
            "0803.123.4567",
            "00234 803 123 4567",
            "803 123 4567",
            " 0803 123 4567 ",
            "0803\u{a0}123\u{a0}4567",
        ] {
            assert_eq!(normalise(typed).as_deref(), Ok("+2348031234567"), "{typed:?}");
        }
        assert_eq!(normalise("0706 555 0100").as_deref(), Ok("+2347065550100"));
        assert_eq!(normalise("0915 555 0100").as_deref(), Ok("+2349155550100"));
    }

    #[test]
    fn fixed_lines_and_other_countries() {
        assert_eq!(normalise("01 234 5678").as_deref(), Ok("+23412345678"), "Lagos");
        assert_eq!(normalise("09 234 5678").as_deref(), Ok("+23492345678"), "Abuja");
        assert_eq!(normalise("084 234567").as_deref(), Ok("+23484234567"), "Port Harcourt");
        assert_eq!(normalise("+44 20 7946 0958").as_deref(), Ok("+442079460958"));
        assert_eq!(normalise("0044 20 7946 0958").as_deref(), Ok("+442079460958"));
        assert_eq!(normalise("+233 24 123 4567").as_deref(), Ok("+233241234567"), "Ghana");
    }

    #[test]
    fn what_cannot_be_a_phone_is_refused_with_a_reason() {
        assert_eq!(normalise("0803 CALL ME"), Err(PhoneError::NotDigits));
        assert_eq!(normalise("*123#"), Err(PhoneError::NotDigits));
        assert_eq!(normalise("0803 123 456"), Err(PhoneError::NigerianLength), "a digit short");
        assert_eq!(normalise("0803 123 45678"), Err(PhoneError::NigerianLength), "a digit too many");
        assert_eq!(normalise("+234 803 123 45"), Err(PhoneError::NigerianLength), "not a fixed line: 80 is a mobile's");
        assert_eq!(normalise("0603 123 4567"), Err(PhoneError::NigerianLength), "no mobile starts 06");
        assert_eq!(normalise("12345"), Err(PhoneError::Unknown));
        assert_eq!(normalise(""), Err(PhoneError::Unknown));
        assert_eq!(normalise("+"), Err(PhoneError::Unknown));
        assert_eq!(normalise("+0803 123 4567"), Err(PhoneError::Unknown), "no country code starts with 0");
        assert_eq!(normalise("+1234567890123456"), Err(PhoneError::Unknown), "E.164 has at most 15 digits");
        assert_eq!(normalise("0000000000"), Err(PhoneError::Unknown));
        assert!(PhoneError::NigerianLength.to_string().contains("0803 123 4567"));
    }

    #[test]
    fn keys_and_search_digits_meet_the_stored_form() {
        assert_eq!(key("0803 123 4567"), "8031234567");
        assert_eq!(key("+2348031234567"), key("08031234567"));
        assert_eq!(key("not a phone 12"), "12", "what cannot be read is compared by its digits");
        assert_eq!(search_digits("0803 123 4567").as_deref(), Some("8031234567"));
        assert_eq!(search_digits("08031234567").as_deref(), Some("8031234567"));
        assert_eq!(search_digits("+2348031234567").as_deref(), Some("8031234567"));
        assert_eq!(search_digits("+234 (0) 803").as_deref(), Some("803"));
        assert_eq!(search_digits("0805 222").as_deref(), Some("805222"));
        assert_eq!(search_digits("ada"), None);
        assert_eq!(search_digits("08"), None);
        assert_eq!(search_digits("2345").as_deref(), Some("2345"), "part of a number, not a country code");
        assert_eq!(normalised_or_kept("call me"), "call me");
        assert_eq!(national("+2348031234567").as_deref(), Some("0803 123 4567"));
        assert_eq!(national("01 2345678").as_deref(), Some("01 234 5678"));
        assert_eq!(national("+442079460958"), None, "another country's number has no Nigerian form");
        assert_eq!(national("call me"), None);
        assert_eq!(normalised_or_kept("0803 123 4567"), "+2348031234567");
    }
}
