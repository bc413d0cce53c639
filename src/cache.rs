//! A small in-memory cache of serialized JSON responses for the public catalogue. Shoppers read
//! far more than admins write, so every catalogue write simply clears it. Each answer is kept as
//! JSON and, once a browser has asked for it, gzipped too: browsers take gzip, and compressing a
//! collection page for every request cost five times what answering it did.

use std::collections::{HashMap, VecDeque};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, OnceLock, RwLock};

use actix_web::body::BoxBody;
use actix_web::http::header;
use actix_web::web::Bytes;
use actix_web::{HttpRequest, HttpResponse, Responder};
use serde::Serialize;
use tokio::sync::watch;

use crate::error::{AppError, AppResult};

/// More entries than this and the cache starts over: keys come from parsed ids and page numbers,
/// so only a crawler walking absurd pages could get here.
const MAX_ENTRIES: usize = 4096;

/// Filtered lists are keyed by what a client chose (any price, any size or colour), so a client
/// can name as many as it likes: they get their own share, at most this many, the oldest dropped
/// first, and never push out the plain answers.
pub const MAX_FILTERED: usize = 1024;

/// gzip level for kept answers: each is compressed once per catalogue change, so the smaller
/// result is worth the few hundred microseconds.
const GZIP_LEVEL: u32 = 6;

/// A kept answer: its JSON, and the same gzipped (made for the first request that takes gzip, then
/// kept with it). Answers `200 application/json`, gzipped when the request takes it, with an ETag
/// of its JSON: a browser (or the service worker, through the browser's cache) that already holds
/// this answer asks with `If-None-Match` and gets `304 Not Modified` with no body.
#[derive(Clone)]
pub struct Answer {
    json: Bytes,
    gzip: Arc<OnceLock<Bytes>>,
    etag: Arc<OnceLock<String>>,
}

impl Answer {
    /// An answer of `json` (a cached one, or one made for the occasion).
    pub fn new(json: Bytes) -> Answer {
        Answer { json, gzip: Arc::default(), etag: Arc::default() }
    }

    /// A weak validator (the gzipped and plain bodies are the same answer) from the JSON's hash:
    /// SipHash with fixed keys, so the same answer has the same tag after a restart.
    fn etag(&self) -> &str {
        self.etag.get_or_init(|| {
            use std::hash::Hasher;
            let mut hasher = std::hash::DefaultHasher::new();
            hasher.write(&self.json);
            format!("W/\"{:016x}{:x}\"", hasher.finish(), self.json.len())
        })
    }

    /// The JSON as kept.
    pub fn json(&self) -> &Bytes {
        &self.json
    }
}

impl Responder for Answer {
    type Body = BoxBody;

    fn respond_to(self, req: &HttpRequest) -> HttpResponse<BoxBody> {
        let etag = self.etag();
        if not_modified(req, etag) {
            return HttpResponse::NotModified()
                .insert_header((header::ETAG, etag))
                .insert_header((header::CACHE_CONTROL, "no-cache"))
                .insert_header((header::VARY, "accept-encoding"))
                .finish();
        }
        let mut response = HttpResponse::Ok();
        response.content_type("application/json").insert_header((header::CACHE_CONTROL, "no-cache")).insert_header((header::ETAG, etag));
        if self.json.len() >= crate::compress::MIN_BYTES && crate::compress::accepts_gzip(req.headers()) {
            let gzip = self.gzip.get_or_init(|| crate::compress::gzip(&self.json, GZIP_LEVEL)).clone();
            response.insert_header((header::CONTENT_ENCODING, "gzip")).insert_header((header::VARY, "accept-encoding"));
            return response.body(gzip);
        }
        response.body(self.json)
    }
}

/// Whether the request's `If-None-Match` names `etag` (compared weakly, as RFC 9110 says for it).
pub fn not_modified(req: &HttpRequest, etag: &str) -> bool {
    let bare = |tag: &str| tag.trim().trim_start_matches("W/").to_string();
    req.headers()
        .get_all(header::IF_NONE_MATCH)
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .any(|tag| tag.trim() == "*" || bare(tag) == bare(etag))
}

#[derive(Default)]
struct Entries {
    plain: HashMap<String, Answer>,
    filtered: HashMap<String, Answer>,
    /// Filtered keys, oldest first.
    filtered_order: VecDeque<String>,
    /// Answers being built now, by (filtered, key): a request that finds its answer here waits for
    /// it rather than building it again. After a write, many shoppers ask for the same page at
    /// once, and 64 of them each reading and serialising it kept the others waiting a second.
    building: HashMap<(bool, String), watch::Receiver<Option<Answer>>>,
    /// Answers by the address a client asked at, path and query as written
    /// ([`JsonCache::at_address`]).
    addresses: HashMap<String, Answer>,
}

/// Addresses remembered; past this the remembered ones start over (a client can write the same
/// list many ways, and junk parameters make new addresses).
const MAX_ADDRESSES: usize = 1024;

