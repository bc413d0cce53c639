//! The shape of `src/`, kept by a test: two layers that point one way. The HTTP layer — `app`
//! (assembly and server), `http` (the state handlers see, the session extractors), `access` (the
//! staff's rules), `api`, `spa` and `sitemap` (the pages as served), `background`, `cli`, and every `routes.rs` / `*_routes.rs` — may use anything. Every other file
//! belongs to a domain module (`orders`, `stock`, `paystack`…) and may use only other domain
//! modules, never the HTTP layer; and no two domain modules may use each other, directly or
//! around a circle. The HTTP layer's own files never use each other around a circle, and a routes
//! file holds no SQL (its domain does). A new import or statement that breaks this fails here,
//! naming the files.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

const HTTP_MODULES: &[&str] = &["access", "app", "http", "api", "spa", "sitemap", "background", "cli", "main", "lib"];

/// The checkout's `src/` and every Rust file under it.
fn source_files() -> (PathBuf, Vec<PathBuf>) {
    let src = crate::common::in_repo("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    (src, files)
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The top-level module a file belongs to (`src/orders/routes.rs` → `orders`, `src/net.rs` → `net`).
fn module_of(src: &Path, file: &Path) -> String {
    let relative = file.strip_prefix(src).unwrap();
    let first = relative.components().next().unwrap().as_os_str().to_string_lossy().to_string();
    first.trim_end_matches(".rs").to_string()
}

fn is_http_file(src: &Path, file: &Path) -> bool {
    let name = file.file_name().unwrap().to_string_lossy();
    HTTP_MODULES.contains(&module_of(src, file).as_str()) || name == "routes.rs" || name.ends_with("_routes.rs")
}

/// Every `crate::a::b…` path a file names, also inside `use crate::{a, b::{c, d}}` groups, as
/// (first segment, second segment when there is one). Comments and test modules are left out.
fn crate_paths(text: &str) -> Vec<(String, Option<String>)> {
    // A file's own tests may use anything.
    let text = text.split("#[cfg(test)]\nmod tests").next().unwrap_or(text);
    let code: String = text.lines().filter(|l| !l.trim_start().starts_with("//")).collect::<Vec<_>>().join("\n");
    let mut found = Vec::new();
    let bytes = code.as_bytes();
    let mut at = 0;
    while let Some(i) = code[at..].find("crate::") {
        let start = at + i + "crate::".len();
        at = start;
        if bytes.get(start) == Some(&b'{') {
            // A group: split its top level on commas.
            let mut depth = 0;
            let mut item = String::new();
            for &b in &bytes[start + 1..] {
                match b {
                    b'{' => {
                        depth += 1;
                        item.push('{');
                    }
                    b'}' if depth == 0 => break,
                    b'}' => {
                        depth -= 1;
                        item.push('}');
                    }
                    b',' if depth == 0 => {
                        found.push(split(&item));
                        item.clear();
                    }
                    _ => item.push(b as char),
                }
            }
            if !item.trim().is_empty() {
                found.push(split(&item));
            }
        } else {
            let path: String = code[start..].chars().take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':').collect();
            found.push(split(&path));
        }
    }
    found
}

fn split(path: &str) -> (String, Option<String>) {
    let mut parts = path.trim().split("::").map(|p| p.trim().trim_start_matches('{').to_string());
    (parts.next().unwrap_or_default(), parts.next().filter(|p| !p.is_empty()))
}

#[test]
fn domain_modules_point_one_way_and_never_at_the_http_layer() {
    let (src, files) = source_files();
    let mut problems = Vec::new();
    // Domain module -> the domain modules it uses, with a file that shows it.
    let mut edges: BTreeMap<String, BTreeMap<String, String>> = BTreeMap::new();
    for file in &files {
        if is_http_file(&src, file) {
            continue;
        }
        let module = module_of(&src, file);
        let shown = file.strip_prefix(&src).unwrap().display().to_string();
        edges.entry(module.clone()).or_default();
        for (first, second) in crate_paths(&std::fs::read_to_string(file).unwrap()) {
            if first.is_empty() || first == module || first == "text_enum" {
                continue;
            }
            if HTTP_MODULES.contains(&first.as_str()) || second.as_deref().is_some_and(|s| s == "routes" || s.ends_with("_routes")) {
                problems.push(format!("src/{shown} (domain module {module}) uses the HTTP layer: crate::{first}"));
                continue;
            }
            edges.entry(module.clone()).or_default().entry(first).or_insert_with(|| shown.clone());
        }
    }
    // Circles among domain modules: a depth-first walk that reports the first back edge it meets.
    fn walk(
        at: &str,
        edges: &BTreeMap<String, BTreeMap<String, String>>,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
        circles: &mut Vec<String>,
    ) {
        if done.contains(at) {
            return;
        }
        if let Some(from) = path.iter().position(|m| m == at) {
            let circle = &path[from..];
            let hops: Vec<String> = circle
                .iter()
                .zip(circle.iter().skip(1).chain(std::iter::once(&circle[0])))
                .map(|(a, b)| format!("{a} -> {b} (src/{})", edges[a][b]))
                .collect();
            circles.push(hops.join(", "));
            return;
        }
        path.push(at.to_string());
        for next in edges.get(at).map(|e| e.keys().cloned().collect::<Vec<_>>()).unwrap_or_default() {
            walk(&next, edges, path, done, circles);
        }
        path.pop();
        done.insert(at.to_string());
    }
    let mut done = BTreeSet::new();
    for module in edges.keys() {
        walk(module, &edges, &mut Vec::new(), &mut done, &mut problems);
    }
    assert!(problems.is_empty(), "the layers are crossed:\n{}", problems.join("\n"));
    assert!(edges.len() > 20, "the test reads the domain modules ({})", edges.len());
}

/// The SQL a routes file holds: `rusqlite` named, a statement run (`.execute(`, `.query_row(`,
/// `.prepare(`, `.query_map(`…), or a string literal that reads as a statement (SELECT … FROM,
/// INSERT INTO, UPDATE … SET, DELETE FROM). Comments are left out. One line per finding.
fn sql_in(text: &str) -> Vec<String> {
    let code: Vec<&str> = text.lines().filter(|l| !l.trim_start().starts_with("//")).collect();
    let mut found = Vec::new();
    for line in &code {
        for call in [".execute(", ".execute_batch(", ".query_row(", ".prepare(", ".prepare_cached(", ".query_map(", ".query(", "rusqlite"] {
            if line.contains(call) {
                found.push(format!("`{call}` in \"{}\"", line.trim()));
            }
        }
    }
    // String literals, which may run over several lines.
    let joined = code.join("\n");
    let mut rest = joined.as_str();
    while let Some(open) = rest.find('"') {
        let after = &rest[open + 1..];
        let mut end = None;
        let mut escaped = false;
        for (i, c) in after.char_indices() {
            match c {
                '\\' if !escaped => escaped = true,
                '"' if !escaped => {
                    end = Some(i);
                    break;
                }
                _ => escaped = false,
            }
        }
        let Some(end) = end else { break };
        let literal = &after[..end];
        let statement = (literal.contains("SELECT ") && literal.contains(" FROM "))
            || literal.contains("INSERT INTO")
            || literal.contains("INSERT OR ")
            || (literal.contains("UPDATE ") && literal.contains(" SET "))
            || literal.contains("DELETE FROM");
        if statement {
            found.push(format!("the statement \"{}\"", literal.split_whitespace().collect::<Vec<_>>().join(" ")));
        }
        rest = &after[end + 1..];
    }
    found
}

fn is_routes_file(file: &Path) -> bool {
    let name = file.file_name().unwrap().to_string_lossy();
    name == "routes.rs" || name.ends_with("_routes.rs")
}

/// A handler reads the request, makes one call into its domain and chooses the status: the SQL of
/// a behaviour lives in its domain module, where a newcomer walking from the route finds it.
#[test]
fn routes_files_hold_no_sql() {
    let (src, files) = source_files();
    let routes: Vec<&PathBuf> = files.iter().filter(|f| is_routes_file(f)).collect();
    assert!(routes.len() > 20, "the test reads the routes files ({})", routes.len());
    let mut problems = Vec::new();
    for file in routes {
        let shown = file.strip_prefix(&src).unwrap().display().to_string();
        for finding in sql_in(&std::fs::read_to_string(file).unwrap()) {
            problems.push(format!("src/{shown}: {finding}"));
        }
    }
    assert!(problems.is_empty(), "SQL in routes files (move it into the domain module):\n{}", problems.join("\n"));
}

/// An order's status has its doors in the orders module (`change_status` for the staff's steps,
/// `collect` and `refuse` at the door, `payment_status` for money arriving): no other module writes
/// `orders.status` with its own SQL.
#[test]
fn order_statuses_are_written_only_by_the_orders_module() {
    let (src, files) = source_files();
    let mut writers = BTreeSet::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        let code = text.split("#[cfg(test)]").next().unwrap_or(&text);
        let mut at = 0;
        while let Some(i) = code[at..].find("UPDATE orders SET") {
            let start = at + i;
            let statement = &code[start..code[start..].find('"').map_or(code.len(), |end| start + end)];
            at = start + 1;
            // `payment_status = ` and the like are other columns: only the word itself counts.
            if statement.contains(" status = ") {
                writers.insert(file.strip_prefix(&src).unwrap().display().to_string());
            }
        }
    }
    assert!(writers.iter().any(|f| f.starts_with("orders/")), "the test finds the orders module's own writes: {writers:?}");
    let outside: Vec<_> = writers.iter().filter(|f| !f.starts_with("orders/")).collect();
    assert!(outside.is_empty(), "order statuses written outside the orders module: {outside:?}");
}

