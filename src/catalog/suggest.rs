//! The search bar's suggestions: up to five products, found as the results page finds them (its
//! first five), each shown as a card. Shoppers type a new beginning on every keystroke, so a query
//! never asked before must be cheap too: the index is searched where the request is served (it is
//! in memory, nothing waits on the disk), and the cards are kept by product until the catalogue's
//! door next commits a write, so most answers need no trip to the database at all.

use std::collections::HashMap;
use std::sync::Arc;

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
/// prices and pictures are read afresh); a card is a few hundred bytes.
pub type Cards = super::kept::KeptByProduct<Card, 8192>;

/// The suggestions for `text`, as the cards to list: the index is searched on the calling thread,
/// and only cards not kept are read from the database (then kept).
pub async fn suggest(search: &SearchIndex, cards: &Arc<Cards>, db: &Db, text: &str) -> AppResult<Vec<Card>> {
    let found = search.search(text, SUGGESTIONS)?;
    let kept = cards.look_up(&found.ids);
    let mut read = HashMap::new();
    if !kept.missing.is_empty() {
        let missing = kept.missing.clone();
        for product in db.read(move |c| Ok(super::get_products_without_stock(c, &missing)?)).await? {
            let id = product.id.clone();
            let card = serde_json::value::to_raw_value(&Suggestion::from(product)).map_err(AppError::internal)?;
            read.insert(id, Card(Arc::from(card)));
        }
    }
    Ok(cards.complete(&found.ids, kept, read))
}
