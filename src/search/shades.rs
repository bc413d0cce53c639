//! The everyday colour a shade belongs to: a shopper asking for "red shoes" means the oxblood
//! Oxford and the burgundy loafer too, and "brown shoes" the cognac and the espresso pairs. A
//! product's colours are indexed with their families (a field of its own, weighed below the colour
//! itself), so a query for the family finds the shades. Fashion's words, not one shop's: the
//! merchant's own words for things are her synonyms.

/// Each family, and the shade words that belong to it (lower-case, one word each).
const FAMILIES: &[(&str, &[&str])] = &[
    ("red", &["burgundy", "oxblood", "maroon", "wine", "claret", "crimson", "scarlet", "cherry", "ruby", "brick", "terracotta"]),
    ("blue", &["navy", "cobalt", "royal", "sky", "azure", "denim", "indigo", "teal", "turquoise", "midnight"]),
    ("brown", &["tan", "cognac", "chestnut", "chocolate", "espresso", "mocha", "coffee", "camel", "walnut", "mahogany", "bronze"]),
    ("grey", &["charcoal", "slate", "gunmetal", "silver", "steel", "ash", "graphite", "pewter", "smoke"]),
    ("green", &["olive", "forest", "emerald", "sage", "mint", "khaki", "bottle", "army", "volt"]),
    ("white", &["cream", "ivory", "ecru", "off-white", "snow", "pearl"]),
    ("beige", &["stone", "sand", "taupe", "khaki", "nude", "oatmeal", "camel"]),
    ("pink", &["blush", "rose", "fuchsia", "salmon", "coral"]),
    ("purple", &["lilac", "lavender", "violet", "plum", "mauve", "aubergine"]),
    ("yellow", &["mustard", "gold", "lemon", "ochre"]),
    ("orange", &["rust", "terracotta", "amber", "apricot", "copper"]),
];

/// The families of a colour as a product names it ("Oxblood" → red, "Navy/Steel" → blue, grey):
/// the families of its words, each once, that the colour does not already name.
pub fn families_of(color: &str) -> Vec<&'static str> {
    let words: Vec<String> = color.split(|c: char| !c.is_alphanumeric() && c != '-').map(str::to_lowercase).collect();
    let mut found: Vec<&'static str> = Vec::new();
    for (family, shades) in FAMILIES {
        let named = words.iter().any(|w| w == family);
        if !named && !found.contains(family) && words.iter().any(|w| shades.contains(&w.as_str())) {
            found.push(family);
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shades_belong_to_the_colours_shoppers_ask_for() {
        assert_eq!(families_of("Oxblood"), ["red"]);
        assert_eq!(families_of("Burgundy"), ["red"]);
        assert_eq!(families_of("Navy/Steel"), ["blue", "grey"]);
        assert_eq!(families_of("Dark Chocolate"), ["brown"]);
        assert_eq!(families_of("Khaki"), ["green", "beige"]);
        assert_eq!(families_of("Sky Blue"), Vec::<&str>::new(), "it says blue already");
        assert_eq!(families_of("Black"), Vec::<&str>::new());
    }
}
