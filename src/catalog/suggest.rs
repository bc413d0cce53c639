//! The search bar's suggestions: up to five products, found as the results page finds them (its
//! first five), each shown as a card. Shoppers type a new beginning on every keystroke, so a query
//! never asked before must be cheap too: the index is searched where the request is served (it is
//! in memory, nothing waits on the disk), and the cards are kept by product until the catalogue's
//! door next commits a write, so most answers need no trip to the database at all.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, RwLock};

use serde::Serialize;
use serde_json::value::RawValue;

use crate::db::Db;
use crate::error::{AppError, AppResult};
use crate::ids::ProductId;
use crate::money::Kobo;
use crate::search::SearchIndex;

/// Suggestions in the search bar.
pub const SUGGESTIONS: usize = 5;

/// One suggestion: what the search bar lists of a product found by the index.
#[derive(Serialize, Debug, Clone, PartialEq, utoipa::ToSchema)]
pub struct Suggestion {
    #[schema(value_type = String)]
    pub id: ProductId,
    pub name: String,
    pub category: Option<String>,
    #[schema(value_type = i64)]
    pub price: Kobo,
    /// The product's first picture.
    pub image: Option<crate::media::Image>,
}

impl From<super::Product> for Suggestion {
    fn from(product: super::Product) -> Suggestion {
        let image = product.images.into_iter().next();
        Suggestion { id: product.id, name: product.name, category: product.category, price: product.price, image }
    }
}

/// A product's suggestion, written as JSON once.
#[derive(Clone, Debug)]
pub struct Card(Arc<RawValue>);

impl Serialize for Card {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(serializer)
    }
}

/// Products' cards, until the catalogue's door clears them (after any write it commits: names,
/// prices and pictures are read afresh). At most [`CARDS_KEPT`].
#[derive(Default)]
pub struct Cards {
    generation: AtomicU64,
    kept: RwLock<HashMap<ProductId, Card>>,
}

/// Cards kept (a few hundred bytes each).
const CARDS_KEPT: usize = 8192;

impl Cards {
    /// Only the catalogue's door calls it ([`super::write::Catalogue`]), after a write committed.
    pub(crate) fn invalidate(&self) {
        self.generation.fetch_add(1, Ordering::SeqCst);
        self.kept.write().unwrap().clear();
    }
}

/// The suggestions for `text`, as the cards to list: the index is searched on the calling thread,
/// and only cards not kept are read from the database (then kept).
pub async fn suggest(search: &SearchIndex, cards: &Arc<Cards>, db: &Db, text: &str) -> AppResult<Vec<Card>> {
    let generation = cards.generation.load(Ordering::SeqCst);
    let found = search.search(text, SUGGESTIONS)?;
    let mut listed: Vec<Option<Card>> = {
        let kept = cards.kept.read().unwrap();
        found.ids.iter().map(|id| kept.get(id).cloned()).collect()
    };
    let missing: Vec<ProductId> = found.ids.iter().zip(&listed).filter(|(_, card)| card.is_none()).map(|(id, _)| id.clone()).collect();
    if !missing.is_empty() {
        let products = db.read(move |c| Ok(super::get_products_without_stock(c, &missing)?)).await?;
        let read: HashMap<ProductId, Card> = products
            .into_iter()
            .map(|p| {
                let id = p.id.clone();
                let card = serde_json::value::to_raw_value(&Suggestion::from(p)).map_err(AppError::internal)?;
                Ok((id, Card(Arc::from(card))))
            })
            .collect::<AppResult<_>>()?;
        {
            let mut kept = cards.kept.write().unwrap();
            // Read while a write committed: answered, not kept.
            if cards.generation.load(Ordering::SeqCst) == generation {
                if kept.len() + read.len() > CARDS_KEPT {
                    kept.clear();
                }
                kept.extend(read.iter().map(|(id, card)| (id.clone(), card.clone())));
            }
        }
        for (id, card) in found.ids.iter().zip(&mut listed) {
            if card.is_none() {
                // A product deleted since it was indexed stays out.
                *card = read.get(id).cloned();
            }
        }
    }
    Ok(listed.into_iter().flatten().collect())
}
