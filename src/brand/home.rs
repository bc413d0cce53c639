//! The home page as the merchant lays it out: an ordered list of typed sections (hero slides, the
//! collections grid, new releases, featured products, picture banners, a WhatsApp banner, an
//! announcement bar), kept in the identity's versions (`brand_versions.home`) so it is drafted,
//! previewed, published and reverted with the rest of the shop's look.
//!
//! A version without a home document shows the seed's layout ([`Home::seed`]): three hero slides
//! (the demo's pictures from `hero_slides`, the seed's words), collections, releases and featured.
//! Every section is checked whole when the draft is saved ([`Home::checked`]); what a published
//! page shows is resolved at read time ([`resolve`]), so a link whose product was deleted since is
//! left out rather than broken.

use std::collections::{BTreeMap, BTreeSet};

use rusqlite::{Connection, OptionalExtension};
use serde::{Deserialize, Serialize};

use crate::error::{AppError, AppResult};
use crate::media::Image;

/// Beyond this many sections a home page is no longer a page a phone scrolls through.
pub const MAX_SECTIONS: usize = 12;
pub const MAX_SLIDES: usize = 5;
pub const MAX_BANNERS: usize = 4;
const MAX_LABEL: usize = 24;
const MAX_KICKER: usize = 40;
const MAX_LINE: usize = 160;
const MAX_HEADING: usize = 80;
const MAX_TEXT: usize = 300;
const MAX_ANNOUNCEMENT: usize = 120;
const MAX_PATH: usize = 200;

/// Where the button of the collections grid on the page leads (the seed's Explore: a scroll).
pub const COLLECTIONS_ANCHOR: &str = "#collections";

/// The seed's three slides (SPEC's hero): each line describes the demo's picture at that place.
const SEED_SLIDES: [(&str, &str); 3] = [
    ("The new season", "A sharp suit and a statement wristwatch: tailoring for the modern Nigerian gentleman."),
    ("Weekend ready", "Clean, comfortable sneakers in bold colours for every day off."),
    ("Ready for Monday", "Crisp corporate shirts and handmade formal shoes for the working week."),
];
const SEED_BUTTON: &str = "Explore";
const FEATURED_HEADING: &str = "Featured Products";
const COLLECTIONS_HEADING: &str = "Our Collections";
const COLLECTIONS_BLURB: &str = "From the boardroom to the weekend: six edits of everything a well-dressed man needs.";

/// The merchant's words, or the seed's where she left them empty.
fn or(words: &str, seed: &str) -> String {
    if words.is_empty() { seed.to_string() } else { words.to_string() }
}

/// Where a button leads: somewhere on the shop, never another site.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq, utoipa::ToSchema)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum Target {
    /// The collections grid on the home page (a scroll; elsewhere, the home page's grid).
    Collections {},
    Collection {
        id: String,
    },
    Product {
        id: String,
    },
    Page {
        slug: String,
    },
    /// An address on the shop, starting with `/` (e.g. `/search?q=agbada`).
    Path {
        path: String,
    },
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq, utoipa::ToSchema)]
pub struct Button {
    #[schema(min_length = 1, max_length = 24)]
    pub label: String,
    pub target: Target,
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq, utoipa::ToSchema)]
pub struct Slide {
    /// The picture's key (from `PUT /api/admin/home/picture`); required to save.
    pub picture: Option<String>,
    #[schema(max_length = 40)]
    pub kicker: String,
    #[schema(max_length = 160)]
    pub line: String,
    pub button: Button,
}

/// One part of the home page, as the merchant writes it.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq, utoipa::ToSchema)]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum Section {
    /// A line across the top ("Free delivery in Lagos over ₦50,000"), optionally a link.
    Announcement {
        #[schema(max_length = 120)]
        text: String,
        #[serde(default)]
        link: Option<Target>,
    },
    /// 1 to 5 full-width slides that rotate (the seed's rules: 5 s, dots, pause).
    Hero { slides: Vec<Slide> },
    /// The collections grid (the admin's collection form follows it); empty words take the seed's.
    Collections {
        #[serde(default)]
        #[schema(max_length = 80)]
        heading: String,
        #[serde(default)]
        #[schema(max_length = 300)]
        blurb: String,
    },
    /// The new releases (the admin's release form follows it).
    Releases {},
    /// Featured products; empty words take the seed's.
    Featured {
        #[serde(default)]
        #[schema(max_length = 80)]
        heading: String,
        #[serde(default)]
        #[schema(max_length = 300)]
        blurb: String,
    },
    /// A picture beside a heading, words and an optional button.
    Banner {
        picture: Option<String>,
        #[schema(max_length = 80)]
        heading: String,
        #[serde(default)]
        #[schema(max_length = 300)]
        text: String,
        #[serde(default)]
        button: Option<Button>,
    },
    /// "Order on WhatsApp": a button to the shop's WhatsApp number (from the identity).
    Whatsapp {
        #[schema(max_length = 80)]
        heading: String,
        #[serde(default)]
        #[schema(max_length = 300)]
        text: String,
    },
}

