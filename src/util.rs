//! Random identifiers and secrets.

const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

pub fn random_bytes<const N: usize>() -> [u8; N] {
    let mut buf = [0u8; N];
    getrandom::fill(&mut buf).expect("the operating system's random source failed");
    buf
}

/// A random, URL-safe id of `len` characters from 62 symbols (about 5.95 bits each).
pub fn random_id(len: usize) -> String {
    let mut out = String::with_capacity(len);
    while out.len() < len {
        for b in random_bytes::<32>() {
            // 248 = 4 * 62: reject the tail so every symbol is equally likely.
            if b < 248 && out.len() < len {
                out.push(ALPHABET[(b % 62) as usize] as char);
            }
        }
    }
    out
}

/// The id for a new row: 20 random characters (about 119 bits).
pub fn new_id() -> String {
    random_id(20)
}

#[cfg(test)]
mod tests {
    #[test]
    fn ids_are_url_safe_and_distinct() {
        let a = super::new_id();
        let b = super::new_id();
        assert_eq!(a.len(), 20);
        assert!(a.chars().all(|c| c.is_ascii_alphanumeric()));
        assert_ne!(a, b);
    }
}
