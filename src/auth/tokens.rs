//! Biscuit session tokens: `user`, `session` and, for admins, `admin` facts, with an expiry check,
//! signed by a key generated into the data directory on first start.
//!
//! Checking a token's signature (ed25519) and running its checks took a tenth of the server's time
//! under checkout load, where a shopper's token arrives with every request: a token that verified
//! is remembered with its claims until it expires, so the same token costs one look-up after the
//! first. Only tokens that verified are remembered; revoked sessions are refused by the session
//! look-up that follows every verification (`http::authenticate`), remembered or not.

use std::collections::HashMap;
use std::path::Path;
use std::sync::RwLock;
use std::time::{Duration, SystemTime};

use biscuit_auth::AuthorizerLimits;
use biscuit_auth::builder::{Algorithm, Term};
use biscuit_auth::macros::{authorizer, biscuit, fact, rule};
use biscuit_auth::{Biscuit, KeyPair, PrivateKey};

/// Tokens live one hour; the app refreshes them five minutes before they expire.
pub const TOKEN_LIFETIME: Duration = Duration::from_secs(60 * 60);

pub struct TokenKeys {
    keys: KeyPair,
    /// Tokens that verified, with their claims and expiry.
    verified: RwLock<HashMap<String, (Claims, SystemTime)>>,
}

/// Tokens remembered; past this they start over (a few hundred bytes each).
const VERIFIED_KEPT: usize = 8192;

/// What a valid token says.
#[derive(Debug, Clone, PartialEq)]
pub struct Claims {
    pub user_id: crate::ids::UserId,
    pub session_id: String,
    pub admin: bool,
}

impl TokenKeys {
    /// Loads the signing key from `path`, creating it (readable by the owner only) the first time.
    pub fn load_or_create(path: &Path) -> Result<TokenKeys, String> {
        if path.exists() {
            let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
            let private = PrivateKey::from_bytes_hex(text.trim(), Algorithm::Ed25519)
                .map_err(|e| format!("the token signing key {} is not valid: {e}", path.display()))?;
            return Ok(TokenKeys::with(KeyPair::from(&private)));
        }
        let keys = KeyPair::new();
        write_private(path, &keys.private().to_bytes_hex()).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        Ok(TokenKeys::with(keys))
    }

    fn with(keys: KeyPair) -> TokenKeys {
        TokenKeys { keys, verified: RwLock::default() }
    }

    /// A key that lives only in memory (tests of foreign-key tokens).
    pub fn ephemeral() -> TokenKeys {
        TokenKeys::with(KeyPair::new())
    }

    /// A secret for another purpose (device cookies), derived from the signing key so the data
    /// directory keeps one key file.
    pub fn derive_secret(&self, purpose: &str) -> [u8; 32] {
        use sha2::{Digest, Sha256};
        Sha256::new().chain_update(purpose).chain_update(self.keys.private().to_bytes_hex()).finalize().into()
    }

    pub fn issue(&self, claims: &Claims, expires_at: SystemTime) -> Result<String, String> {
        let expires: Term = expires_at.into();
        let mut builder = biscuit!(
            r#"user({user}); session({session}); expires({expires}); check if time($time), $time <= {expires};"#,
            user = claims.user_id.as_str(),
            session = claims.session_id.as_str(),
            expires = expires,
        );
        if claims.admin {
            builder = builder.fact(fact!("admin(true)")).map_err(|e| e.to_string())?;
        }
        builder.build(&self.keys).and_then(|t| t.to_base64()).map_err(|e| e.to_string())
    }

    /// Checks the signature and the expiry, and reads the facts. Any failure means "no session".
    pub fn verify(&self, token: &str) -> Option<Claims> {
        if token.len() > 4096 {
            return None;
        }
        let now = SystemTime::now();
        if let Some((claims, expires)) = self.verified.read().unwrap().get(token) {
            return (now <= *expires).then(|| claims.clone());
        }
        let (claims, expires) = self.verify_signed(token)?;
        // Tokens issued before they named their expiry as a fact are checked every time.
        if let Some(expires) = expires {
            let mut verified = self.verified.write().unwrap();
            if verified.len() >= VERIFIED_KEPT {
                verified.clear();
            }
            verified.insert(token.to_string(), (claims.clone(), expires));
        }
        Some(claims)
    }

