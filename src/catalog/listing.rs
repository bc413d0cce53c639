//! Filtered and sorted product lists. A collection's pages and the search results page share the
//! filters (size, colour, price range, in stock, on sale), the sorts (newest, price either way,
//! best selling, top rated) and the facets: beside each size and colour, how many products it
//! would show with the other filters kept, and the price range the other filters leave.
//!
//! The list is decided in memory from a few facts per product (price, sale, date, rating, and
//! each variant's size, colour and whether it is in stock), read with one query; only the page
//! shown is then read in full. A collection's facts are kept between requests
//! ([`ListingCache`]) until the catalogue's door next commits a write; units sold (best selling)
//! are read afresh. Size, colour and "in stock" hold for one variant together:
//! "42 in Black, in stock" keeps a product only if its 42 in Black is in stock.

use std::cmp::Reverse;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, RwLock};

use rusqlite::Connection;
use serde::{Deserialize, Serialize};

use crate::error::{AppError, AppResult};
use crate::ids::ProductId;
use crate::money::Kobo;

use super::ProductJson;

crate::text_enum! {
    /// How a list of products is ordered.
    pub enum ProductSort {
        Newest => "newest",
        PriceAsc => "price-asc",
        PriceDesc => "price-desc",
        /// Most units sold in the last 30 days (cancelled orders left out).
        BestSelling => "best-selling",
        /// Highest rating, then most reviews.
        TopRated => "top-rated",
    }
}

/// The longest size or colour a filter may name (as long as a variant's).
const MAX_OPTION: usize = 40;
/// The highest price a filter may name, in naira.
pub const MAX_FILTER_NAIRA: i64 = 100_000_000;
/// Best selling counts the units sold in this many days.
const BEST_SELLING_DAYS: i64 = 30;

/// The filters of a product list, as the address carries them (prices in whole naira).
#[derive(Deserialize, Debug, Default, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query, rename_all = "camelCase")]
pub struct FilterQuery {
    /// Only products with this size (any case); with `color` and `inStock`, in one variant.
    #[param(max_length = 40)]
    pub size: Option<String>,
    /// Only products with this colour (any case).
    #[param(max_length = 40)]
    pub color: Option<String>,
    /// Lowest price, whole naira.
    #[param(minimum = 0, maximum = 100_000_000)]
    pub min_price: Option<i64>,
    /// Highest price, whole naira (included).
    #[param(minimum = 0, maximum = 100_000_000)]
    pub max_price: Option<i64>,
    /// true: leave out products that have sold out (in the size and colour chosen).
    pub in_stock: Option<bool>,
    /// true: only products on sale (a compare-at price above the price).
    pub on_sale: Option<bool>,
}

/// Checked filters.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Filters {
    /// Lower-cased.
    pub size: Option<String>,
    /// Lower-cased.
    pub color: Option<String>,
    pub min_price: Option<Kobo>,
    pub max_price: Option<Kobo>,
    pub in_stock: bool,
    pub on_sale: bool,
}

impl FilterQuery {
    /// The filters, or a 400 saying what is wrong. Blank texts and `false` are no filter.
    pub fn check(&self) -> AppResult<Filters> {
        let option = |text: &Option<String>, what: &str| -> AppResult<Option<String>> {
            let text = text.as_deref().unwrap_or("").trim();
            if text.chars().count() > MAX_OPTION {
                return Err(AppError::Validation(format!("A {what} may have at most {MAX_OPTION} characters.")));
            }
            Ok((!text.is_empty()).then(|| text.to_lowercase()))
        };
        let price = |naira: Option<i64>| -> AppResult<Option<Kobo>> {
            match naira {
                None => Ok(None),
                Some(n) if (0..=MAX_FILTER_NAIRA).contains(&n) => Ok(Some(Kobo::new(n * 100))),
                Some(_) => Err(AppError::Validation(format!("Prices must be whole naira from 0 to {MAX_FILTER_NAIRA}."))),
            }
        };
        let filters = Filters {
            size: option(&self.size, "size")?,
            color: option(&self.color, "colour")?,
            min_price: price(self.min_price)?,
            max_price: price(self.max_price)?,
            in_stock: self.in_stock == Some(true),
            on_sale: self.on_sale == Some(true),
        };
        if let (Some(min), Some(max)) = (filters.min_price, filters.max_price)
            && min > max
        {
            return Err(AppError::Validation("The lowest price must not be above the highest.".into()));
        }
        Ok(filters)
    }
}

impl Filters {
    pub fn is_empty(&self) -> bool {
        *self == Filters::default()
    }

