//! The shop's own pages (Privacy Policy, Returns & Exchanges, Shipping & Delivery, Terms and any
//! the merchant adds): written in Markdown, rendered here to HTML with raw HTML dropped and links
//! checked, each at `/pages/{slug}` with its own title and description.
//!
//! Rendered on the server rather than in the browser: the shopper's first page carries no
//! Markdown library (the first-page JavaScript budget, bench/), and the one renderer that decides
//! what is safe is the one the server runs.

pub mod routes;

use pulldown_cmark::{Event, HeadingLevel, Options, Parser, Tag, TagEnd};
use rusqlite::{Connection, OptionalExtension, params};
use serde::Serialize;

use crate::error::{AppError, AppResult};

/// At most this many bytes of Markdown in a page (a long policy is about 15 KB).
pub const MAX_BODY_BYTES: usize = 100_000;
pub const MAX_TITLE_CHARS: usize = 80;
pub const MAX_DESCRIPTION_CHARS: usize = 300;

/// A page as the merchant writes it, with its HTML.
#[derive(Serialize, Debug, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Page {
    /// Its address is /pages/{slug}; made from the first title and kept when it is renamed.
    pub slug: String,
    pub title: String,
    /// The meta description (search results, link previews).
    pub description: String,
    /// The Markdown.
    pub body: String,
    /// The Markdown rendered: no raw HTML, only http(s), mailto, tel and the shop's own links.
    pub html: String,
    /// Listed in the footer.
    pub in_footer: bool,
    pub updated_at: i64,
}

/// A page's link in the footer.
#[derive(Serialize, Debug, Clone, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PageLink {
    pub slug: String,
    pub title: String,
}

/// The words of a page, checked.
pub struct PageText {
    pub title: String,
    pub description: String,
    pub body: String,
    pub in_footer: bool,
}

impl PageText {
    /// Trims and checks each field: every fault is a sentence the merchant can act on.
    pub fn check(title: &str, description: &str, body: &str, in_footer: bool) -> AppResult<PageText> {
        let (title, description) = (title.trim(), description.trim());
        if title.is_empty() {
            return Err(AppError::Validation("Give the page a title.".into()));
        }
        if title.chars().count() > MAX_TITLE_CHARS {
            return Err(AppError::Validation(format!("The title is too long: at most {MAX_TITLE_CHARS} characters.")));
        }
        if description.chars().count() > MAX_DESCRIPTION_CHARS {
            return Err(AppError::Validation(format!("The description is too long: at most {MAX_DESCRIPTION_CHARS} characters.")));
        }
        check_body(body)?;
        if body.trim().is_empty() {
            return Err(AppError::Validation("Write the page's text.".into()));
        }
        Ok(PageText { title: title.to_string(), description: description.to_string(), body: body.to_string(), in_footer })
    }
}

/// Refuses Markdown the shop would not show as written: over the size cap, raw HTML, or a link
/// or picture to somewhere not allowed.
pub fn check_body(body: &str) -> AppResult<()> {
    if body.len() > MAX_BODY_BYTES {
        return Err(too_long(body.len()));
    }
    for event in Parser::new_ext(body, options()) {
        match event {
            Event::Html(html) | Event::InlineHtml(html) => {
                return Err(AppError::Validation(format!(
                    "Pages are written in Markdown: HTML such as \"{}\" is not allowed.",
                    clip(html.trim(), 40)
                )));
            }
            Event::Start(Tag::Link { dest_url, .. }) if !link_allowed(&dest_url) => {
                return Err(AppError::Validation(format!(
                    "The link \"{}\" is not allowed: use an address starting with https://, http://, mailto:, tel: or / (a page of the shop).",
                    clip(&dest_url, 80)
                )));
            }
            Event::Start(Tag::Image { dest_url, .. }) if !own_path(&dest_url) => {
                return Err(AppError::Validation(format!(
                    "The picture \"{}\" is not allowed: pictures must be the shop's own (an address starting with /media/).",
                    clip(&dest_url, 80)
                )));
            }
            _ => {}
        }
    }
    Ok(())
}

pub fn too_long(bytes: usize) -> AppError {
    AppError::PayloadTooLarge(format!(
        "The page is too long ({} KB): a page may hold at most {} KB of Markdown.",
        bytes.div_ceil(1000),
        MAX_BODY_BYTES / 1000
    ))
}

/// The first `max` characters of a text quoted in a message.
fn clip(text: &str, max: usize) -> String {
    text.chars().take(max).collect()
}

