//! Prices abroad (issue 41 §2): a shopper in London sees pounds, pays in pounds through the
//! sandbox for delivery to the UK, and is refunded in pounds; the books count the naira worth. A
//! currency not offered, a changed rate, naira-only tenders and a bad address are refused.

use std::time::Duration;

use crate::common::{Browser, TestApp, spawn_with};
use crate::payments::{add_catalogue, customer_with_bag};
use reqwest::Method;
use serde_json::{Value, json};

async fn shop_selling_in_pounds() -> (TestApp, Browser) {
    let app = spawn_with(|c| {
        c.no_demo = true;
        c.reconcile_secs = 3_600;
    })
    .await;
    add_catalogue(&app);
    let admin = app.admin_browser("boss@example.com").await;
    let pounds = json!({"currencies": [{"currency": "GBP", "enabled": true, "rate": 200_000, "rounding": "ninetyNine"}]});
    let (status, settings) = admin.send_json(Method::PATCH, "/api/admin/settings", pounds).await;
    assert_eq!(status, 200, "{settings}");
    let delivery = json!({
        "zones": [{"name": "Lagos", "fee": "2500", "estimate": "1–2 working days", "states": ["Lagos"]}],
        "pickup": {"enabled": false},
        "abroad": [{"region": "GB", "enabled": true, "currency": "GBP", "fee": "25.00", "estimate": "5–8 working days"}],
    });
    let (status, options) = admin.send_json(Method::PUT, "/api/admin/delivery", delivery).await;
    assert_eq!(status, 200, "{options}");
    (app, admin)
}

fn london(currency: &str, expected: Option<i64>) -> Value {
    json!({
        "customer": {"name": "Ada Obi", "email": "ada@example.com", "phone": "+44 20 7946 0958"},
        "address": {"street": "1 Brixton Hill", "city": "London", "state": "", "country": "GB", "postalCode": "sw2 1aa"},
        "currency": currency,
        "expectedTotal": expected,
    })
}

fn pounds_of(product: &Value) -> Value {
    product["pricesAbroad"].as_array().unwrap().iter().find(|p| p["currency"] == "GBP").cloned().unwrap_or(Value::Null)
}

