//! Issue 36 §2: couriers. An order to Kano is booked with the sandbox courier (Shipbubble's API
//! shape) from the order screen, its label prints, and the courier's signed webhooks move it to
//! delivered, each step told on the tracking page and by SMS; forged, replayed, unknown and
//! out-of-order webhooks change nothing; a double click (fifty of them) books once; live rates
//! at checkout fall back to the zone's flat fee when the courier is slow.

use std::time::{Duration, Instant};

use reqwest::Method;
use serde_json::{Value, json};

use crate::common::{Browser, TestApp, product, spawn_with};

async fn shop_with(slow_courier_ms: u64) -> TestApp {
    let app = spawn_with(move |c| {
        c.no_demo = true;
        c.signups_per_hour = 1_000;
        c.checkouts_per_address = 1_000;
        c.courier_timeout_ms = 400;
        c.sandbox_courier_delay_ms = slow_courier_ms;
    })
    .await;
    app.add_product("agbada", product("Royal Agbada", "suits", 3_000_000));
    app.sql("UPDATE variants SET stock = 100");
    app.state.catalogue.changed_elsewhere();
    app
}

/// The owner, with the shop's address and phone published (the courier picks up there).
async fn owner_with_address(app: &TestApp) -> Browser {
    let owner = app.admin_browser("owner@example.com").await;
    publish_shop_address(&owner).await;
    owner
}

/// The owner publishes the shop's address and phone (booking a courier needs them).
pub(crate) async fn publish_shop_address(owner: &Browser) {
    let (_, mut brand) = owner.get_json("/api/admin/brand").await;
    let mut identity = brand["draft"].take();
    identity["address"] = json!("12 Admiralty Way, Lekki, Lagos");
    identity["phone"] = json!("0803 555 0199");
    for key in ["logo", "home"] {
        identity.as_object_mut().unwrap().remove(key);
    }
    let (status, saved) = owner.send_json(Method::PUT, "/api/admin/brand", identity).await;
    assert_eq!(status, 200, "{saved}");
    assert_eq!(owner.post_json("/api/admin/brand/publish", Value::Null).await.0, 200);
}

fn to_kano(email: &str) -> Value {
    json!({
        "customer": { "name": "Aisha Bello", "email": email, "phone": "0803 555 0177" },
        "address": { "street": "4 Zoo Road", "city": "Kano", "state": "Kano", "country": "Nigeria", "postalCode": "" },
    })
}

/// A customer's paid order (through the Paystack sandbox) to Kano: (browser, order).
async fn paid_order_to_kano(app: &TestApp, email: &str) -> (Browser, Value) {
    let aisha = app.browser();
    aisha.signup("Aisha Bello", email, "secret1").await;
    aisha.post_json("/api/bag", json!({"productId": "agbada"})).await;
    let (status, started) = aisha.post_json("/api/checkout", to_kano(email)).await;
    assert_eq!(status, 201, "{started}");
    let code = started["accessCode"].as_str().unwrap();
    aisha.post_json(&format!("/api/sandbox/checkout/{code}"), json!({"outcome": "success"})).await;
    let (_, done) = aisha.post_json("/api/payments/verify", json!({"reference": started["reference"]})).await;
    assert_eq!(done["data"]["success"], true, "{done}");
    (aisha, done["data"]["order"].clone())
}

/// The texts the SMS sandbox wrote to `phone`, oldest first.
fn sms_to(app: &TestApp, phone: &str) -> Vec<String> {
    let mut texts: Vec<(String, String)> = std::fs::read_dir(app.dir.path().join("outbox-sms"))
        .map(|d| {
            d.filter_map(|e| {
                let e = e.ok()?;
                let sms: Value = serde_json::from_slice(&std::fs::read(e.path()).ok()?).ok()?;
                let text = sms["text"].as_str()?.to_string();
                (sms["to"] == phone).then(|| (e.file_name().to_string_lossy().to_string(), text))
            })
            .collect()
        })
        .unwrap_or_default();
    texts.sort();
    texts.into_iter().map(|(_, t)| t).collect()
}

