//! Money is integer kobo. Naira typed by people is parsed as a decimal string, never a float.

/// Parses a naira amount such as "25000", "25,000.5" or "18999.99" into kobo.
/// Rejects negatives, more than two decimals, and absurd sizes.
pub fn parse_naira(input: &str) -> Result<i64, String> {
    let text: String = input.trim().trim_start_matches('₦').chars().filter(|c| *c != ',').collect();
    let invalid = || format!("{input:?} is not a valid price: use naira with at most two decimals, like 25000.00");
    if text.is_empty() || text.starts_with('-') {
        return Err(invalid());
    }
    let (whole, fraction) = text.split_once('.').unwrap_or((&text, ""));
    if whole.is_empty() && fraction.is_empty() {
        return Err(invalid());
    }
    if !whole.chars().all(|c| c.is_ascii_digit()) || !fraction.chars().all(|c| c.is_ascii_digit()) {
        return Err(invalid());
    }
    if fraction.len() > 2 {
        return Err(invalid());
    }
    if whole.trim_start_matches('0').len() > 10 {
        return Err("Prices above ₦9,999,999,999.99 are not accepted.".into());
    }
    let naira: i64 = if whole.is_empty() { 0 } else { whole.parse().map_err(|_| invalid())? };
    let kobo: i64 = format!("{fraction:0<2}").parse().map_err(|_| invalid())?;
    Ok(naira * 100 + kobo)
}

/// Formats kobo as the shop shows money: ₦25,000.00.
/// An optional naira amount an admin typed, sent as a JSON string or number (read by its text,
/// never as a float): none when absent or blank, kobo otherwise. `what` names it in messages.
pub fn optional_naira(value: Option<&serde_json::Value>, what: &str) -> Result<Option<i64>, String> {
    let text = match value {
        None | Some(serde_json::Value::Null) => return Ok(None),
        Some(serde_json::Value::String(s)) if s.trim().is_empty() => return Ok(None),
        Some(serde_json::Value::String(s)) => s.trim().to_string(),
        Some(serde_json::Value::Number(n)) => n.to_string(),
        Some(_) => return Err(format!("The {what} must be an amount in naira.")),
    };
    if text.starts_with('-') {
        return Err(format!("The {what} cannot be negative."));
    }
    parse_naira(&text).map(Some).map_err(|e| format!("The {what}: {e}"))
}

pub fn format_naira(kobo: i64) -> String {
    let sign = if kobo < 0 { "-" } else { "" };
    let kobo = kobo.unsigned_abs();
    let digits = (kobo / 100).to_string();
    let mut grouped = String::new();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            grouped.push(',');
        }
        grouped.push(ch);
    }
    format!("{sign}₦{grouped}.{:02}", kobo % 100)
}

/// Kobo as a plain decimal naira string ("25000.00"), for machine-readable tags.
pub fn naira_decimal(kobo: i64) -> String {
    format!("{}.{:02}", kobo / 100, kobo % 100)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_naira_exactly() {
        assert_eq!(parse_naira("25000"), Ok(2_500_000));
        assert_eq!(parse_naira("25,000.5"), Ok(2_500_050));
        assert_eq!(parse_naira("18999.99"), Ok(1_899_999));
        assert_eq!(parse_naira("0.07"), Ok(7));
        assert_eq!(parse_naira(".5"), Ok(50));
        assert_eq!(parse_naira("₦1,000.00"), Ok(100_000));
        // 19.99 * 100 is 1998.999… in floating point; parsing the text is exact.
        assert_eq!(parse_naira("19.99"), Ok(1999));
    }

    #[test]
    fn rejects_bad_prices() {
        for bad in ["", " ", "-5", "1.234", "abc", "1e5", "12.3.4", ".", "99999999999"] {
            assert!(parse_naira(bad).is_err(), "{bad:?} should be rejected");
        }
    }

    #[test]
    fn formats_with_separators_and_two_decimals() {
        assert_eq!(format_naira(2_500_000), "₦25,000.00");
        assert_eq!(format_naira(1_999_999), "₦19,999.99");
        assert_eq!(format_naira(5), "₦0.05");
        assert_eq!(format_naira(12_345_678_900), "₦123,456,789.00");
        assert_eq!(naira_decimal(4_500_050), "45000.50");
    }
}
