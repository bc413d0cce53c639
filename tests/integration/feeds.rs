//! Catalogue feeds (issue 41, part 1): the demo shop's Meta CSV and Google RSS read back field by
//! field against the channels' rules, following the catalogue at the next fetch, behind a secret
//! the merchant rotates.

use std::collections::{HashMap, HashSet};

use reqwest::Method;
use serde_json::{Value, json};

use crate::common::{TestApp, spawn_app};

/// One item: field name to value (an `additional_image_link` repeated in XML is joined by commas,
/// as Meta's CSV writes it).
type Item = HashMap<String, String>;

struct Feed {
    status: u16,
    headers: reqwest::header::HeaderMap,
    text: String,
}

async fn fetch(url: &str, headers: &[(&str, &str)]) -> Feed {
    let mut request = reqwest::Client::new().get(url);
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    let response = request.send().await.expect("request");
    let (status, headers) = (response.status().as_u16(), response.headers().clone());
    Feed { status, headers, text: response.text().await.unwrap() }
}

/// The Feeds screen's answer, as an owner sees it.
async fn screen(admin: &crate::common::Browser) -> Value {
    let (status, view) = admin.get_json("/api/admin/feeds").await;
    assert_eq!(status, 200, "{view}");
    view
}

fn address(view: &Value, channel: &str) -> String {
    view["feeds"].as_array().unwrap().iter().find(|f| f["channel"] == channel).unwrap()["url"].as_str().unwrap().to_string()
}

/// Meta's CSV read with the shop's own RFC 4180 reader: the header's columns name each row's cells.
fn parse_csv(text: &str) -> Vec<Item> {
    let limits = ankara::csv::Limits { rows: 1_000_000, fields: 64, cell_chars: 100_000, columns: 16 };
    let mut records = ankara::csv::records(text, limits).map(|r| r.expect("well-formed CSV").1);
    let header = records.next().expect("a header");
    records
        .map(|row| {
            assert_eq!(row.len(), header.len(), "every row has every column: {row:?}");
            header.iter().cloned().zip(row).filter(|(_, v)| !v.is_empty()).collect()
        })
        .collect()
}

/// XML character data back to text; a raw `<` or `&` that starts no entity is malformed XML.
fn unescape(text: &str) -> String {
    assert!(!text.contains('<'), "raw < in {text:?}");
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find('&') {
        out.push_str(&rest[..at]);
        rest = &rest[at..];
        let (entity, c) = [("&amp;", '&'), ("&lt;", '<'), ("&gt;", '>'), ("&quot;", '"'), ("&apos;", '\'')]
            .into_iter()
            .find(|(e, _)| rest.starts_with(e))
            .unwrap_or_else(|| panic!("a bare & in {text:?}"));
        out.push(c);
        rest = &rest[entity.len()..];
    }
    out.push_str(rest);
    out
}

/// Google's RSS read strictly: the rss element with Google's namespace, a channel of `<item>`s,
/// each a run of `<g:name>text</g:name>` fields and nothing else.
fn parse_xml(text: &str) -> Vec<Item> {
    let body = text.strip_prefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n").expect("an XML declaration");
    let body = body.strip_prefix("<rss version=\"2.0\" xmlns:g=\"http://base.google.com/ns/1.0\">\n<channel>\n").expect("RSS 2.0 with g:");
    let body = body.strip_suffix("</channel>\n</rss>\n").expect("closed");
    let first = body.find("<item>").unwrap_or(body.len());
    let (head, mut rest) = body.split_at(first);
    for tag in ["title", "link", "description"] {
        assert!(head.contains(&format!("<{tag}>")), "the channel has its {tag}: {head}");
    }
    let mut items = Vec::new();
    while let Some(inner) = rest.strip_prefix("<item>\n") {
        let end = inner.find("</item>\n").expect("item closed");
        let (mut fields, mut item) = (&inner[..end], Item::new());
        while !fields.is_empty() {
            let open = fields.strip_prefix("<g:").expect("a g: field");
            let name = &open[..open.find('>').unwrap()];
            let close = format!("</g:{name}>\n");
            let text_at = name.len() + 1;
            let text_end = open.find(&close).unwrap_or_else(|| panic!("{name} closed"));
            let value = unescape(&open[text_at..text_end]);
            item.entry(name.to_string()).and_modify(|v: &mut String| *v = format!("{v},{value}")).or_insert(value);
            fields = &open[text_end + close.len()..];
        }
        items.push(item);
        rest = &inner[end + "</item>\n".len()..];
    }
    assert!(rest.is_empty(), "only items in the channel: {rest:.200}");
    items
}

