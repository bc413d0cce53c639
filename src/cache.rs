//! A small in-memory cache of serialized JSON responses for the public catalogue. Shoppers read
//! far more than admins write, so every catalogue write simply clears it.

use std::collections::{HashMap, VecDeque};
use std::sync::RwLock;
use std::sync::atomic::{AtomicU64, Ordering};

use actix_web::HttpResponse;
use actix_web::web::Bytes;
use serde::Serialize;

use crate::error::{AppError, AppResult};

/// More entries than this and the cache starts over: keys come from parsed ids and page numbers,
/// so only a crawler walking absurd pages could get here.
const MAX_ENTRIES: usize = 4096;

/// Filtered lists are keyed by what a client chose (any price, any size or colour), so a client
/// can name as many as it likes: they get their own share, at most this many, the oldest dropped
/// first, and never push out the plain answers.
pub const MAX_FILTERED: usize = 1024;

#[derive(Default)]
struct Entries {
    plain: HashMap<String, Bytes>,
    filtered: HashMap<String, Bytes>,
    /// Filtered keys, oldest first.
    filtered_order: VecDeque<String>,
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

    /// How many answers are stored: (plain, filtered).
    pub fn sizes(&self) -> (usize, usize) {
        let entries = self.entries.read().unwrap();
        (entries.plain.len(), entries.filtered.len())
    }

    /// Answers from the cache, or builds, stores and answers. A value built while an
    /// invalidation happened is answered but not stored, so stale data never sticks.
    pub async fn respond<T, F>(&self, key: String, build: F) -> AppResult<HttpResponse>
    where
        T: Serialize,
        F: Future<Output = AppResult<T>>,
    {
        let body = self.bytes(key, async { Ok(Bytes::from(serde_json::to_vec(&build.await?).map_err(AppError::internal)?)) }).await?;
        Ok(json_response(body))
    }

    /// [`JsonCache::respond`] for a filtered list: `key` must be normalised (the same list, the
    /// same key), and it is stored in the filtered share ([`MAX_FILTERED`]).
    pub async fn respond_filtered<T, F>(&self, key: String, build: F) -> AppResult<HttpResponse>
    where
        T: Serialize,
        F: Future<Output = AppResult<T>>,
    {
        let build = async { Ok(Bytes::from(serde_json::to_vec(&build.await?).map_err(AppError::internal)?)) };
        Ok(json_response(self.cached(key, true, build).await?))
    }

    /// The cached bytes under `key`, or builds and stores them (not when an invalidation happened
    /// meanwhile).
    pub async fn bytes<F>(&self, key: String, build: F) -> AppResult<Bytes>
    where
        F: Future<Output = AppResult<Bytes>>,
    {
        self.cached(key, false, build).await
    }

    async fn cached<F>(&self, key: String, filtered: bool, build: F) -> AppResult<Bytes>
    where
        F: Future<Output = AppResult<Bytes>>,
    {
        {
            let entries = self.entries.read().unwrap();
            let share = if filtered { &entries.filtered } else { &entries.plain };
            if let Some(body) = share.get(&key) {
                return Ok(body.clone());
            }
        }
        let generation = self.generation.load(Ordering::SeqCst);
        let body = build.await?;
        let mut entries = self.entries.write().unwrap();
        if self.generation.load(Ordering::SeqCst) == generation {
            if !filtered {
                if entries.plain.len() >= self.max_entries {
                    entries.plain.clear();
                }
                entries.plain.insert(key, body.clone());
            } else if entries.filtered.insert(key.clone(), body.clone()).is_none() {
                entries.filtered_order.push_back(key);
                while entries.filtered_order.len() > MAX_FILTERED {
                    if let Some(oldest) = entries.filtered_order.pop_front() {
                        entries.filtered.remove(&oldest);
                    }
                }
            }
        }
        Ok(body)
    }
}

fn json_response(body: Bytes) -> HttpResponse {
    HttpResponse::Ok().content_type("application/json").insert_header(("Cache-Control", "no-cache")).body(body)
}
