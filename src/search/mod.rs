//! Product search with Tantivy: an index of name, category, collection and description, kept in
//! step with the database (updated on every product change, rebuilt at start when it disagrees
//! with the database), answering suggestions with prefix matching and typo tolerance.

use std::path::Path;
use std::sync::Mutex;

use rusqlite::Connection;
use tantivy::collector::TopDocs;
use tantivy::directory::MmapDirectory;
use tantivy::query::{BooleanQuery, BoostQuery, FuzzyTermQuery, Occur, Query, TermQuery};
use tantivy::schema::{Field, IndexRecordOption, STORED, STRING, Schema, TEXT, Value};
use tantivy::{Index, IndexReader, IndexWriter, ReloadPolicy, TantivyDocument, Term, doc};

use crate::error::{AppError, AppResult};
use crate::ids::ProductId;

pub struct SearchIndex {
    reader: IndexReader,
    writer: Mutex<IndexWriter>,
    index: Index,
    fields: Fields,
}

#[derive(Clone, Copy)]
struct Fields {
    id: Field,
    name: Field,
    category: Field,
    collection: Field,
    description: Field,
}

/// The words of a query: at most this many, each at most this long. Anything else a shopper
/// types (quotes, colons, brackets, stars, tildes, carets) is punctuation and ignored.
const MAX_WORDS: usize = 6;
const MAX_WORD_LEN: usize = 30;

fn schema() -> (Schema, Fields) {
    let mut builder = Schema::builder();
    let fields = Fields {
        id: builder.add_text_field("id", STRING | STORED),
        name: builder.add_text_field("name", TEXT),
        category: builder.add_text_field("category", TEXT),
        collection: builder.add_text_field("collection", TEXT),
        description: builder.add_text_field("description", TEXT),
    };
    (builder.build(), fields)
}

/// What the index must agree with: the number of products and the newest change to a product or
/// a collection (products are found by their collection's name too).
fn fingerprint(conn: &Connection) -> rusqlite::Result<String> {
    conn.query_row(
        "SELECT (SELECT COUNT(*) FROM products), (SELECT COALESCE(MAX(updated_at), 0) FROM products),
                (SELECT COALESCE(MAX(updated_at), 0) FROM collections)",
        [],
        |r| Ok(format!("{}:{}:{}", r.get::<_, i64>(0)?, r.get::<_, i64>(1)?, r.get::<_, i64>(2)?)),
    )
}

/// The searchable text of products: id, name, category, collection name, description.
const INDEXED: &str = "SELECT p.id, p.name, p.category, c.name, p.description FROM products p JOIN collections c ON c.id = p.collection_id";

/// Which products to re-index.
#[derive(Clone, Copy)]
enum Scope<'a> {
    Product(&'a str),
    Collection(&'a str),
}

type IndexedRow = (String, String, Option<String>, String, String);

fn indexed_row(r: &rusqlite::Row) -> rusqlite::Result<IndexedRow> {
    Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?))
}

impl SearchIndex {
    /// Opens the index in `dir`, rebuilding it from the database when it is missing, damaged or
    /// out of step.
    pub fn open(dir: &Path, conn: &Connection) -> Result<SearchIndex, String> {
        std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        let (schema, fields) = schema();
        let open = || -> tantivy::Result<Index> {
            Index::open_or_create(MmapDirectory::open(dir).map_err(|e| tantivy::TantivyError::SystemError(e.to_string()))?, schema.clone())
        };
        let index = match open() {
            Ok(index) => index,
            Err(e) => {
                log::warn!("the search index was unusable ({e}); rebuilding it");
                std::fs::remove_dir_all(dir).and_then(|_| std::fs::create_dir_all(dir)).map_err(|e| e.to_string())?;
                open().map_err(|e| format!("cannot create the search index: {e}"))?
            }
        };
        let writer = index.writer(20_000_000).map_err(|e| format!("cannot open the search index for writing: {e}"))?;
        let reader =
            index.reader_builder().reload_policy(ReloadPolicy::Manual).try_into().map_err(|e: tantivy::TantivyError| e.to_string())?;
        let search = SearchIndex { reader, writer: Mutex::new(writer), index, fields };
        let expected = fingerprint(conn).map_err(|e| e.to_string())?;
        let current = search.index.load_metas().ok().and_then(|m| m.payload);
        if current.as_deref() != Some(expected.as_str()) {
            search.rebuild(conn).map_err(|e| format!("cannot build the search index: {e}"))?;
        }
        Ok(search)
    }

    /// Re-indexes every product.
    pub fn rebuild(&self, conn: &Connection) -> AppResult<()> {
        let mut writer = self.writer.lock().unwrap();
        writer.delete_all_documents().map_err(AppError::internal)?;
        let mut stmt = conn.prepare(INDEXED)?;
        let mut rows = stmt.query([])?;
        let mut count = 0;
        while let Some(row) = rows.next()? {
            let (id, name, category, collection, description) = indexed_row(row)?;
            writer.add_document(self.document(&id, &name, category.as_deref(), &collection, &description)).map_err(AppError::internal)?;
            count += 1;
        }
        self.commit(&mut writer, conn)?;
        log::info!("search index rebuilt with {count} products");
        Ok(())
    }

    fn document(&self, id: &str, name: &str, category: Option<&str>, collection: &str, description: &str) -> TantivyDocument {
        let f = self.fields;
        let mut document = doc!(f.id => id, f.name => name, f.collection => collection, f.description => description);
        if let Some(category) = category {
            document.add_text(f.category, category);
        }
        document
    }