fn is_price(text: &str) -> bool {
    let Some(amount) = text.strip_suffix(" NGN") else { return false };
    let Some((naira, kobo)) = amount.split_once('.') else { return false };
    !naira.is_empty() && naira.bytes().all(|b| b.is_ascii_digit()) && kobo.len() == 2 && kobo.bytes().all(|b| b.is_ascii_digit())
}

/// Both feeds of the shop, read.
async fn both(view: &Value) -> (Vec<Item>, Vec<Item>) {
    let (meta, google) = (fetch(&address(view, "meta"), &[]).await, fetch(&address(view, "google"), &[]).await);
    assert_eq!((meta.status, google.status), (200, 200));
    assert_eq!(meta.headers["content-type"], "text/csv; charset=utf-8");
    assert_eq!(google.headers["content-type"], "application/xml; charset=utf-8");
    (parse_csv(&meta.text), parse_xml(&google.text))
}

fn by_id(items: &[Item]) -> HashMap<String, Item> {
    items.iter().map(|i| (i["id"].clone(), i.clone())).collect()
}

async fn shop() -> (TestApp, crate::common::Browser) {
    let app = spawn_app().await;
    let admin = app.admin_browser("owner@example.com").await;
    (app, admin)
}

/// The first product (with a size) the Google feed lists and its items there.
fn first_group(items: &[Item]) -> (String, Vec<Item>) {
    let group = items.iter().find(|i| i.contains_key("size")).expect("an item with a size")["item_group_id"].clone();
    (group.clone(), items.iter().filter(|i| i["item_group_id"] == group).cloned().collect())
}

#[actix_web::test]
async fn the_demo_shops_feeds_give_every_item_the_fields_and_formats_the_channels_require() {
    let (app, admin) = shop().await;
    let view = screen(&admin).await;
    let (meta, google) = both(&view).await;
    let shown = app.query_i64("SELECT COUNT(*) FROM variants v JOIN products p ON p.id = v.product_id JOIN collections c ON c.id = p.collection_id WHERE c.hidden = 0");
    assert!(shown > 20, "the demo shop sells {shown} variants");
    assert_eq!(google.len() as i64, shown, "one item per variant of every product shown");
    assert_eq!(view["items"], google.len(), "the screen counts what the feed lists");
    assert_eq!(view["rejected"], json!([]), "the demo shop has nothing a channel would refuse");
    let shop = app.state.db.with_conn(|c| Ok(ankara::brand::published_view(c)?.identity.name)).unwrap();
    let base = app.base.clone();
    for (feed, items) in [("meta", &meta), ("google", &google)] {
        let ids: HashSet<&String> = items.iter().map(|i| &i["id"]).collect();
        assert_eq!(ids.len(), items.len(), "{feed}: ids are unique");
        for item in items.iter() {
            let required = [
                "id",
                "item_group_id",
                "title",
                "description",
                "availability",
                "condition",
                "price",
                "link",
                "image_link",
                "brand",
                "gender",
                "age_group",
            ];
            for field in required {
                assert!(item.get(field).is_some_and(|v| !v.trim().is_empty()), "{feed}: {field} missing in {item:?}");
            }
            assert!(is_price(&item["price"]), "{feed}: {}", item["price"]);
            if let Some(sale) = item.get("sale_price") {
                assert!(is_price(sale), "{feed}: {sale}");
            }
            assert!(["in stock", "out of stock"].contains(&item["availability"].as_str()), "{feed}: {}", item["availability"]);
            assert_eq!(item["condition"], "new");
            assert_eq!(item["brand"], shop);
            assert!(["female", "male", "unisex"].contains(&item["gender"].as_str()));
            assert!(["newborn", "infant", "toddler", "kids", "adult"].contains(&item["age_group"].as_str()));
            assert!(item["link"].starts_with(&format!("{base}/product/{}", item["item_group_id"])), "{feed}: {}", item["link"]);
            assert!(item["title"].chars().count() <= 150);
            let pictures = std::iter::once(&item["image_link"]).chain(item.get("additional_image_link"));
            for picture in pictures.flat_map(|p| p.split(',')) {
                assert!(picture.starts_with(&format!("{base}/media/")), "{feed}: {picture}");
            }
            // The apparel attributes: size and colour exactly as the variant sells them.
            let (size, color): (String, String) = app
                .state
                .db
                .with_conn(|c| {
                    Ok(c.query_row(
                        "SELECT size, color FROM variants WHERE product_id = ?1 AND (sku = ?2 OR id = ?2)",
                        [&item["item_group_id"], &item["id"]],
                        |r| Ok((r.get(0)?, r.get(1)?)),
                    )?)
                })
                .unwrap();
            assert_eq!(item.get("size").cloned().unwrap_or_default(), size, "{feed}: {item:?}");
            assert_eq!(item.get("color").cloned().unwrap_or_default(), color, "{feed}: {item:?}");
        }
    }
    // The two feeds list the same items the same way.
    let (meta, google) = (by_id(&meta), by_id(&google));
    assert_eq!(meta.keys().collect::<HashSet<_>>(), google.keys().collect::<HashSet<_>>());
    for (id, item) in &google {
        for field in ["title", "price", "availability", "link", "image_link", "additional_image_link", "size", "color", "sale_price"] {
            assert_eq!(item.get(field), meta[id].get(field), "{id} {field}");
        }
    }
    // Nothing beyond what a shopper sees: no stock counts, no cost.
    let google_text = fetch(&address(&view, "google"), &[]).await.text;
    for secret in ["stock", "quantity", "cost"] {
        assert!(!google_text.contains(&format!("<g:{secret}")), "{secret}");
    }
}

