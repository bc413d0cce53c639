//! Words the merchant says mean the same ("trainers, sneakers, kicks"), kept in groups in the
//! `search_synonyms` table and applied when a query is read: a word or phrase of a group also finds
//! what the group's other words find. Nothing is re-indexed when they change.

use std::collections::HashMap;

use rusqlite::Connection;
use serde::{Deserialize, Serialize};

use crate::error::{AppError, AppResult};

/// At most this many groups, each of 2 to `MAX_WORDS` words or phrases.
pub const MAX_GROUPS: usize = 200;
pub const MAX_WORDS: usize = 12;
/// A phrase ("wrist watch", "dress shoes") has at most this many words and characters.
pub const MAX_PHRASE_WORDS: usize = 3;
pub const MAX_PHRASE_CHARS: usize = 40;

/// One group: words and phrases that mean the same, as the merchant typed them.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, utoipa::ToSchema)]
pub struct SynonymGroup {
    #[schema(min_items = 2, max_items = 12, value_type = Vec<String>)]
    pub words: Vec<String>,
}

/// Every group, in the merchant's order (the admin's answer and the body that replaces them).
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, utoipa::ToSchema)]
pub struct SynonymList {
    #[schema(max_items = 200)]
    pub groups: Vec<SynonymGroup>,
}

/// The groups as stored.
pub fn load(conn: &Connection) -> rusqlite::Result<Vec<SynonymGroup>> {
    conn.prepare_cached("SELECT words FROM search_synonyms ORDER BY position")?
        .query_map([], |r| {
            let words: String = r.get(0)?;
            Ok(SynonymGroup { words: serde_json::from_str(&words).unwrap_or_default() })
        })?
        .collect()
}

/// Replaces every group (already checked by [`check`]).
pub fn replace(conn: &Connection, groups: &[SynonymGroup]) -> AppResult<()> {
    conn.execute("DELETE FROM search_synonyms", [])?;
    let mut insert = conn.prepare_cached("INSERT INTO search_synonyms (position, words) VALUES (?1, ?2)")?;
    for (position, group) in groups.iter().enumerate() {
        insert.execute(rusqlite::params![position as i64, serde_json::to_string(&group.words).map_err(AppError::internal)?])?;
    }
    Ok(())
}

/// The groups the merchant sent, trimmed (blank entries dropped), or a 400 naming what is wrong: a
/// group of fewer than two words, a word without letters or digits, one too long, or one that is
/// in two places (after word forms: "trainer" and "trainers" are the same word). `stems` gives a phrase's words as the
/// index reads them.
pub fn check(groups: Vec<SynonymGroup>, stems: impl Fn(&str) -> Vec<String>) -> AppResult<Vec<SynonymGroup>> {
    if groups.len() > MAX_GROUPS {
        return Err(AppError::Validation(format!("At most {MAX_GROUPS} groups of search words.")));
    }
    let mut seen: HashMap<Vec<String>, String> = HashMap::new();
    let mut checked = Vec::with_capacity(groups.len());
    for group in groups {
        // Blank entries (a trailing comma) are dropped; runs of spaces become one.
        let words: Vec<String> =
            group.words.iter().map(|w| w.split_whitespace().collect::<Vec<_>>().join(" ")).filter(|w| !w.is_empty()).collect();
        if words.len() < 2 {
            return Err(AppError::Validation("Each group needs at least two words that mean the same.".into()));
        }
        if words.len() > MAX_WORDS {
            return Err(AppError::Validation(format!("A group may have at most {MAX_WORDS} words.")));
        }
        for word in &words {
            if word.chars().count() > MAX_PHRASE_CHARS {
                return Err(AppError::Validation(format!("“{word}” is too long: at most {MAX_PHRASE_CHARS} characters.")));
            }
            let key = stems(word);
            if key.is_empty() {
                return Err(AppError::Validation(format!("“{word}” has no letters or digits.")));
            }
            if key.len() > MAX_PHRASE_WORDS {
                return Err(AppError::Validation(format!("“{word}” is too long: at most {MAX_PHRASE_WORDS} words.")));
            }
            if let Some(earlier) = seen.insert(key, word.clone()) {
                return Err(AppError::Validation(format!("“{word}” is listed twice (as “{earlier}”): keep it in one group.")));
            }
        }
        checked.push(SynonymGroup { words });
    }
    Ok(checked)
}

/// The groups as queries use them: each word or phrase as the stems the index holds.
#[derive(Debug, Default)]
pub struct Synonyms {
    groups: Vec<Vec<Vec<String>>>,
    lookup: HashMap<Vec<String>, usize>,
    longest: usize,
}

impl Synonyms {
    pub fn new(groups: &[SynonymGroup], stems: impl Fn(&str) -> Vec<String>) -> Synonyms {
        let mut synonyms = Synonyms::default();
        for group in groups {
            let phrases: Vec<Vec<String>> = group.words.iter().map(|w| stems(w)).filter(|s| !s.is_empty()).collect();
            let index = synonyms.groups.len();
            for phrase in &phrases {
                synonyms.longest = synonyms.longest.max(phrase.len());
                // A word listed twice (only possible in a database edited by hand) stays in its first group.
                synonyms.lookup.entry(phrase.clone()).or_insert(index);
            }
            synonyms.groups.push(phrases);
        }
        synonyms
    }

    /// The longest phrase of any group, in words.
    pub fn longest(&self) -> usize {
        self.longest
    }

    /// The other words and phrases of the group `stems` belongs to (none when it is in no group).
    pub fn others(&self, stems: &[String]) -> Option<impl Iterator<Item = &Vec<String>>> {
        let group = &self.groups[*self.lookup.get(stems)?];
        Some(group.iter().filter(move |phrase| phrase.as_slice() != stems))
    }
}
