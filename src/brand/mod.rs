//! The shop's identity: its name, one-line description, logo, colours, fonts, contact details and
//! social links — one typed document, the one place every page, mail and receipt reads them from.
//! It is kept in three versions (`brand_versions`): the published one shoppers see, the merchant's
//! draft (previewed by staff who may edit it), and the one published before, so a publish can be
//! undone in one step. A field missing from a stored document takes its default, so a new field
//! needs no migration.
//!
//! The start-up flags (`--shop-name`, `--instagram-url`…) are first values only: they fill the
//! document of a shop that has none ([`seed_if_new`]); after that the back office owns it.

pub mod colour;
pub mod home;
pub mod icons;
pub mod routes;

use rusqlite::{Connection, OptionalExtension, params};
use serde::{Deserialize, Serialize};

use crate::error::{AppError, AppResult};
use colour::Rgb;

/// The longest name, as the first-run setup allows.
pub const MAX_NAME: usize = 80;
const MAX_DESCRIPTION: usize = 160;
const MAX_ADDRESS: usize = 200;
const MAX_HOURS: usize = 120;
const MAX_EMAIL: usize = 120;
const MAX_LINK: usize = 200;

/// The page background (global.css `--cream`), on which the action colour is also link text.
pub const PAGE_BACKGROUND: &str = "#faf7f2";
/// The demo's colours (global.css `--accent` and `--ink`): a shop that keeps them gets no theme
/// written into its pages, the stylesheet's own values stand.
pub const DEFAULT_PRIMARY: &str = "#c2410c";
pub const DEFAULT_HEADER: &str = "#1b1f3b";
/// The least contrast WCAG AA asks of body text.
pub const AA: f64 = 4.5;
/// The faintest white the header and footer write on their colour (the footer's copyright line,
/// Footer.css: `rgb(255 255 255 / 0.7)`).
const FAINTEST_WHITE: f64 = 0.7;

crate::text_enum! {
    /// The typefaces of headings and of the rest, from the fonts the shop serves itself (no font
    /// comes from another host) or the phone's own.
    pub enum FontPair {
        /// DM Serif Display headings, DM Sans text (the demo's).
        Classic => "classic",
        /// DM Sans throughout, headings bold.
        Modern => "modern",
        /// Georgia-style serif headings from the phone, DM Sans text.
        Editorial => "editorial",
        /// The phone's own faces throughout: nothing to download.
        System => "system",
    }
}

impl FontPair {
    /// (headings, text) as CSS font-family lists.
    pub fn stacks(self) -> (&'static str, &'static str) {
        const SANS: &str = "'DM Sans', system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif";
        const SYSTEM: &str = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif";
        match self {
            FontPair::Classic => ("'DM Serif Display', Georgia, 'Times New Roman', serif", SANS),
            FontPair::Modern => (SANS, SANS),
            FontPair::Editorial => ("Georgia, 'Times New Roman', Cambria, serif", SANS),
            FontPair::System => (SYSTEM, SYSTEM),
        }
    }
}

/// The shop's identity as the merchant writes it (the logo is apart: it is uploaded).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct Identity {
    /// The shop's name: header, titles, footer, e-mails, receipts. 1 to 80 characters.
    #[schema(min_length = 1, max_length = 80)]
    pub name: String,
    /// One line about the shop: the footer and the pages' description for search and link previews.
    #[schema(max_length = 160)]
    pub description: String,
    /// The colour of buttons and links (`#rrggbb`): white text on it must reach WCAG AA.
    #[schema(example = "#c2410c")]
    pub primary_colour: String,
    /// The colour of the header and footer (`#rrggbb`): white text on it must reach WCAG AA.
    #[schema(example = "#1b1f3b")]
    pub header_colour: String,
    pub fonts: FontPair,
    /// A phone number customers may call (any country's form; shown as typed, checked as a number).
    #[schema(max_length = 40)]
    pub phone: String,
    /// The WhatsApp number, stored in its international digits (234803…): "Ask on WhatsApp".
    #[schema(max_length = 40)]
    pub whatsapp: String,
    /// The e-mail address customers may write to.
    #[schema(max_length = 120)]
    pub email: String,
    #[schema(max_length = 200)]
    pub address: String,
    /// E.g. "Mon–Sat, 9am–6pm".
    #[schema(max_length = 120)]
    pub hours: String,
    /// https://instagram.com/… (empty: no link).
    #[schema(max_length = 200)]
    pub instagram: String,
    /// https://facebook.com/…
    #[schema(max_length = 200)]
    pub facebook: String,
    /// https://x.com/… (or twitter.com)
    #[schema(max_length = 200)]
    pub x: String,
    /// https://tiktok.com/@…
    #[schema(max_length = 200)]
    pub tiktok: String,
}

