//! Random identifiers and secrets.

const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

pub fn random_bytes<const N: usize>() -> [u8; N] {
    let mut buf = [0u8; N];
    getrandom::fill(&mut buf).expect("the operating system's random source failed");
    buf
}

/// `len` symbols drawn from `alphabet` (at most 256 of them), each equally likely: the one
/// generator behind every id, token, code and order number the shop makes.
pub fn random_from(alphabet: &[u8], len: usize) -> String {
    assert!(!alphabet.is_empty() && alphabet.len() <= 256);
    // Bytes at or past the largest multiple of the alphabet's size are skipped, so no symbol
    // is drawn more often than another.
    let limit = 256 - 256 % alphabet.len();
    let mut out = String::with_capacity(len);
    while out.len() < len {
        for b in random_bytes::<32>() {
            if usize::from(b) < limit && out.len() < len {
                out.push(alphabet[usize::from(b) % alphabet.len()] as char);
            }
        }
    }
    out
}

/// A random, URL-safe id of `len` characters from 62 symbols (about 5.95 bits each).
pub fn random_id(len: usize) -> String {
    random_from(ALPHABET, len)
}

/// The id for a new row: 20 random characters (about 119 bits).
pub fn new_id() -> String {
    random_id(20)
}

/// Ids we generate or fix are short and URL-safe; anything else cannot exist.
pub fn plausible_id(id: &str) -> bool {
    !id.is_empty() && id.len() <= 64 && id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
}

/// An address for a new collection or page from its name: lower-case ASCII words joined by dashes,
/// at most 48 characters ("Size & Fit" -> "size-fit"), `fallback` when the name has none, and a
/// number added ("size-fit-2") while `taken` says it is in use.
pub fn unused_slug<E>(name: &str, fallback: impl FnOnce() -> String, mut taken: impl FnMut(&str) -> Result<bool, E>) -> Result<String, E> {
    let words: String = name
        .to_lowercase()
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|p| !p.is_empty())
        .collect::<Vec<_>>()
        .join("-")
        .chars()
        .take(48)
        .collect();
    // The cut may end between two words.
    let base = match words.trim_end_matches('-') {
        "" => fallback(),
        words => words.to_string(),
    };
    let mut candidate = base.clone();
    let mut n = 2;
    while taken(&candidate)? {
        candidate = format!("{base}-{n}");
        n += 1;
    }
    Ok(candidate)
}

/// Text made safe inside HTML or XML, in an element or a quoted attribute: the five markup
/// characters escaped.
pub fn escape_markup(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;").replace('\'', "&#39;")
}

/// Unix milliseconds as an RFC 3339 UTC timestamp, e.g. `2026-11-22T07:05:09.123Z`.
pub fn iso8601(ms: i64) -> String {
    let format = time::macros::format_description!("[year]-[month]-[day]T[hour]:[minute]:[second].[subsecond digits:3]Z");
    time::OffsetDateTime::from_unix_timestamp_nanos(i128::from(ms) * 1_000_000)
        .ok()
        .and_then(|at| at.format(format).ok())
        .unwrap_or_else(|| "1970-01-01T00:00:00.000Z".into())
}

