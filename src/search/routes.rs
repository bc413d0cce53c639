//! GET /api/search/suggest?q= (five suggestions) and GET /api/search?q= (the results page).

use actix_web::{HttpResponse, get, web};
use serde::{Deserialize, Serialize};

use crate::catalog::Product;
use crate::error::AppResult;
use crate::error::answers::BadRequest;
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

pub fn configure(cfg: &mut utoipa_actix_web::service_config::ServiceConfig) {
    cfg.service(suggest).service(results);
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

/// Up to five products and collections for the search bar, typo-tolerant on the last word.
#[utoipa::path(tag = "search", params(SearchQuery), responses((status = OK, body = Vec<Suggestion>)))]
#[get("/search/suggest")]
async fn suggest(state: web::Data<AppState>, query: web::Query<SearchQuery>) -> AppResult<HttpResponse> {
    let Some(text) = usable(query.q.as_deref()) else { return Ok(HttpResponse::Ok().json(Vec::<Suggestion>::new())) };
    let st = state.clone();
    let ids = web::block(move || st.search.search_ids(&text, SUGGESTIONS)).await??;
    // In the index's order; a product deleted since it was indexed is left out.
    let products = state.db.read(move |c| Ok(crate::catalog::get_products_without_stock(c, &ids)?)).await?;
    let suggestions: Vec<Suggestion> = products.into_iter().map(Suggestion::from).collect();
    Ok(HttpResponse::Ok().insert_header(("Cache-Control", "no-cache")).json(suggestions))
}

/// The results page: up to 48 products, best match first.
#[utoipa::path(tag = "search", params(ResultsQuery), responses((status = OK, body = Vec<Product>), BadRequest))]
#[get("/search")]
async fn results(state: web::Data<AppState>, query: web::Query<ResultsQuery>) -> AppResult<HttpResponse> {
    let Some(text) = usable(query.q.as_deref()) else { return Ok(HttpResponse::Ok().json(Vec::<Product>::new())) };
    let st = state.clone();
    let ids = web::block(move || st.search.search_ids(&text, RESULTS)).await??;
    let mut products = state.db.read(move |c| Ok(crate::catalog::get_products(c, &ids)?)).await?;
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
    Ok(HttpResponse::Ok().insert_header(("Cache-Control", "no-cache")).json(products))
}