impl Default for Identity {
    fn default() -> Identity {
        Identity {
            name: "Ankara".into(),
            description: String::new(),
            primary_colour: DEFAULT_PRIMARY.into(),
            header_colour: DEFAULT_HEADER.into(),
            fonts: FontPair::Classic,
            phone: String::new(),
            whatsapp: String::new(),
            email: String::new(),
            address: String::new(),
            hours: String::new(),
            instagram: String::new(),
            facebook: String::new(),
            x: String::new(),
            tiktok: String::new(),
        }
    }
}

fn invalid<T>(message: String) -> AppResult<T> {
    Err(AppError::Validation(message))
}

fn at_most(label: &str, text: &str, max: usize) -> AppResult<()> {
    if text.chars().count() > max { invalid(format!("{label} must be at most {max} characters.")) } else { Ok(()) }
}

/// A social link: https, on the network's own host (or its www. / m. form), a path after it.
fn check_link(label: &str, text: &str, hosts: &[&str]) -> AppResult<String> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(String::new());
    }
    at_most(label, text, MAX_LINK)?;
    let expected = hosts[0];
    let refuse = || invalid(format!("The {label} link must be an https:// address on {expected}, like https://{expected}/yourshop."));
    let Ok(url) = reqwest::Url::parse(text) else { return refuse() };
    let host = url.host_str().unwrap_or_default().to_ascii_lowercase();
    let host = host.strip_prefix("www.").or_else(|| host.strip_prefix("m.")).unwrap_or(&host);
    if url.scheme() != "https" || !hosts.contains(&host) || url.path().trim_matches('/').is_empty() || !url.username().is_empty() {
        return refuse();
    }
    Ok(url.to_string())
}

impl Identity {
    /// This identity tidied (trimmed, colours as `#rrggbb`, the WhatsApp number in international
    /// digits) or the first reason it cannot be used, in words for the merchant.
    pub fn checked(mut self) -> AppResult<Identity> {
        let trim = |s: &mut String| *s = s.trim().to_string();
        for field in [&mut self.name, &mut self.description, &mut self.phone, &mut self.email, &mut self.address, &mut self.hours] {
            trim(field);
        }
        // One line: a name or description with line breaks would break titles and tags.
        self.name = self.name.split_whitespace().collect::<Vec<_>>().join(" ");
        self.description = self.description.split_whitespace().collect::<Vec<_>>().join(" ");
        if self.name.is_empty() {
            return invalid("The shop needs a name.".into());
        }
        at_most("The name", &self.name, MAX_NAME)?;
        at_most("The description", &self.description, MAX_DESCRIPTION)?;
        at_most("The address", &self.address, MAX_ADDRESS)?;
        at_most("The opening hours", &self.hours, MAX_HOURS)?;
        let primary = Rgb::parse(&self.primary_colour).ok_or_else(|| {
            AppError::Validation(format!("The action colour {:?} is not a colour: write it as #rrggbb.", self.primary_colour))
        })?;
        let header = Rgb::parse(&self.header_colour).ok_or_else(|| {
            AppError::Validation(format!("The header and footer colour {:?} is not a colour: write it as #rrggbb.", self.header_colour))
        })?;
        check_contrast(primary, header)?;
        self.primary_colour = primary.hex();
        self.header_colour = header.hex();
        if !self.phone.is_empty() {
            at_most("The phone number", &self.phone, 40)?;
            crate::phone::normalise(&self.phone)
                .map_err(|_| AppError::Validation(format!("The phone number {:?} is not a phone number.", self.phone)))?;
        }
        let whatsapp = self.whatsapp.trim().to_string();
        self.whatsapp = if whatsapp.is_empty() {
            String::new()
        } else {
            crate::config::parse_whatsapp(&whatsapp)
                .map_err(|_| AppError::Validation(format!("The WhatsApp number {whatsapp:?} is not a phone number.")))?
        };
        if !self.email.is_empty() {
            self.email = self.email.to_lowercase();
            at_most("The e-mail address", &self.email, MAX_EMAIL)?;
            if !crate::email::looks_like_email(&self.email) {
                return invalid(format!("The e-mail address {:?} is not an e-mail address.", self.email));
            }
        }
        self.instagram = check_link("Instagram", &self.instagram, &["instagram.com"])?;
        self.facebook = check_link("Facebook", &self.facebook, &["facebook.com", "fb.com"])?;
        self.x = check_link("X", &self.x, &["x.com", "twitter.com"])?;
        self.tiktok = check_link("TikTok", &self.tiktok, &["tiktok.com"])?;
        Ok(self)
    }