#[actix_web::test]
async fn a_price_change_a_sale_a_sell_out_and_a_hidden_collection_show_in_the_next_fetch() {
    let (app, admin) = shop().await;
    let view = screen(&admin).await;
    let google_url = address(&view, "google");
    let (_, google) = both(&view).await;
    let (product, items) = first_group(&google);
    let first = fetch(&google_url, &[]).await;

    let (status, body) =
        admin.send_json(Method::PATCH, &format!("/api/products/{product}"), json!({"price": "12345.5", "compareAtPrice": null})).await;
    assert_eq!(status, 200, "{body}");
    let (_, google) = both(&view).await;
    for item in google.iter().filter(|i| i["item_group_id"] == product) {
        assert_eq!((item["price"].as_str(), item.get("sale_price")), ("12345.50 NGN", None));
    }
    let (status, body) = admin.send_json(Method::PATCH, &format!("/api/products/{product}"), json!({"compareAtPrice": "20000"})).await;
    assert_eq!(status, 200, "{body}");
    let (meta, google) = both(&view).await;
    for item in google.iter().chain(&meta).filter(|i| i["item_group_id"] == product) {
        assert_eq!((item["price"].as_str(), item["sale_price"].as_str()), ("20000.00 NGN", "12345.50 NGN"), "{item:?}");
    }

    // Selling one variant out.
    let sold_out = &items[0]["id"];
    let variant: String = app
        .state
        .db
        .with_conn(|c| Ok(c.query_row("SELECT id FROM variants WHERE sku = ?1 OR id = ?1", [sold_out], |r| r.get(0))?))
        .unwrap();
    let (status, body) = admin.send_json(Method::PATCH, &format!("/api/admin/variants/{variant}"), json!({"stock": 0})).await;
    assert_eq!(status, 200, "{body}");
    let (meta, google) = both(&view).await;
    assert_eq!(by_id(&google)[sold_out]["availability"], "out of stock");
    assert_eq!(by_id(&meta)[sold_out]["availability"], "out of stock");
    assert_eq!(by_id(&google)[&items[1]["id"]]["availability"], "in stock", "only that variant");

    // A hidden collection's products leave the feeds.
    let collection: String =
        app.state.db.with_conn(|c| Ok(c.query_row("SELECT collection_id FROM products WHERE id = ?1", [&product], |r| r.get(0))?)).unwrap();
    let (status, body) = admin.send_json(Method::PUT, &format!("/api/collections/{collection}/hidden"), json!({"hidden": true})).await;
    assert_eq!(status, 200, "{body}");
    let (meta, google) = both(&view).await;
    assert!(!google.iter().chain(&meta).any(|i| i["item_group_id"] == product), "a hidden collection's product is not listed");
    assert!(!google.is_empty());
    let last = fetch(&google_url, &[]).await;
    assert_ne!(first.headers["etag"], last.headers["etag"], "a changed feed has a new validator");
}

