//! Where an import's pictures come from: files by name from the zip uploaded with the CSV (or a
//! folder given to the command), and pictures on the web by URL. A URL is fetched only over
//! http(s), with a size cap, a timeout and a few at a time, and never from a loopback, private or
//! link-local address, nor from an IPv6 address that carries one (`net::is_public`: checked on every
//! address the name resolves to, and again after each redirect), unless the shop is told to allow it (`--import-private-urls`, for tests).

use std::io::{Read, Seek};
use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use crate::zip::{Archive, base_name};

/// The largest picture read from a file or a URL: the same as an upload's.
pub const MAX_PICTURE_BYTES: u64 = crate::media::MAX_UPLOAD_BYTES as u64;
/// Pictures fetched at once.
pub const CONCURRENT_FETCHES: usize = 4;
const FETCH_TIMEOUT: Duration = Duration::from_secs(20);

/// Anything a zip can be read from (a temporary file for uploads, memory in tests).
pub trait Source: Read + Seek + Send {}
impl<T: Read + Seek + Send> Source for T {}

/// The picture files sent with a CSV.
pub enum Files {
    None,
    Folder(PathBuf),
    Zip(Mutex<Archive<Box<dyn Source>>>),
}

impl Files {
    pub fn zip(reader: Box<dyn Source>) -> Result<Files, String> {
        Ok(Files::Zip(Mutex::new(Archive::open(reader)?)))
    }

    /// Where a name would be looked for, for messages: "the zip", "the folder …".
    pub fn describe(&self) -> String {
        match self {
            Files::None => "the files sent (only a CSV was sent: send a zip with the CSV and its pictures)".into(),
            Files::Folder(dir) => format!("the folder {}", dir.display()),
            Files::Zip(_) => "the zip".into(),
        }
    }

    /// The file called `name` (a file name, not a path), or None when there is none.
    pub fn read(&self, name: &str) -> Result<Option<Vec<u8>>, String> {
        if name.is_empty() || name != base_name(name) || name.starts_with('.') {
            return Ok(None);
        }
        match self {
            Files::None => Ok(None),
            Files::Folder(dir) => {
                let path = dir.join(name);
                let Ok(file) = std::fs::File::open(&path) else { return Ok(None) };
                let mut bytes = Vec::new();
                file.take(MAX_PICTURE_BYTES + 1).read_to_end(&mut bytes).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
                if bytes.len() as u64 > MAX_PICTURE_BYTES {
                    return Err(format!("{name} is larger than {} MB.", MAX_PICTURE_BYTES / 1_000_000));
                }
                Ok(Some(bytes))
            }
            Files::Zip(archive) => {
                let mut archive = archive.lock().unwrap();
                let Some(entry) = archive.find(name).cloned() else { return Ok(None) };
                archive.read(&entry, MAX_PICTURE_BYTES).map(Some)
            }
        }
    }

    /// The CSV inside a zip: its only .csv file.
    pub fn csv_in_zip(&self, max: u64) -> Result<Vec<u8>, String> {
        let Files::Zip(archive) = self else { return Err("not a zip".into()) };
        let mut archive = archive.lock().unwrap();
        let csvs: Vec<_> = archive
            .entries
            .iter()
            .filter(|e| e.name.to_ascii_lowercase().ends_with(".csv") && !base_name(&e.name).starts_with('.'))
            .cloned()
            .collect();
        match csvs.as_slice() {
            [one] => archive.read(one, max),
            [] => Err("The zip holds no .csv file: put the products CSV in it beside the pictures.".into()),
            _ => Err("The zip holds more than one .csv file: keep only the products CSV.".into()),
        }
    }
}

/// Resolves names with the system's resolver and keeps only public addresses.
struct PublicOnly;

impl reqwest::dns::Resolve for PublicOnly {
    fn resolve(&self, name: reqwest::dns::Name) -> reqwest::dns::Resolving {
        let host = name.as_str().to_string();
        Box::pin(async move {
            let found = tokio::task::spawn_blocking(move || std::net::ToSocketAddrs::to_socket_addrs(&(host.as_str(), 0)))
                .await
                .map_err(|e| Box::new(e) as Box<dyn std::error::Error + Send + Sync>)??;
            let public: Vec<SocketAddr> = found.filter(|a| crate::net::is_public(a.ip())).collect();
            if public.is_empty() {
                return Err("the address is not on the public internet".into());
            }
            Ok(Box::new(public.into_iter()) as reqwest::dns::Addrs)
        })
    }
}