    /// CSS custom properties for `:root` where this identity differs from the stylesheet's own
    /// values (global.css): none for the demo's look, so its pages are byte for byte as before.
    pub fn theme_css(&self) -> String {
        let mut css = String::new();
        if let Some(primary) = Rgb::parse(&self.primary_colour).filter(|p| p.hex() != DEFAULT_PRIMARY) {
            // Hover and pressed states a step darker; as link text the colour itself, which passed
            // AA on the page background.
            let strong = primary.mix(Rgb::BLACK, 0.2).hex();
            let hex = primary.hex();
            css.push_str(&format!("--accent:{hex};--accent-strong:{strong};--accent-ink:{hex};--focus:{hex};"));
        }
        if let Some(header) = Rgb::parse(&self.header_colour).filter(|h| h.hex() != DEFAULT_HEADER) {
            css.push_str(&format!("--brand-header:{};", header.hex()));
        }
        if self.fonts != FontPair::Classic {
            let (headings, text) = self.fonts.stacks();
            css.push_str(&format!("--font-serif:{headings};--font-sans:{text};"));
        }
        if css.is_empty() { css } else { format!(":root{{{css}}}") }
    }
}

/// Refuses colours whose text would fail WCAG AA, naming the pair and what it measures.
fn check_contrast(primary: Rgb, header: Rgb) -> AppResult<()> {
    let white = Rgb::WHITE;
    let page = Rgb::parse(PAGE_BACKGROUND).expect("a colour");
    let pairs = [
        (white, primary, format!("White text on the action colour {}", primary.hex()), "a darker action colour"),
        (
            primary,
            page,
            format!("The action colour {} as link text on the page ({PAGE_BACKGROUND})", primary.hex()),
            "a darker action colour",
        ),
        (
            white.mix(header, 1.0 - FAINTEST_WHITE),
            header,
            format!("White text on the header and footer colour {}", header.hex()),
            "a darker header and footer colour",
        ),
    ];
    for (text, background, pair, advice) in pairs {
        let ratio = colour::contrast(text, background);
        if ratio < AA {
            return invalid(format!("{pair} has a contrast of {ratio:.1}:1, and WCAG AA needs at least {AA}:1. Choose {advice}."));
        }
    }
    Ok(())
}

crate::text_enum! {
    /// Which version of the identity a row holds.
    pub enum Version {
        Published => "published",
        Draft => "draft",
        Previous => "previous",
    }
}