/// Takes a build's place out of [`Entries::building`] when the build ends, however it ends (done,
/// failed, or dropped with its request): those waiting then have their answer or build their own.
struct Building<'a> {
    cache: &'a JsonCache,
    key: (bool, String),
    ticket: watch::Receiver<Option<Answer>>,
}

impl Drop for Building<'_> {
    fn drop(&mut self) {
        let mut entries = self.cache.entries.write().unwrap();
        // Only this build's place: an invalidation may have let a newer build take the key.
        if entries.building.get(&self.key).is_some_and(|rx| rx.same_channel(&self.ticket)) {
            entries.building.remove(&self.key);
        }
    }
}

pub struct JsonCache {
    entries: RwLock<Entries>,
    generation: AtomicU64,
    max_entries: usize,
}

impl Default for JsonCache {
    fn default() -> JsonCache {
        JsonCache::with_capacity(MAX_ENTRIES)
    }
}

impl JsonCache {
    /// A cache that starts over past `max_entries` answers.
    pub fn with_capacity(max_entries: usize) -> JsonCache {
        JsonCache { entries: RwLock::default(), generation: AtomicU64::new(0), max_entries }
    }

    /// Drops everything, after any change to what the catalogue endpoints show. Only the
    /// catalogue's door calls it (`catalog::write::Catalogue`), after the write has committed.
    pub(crate) fn invalidate(&self) {
        self.generation.fetch_add(1, Ordering::SeqCst);
        *self.entries.write().unwrap() = Entries::default();
    }

    /// Counts catalogue changes: a handler reads it before it looks, and hands it back to
    /// [`JsonCache::keep_at_address`].
    pub fn generation(&self) -> u64 {
        self.generation.load(Ordering::SeqCst)
    }

    /// The answer last given at `address` (a request's path and query, exactly as written), while
    /// the catalogue is unchanged: a page asked for again is answered before its query is even
    /// read, which was a third of the work of a filtered page from the cache.
    pub fn at_address(&self, address: &str) -> Option<Answer> {
        self.entries.read().unwrap().addresses.get(address).cloned()
    }

    /// Remembers `answer` for `address`, unless the catalogue changed since `generation` (read
    /// before the answer was looked up or built).
    pub fn keep_at_address(&self, address: &str, answer: &Answer, generation: u64) {
        let mut entries = self.entries.write().unwrap();
        if self.generation.load(Ordering::SeqCst) != generation {
            return;
        }
        if entries.addresses.len() >= MAX_ADDRESSES {
            entries.addresses.clear();
        }
        entries.addresses.insert(address.to_string(), answer.clone());
    }

    /// How many answers are stored: (plain, filtered).
    pub fn sizes(&self) -> (usize, usize) {
        let entries = self.entries.read().unwrap();
        (entries.plain.len(), entries.filtered.len())
    }

    /// Answers from the cache, or builds, stores and answers. A value built while an
    /// invalidation happened is answered but not stored, so stale data never sticks.
    pub async fn respond<T, F>(&self, key: String, build: F) -> AppResult<Answer>
    where
        T: Serialize,
        F: Future<Output = AppResult<T>>,
    {
        self.cached(key, false, json(build)).await
    }

    /// [`JsonCache::respond`] for a filtered list: `key` must be normalised (the same list, the
    /// same key), and it is stored in the filtered share ([`MAX_FILTERED`]).
    pub async fn respond_filtered<T, F>(&self, key: String, build: F) -> AppResult<Answer>
    where
        T: Serialize,
        F: Future<Output = AppResult<T>>,
    {
        self.cached(key, true, json(build)).await
    }

    /// The cached bytes under `key`, or builds and stores them (not when an invalidation happened
    /// meanwhile).
    pub async fn bytes<F>(&self, key: String, build: F) -> AppResult<Bytes>
    where
        F: Future<Output = AppResult<Bytes>>,
    {
        Ok(self.cached(key, false, build).await?.json)
    }

    async fn cached<F>(&self, key: String, filtered: bool, build: F) -> AppResult<Answer>
    where
        F: Future<Output = AppResult<Bytes>>,
    {
        fn share(entries: &Entries, filtered: bool) -> &HashMap<String, Answer> {
            if filtered { &entries.filtered } else { &entries.plain }
        }
        if let Some(answer) = share(&self.entries.read().unwrap(), filtered).get(&key) {
            return Ok(answer.clone());
        }
        let place = (filtered, key);
        let begun = {
            let mut entries = self.entries.write().unwrap();
            if let Some(answer) = share(&entries, filtered).get(&place.1) {
                return Ok(answer.clone());
            }
            match entries.building.get(&place) {
                Some(ticket) => Err(ticket.clone()),
                None => {
                    let (done, ticket) = watch::channel(None);
                    entries.building.insert(place.clone(), ticket.clone());
                    Ok((done, Building { cache: self, key: place.clone(), ticket }))
                }
            }
        };
        let (done, _place) = match begun {
            Ok(building) => building,
            Err(mut ticket) => {
                // Someone is building it: their answer, or our own if their build failed.
                if let Ok(answer) = ticket.wait_for(Option::is_some).await {
                    return Ok(answer.clone().expect("waited for an answer"));
                }
                return Ok(Answer::new(build.await?));
            }
        };
        let generation = self.generation.load(Ordering::SeqCst);
        let answer = Answer::new(build.await?);
        {
            let mut entries = self.entries.write().unwrap();
            if self.generation.load(Ordering::SeqCst) == generation {
                let (filtered, key) = place;
                if !filtered {
                    if entries.plain.len() >= self.max_entries {
                        entries.plain.clear();
                    }
                    entries.plain.insert(key, answer.clone());
                } else if entries.filtered.insert(key.clone(), answer.clone()).is_none() {
                    entries.filtered_order.push_back(key);
                    while entries.filtered_order.len() > MAX_FILTERED {
                        if let Some(oldest) = entries.filtered_order.pop_front() {
                            entries.filtered.remove(&oldest);
                        }
                    }
                }
            }
        }
        let _ = done.send(Some(answer.clone()));
        Ok(answer)
    }
}