/// Fetches pictures by URL.
#[derive(Clone)]
pub struct Fetcher {
    client: reqwest::Client,
    allow_private: bool,
}

/// A URL naming an address (not a name) is checked here: names are checked as they resolve.
fn literal_ip_allowed(url: &reqwest::Url, allow_private: bool) -> bool {
    match url.host_str() {
        Some(host) => match host.trim_start_matches('[').trim_end_matches(']').parse::<IpAddr>() {
            Ok(ip) => allow_private || crate::net::is_public(ip),
            Err(_) => true,
        },
        None => false,
    }
}

impl Fetcher {
    pub fn new(allow_private: bool) -> Fetcher {
        let redirects = reqwest::redirect::Policy::custom(move |attempt| {
            if attempt.previous().len() >= 3 {
                attempt.error("too many redirects")
            } else if !matches!(attempt.url().scheme(), "http" | "https") || !literal_ip_allowed(attempt.url(), allow_private) {
                attempt.error("redirected to an address the shop does not fetch from")
            } else {
                attempt.follow()
            }
        });
        let mut builder = reqwest::Client::builder()
            .timeout(FETCH_TIMEOUT)
            .connect_timeout(Duration::from_secs(5))
            .redirect(redirects)
            .user_agent(concat!("Ankara/", env!("CARGO_PKG_VERSION"), " (product import)"));
        if !allow_private {
            builder = builder.dns_resolver(Arc::new(PublicOnly));
        }
        Fetcher { client: builder.build().expect("the HTTP client builds"), allow_private }
    }

    /// The picture at `url`, or why not (said to the merchant with the row).
    pub async fn fetch(&self, url: &str) -> Result<Vec<u8>, String> {
        let parsed = reqwest::Url::parse(url).map_err(|_| format!("{url} is not a URL."))?;
        if !matches!(parsed.scheme(), "http" | "https") {
            return Err(format!("{url}: only http and https pictures are fetched."));
        }
        if !literal_ip_allowed(&parsed, self.allow_private) {
            return Err(format!("{url}: the shop does not fetch from private or local addresses."));
        }
        let mut response = self.client.get(parsed).send().await.map_err(|e| format!("{url} could not be fetched: {}", cause(&e)))?;
        if !response.status().is_success() {
            return Err(format!("{url} answered {}.", response.status()));
        }
        let too_large = || format!("{url} is larger than {} MB.", MAX_PICTURE_BYTES / 1_000_000);
        if response.content_length().is_some_and(|n| n > MAX_PICTURE_BYTES) {
            return Err(too_large());
        }
        let mut bytes = Vec::new();
        while let Some(chunk) = response.chunk().await.map_err(|e| format!("{url} was cut off: {}", cause(&e)))? {
            if (bytes.len() + chunk.len()) as u64 > MAX_PICTURE_BYTES {
                return Err(too_large());
            }
            bytes.extend_from_slice(&chunk);
        }
        Ok(bytes)
    }
}

/// The innermost cause of a request error: "the address is not on the public internet", not
/// "error sending request".
fn cause(e: &reqwest::Error) -> String {
    let mut source: &dyn std::error::Error = e;
    while let Some(next) = source.source() {
        source = next;
    }
    if e.is_timeout() { "it took too long".into() } else { source.to_string() }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_naming_a_local_address_in_an_ipv6_form_are_refused() {
        // The forms issue 34 found passing, and the plain ones.
        for url in [
            "http://[::127.0.0.1]/p.jpg",
            "http://[::ffff:0:127.0.0.1]/p.jpg",
            "http://[64:ff9b::127.0.0.1]/p.jpg",
            "http://[2002:7f00:1::]/p.jpg",
            "http://[::ffff:127.0.0.1]/p.jpg",
            "http://127.0.0.1/p.jpg",
            "http://2130706433/p.jpg",
        ] {
            assert!(!literal_ip_allowed(&reqwest::Url::parse(url).unwrap(), false), "{url}");
            assert!(literal_ip_allowed(&reqwest::Url::parse(url).unwrap(), true), "{url} with --import-private-urls");
        }
        for url in ["https://[2a00:1450::1]/p.jpg", "https://8.8.8.8/p.jpg", "https://shop.example.com/p.jpg"] {
            assert!(literal_ip_allowed(&reqwest::Url::parse(url).unwrap(), false), "{url}");
        }
    }
}