    /// The same filters always make the same text, however the address spelled them (order of
    /// parameters, case, `false`, blanks), so equal lists share one cache entry.
    pub fn key(&self) -> String {
        let text = |t: &Option<String>| t.clone().unwrap_or_default();
        let kobo = |k: Option<Kobo>| k.map(|k| k.get().to_string()).unwrap_or_default();
        format!(
            "size={}|color={}|min={}|max={}|stock={}|sale={}",
            text(&self.size),
            text(&self.color),
            kobo(self.min_price),
            kobo(self.max_price),
            self.in_stock,
            self.on_sale
        )
    }
}

/// One size or colour and how many products it would show.
#[derive(Serialize, Debug, Clone, PartialEq, utoipa::ToSchema)]
pub struct FacetValue {
    pub value: String,
    pub count: i64,
}

#[derive(Serialize, Debug, Clone, PartialEq, utoipa::ToSchema)]
pub struct PriceRange {
    #[schema(value_type = i64)]
    pub min: Kobo,
    #[schema(value_type = i64)]
    pub max: Kobo,
}

/// What each filter would show, every other filter kept.
#[derive(Serialize, Debug, Clone, PartialEq, Default, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Facets {
    /// Every size of the list (sizes in order: 39, 40 …; S, M, L …), each with the products it would show.
    pub sizes: Vec<FacetValue>,
    /// Every colour of the list, A to Z, each with the products it would show.
    pub colors: Vec<FacetValue>,
    /// The lowest and highest price of the products the other filters keep; null when none.
    pub price: Option<PriceRange>,
    /// Products "in stock only" would show.
    pub in_stock: i64,
    /// Products "on sale" would show.
    pub on_sale: i64,
}

/// A page of a filtered, sorted list: the ids to show, in order, how many there are in all, and
/// the facets.
#[derive(Debug, Clone)]
pub struct Listing {
    pub ids: Vec<ProductId>,
    pub total: i64,
    pub facets: Facets,
}