async fn wait_for_sms(app: &TestApp, phone: &str, containing: &str) {
    for _ in 0..250 {
        if sms_to(app, phone).iter().any(|t| t.contains(containing)) {
            return;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    panic!("no SMS to {phone} with {containing:?}; got {:?}", sms_to(app, phone));
}

/// The courier moves parcel `id` (the sandbox sends the shop its signed webhook).
async fn courier_moves(app: &TestApp, id: &str, status: &str) -> Value {
    let (code, moved) = app.browser().post_json(&format!("/api/sandbox/courier/parcels/{id}/move"), json!({"status": status})).await;
    assert_eq!(code, 200, "{moved}");
    moved
}

async fn track(app: &TestApp, order: &Value) -> Value {
    let number = order["number"].as_str().unwrap();
    let (status, tracked) = app.browser().get_json(&format!("/api/orders/track?number={number}&phone=08035550177")).await;
    assert_eq!(status, 200, "{tracked}");
    tracked["order"].clone()
}

#[actix_web::test]
async fn an_order_to_kano_is_booked_labelled_and_delivered_by_the_couriers_signed_webhooks() {
    let app = shop_with(0).await;
    let owner = owner_with_address(&app).await;
    let packer = app.staff("packer@example.com", "packer").await;
    for event in ["courier_update", "out_for_delivery", "delivered"] {
        crate::messages::turn_on(&owner, event, true, false).await;
    }
    let (_, order) = paid_order_to_kano(&app, "aisha@example.com").await;
    let id = order["id"].as_str().unwrap();
    assert_eq!(owner.get_json(&format!("/api/admin/orders/{id}/label")).await.0, 409, "no label before a booking");

    // A packer books it from the order screen: the cheapest sandbox courier to Kano (GIG, ₦4,500).
    let (status, booked) = packer.post_json(&format!("/api/admin/orders/{id}/shipment"), Value::Null).await;
    assert_eq!(status, 200, "{booked}");
    let shipment = &booked["shipment"];
    assert_eq!(shipment["courier"], "GIG Logistics (sandbox)");
    assert_eq!(shipment["status"], "booked");
    assert_eq!(shipment["fee"], Value::Null, "a packer does not see what the courier costs");
    let tracking = shipment["trackingCode"].as_str().unwrap().to_string();
    assert!(tracking.starts_with("SBX"), "{tracking}");
    let parcel = shipment["id"].as_str().unwrap().to_string();
    let (_, seen) = owner.get_json(&format!("/api/admin/orders/{id}/shipment")).await;
    assert_eq!((seen["shipment"]["fee"].as_i64(), seen["sandbox"].as_bool()), (Some(450_000), Some(true)), "{seen}");
    let (_, admin_order) = owner.get_json(&format!("/api/admin/orders/{id}")).await;
    assert_eq!(admin_order["status"], "processing", "{admin_order}");
    let (status, again) = owner.post_json(&format!("/api/admin/orders/{id}/shipment"), Value::Null).await;
    assert_eq!(status, 409, "{again}");
    assert!(again["message"].as_str().unwrap().contains(&format!("already booked with GIG Logistics (sandbox) ({tracking})")));

    // Its label prints: from the shop to Aisha in Kano, by the courier, with the tracking number.
    let (status, label) = packer.get_json(&format!("/api/admin/orders/{id}/label")).await;
    assert_eq!(status, 200, "{label}");
    assert_eq!((label["fromAddress"].as_str(), label["toName"].as_str()), (Some("12 Admiralty Way, Lekki, Lagos"), Some("Aisha Bello")));
    assert_eq!(label["toAddress"], json!(["4 Zoo Road", "Kano, Kano"]));
    assert_eq!((label["trackingCode"].as_str(), label["items"].as_i64()), (Some(tracking.as_str()), Some(1)));

    // The courier picks it up: the order ships with its tracking number; the customer is told.
    courier_moves(&app, &parcel, "picked_up").await;
    let (_, admin_order) = owner.get_json(&format!("/api/admin/orders/{id}")).await;
    assert_eq!(admin_order["status"], "shipped");
    assert_eq!(admin_order["trackingNumber"], tracking.as_str());
    assert_eq!(admin_order["shippedBy"], "courier");
    wait_for_sms(&app, "+2348035550177", "has been picked up by the courier").await;
    let (status, late) = owner.post_json(&format!("/api/admin/orders/{id}/shipment/cancel"), Value::Null).await;
    assert_eq!((status, late["message"].as_str()), (409, Some("The courier has the parcel already: it cannot be cancelled now.")));

    courier_moves(&app, &parcel, "in_transit").await;
    courier_moves(&app, &parcel, "out_for_delivery").await;
    let tracked = track(&app, &order).await;
    assert_eq!(tracked["shipment"]["courier"], "GIG Logistics (sandbox)");
    let steps: Vec<&str> = tracked["shipment"]["events"].as_array().unwrap().iter().map(|e| e["status"].as_str().unwrap()).collect();
    assert_eq!(steps, ["booked", "picked_up", "in_transit", "out_for_delivery"]);
    courier_moves(&app, &parcel, "completed").await;
    let tracked = track(&app, &order).await;
    assert_eq!(tracked["status"], "delivered");
    assert_eq!(tracked["shipment"]["status"], "delivered");
    let statuses: Vec<&str> = tracked["events"].as_array().unwrap().iter().map(|e| e["status"].as_str().unwrap()).collect();
    assert_eq!(statuses, ["paid", "processing", "shipped", "delivered"]);
    wait_for_sms(&app, "+2348035550177", "has been delivered").await;
    let texts = sms_to(&app, "+2348035550177");
    for step in ["has been picked up by the courier", "is in transit", "is on its way", "has been delivered"] {
        assert_eq!(texts.iter().filter(|t| t.contains(step)).count(), 1, "{step} once: {texts:?}");
    }
    assert!(texts.iter().all(|t| !t.contains("code")), "a courier's parcel has no rider's code: {texts:?}");
    let (status, moved) =
        app.browser().post_json(&format!("/api/sandbox/courier/parcels/{parcel}/move"), json!({"status": "failed"})).await;
    assert_eq!(status, 409, "a delivered parcel moves no more: {moved}");
}

#[actix_web::test]
async fn courier_webhooks_are_verified_and_replays_unknown_and_late_steps_change_nothing() {
    let app = shop_with(0).await;
    let owner = owner_with_address(&app).await;
    let (_, order) = paid_order_to_kano(&app, "aisha@example.com").await;
    let id = order["id"].as_str().unwrap();
    let (_, booked) = owner.post_json(&format!("/api/admin/orders/{id}/shipment"), Value::Null).await;
    let parcel = booked["shipment"]["id"].as_str().unwrap().to_string();
    let client = reqwest::Client::new();
    let url = format!("{}/api/couriers/webhook", app.main.base);
    let send = |body: Vec<u8>, signature: String| {
        let (client, url) = (client.clone(), url.clone());
        async move {
            let reply = client.post(url).header("x-ship-signature", signature).body(body).send().await.unwrap();
            (reply.status().as_u16(), reply.json::<Value>().await.unwrap_or(Value::Null))
        }
    };
    let event = |status: &str, date: &str| {
        serde_json::to_vec(&json!({"event": "shipment.status.changed", "order_id": parcel, "status": status, "date": date})).unwrap()
    };
    let signed = |body: &[u8]| app.state.couriers.client.sign(body);

    // Forged: no signature, another key's, or a body changed after signing.
    let delivered = event("completed", "2026-11-29T10:00:00Z");
    assert_eq!(send(delivered.clone(), String::new()).await.0, 401);
    assert_eq!(send(delivered.clone(), "ab".repeat(64)).await.0, 401);
    let in_transit = event("in_transit", "2026-11-29T09:00:00Z");
    assert_eq!(send(delivered.clone(), signed(&in_transit)).await.0, 401);
    let (_, admin_order) = owner.get_json(&format!("/api/admin/orders/{id}")).await;
    assert_eq!(admin_order["status"], "processing", "nothing moved");

    // Signed but not an event, or for a shipment this shop never booked.
    assert_eq!(send(b"not json".to_vec(), signed(b"not json")).await.0, 400);
    let stranger =
        serde_json::to_vec(&json!({"event": "shipment.status.changed", "order_id": "SB-NOTOURS", "status": "completed"})).unwrap();
    let (status, answer) = send(stranger.clone(), signed(&stranger)).await;
    assert_eq!((status, answer["message"].as_str()), (404, Some("We have no such shipment.")));

    // In transit, then the same body again (a replay), then "picked up" arriving late.
    assert_eq!(send(in_transit.clone(), signed(&in_transit)).await, (200, json!({"outcome": "moved"})));
    assert_eq!(send(in_transit.clone(), signed(&in_transit)).await, (200, json!({"outcome": "replay"})));
    let picked = event("picked_up", "2026-11-29T08:00:00Z");
    assert_eq!(send(picked.clone(), signed(&picked)).await, (200, json!({"outcome": "stale"})));
    let (_, seen) = owner.get_json(&format!("/api/admin/orders/{id}/shipment")).await;
    let steps: Vec<&str> = seen["shipment"]["events"].as_array().unwrap().iter().map(|e| e["status"].as_str().unwrap()).collect();
    assert_eq!(steps, ["booked", "in_transit"], "a late step is not a step back");
    let (_, admin_order) = owner.get_json(&format!("/api/admin/orders/{id}")).await;
    assert_eq!(admin_order["status"], "shipped", "in transit ships an order whose pickup was never told");
    assert_eq!(app.query_i64("SELECT COUNT(*) FROM order_events WHERE status = 'shipped'"), 1);
}

#[actix_web::test]
async fn fifty_clicks_book_once_and_unbookable_orders_say_why() {
    let app = shop_with(0).await;
    let owner = owner_with_address(&app).await;
    let (_, order) = paid_order_to_kano(&app, "aisha@example.com").await;
    let id = order["id"].as_str().unwrap().to_string();
    let clicks = (0..50).map(|_| {
        let (owner, id) = (&owner, id.clone());
        async move { owner.post_json(&format!("/api/admin/orders/{id}/shipment"), Value::Null).await.0 }
    });
    let answers = futures_util::future::join_all(clicks).await;
    assert_eq!(answers.iter().filter(|s| **s == 200).count(), 1, "{answers:?}");
    assert!(answers.iter().all(|s| *s == 200 || *s == 409), "{answers:?}");
    assert_eq!(app.query_i64("SELECT COUNT(*) FROM shipments"), 1);
    assert_eq!(app.query_i64("SELECT COUNT(*) FROM sandbox_courier_shipments"), 1, "the courier booked one parcel");

    // Cancelled before pickup, it may be booked again; the cancelled one stays on record.
    let (status, cancelled) = owner.post_json(&format!("/api/admin/orders/{id}/shipment/cancel"), Value::Null).await;
    assert_eq!((status, cancelled["shipment"]["status"].as_str()), (200, Some("cancelled")), "{cancelled}");
    assert_eq!(app.query_i64("SELECT COUNT(*) FROM sandbox_courier_shipments WHERE status = 'cancelled'"), 1);

    // A selection from the pick list: this order books; an unknown one and a cancelled one say why.
    let (_, second) = paid_order_to_kano(&app, "zainab@example.com").await;
    let second_id = second["id"].as_str().unwrap();
    let (status, _) = owner.send_json(Method::PATCH, &format!("/api/admin/orders/{second_id}"), json!({"status": "cancelled"})).await;
    assert_eq!(status, 200);
    let body = json!({"orderIds": [id, "no-such-order", second_id]});
    let (status, bulk) = owner.post_json("/api/admin/shipments", body).await;
    assert_eq!(status, 200, "{bulk}");
    let results = bulk["results"].as_array().unwrap();
    assert_eq!(results[0]["shipment"]["status"], "booked", "{bulk}");
    assert_eq!(results[1]["error"], "Order not found.", "{bulk}");
    assert_eq!(results[2]["error"], "This order was cancelled: there is nothing to send.", "{bulk}");
    let (status, label) = owner.get_json(&format!("/api/admin/orders/{second_id}/label")).await;
    assert_eq!((status, label["message"].as_str()), (409, Some("This order was cancelled: it has no label.")));
    assert_eq!(owner.post_json("/api/admin/shipments", json!({"orderIds": []})).await.0, 400);

    // A booked order is the courier's: the shop's rider may not take it too.
    app.staff("tunde@example.com", "rider").await;
    let tunde = app
        .state
        .db
        .with_conn(|c| Ok(c.query_row("SELECT id FROM users WHERE email = 'tunde@example.com'", [], |r| r.get::<_, String>(0))?))
        .unwrap();
    let (status, refused) = owner.send_json(Method::PUT, &format!("/api/admin/orders/{id}/rider"), json!({"riderId": tunde})).await;
    assert_eq!(status, 409, "{refused}");
    assert!(refused["message"].as_str().unwrap().ends_with("cancel that booking first."), "{refused}");
}

/// The zone of the other states, priced by live rates with a ₦6,000 flat fee behind them.
async fn live_rates_for_other_states(owner: &Browser) {
    let (_, options) = owner.get_json("/api/delivery").await;
    let zones: Vec<Value> = options["zones"]
        .as_array()
        .unwrap()
        .iter()
        .map(|z| {
            let other = z["states"].as_array().unwrap().iter().any(|s| s == "Kano");
            json!({
                "name": z["name"], "estimate": z["estimate"], "states": z["states"], "freeOver": "",
                "fee": if other { "6000".to_string() } else { (z["fee"].as_i64().unwrap() / 100).to_string() },
                "liveRates": other,
            })
        })
        .collect();
    let (status, saved) = owner.send_json(Method::PUT, "/api/admin/delivery", json!({"zones": zones, "pickup": {"enabled": false}})).await;
    assert_eq!(status, 200, "{saved}");
}

async fn quote_to_kano(app: &TestApp, email: &str) -> (Value, Duration) {
    let shopper = app.browser();
    shopper.signup("Aisha Bello", email, "secret1").await;
    shopper.post_json("/api/bag", json!({"productId": "agbada", "quantity": 3})).await;
    let started = Instant::now();
    let (status, quote) = shopper.post_json("/api/checkout/quote", json!({"state": "Kano"})).await;
    assert_eq!(status, 200, "{quote}");
    (quote, started.elapsed())
}

#[actix_web::test]
async fn live_rates_are_charged_at_checkout_and_the_flat_fee_when_the_courier_is_slow() {
    let app = shop_with(0).await;
    let owner = owner_with_address(&app).await;
    live_rates_for_other_states(&owner).await;
    // Three items, 1.5 kg: GIG's ₦4,500 and ₦500 for the second kilogram.
    let (quote, _) = quote_to_kano(&app, "aisha@example.com").await;
    assert_eq!(quote["breakdown"]["delivery"], 500_000, "{quote}");

    let slow = shop_with(3_000).await;
    let owner = owner_with_address(&slow).await;
    live_rates_for_other_states(&owner).await;
    let (quote, took) = quote_to_kano(&slow, "aisha@example.com").await;
    assert_eq!(quote["breakdown"]["delivery"], 600_000, "the zone's flat fee: {quote}");
    assert!(took < Duration::from_millis(2_500), "the checkout did not wait for the courier: {took:?}");
    // The courier is taken as down for a minute: the next shopper is not kept waiting at all.
    let (quote, took) = quote_to_kano(&slow, "zainab@example.com").await;
    assert_eq!(quote["breakdown"]["delivery"], 600_000);
    assert!(took < Duration::from_millis(300), "{took:?}");
    // And she pays what she was shown.
    let zainab = slow.browser();
    zainab.login("zainab@example.com", "secret1").await;
    let mut body = to_kano("zainab@example.com");
    body["expectedTotal"] = json!(3 * 3_000_000 + 600_000);
    let (status, started) = zainab.post_json("/api/checkout", body).await;
    assert_eq!(status, 201, "{started}");
    assert_eq!(started["breakdown"]["delivery"], 600_000);
}
