//! Password hashing with argon2id (OWASP's recommended 19 MiB, 2 passes, 1 lane).

use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::{Algorithm, Argon2, Params, Version};

use crate::error::{AppError, AppResult};

pub const MEMORY_KIB: u32 = 19_456;
pub const PASSES: u32 = 2;
pub const LANES: u32 = 1;
pub const MIN_LENGTH: usize = 6;
pub const MAX_LENGTH: usize = 128;

fn hasher() -> Argon2<'static> {
    Argon2::new(Algorithm::Argon2id, Version::V0x13, Params::new(MEMORY_KIB, PASSES, LANES, None).expect("valid argon2 parameters"))
}

/// Hashes a password. CPU- and memory-heavy: call it on the blocking pool.
pub fn hash(password: &str) -> AppResult<String> {
    let salt = SaltString::encode_b64(&crate::util::random_bytes::<16>()).map_err(AppError::internal)?;
    Ok(hasher().hash_password(password.as_bytes(), &salt).map_err(AppError::internal)?.to_string())
}

/// Checks a password against a stored hash. Call it on the blocking pool.
pub fn verify(password: &str, stored: &str) -> bool {
    PasswordHash::new(stored).is_ok_and(|parsed| hasher().verify_password(password.as_bytes(), &parsed).is_ok())
}

/// A hash of a password nobody knows, verified when the account does not exist so that both
/// answers take the same time.
pub fn dummy_hash() -> &'static str {
    static DUMMY: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    DUMMY.get_or_init(|| hash(&crate::util::random_id(24)).expect("hashing works"))
}

/// The one form of a password that sign-up, reset and login all use: the spec trims at login, so
/// every other door trims too, or a password typed with a space at either end could never sign in.
pub fn normalize(password: &str) -> &str {
    password.trim()
}

/// The spec's password rule, with a sane upper bound.
pub fn check_policy(password: &str) -> Result<(), String> {
    if password.chars().count() < MIN_LENGTH {
        return Err("Password must be at least 6 characters long.".into());
    }
    if password.len() > MAX_LENGTH {
        return Err(format!("Password must be at most {MAX_LENGTH} characters long."));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    #[test]
    fn hashes_verify_and_differ() {
        let a = super::hash("secret1").unwrap();
        let b = super::hash("secret1").unwrap();
        assert_ne!(a, b, "salted");
        assert!(a.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"));
        assert!(super::verify("secret1", &a));
        assert!(!super::verify("secret2", &a));
        assert!(!super::verify("secret1", "not a hash"));
    }
}