#[test]
fn sql_is_recognised() {
    assert_eq!(sql_in("let x = tx.query_row(\"SELECT 1\", [], |r| r.get(0))?;").len(), 1);
    assert_eq!(sql_in("use rusqlite::params;").len(), 1);
    assert_eq!(sql_in("const Q: &str = \"UPDATE orders\n     SET note = ?2 WHERE id = ?1\";").len(), 1);
    assert_eq!(sql_in("let m = \"Select the rows to delete from the list.\";").len(), 0);
    assert!(sql_in("// tx.execute(\"DELETE FROM bag_items\")").is_empty(), "comments are left out");
    assert_eq!(sql_in("let m = \"He said \\\"hi\\\"\"; let q = \"DELETE FROM x\";").len(), 1);
}

/// The HTTP layer's own files point one way too: no circle among them (a state type defined in
/// a routes file and read by `http`, or `access` and `http` using each other, is one).
#[test]
fn the_http_layer_has_no_circle() {
    let (src, files) = source_files();
    // An HTTP file's name as its paths write it: `http`, `orders::routes`, `payments::link_routes`.
    let name_of = |file: &Path| -> String {
        let relative = file.strip_prefix(&src).unwrap().with_extension("");
        let parts: Vec<String> = relative.components().map(|c| c.as_os_str().to_string_lossy().to_string()).collect();
        parts.join("::").trim_end_matches("::mod").to_string()
    };
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for file in files.iter().filter(|f| is_http_file(&src, f)) {
        let from = name_of(file);
        let targets = edges.entry(from.clone()).or_default();
        for (first, second) in crate_paths(&std::fs::read_to_string(file).unwrap()) {
            let to = match second {
                Some(second) if second == "routes" || second.ends_with("_routes") => format!("{first}::{second}"),
                _ if HTTP_MODULES.contains(&first.as_str()) => first,
                _ => continue,
            };
            if to != from {
                targets.insert(to);
            }
        }
    }
    assert!(edges.len() > 25, "the test reads the HTTP layer's files ({})", edges.len());
    fn walk(
        at: &str,
        edges: &BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
        circles: &mut Vec<String>,
    ) {
        if done.contains(at) {
            return;
        }
        if let Some(from) = path.iter().position(|m| m == at) {
            circles.push(format!("{} -> {at}", path[from..].join(" -> ")));
            return;
        }
        path.push(at.to_string());
        for next in edges.get(at).into_iter().flatten() {
            walk(next, edges, path, done, circles);
        }
        path.pop();
        done.insert(at.to_string());
    }
    let (mut done, mut circles) = (BTreeSet::new(), Vec::new());
    for file in edges.keys() {
        walk(file, &edges, &mut Vec::new(), &mut done, &mut circles);
    }
    assert!(circles.is_empty(), "circles in the HTTP layer:\n{}", circles.join("\n"));
}