/// `%text%` for SQL's LIKE … ESCAPE '\\', its wildcards taken literally, of at most 100
/// characters; "" for no search.
pub fn like_pattern(text: &str) -> String {
    let text: String = text.trim().chars().take(100).collect();
    if text.is_empty() {
        return String::new();
    }
    format!("%{}%", text.replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_"))
}

/// Lagos is UTC+1 all year (no daylight saving): the shop's clock for people.
pub const LAGOS_OFFSET_MS: i64 = 3_600_000;
pub const DAY_MS: i64 = 86_400_000;

/// The Lagos day (days since 1970-01-01) of a Unix ms time: the day the dashboard, the exports and
/// "best selling" count in (the database's sales triggers, migrations 0007 and 0012, count the same).
pub fn lagos_day(ms: i64) -> i64 {
    (ms + LAGOS_OFFSET_MS).div_euclid(DAY_MS)
}

/// When a Lagos day starts, in Unix ms.
pub fn lagos_day_start(day: i64) -> i64 {
    day * DAY_MS - LAGOS_OFFSET_MS
}

/// Unix milliseconds as a Lagos date and time to the minute, `2026-11-22 08:05`: the form
/// spreadsheets read as a date and time.
pub fn lagos_minute(ms: i64) -> String {
    let at = iso8601(ms + LAGOS_OFFSET_MS);
    format!("{} {}", &at[..10], &at[11..16])
}

/// The day number (days since 1970-01-01) of a calendar date "2026-11-23"; none for anything
/// else, including dates that do not exist (2026-02-30).
pub fn parse_date(text: &str) -> Option<i64> {
    if text.trim().len() != 10 {
        return None;
    }
    let date = time::Date::parse(text.trim(), time::macros::format_description!("[year]-[month]-[day]")).ok()?;
    Some(i64::from(date.to_julian_day() - time::Date::from_ordinal_date(1970, 1).ok()?.to_julian_day()))
}

/// Replaces `dir/name` with `bytes` in one step: a new file made 0600 from its first byte (never a
/// moment readable by others), written and synced, then renamed over the old one. For the data
/// directory's secrets (the keys, the setup code); the message names the file.
pub fn write_private_file(dir: &std::path::Path, name: &str, bytes: &[u8]) -> Result<(), String> {
    use std::io::Write;
    let file = dir.join(name);
    let temporary = dir.join(format!(".{name}.{}", random_id(8)));
    let written = (|| -> std::io::Result<()> {
        let mut options = std::fs::OpenOptions::new();
        options.write(true).create_new(true);
        #[cfg(unix)]
        std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
        let mut out = options.open(&temporary)?;
        out.write_all(bytes)?;
        out.sync_all()?;
        std::fs::rename(&temporary, &file)
    })();
    written.map_err(|e| {
        let _ = std::fs::remove_file(&temporary);
        format!("cannot write {}: {e}", file.display())
    })
}

/// For a request field where "sent as null" and "left out" differ: `None` when left out,
/// `Some(None)` when null, `Some(Some(value))` otherwise (serde maps both to `None` by itself).
pub fn sent<'de, D: serde::Deserializer<'de>, T: serde::Deserialize<'de>>(d: D) -> Result<Option<Option<T>>, D::Error> {
    <Option<T> as serde::Deserialize>::deserialize(d).map(Some)
}

#[cfg(test)]
mod tests {
    #[test]
    fn random_symbols_come_from_the_alphabet_evenly() {
        // Each of 3 symbols about a third of the time, and nothing else.
        let drawn = super::random_from(b"xyz", 60_000);
        for symbol in ['x', 'y', 'z'] {
            let count = drawn.chars().filter(|c| *c == symbol).count();
            assert!((19_000..21_000).contains(&count), "{symbol}: {count}");
        }
        assert_eq!(drawn.len(), 60_000);
        assert!(super::random_id(40).chars().all(|c| c.is_ascii_alphanumeric()));
    }

    #[test]
    fn timestamps_are_rfc3339() {
        assert_eq!(super::iso8601(0), "1970-01-01T00:00:00.000Z");
        assert_eq!(super::iso8601(951_782_400_000), "2000-02-29T00:00:00.000Z");
        assert_eq!(super::iso8601(1_795_331_109_123), "2026-11-22T07:05:09.123Z");
        assert_eq!(super::lagos_minute(1_795_331_109_123), "2026-11-22 08:05");
        assert_eq!(super::lagos_minute(1_795_392_000_000 - 1), "2026-11-23 00:59", "after midnight in Lagos, before it in UTC");
    }

    #[test]
    fn dates_parse_to_day_numbers_and_impossible_ones_do_not() {
        assert_eq!(super::parse_date("1970-01-01"), Some(0));
        assert_eq!(super::parse_date("2000-03-01"), Some(11_017));
        assert_eq!(super::parse_date(" 2026-11-23 "), Some(20_780));
        for bad in ["2026-02-30", "2026-13-01", "2026-1-05", "26-11-23", "+02026-11-23", "2026/11/23", ""] {
            assert_eq!(super::parse_date(bad), None, "{bad}");
        }
    }

    #[test]
    fn slugs_are_words_made_unique() {
        let taken = ["size-fit", "size-fit-2"];
        let slug = |name: &str| super::unused_slug(name, || "page".to_string(), |s| Ok::<_, ()>(taken.contains(&s))).unwrap();
        assert_eq!(slug("Size & Fit"), "size-fit-3");
        assert_eq!(slug("  Àdìrẹ  Maxi "), "d-r-maxi");
        assert_eq!(slug("!!!"), "page");
        let long = slug(&format!("{} b", "a".repeat(47)));
        assert_eq!(long, "a".repeat(47), "no dash left at the cut");
    }

    #[test]
    fn ids_are_url_safe_and_distinct() {
        let a = super::new_id();
        let b = super::new_id();
        assert_eq!(a.len(), 20);
        assert!(a.chars().all(|c| c.is_ascii_alphanumeric()));
        assert_ne!(a, b);
    }
}