/// The value `build` makes, as JSON.
async fn json<T: Serialize>(build: impl Future<Output = AppResult<T>>) -> AppResult<Bytes> {
    Ok(Bytes::from(serde_json::to_vec(&build.await?).map_err(AppError::internal)?))
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicUsize;

    use actix_web::test::TestRequest;

    use super::*;

    async fn slow_build(builds: &AtomicUsize, value: &str) -> AppResult<Vec<String>> {
        builds.fetch_add(1, Ordering::SeqCst);
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        Ok(vec![value.to_string(); 100])
    }

    #[actix_web::test]
    async fn fifty_requests_for_one_missing_answer_build_it_once() {
        let (cache, builds) = (JsonCache::default(), AtomicUsize::new(0));
        let asks = (0..50).map(|_| cache.respond("page".into(), slow_build(&builds, "a")));
        let answers = futures_util::future::join_all(asks).await;
        assert_eq!(builds.load(Ordering::SeqCst), 1, "one build for 50 waiting requests");
        assert!(answers.iter().all(|a| a.as_ref().unwrap().json() == answers[0].as_ref().unwrap().json()));
        assert!(cache.entries.read().unwrap().building.is_empty(), "the build's place is given up");
    }

    #[actix_web::test]
    async fn a_failed_or_abandoned_build_leaves_the_waiting_to_build_their_own() {
        let cache = JsonCache::default();
        let failing = cache.respond::<Vec<String>, _>("page".into(), async {
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
            Err(AppError::internal("the database went away"))
        });
        let waiting = cache.respond("page".into(), async { Ok(vec!["b"]) });
        let (failed, waited) = futures_util::join!(failing, waiting);
        assert!(failed.is_err());
        assert_eq!(&waited.unwrap().json()[..], b"[\"b\"]");
        // A build dropped half-way (its client went away) gives up its place too.
        let abandoned = cache.respond("other".into(), async {
            tokio::time::sleep(std::time::Duration::from_secs(60)).await;
            Ok(1)
        });
        assert!(tokio::time::timeout(std::time::Duration::from_millis(10), abandoned).await.is_err());
        assert!(cache.entries.read().unwrap().building.is_empty());
    }

    #[actix_web::test]
    async fn an_address_remembered_before_a_change_is_not_kept() {
        let cache = JsonCache::default();
        let generation = cache.generation();
        let answer = cache.respond("page".into(), async { Ok(1) }).await.unwrap();
        cache.keep_at_address("/api/collections/suits?size=42", &answer, generation);
        assert!(cache.at_address("/api/collections/suits?size=42").is_some());
        cache.invalidate();
        assert!(cache.at_address("/api/collections/suits?size=42").is_none(), "a change forgets every address");
        // Read before the change, kept after it: stale, so not kept.
        cache.keep_at_address("/api/collections/suits?size=42", &answer, generation);
        assert!(cache.at_address("/api/collections/suits?size=42").is_none());
    }

    #[actix_web::test]
    async fn answers_go_out_gzipped_to_browsers_and_plain_to_the_rest() {
        let cache = JsonCache::default();
        let big = cache.respond("big".into(), async { Ok(vec!["a product"; 500]) }).await.unwrap();
        let browser = TestRequest::default().insert_header((header::ACCEPT_ENCODING, "gzip, deflate, br")).to_http_request();
        let response = big.clone().respond_to(&browser);
        assert_eq!(response.headers().get(header::CONTENT_ENCODING).unwrap(), "gzip");
        let body = actix_web::body::to_bytes(response.into_body()).await.unwrap();
        let mut unpacked = Vec::new();
        std::io::Read::read_to_end(&mut flate2::read::GzDecoder::new(&body[..]), &mut unpacked).unwrap();
        assert_eq!(unpacked, big.json().to_vec());
        let tool = TestRequest::default().to_http_request();
        let response = big.respond_to(&tool);
        assert!(!response.headers().contains_key(header::CONTENT_ENCODING));
        // Small answers are not worth a gzip header.
        let small = cache.respond("small".into(), async { Ok(1) }).await.unwrap();
        assert!(!small.respond_to(&browser).headers().contains_key(header::CONTENT_ENCODING));
    }
}