impl Section {
    fn kind(&self) -> &'static str {
        match self {
            Section::Announcement { .. } => "announcement bar",
            Section::Hero { .. } => "hero",
            Section::Collections { .. } => "collections grid",
            Section::Releases {} => "new releases",
            Section::Featured { .. } => "featured products",
            Section::Banner { .. } => "banner",
            Section::Whatsapp { .. } => "WhatsApp banner",
        }
    }
}

/// The home page's sections, in order.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq, utoipa::ToSchema)]
pub struct Home {
    #[schema(max_items = 12)]
    pub sections: Vec<Section>,
}

fn invalid<T>(message: String) -> AppResult<T> {
    Err(AppError::Validation(message))
}

fn words(what: &str, text: &mut String, min: usize, max: usize) -> AppResult<()> {
    *text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let count = text.chars().count();
    if count < min {
        return invalid(format!("{what} needs words."));
    }
    if count > max {
        return invalid(format!("{what} must be at most {max} characters."));
    }
    Ok(())
}

fn exists(conn: &Connection, sql: &str, id: &str) -> AppResult<bool> {
    Ok(conn.prepare_cached(sql)?.query_row([id], |r| r.get(0))?)
}

fn check_picture(conn: &Connection, what: &str, picture: &Option<String>) -> AppResult<()> {
    match picture {
        Some(key) if key.len() <= 100 && crate::media::load(conn, key)?.is_some() => Ok(()),
        Some(_) => invalid(format!("{what}'s picture is no longer there: upload it again.")),
        None => invalid(format!("{what} needs a picture.")),
    }
}

fn check_target(conn: &Connection, what: &str, target: &mut Target) -> AppResult<()> {
    let gone = |thing: &str| invalid(format!("{what} leads to a {thing} that does not exist."));
    match target {
        Target::Collections {} => Ok(()),
        Target::Collection { id } => {
            if crate::util::plausible_id(id) && exists(conn, "SELECT EXISTS(SELECT 1 FROM collections WHERE id = ?1)", id)? {
                Ok(())
            } else {
                gone("collection")
            }
        }
        Target::Product { id } => {
            if crate::util::plausible_id(id) && exists(conn, "SELECT EXISTS(SELECT 1 FROM products WHERE id = ?1)", id)? {
                Ok(())
            } else {
                gone("product")
            }
        }
        Target::Page { slug } => {
            if crate::util::plausible_id(slug) && exists(conn, "SELECT EXISTS(SELECT 1 FROM pages WHERE slug = ?1)", slug)? {
                Ok(())
            } else {
                gone("page")
            }
        }
        Target::Path { path } => {
            *path = path.trim().to_string();
            // Only the shop's own addresses: "/x", never "//host" (another site), a scheme, or
            // characters that would leave the attribute.
            let local = path.starts_with('/')
                && !path.starts_with("//")
                && !path.starts_with("/\\")
                && path.chars().count() <= MAX_PATH
                && !path.chars().any(|c| c.is_whitespace() || c.is_control() || matches!(c, '"' | '<' | '>' | '\\'));
            if local {
                Ok(())
            } else {
                invalid(format!("{what} must lead to an address on the shop, starting with / (like /collections/suits)."))
            }
        }
    }
}

fn check_button(conn: &Connection, what: &str, button: &mut Button) -> AppResult<()> {
    words(&format!("{what}'s label"), &mut button.label, 1, MAX_LABEL)?;
    check_target(conn, what, &mut button.target)
}

impl Home {
    /// The seed's layout: the hero with its three slides (the demo's pictures where the shop has
    /// them), the collections, the releases and the featured products.
    pub fn seed(conn: &Connection) -> rusqlite::Result<Home> {
        let pictures: Vec<String> = conn
            .prepare_cached("SELECT media_key FROM hero_slides ORDER BY position")?
            .query_map([], |r| r.get(0))?
            .collect::<Result<_, _>>()?;
        let slides = SEED_SLIDES
            .iter()
            .enumerate()
            .map(|(i, (kicker, line))| Slide {
                picture: pictures.get(i).cloned(),
                kicker: kicker.to_string(),
                line: line.to_string(),
                button: Button { label: SEED_BUTTON.into(), target: Target::Collections {} },
            })
            .collect();
        Ok(Home {
            sections: vec![
                Section::Hero { slides },
                Section::Collections { heading: String::new(), blurb: String::new() },
                Section::Releases {},
                Section::Featured { heading: String::new(), blurb: String::new() },
            ],
        })
    }

