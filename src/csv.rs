//! CSV files a merchant edits in a spreadsheet (stock, products, orders, customers): reading them
//! with limits that hold against a hostile file, and writing cells a spreadsheet will not run.

use serde::Serialize;

/// A bad row, by its line in the file (the header is line 1).
#[derive(Serialize, Debug, Clone, PartialEq, utoipa::ToSchema)]
pub struct RowError {
    pub line: usize,
    pub message: String,
}

/// Why an import changed nothing.
#[derive(Serialize, Debug, Clone, utoipa::ToSchema)]
pub struct ImportRefused {
    pub message: String,
    /// The first bad rows, in file order.
    pub errors: Vec<RowError>,
}

impl ImportRefused {
    pub fn whole_file(message: impl Into<String>) -> ImportRefused {
        ImportRefused { message: message.into(), errors: Vec::new() }
    }

    /// "1 row is wrong; nothing was changed." with the first [`MAX_REPORTED`] of them.
    pub fn rows(mut errors: Vec<RowError>) -> ImportRefused {
        let message = match errors.len() {
            1 => "1 row is wrong; nothing was changed.".to_string(),
            n => format!("{n} rows are wrong; nothing was changed."),
        };
        errors.truncate(MAX_REPORTED);
        ImportRefused { message, errors }
    }

    /// The message and each bad row on its own line, for a terminal.
    pub fn for_terminal(&self) -> String {
        let lines: Vec<String> = self.errors.iter().map(|e| format!("  line {}: {}", e.line, e.message)).collect();
        format!("{}\n{}", self.message, lines.join("\n")).trim_end().to_string()
    }
}

/// At most this many bad rows are listed; the count says how many there were.
pub const MAX_REPORTED: usize = 100;

/// What one kind of file may hold. A line of commas or an open quote is refused as soon as it
/// passes a limit, instead of being held in memory as millions of cells.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// Records after the header.
    pub rows: usize,
    /// Cells on one row.
    pub fields: usize,
    /// Characters in one cell.
    pub cell_chars: usize,
    /// The columns the file should have, to say so when a row has far too many.
    pub columns: usize,
}

/// Splits CSV text into records of fields (RFC 4180: quoted fields may hold commas, quotes as "",
/// and line breaks), one record at a time. Each record carries the line it starts on; blank lines
/// are skipped (but counted).
pub struct Records<'a> {
    chars: std::iter::Peekable<std::str::Chars<'a>>,
    limits: Limits,
    line: usize,
    records: usize,
    done: bool,
}

pub fn records(text: &str, limits: Limits) -> Records<'_> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    Records { chars: text.chars().peekable(), limits, line: 1, records: 0, done: false }
}

impl Iterator for Records<'_> {
    type Item = Result<(usize, Vec<String>), ImportRefused>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let record = self.next_record();
        match &record {
            Ok(Some(_)) => {
                self.records += 1;
                if self.records > self.limits.rows + 1 {
                    self.done = true;
                    return Some(Err(ImportRefused::whole_file(format!(
                        "The file has more than {} rows. Split it into smaller files.",
                        self.limits.rows
                    ))));
                }
            }
            Ok(None) | Err(_) => self.done = true,
        }
        record.transpose()
    }
}

impl Records<'_> {
    fn next_record(&mut self) -> Result<Option<(usize, Vec<String>)>, ImportRefused> {
        let (mut field, mut record) = (String::new(), Vec::new());
        let (mut start, mut quoted, mut at_field_start, mut cell_chars) = (self.line, false, true, 0usize);
        let max_chars = self.limits.cell_chars;
        while let Some(c) = self.chars.next() {
            if quoted {
                match c {
                    '"' if self.chars.peek() == Some(&'"') => {
                        self.chars.next();
                        field.push('"');
                    }
                    '"' => quoted = false,
                    '\n' => {
                        self.line += 1;
                        field.push(c);
                    }
                    _ => field.push(c),
                }
                cell_chars += 1;
                if cell_chars > max_chars {
                    return Err(cell_too_long(start, quoted, max_chars));
                }
                continue;
            }
            match c {
                '"' if at_field_start => {
                    quoted = true;
                    at_field_start = false;
                }
                ',' => {
                    self.end_field(start, &mut field, &mut record)?;
                    (at_field_start, cell_chars) = (true, 0);
                }
                '\r' => {}
                '\n' => {
                    self.end_field(start, &mut field, &mut record)?;
                    self.line += 1;
                    if !record.iter().all(|cell| cell.trim().is_empty()) {
                        return Ok(Some((start, record)));
                    }
                    // A blank line (or a row of empty cells): the next record starts on the next one.
                    record.clear();
                    (start, at_field_start, cell_chars) = (self.line, true, 0);
                }
                _ => {
                    field.push(c);
                    at_field_start = false;
                    cell_chars += 1;
                    if cell_chars > max_chars {
                        return Err(cell_too_long(start, false, max_chars));
                    }
                }
            }
        }
        if quoted {
            return Err(ImportRefused {
                message: "The file ends inside a quoted field.".into(),
                errors: vec![RowError { line: start, message: "A quote is never closed.".into() }],
            });
        }
        if !field.is_empty() || !record.is_empty() {
            self.end_field(start, &mut field, &mut record)?;
            if !record.iter().all(|cell| cell.trim().is_empty()) {
                return Ok(Some((start, record)));
            }
        }
        Ok(None)
    }

    /// Ends a cell, refusing a row with more than the limit of them.
    fn end_field(&self, line: usize, field: &mut String, record: &mut Vec<String>) -> Result<(), ImportRefused> {
        let (max, columns) = (self.limits.fields, self.limits.columns);
        if record.len() == max {
            return Err(ImportRefused {
                message: format!("Line {line} has more than {max} cells; nothing was changed."),
                errors: vec![RowError { line, message: format!("Expected at most {columns} columns, found more than {max}.") }],
            });
        }
        record.push(std::mem::take(field));
        Ok(())
    }
}