#[actix_web::test]
async fn an_unchanged_feed_answers_304_from_its_kept_copy_and_gzip_to_who_takes_it() {
    let (app, admin) = shop().await;
    let view = screen(&admin).await;
    let url = address(&view, "meta");
    let first = fetch(&url, &[]).await;
    let etag = first.headers["etag"].to_str().unwrap().to_string();
    assert!(first.headers.contains_key("last-modified") && first.headers["x-robots-tag"] == "noindex");
    let again = fetch(&url, &[("if-none-match", &etag)]).await;
    assert_eq!((again.status, again.text.as_str()), (304, ""));
    let since = first.headers["last-modified"].to_str().unwrap().to_string();
    assert_eq!(fetch(&url, &[("if-modified-since", &since)]).await.status, 304);
    // Kept: fetching did not build it again.
    assert_eq!(screen(&admin).await["builtAt"], view["builtAt"]);

    let response = reqwest::Client::new().get(&url).header("accept-encoding", "gzip").send().await.unwrap();
    assert_eq!(response.headers()["content-encoding"], "gzip");
    let packed = response.bytes().await.unwrap();
    let mut text = String::new();
    std::io::Read::read_to_string(&mut flate2::read::GzDecoder::new(&packed[..]), &mut text).unwrap();
    assert_eq!(text, first.text);
    assert!(packed.len() * 3 < text.len(), "{} bytes gzipped from {}", packed.len(), text.len());

    // A change the catalogue's door made: the old validator no longer matches.
    app.state.catalogue.changed_elsewhere();
    app.sql("UPDATE products SET name = name || ' II' WHERE id = (SELECT id FROM products ORDER BY created_at DESC LIMIT 1)");
    app.state.catalogue.changed_elsewhere();
    let changed = fetch(&url, &[("if-none-match", &etag)]).await;
    assert_eq!(changed.status, 200);
    assert!(changed.text.contains(" II,"));
}

#[actix_web::test]
async fn rotating_the_address_retires_the_old_one_and_wrong_addresses_are_404() {
    let (app, admin) = shop().await;
    let view = screen(&admin).await;
    let (old_meta, old_google) = (address(&view, "meta"), address(&view, "google"));
    assert_eq!(fetch(&old_google, &[]).await.status, 200);
    let token = old_google.split('/').rev().nth(1).unwrap().to_string();
    assert_eq!(token.len(), 32);
    for wrong in [
        format!("{}/feeds/{}/google.xml", app.base, "0".repeat(32)),
        format!("{}/feeds/{token}/feed.xml", app.base),
        format!("{}/feeds/{token}x/google.xml", app.base),
        format!("{}/feeds/x/meta.csv", app.base),
    ] {
        assert_eq!(fetch(&wrong, &[]).await.status, 404, "{wrong}");
    }

    // Who may: the owner and a manager; not a packer nor a shopper.
    let packer = app.staff("packer@example.com", "packer").await;
    assert_eq!(packer.get_json("/api/admin/feeds").await.0, 403);
    assert_eq!(packer.post_json("/api/admin/feeds/rotate", Value::Null).await.0, 403);
    assert_eq!(app.browser().post_json("/api/admin/feeds/rotate", Value::Null).await.0, 401);
    assert_eq!(fetch(&old_google, &[]).await.status, 200, "refused rotations change nothing");
    let manager = app.staff("manager@example.com", "manager").await;
    let (status, rotated) = manager.post_json("/api/admin/feeds/rotate", Value::Null).await;
    assert_eq!(status, 200, "{rotated}");
    let (new_meta, new_google) = (address(&rotated, "meta"), address(&rotated, "google"));
    assert_ne!(new_google, old_google);
    assert_eq!((fetch(&old_meta, &[]).await.status, fetch(&old_google, &[]).await.status), (404, 404));
    assert_eq!((fetch(&new_meta, &[]).await.status, fetch(&new_google, &[]).await.status), (200, 200));
    assert_eq!(screen(&admin).await["feeds"], rotated["feeds"]);
    assert_eq!(app.query_i64("SELECT COUNT(*) FROM activity WHERE subject = 'feeds'"), 1);
}