/// One stored version: the document, its logo's media key and the home page's layout (`None`:
/// the seed's, [`home::Home::seed`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Stored {
    pub identity: Identity,
    pub logo_key: Option<String>,
    pub home: Option<home::Home>,
}

impl Stored {
    /// The media this version shows: its logo and its home page's pictures.
    fn pictures(&self) -> Vec<String> {
        let mut keys: Vec<String> = self.logo_key.iter().cloned().collect();
        keys.extend(self.home.iter().flat_map(|h| h.pictures()));
        keys
    }

    /// The home page's layout (the seed's when the version has none of its own).
    pub fn home(&self, conn: &Connection) -> rusqlite::Result<home::Home> {
        match &self.home {
            Some(home) => Ok(home.clone()),
            None => home::Home::seed(conn),
        }
    }
}

/// A version of the identity as the API shows it: the document and its logo's picture.
#[derive(Serialize, Clone, Debug, PartialEq, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct IdentityView {
    #[serde(flatten)]
    pub identity: Identity,
    pub logo: Option<crate::media::Image>,
}

/// The back office's view: the draft being edited beside what shoppers see.
#[derive(Serialize, Clone, Debug, PartialEq, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BrandView {
    pub draft: IdentityView,
    pub published: IdentityView,
    /// Whether the draft differs from what shoppers see (Publish has something to do).
    pub unpublished_changes: bool,
    /// Whether there is an earlier published version to go back to.
    pub can_revert: bool,
}

fn load_version(conn: &Connection, version: Version) -> rusqlite::Result<Option<Stored>> {
    conn.prepare_cached("SELECT document, logo_key, home FROM brand_versions WHERE state = ?1")?
        .query_row([version], |r| Ok((r.get::<_, String>(0)?, r.get::<_, Option<String>>(1)?, r.get::<_, Option<String>>(2)?)))
        .optional()
        // A document this version cannot read falls back to the defaults rather than closing the shop.
        .map(|row| {
            row.map(|(text, logo_key, home)| Stored {
                identity: serde_json::from_str(&text).unwrap_or_default(),
                logo_key,
                home: home.and_then(|h| serde_json::from_str(&h).ok()),
            })
        })
}

fn store_version(tx: &Connection, version: Version, stored: &Stored, now: i64) -> AppResult<()> {
    tx.execute(
        "INSERT INTO brand_versions (state, document, logo_key, home, updated_at) VALUES (?1, ?2, ?3, ?4, ?5)
         ON CONFLICT (state) DO UPDATE SET document = excluded.document, logo_key = excluded.logo_key, home = excluded.home,
                                           updated_at = excluded.updated_at",
        params![
            version,
            serde_json::to_string(&stored.identity).map_err(AppError::internal)?,
            stored.logo_key,
            stored.home.as_ref().map(serde_json::to_string).transpose().map_err(AppError::internal)?,
            now
        ],
    )?;
    Ok(())
}

/// Removes a version, releasing its pictures that nothing else uses.
fn drop_version(tx: &Connection, media_root: &std::path::Path, version: Version) -> AppResult<()> {
    let old = load_version(tx, version)?;
    tx.execute("DELETE FROM brand_versions WHERE state = ?1", [version])?;
    release_pictures(tx, media_root, old)
}

/// Releases the pictures a version showed, once it is replaced or gone (kept while any other
/// version, or anything else in the shop, still shows them).
fn release_pictures(tx: &Connection, media_root: &std::path::Path, old: Option<Stored>) -> AppResult<()> {
    for key in old.map(|o| o.pictures()).unwrap_or_default() {
        crate::media::release_if_unused(tx, media_root, &key)?;
    }
    Ok(())
}

/// What shoppers see (the defaults before the shop's first start has seeded it).
pub fn published(conn: &Connection) -> rusqlite::Result<Stored> {
    Ok(load_version(conn, Version::Published)?.unwrap_or(Stored { identity: Identity::default(), logo_key: None, home: None }))
}

