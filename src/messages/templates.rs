//! The words of an SMS or WhatsApp message: text with placeholders (`{name}`, `{number}`…) and
//! optional parts in square brackets. A part in brackets is left out when a placeholder in it has
//! nothing to say (a courier delivery has no confirmation code, an order no rider), or replaced by
//! its alternative after `|`: `[Your code is {code}.|We will call you when it arrives.]`. The
//! placeholders that may be empty ({code}, {rider}) are accepted only inside brackets, so no
//! message can show a blank code.
//!
//! A WhatsApp template is approved by Meta beforehand with numbered parameters ({{1}}, {{2}}…):
//! each placeholder outside brackets is one parameter, and each bracketed part is one parameter as
//! a whole (its text, or its alternative). Meta refuses an empty parameter, so in WhatsApp text a
//! bracketed part must have an alternative.

use std::collections::BTreeMap;

/// Every placeholder a template may use, with what it says (the screen lists them).
pub const PLACEHOLDERS: &[(&str, &str)] = &[
    ("name", "the customer's name"),
    ("number", "the order's number"),
    ("total", "the order's total"),
    ("balance", "what is left to pay"),
    ("shop", "the shop's name"),
    ("track", "the address where the customer follows the order"),
    ("stop", "the address where the customer stops these messages"),
    ("code", "the delivery's confirmation code (out for delivery, by the shop's rider)"),
    ("rider", "the rider's first name (out for delivery, by the shop's rider)"),
    ("url", "the pay link (pay link sent, pay-link reminder)"),
    ("step", "where the parcel is, as the courier tells it (courier update)"),
    ("courier", "the courier carrying the parcel (courier update)"),
    ("tracking", "the courier's tracking number (courier update)"),
];

/// Placeholders that may have no value for an event that has them: only inside [ ].
pub const MAY_BE_EMPTY: &[&str] = &["code", "rider"];

/// One piece of a parsed template.
#[derive(Debug, Clone, PartialEq)]
enum Piece {
    Text(String),
    Field(String),
    /// `[main|alternative]`: main's pieces, and the alternative's text (None without `|`).
    Part(Vec<Piece>, Option<String>),
}

/// Reads `text` into pieces, or says what is wrong with it.
fn parse(text: &str) -> Result<Vec<Piece>, String> {
    let mut top: Vec<Piece> = Vec::new();
    // Inside a bracket: its pieces so far, and its alternative once `|` was seen.
    let mut part: Option<(Vec<Piece>, Option<String>)> = None;
    let mut chars = text.chars().peekable();
    let mut literal = String::new();
    let flush = |literal: &mut String, part: &mut Option<(Vec<Piece>, Option<String>)>, top: &mut Vec<Piece>| {
        if literal.is_empty() {
            return;
        }
        let piece = Piece::Text(std::mem::take(literal));
        match part {
            Some((pieces, None)) => pieces.push(piece),
            Some((_, Some(alt))) => {
                if let Piece::Text(t) = piece {
                    alt.push_str(&t)
                }
            }
            None => top.push(piece),
        }
    };
    while let Some(c) = chars.next() {
        match c {
            '{' => {
                let mut name = String::new();
                loop {
                    match chars.next() {
                        Some('}') => break,
                        Some(c) if c.is_ascii_alphabetic() || c == '_' => name.push(c),
                        _ => return Err("A { is not closed by } right after a placeholder's name, such as {name}.".into()),
                    }
                }
                if name.is_empty() {
                    return Err("{} has no name inside: write a placeholder such as {name}.".into());
                }
                if matches!(part, Some((_, Some(_)))) {
                    return Err(format!(
                        "{{{name}}} is in the alternative after | : the alternative is plain words, used when the part has nothing to say."
                    ));
                }
                flush(&mut literal, &mut part, &mut top);
                match &mut part {
                    Some((pieces, _)) => pieces.push(Piece::Field(name)),
                    None => top.push(Piece::Field(name)),
                }
            }
            '}' => return Err("A } has no { before it.".into()),
            '[' => {
                if part.is_some() {
                    return Err("A [ is inside another [ ]: optional parts cannot be nested.".into());
                }
                flush(&mut literal, &mut part, &mut top);
                part = Some((Vec::new(), None));
            }
            '|' if part.is_some() => {
                flush(&mut literal, &mut part, &mut top);
                if let Some((_, alt @ None)) = &mut part {
                    *alt = Some(String::new());
                } else {
                    return Err("An optional part has two |: it has one alternative at most.".into());
                }
            }
            ']' => {
                flush(&mut literal, &mut part, &mut top);
                match part.take() {
                    Some((pieces, alt)) => top.push(Piece::Part(pieces, alt)),
                    None => return Err("A ] has no [ before it.".into()),
                }
            }
            c => literal.push(c),
        }
    }
    if part.is_some() {
        return Err("A [ is not closed by ].".into());
    }
    flush(&mut literal, &mut part, &mut top);
    Ok(top)
}