#[actix_web::test]
async fn text_with_quotes_commas_ampersands_brackets_and_line_breaks_reads_back_exactly() {
    let (app, admin) = shop().await;
    let (name, description) = ("Ada \"Queen\", <Lagos> & Co", "Line one, with a comma\nline \"two\" & <three>\r\n'four'");
    app.add_product("tricky", crate::common::product_with(name, "suits", 2_500_000, "Gowns", &["M", "L"], &["Red"]));
    app.sql(&format!(
        "UPDATE products SET description = '{}' WHERE id = 'tricky';
         INSERT INTO product_images (product_id, position, media_key) SELECT 'tricky', 0, media_key FROM product_images LIMIT 1;",
        description.replace('\'', "''")
    ));
    app.state.catalogue.changed_elsewhere();
    let (meta, google) = both(&screen(&admin).await).await;
    for items in [&meta, &google] {
        let tricky: Vec<&Item> = items.iter().filter(|i| i["item_group_id"] == "tricky").collect();
        assert_eq!(tricky.len(), 2, "one item per size");
        for item in tricky {
            assert_eq!((item["title"].as_str(), item["description"].as_str()), (name, description));
            assert!(
                item["link"].ends_with("/product/tricky?size=M&color=Red") || item["link"].ends_with("/product/tricky?size=L&color=Red")
            );
        }
    }
}

#[actix_web::test]
async fn a_product_a_channel_would_refuse_is_left_out_and_listed_with_its_reason() {
    let (app, admin) = shop().await;
    app.add_product("bare", crate::common::product("Bare Gown", "suits", 1_000_000));
    let view = screen(&admin).await;
    let rejected = view["rejected"].as_array().unwrap();
    assert_eq!(rejected.len(), 1, "{rejected:?}");
    assert_eq!(
        (rejected[0]["productId"].as_str(), rejected[0]["name"].as_str(), rejected[0]["items"].as_i64()),
        (Some("bare"), Some("Bare Gown"), Some(1))
    );
    assert_eq!(rejected[0]["reasons"], json!(["No picture: both channels need one."]));
    let (meta, google) = both(&view).await;
    assert!(!meta.iter().chain(&google).any(|i| i["item_group_id"] == "bare"));
}

#[actix_web::test]
async fn gender_and_age_group_come_from_the_collection_or_the_shop() {
    let (app, admin) = shop().await;
    let view = screen(&admin).await;
    assert_eq!((view["gender"].as_str(), view["ageGroup"].as_str()), (Some("unisex"), Some("adult")));
    let (status, saved) = admin
        .send_json(
            Method::PUT,
            "/api/admin/feeds/settings",
            json!({"gender": "male", "ageGroup": "adult", "collections": [{"id": "sneakers", "gender": "unisex", "ageGroup": "kids"}]}),
        )
        .await;
    assert_eq!(status, 200, "{saved}");
    let sneakers = saved["collections"].as_array().unwrap().iter().find(|c| c["id"] == "sneakers").unwrap().clone();
    assert_eq!((sneakers["gender"].as_str(), sneakers["ageGroup"].as_str()), (Some("unisex"), Some("kids")));
    let (_, google) = both(&saved).await;
    let sneaker_ids: HashSet<String> = app
        .state
        .db
        .with_conn(|c| {
            Ok(c.prepare("SELECT id FROM products WHERE collection_id = 'sneakers'")?
                .query_map([], |r| r.get(0))?
                .collect::<Result<_, _>>()?)
        })
        .unwrap();
    assert!(google.iter().any(|i| sneaker_ids.contains(&i["item_group_id"])), "the demo shop sells sneakers");
    for item in &google {
        let expected = if sneaker_ids.contains(&item["item_group_id"]) { ("unisex", "kids") } else { ("male", "adult") };
        assert_eq!((item["gender"].as_str(), item["age_group"].as_str()), expected);
    }
    for bad in [
        json!({"gender": "other", "ageGroup": "adult"}),
        json!({"gender": "male", "ageGroup": "adult", "collections": [{"id": "nope", "gender": null, "ageGroup": null}]}),
    ] {
        let (status, body) = admin.send_json(Method::PUT, "/api/admin/feeds/settings", bad).await;
        assert_eq!(status, 400, "{body}");
    }
    assert_eq!(screen(&admin).await["gender"], "male", "a refused change changed nothing");
}