/// The draft being edited: the published version when there is no draft.
pub fn draft(conn: &Connection) -> rusqlite::Result<Stored> {
    match load_version(conn, Version::Draft)? {
        Some(draft) => Ok(draft),
        None => published(conn),
    }
}

fn view(conn: &Connection, stored: Stored) -> rusqlite::Result<IdentityView> {
    let logo = match &stored.logo_key {
        Some(key) => crate::media::load(conn, key)?,
        None => None,
    };
    Ok(IdentityView { identity: stored.identity, logo })
}

/// The published version as pages show it.
pub fn published_view(conn: &Connection) -> rusqlite::Result<IdentityView> {
    view(conn, published(conn)?)
}

/// The draft as pages show it (a preview).
pub fn draft_view(conn: &Connection) -> rusqlite::Result<IdentityView> {
    view(conn, draft(conn)?)
}

/// The home page as shoppers see it (or, for a preview, as the draft would show it).
pub fn home_view(conn: &Connection, preview: bool) -> rusqlite::Result<home::HomeView> {
    let stored = if preview { draft(conn)? } else { published(conn)? };
    home::resolve(conn, &stored.home(conn)?, &stored.identity.name, &stored.identity.whatsapp)
}

/// The back office's home page editor: the draft's layout, its pictures by key, and where it
/// stands against what shoppers see.
#[derive(Serialize, Clone, Debug, PartialEq, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HomeEditor {
    pub draft: home::Home,
    pub pictures: std::collections::BTreeMap<String, crate::media::Image>,
    /// Whether the draft (the home page or the identity) differs from what shoppers see.
    pub unpublished_changes: bool,
    pub can_revert: bool,
}

pub fn home_editor(conn: &Connection) -> rusqlite::Result<HomeEditor> {
    let (draft, published) = (draft(conn)?, published(conn)?);
    let layout = draft.home(conn)?;
    Ok(HomeEditor {
        pictures: home::pictures_of(conn, &layout)?,
        draft: layout,
        unpublished_changes: draft != published,
        can_revert: load_version(conn, Version::Previous)?.is_some(),
    })
}

pub fn brand_view(conn: &Connection) -> rusqlite::Result<BrandView> {
    let (draft, published) = (draft(conn)?, published(conn)?);
    let unpublished_changes = draft != published;
    let can_revert = load_version(conn, Version::Previous)?.is_some();
    Ok(BrandView { draft: view(conn, draft)?, published: view(conn, published)?, unpublished_changes, can_revert })
}

/// Gives a shop without an identity its first one, from the start-up flags (or the first-run
/// setup's answers). Does nothing when the shop has one.
pub fn seed_if_new(tx: &Connection, first: Identity) -> AppResult<()> {
    if load_version(tx, Version::Published)?.is_some() {
        return Ok(());
    }
    // Flags are the operator's typing: tidied like the back office's, and where they cannot be
    // used (a bad link) the default stands rather than the shop refusing to start.
    let identity = first.clone().checked().unwrap_or_else(|e| {
        tracing::warn!(error = %e.message(), "the start-up values of the shop's identity were not all usable: the defaults fill in");
        Identity { name: first.name.clone(), ..Identity::default() }.checked().unwrap_or_default()
    });
    store_version(tx, Version::Published, &Stored { identity, logo_key: None, home: None }, crate::db::now_ms())
}

/// The demo shop's words (data/demo/identity.json): filled into the published identity where it
/// has none of its own yet, through the same document as a merchant's.
pub fn fill_in(tx: &Connection, words: &Identity) -> AppResult<()> {
    let mut current = published(tx)?;
    let id = &mut current.identity;
    for (mine, theirs) in [
        (&mut id.description, &words.description),
        (&mut id.instagram, &words.instagram),
        (&mut id.facebook, &words.facebook),
        (&mut id.x, &words.x),
        (&mut id.tiktok, &words.tiktok),
        (&mut id.address, &words.address),
        (&mut id.hours, &words.hours),
    ] {
        if mine.is_empty() {
            *mine = theirs.clone();
        }
    }
    current.identity = current.identity.checked()?;
    store_version(tx, Version::Published, &current, crate::db::now_ms())
}

