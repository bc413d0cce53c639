//! Product search with Tantivy: an index of name, category, collection, variant colours and
//! description, kept in step with the database (updated on every product change, rebuilt at start
//! when it disagrees with the database), answering the results page and the search bar alike.
//!
//! How a query is read: its words are lower-cased and reduced to their stems with an English
//! stemmer ("watches" → "watch", "derbies" → "derbi"), the same way the index reads products, so
//! word forms match. Every word must match some field (ranked by which fields and how well); the
//! last word, still being typed, also matches as a prefix; words of four or more letters tolerate
//! one typo. A word or phrase in one of the merchant's synonym groups also finds what the group's
//! other words find. When no product matches every word, the products matching the most words
//! are answered instead, marked partial.
//!
//! What a product is counts more than what its description mentions. A word no product has in its
//! name, category, collection or colours ("wedding" in "suit for wedding") ranks the products
//! rather than narrowing them. A word that says what kind of thing is wanted (one found in names,
//! categories or collections, not a colour: "shirts", "suit") must be found there: products whose
//! descriptions merely mention it ("pairs well with a crisp shirt") are left out while others have
//! it ([`Reading::kind`]). Colours are also indexed with their everyday families ([`shades`]:
//! oxblood and burgundy are red).

use std::path::Path;
use std::sync::{Arc, Mutex, RwLock};

use rusqlite::Connection;
use tantivy::collector::TopDocs;
use tantivy::directory::MmapDirectory;
use tantivy::query::{BooleanQuery, BoostQuery, ConstScoreQuery, FuzzyTermQuery, Occur, Query, TermQuery};
use tantivy::schema::{Field, IndexRecordOption, STORED, STRING, Schema, TextFieldIndexing, TextOptions, Value};
use tantivy::tokenizer::{AsciiFoldingFilter, Language, LowerCaser, RemoveLongFilter, SimpleTokenizer, Stemmer, TextAnalyzer};
use tantivy::{Index, IndexReader, IndexWriter, ReloadPolicy, TantivyDocument, Term};

use crate::error::{AppError, AppResult};
use crate::ids::ProductId;

pub mod shades;
pub mod synonyms;

use synonyms::Synonyms;

pub struct SearchIndex {
    reader: IndexReader,
    writer: Mutex<IndexWriter>,
    index: Index,
    fields: Fields,
    analyzers: Analyzers,
    synonyms: RwLock<Arc<Synonyms>>,
}

#[derive(Clone, Copy)]
struct Fields {
    id: Field,
    name: Field,
    category: Field,
    collection: Field,
    color: Field,
    /// The everyday colours of the product's shades ("red" for oxblood).
    shade: Field,
    description: Field,
    /// The words of the short fields as typed (lower-cased, not stemmed): prefixes and typos.
    words: Field,
    /// The same words' stems: typos of another form of a word ("trousres" → "trouser").
    stems: Field,
}

/// The words of a query: at most this many. Anything else a shopper types (quotes, colons,
/// brackets, stars, tildes, carets) is punctuation and ignored.
const MAX_WORDS: usize = 6;
/// Words longer than this (in bytes) are not words.
const MAX_WORD_BYTES: usize = 40;
/// Changes whenever what the index holds or how it reads text changes, so an index built by an
/// earlier binary is rebuilt.
const INDEX_VERSION: &str = "3";

const WORDS: &str = "shop_words";
const STEMS: &str = "shop_stems";

/// How text becomes terms: split on anything but letters and digits, lower-cased, accents
/// folded; stems also go through the English (Porter 2) stemmer.
#[derive(Clone)]
struct Analyzers {
    words: TextAnalyzer,
    stems: TextAnalyzer,
}

impl Analyzers {
    fn new() -> Analyzers {
        let words = || {
            TextAnalyzer::builder(SimpleTokenizer::default())
                .filter(RemoveLongFilter::limit(MAX_WORD_BYTES))
                .filter(LowerCaser)
                .filter(AsciiFoldingFilter)
        };
        Analyzers { words: words().build(), stems: words().filter(Stemmer::new(Language::English)).build() }
    }

    fn tokens(analyzer: &TextAnalyzer, text: &str) -> Vec<String> {
        let mut analyzer = analyzer.clone();
        let mut stream = analyzer.token_stream(text);
        let mut tokens = Vec::new();
        stream.process(&mut |token| tokens.push(token.text.clone()));
        tokens
    }