fn cell_too_long(line: usize, quoted: bool, max: usize) -> ImportRefused {
    ImportRefused {
        message: format!("Line {line} has a cell longer than {max} characters; nothing was changed."),
        errors: vec![RowError {
            line,
            message: if quoted {
                "This cell is far too long: is a quote never closed?".into()
            } else {
                format!("A cell may have at most {max} characters.")
            },
        }],
    }
}

/// Undoes the `'` export puts before what a spreadsheet would take for a formula (and before a
/// value that itself starts with `'`): exactly one, so every value comes back as it was.
pub fn unescape_formula(field: &str) -> String {
    field.strip_prefix('\'').unwrap_or(field).to_string()
}

/// One CSV cell. A value a spreadsheet would take for a formula (a leading = + - @, tab or carriage
/// return) gets a leading `'` to keep it text, and so does one that already starts with `'`, so an
/// import can remove exactly one. A cell holding a separator some spreadsheets split on (comma,
/// semicolon, tab), a quote or a line break is quoted.
pub fn quote(field: &str) -> String {
    let field = if field.starts_with(['=', '+', '-', '@', '\t', '\r', '\'']) { format!("'{field}") } else { field.to_string() };
    if field.contains([',', ';', '\t', '"', '\n', '\r']) { format!("\"{}\"", field.replace('"', "\"\"")) } else { field }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LIMITS: Limits = Limits { rows: 100_000, fields: 64, cell_chars: 1_000, columns: 7 };
    const MAX_BYTES: usize = 8 << 20;

    fn parse(text: &str) -> Result<Vec<(usize, Vec<String>)>, ImportRefused> {
        records(text, LIMITS).collect()
    }

    #[test]
    fn quoted_fields_keep_commas_quotes_and_line_numbers() {
        let text = "product_id,size,colour,sku,stock\r\nabc,42,\"Cream, Navy\",\"X\"\"1\",3\n\nxyz,,\"two\nlines\",,4\n";
        let parsed = parse(text).map_err(|e| e.message).unwrap();
        assert_eq!(parsed[1], (2, vec!["abc".into(), "42".into(), "Cream, Navy".into(), "X\"1".into(), "3".into()]));
        assert_eq!(parsed[2].0, 4, "the blank line 3 is skipped but counted");
        assert_eq!(parsed[2].1[2], "two\nlines");
        assert!(parse("a,\"b").is_err());
        assert_eq!(parse(&"\n".repeat(1_000_000)).map_err(|e| e.message).unwrap(), [], "blank lines cost nothing");
    }

    #[test]
    fn formulas_are_exported_as_text() {
        assert_eq!(quote("=SUM(A1)"), "'=SUM(A1)");
        assert_eq!(quote("a,b"), "\"a,b\"");
        // Some spreadsheets split on ; or tab, and would then see =1+1 as a cell of its own.
        assert_eq!(quote("x;=1+1"), "\"x;=1+1\"");
        assert_eq!(quote("x\t=1+1"), "\"x\t=1+1\"");
        assert_eq!(quote("\t=1"), "\"'\t=1\"");
        assert_eq!(quote("'=x"), "''=x");
        assert_eq!(quote("plain"), "plain");
    }

    #[test]
    fn every_value_survives_an_export_and_an_import() {
        for value in ["'=x", "''", "'", "=SUM(A1)", "+1", "-2", "@me", "x;=1+1", "\tx", "\r=1", "a,\"b\"", "two\nlines", "plain", "O'Neil"]
        {
            let text = format!("{}\r\n", quote(value));
            let parsed = parse(&text).map_err(|e| e.message).unwrap();
            assert_eq!(parsed.len(), 1, "{value:?} is one cell: {text:?}");
            assert_eq!(parsed[0].1.len(), 1, "{value:?} is one cell: {text:?}");
            assert_eq!(unescape_formula(&parsed[0].1[0]), value, "exported as {text:?}");
        }
    }

    #[test]
    fn a_line_of_commas_or_an_endless_cell_is_refused_at_once() {
        let started = std::time::Instant::now();
        let commas = format!("product_id,size,colour,sku,stock\n{}\n", ",".repeat(100_000));
        let refused = parse(&commas).unwrap_err();
        assert_eq!(refused.message, "Line 2 has more than 64 cells; nothing was changed.");
        assert_eq!(refused.errors, [RowError { line: 2, message: "Expected at most 7 columns, found more than 64.".into() }]);
        // 8 MB of commas: refused after 64 of them, never millions of cells.
        let refused = parse(&format!("product_id,size,colour,sku,stock\n\n{}", ",".repeat(MAX_BYTES))).unwrap_err();
        assert_eq!(refused.message, "Line 3 has more than 64 cells; nothing was changed.");
        let long = format!("product_id,size,colour,sku,stock\nwatch,,,{},1\n", "x".repeat(5_000));
        assert_eq!(parse(&long).unwrap_err().message, "Line 2 has a cell longer than 1000 characters; nothing was changed.");
        let open = format!("product_id,size,colour,sku,stock\nwatch,,,\"W1,1\n{}", "brogue,41,Black,,4\n".repeat(1_000));
        let refused = parse(&open).unwrap_err();
        assert_eq!(refused.errors, [RowError { line: 2, message: "This cell is far too long: is a quote never closed?".into() }]);
        assert!(started.elapsed() < std::time::Duration::from_secs(2), "took {:?}", started.elapsed());
    }
}
