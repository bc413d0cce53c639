//! GET /api/search/suggest?q= (five suggestions), GET /api/search?q= (the results page), and the
//! merchant's synonyms (GET and PUT /api/admin/search/synonyms).

use actix_web::{HttpResponse, get, put, web};
use serde::{Deserialize, Serialize};

use super::synonyms::{SynonymList, load};
use crate::auth::AdminUser;
use crate::auth::EditProducts;
use crate::catalog::Product;
use crate::catalog::listing::{self, Facets, FilterQuery, ProductSort, Scope};
use crate::catalog::suggest::Suggestion;
use crate::catalog::write::Changes;
use crate::error::AppResult;
use crate::error::answers::*;
use crate::http::AppState;

pub fn configure(cfg: &mut utoipa_actix_web::service_config::ServiceConfig) {
    cfg.service(suggest).service(results).service(get_synonyms).service(replace_synonyms);
}

#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
struct SearchQuery {
    /// What the shopper typed; under 2 characters finds nothing.
    q: Option<String>,
}

crate::text_enum! {
    /// How the results page is ordered.
    pub enum SearchSort {
        Relevance => "relevance",
        PriceAsc => "price-asc",
        PriceDesc => "price-desc",
        Newest => "newest",
        BestSelling => "best-selling",
        TopRated => "top-rated",
    }
}

impl SearchSort {
    /// The list's order; None keeps the best match first.
    fn order(self) -> Option<ProductSort> {
        match self {
            SearchSort::Relevance => None,
            SearchSort::PriceAsc => Some(ProductSort::PriceAsc),
            SearchSort::PriceDesc => Some(ProductSort::PriceDesc),
            SearchSort::Newest => Some(ProductSort::Newest),
            SearchSort::BestSelling => Some(ProductSort::BestSelling),
            SearchSort::TopRated => Some(ProductSort::TopRated),
        }
    }
}

/// The results page: the products shown, how many the filters keep, and the facets.
#[derive(Serialize, Debug, utoipa::ToSchema)]
pub struct SearchResults {
    #[schema(value_type = Vec<Product>)]
    pub products: Vec<crate::catalog::ProductJson>,
    pub total: i64,
    pub facets: Facets,
    /// No product matches every word: these match some of them, the most words first.
    pub partial: bool,
}

#[derive(Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query, rename_all = "camelCase")]
struct ResultsQuery {
    /// What the shopper typed; under 2 characters finds nothing.
    q: Option<String>,
    /// Best match first unless told otherwise.
    #[param(inline)]
    sort: Option<SearchSort>,
}

const RESULTS: usize = 48;
/// The best matches the filters and sorts choose from.
const CANDIDATES: usize = 200;
const MAX_QUERY_CHARS: usize = 200;

/// The query as searched: trimmed and cut to a sane length. None when under 2 characters.
fn usable(q: Option<&str>) -> Option<String> {
    let text: String = q.unwrap_or("").trim().chars().take(MAX_QUERY_CHARS).collect();
    (text.chars().count() >= 2).then_some(text)
}

/// Up to five products for the search bar, found as the results page finds them (its first five).
#[utoipa::path(tag = "search", params(SearchQuery), responses((status = OK, body = Vec<Suggestion>)))]
#[get("/search/suggest")]
async fn suggest(state: web::Data<AppState>, query: web::Query<SearchQuery>) -> AppResult<crate::cache::Answer> {
    let Some(text) = usable(query.q.as_deref()) else { return Ok(crate::cache::Answer::new(actix_web::web::Bytes::from_static(b"[]"))) };
    // Shoppers type the same few beginnings over and over: answers are kept per query as the
    // index reads it, until the catalogue or the synonyms change.
    let key = state.search.normalise(&text);
    let st = state.clone();
    state
        .catalogue
        .suggestions()
        .respond(key, async move { crate::catalog::suggest::suggest(&st.search, st.catalogue.cards(), &st.db, &text).await })
        .await
}

/// The results page: up to 48 of the 200 best matches that the filters keep, best match first
/// unless sorted, with the facets of the filters. When no product matches every word, those
/// matching the most words, marked partial.
#[utoipa::path(tag = "search", params(ResultsQuery, FilterQuery), responses((status = OK, body = SearchResults), BadRequest))]
#[get("/search")]
async fn results(state: web::Data<AppState>, query: web::Query<ResultsQuery>, filters: web::Query<FilterQuery>) -> AppResult<HttpResponse> {
    let filters = filters.check()?;
    let sort = query.sort.unwrap_or(SearchSort::Relevance).order();
    let Some(text) = usable(query.q.as_deref()) else {
        return Ok(HttpResponse::Ok().json(SearchResults { products: Vec::new(), total: 0, facets: Facets::default(), partial: false }));
    };
    let index = state.search.clone();
    let facts = state.catalogue.listing();
    let results = state
        .db
        .read(move |c| {
            // The index and the database in one trip to the blocking pool.
            let found = index.search(&text, CANDIDATES)?;
            let partial = found.partial;
            let listing = listing::list(c, &facts, Scope::Products(&found.ids), &filters, sort, 0, RESULTS)?;
            let products = facts.products(c, &listing.ids)?;
            Ok(SearchResults { products, total: listing.total, facets: listing.facets, partial })
        })
        .await?;
    Ok(HttpResponse::Ok().insert_header(("Cache-Control", "no-cache")).json(results))
}

/// The merchant's search words: groups of words and phrases that mean the same.
#[utoipa::path(tag = "admin", responses((status = OK, body = SynonymList), Unauthorized, Forbidden))]
#[get("/admin/search/synonyms")]
async fn get_synonyms(state: web::Data<AppState>, _admin: AdminUser) -> AppResult<HttpResponse> {
    let groups = state.db.read(|c| Ok(load(c)?)).await?;
    Ok(HttpResponse::Ok().insert_header(("Cache-Control", "no-store")).json(SynonymList { groups }))
}

/// Replaces every group of search words at once; search uses them from the next query.
#[utoipa::path(tag = "admin", responses((status = OK, body = SynonymList), BadRequest, Unauthorized, Forbidden))]
#[put("/admin/search/synonyms")]
async fn replace_synonyms(
    state: web::Data<AppState>,
    _admin: AdminUser<EditProducts>,
    body: web::Json<SynonymList>,
) -> AppResult<HttpResponse> {
    let groups = state.search.check_synonyms(body.into_inner().groups)?;
    let groups = state
        .catalogue
        .write(move |tx| {
            super::synonyms::replace(tx, &groups)?;
            Ok((load(tx)?, Changes::synonyms()))
        })
        .await?;
    Ok(HttpResponse::Ok().json(SynonymList { groups }))
}