    /// The words of `text`, each as typed (lower-cased) and as its stem.
    fn words(&self, text: &str) -> Vec<Word> {
        // The stemmer maps one token to one token, so the two lists line up.
        let raw = Analyzers::tokens(&self.words, text);
        let stems = Analyzers::tokens(&self.stems, text);
        raw.into_iter().zip(stems).take(MAX_WORDS).map(|(raw, stem)| Word { raw, stem }).collect()
    }

    fn stems(&self, text: &str) -> Vec<String> {
        Analyzers::tokens(&self.stems, text)
    }
}

#[derive(Debug, Clone)]
struct Word {
    raw: String,
    stem: String,
}

/// Small words that join others ("shirt with french cuffs"): a query does not need them to match.
const JOINING_WORDS: &[&str] = &["a", "an", "and", "for", "in", "of", "or", "the", "to", "with", "&"];

/// A run of query words read together: one word, or a phrase of a synonym group ("dress shoes").
struct Unit<'a> {
    words: &'a [Word],
    /// Holds the query's last word, which may be unfinished.
    last: bool,
}

impl Unit<'_> {
    fn joining(&self) -> bool {
        self.words.len() == 1 && JOINING_WORDS.contains(&self.words[0].raw.as_str())
    }
}

/// The query's words grouped into units: at each word, the longest phrase of a synonym group that
/// starts there, else the word alone.
fn units<'a>(words: &'a [Word], synonyms: &Synonyms) -> Vec<Unit<'a>> {
    let mut units = Vec::new();
    let mut at = 0;
    while at < words.len() {
        let longest = synonyms.longest().min(words.len() - at);
        let length = (2..=longest)
            .rev()
            .find(|&n| {
                let stems: Vec<String> = words[at..at + n].iter().map(|w| w.stem.clone()).collect();
                synonyms.others(&stems).is_some()
            })
            .unwrap_or(1);
        units.push(Unit { words: &words[at..at + length], last: at + length == words.len() });
        at += length;
    }
    units
}

/// Where a word is looked for.
#[derive(Clone, Copy, PartialEq)]
enum Within {
    /// Every field.
    All,
    /// What the product is: name, category, collection, colours.
    Strong,
    /// What kind of thing it is: name, category, collection (typos and prefixes too).
    Kind,
    /// Its colours and their families, whole words only.
    Colour,
}

impl Fields {
    /// The fields a whole word is looked for in, with how much a match in each counts.
    fn weighted(&self, within: Within) -> Vec<(Field, f32)> {
        let kind = [(self.name, 3.0), (self.category, 2.0), (self.collection, 2.0)];
        let colour = [(self.color, 2.0), (self.shade, 1.0)];
        match within {
            Within::All => [&kind[..], &colour, &[(self.description, 0.5)]].concat(),
            Within::Strong => [&kind[..], &colour].concat(),
            Within::Kind => kind.to_vec(),
            Within::Colour => colour.to_vec(),
        }
    }
}

fn schema() -> (Schema, Fields) {
    let mut builder = Schema::builder();
    let text = |tokenizer: &str, record: IndexRecordOption| {
        TextOptions::default().set_indexing_options(TextFieldIndexing::default().set_tokenizer(tokenizer).set_index_option(record))
    };
    let stemmed = text(STEMS, IndexRecordOption::WithFreqs);
    let fields = Fields {
        id: builder.add_text_field("id", STRING | STORED),
        name: builder.add_text_field("name", stemmed.clone()),
        category: builder.add_text_field("category", stemmed.clone()),
        collection: builder.add_text_field("collection", stemmed.clone()),
        color: builder.add_text_field("color", stemmed.clone()),
        shade: builder.add_text_field("shade", stemmed.clone()),
        description: builder.add_text_field("description", stemmed),
        words: builder.add_text_field("words", text(WORDS, IndexRecordOption::Basic)),
        stems: builder.add_text_field("stems", text(STEMS, IndexRecordOption::Basic)),
    };
    (builder.build(), fields)
}