    /// This layout tidied, or the first reason it cannot be saved, in words for the merchant.
    /// `whatsapp` is the draft identity's number (a WhatsApp banner needs one).
    pub fn checked(mut self, conn: &Connection, whatsapp: &str) -> AppResult<Home> {
        if self.sections.len() > MAX_SECTIONS {
            return invalid(format!("The home page can have at most {MAX_SECTIONS} sections."));
        }
        let mut once = BTreeSet::new();
        let mut banners = 0;
        for (n, section) in self.sections.iter_mut().enumerate() {
            let place = format!("Section {} ({})", n + 1, section.kind());
            match &*section {
                Section::Banner { .. } => {
                    banners += 1;
                    if banners > MAX_BANNERS {
                        return invalid(format!("The home page can have at most {MAX_BANNERS} banners."));
                    }
                }
                other => {
                    if !once.insert(other.kind()) {
                        return invalid(format!("The home page can have one {} only.", other.kind()));
                    }
                }
            }
            match section {
                Section::Announcement { text, link } => {
                    words(&place, text, 1, MAX_ANNOUNCEMENT)?;
                    if let Some(target) = link {
                        check_target(conn, &format!("{place}'s link"), target)?;
                    }
                }
                Section::Hero { slides } => {
                    if slides.is_empty() || slides.len() > MAX_SLIDES {
                        return invalid(format!("The hero needs 1 to {MAX_SLIDES} slides."));
                    }
                    for (i, slide) in slides.iter_mut().enumerate() {
                        let what = format!("Slide {}", i + 1);
                        check_picture(conn, &what, &slide.picture)?;
                        words(&format!("{what}'s kicker"), &mut slide.kicker, 0, MAX_KICKER)?;
                        words(&format!("{what}'s line"), &mut slide.line, 0, MAX_LINE)?;
                        check_button(conn, &format!("{what}'s button"), &mut slide.button)?;
                    }
                }
                Section::Releases {} => {}
                Section::Collections { heading, blurb } | Section::Featured { heading, blurb } => {
                    words(&format!("{place}'s heading"), heading, 0, MAX_HEADING)?;
                    words(&format!("{place}'s words"), blurb, 0, MAX_TEXT)?;
                }
                Section::Banner { picture, heading, text, button } => {
                    check_picture(conn, &place, picture)?;
                    words(&format!("{place}'s heading"), heading, 1, MAX_HEADING)?;
                    words(&format!("{place}'s words"), text, 0, MAX_TEXT)?;
                    if let Some(button) = button {
                        check_button(conn, &format!("{place}'s button"), button)?;
                    }
                }
                Section::Whatsapp { heading, text } => {
                    if whatsapp.is_empty() {
                        return invalid(format!("{place} needs the shop's WhatsApp number: add it on the Shop identity screen first."));
                    }
                    words(&format!("{place}'s heading"), heading, 1, MAX_HEADING)?;
                    words(&format!("{place}'s words"), text, 0, MAX_TEXT)?;
                }
            }
        }
        Ok(self)
    }

    /// The media keys this layout shows (kept while any version refers to them).
    pub fn pictures(&self) -> Vec<String> {
        let mut keys = Vec::new();
        for section in &self.sections {
            match section {
                Section::Hero { slides } => keys.extend(slides.iter().filter_map(|s| s.picture.clone())),
                Section::Banner { picture: Some(key), .. } => keys.push(key.clone()),
                _ => {}
            }
        }
        keys
    }
}

/// A button as the page draws it: a link on the shop, or [`COLLECTIONS_ANCHOR`].
#[derive(Serialize, Clone, Debug, PartialEq, utoipa::ToSchema)]
pub struct ButtonView {
    pub label: String,
    pub href: String,
}

#[derive(Serialize, Clone, Debug, PartialEq, utoipa::ToSchema)]
pub struct SlideView {
    pub picture: Option<Image>,
    pub kicker: String,
    pub line: String,
    pub button: ButtonView,
}

/// A section as the storefront draws it: pictures and links resolved.
#[derive(Serialize, Clone, Debug, PartialEq, utoipa::ToSchema)]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum SectionView {
    Announcement { text: String, href: Option<String> },
    Hero { slides: Vec<SlideView> },
    Collections { heading: String, blurb: String },
    Releases {},
    Featured { heading: String, blurb: String },
    Banner { picture: Option<Image>, heading: String, text: String, button: Option<ButtonView> },
    Whatsapp { heading: String, text: String, number: String },
}