#[test]
fn group_imports_are_read() {
    let found = crate_paths("use crate::{orders::{self, Order}, stock};\nlet x = crate::util::now();\n// crate::app is a comment");
    let names: Vec<&str> = found.iter().map(|(first, _)| first.as_str()).collect();
    assert_eq!(names, ["orders", "stock", "util"]);
}

/// A field a handler reads is a field of the document: every request body is a typed struct (JSON
/// or a multipart form) whose properties the document lists, never a free-form object — except
/// Paystack's webhook, whose event is Paystack's to shape (it is re-fetched before it is believed).
#[test]
fn every_request_body_names_its_fields() {
    let document: serde_json::Value = serde_json::from_str(ankara::app::document()).unwrap();
    let schemas = &document["components"]["schemas"];
    let resolve = |schema: &serde_json::Value| -> serde_json::Value {
        match schema["$ref"].as_str() {
            Some(target) => schemas[target.trim_start_matches("#/components/schemas/")].clone(),
            None => schema.clone(),
        }
    };
    let mut free_form = Vec::new();
    let mut bodies = 0;
    for (path, methods) in document["paths"].as_object().unwrap() {
        for (method, operation) in methods.as_object().unwrap() {
            let Some(content) = operation["requestBody"]["content"].as_object() else { continue };
            // A spreadsheet upload (text/csv) is a file; its columns are described in words.
            for (media, body) in content.iter().filter(|(media, _)| *media == "application/json" || *media == "multipart/form-data") {
                bodies += 1;
                let schema = resolve(&body["schema"]);
                let named = schema["properties"].as_object().is_some_and(|p| !p.is_empty()) || schema["allOf"].is_array();
                if !named && path != "/api/payments/webhook" {
                    free_form.push(format!("{method} {path} ({media})"));
                }
            }
        }
    }
    assert!(bodies > 30, "the document has the request bodies ({bodies})");
    assert!(free_form.is_empty(), "request bodies without named fields: {free_form:?}");
}