    fn commit(&self, writer: &mut IndexWriter, conn: &Connection) -> AppResult<()> {
        let mut prepared = writer.prepare_commit().map_err(AppError::internal)?;
        prepared.set_payload(&fingerprint(conn)?);
        prepared.commit().map_err(AppError::internal)?;
        self.reader.reload().map_err(AppError::internal)?;
        Ok(())
    }

    /// Re-indexes one product after it was created or edited (call after the database commit).
    pub fn upsert(&self, conn: &Connection, product_id: &ProductId) -> AppResult<()> {
        self.reindex(conn, Scope::Product(product_id))
    }

    /// Re-indexes a collection's products after it was renamed (call after the database commit).
    pub fn reindex_collection(&self, conn: &Connection, collection_id: &str) -> AppResult<()> {
        self.reindex(conn, Scope::Collection(collection_id))
    }

    /// Replaces the documents of the products in `scope` (a product that no longer exists only
    /// loses its document).
    fn reindex(&self, conn: &Connection, scope: Scope) -> AppResult<()> {
        let (filter, value) = match scope {
            Scope::Product(id) => ("p.id = ?1", id),
            Scope::Collection(id) => ("p.collection_id = ?1", id),
        };
        let rows: Vec<IndexedRow> =
            conn.prepare_cached(&format!("{INDEXED} WHERE {filter}"))?.query_map([value], indexed_row)?.collect::<Result<_, _>>()?;
        let mut writer = self.writer.lock().unwrap();
        if let Scope::Product(id) = scope {
            writer.delete_term(Term::from_field_text(self.fields.id, id));
        }
        for (id, name, category, collection, description) in &rows {
            writer.delete_term(Term::from_field_text(self.fields.id, id));
            writer.add_document(self.document(id, name, category.as_deref(), collection, description)).map_err(AppError::internal)?;
        }
        self.commit(&mut writer, conn)
    }

    /// Removes a deleted product (call after the database commit).
    pub fn remove(&self, conn: &Connection, product_id: &ProductId) -> AppResult<()> {
        self.reindex(conn, Scope::Product(product_id))
    }

    fn query(&self, text: &str) -> Option<BooleanQuery> {
        let words: Vec<String> = text
            .split(|c: char| !c.is_alphanumeric())
            .filter(|w| !w.is_empty())
            .take(MAX_WORDS)
            .map(|w| w.chars().take(MAX_WORD_LEN).collect::<String>().to_lowercase())
            .collect();
        let last = words.len().checked_sub(1)?;
        let f = self.fields;
        let clauses = words
            .iter()
            .enumerate()
            .map(|(i, word)| {
                // The word being typed matches as a prefix; short words are not fuzzed (too noisy).
                let distance = if word.chars().count() >= 4 { 1 } else { 0 };
                let mut alternatives: Vec<(Occur, Box<dyn Query>)> = Vec::new();
                let mut add =
                    |query: Box<dyn Query>, boost: f32| alternatives.push((Occur::Should, Box::new(BoostQuery::new(query, boost))));
                // Typo and prefix matching only on the short fields people type from; the long
                // ones match whole words, which keeps a suggestion to a millisecond or two.
                for (field, boost) in [(f.name, 3.0), (f.category, 2.0)] {
                    let term = Term::from_field_text(field, word);
                    add(Box::new(TermQuery::new(term.clone(), IndexRecordOption::WithFreqs)), boost * 2.0);
                    if i == last {
                        add(Box::new(FuzzyTermQuery::new_prefix(term, distance, true)), boost);
                    } else if distance > 0 {
                        add(Box::new(FuzzyTermQuery::new(term, distance, true)), boost);
                    }
                }
                // The collection field holds a handful of words, so typo matching there is cheap
                // and lets "snekers" find the Sneakers collection.
                let collection = Term::from_field_text(f.collection, word);
                add(Box::new(TermQuery::new(collection.clone(), IndexRecordOption::WithFreqs)), 3.0);
                if i == last {
                    add(Box::new(FuzzyTermQuery::new_prefix(collection, distance, true)), 1.5);
                } else if distance > 0 {
                    add(Box::new(FuzzyTermQuery::new(collection, distance, true)), 1.5);
                }
                add(Box::new(TermQuery::new(Term::from_field_text(f.description, word), IndexRecordOption::WithFreqs)), 0.5);
                (Occur::Must, Box::new(BooleanQuery::new(alternatives)) as Box<dyn Query>)
            })
            .collect();
        Some(BooleanQuery::new(clauses))
    }

    /// Ids of the products best matching `text`, best first. What shoppers see of them comes
    /// from the catalogue, so prices and pictures are always current.
    pub fn search_ids(&self, text: &str, limit: usize) -> AppResult<Vec<ProductId>> {
        let Some(query) = self.query(text) else { return Ok(Vec::new()) };
        let searcher = self.reader.searcher();
        let hits = searcher.search(&query, &TopDocs::with_limit(limit.max(1))).map_err(AppError::internal)?;
        hits.into_iter()
            .map(|(_, address)| {
                let stored: TantivyDocument = searcher.doc(address).map_err(AppError::internal)?;
                Ok(stored.get_first(self.fields.id).and_then(|v| v.as_str()).unwrap_or_default().into())
            })
            .collect()
    }
}

pub mod routes;