#[actix_web::test]
async fn a_shopper_in_london_pays_in_pounds_and_is_refunded_in_pounds() {
    let (app, admin) = shop_selling_in_pounds().await;
    let (_, offered) = app.browser().get_json("/api/currencies").await;
    assert_eq!(offered["currencies"], json!([{"currency": "GBP", "symbol": "£", "name": "British pound"}]));

    // ₦45,000 at ₦2,000 per £1 is £22.50: to the nearest .99, £22.99. The watch has a fixed price.
    let (_, oxford) = app.browser().get_json("/api/products/oxford").await;
    assert_eq!(pounds_of(&oxford), json!({"currency": "GBP", "price": 2299, "compareAtPrice": null}));
    let fixed = json!({"fixedPrices": [{"currency": "GBP", "price": "55.00"}]});
    let (status, chrono) = admin.send_json(Method::PATCH, "/api/products/chrono", fixed).await;
    assert_eq!((status, pounds_of(&chrono)["price"].as_i64()), (200, Some(5500)), "{chrono}");
    let (_, kept) = admin.get_json("/api/admin/products/chrono/fixed-prices").await;
    assert_eq!(kept, json!([{"currency": "GBP", "price": 5500}]));

    let ada = customer_with_bag(&app, "ada@example.com").await;
    let (status, quote) = ada.post_json("/api/checkout/quote", json!({"country": "GB", "currency": "GBP"})).await;
    assert_eq!(status, 200, "{quote}");
    // 2 × £22.99 + £55.00, and £25.00 to the UK.
    let total = 2 * 2299 + 5500 + 2500;
    assert_eq!(
        quote["charge"],
        json!({"currency": "GBP", "subtotal": 10098, "delivery": 2500, "discount": 0, "total": total, "rate": 200_000})
    );
    assert_eq!(quote["payOnDelivery"]["offered"], false);

    let (status, started) = ada.post_json("/api/checkout", london("GBP", Some(total))).await;
    assert_eq!(status, 201, "{started}");
    assert_eq!((started["currency"].as_str(), started["amount"].as_i64()), (Some("GBP"), Some(total)));
    let asked: (String, i64) = app
        .state
        .db
        .with_conn(|c| Ok(c.query_row("SELECT currency, amount_kobo FROM sandbox_transactions", [], |r| Ok((r.get(0)?, r.get(1)?)))?))
        .unwrap();
    assert_eq!(asked, ("GBP".to_string(), total), "Paystack was asked for pounds");

    let code = started["accessCode"].as_str().unwrap();
    ada.post_json(&format!("/api/sandbox/checkout/{code}"), json!({"outcome": "success"})).await;
    let (_, done) = ada.post_json("/api/payments/verify", json!({"reference": started["reference"]})).await;
    assert_eq!(done["data"]["success"], true, "{done}");
    let order = done["data"]["order"].clone();
    assert_eq!(order["charged"]["total"], total);
    assert_eq!(order["charged"]["currency"], "GBP");
    assert_eq!(order["deliveryAddress"]["country"], "United Kingdom");
    assert_eq!(order["deliveryAddress"]["postalCode"], "SW2 1AA");
    assert_eq!(order["items"][0]["priceAbroad"], 2299);
    // The books count its naira worth at the rate used: £125.98 × ₦2,000.
    assert_eq!(order["totalAmount"], total * 2_000);

    // A refund in pounds, within what was charged.
    let path = format!("/api/admin/orders/{}/refunds", order["id"].as_str().unwrap());
    let (status, answer) = admin.post_json(&path, json!({"amount": "200.00", "reason": "Too much"})).await;
    assert_eq!((status, answer["message"].as_str()), (400, Some("Enter an amount of at most £125.98.")));
    let (status, after) = admin.post_json(&path, json!({"amount": "20.00", "reason": "Shoes too small"})).await;
    assert_eq!(status, 201, "{after}");
    assert_eq!(after["refunds"][0]["amountAbroad"], 2000);
    assert_eq!(after["refunds"][0]["amount"], 4_000_000);
    let back: (i64, String) = app
        .state
        .db
        .with_conn(|c| {
            Ok(c.query_row(
                "SELECT r.amount_kobo, t.currency FROM sandbox_refunds r JOIN sandbox_transactions t ON t.reference = r.reference",
                [],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )?)
        })
        .unwrap();
    assert_eq!(back, (2000, "GBP".to_string()), "the refund went back in pounds");
    for _ in 0..250 {
        let (_, now) = admin.get_json(&format!("/api/admin/orders/{}", order["id"].as_str().unwrap())).await;
        if now["refunds"][0]["status"] == "processed" {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    crate::payments::wait_for_mail(&app, |m| m.contains("We have refunded £20.00")).await;

    // The export reports naira, with the currency and the amount charged in it.
    let day = ankara::util::iso8601(ankara::db::now_ms() + 3_600_000)[..10].to_string();
    let csv = admin.get(&format!("/api/admin/orders.csv?from={day}&to={day}")).await.text().await.unwrap();
    assert!(csv.lines().next().unwrap().ends_with(",currency,charged"), "{csv}");
    assert!(csv.lines().nth(1).unwrap().ends_with(",GBP,125.98"), "{csv}");
}

#[actix_web::test]
async fn a_currency_not_offered_a_changed_rate_and_naira_tenders_are_refused() {
    let (app, admin) = shop_selling_in_pounds().await;
    let ada = customer_with_bag(&app, "ada@example.com").await;
    let (status, answer) = ada.post_json("/api/checkout/quote", json!({"country": "GB", "currency": "USD"})).await;
    assert_eq!((status, answer["message"].as_str()), (400, Some("Prices in USD are not offered. Please choose another currency.")));
    let (status, answer) = ada.post_json("/api/checkout/quote", json!({"currency": "GBP", "giftCard": "ABCD-EFGH"})).await;
    assert_eq!((status, answer["message"].as_str()), (400, Some("Gift cards and store credit pay in naira. Choose ₦ NGN to use them.")));
    let (status, answer) = ada.post_json("/api/checkout/quote", json!({"country": "FR", "currency": "GBP"})).await;
    assert_eq!((status, answer["message"].as_str()), (400, Some("Sorry, we do not deliver to France yet.")));
    let (status, answer) = ada.post_json("/api/checkout/quote", json!({"country": "Atlantis"})).await;
    assert_eq!((status, answer["message"].as_str()), (400, Some("Sorry, we do not deliver to that country yet.")));

    let mut bad_postcode = london("GBP", None);
    bad_postcode["address"]["postalCode"] = json!("12345");
    let (status, answer) = ada.post_json("/api/checkout", bad_postcode).await;
    assert_eq!((status, answer["message"].as_str()), (400, Some("Please enter a valid postcode for United Kingdom.")));
    let mut pay_later = london("GBP", None);
    pay_later["paymentMethod"] = json!("pay_on_delivery");
    let (status, answer) = ada.post_json("/api/checkout", pay_later).await;
    assert_eq!((status, answer["message"].as_str()), (400, Some("Pay on delivery is in naira. Choose ₦ NGN, or pay now.")));

    // The rate changes after the summary was shown: the total she saw is not the one charged.
    let (_, quote) = ada.post_json("/api/checkout/quote", json!({"country": "GB", "currency": "GBP"})).await;
    let seen = quote["charge"]["total"].as_i64().unwrap();
    let dearer = json!({"currencies": [{"currency": "GBP", "enabled": true, "rate": 180_000, "rounding": "ninetyNine"}]});
    assert_eq!(admin.send_json(Method::PATCH, "/api/admin/settings", dearer).await.0, 200);
    let (status, answer) = ada.post_json("/api/checkout", london("GBP", Some(seen))).await;
    assert_eq!((status, answer["error"].as_str()), (409, Some("price_changed")), "{answer}");
    assert!(answer["message"].as_str().unwrap().starts_with("The total has changed to £"), "{answer}");
    assert_eq!(app.query_i64("SELECT COUNT(*) FROM payments"), 0, "nothing started");

    // A started payment keeps its pounds when the rate moves again.
    let (_, quote) = ada.post_json("/api/checkout/quote", json!({"country": "GB", "currency": "GBP"})).await;
    let seen = quote["charge"]["total"].as_i64().unwrap();
    let (status, started) = ada.post_json("/api/checkout", london("GBP", Some(seen))).await;
    assert_eq!(status, 201, "{started}");
    let cheaper = json!({"currencies": [{"currency": "GBP", "enabled": true, "rate": 250_000, "rounding": "cent"}]});
    assert_eq!(admin.send_json(Method::PATCH, "/api/admin/settings", cheaper).await.0, 200);
    let code = started["accessCode"].as_str().unwrap();
    ada.post_json(&format!("/api/sandbox/checkout/{code}"), json!({"outcome": "success"})).await;
    let (_, done) = ada.post_json("/api/payments/verify", json!({"reference": started["reference"]})).await;
    assert_eq!(done["data"]["order"]["charged"]["total"], seen, "{done}");
    assert_eq!(done["data"]["order"]["charged"]["rate"], 180_000);
}

#[actix_web::test]
async fn admin_checks_on_currencies_fixed_prices_and_zones_abroad() {
    let (_app, admin) = shop_selling_in_pounds().await;
    for (body, wanted) in [
        (
            json!({"currencies": [{"currency": "USD", "enabled": true, "rate": 0, "rounding": "cent"}]}),
            "The exchange rate for USD must be from",
        ),
        (
            json!({"currencies": [{"currency": "NGN", "enabled": true, "rate": 100, "rounding": "cent"}]}),
            "Prices abroad can be in US dollars",
        ),
    ] {
        let (status, answer) = admin.send_json(Method::PATCH, "/api/admin/settings", body).await;
        assert_eq!(status, 400, "{answer}");
        assert!(answer["message"].as_str().unwrap().starts_with(wanted), "{answer}");
    }
    let (status, answer) =
        admin.send_json(Method::PATCH, "/api/products/oxford", json!({"fixedPrices": [{"currency": "GBP", "price": "1.234"}]})).await;
    assert_eq!(
        (status, answer["message"].as_str()),
        (400, Some("\"1.234\" is not a valid amount in GBP: use at most two decimals, like 25.00"))
    );
    let zones = json!({
        "zones": [], "pickup": {"enabled": false},
        "abroad": [{"region": "US", "enabled": true, "currency": "USD", "fee": "abc", "estimate": "A week"}],
    });
    let (status, answer) = admin.send_json(Method::PUT, "/api/admin/delivery", zones).await;
    assert_eq!(status, 400, "{answer}");
    assert!(answer["message"].as_str().unwrap().starts_with("The fee to United States:"), "{answer}");
    // A settings change that leaves USD out keeps GBP as it was.
    let (_, settings) = admin.get_json("/api/admin/settings").await;
    assert_eq!(settings["currencies"].as_array().map(Vec::len), Some(2));
    assert!(settings["currencies"].as_array().unwrap().iter().any(|c| c["currency"] == "GBP" && c["enabled"] == true));
}
