//! Shopify's descriptions are HTML; Ankara's are plain text (shown as text, never as markup). Tags
//! go, the text of scripts and styles goes with them, paragraphs and list items become lines, and
//! character references become the characters they name.

/// Tags whose contents are not text a shopper should read.
const HIDDEN: [&str; 4] = ["script", "style", "template", "head"];

pub fn to_text(html: &str) -> String {
    let mut out = String::with_capacity(html.len());
    let mut rest = html;
    while let Some(open) = rest.find('<') {
        out.push_str(&decode_entities(&rest[..open]));
        let after = &rest[open + 1..];
        // A tag starts with a letter, "/" or "!" ("a < b" is text).
        if !after.starts_with(|c: char| c.is_ascii_alphabetic() || c == '/' || c == '!') {
            out.push('<');
            rest = after;
            continue;
        }
        let Some(close) = after.find('>') else {
            // A lone "<" is text.
            out.push('<');
            rest = after;
            continue;
        };
        let tag = after[..close].trim();
        rest = &after[close + 1..];
        let name: String =
            tag.trim_start_matches('/').chars().take_while(|c| c.is_ascii_alphanumeric()).collect::<String>().to_ascii_lowercase();
        if !tag.starts_with('/') && HIDDEN.contains(&name.as_str()) {
            // Skip to the closing tag (or the end).
            let end = format!("</{name}");
            match rest.to_ascii_lowercase().find(&end) {
                Some(at) => rest = rest[at..].split_once('>').map_or("", |(_, tail)| tail),
                None => rest = "",
            }
            continue;
        }
        match name.as_str() {
            "br" | "p" | "div" | "tr" | "ul" | "ol" | "h1" | "h2" | "h3" | "h4" | "h5" | "h6" | "table" | "section" | "blockquote" => {
                out.push('\n')
            }
            "li" if !tag.starts_with('/') => out.push_str("\n• "),
            "td" | "th" if !tag.starts_with('/') => out.push(' '),
            _ => {}
        }
    }
    out.push_str(&decode_entities(rest));
    tidy(&out)
}

/// Runs of spaces become one, lines are trimmed, and at most one blank line separates paragraphs.
fn tidy(text: &str) -> String {
    let mut lines: Vec<String> = Vec::new();
    for line in text.lines() {
        let line = line.split_whitespace().collect::<Vec<_>>().join(" ");
        if line.is_empty() && lines.last().is_none_or(|l| l.is_empty()) {
            continue;
        }
        lines.push(line);
    }
    while lines.last().is_some_and(|l| l.is_empty()) {
        lines.pop();
    }
    lines.join("\n")
}

fn decode_entities(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find('&') {
        out.push_str(&rest[..at]);
        let after = &rest[at + 1..];
        let end = after.find(';').filter(|&e| e <= 10);
        let decoded = end.and_then(|e| {
            let name = &after[..e];
            let c = match name {
                "amp" => Some('&'),
                "lt" => Some('<'),
                "gt" => Some('>'),
                "quot" => Some('"'),
                "apos" => Some('\''),
                "nbsp" => Some(' '),
                "ndash" => Some('–'),
                "mdash" => Some('—'),
                "rsquo" => Some('’'),
                "lsquo" => Some('‘'),
                "rdquo" => Some('”'),
                "ldquo" => Some('“'),
                "hellip" => Some('…'),
                "naira" => Some('₦'),
                _ => {
                    let number = name.strip_prefix('#')?;
                    let code = match number.strip_prefix(['x', 'X']) {
                        Some(hex) => u32::from_str_radix(hex, 16).ok()?,
                        None => number.parse().ok()?,
                    };
                    char::from_u32(code).filter(|c| !c.is_control() || *c == '\n')
                }
            }?;
            Some((c, e))
        });
        match decoded {
            Some((c, e)) => {
                out.push(c);
                rest = &after[e + 1..];
            }
            None => {
                out.push('&');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::to_text;

    #[test]
    fn html_becomes_plain_text_and_markup_never_survives() {
        let html = "<p>Handmade <strong>leather</strong> brogues.</p><ul><li>Size&nbsp;40&ndash;45</li><li>Tom &amp; Jerry&#39;s</li></ul>\
                    <script>alert('x')</script><style>p{color:red}</style><p>&lt;b&gt; stays text</p>";
        assert_eq!(to_text(html), "Handmade leather brogues.\n\n• Size 40–45\n• Tom & Jerry's\n\n<b> stays text");
        assert_eq!(to_text("a < b and c>d &unknown; &#x20A6;5,000"), "a < b and c>d &unknown; ₦5,000");
        assert_eq!(to_text("<img src=x onerror=alert(1)>"), "");
        assert_eq!(to_text("<SCRIPT>evil()</SCRIPT>kept"), "kept");
        assert_eq!(to_text("<script>never closed"), "");
    }
}