fn options() -> Options {
    Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH
}

/// An address on the shop itself ("/contact", "/pages/returns"), not "//other.site" (which a
/// browser reads as another host) nor "/\other.site".
fn own_path(url: &str) -> bool {
    url.starts_with('/') && !url.starts_with("//") && !url.starts_with("/\\")
}

fn link_allowed(url: &str) -> bool {
    let lower = url.trim().to_ascii_lowercase();
    own_path(url)
        || url.starts_with('#')
        || ["https://", "http://", "mailto:", "tel:"].iter().any(|scheme| lower.starts_with(scheme) && lower.len() > scheme.len())
}

/// The Markdown as HTML. Whatever the text holds, the HTML has no raw HTML (dropped), no link
/// but an allowed one (others keep their words, unlinked), no picture from another site, and
/// headings one level down (the page's title is its only `<h1>`).
pub fn render(body: &str) -> String {
    let mut in_bad_link = Vec::new();
    let events = Parser::new_ext(body, options()).filter_map(|event| match event {
        Event::Html(_) | Event::InlineHtml(_) => None,
        Event::Start(Tag::Link { dest_url, link_type, title, id }) => {
            let allowed = link_allowed(&dest_url);
            in_bad_link.push(!allowed);
            allowed.then_some(Event::Start(Tag::Link { dest_url, link_type, title, id }))
        }
        Event::End(TagEnd::Link) => (!in_bad_link.pop().unwrap_or(false)).then_some(Event::End(TagEnd::Link)),
        // A picture from elsewhere: its words (the alt text, the events that follow) stay as text.
        Event::Start(Tag::Image { dest_url, .. }) if !own_path(&dest_url) => None,
        Event::Start(Tag::Heading { level, id, classes, attrs }) => {
            Some(Event::Start(Tag::Heading { level: lower(level), id, classes, attrs }))
        }
        Event::End(TagEnd::Heading(level)) => Some(Event::End(TagEnd::Heading(lower(level)))),
        other => Some(other),
    });
    let mut html = String::with_capacity(body.len() * 3 / 2);
    pulldown_cmark::html::push_html(&mut html, events);
    html
}

fn lower(level: HeadingLevel) -> HeadingLevel {
    match level {
        HeadingLevel::H1 => HeadingLevel::H2,
        HeadingLevel::H2 => HeadingLevel::H3,
        HeadingLevel::H3 => HeadingLevel::H4,
        HeadingLevel::H4 => HeadingLevel::H5,
        _ => HeadingLevel::H6,
    }
}

fn not_found() -> AppError {
    AppError::NotFound("Page not found".into())
}

const COLUMNS: &str = "slug, title, description, body, in_footer, updated_at";

fn from_row(r: &rusqlite::Row) -> rusqlite::Result<Page> {
    let body: String = r.get(3)?;
    Ok(Page {
        slug: r.get(0)?,
        title: r.get(1)?,
        description: r.get(2)?,
        html: render(&body),
        body,
        in_footer: r.get(4)?,
        updated_at: r.get(5)?,
    })
}

/// Every page, in the footer's order.
pub fn list(conn: &Connection) -> rusqlite::Result<Vec<Page>> {
    conn.prepare_cached(&format!("SELECT {COLUMNS} FROM pages ORDER BY position, created_at"))?.query_map([], from_row)?.collect()
}

/// The footer's links, in order.
pub fn footer_links(conn: &Connection) -> rusqlite::Result<Vec<PageLink>> {
    conn.prepare_cached("SELECT slug, title FROM pages WHERE in_footer = 1 ORDER BY position, created_at")?
        .query_map([], |r| Ok(PageLink { slug: r.get(0)?, title: r.get(1)? }))?
        .collect()
}

/// Every page's address and when it last changed (the sitemap).
pub fn addresses(conn: &Connection) -> rusqlite::Result<Vec<(String, i64)>> {
    conn.prepare_cached("SELECT slug, updated_at FROM pages ORDER BY position, created_at")?
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?
        .collect()
}

pub fn get(conn: &Connection, slug: &str) -> rusqlite::Result<Option<Page>> {
    conn.prepare_cached(&format!("SELECT {COLUMNS} FROM pages WHERE slug = ?1"))?.query_row([slug], from_row).optional()
}