    /// The whole check: signature, the token's own checks (its expiry) and its facts.
    fn verify_signed(&self, token: &str) -> Option<(Claims, Option<SystemTime>)> {
        let token = Biscuit::from_base64(token, self.keys.public()).ok()?;
        // The default 1 ms run limit is wall-clock time: on a busy 2-core machine a thread switch
        // alone can exceed it and turn a valid session into a spurious 401. The program is a few
        // facts, so a generous bound still stops only a pathological token.
        let limits = AuthorizerLimits { max_time: Duration::from_millis(250), ..AuthorizerLimits::default() };
        let mut authorizer = authorizer!(r#"allow if user($u), session($s);"#).time().set_limits(limits).build(&token).ok()?;
        authorizer.authorize().ok()?;
        let users: Vec<(String,)> = authorizer.query(rule!("u($u) <- user($u)")).ok()?;
        let sessions: Vec<(String,)> = authorizer.query(rule!("s($s) <- session($s)")).ok()?;
        let admins: Vec<(bool,)> = authorizer.query(rule!("a($a) <- admin($a)")).ok()?;
        let expiries: Vec<(SystemTime,)> = authorizer.query(rule!("e($e) <- expires($e)")).ok()?;
        match (users.as_slice(), sessions.as_slice(), expiries.as_slice()) {
            ([(user_id,)], [(session_id,)], expiry) => Some((
                Claims { user_id: user_id.clone().into(), session_id: session_id.clone(), admin: admins.iter().any(|(a,)| *a) },
                match expiry {
                    [(at,)] => Some(*at),
                    _ => None,
                },
            )),
            _ => None,
        }
    }
}

fn write_private(path: &Path, text: &str) -> std::io::Result<()> {
    use std::io::Write;
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    options.open(path)?.write_all(text.as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn claims(admin: bool) -> Claims {
        Claims { user_id: "u1".into(), session_id: "s1".into(), admin }
    }

    #[test]
    fn issued_tokens_verify_with_their_facts() {
        let keys = TokenKeys::ephemeral();
        let token = keys.issue(&claims(true), SystemTime::now() + TOKEN_LIFETIME).unwrap();
        assert_eq!(keys.verify(&token), Some(claims(true)));
        let token = keys.issue(&claims(false), SystemTime::now() + TOKEN_LIFETIME).unwrap();
        assert_eq!(keys.verify(&token), Some(claims(false)));
    }

    #[test]
    fn a_remembered_token_still_expires_and_a_bad_one_is_never_remembered() {
        let keys = TokenKeys::ephemeral();
        let soon = SystemTime::now() + Duration::from_millis(1500);
        let token = keys.issue(&claims(false), soon).unwrap();
        assert_eq!(keys.verify(&token), Some(claims(false)));
        assert_eq!(keys.verify(&token), Some(claims(false)), "remembered");
        assert!(keys.verified.read().unwrap().contains_key(&token));
        std::thread::sleep(Duration::from_millis(2100));
        assert_eq!(keys.verify(&token), None, "a remembered token expires when it says");
        let foreign = TokenKeys::ephemeral().issue(&claims(true), SystemTime::now() + TOKEN_LIFETIME).unwrap();
        assert_eq!(keys.verify(&foreign), None);
        assert_eq!(keys.verify(&foreign), None);
        assert!(!keys.verified.read().unwrap().contains_key(&foreign));
    }

    #[test]
    fn expired_foreign_and_tampered_tokens_fail() {
        let keys = TokenKeys::ephemeral();
        let expired = keys.issue(&claims(false), SystemTime::now() - Duration::from_secs(1)).unwrap();
        assert_eq!(keys.verify(&expired), None);
        let foreign = TokenKeys::ephemeral().issue(&claims(true), SystemTime::now() + TOKEN_LIFETIME).unwrap();
        assert_eq!(keys.verify(&foreign), None);
        let good = keys.issue(&claims(false), SystemTime::now() + TOKEN_LIFETIME).unwrap();
        let mut tampered = good.into_bytes();
        let i = tampered.len() / 2;
        tampered[i] = if tampered[i] == b'A' { b'B' } else { b'A' };
        assert_eq!(keys.verify(&String::from_utf8(tampered).unwrap()), None);
        assert_eq!(keys.verify("garbage"), None);
    }
}