/// What the index must agree with: how it is built, the number of products and the newest change
/// to a product or a collection (products are found by their collection's name too).
fn fingerprint(conn: &Connection) -> rusqlite::Result<String> {
    conn.query_row(
        "SELECT (SELECT COUNT(*) FROM products), (SELECT COALESCE(MAX(updated_at), 0) FROM products),
                (SELECT COALESCE(MAX(updated_at), 0) FROM collections)",
        [],
        |r| Ok(format!("v{INDEX_VERSION}:{}:{}:{}", r.get::<_, i64>(0)?, r.get::<_, i64>(1)?, r.get::<_, i64>(2)?)),
    )
}

/// The searchable text of products: id, name, category, collection name, description, and the
/// colours sold (a JSON list that follows the variants).
const INDEXED: &str =
    "SELECT p.id, p.name, p.category, c.name, p.description, p.colors FROM products p JOIN collections c ON c.id = p.collection_id";

/// Which products to re-index.
#[derive(Clone, Copy)]
enum Scope<'a> {
    Product(&'a str),
    Collection(&'a str),
}

struct Indexed {
    id: String,
    name: String,
    category: Option<String>,
    collection: String,
    description: String,
    colors: Vec<String>,
}

fn indexed_row(r: &rusqlite::Row) -> rusqlite::Result<Indexed> {
    let colors: String = r.get(5)?;
    Ok(Indexed {
        id: r.get(0)?,
        name: r.get(1)?,
        category: r.get(2)?,
        collection: r.get(3)?,
        description: r.get(4)?,
        colors: serde_json::from_str(&colors).unwrap_or_default(),
    })
}

/// What a search found: product ids, best first, and whether they match only some of the words
/// (nothing matched them all).
#[derive(Debug, Default, Clone, PartialEq)]
pub struct Found {
    pub ids: Vec<ProductId>,
    pub partial: bool,
}

/// How a query's units are read (see [`SearchIndex::query`]).
struct Reading {
    /// Per unit: it ranks but need not match.
    soft: Vec<bool>,
    /// A product must match one of these units (by index) in its name, category or collection:
    /// the units that say what kind of thing is wanted. Empty: no such requirement.
    kind: Vec<usize>,
    /// Any unit may match (the closest matches).
    partial: bool,
}

/// A synonym's match counts a little less than the shopper's own word.
const SYNONYM_BOOST: f32 = 0.8;
/// In a partial answer (and for a soft unit), each unit matched is worth more than any ranking
/// within the words.
const UNIT_MATCHED: f32 = 1000.0;

impl SearchIndex {
    /// Opens the index in `dir`, rebuilding it from the database when it is missing, damaged or
    /// out of step, and reads the merchant's synonyms.
    pub fn open(dir: &Path, conn: &Connection) -> Result<SearchIndex, String> {
        std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        let (schema, fields) = schema();
        let open = || -> tantivy::Result<Index> {
            Index::open_or_create(MmapDirectory::open(dir).map_err(|e| tantivy::TantivyError::SystemError(e.to_string()))?, schema.clone())
        };
        let index = match open() {
            Ok(index) => index,
            Err(e) => {
                tracing::warn!(error = %e, "the search index was unusable; rebuilding it");
                std::fs::remove_dir_all(dir).and_then(|_| std::fs::create_dir_all(dir)).map_err(|e| e.to_string())?;
                open().map_err(|e| format!("cannot create the search index: {e}"))?
            }
        };
        let analyzers = Analyzers::new();
        index.tokenizers().register(WORDS, analyzers.words.clone());
        index.tokenizers().register(STEMS, analyzers.stems.clone());
        let writer = index.writer(20_000_000).map_err(|e| format!("cannot open the search index for writing: {e}"))?;
        let reader =
            index.reader_builder().reload_policy(ReloadPolicy::Manual).try_into().map_err(|e: tantivy::TantivyError| e.to_string())?;
        let search = SearchIndex { reader, writer: Mutex::new(writer), index, fields, analyzers, synonyms: RwLock::default() };
        search.reload_synonyms(conn).map_err(|e| format!("cannot read the search synonyms: {e}"))?;
        let expected = fingerprint(conn).map_err(|e| e.to_string())?;
        let current = search.index.load_metas().ok().and_then(|m| m.payload);
        if current.as_deref() != Some(expected.as_str()) {
            search.rebuild(conn).map_err(|e| format!("cannot build the search index: {e}"))?;
        }
        Ok(search)
    }

    /// Whether the index was last written from the database as it is now (another process, the
    /// merchant's import command, may have changed the products since).
    pub fn in_step(&self, conn: &Connection) -> AppResult<bool> {
        let current = self.index.load_metas().ok().and_then(|m| m.payload);
        Ok(current.as_deref() == Some(fingerprint(conn)?.as_str()))
    }

    /// Re-indexes every product.
    pub fn rebuild(&self, conn: &Connection) -> AppResult<()> {
        let mut writer = self.writer.lock().unwrap();
        writer.delete_all_documents().map_err(AppError::internal)?;
        let mut stmt = conn.prepare(INDEXED)?;
        let mut rows = stmt.query([])?;
        let mut count = 0;
        while let Some(row) = rows.next()? {
            writer.add_document(self.document(&indexed_row(row)?)).map_err(AppError::internal)?;
            count += 1;
        }
        self.commit(&mut writer, conn)?;
        tracing::info!(products = count, "search index rebuilt");
        Ok(())
    }

    fn document(&self, product: &Indexed) -> TantivyDocument {
        let f = self.fields;
        let mut document = TantivyDocument::default();
        document.add_text(f.id, &product.id);
        document.add_text(f.description, &product.description);
        let mut short = |field: Field, text: &str| {
            document.add_text(field, text);
            document.add_text(f.words, text);
            document.add_text(f.stems, text);
        };
        short(f.name, &product.name);
        short(f.collection, &product.collection);
        if let Some(category) = &product.category {
            short(f.category, category);
        }
        for color in &product.colors {
            short(f.color, color);
        }
        let mut families: Vec<&str> = product.colors.iter().flat_map(|c| shades::families_of(c)).collect();
        families.sort_unstable();
        families.dedup();
        for family in families {
            short(f.shade, family);
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
        self.reindex_all(conn, &[scope])
    }

    /// Re-indexes several scopes with one commit (a commit costs far more than a document, and an
    /// import changes thousands of products at once).
    fn reindex_all(&self, conn: &Connection, scopes: &[Scope]) -> AppResult<()> {
        let mut writer = self.writer.lock().unwrap();
        for scope in scopes {
            let (filter, value) = match *scope {
                Scope::Product(id) => ("p.id = ?1", id),
                Scope::Collection(id) => ("p.collection_id = ?1", id),
            };
            let rows: Vec<Indexed> =
                conn.prepare_cached(&format!("{INDEXED} WHERE {filter}"))?.query_map([value], indexed_row)?.collect::<Result<_, _>>()?;
            if let Scope::Product(id) = *scope {
                writer.delete_term(Term::from_field_text(self.fields.id, id));
            }
            for row in &rows {
                writer.delete_term(Term::from_field_text(self.fields.id, &row.id));
                writer.add_document(self.document(row)).map_err(AppError::internal)?;
            }
        }
        self.commit(&mut writer, conn)
    }

    /// Re-indexes (or removes, when gone) every product of `ids`, with one commit.
    pub fn upsert_many(&self, conn: &Connection, ids: &[ProductId]) -> AppResult<()> {
        let scopes: Vec<Scope> = ids.iter().map(|id| Scope::Product(id.as_str())).collect();
        self.reindex_all(conn, &scopes)
    }

    /// Removes a deleted product (call after the database commit).
    pub fn remove(&self, conn: &Connection, product_id: &ProductId) -> AppResult<()> {
        self.reindex(conn, Scope::Product(product_id))
    }

    /// Reads the merchant's synonyms again (call after they changed and committed).
    pub fn reload_synonyms(&self, conn: &Connection) -> AppResult<()> {
        let groups = synonyms::load(conn)?;
        let loaded = Synonyms::new(&groups, |w| self.analyzers.stems(w));
        *self.synonyms.write().unwrap() = Arc::new(loaded);
        Ok(())
    }

    /// The merchant's synonym groups, checked and trimmed, or a 400 saying what is wrong.
    pub fn check_synonyms(&self, groups: Vec<synonyms::SynonymGroup>) -> AppResult<Vec<synonyms::SynonymGroup>> {
        synonyms::check(groups, |w| self.analyzers.stems(w))
    }

    /// The query as the index reads it, one space between words: queries that read the same
    /// find the same ("Loafers " and "loafers"). Empty when it has no words.
    pub fn normalise(&self, text: &str) -> String {
        self.analyzers.words(text).into_iter().map(|w| w.raw).collect::<Vec<_>>().join(" ")
    }

    /// One word, matching whole in the fields `within` (by its stem), as a prefix when it is the
    /// last one, or with one typo when it has four letters or more.
    fn word_query(&self, word: &Word, last: bool, within: Within) -> Box<dyn Query> {
        let f = &self.fields;
        let typo = if word.raw.chars().count() >= 4 && within != Within::Colour { 1 } else { 0 };
        let mut alternatives: Vec<(Occur, Box<dyn Query>)> = self.whole_word(&word.stem, 1.0, within);
        let mut add = |query: Box<dyn Query>| alternatives.push((Occur::Should, query));
        // Typo and prefix matches count the same whatever field they are in: the whole-word
        // matches above rank the products. (Their fields hold the strong fields' words only.)
        // A colour is looked for as a whole word only (no typo was allowed for it above).
        if last && within != Within::Colour {
            add(Box::new(FuzzyTermQuery::new_prefix(Term::from_field_text(f.words, &word.raw), typo, true)));
        } else if typo > 0 {
            add(Box::new(FuzzyTermQuery::new(Term::from_field_text(f.words, &word.raw), typo, true)));
        }
        // A typo in a short stem finds other words ("wedding" → "wed" → "red").
        if typo > 0 && word.stem.chars().count() >= 4 {
            add(Box::new(FuzzyTermQuery::new(Term::from_field_text(f.stems, &word.stem), typo, true)));
        }
        Box::new(BooleanQuery::new(alternatives))
    }

    /// A stem matching whole in the fields `within`, each with its weight.
    fn whole_word(&self, stem: &str, boost: f32, within: Within) -> Vec<(Occur, Box<dyn Query>)> {
        self.fields
            .weighted(within)
            .into_iter()
            .map(|(field, weight)| {
                let term = TermQuery::new(Term::from_field_text(field, stem), IndexRecordOption::WithFreqs);
                (Occur::Should, Box::new(BoostQuery::new(Box::new(term), weight * boost)) as Box<dyn Query>)
            })
            .collect()
    }

    /// A unit: its own words (each must match), or any other word or phrase of its synonym group,
    /// in the fields `within`.
    fn unit_query(&self, unit: &Unit, synonyms: &Synonyms, within: Within) -> Box<dyn Query> {
        let count = unit.words.len();
        let own: Vec<Box<dyn Query>> =
            unit.words.iter().enumerate().map(|(i, word)| self.word_query(word, unit.last && i + 1 == count, within)).collect();
        let own: Box<dyn Query> = if own.len() == 1 { own.into_iter().next().unwrap() } else { Box::new(BooleanQuery::intersection(own)) };
        let stems: Vec<String> = unit.words.iter().map(|w| w.stem.clone()).collect();
        let Some(others) = synonyms.others(&stems) else { return own };
        let mut alternatives = vec![(Occur::Should, own)];
        for phrase in others {
            let words: Vec<Box<dyn Query>> = phrase
                .iter()
                .map(|stem| Box::new(BooleanQuery::new(self.whole_word(stem, SYNONYM_BOOST, within))) as Box<dyn Query>)
                .collect();
            let query: Box<dyn Query> =
                if words.len() == 1 { words.into_iter().next().unwrap() } else { Box::new(BooleanQuery::intersection(words)) };
            alternatives.push((Occur::Should, query));
        }
        Box::new(BooleanQuery::new(alternatives))
    }

    /// Every unit must match, but joining words and `soft` units need not (they rank), and a
    /// product must match one of the `kind` units in its name, category or collection. With
    /// `partial`, any unit may match, and products matching more units come first.
    fn query(&self, units: &[Unit], synonyms: &Synonyms, reading: &Reading) -> BooleanQuery {
        let only_joining = units.iter().all(Unit::joining);
        // A unit that need not match, whose match puts a product ahead of every one missing it.
        let matched_first = |unit: &Unit| -> [(Occur, Box<dyn Query>); 2] {
            let query = self.unit_query(unit, synonyms, Within::All);
            [(Occur::Should, Box::new(ConstScoreQuery::new(query.box_clone(), UNIT_MATCHED))), (Occur::Should, query)]
        };
        let mut clauses: Vec<(Occur, Box<dyn Query>)> = Vec::new();
        for (unit, soft) in units.iter().zip(&reading.soft) {
            let required = only_joining || !unit.joining();
            match (reading.partial, required && !soft) {
                (false, true) => clauses.push((Occur::Must, self.unit_query(unit, synonyms, Within::All))),
                // A soft unit matched puts the product ahead of those that miss it, as in a partial
                // answer: "suit for wedding" lists the suits said to be for weddings first.
                (false, false) if *soft && !unit.joining() => clauses.extend(matched_first(unit)),
                (false, false) => clauses.push((Occur::Should, self.unit_query(unit, synonyms, Within::All))),
                (true, true) => clauses.extend(matched_first(unit)),
                (true, false) => {}
            }
        }
        if !reading.kind.is_empty() {
            let kinds = reading.kind.iter().map(|&i| (Occur::Should, self.unit_query(&units[i], synonyms, Within::Kind))).collect();
            clauses.push((Occur::Must, Box::new(ConstScoreQuery::new(Box::new(BooleanQuery::new(kinds)), 0.0))));
        }
        BooleanQuery::new(clauses)
    }

    /// How to read the units when every one must match: which are soft (no product has them in a
    /// strong field but some has them in its description, while some other unit is not soft) and which say the kind of thing wanted
    /// (not soft, not a colour any product has).
    fn reading(&self, searcher: &tantivy::Searcher, units: &[Unit], synonyms: &Synonyms) -> AppResult<Reading> {
        let found = |unit: &Unit, within| -> AppResult<bool> {
            Ok(searcher.search(&self.unit_query(unit, synonyms, within), &tantivy::collector::Count).map_err(AppError::internal)? > 0)
        };
        let mut soft = Vec::with_capacity(units.len());
        let mut kind = Vec::new();
        for (i, unit) in units.iter().enumerate() {
            let strong = unit.joining() || found(unit, Within::Strong)?;
            // Only a word some description has ranks instead of narrowing: one no product has
            // anywhere still narrows (to nothing, then to the closest matches, marked partial).
            soft.push(!strong && found(unit, Within::All)?);
            if strong && !unit.joining() && !found(unit, Within::Colour)? {
                kind.push(i);
            }
        }
        if units.iter().zip(&soft).all(|(unit, soft)| unit.joining() || *soft) {
            soft = vec![false; units.len()];
        }
        Ok(Reading { soft, kind, partial: false })
    }

    /// The products best matching `text`, best first, at most `limit`: those matching every word,
    /// or when there are none, those matching the most words (`partial`). What shoppers see of
    /// them comes from the catalogue, so prices and pictures are always current.
    pub fn search(&self, text: &str, limit: usize) -> AppResult<Found> {
        let words = self.analyzers.words(text);
        if words.is_empty() {
            return Ok(Found::default());
        }
        let synonyms = self.synonyms.read().unwrap().clone();
        let units = units(&words, &synonyms);
        let searcher = self.reader.searcher();
        let top = TopDocs::with_limit(limit.max(1));
        let reading = self.reading(&searcher, &units, &synonyms)?;
        let search = |reading: &Reading| searcher.search(&self.query(&units, &synonyms, reading), &top).map_err(AppError::internal);
        // Products of the kind asked for; else any whose descriptions say it.
        let mut hits = search(&reading)?;
        if hits.is_empty() && !reading.kind.is_empty() {
            hits = search(&Reading { kind: Vec::new(), ..reading })?;
        }
        let required = units.iter().filter(|u| !u.joining()).count();
        let (hits, partial) = if hits.is_empty() && required > 1 {
            let hits = search(&Reading { soft: vec![false; units.len()], kind: Vec::new(), partial: true })?;
            let partial = !hits.is_empty();
            (hits, partial)
        } else {
            (hits, false)
        };
        let ids = hits
            .into_iter()
            .map(|(_, address)| {
                let stored: TantivyDocument = searcher.doc(address).map_err(AppError::internal)?;
                Ok(stored.get_first(self.fields.id).and_then(|v| v.as_str()).unwrap_or_default().into())
            })
            .collect::<AppResult<_>>()?;
        Ok(Found { ids, partial })
    }

    /// The ids of the products matching every word of `text`, best first.
    pub fn search_ids(&self, text: &str, limit: usize) -> AppResult<Vec<ProductId>> {
        let found = self.search(text, limit)?;
        Ok(if found.partial { Vec::new() } else { found.ids })
    }
}

pub mod routes;