/// The API document names each schema after its Rust type (or its `#[schema(as = …)]`): two types
/// with one name and the document silently keeps one of them, so a request body would be described
/// by another struct's fields. Every schema name is written once.
#[test]
fn every_schema_has_its_own_name() {
    let (src, files) = source_files();
    let mut names: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        for (i, line) in lines.iter().enumerate() {
            if !(line.trim_start().starts_with("#[derive(") && line.contains("ToSchema")) {
                continue;
            }
            // The attributes that follow the derive, up to the item they describe.
            let mut renamed = None;
            for next in &lines[i + 1..] {
                let next = next.trim();
                if let Some(rest) = next.strip_prefix("#[schema(as = ") {
                    renamed = Some(rest.trim_end_matches(")]").to_string());
                }
                let item = next.trim_start_matches("pub ").trim_start_matches("pub(crate) ");
                if let Some(rest) = item.strip_prefix("struct ").or_else(|| item.strip_prefix("enum ")) {
                    let name: String = rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
                    let shown = file.strip_prefix(&src).unwrap().display().to_string();
                    names.entry(renamed.take().unwrap_or(name)).or_default().push(shown);
                    break;
                }
            }
        }
    }
    assert!(names.len() > 50, "the schemas are read ({})", names.len());
    let twice: Vec<_> = names.iter().filter(|(_, files)| files.len() > 1).collect();
    assert!(twice.is_empty(), "schema names written twice (rename one, or give it #[schema(as = …)]): {twice:?}");
}