/// The home page as shoppers (or a previewing merchant) see it.
#[derive(Serialize, Clone, Debug, PartialEq, utoipa::ToSchema)]
pub struct HomeView {
    pub sections: Vec<SectionView>,
}

/// The address a target leads to now, or `None` when what it named is gone.
fn href(conn: &Connection, target: &Target) -> rusqlite::Result<Option<String>> {
    let found = |sql: &str, id: &str| -> rusqlite::Result<bool> {
        Ok(conn.prepare_cached(sql)?.query_row([id], |r| r.get::<_, i64>(0)).optional()?.is_some())
    };
    Ok(match target {
        Target::Collections {} => Some(COLLECTIONS_ANCHOR.into()),
        Target::Collection { id } => found("SELECT 1 FROM collections WHERE id = ?1", id)?.then(|| format!("/collections/{id}")),
        Target::Product { id } => found("SELECT 1 FROM products WHERE id = ?1", id)?.then(|| format!("/product/{id}")),
        Target::Page { slug } => found("SELECT 1 FROM pages WHERE slug = ?1", slug)?.then(|| format!("/pages/{slug}")),
        Target::Path { path } => Some(path.clone()),
    })
}

fn picture(conn: &Connection, key: &Option<String>) -> rusqlite::Result<Option<Image>> {
    match key {
        Some(key) => crate::media::load(conn, key),
        None => Ok(None),
    }
}

/// The page shoppers see from `home`, with the identity's `name` (the seed's featured words) and
/// WhatsApp number. A button whose target is gone is left out (a slide's falls back to Explore).
pub fn resolve(conn: &Connection, home: &Home, name: &str, whatsapp: &str) -> rusqlite::Result<HomeView> {
    let mut sections = Vec::with_capacity(home.sections.len());
    for section in &home.sections {
        sections.push(match section {
            Section::Announcement { text, link } => {
                let href = match link {
                    Some(target) => href(conn, target)?,
                    None => None,
                };
                SectionView::Announcement { text: text.clone(), href }
            }
            Section::Hero { slides } => {
                let mut views = Vec::with_capacity(slides.len());
                for slide in slides {
                    let button = match href(conn, &slide.button.target)? {
                        Some(href) => ButtonView { label: slide.button.label.clone(), href },
                        None => ButtonView { label: SEED_BUTTON.into(), href: COLLECTIONS_ANCHOR.into() },
                    };
                    views.push(SlideView {
                        picture: picture(conn, &slide.picture)?,
                        kicker: slide.kicker.clone(),
                        line: slide.line.clone(),
                        button,
                    });
                }
                SectionView::Hero { slides: views }
            }
            Section::Collections { heading, blurb } => {
                SectionView::Collections { heading: or(heading, COLLECTIONS_HEADING), blurb: or(blurb, COLLECTIONS_BLURB) }
            }
            Section::Releases {} => SectionView::Releases {},
            Section::Featured { heading, blurb } => SectionView::Featured {
                heading: or(heading, FEATURED_HEADING),
                blurb: or(blurb, &format!("Our favourite pieces this season, chosen by the {name} stylists.")),
            },
            Section::Banner { picture: key, heading, text, button } => {
                let button = match button {
                    Some(b) => href(conn, &b.target)?.map(|href| ButtonView { label: b.label.clone(), href }),
                    None => None,
                };
                SectionView::Banner { picture: picture(conn, key)?, heading: heading.clone(), text: text.clone(), button }
            }
            Section::Whatsapp { heading, text } => {
                if whatsapp.is_empty() {
                    continue;
                }
                SectionView::Whatsapp { heading: heading.clone(), text: text.clone(), number: whatsapp.to_string() }
            }
        });
    }
    Ok(HomeView { sections })
}