/// Which products a list is drawn from.
#[derive(Clone, Copy)]
pub enum Scope<'a> {
    Collection(&'a str),
    /// Search results, best match first.
    Products(&'a [ProductId]),
}

#[derive(Clone, Copy)]
struct Variant {
    size: u32,
    color: u32,
    in_stock: bool,
}

/// What a list needs to know of a product.
struct Fact {
    id: ProductId,
    /// Position in the scope's own order (search relevance).
    rank: usize,
    /// Position in the newest-first order (ties: by id), the tie-break of every sort.
    newest: u32,
    price: Kobo,
    on_sale: bool,
    created_at: i64,
    rating: f64,
    reviews: i64,
    /// Its variants: `ScopeFacts::variants[first..first + count]`.
    first: u32,
    count: u32,
}

/// The facts of a scope's products, with the sizes and colours they name. The variants of all
/// products lie in one array, so deciding a list walks memory in order.
pub struct ScopeFacts {
    facts: Vec<Fact>,
    variants: Vec<Variant>,
    sizes: Values,
    colors: Values,
}

/// Each collection's [`ScopeFacts`], so a filtered page of a large collection is decided without
/// reading every product again, and the answers (JSON) of the products lists show, so a page that
/// was never asked for before is mostly copied, not read and written again. Cleared by the
/// catalogue's door after every write it commits (the writes that change prices, stock, ratings or
/// collections); what was read while a write committed is not kept. Holds at most one set of facts
/// per collection that exists and 4,096 product answers.
#[derive(Default)]
pub struct ListingCache {
    generation: AtomicU64,
    collections: RwLock<HashMap<String, Arc<ScopeFacts>>>,
    /// Product answers kept for lists (about 2 KB each).
    products: super::kept::KeptByProduct<ProductJson, 4096>,
}

impl ListingCache {
    /// Only the catalogue's door calls it (`catalog::write::Catalogue`), after a write committed.
    pub(crate) fn invalidate(&self) {
        self.generation.fetch_add(1, Ordering::SeqCst);
        self.collections.write().unwrap().clear();
        self.products.invalidate();
    }

    /// The answers of the products `ids`, in that order (a product deleted meanwhile is left out);
    /// those not kept are read with one query and kept.
    pub fn products(&self, conn: &Connection, ids: &[ProductId]) -> rusqlite::Result<Vec<ProductJson>> {
        let found = self.products.look_up(ids);
        let read = if found.missing.is_empty() {
            HashMap::new()
        } else {
            super::get_products(conn, &found.missing)?.iter().map(|p| (p.id.clone(), ProductJson::of(p))).collect()
        };
        Ok(self.products.complete(ids, found, read))
    }

    fn collection(&self, conn: &Connection, id: &str) -> rusqlite::Result<Arc<ScopeFacts>> {
        if let Some(facts) = self.collections.read().unwrap().get(id) {
            return Ok(facts.clone());
        }
        let generation = self.generation.load(Ordering::SeqCst);
        let facts = Arc::new(read_facts(conn, Scope::Collection(id))?);
        let mut collections = self.collections.write().unwrap();
        if self.generation.load(Ordering::SeqCst) == generation {
            collections.insert(id.to_string(), facts.clone());
        }
        Ok(facts)
    }
}

/// Distinct option values (sizes or colours), matched without regard to case; 0 is "none".
#[derive(Default)]
struct Values {
    shown: Vec<String>,
    by_key: HashMap<String, u32>,
}

impl Values {
    fn new() -> Values {
        let mut values = Values::default();
        values.intern("");
        values
    }

    fn intern(&mut self, text: &str) -> u32 {
        let key = text.to_lowercase();
        if let Some(&n) = self.by_key.get(&key) {
            return n;
        }
        let n = self.shown.len() as u32;
        self.shown.push(text.to_string());
        self.by_key.insert(key, n);
        n
    }

    /// None: no filter; Some(None): a value no product has (nothing matches).
    fn wanted(&self, filter: &Option<String>) -> Option<Option<u32>> {
        filter.as_ref().map(|f| self.by_key.get(f).copied().filter(|&n| n != 0))
    }
}

fn scope_sql(scope: Scope) -> (&'static str, String) {
    match scope {
        Scope::Collection(id) => ("p.collection_id = ?1", id.to_string()),
        Scope::Products(ids) => ("p.id IN (SELECT value FROM json_each(?1))", serde_json::to_string(ids).unwrap_or_default()),
    }
}

/// Reads the facts of the products in `scope`.
fn read_facts(conn: &Connection, scope: Scope) -> rusqlite::Result<ScopeFacts> {
    const SELECT: &str =
        "SELECT p.id, p.price_kobo, p.compare_at_kobo, p.created_at, p.rating, p.review_count, v.size, v.color, v.stock > 0
         FROM products p LEFT JOIN variants v ON v.product_id = p.id";
    let (filter, value) = scope_sql(scope);
    let (mut sizes, mut colors) = (Values::new(), Values::new());
    let mut facts: Vec<Fact> = Vec::new();
    let mut per_product: Vec<Vec<Variant>> = Vec::new();
    let mut at: HashMap<String, usize> = HashMap::new();
    let mut stmt = conn.prepare_cached(&format!("{SELECT} WHERE {filter}"))?;
    let mut rows = stmt.query([&value])?;
    while let Some(r) = rows.next()? {
        let id: String = r.get(0)?;
        // A product's rows come together; the map is for any other order.
        let index = match facts.last() {
            Some(last) if last.id.as_str() == id => facts.len() - 1,
            _ => match at.get(&id) {
                Some(&i) => i,
                None => {
                    let price: Kobo = r.get(1)?;
                    at.insert(id.clone(), facts.len());
                    facts.push(Fact {
                        id: id.into(),
                        rank: 0,
                        newest: 0,
                        price,
                        on_sale: super::on_sale(price, r.get(2)?).is_some(),
                        created_at: r.get(3)?,
                        rating: r.get(4)?,
                        reviews: r.get(5)?,
                        first: 0,
                        count: 0,
                    });
                    per_product.push(Vec::new());
                    facts.len() - 1
                }
            },
        };
        let (size, color): (Option<String>, Option<String>) = (r.get(6)?, r.get(7)?);
        let variant = match (size, color) {
            (Some(size), Some(color)) => Variant { size: sizes.intern(&size), color: colors.intern(&color), in_stock: r.get(8)? },
            // A product without variants can be shown but never bought.
            _ => Variant { size: 0, color: 0, in_stock: false },
        };
        per_product[index].push(variant);
    }
    let mut variants = Vec::with_capacity(per_product.iter().map(Vec::len).sum());
    for (fact, own) in facts.iter_mut().zip(per_product) {
        fact.first = variants.len() as u32;
        fact.count = own.len() as u32;
        variants.extend(own);
    }
    let mut newest: Vec<usize> = (0..facts.len()).collect();
    newest.sort_by(|&a, &b| facts[b].created_at.cmp(&facts[a].created_at).then_with(|| facts[a].id.cmp(&facts[b].id)));
    for (position, index) in newest.into_iter().enumerate() {
        facts[index].newest = position as u32;
    }
    if let Scope::Products(ids) = scope {
        let rank: HashMap<&str, usize> = ids.iter().enumerate().map(|(i, id)| (id.as_str(), i)).collect();
        for fact in &mut facts {
            fact.rank = rank.get(fact.id.as_str()).copied().unwrap_or(usize::MAX);
        }
        facts.sort_by_key(|f| f.rank);
    }
    Ok(ScopeFacts { facts, variants, sizes, colors })
}

/// Units sold in the last [`BEST_SELLING_DAYS`] Lagos days, by product, of the products in `scope`.
fn units_sold(conn: &Connection, scope: Scope) -> rusqlite::Result<HashMap<String, i64>> {
    let (filter, value) = scope_sql(scope);
    let since = crate::util::lagos_day(crate::db::now_ms()) - (BEST_SELLING_DAYS - 1);
    let sql = format!(
        "SELECT s.product_id, SUM(s.units) FROM product_sales s JOIN products p ON p.id = s.product_id
         WHERE {filter} AND s.day >= ?2 GROUP BY s.product_id"
    );
    conn.prepare_cached(&sql)?.query_map(rusqlite::params![value, since], |r| Ok((r.get(0)?, r.get(1)?)))?.collect()
}

/// The page `offset..offset + limit` of the products in `scope` that `filters` keep, ordered by
/// `sort` (None: the scope's own order), with the facets. A collection's facts come from `cache`.
pub fn list(
    conn: &Connection,
    cache: &ListingCache,
    scope: Scope,
    filters: &Filters,
    sort: Option<ProductSort>,
    offset: usize,
    limit: usize,
) -> rusqlite::Result<Listing> {
    let facts = match scope {
        Scope::Collection(id) => cache.collection(conn, id)?,
        Scope::Products(_) => Arc::new(read_facts(conn, scope)?),
    };
    let sold = if sort == Some(ProductSort::BestSelling) { units_sold(conn, scope)? } else { HashMap::new() };
    Ok(decide(&facts, &sold, filters, sort, offset, limit))
}

fn decide(
    scope: &ScopeFacts,
    sold: &HashMap<String, i64>,
    filters: &Filters,
    sort: Option<ProductSort>,
    offset: usize,
    limit: usize,
) -> Listing {
    let ScopeFacts { facts, variants, sizes, colors } = scope;
    // A wanted value no product has matches nothing: u32::MAX is no value's number.
    let wanted = |values: &Values, filter: &Option<String>| values.wanted(filter).map(|v| v.unwrap_or(u32::MAX));
    let (size, color, in_stock) = (wanted(sizes, &filters.size), wanted(colors, &filters.color), filters.in_stock);
    let price_ok = |f: &Fact| filters.min_price.is_none_or(|m| f.price >= m) && filters.max_price.is_none_or(|m| f.price <= m);

    let mut facets = Facets::default();
    let mut size_counts = vec![0i64; sizes.shown.len()];
    let mut color_counts = vec![0i64; colors.shown.len()];
    let mut seen_size = vec![u32::MAX; sizes.shown.len()];
    let mut seen_color = vec![u32::MAX; colors.shown.len()];
    let mut shown: Vec<u32> = Vec::new();
    for (n, f) in facts.iter().enumerate() {
        let sale = !filters.on_sale || f.on_sale;
        if !sale {
            // Off sale while "on sale" is chosen: in no list, no count and no price range.
            continue;
        }
        let price = price_ok(f);
        // One walk over the variants answers every question asked of them: does one fit every
        // option chosen (with and without "in stock"), and which sizes and colours would fit the rest.
        let (mut fits, mut fits_in_stock) = (false, false);
        for v in &variants[f.first as usize..(f.first + f.count) as usize] {
            let (size_ok, color_ok, stock_ok) =
                (size.is_none_or(|s| s == v.size), color.is_none_or(|c| c == v.color), !in_stock || v.in_stock);
            if size_ok && color_ok {
                fits |= stock_ok;
                fits_in_stock |= v.in_stock;
            }
            if price && color_ok && stock_ok && seen_size[v.size as usize] != n as u32 {
                // Each size counts the product once, if some variant of that size fits the rest.
                seen_size[v.size as usize] = n as u32;
                size_counts[v.size as usize] += 1;
            }
            if price && size_ok && stock_ok && seen_color[v.color as usize] != n as u32 {
                seen_color[v.color as usize] = n as u32;
                color_counts[v.color as usize] += 1;
            }
        }
        if price && fits_in_stock {
            facets.in_stock += 1;
        }
        if fits {
            let range = facets.price.get_or_insert(PriceRange { min: f.price, max: f.price });
            range.min = range.min.min(f.price);
            range.max = range.max.max(f.price);
        }
        if fits && price && f.on_sale {
            facets.on_sale += 1;
        }
        if fits && price {
            shown.push(n as u32);
        }
    }
    let values = |values: &Values, counts: &[i64]| -> Vec<FacetValue> {
        values.shown.iter().zip(counts).skip(1).map(|(value, &count)| FacetValue { value: value.clone(), count }).collect()
    };
    facets.sizes = values(sizes, &size_counts);
    facets.sizes.sort_by_key(|s| size_order(&s.value));
    facets.colors = values(colors, &color_counts);
    facets.colors.sort_by_key(|c| c.value.to_lowercase());

    // Sorted by numbers only (no text compared or copied); ties go to the newest, as the default order does.
    let fact = |n: &u32| &facts[*n as usize];
    match sort {
        None => {}
        Some(ProductSort::Newest) => shown.sort_unstable_by_key(|n| fact(n).newest),
        Some(ProductSort::PriceAsc) => shown.sort_unstable_by_key(|n| (fact(n).price, fact(n).newest)),
        Some(ProductSort::PriceDesc) => shown.sort_unstable_by_key(|n| (Reverse(fact(n).price), fact(n).newest)),
        Some(ProductSort::BestSelling) => {
            let units = |n: &u32| sold.get(fact(n).id.as_str()).copied().unwrap_or(0);
            let mut keyed: Vec<(Reverse<i64>, u32, u32)> = shown.iter().map(|n| (Reverse(units(n)), fact(n).newest, *n)).collect();
            keyed.sort_unstable();
            shown = keyed.into_iter().map(|(_, _, n)| n).collect();
        }
        Some(ProductSort::TopRated) => shown.sort_unstable_by(|a, b| {
            let (a, b) = (fact(a), fact(b));
            b.rating.total_cmp(&a.rating).then(b.reviews.cmp(&a.reviews)).then(a.newest.cmp(&b.newest))
        }),
    }
    Listing {
        total: shown.len() as i64,
        ids: shown.into_iter().skip(offset).take(limit).map(|n| facts[n as usize].id.clone()).collect(),
        facets,
    }
}

/// Sizes in the order a shopper reads them: numbers by value (39, 40, 46R, 48R), then letter
/// sizes from XXS to XXXL, then anything else A to Z.
fn size_order(size: &str) -> (u8, u64, String) {
    const LETTERS: &[&[&str]] =
        &[&["xxxs"], &["xxs", "2xs"], &["xs"], &["s"], &["m"], &["l"], &["xl"], &["xxl", "2xl"], &["xxxl", "3xl"], &["xxxxl", "4xl"]];
    let lower = size.trim().to_lowercase();
    let digits: String = lower.chars().take_while(|c| c.is_ascii_digit() || *c == '.').collect();
    if let Ok(number) = digits.parse::<f64>() {
        return (0, (number * 1000.0) as u64, lower[digits.len()..].to_string());
    }
    match LETTERS.iter().position(|names| names.contains(&lower.as_str())) {
        Some(n) => (1, n as u64, String::new()),
        None => (2, 0, lower),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_read_in_order() {
        let mut sizes = vec!["XL", "42", "S", "9.5", "46R", "M", "One size", "10", "XXL", "48R"];
        sizes.sort_by_key(|s| size_order(s));
        assert_eq!(sizes, ["9.5", "10", "42", "46R", "48R", "S", "M", "XL", "XXL", "One size"]);
    }

    #[test]
    fn the_same_filters_make_the_same_key_however_spelled() {
        let a = FilterQuery { size: Some(" 42 ".into()), color: Some("Black".into()), in_stock: Some(false), ..Default::default() };
        let b = FilterQuery { size: Some("42".into()), color: Some("BLACK".into()), on_sale: Some(false), ..Default::default() };
        assert_eq!(a.check().unwrap().key(), b.check().unwrap().key());
        let c = FilterQuery { size: Some("".into()), in_stock: Some(false), ..Default::default() };
        assert!(c.check().unwrap().is_empty());
    }

    #[test]
    fn bad_filters_are_refused() {
        let q = |min, max| FilterQuery { min_price: min, max_price: max, ..Default::default() };
        assert!(q(Some(60_000), Some(20_000)).check().is_err());
        assert!(q(Some(-1), None).check().is_err());
        assert!(q(None, Some(MAX_FILTER_NAIRA + 1)).check().is_err());
        assert_eq!(q(Some(20_000), Some(60_000)).check().unwrap().max_price, Some(Kobo::new(6_000_000)));
        assert!(FilterQuery { size: Some("x".repeat(41)), ..Default::default() }.check().is_err());
    }
}