/// Gives the published identity (and a draft) the WhatsApp number kept elsewhere by an earlier
/// version, where it has none of its own.
pub fn adopt_whatsapp(tx: &Connection, number: &str) -> AppResult<()> {
    for version in [Version::Published, Version::Draft] {
        if let Some(mut stored) = load_version(tx, version)?
            && stored.identity.whatsapp.is_empty()
        {
            stored.identity = Identity { whatsapp: number.to_string(), ..stored.identity }.checked()?;
            store_version(tx, version, &stored, crate::db::now_ms())?;
        }
    }
    Ok(())
}

/// Sets the published name (the first-run setup's answer), keeping any draft's other changes.
pub fn rename(tx: &Connection, name: &str) -> AppResult<()> {
    let now = crate::db::now_ms();
    for version in [Version::Published, Version::Draft] {
        if let Some(mut stored) = load_version(tx, version)? {
            stored.identity = Identity { name: name.to_string(), ..stored.identity }.checked()?;
            store_version(tx, version, &stored, now)?;
        }
    }
    Ok(())
}

/// Saves the draft (checked whole first; nothing changes when it is refused). Shoppers see no
/// change until it is published.
pub fn save_draft(tx: &Connection, media_root: &std::path::Path, identity: Identity, now: i64) -> AppResult<()> {
    let identity = identity.checked()?;
    let before = load_version(tx, Version::Draft)?;
    let stored = Stored { identity, ..draft(tx)? };
    store_version(tx, Version::Draft, &stored, now)?;
    release_pictures(tx, media_root, before)
}

/// Saves the draft's home page (checked whole first, against the draft's WhatsApp number).
pub fn save_home_draft(tx: &Connection, media_root: &std::path::Path, layout: home::Home, now: i64) -> AppResult<()> {
    let current = draft(tx)?;
    let layout = layout.checked(tx, &current.identity.whatsapp)?;
    let before = load_version(tx, Version::Draft)?;
    store_version(tx, Version::Draft, &Stored { home: Some(layout), ..current }, now)?;
    release_pictures(tx, media_root, before)
}

/// Sets (or, with `None`, removes) the draft's logo.
pub fn set_draft_logo(tx: &Connection, media_root: &std::path::Path, logo_key: Option<String>, now: i64) -> AppResult<()> {
    let before = load_version(tx, Version::Draft)?;
    let stored = Stored { logo_key, ..draft(tx)? };
    store_version(tx, Version::Draft, &stored, now)?;
    release_pictures(tx, media_root, before)
}

/// Publishes the draft: it becomes what shoppers see, and what they saw until now is kept to go
/// back to. Returns the published identity, or a refusal when there is nothing to publish.
pub fn publish(tx: &Connection, media_root: &std::path::Path, now: i64) -> AppResult<Stored> {
    let Some(draft) = load_version(tx, Version::Draft)? else {
        return Err(AppError::Conflict("There are no changes to publish.".into()));
    };
    let current = published(tx)?;
    if draft == current {
        tx.execute("DELETE FROM brand_versions WHERE state = 'draft'", [])?;
        return Err(AppError::Conflict("There are no changes to publish.".into()));
    }
    drop_version(tx, media_root, Version::Previous)?;
    store_version(tx, Version::Previous, &current, now)?;
    store_version(tx, Version::Published, &draft, now)?;
    tx.execute("DELETE FROM brand_versions WHERE state = 'draft'", [])?;
    Ok(draft)
}

/// Goes back to the version published before the last publish (which is dropped, with any draft).
pub fn revert(tx: &Connection, media_root: &std::path::Path, now: i64) -> AppResult<Stored> {
    let Some(previous) = load_version(tx, Version::Previous)? else {
        return Err(AppError::Conflict("There is no earlier version to go back to.".into()));
    };
    let current = published(tx)?;
    tx.execute("DELETE FROM brand_versions WHERE state IN ('previous', 'draft')", [])?;
    store_version(tx, Version::Published, &previous, now)?;
    release_pictures(tx, media_root, Some(current))?;
    Ok(previous)
}

