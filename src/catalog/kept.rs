//! Values the catalogue keeps by product (list answers, suggestion cards) until its door next
//! commits a write. A value read while a write committed is answered but not kept, so a kept value
//! is never older than the last write.

use std::collections::HashMap;
use std::sync::RwLock;
use std::sync::atomic::{AtomicU64, Ordering};

use crate::ids::ProductId;

/// At most `CAP` values by product; past that, the kept ones start over.
pub struct KeptByProduct<V, const CAP: usize> {
    generation: AtomicU64,
    kept: RwLock<HashMap<ProductId, V>>,
}

impl<V, const CAP: usize> Default for KeptByProduct<V, CAP> {
    fn default() -> Self {
        KeptByProduct { generation: AtomicU64::new(0), kept: RwLock::default() }
    }
}

/// What [`KeptByProduct::look_up`] found, in the order asked; `missing` are to be read.
pub struct Found<V> {
    generation: u64,
    listed: Vec<Option<V>>,
    pub missing: Vec<ProductId>,
}

impl<V: Clone, const CAP: usize> KeptByProduct<V, CAP> {
    /// Only the catalogue's door calls it (`catalog::write::Catalogue`), after a write committed.
    pub(crate) fn invalidate(&self) {
        self.generation.fetch_add(1, Ordering::SeqCst);
        self.kept.write().unwrap().clear();
    }

    /// The values kept for `ids`, and the products whose value must be read.
    pub fn look_up(&self, ids: &[ProductId]) -> Found<V> {
        let generation = self.generation.load(Ordering::SeqCst);
        let listed: Vec<Option<V>> = {
            let kept = self.kept.read().unwrap();
            ids.iter().map(|id| kept.get(id).cloned()).collect()
        };
        let missing = ids.iter().zip(&listed).filter(|(_, value)| value.is_none()).map(|(id, _)| id.clone()).collect();
        Found { generation, listed, missing }
    }

    /// `found` completed with the values `read` for its missing products, which are kept unless a
    /// write committed since the look-up. A product not read (deleted meanwhile) is left out.
    pub fn complete(&self, ids: &[ProductId], found: Found<V>, read: HashMap<ProductId, V>) -> Vec<V> {
        let Found { generation, mut listed, missing } = found;
        if !missing.is_empty() {
            let mut kept = self.kept.write().unwrap();
            if self.generation.load(Ordering::SeqCst) == generation {
                if kept.len() + read.len() > CAP {
                    kept.clear();
                }
                kept.extend(read.iter().map(|(id, value)| (id.clone(), value.clone())));
            }
        }
        for (id, value) in ids.iter().zip(&mut listed) {
            if value.is_none() {
                *value = read.get(id).cloned();
            }
        }
        listed.into_iter().flatten().collect()
    }
}
