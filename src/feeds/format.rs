//! The feeds' two files, written from the same items: Meta's catalogue as CSV and Google Merchant
//! Center's as RSS 2.0 with its `g:` fields. Only escaping lives here; what an item says is
//! decided in `feeds`.

use super::Item;
use crate::money::{Kobo, naira_decimal};

/// "12345.00 NGN": the channels' price text, from kobo with integer arithmetic.
pub fn price(kobo: Kobo) -> String {
    format!("{} NGN", naira_decimal(kobo))
}

fn availability(item: &Item) -> &'static str {
    if item.in_stock { "in stock" } else { "out of stock" }
}

/// Meta's columns, in the order of its own template; `additional_image_link` is one cell, its
/// addresses separated by commas (Meta's rule for CSV).
const META_COLUMNS: &[&str] = &[
    "id",
    "item_group_id",
    "title",
    "description",
    "availability",
    "condition",
    "price",
    "sale_price",
    "link",
    "image_link",
    "additional_image_link",
    "brand",
    "gender",
    "age_group",
    "size",
    "color",
];

/// One CSV cell as RFC 4180 writes it: quoted when it holds a comma, a quote or a line break, its
/// quotes doubled. (Unlike the merchant's spreadsheet exports, no `'` before a leading `=`: a
/// channel reads this as data, and the mark would show in the product's title.)
fn csv_cell(out: &mut String, value: &str) {
    if value.contains([',', '"', '\n', '\r']) {
        out.push('"');
        out.push_str(&value.replace('"', "\"\""));
        out.push('"');
    } else {
        out.push_str(value);
    }
}

pub fn meta_csv(items: &[Item]) -> String {
    let mut out = String::with_capacity(items.len() * 600 + 200);
    out.push_str(&META_COLUMNS.join(","));
    out.push_str("\r\n");
    for item in items {
        let (price_now, sale) = item.prices();
        let cells = [
            item.id.as_str(),
            &item.group,
            &item.title,
            &item.description,
            availability(item),
            "new",
            &price(price_now),
            &sale.map(price).unwrap_or_default(),
            &item.link,
            &item.image,
            &item.additional_images.join(","),
            &item.brand,
            item.gender.as_str(),
            item.age_group.as_str(),
            &item.size,
            &item.color,
        ];
        for (n, cell) in cells.iter().enumerate() {
            if n > 0 {
                out.push(',');
            }
            csv_cell(&mut out, cell);
        }
        out.push_str("\r\n");
    }
    out
}

/// Text as XML character data: the five markup characters escaped, and the characters XML 1.0
/// cannot carry at all (most control characters) left out, or the whole file would be refused.
fn xml_text(out: &mut String, value: &str) {
    for c in value.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\t' | '\n' | '\r' => out.push(c),
            c if c < ' ' || c == '\u{FFFE}' || c == '\u{FFFF}' => {}
            c => out.push(c),
        }
    }
}

fn xml_field(out: &mut String, name: &str, value: &str) {
    out.push_str("<g:");
    out.push_str(name);
    out.push('>');
    xml_text(out, value);
    out.push_str("</g:");
    out.push_str(name);
    out.push_str(">\n");
}