/// Drops the draft: the back office shows what is published again.
pub fn discard_draft(tx: &Connection, media_root: &std::path::Path) -> AppResult<()> {
    drop_version(tx, media_root, Version::Draft)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(identity: Identity) -> Identity {
        identity.checked().unwrap()
    }

    fn refused(identity: Identity) -> String {
        identity.checked().unwrap_err().message().to_string()
    }

    #[test]
    fn the_demo_look_passes_and_writes_no_theme() {
        let demo = ok(Identity::default());
        assert_eq!(demo.theme_css(), "");
    }

    #[test]
    fn colours_are_checked_and_tidied() {
        let tidy = ok(Identity { primary_colour: " #05A ".into(), header_colour: "#123456".into(), ..Identity::default() });
        assert_eq!(tidy.primary_colour, "#0055aa");
        assert!(refused(Identity { primary_colour: "teal".into(), ..Identity::default() }).contains("is not a colour"));
        assert!(refused(Identity { header_colour: "#12345g".into(), ..Identity::default() }).contains("is not a colour"));
    }

    #[test]
    fn colours_that_fail_contrast_name_the_pair() {
        let gold = refused(Identity { primary_colour: "#f2a541".into(), ..Identity::default() });
        assert!(gold.contains("White text on the action colour #f2a541") && gold.contains("4.5:1"), "{gold}");
        let pale = refused(Identity { header_colour: "#d0e0f0".into(), ..Identity::default() });
        assert!(pale.contains("header and footer colour #d0e0f0"), "{pale}");
        let css = ok(Identity { primary_colour: "#0b6e4f".into(), header_colour: "#3d1f4a".into(), ..Identity::default() }).theme_css();
        assert!(css.contains("--accent:#0b6e4f;") && css.contains("--brand-header:#3d1f4a;"), "{css}");
    }

    #[test]
    fn links_must_be_https_on_their_network() {
        let good = ok(Identity { instagram: "https://www.instagram.com/funkescloset".into(), ..Identity::default() });
        assert_eq!(good.instagram, "https://www.instagram.com/funkescloset");
        for (bad, field) in [
            ("http://instagram.com/funke", "Instagram"),
            ("https://evil.example/instagram.com", "Instagram"),
            ("https://instagram.com.evil.example/x", "Instagram"),
            ("javascript:alert(1)", "Instagram"),
            ("https://instagram.com/", "Instagram"),
        ] {
            let message = refused(Identity { instagram: bad.into(), ..Identity::default() });
            assert!(message.contains(field) && message.contains("instagram.com"), "{bad}: {message}");
        }
        assert!(ok(Identity { x: "https://twitter.com/funke".into(), ..Identity::default() }).x.contains("twitter.com"));
        assert!(refused(Identity { tiktok: "https://x.com/funke".into(), ..Identity::default() }).contains("tiktok.com"));
    }

    #[test]
    fn words_are_bounded_and_contacts_checked() {
        assert!(refused(Identity { name: "  ".into(), ..Identity::default() }).contains("needs a name"));
        assert!(refused(Identity { name: "x".repeat(81), ..Identity::default() }).contains("at most 80"));
        assert!(refused(Identity { description: "x".repeat(161), ..Identity::default() }).contains("at most 160"));
        assert!(refused(Identity { phone: "call me".into(), ..Identity::default() }).contains("not a phone number"));
        assert!(refused(Identity { email: "funke@".into(), ..Identity::default() }).contains("not an e-mail"));
        let tidy = ok(Identity { name: "Funke's\n Closet".into(), whatsapp: "0803 555 0100".into(), ..Identity::default() });
        assert_eq!((tidy.name.as_str(), tidy.whatsapp.as_str()), ("Funke's Closet", "2348035550100"));
    }
}
