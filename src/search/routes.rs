//! GET /api/search/suggest?q= (five suggestions), GET /api/search?q= (the results page), and the
//! merchant's synonyms (GET and PUT /api/admin/search/synonyms).

use actix_web::{HttpResponse, get, put, web};
use serde::{Deserialize, Serialize};

use super::synonyms::{SynonymList, load};
use crate::auth::AdminUser;
use crate::catalog::Product;
use crate::catalog::admin_routes::EditProducts;
use crate::catalog::write::Changes;
use crate::error::AppResult;
use crate::error::answers::*;
use crate::http::AppState;
use crate::money::Kobo;

/// One suggestion: what the search bar lists of a product found by the index.
#[derive(Serialize, Debug, Clone, PartialEq, utoipa::ToSchema)]
pub struct Suggestion {
    #[schema(value_type = String)]
    pub id: crate::ids::ProductId,
    pub name: String,
    pub category: Option<String>,
    #[schema(value_type = i64)]
    pub price: Kobo,
    /// The product's first picture.
    pub image: Option<crate::media::Image>,
}

impl From<crate::catalog::Product> for Suggestion {
    fn from(product: crate::catalog::Product) -> Suggestion {
        let image = product.images.into_iter().next();
        Suggestion { id: product.id, name: product.name, category: product.category, price: product.price, image }
    }
}

/// The results page's answer.
#[derive(Serialize, Debug, utoipa::ToSchema)]
pub struct SearchResults {
    /// Best match first.
    pub products: Vec<Product>,
    /// No product matches every word: these match some of them, the most words first.
    pub partial: bool,
}

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
    }
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
    /// true: leave out products that have sold out.
    in_stock: Option<bool>,
}

pub const SUGGESTIONS: usize = 5;
const RESULTS: usize = 48;
const MAX_QUERY_CHARS: usize = 200;

/// The query as searched: trimmed and cut to a sane length. None when under 2 characters.
fn usable(q: Option<&str>) -> Option<String> {
    let text: String = q.unwrap_or("").trim().chars().take(MAX_QUERY_CHARS).collect();
    (text.chars().count() >= 2).then_some(text)
}

/// Up to five products for the search bar, found as the results page finds them (its first five).
#[utoipa::path(tag = "search", params(SearchQuery), responses((status = OK, body = Vec<Suggestion>)))]
#[get("/search/suggest")]
async fn suggest(state: web::Data<AppState>, query: web::Query<SearchQuery>) -> AppResult<HttpResponse> {
    let Some(text) = usable(query.q.as_deref()) else { return Ok(HttpResponse::Ok().json(Vec::<Suggestion>::new())) };
    // Shoppers type the same few beginnings over and over: answers are kept per query as the
    // index reads it, until the catalogue or the synonyms change.
    let key = state.search.normalise(&text);
    let st = state.clone();
    state
        .catalogue
        .suggestions()
        .respond(key, async move {
            let index = st.search.clone();
            let found = web::block(move || index.search(&text, SUGGESTIONS)).await??;
            // In the index's order; a product deleted since it was indexed is left out.
            let products = st.db.read(move |c| Ok(crate::catalog::get_products_without_stock(c, &found.ids)?)).await?;
            Ok(products.into_iter().map(Suggestion::from).collect::<Vec<_>>())
        })
        .await
}

/// The results page: up to 48 products, best match first; when none matches every word, those
/// matching the most words, marked partial.
#[utoipa::path(tag = "search", params(ResultsQuery), responses((status = OK, body = SearchResults), BadRequest))]
#[get("/search")]
async fn results(state: web::Data<AppState>, query: web::Query<ResultsQuery>) -> AppResult<HttpResponse> {
    let Some(text) = usable(query.q.as_deref()) else {
        return Ok(HttpResponse::Ok().json(SearchResults { products: Vec::new(), partial: false }));
    };
    let st = state.clone();
    let found = web::block(move || st.search.search(&text, RESULTS)).await??;
    let partial = found.partial;
    let mut products = state.db.read(move |c| Ok(crate::catalog::get_products(c, &found.ids)?)).await?;
    if query.in_stock == Some(true) {
        products.retain(|p| !p.sold_out());
    }
    // Stable sorts: equal prices keep their relevance order.
    match query.sort.unwrap_or(SearchSort::Relevance) {
        SearchSort::Relevance => {}
        SearchSort::PriceAsc => products.sort_by_key(|p| p.price),
        SearchSort::PriceDesc => products.sort_by_key(|p| std::cmp::Reverse(p.price)),
        SearchSort::Newest => products.sort_by_key(|p| std::cmp::Reverse(p.created_at)),
    }
    Ok(HttpResponse::Ok().insert_header(("Cache-Control", "no-cache")).json(SearchResults { products, partial }))
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