/// Checks a template for an event that can fill `allowed`: every placeholder known, fillable by
/// the event, the ones that may be empty only in brackets; for WhatsApp, every bracketed part with
/// an alternative. The message names the placeholder.
pub fn check(text: &str, allowed: &[&str], whatsapp: bool) -> Result<(), String> {
    if text.trim().is_empty() {
        return Err("The message has no words.".into());
    }
    if text.chars().count() > 1000 {
        return Err("The message is longer than 1,000 characters.".into());
    }
    let pieces = parse(text)?;
    let field = |name: &str, in_part: bool| -> Result<(), String> {
        if !PLACEHOLDERS.iter().any(|(p, _)| *p == name) {
            let known: Vec<String> = PLACEHOLDERS.iter().map(|(p, _)| format!("{{{p}}}")).collect();
            return Err(format!("{{{name}}} is not a placeholder: use one of {}.", known.join(", ")));
        }
        if !allowed.contains(&name) {
            return Err(format!(
                "{{{name}}} cannot be filled for this event: it is {}.",
                PLACEHOLDERS.iter().find(|(p, _)| *p == name).unwrap().1
            ));
        }
        if MAY_BE_EMPTY.contains(&name) && !in_part {
            return Err(format!(
                "{{{name}}} may be empty (a courier delivery has no code or rider): put it inside [ ], such as [Your code is {{{name}}}.], so the sentence is left out then."
            ));
        }
        Ok(())
    };
    for piece in &pieces {
        match piece {
            Piece::Field(name) => field(name, false)?,
            Piece::Part(inner, alt) => {
                for p in inner {
                    if let Piece::Field(name) = p {
                        field(name, true)?;
                    }
                }
                if whatsapp && alt.as_deref().is_none_or(|a| a.trim().is_empty()) {
                    return Err("In a WhatsApp message an optional part needs words for when it is left out, after |: [Your code is {code}.|We will call you when it arrives.] (WhatsApp refuses an empty parameter).".into());
                }
            }
            Piece::Text(_) => {}
        }
    }
    Ok(())
}

/// The values of the placeholders for one message; a missing or empty one has nothing to say.
pub type Values = BTreeMap<&'static str, String>;

fn value<'a>(values: &'a Values, name: &str) -> &'a str {
    values.get(name).map(String::as_str).unwrap_or("")
}

fn render_part(inner: &[Piece], alt: &Option<String>, values: &Values) -> String {
    let filled = inner.iter().all(|p| !matches!(p, Piece::Field(name) if value(values, name).trim().is_empty()));
    if filled {
        inner
            .iter()
            .map(|p| match p {
                Piece::Text(t) => t.clone(),
                Piece::Field(name) => value(values, name).to_string(),
                Piece::Part(..) => String::new(),
            })
            .collect()
    } else {
        alt.clone().unwrap_or_default()
    }
}

/// The message's text with `values`. A template that does not parse (it was checked when saved)
/// is sent as written.
pub fn render(text: &str, values: &Values) -> String {
    let Ok(pieces) = parse(text) else { return text.to_string() };
    pieces
        .iter()
        .map(|p| match p {
            Piece::Text(t) => t.clone(),
            Piece::Field(name) => value(values, name).to_string(),
            Piece::Part(inner, alt) => render_part(inner, alt, values),
        })
        .collect()
}

/// The parameters of a WhatsApp template, in order ({{1}}, {{2}}…): each placeholder outside
/// brackets, then each bracketed part as a whole.
pub fn parameters(text: &str, values: &Values) -> Vec<String> {
    let Ok(pieces) = parse(text) else { return Vec::new() };
    pieces
        .iter()
        .filter_map(|p| match p {
            Piece::Text(_) => None,
            Piece::Field(name) => Some(value(values, name).to_string()),
            Piece::Part(inner, alt) => Some(render_part(inner, alt, values)),
        })
        .collect()
}

/// The body to register in WhatsApp Manager for `text`: its words with {{1}}, {{2}}… where the
/// parameters go.
pub fn whatsapp_body(text: &str) -> String {
    let Ok(pieces) = parse(text) else { return text.to_string() };
    let mut n = 0;
    pieces
        .iter()
        .map(|p| match p {
            Piece::Text(t) => t.clone(),
            Piece::Field(_) | Piece::Part(..) => {
                n += 1;
                format!("{{{{{n}}}}}")
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn values(pairs: &[(&'static str, &str)]) -> Values {
        pairs.iter().map(|(k, v)| (*k, v.to_string())).collect()
    }

    const ALL: &[&str] = &["name", "number", "total", "balance", "shop", "track", "stop", "code", "rider", "url"];

    #[test]
    fn a_part_with_an_empty_placeholder_is_left_out_or_replaced() {
        let text = "Order {number} is on its way[ with {rider}].[ Your code is {code}.|We will call you.]";
        let with = values(&[("number", "K7M2"), ("rider", "Musa"), ("code", "4821")]);
        assert_eq!(render(text, &with), "Order K7M2 is on its way with Musa. Your code is 4821.");
        let courier = values(&[("number", "K7M2"), ("code", "")]);
        assert_eq!(render(text, &courier), "Order K7M2 is on its way.We will call you.");
        assert_eq!(parameters(text, &courier), vec!["K7M2".to_string(), String::new(), "We will call you.".to_string()]);
        assert_eq!(whatsapp_body(text), "Order {{1}} is on its way{{2}}.{{3}}");
    }

    #[test]
    fn unknown_unfillable_and_bare_optional_placeholders_are_named() {
        assert_eq!(check("Hi {nme}", ALL, false).unwrap_err().split(':').next().unwrap(), "{nme} is not a placeholder");
        assert!(check("Pay here {url}", &["name", "number"], false).unwrap_err().starts_with("{url} cannot be filled for this event"));
        assert!(check("Your code is {code}", ALL, false).unwrap_err().starts_with("{code} may be empty"));
        assert!(check("[Your code is {code}.]", ALL, false).is_ok());
        assert!(check("[Your code is {code}.]", ALL, true).unwrap_err().starts_with("In a WhatsApp message an optional part"));
        assert!(check("[Your code is {code}.|We will call.]", ALL, true).is_ok());
        assert!(check("Hi {name", ALL, false).is_err());
        assert!(check("Hi [a [b]]", ALL, false).unwrap_err().contains("nested"));
        assert!(check("Hi ]", ALL, false).is_err());
        assert!(check("  ", ALL, false).is_err());
    }
}