/// The pictures a layout shows, by key, for the back office's editor.
pub fn pictures_of(conn: &Connection, home: &Home) -> rusqlite::Result<BTreeMap<String, Image>> {
    let mut out = BTreeMap::new();
    for key in home.pictures() {
        if let Some(image) = crate::media::load(conn, &key)? {
            out.insert(key, image);
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn conn() -> Connection {
        let conn = Connection::open_in_memory().unwrap();
        conn.execute_batch(
            "CREATE TABLE collections (id TEXT PRIMARY KEY); CREATE TABLE products (id TEXT PRIMARY KEY);
             CREATE TABLE pages (slug TEXT PRIMARY KEY); CREATE TABLE hero_slides (position INTEGER, media_key TEXT);
             CREATE TABLE media (key TEXT PRIMARY KEY, widths TEXT, webp_widths TEXT, width INTEGER, height INTEGER);
             INSERT INTO collections VALUES ('suits'); INSERT INTO pages VALUES ('returns');
             INSERT INTO media VALUES ('home/pic1', '640', '', 640, 400);",
        )
        .unwrap();
        conn
    }

    fn slide(picture: Option<&str>, target: Target) -> Slide {
        Slide {
            picture: picture.map(str::to_string),
            kicker: "New".into(),
            line: "Ankara  dresses".into(),
            button: Button { label: "Shop".into(), target },
        }
    }

    fn refused(home: Home, whatsapp: &str) -> String {
        home.checked(&conn(), whatsapp).unwrap_err().message().to_string()
    }

    #[test]
    fn the_seed_is_the_specs_layout() {
        let home = Home::seed(&conn()).unwrap();
        assert_eq!(home.sections.len(), 4);
        let Section::Hero { slides } = &home.sections[0] else { panic!("the hero comes first") };
        assert_eq!(slides.len(), 3);
        assert_eq!(slides[0].button, Button { label: "Explore".into(), target: Target::Collections {} });
    }

    #[test]
    fn sections_are_checked_whole() {
        let good =
            Home { sections: vec![Section::Hero { slides: vec![slide(Some("home/pic1"), Target::Collection { id: "suits".into() })] }] };
        let tidy = good.checked(&conn(), "").unwrap();
        let Section::Hero { slides } = &tidy.sections[0] else { unreachable!() };
        assert_eq!(slides[0].line, "Ankara dresses");

        let hero = |s: Slide| Home { sections: vec![Section::Hero { slides: vec![s] }] };
        assert!(refused(hero(slide(None, Target::Collections {})), "").contains("Slide 1 needs a picture"));
        assert!(refused(hero(slide(Some("gone"), Target::Collections {})), "").contains("no longer there"));
        assert!(refused(hero(slide(Some("home/pic1"), Target::Product { id: "nope".into() })), "").contains("product that does not exist"));
        assert!(refused(hero(slide(Some("home/pic1"), Target::Page { slug: "nope".into() })), "").contains("page that does not exist"));
        for bad in ["https://evil.example", "//evil.example/x", "/\\evil.example", "javascript:alert(1)", "/a\"onmouseover=x"] {
            let message = refused(hero(slide(Some("home/pic1"), Target::Path { path: bad.into() })), "");
            assert!(message.contains("address on the shop"), "{bad}: {message}");
        }
        let many = Home { sections: vec![Section::Releases {}; 1000] };
        assert!(refused(many, "").contains("at most 12 sections"));
        let twice = Home { sections: vec![Section::Releases {}, Section::Releases {}] };
        assert!(refused(twice, "").contains("one new releases only"));
        let six = Home { sections: vec![Section::Hero { slides: vec![slide(Some("home/pic1"), Target::Collections {}); 6] }] };
        assert!(refused(six, "").contains("1 to 5 slides"));
        let whatsapp = Home { sections: vec![Section::Whatsapp { heading: "Order on WhatsApp".into(), text: String::new() }] };
        assert!(refused(whatsapp.clone(), "").contains("WhatsApp number"));
        assert!(whatsapp.checked(&conn(), "2348035550100").is_ok());
        let empty = Home { sections: vec![Section::Announcement { text: "  ".into(), link: None }] };
        assert!(refused(empty, "").contains("needs words"));
    }

    #[test]
    fn a_link_to_something_deleted_since_is_left_out() {
        let conn = conn();
        conn.execute("INSERT INTO products VALUES ('p1')", []).unwrap();
        let home = Home {
            sections: vec![
                Section::Hero { slides: vec![slide(Some("home/pic1"), Target::Product { id: "p1".into() })] },
                Section::Announcement { text: "Free delivery".into(), link: Some(Target::Page { slug: "returns".into() }) },
            ],
        }
        .checked(&conn, "")
        .unwrap();
        conn.execute("DELETE FROM products", []).unwrap();
        let view = resolve(&conn, &home, "Funke's Closet", "").unwrap();
        let SectionView::Hero { slides } = &view.sections[0] else { unreachable!() };
        assert_eq!(slides[0].button, ButtonView { label: "Explore".into(), href: COLLECTIONS_ANCHOR.into() });
        assert!(slides[0].picture.is_some());
        assert_eq!(view.sections[1], SectionView::Announcement { text: "Free delivery".into(), href: Some("/pages/returns".into()) });
    }
}