/// A readable, unused slug from a title ("Size & Fit" -> "size-fit").
fn slug_for(tx: &Connection, title: &str) -> AppResult<String> {
    Ok(crate::util::unused_slug(
        title,
        || "page".to_string(),
        |slug| tx.query_row("SELECT EXISTS(SELECT 1 FROM pages WHERE slug = ?1)", [slug], |r| r.get(0)),
    )?)
}

fn title_taken(tx: &Connection, title: &str, except: Option<&str>) -> AppResult<()> {
    let taken: bool = tx.query_row(
        "SELECT EXISTS(SELECT 1 FROM pages WHERE title = ?1 COLLATE NOCASE AND slug IS NOT ?2)",
        params![title, except],
        |r| r.get(0),
    )?;
    if taken {
        return Err(AppError::Conflict("A page with this title already exists.".into()));
    }
    Ok(())
}

/// A new page, last in the footer. Answers it.
pub fn add(tx: &Connection, text: &PageText, now: i64) -> AppResult<Page> {
    title_taken(tx, &text.title, None)?;
    let slug = slug_for(tx, &text.title)?;
    tx.execute(
        "INSERT INTO pages (slug, title, description, body, in_footer, position, created_at, updated_at)
         VALUES (?1, ?2, ?3, ?4, ?5, (SELECT COALESCE(MAX(position), -1) + 1 FROM pages), ?6, ?6)",
        params![slug, text.title, text.description, text.body, text.in_footer, now],
    )?;
    get(tx, &slug)?.ok_or_else(not_found)
}

/// Rewrites a page; its slug (its address) stays.
pub fn edit(tx: &Connection, slug: &str, text: &PageText, now: i64) -> AppResult<Page> {
    title_taken(tx, &text.title, Some(slug))?;
    let changed = tx.execute(
        "UPDATE pages SET title = ?2, description = ?3, body = ?4, in_footer = ?5, updated_at = ?6 WHERE slug = ?1",
        params![slug, text.title, text.description, text.body, text.in_footer, now],
    )?;
    if changed == 0 {
        return Err(not_found());
    }
    get(tx, slug)?.ok_or_else(not_found)
}

/// Deletes a page. Answers its title.
pub fn delete(tx: &Connection, slug: &str) -> AppResult<String> {
    let title: Option<String> = tx.query_row("SELECT title FROM pages WHERE slug = ?1", [slug], |r| r.get(0)).optional()?;
    let title = title.ok_or_else(not_found)?;
    tx.execute("DELETE FROM pages WHERE slug = ?1", [slug])?;
    Ok(title)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn raw_html_and_script_are_dropped() {
        let html = render("Hello <b>there</b>\n\n<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>");
        assert!(!html.contains("<script") && !html.contains("<b>") && !html.contains("onerror") && !html.contains("<img"), "{html}");
        assert!(html.contains("Hello"));
    }

    #[test]
    fn only_allowed_links_stay_links() {
        let html =
            render("[a](javascript:alert(1)) [b](//evil.test) [c](https://ok.test) [d](/pages/returns) [e](mailto:a@b.ng) [f](tel:+234)");
        assert!(!html.contains("javascript") && !html.contains("//evil.test"), "{html}");
        assert!(html.contains("a ") && html.contains("b "), "the words stay: {html}");
        for href in ["https://ok.test", "/pages/returns", "mailto:a@b.ng", "tel:+234"] {
            assert!(html.contains(&format!("href=\"{href}\"")), "{href} in {html}");
        }
        assert!(render("<javascript:alert(1)>").find("href").is_none());
    }

    #[test]
    fn headings_go_one_level_down_and_pictures_stay_home() {
        let html = render("# Top\n\n![x](https://evil.test/p.png) ![y](/media/p-320.jpg)");
        assert!(html.contains("<h2>Top</h2>") && !html.contains("<h1>"));
        assert!(!html.contains("evil.test") && html.contains("src=\"/media/p-320.jpg\""), "{html}");
    }

    #[test]
    fn bad_bodies_are_refused_with_a_reason() {
        assert!(check_body("fine [x](/contact)").is_ok());
        for (body, words) in [
            ("<script>alert(1)</script>", "HTML"),
            ("[x](javascript:alert(1))", "javascript:alert(1)"),
            ("[x](//evil.test)", "//evil.test"),
            ("![x](http://evil.test/a.png)", "picture"),
        ] {
            let message = check_body(body).unwrap_err().to_string();
            assert!(message.contains(words), "{body}: {message}");
        }
        assert!(matches!(check_body(&"a".repeat(MAX_BODY_BYTES + 1)), Err(AppError::PayloadTooLarge(_))));
    }
}