/// Google Merchant Center's RSS 2.0 feed. `shop` names the channel; `home` is the shop's address.
pub fn google_xml(shop: &str, home: &str, items: &[Item]) -> String {
    let mut out = String::with_capacity(items.len() * 900 + 400);
    out.push_str(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<rss version=\"2.0\" xmlns:g=\"http://base.google.com/ns/1.0\">\n<channel>\n",
    );
    for (tag, value) in [("title", shop), ("link", home), ("description", &format!("Products of {shop}"))] {
        out.push_str(&format!("<{tag}>"));
        xml_text(&mut out, value);
        out.push_str(&format!("</{tag}>\n"));
    }
    for item in items {
        let (price_now, sale) = item.prices();
        out.push_str("<item>\n");
        xml_field(&mut out, "id", &item.id);
        xml_field(&mut out, "item_group_id", &item.group);
        xml_field(&mut out, "title", &item.title);
        xml_field(&mut out, "description", &item.description);
        xml_field(&mut out, "link", &item.link);
        xml_field(&mut out, "image_link", &item.image);
        // Google reads at most ten more pictures.
        for picture in item.additional_images.iter().take(10) {
            xml_field(&mut out, "additional_image_link", picture);
        }
        xml_field(&mut out, "availability", availability(item));
        xml_field(&mut out, "price", &price(price_now));
        if let Some(sale) = sale {
            xml_field(&mut out, "sale_price", &price(sale));
        }
        xml_field(&mut out, "brand", &item.brand);
        xml_field(&mut out, "condition", "new");
        // The shop's own designs carry no GTIN or manufacturer's part number.
        xml_field(&mut out, "identifier_exists", "no");
        xml_field(&mut out, "gender", item.gender.as_str());
        xml_field(&mut out, "age_group", item.age_group.as_str());
        if !item.size.is_empty() {
            xml_field(&mut out, "size", &item.size);
        }
        if !item.color.is_empty() {
            xml_field(&mut out, "color", &item.color);
        }
        out.push_str("</item>\n");
    }
    out.push_str("</channel>\n</rss>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::feeds::{AgeGroup, Gender};

    fn item(title: &str, description: &str) -> Item {
        Item {
            id: "SKU-1".into(),
            group: "p1".into(),
            title: title.into(),
            description: description.into(),
            in_stock: true,
            price: Kobo::new(1_234_550),
            compare_at: Some(Kobo::new(2_000_000)),
            link: "http://shop.test/product/p1?size=42&color=Black".into(),
            image: "http://shop.test/media/a-1024.jpg".into(),
            additional_images: vec!["http://shop.test/media/b-1024.jpg".into(), "http://shop.test/media/c-1024.jpg".into()],
            brand: "Tolu & Sons".into(),
            gender: Gender::Female,
            age_group: AgeGroup::Adult,
            size: "42".into(),
            color: "Black".into(),
        }
    }

    #[test]
    fn prices_are_naira_with_two_decimals_and_the_currency() {
        assert_eq!(price(Kobo::new(1_234_550)), "12345.50 NGN");
        assert_eq!(price(Kobo::new(5)), "0.05 NGN");
        assert_eq!(price(Kobo::new(100_000_000)), "1000000.00 NGN");
    }

    #[test]
    fn csv_cells_with_commas_quotes_and_line_breaks_are_quoted() {
        let text = meta_csv(&[item("The \"Ada\" gown, red", "Line one\nline two & <three>")]);
        let mut lines = text.split("\r\n");
        assert!(lines.next().unwrap().starts_with("id,item_group_id,title,description,availability"));
        let row = lines.next().unwrap();
        assert!(
            row.starts_with(
                "SKU-1,p1,\"The \"\"Ada\"\" gown, red\",\"Line one\nline two & <three>\",in stock,new,20000.00 NGN,12345.50 NGN,"
            ),
            "{row}"
        );
        // The link's & needs no quoting in CSV; the pictures' list is one quoted cell.
        assert!(row.contains(",http://shop.test/product/p1?size=42&color=Black,http://shop.test/media/a-1024.jpg,\"http://shop.test/media/b-1024.jpg,http://shop.test/media/c-1024.jpg\",Tolu & Sons,female,adult,42,Black"), "{row}");
        // A formula-looking title stays exactly as the merchant wrote it.
        assert!(meta_csv(&[item("=Ada", "x")]).contains(",=Ada,"));
    }

    #[test]
    fn xml_text_is_escaped_and_characters_xml_cannot_carry_are_dropped() {
        let xml =
            google_xml("Tolu & Sons <Lagos>", "http://shop.test/", &[item("The \"Ada\" gown, red", "A & B < C > D 'E'\u{1}\u{8}\nnext")]);
        assert!(xml.contains("<title>Tolu &amp; Sons &lt;Lagos&gt;</title>"));
        assert!(xml.contains("<g:title>The &quot;Ada&quot; gown, red</g:title>"));
        assert!(xml.contains("<g:description>A &amp; B &lt; C &gt; D &apos;E&apos;\nnext</g:description>"));
        assert!(xml.contains("<g:link>http://shop.test/product/p1?size=42&amp;color=Black</g:link>"));
        assert!(xml.contains("<g:price>20000.00 NGN</g:price>\n<g:sale_price>12345.50 NGN</g:sale_price>"));
        assert!(xml.contains("<g:brand>Tolu &amp; Sons</g:brand>"));
        assert_eq!(xml.matches("<g:additional_image_link>").count(), 2);
        assert!(!xml.contains('\u{1}'));
    }

    #[test]
    fn an_item_not_on_sale_has_no_sale_price_and_one_sold_out_says_so() {
        let mut plain = item("Ada", "x");
        (plain.compare_at, plain.in_stock) = (None, false);
        let xml = google_xml("Shop", "http://shop.test/", std::slice::from_ref(&plain));
        assert!(xml.contains("<g:price>12345.50 NGN</g:price>") && !xml.contains("sale_price"));
        assert!(xml.contains("<g:availability>out of stock</g:availability>"));
        assert!(meta_csv(&[plain]).contains(",out of stock,new,12345.50 NGN,,"));
    }
}
