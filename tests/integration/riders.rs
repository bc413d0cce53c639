//! Issue 36 §1 and §4: the shop's own riders. The dispatcher gives pay-on-delivery orders to a
//! rider, who sees only his round; an order is delivered only with the code its customer was
//! sent when he left (wrong codes counted and limited, a new code from the shop); the cash he
//! took is his to hand in, counted; the customer follows it by number and phone, step by step.

use reqwest::Method;
use serde_json::{Value, json};

use crate::common::{Browser, TestApp};
use crate::pay_on_delivery::{mail_to, owner, pay_on_delivery_in_lagos, place, settings, shop};

/// A member of staff with the rider role, called `name`, and his user id.
async fn rider(app: &TestApp, email: &str, name: &str) -> (Browser, String) {
    let browser = app.staff(email, "rider").await;
    app.sql(&format!("UPDATE users SET display_name = '{name}' WHERE email = '{email}'"));
    let id =
        app.state.db.with_conn(|c| Ok(c.query_row("SELECT id FROM users WHERE email = ?1", [email], |r| r.get::<_, String>(0))?)).unwrap();
    (browser, id)
}

/// A confirmed pay-on-delivery order to Lagos from a new guest: (id, number, total).
async fn order(app: &TestApp, admin: &Browser, from: &str, email: &str, phone: &str) -> (String, String, i64) {
    let (status, placed) = place(app, from, email, phone).await;
    assert_eq!(status, 201, "{placed}");
    let order = &placed["order"];
    let id = order["id"].as_str().unwrap().to_string();
    if order["confirmation"].is_object() {
        assert_eq!(admin.post_json(&format!("/api/admin/orders/{id}/confirm"), Value::Null).await.0, 200);
    }
    (id, order["number"].as_str().unwrap().to_string(), order["totalAmount"].as_i64().unwrap())
}

/// The code in the newest "out for delivery" mail to `to` about order `number`.
async fn code_sent(app: &TestApp, to: &str, number: &str, not: Option<&str>) -> String {
    let wanted = |m: &str| {
        m.contains(&format!("order #{number} is out for delivery")) && not.is_none_or(|old| !m.contains(&format!("code is {old}")))
    };
    crate::payments::wait_for_mail(app, |m| m.contains(&format!("To: {to}")) && wanted(m)).await;
    let mail = crate::pay_on_delivery::mails_to(app, to).into_iter().find(|m| wanted(m)).unwrap();
    let start = mail.find("Your delivery code is ").expect("a code") + "Your delivery code is ".len();
    mail[start..start + 4].to_string()
}

/// The text of the first SMS the sandbox wrote to `phone` (waits for the mail worker).
async fn sms_to(app: &TestApp, phone: &str) -> String {
    let folder = app.dir.path().join("outbox-sms");
    for _ in 0..250 {
        let texts: Vec<Value> = std::fs::read_dir(&folder)
            .map(|d| d.filter_map(|e| serde_json::from_slice(&std::fs::read(e.unwrap().path()).ok()?).ok()).collect())
            .unwrap_or_default();
        if let Some(sms) = texts.iter().find(|m| m["to"] == phone) {
            return sms["text"].as_str().unwrap().to_string();
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    panic!("no SMS to {phone}");
}

async fn shop_with_riders() -> (TestApp, Browser) {
    let app = shop().await;
    let admin = owner(&app).await;
    settings(&admin, json!({"guestCheckout": true})).await;
    pay_on_delivery_in_lagos(&admin).await;
    (app, admin)
}

#[actix_web::test]
async fn a_rider_delivers_only_with_the_customers_code_and_hands_in_the_cash() {
    let (app, admin) = shop_with_riders().await;
    let (tunde, tunde_id) = rider(&app, "tunde@example.com", "Tunde Bakare").await;
    let (musa, _) = rider(&app, "musa@example.com", "Musa Ali").await;
    let packer = app.staff("packer@example.com", "packer").await;
    // The customer is told by SMS too (issue 36 §3): the code goes in it.
    crate::messages::turn_on(&admin, "out_for_delivery", true, false).await;
    let (first, first_number, first_total) = order(&app, &admin, "198.51.100.11", "ada@example.com", "0803 555 0101").await;
    let (second, second_number, _) = order(&app, &admin, "198.51.100.12", "bola@example.com", "0805 222 3344").await;

    // The dispatcher (a packer may) sees the riders, without money, and gives both orders to Tunde.
    let (status, riders) = packer.get_json("/api/admin/riders").await;
    assert_eq!(status, 200, "{riders}");
    let names: Vec<&str> = riders["riders"].as_array().unwrap().iter().map(|r| r["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["Musa Ali", "Tunde Bakare"]);
    assert!(riders["riders"][0]["cashInHand"].is_null(), "a packer sees no money: {riders}");
    for id in [&first, &second] {
        let (status, given) = packer.send_json(Method::PUT, &format!("/api/admin/orders/{id}/rider"), json!({"riderId": tunde_id})).await;
        assert_eq!(status, 200, "{given}");
        assert_eq!(given["delivery"]["riderName"], "Tunde Bakare");
    }
    // Unknown riders and people who are not riders are refused.
    let (status, refused) = packer.send_json(Method::PUT, &format!("/api/admin/orders/{first}/rider"), json!({"riderId": "nobody"})).await;
    assert_eq!((status, refused["message"].as_str()), (404, Some("We couldn't find that rider.")));
    let packer_id: String =
        app.state.db.with_conn(|c| Ok(c.query_row("SELECT id FROM users WHERE email = 'packer@example.com'", [], |r| r.get(0))?)).unwrap();
    let (status, refused) = packer.send_json(Method::PUT, &format!("/api/admin/orders/{first}/rider"), json!({"riderId": packer_id})).await;
    assert_eq!((status, refused["message"].as_str()), (404, Some("We couldn't find that rider.")), "a packer is no rider");

    // Tunde's round: both stops in order, what delivering needs and no totals.
    let (status, round) = tunde.get_json("/api/rider/deliveries").await;
    assert_eq!(status, 200, "{round}");
    let stops = round["stops"].as_array().unwrap();
    assert_eq!(stops.iter().map(|s| s["number"].as_str().unwrap()).collect::<Vec<_>>(), [&first_number, &second_number]);
    assert_eq!((&stops[0]["customerPhone"], &stops[0]["toCollect"]), (&json!("+2348035550101"), &json!(first_total)));
    assert!(stops[0].get("totalAmount").is_none() && stops[0].get("customerEmail").is_none(), "{round}");
    // Musa has none of them; riders see nothing else of the shop.
    let (_, musa_round) = musa.get_json("/api/rider/deliveries").await;
    assert_eq!(musa_round["stops"], json!([]));
    for path in ["/api/admin/orders", "/api/admin/riders", &format!("/api/admin/orders/{first}")] {
        assert_eq!(tunde.get_json(path).await.0, 403, "{path}");
    }
    let (status, _) = musa.post_json(&format!("/api/rider/deliveries/{first}/leave"), Value::Null).await;
    assert_eq!(status, 404, "not his delivery");

    // No delivery before he leaves; leaving ships the order and sends the customer a code.
    let deliver = |id: &str, body: Value| {
        let (tunde, path) = (&tunde, format!("/api/rider/deliveries/{id}/deliver"));
        async move { tunde.post_json(&path, body).await }
    };
    let (status, early) = deliver(&first, json!({"code": "0000", "paidBy": "cash"})).await;
    assert_eq!(status, 409, "{early}");
    let (status, left) = tunde.post_json(&format!("/api/rider/deliveries/{first}/leave"), Value::Null).await;
    assert_eq!(status, 200, "{left}");
    let (_, order_now) = admin.get_json(&format!("/api/admin/orders/{first}")).await;
    assert_eq!((&order_now["status"], &order_now["shippedBy"]), (&json!("shipped"), &json!("rider")));
    let code = code_sent(&app, "ada@example.com", &first_number, None).await;
    let mail = mail_to(&app, "ada@example.com", "is out for delivery").await;
    assert!(mail.contains("on its way with Tunde") && mail.contains("have ₦52,500.00 ready"), "{mail}");
    let sms = sms_to(&app, "+2348035550101").await;
    assert!(sms.contains(&first_number) && sms.contains("with Tunde") && sms.contains(&format!("code {code}")), "{sms}");

    // The customer follows it by number and phone, however the phone is written.
    let (status, tracked) =
        app.browser().get_json(&format!("/api/orders/track?number={}&phone=08035550101", first_number.to_lowercase())).await;
    assert_eq!(status, 200, "{tracked}");
    assert_eq!(tracked["order"]["rider"]["rider"], "Tunde");
    let steps: Vec<&str> = tracked["order"]["events"].as_array().unwrap().iter().map(|e| e["status"].as_str().unwrap()).collect();
    assert_eq!(steps, ["placed", "processing", "shipped"]);

    // At the door: the way she paid is asked for, a wrong code is refused and counted.
    let wrong = if code == "1111" { "2222" } else { "1111" };
    let (status, unpaid) = deliver(&first, json!({"code": code})).await;
    assert_eq!((status, unpaid["message"].as_str()), (400, Some("Choose how the customer paid the ₦52,500.00: cash, transfer or POS.")));
    let (status, refused) = deliver(&first, json!({"code": wrong, "paidBy": "cash"})).await;
    assert_eq!(
        (status, refused["message"].as_str()),
        (400, Some("That code is not right. Ask the customer to read it again (4 tries left)."))
    );
    let (_, delivery) = admin.get_json(&format!("/api/admin/orders/{first}/delivery")).await;
    assert_eq!(delivery["delivery"]["codeTries"], 1);
    assert!(delivery["delivery"].get("code").is_none(), "the shop never sees the code: {delivery}");
    let (status, done) = deliver(&first, json!({"code": code, "paidBy": "cash"})).await;
    assert_eq!(status, 200, "{done}");
    assert!(done["stop"]["deliveredAt"].is_i64());
    // The same code again, or a double tap: it was delivered once.
    let (status, again) = deliver(&first, json!({"code": code, "paidBy": "cash"})).await;
    assert_eq!((status, again["message"].as_str()), (409, Some("This order was already delivered.")));
    let (_, order_now) = admin.get_json(&format!("/api/admin/orders/{first}")).await;
    assert_eq!(
        (&order_now["status"], &order_now["toCollect"], &order_now["paid"], &order_now["collectedBy"]),
        (&json!("delivered"), &json!(0), &json!(first_total), &json!("cash"))
    );
    let (_, tracked) = app.browser().get_json(&format!("/api/orders/track?number={first_number}&phone=%2B2348035550101")).await;
    let steps: Vec<&str> = tracked["order"]["events"].as_array().unwrap().iter().map(|e| e["status"].as_str().unwrap()).collect();
    assert_eq!(steps, ["placed", "processing", "shipped", "delivered"]);
    assert_eq!(tracked["order"]["rider"]["rider"], "Tunde", "the history still names him");

    // The second order: five wrong codes use up its tries, the shop sends a new code, and the
    // customer pays by transfer (no cash in his hand).
    assert_eq!(tunde.post_json(&format!("/api/rider/deliveries/{second}/leave"), Value::Null).await.0, 200);
    let old = code_sent(&app, "bola@example.com", &second_number, None).await;
    let wrong = if old == "1111" { "2222" } else { "1111" };
    for left in (0..5).rev() {
        let (status, refused) = deliver(&second, json!({"code": wrong, "paidBy": "transfer"})).await;
        assert_eq!(status, 400, "{refused}");
        assert_eq!(refused["message"].as_str().unwrap().contains("last try"), left == 0, "{refused}");
    }
    let (status, locked) = deliver(&second, json!({"code": old, "paidBy": "transfer"})).await;
    assert_eq!((status, locked["message"].as_str()), (409, Some("Too many wrong codes. Ask the shop to send the customer a new code.")));
    let (status, resent) = packer.post_json(&format!("/api/admin/orders/{second}/delivery-code"), Value::Null).await;
    assert_eq!((status, &resent["delivery"]["codeTries"]), (200, &json!(0)), "{resent}");
    let new = code_sent(&app, "bola@example.com", &second_number, Some(&old)).await;
    if new != old {
        assert_eq!(deliver(&second, json!({"code": old, "paidBy": "transfer"})).await.0, 400, "the old code stopped working");
    }
    let (status, done) = deliver(&second, json!({"code": new, "paidBy": "transfer"})).await;
    assert_eq!(status, 200, "{done}");

    // The shop sees Tunde's cash in hand (the first order's, not the transfer) and counts it.
    let (_, riders) = admin.get_json("/api/admin/riders").await;
    let tunde_now = riders["riders"].as_array().unwrap().iter().find(|r| r["name"] == "Tunde Bakare").unwrap().clone();
    assert_eq!((&tunde_now["cashInHand"], &tunde_now["open"]), (&json!(first_total), &json!(0)));
    let settle = format!("/api/admin/riders/{tunde_id}/settle");
    assert_eq!(packer.post_json(&settle, json!({"amount": "52500"})).await.0, 403, "cash is money");
    let (status, short) = admin.post_json(&settle, json!({"amount": "50000"})).await;
    assert_eq!((status, short["message"].as_str()), (400, Some("Tunde Bakare holds ₦52,500.00. Count it again, or settle that amount.")));
    let (status, settled) = admin.post_json(&settle, json!({"amount": "52500"})).await;
    assert_eq!((status, &settled["rider"]["cashInHand"]), (200, &json!(0)), "{settled}");
    let (status, twice) = admin.post_json(&settle, json!({"amount": "52500"})).await;
    assert_eq!((status, twice["message"].as_str()), (409, Some("Tunde Bakare holds no cash to hand in.")));
    assert_eq!(app.query_i64("SELECT COUNT(*) FROM rider_settlements"), 1);
}

#[actix_web::test]
async fn fifty_taps_at_the_door_deliver_once_and_fifty_guesses_stop_at_five() {
    let (app, admin) = shop_with_riders().await;
    let (tunde, tunde_id) = rider(&app, "tunde@example.com", "Tunde Bakare").await;
    let (first, first_number, total) = order(&app, &admin, "198.51.100.21", "ada@example.com", "0803 555 0101").await;
    let (second, _, _) = order(&app, &admin, "198.51.100.22", "bola@example.com", "0805 222 3344").await;
    for id in [&first, &second] {
        assert_eq!(admin.send_json(Method::PUT, &format!("/api/admin/orders/{id}/rider"), json!({"riderId": tunde_id})).await.0, 200);
        assert_eq!(tunde.post_json(&format!("/api/rider/deliveries/{id}/leave"), Value::Null).await.0, 200);
    }
    let code = code_sent(&app, "ada@example.com", &first_number, None).await;

    // Fifty taps of "Delivered" with the right code at once: one delivers, the rest are told so.
    let path = format!("/api/rider/deliveries/{first}/deliver");
    let taps = (0..50).map(|_| tunde.post_json(&path, json!({"code": code, "paidBy": "cash"})));
    let answers = futures_util::future::join_all(taps).await;
    let delivered = answers.iter().filter(|(s, _)| *s == 200).count();
    let told = answers.iter().filter(|(s, b)| *s == 409 && b["message"] == "This order was already delivered.").count();
    assert_eq!((delivered, told), (1, 49));
    assert_eq!(app.query_i64(&format!("SELECT cash_kobo FROM deliveries WHERE order_id = '{first}'")), total);
    assert_eq!(app.query_i64(&format!("SELECT COUNT(*) FROM order_events WHERE order_id = '{first}' AND status = 'delivered'")), 1);

    // Fifty guesses at once on the other: five are counted, none delivers, the rest are stopped.
    let path = format!("/api/rider/deliveries/{second}/deliver");
    let guesses = (0..50).map(|i| tunde.post_json(&path, json!({"code": format!("{:04}", 9000 + i), "paidBy": "cash"})));
    let answers = futures_util::future::join_all(guesses).await;
    let code_second: String =
        app.state.db.with_conn(|c| Ok(c.query_row("SELECT code FROM deliveries WHERE order_id = ?1", [&second], |r| r.get(0))?)).unwrap();
    let lucky = (9000..9050).any(|n| format!("{n:04}") == code_second);
    let delivered = answers.iter().filter(|(s, _)| *s == 200).count();
    assert!(delivered <= usize::from(lucky), "{answers:?}");
    if delivered == 0 {
        assert_eq!(answers.iter().filter(|(s, _)| *s == 400).count(), 5, "{answers:?}");
        assert_eq!(app.query_i64(&format!("SELECT code_tries FROM deliveries WHERE order_id = '{second}'")), 5);
    }
}

#[actix_web::test]
async fn an_order_goes_to_a_rider_only_while_it_is_on_its_way() {
    let (app, admin) = shop_with_riders().await;
    let (_, tunde_id) = rider(&app, "tunde@example.com", "Tunde Bakare").await;
    let (id, _, _) = order(&app, &admin, "198.51.100.31", "ada@example.com", "0803 555 0101").await;
    let give = |id: &str, rider: Value| {
        let (admin, path) = (&admin, format!("/api/admin/orders/{id}/rider"));
        async move { admin.send_json(Method::PUT, &path, json!({"riderId": rider})).await }
    };
    // Shipped with a courier: no rider.
    for step in [json!({"status": "processing"}), json!({"status": "shipped", "trackingNumber": "GIG1"})] {
        assert_eq!(admin.send_json(Method::PATCH, &format!("/api/admin/orders/{id}"), step).await.0, 200);
    }
    let (status, refused) = give(&id, json!(tunde_id)).await;
    assert_eq!((status, refused["message"].as_str()), (409, Some("This order went with a courier.")));
    // An unknown order is a 404; taking back an order no one has changes nothing.
    assert_eq!(give("no-such-order", json!(tunde_id)).await.0, 404);
    let (status, none) = give(&id, Value::Null).await;
    assert_eq!((status, &none["delivery"]), (200, &Value::Null));
    // A rider taken off the staff can no longer be given orders, and his session loses the round.
    let (second, _, _) = order(&app, &admin, "198.51.100.32", "bola@example.com", "0805 222 3344").await;
    assert_eq!(give(&second, json!(tunde_id)).await.0, 200);
    let (status, _) = give(&second, Value::Null).await;
    assert_eq!(status, 200);
    assert_eq!(app.query_i64(&format!("SELECT COUNT(*) FROM deliveries WHERE order_id = '{second}'")), 0);
    app.sql("UPDATE users SET role = NULL WHERE email = 'tunde@example.com'");
    let (status, refused) = give(&second, json!(tunde_id)).await;
    assert_eq!((status, refused["message"].as_str()), (404, Some("We couldn't find that rider.")));
}

#[actix_web::test]
async fn tracking_finds_an_order_by_its_phone_and_not_by_guessing() {
    let (app, admin) = shop_with_riders().await;
    let (_, number, _) = order(&app, &admin, "198.51.100.41", "ada@example.com", "0803 555 0101").await;
    let visitor = app.browser();
    for phone in ["0803%20555%200101", "08035550101", "%2B2348035550101", "2348035550101"] {
        let (status, found) = visitor.get_json(&format!("/api/orders/track?number={number}&phone={phone}")).await;
        assert_eq!((status, &found["order"]["number"]), (200, &json!(number)), "{phone}: {found}");
    }
    let (status, wrong) = visitor.get_json(&format!("/api/orders/track?number={number}&phone=08035550102")).await;
    assert_eq!((status, wrong["message"].as_str()), (404, Some("We couldn't find an order with that number and phone number.")));
    let (status, bad) = visitor.get_json(&format!("/api/orders/track?number={number}&phone=call-me")).await;
    assert_eq!(status, 400, "{bad}");
    let (status, missing) = visitor.get_json(&format!("/api/orders/track?number={number}")).await;
    assert_eq!(
        (status, missing["message"].as_str()),
        (400, Some("Please enter your order number and the e-mail address or phone number you ordered with."))
    );
    // The e-mail still works.
    assert_eq!(visitor.get_json(&format!("/api/orders/track?number={number}&email=ADA@example.com")).await.0, 200);
}

/// Sends a handover photo (and how the customer paid) to `path` as `browser`.
async fn send_photo(browser: &Browser, path: &str, paid_by: Option<&str>) -> (u16, Value) {
    let picture =
        reqwest::multipart::Part::bytes(crate::common::png(64, 48, [120, 80, 40])).file_name("door.png").mime_str("image/png").unwrap();
    let mut form = reqwest::multipart::Form::new().part("photo", picture);
    if let Some(paid_by) = paid_by {
        form = form.text("paidBy", paid_by.to_string());
    }
    let res = browser.client.post(browser.url(path)).multipart(form).send().await.unwrap();
    let status = res.status().as_u16();
    (status, res.json().await.unwrap_or(Value::Null))
}

#[actix_web::test]
async fn a_photo_instead_of_the_code_waits_for_the_shops_review() {
    let (app, admin) = shop_with_riders().await;
    let (tunde, tunde_id) = rider(&app, "tunde@example.com", "Tunde Bakare").await;
    let (musa, _) = rider(&app, "musa@example.com", "Musa Ali").await;
    let packer = app.staff("packer@example.com", "packer").await;
    let manager = app.staff("manager@example.com", "manager").await;
    let (id, number, total) = order(&app, &admin, "198.51.100.51", "ada@example.com", "0803 555 0101").await;
    assert_eq!(admin.send_json(Method::PUT, &format!("/api/admin/orders/{id}/rider"), json!({"riderId": tunde_id})).await.0, 200);
    let photo_path = format!("/api/rider/deliveries/{id}/photo");

    // Not before he left, not for someone else's delivery, not without how she paid.
    let (status, early) = send_photo(&tunde, &photo_path, Some("cash")).await;
    assert_eq!((status, early["message"].as_str()), (409, Some("Tap \"Leaving now\" first: the customer gets her code when you leave.")));
    assert_eq!(tunde.post_json(&format!("/api/rider/deliveries/{id}/leave"), Value::Null).await.0, 200);
    assert_eq!(send_photo(&musa, &photo_path, Some("cash")).await.0, 404, "not his");
    let (status, unpaid) = send_photo(&tunde, &photo_path, None).await;
    assert_eq!((status, unpaid["message"].as_str()), (400, Some("Choose how the customer paid the ₦52,500.00: cash, transfer or POS.")));
    assert_eq!(app.query_i64("SELECT COUNT(*) FROM media WHERE key LIKE 'deliveries/%'"), 0, "a refused photo is not kept");

    // The photo marks nothing: the delivery waits for review, everywhere.
    let (status, sent) = send_photo(&tunde, &photo_path, Some("cash")).await;
    assert_eq!(status, 200, "{sent}");
    assert!(sent["stop"]["photoSentAt"].is_i64() && sent["stop"]["deliveredAt"].is_null(), "{sent}");
    let (_, order_now) = admin.get_json(&format!("/api/admin/orders/{id}")).await;
    assert_eq!((&order_now["status"], &order_now["toCollect"]), (&json!("shipped"), &json!(total)));
    let (_, delivery) = packer.get_json(&format!("/api/admin/orders/{id}/delivery")).await;
    assert!(delivery["delivery"]["photo"]["url"].as_str().unwrap().starts_with("/media/deliveries/"), "{delivery}");
    assert_eq!(delivery["delivery"]["photoPaidBy"], "cash");
    let (_, riders) = packer.get_json("/api/admin/riders").await;
    let tunde_now = riders["riders"].as_array().unwrap().iter().find(|r| r["name"] == "Tunde Bakare").unwrap().clone();
    assert_eq!(tunde_now["toReview"], 1, "{riders}");
    let (status, twice) = send_photo(&tunde, &photo_path, Some("cash")).await;
    assert_eq!((status, twice["message"].as_str()), (409, Some("Your photo of this delivery is already waiting for the shop's review.")));
    let code = code_sent(&app, "ada@example.com", &number, None).await;
    let (status, _) = tunde.post_json(&format!("/api/rider/deliveries/{id}/deliver"), json!({"code": code, "paidBy": "cash"})).await;
    assert_eq!(status, 409, "the code waits for the review too");
    let (status, _) = admin.send_json(Method::PUT, &format!("/api/admin/orders/{id}/rider"), json!({"riderId": Value::Null})).await;
    assert_eq!(status, 409, "an order whose photo waits stays with its rider");

    // Reviewing is for those who answer for the money; a rejection needs its reason.
    let review = format!("/api/admin/orders/{id}/delivery/review");
    assert_eq!(packer.post_json(&review, json!({"confirm": true})).await.0, 403);
    assert_eq!(tunde.post_json(&review, json!({"confirm": true})).await.0, 403);
    let (status, bare) = manager.post_json(&review, json!({"confirm": false})).await;
    assert_eq!((status, bare["message"].as_str()), (400, Some("Say why the photo is not enough: the rider sees it.")));
    let (status, rejected) = manager.post_json(&review, json!({"confirm": false, "reason": "The parcel is not in the picture."})).await;
    assert_eq!(status, 200, "{rejected}");
    assert!(rejected["delivery"]["photo"].is_null() && rejected["delivery"]["deliveredAt"].is_null(), "{rejected}");
    let (_, round) = tunde.get_json("/api/rider/deliveries").await;
    assert_eq!(round["stops"][0]["rejectedReason"], "The parcel is not in the picture.");
    assert!(round["stops"][0]["photoSentAt"].is_null());
    assert_eq!(app.query_i64("SELECT COUNT(*) FROM media WHERE key LIKE 'deliveries/%'"), 0, "the rejected photo is gone");
    let (status, again) = manager.post_json(&review, json!({"confirm": true})).await;
    assert_eq!((status, again["message"].as_str()), (409, Some("No photo of this delivery is waiting for review.")));

    // A second photo, confirmed: delivered, the money recorded as the code would, cash in his hand.
    assert_eq!(send_photo(&tunde, &photo_path, Some("cash")).await.0, 200);
    let (status, confirmed) = admin.post_json(&review, json!({"confirm": true})).await;
    assert_eq!(status, 200, "{confirmed}");
    assert_eq!((&confirmed["delivery"]["proof"], confirmed["delivery"]["deliveredAt"].is_i64()), (&json!("photo"), true));
    let (_, order_now) = admin.get_json(&format!("/api/admin/orders/{id}")).await;
    assert_eq!(
        (&order_now["status"], &order_now["toCollect"], &order_now["paid"], &order_now["collectedBy"]),
        (&json!("delivered"), &json!(0), &json!(total), &json!("cash"))
    );
    let (_, riders) = admin.get_json("/api/admin/riders").await;
    let tunde_now = riders["riders"].as_array().unwrap().iter().find(|r| r["name"] == "Tunde Bakare").unwrap().clone();
    assert_eq!((&tunde_now["cashInHand"], &tunde_now["toReview"]), (&json!(total), &json!(0)));
    let (status, late) = send_photo(&tunde, &photo_path, Some("cash")).await;
    assert_eq!((status, late["message"].as_str()), (409, Some("This order was already delivered.")));
    for words in ["sent a photo of the handover", "photo from Tunde Bakare rejected", "confirmed from his photo"] {
        let found = app.query_i64(&format!("SELECT COUNT(*) FROM activity WHERE subject_id = '{id}' AND summary LIKE '%{words}%'"));
        assert!(found >= 1, "activity: {words}");
    }
}

/// The token at the end of a rider's link.
fn token_of(link: &Value) -> String {
    let link = link.as_str().expect("a link");
    assert!(link.contains("/ride/"), "{link}");
    link.rsplit('/').next().unwrap().to_string()
}

#[actix_web::test]
async fn a_rider_by_link_needs_no_account_and_his_link_answers_only_its_delivery() {
    let (app, admin) = shop_with_riders().await;
    let (_, tunde_id) = rider(&app, "tunde@example.com", "Tunde Bakare").await;
    let (first, first_number, first_total) = order(&app, &admin, "198.51.100.61", "ada@example.com", "0803 555 0101").await;
    let (second, second_number, _) = order(&app, &admin, "198.51.100.62", "bola@example.com", "0805 222 3344").await;
    let give = |id: &str, body: Value| {
        let (admin, path) = (&admin, format!("/api/admin/orders/{id}/rider"));
        async move { admin.send_json(Method::PUT, &path, body).await }
    };
    let (status, bad) = give(&first, json!({"link": {"name": "Musa Ali", "phone": "call me"}})).await;
    assert_eq!(status, 400, "{bad}");
    let (status, given) = give(&first, json!({"link": {"name": "Musa Ali", "phone": "0806 111 2222"}})).await;
    assert_eq!(status, 200, "{given}");
    assert_eq!((&given["delivery"]["riderName"], &given["delivery"]["byLink"]), (&json!("Musa Ali"), &json!(true)));
    assert_eq!(given["delivery"]["riderPhone"], "+2348061112222");
    let first_token = token_of(&given["link"]);
    assert!(first_token.len() >= 32);
    assert_eq!(
        app.query_i64(&format!("SELECT COUNT(*) FROM deliveries WHERE link_token_hash = '{first_token}'")),
        0,
        "only its hash is kept"
    );
    let (_, given) = give(&second, json!({"link": {"name": "Musa", "phone": "+234 806 111 2222"}})).await;
    let second_token = token_of(&given["link"]);
    assert_eq!(app.query_i64("SELECT COUNT(*) FROM link_riders"), 1, "one person, by his phone");

    // Each link shows its one stop, with no account; a wrong token is refused.
    let visitor = app.browser();
    let (status, page) = visitor.get_json(&format!("/api/ride/{first_token}")).await;
    assert_eq!((status, &page["stop"]["number"]), (200, &json!(first_number)), "{page}");
    assert!(page["stop"].get("totalAmount").is_none() && page["stop"].get("customerEmail").is_none());
    let (_, page) = visitor.get_json(&format!("/api/ride/{second_token}")).await;
    assert_eq!(page["stop"]["number"], json!(second_number));
    let (status, wrong) = visitor.get_json("/api/ride/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA").await;
    assert_eq!((status, wrong["message"].as_str()), (404, Some("This delivery link has ended. Ask the shop for a new one.")));
    // Nothing of the shop's back office opens with it.
    assert_eq!(visitor.get_json("/api/rider/deliveries").await.0, 401);

    // Leaving, a wrong code, then the right one with the cash: delivered, and the link ends.
    let (status, left) = visitor.post_json(&format!("/api/ride/{first_token}/leave"), Value::Null).await;
    assert_eq!((status, left["stop"]["leftAt"].is_i64()), (200, true), "{left}");
    let code = code_sent(&app, "ada@example.com", &first_number, None).await;
    let mail = mail_to(&app, "ada@example.com", "is out for delivery").await;
    assert!(mail.contains("on its way with Musa"), "{mail}");
    let wrong = if code == "1111" { "2222" } else { "1111" };
    let (status, refused) = visitor.post_json(&format!("/api/ride/{first_token}/deliver"), json!({"code": wrong, "paidBy": "cash"})).await;
    assert_eq!(status, 400, "{refused}");
    let (status, done) = visitor.post_json(&format!("/api/ride/{first_token}/deliver"), json!({"code": code, "paidBy": "cash"})).await;
    assert_eq!(status, 200, "{done}");
    assert_eq!(visitor.get_json(&format!("/api/ride/{first_token}")).await.0, 404, "a delivered order's link ends");
    assert_eq!(visitor.get_json(&format!("/api/ride/{second_token}")).await.0, 200, "his other link still works");
    let by_link =
        app.query_i64(&format!("SELECT COUNT(*) FROM activity WHERE subject_id = '{first}' AND actor LIKE 'Musa <rider by link%'"));
    assert!(by_link >= 2, "his steps are in the activity log");

    // His cash shows under his name and is settled like an account rider's.
    let (_, riders) = admin.get_json("/api/admin/riders").await;
    let musa = riders["riders"].as_array().unwrap().iter().find(|r| r["name"] == "Musa").unwrap().clone();
    assert_eq!((&musa["link"], &musa["cashInHand"], &musa["open"]), (&json!(true), &json!(first_total), &json!(1)), "{riders}");
    let settle = format!("/api/admin/riders/{}/settle", musa["id"].as_str().unwrap());
    let amount = format!("{}", first_total / 100);
    let (status, settled) = admin.post_json(&settle, json!({"amount": amount})).await;
    assert_eq!((status, &settled["rider"]["cashInHand"]), (200, &json!(0)), "{settled}");

    // Handing the order to an account rider ends the link; so does taking it back, or time.
    assert_eq!(give(&second, json!({"riderId": tunde_id})).await.0, 200);
    assert_eq!(visitor.get_json(&format!("/api/ride/{second_token}")).await.0, 404);
    let (_, given) = give(&second, json!({"link": {"name": "Musa", "phone": "0806 111 2222"}})).await;
    let third_token = token_of(&given["link"]);
    assert_eq!(visitor.get_json(&format!("/api/ride/{third_token}")).await.0, 200);
    app.advance(ankara::riders::LINK_LIFETIME_MS + 1);
    let (status, ended) = visitor.post_json(&format!("/api/ride/{third_token}/leave"), Value::Null).await;
    assert_eq!(status, 404, "{ended}");
    let (_, given) = give(&second, json!({"link": {"name": "Musa", "phone": "0806 111 2222"}})).await;
    let fourth_token = token_of(&given["link"]);
    assert_eq!(give(&second, json!({"riderId": Value::Null})).await.0, 200);
    assert_eq!(visitor.get_json(&format!("/api/ride/{fourth_token}")).await.0, 404, "taken back");
}

#[actix_web::test]
async fn a_link_rider_may_send_a_photo_and_nothing_of_another_delivery() {
    let (app, admin) = shop_with_riders().await;
    let (id, _, _) = order(&app, &admin, "198.51.100.71", "ada@example.com", "0803 555 0101").await;
    let (other, _, _) = order(&app, &admin, "198.51.100.72", "bola@example.com", "0805 222 3344").await;
    let (_, given) = admin
        .send_json(Method::PUT, &format!("/api/admin/orders/{id}/rider"), json!({"link": {"name": "Musa", "phone": "0806 111 2222"}}))
        .await;
    let token = token_of(&given["link"]);
    let visitor = app.browser();
    assert_eq!(visitor.post_json(&format!("/api/ride/{token}/leave"), Value::Null).await.0, 200);
    let (status, sent) = send_photo(&visitor, &format!("/api/ride/{token}/photo"), Some("transfer")).await;
    assert_eq!(status, 200, "{sent}");
    assert!(sent["stop"]["photoSentAt"].is_i64());
    let (_, delivery) = admin.get_json(&format!("/api/admin/orders/{id}/delivery")).await;
    assert_eq!(delivery["delivery"]["photoPaidBy"], "transfer");
    // The other order is not reachable with it, by any path.
    assert_eq!(visitor.post_json(&format!("/api/rider/deliveries/{other}/leave"), Value::Null).await.0, 401);
    assert_eq!(send_photo(&visitor, "/api/ride/not-a-token/photo", Some("cash")).await.0, 404);
    let (status, confirmed) = admin.post_json(&format!("/api/admin/orders/{id}/delivery/review"), json!({"confirm": true})).await;
    assert_eq!(status, 200, "{confirmed}");
    let (_, order_now) = admin.get_json(&format!("/api/admin/orders/{id}")).await;
    assert_eq!((&order_now["status"], &order_now["collectedBy"]), (&json!("delivered"), &json!("transfer")));
    assert_eq!(visitor.get_json(&format!("/api/ride/{token}")).await.0, 404);
}

#[actix_web::test]
async fn many_orders_go_to_a_rider_at_once_each_decided_on_its_own() {
    let (app, admin) = shop_with_riders().await;
    let (tunde, tunde_id) = rider(&app, "tunde@example.com", "Tunde Bakare").await;
    let packer = app.staff("packer@example.com", "packer").await;
    let (first, _, _) = order(&app, &admin, "198.51.100.81", "ada@example.com", "0803 555 0101").await;
    let (couriered, _, _) = order(&app, &admin, "198.51.100.82", "bola@example.com", "0805 222 3344").await;
    for step in [json!({"status": "processing"}), json!({"status": "shipped", "trackingNumber": "GIG1"})] {
        assert_eq!(admin.send_json(Method::PATCH, &format!("/api/admin/orders/{couriered}"), step).await.0, 200);
    }
    let path = format!("/api/admin/riders/{tunde_id}/orders");
    let (status, answer) = packer.post_json(&path, json!({"orderIds": [first, couriered, "no-such-order"]})).await;
    assert_eq!(status, 200, "{answer}");
    let results = answer["results"].as_array().unwrap();
    assert_eq!(results.len(), 3);
    assert_eq!((&results[0]["orderId"], &results[0]["given"]), (&json!(first), &json!(true)));
    assert_eq!((&results[1]["given"], &results[1]["message"]), (&json!(false), &json!("This order went with a courier.")));
    assert_eq!((&results[2]["given"], &results[2]["message"]), (&json!(false), &json!("Order not found.")));
    let (_, round) = tunde.get_json("/api/rider/deliveries").await;
    assert_eq!(round["stops"].as_array().unwrap().len(), 1);
    // Bounded, for a known rider, by those who dispatch.
    let many: Vec<String> = (0..101).map(|i| format!("order{i}")).collect();
    let (status, refused) = packer.post_json(&path, json!({"orderIds": many})).await;
    assert_eq!((status, refused["message"].as_str()), (400, Some("Give at most 100 orders at once.")));
    let (status, _) = packer.post_json("/api/admin/riders/nobody/orders", json!({"orderIds": [first]})).await;
    assert_eq!(status, 404);
    assert_eq!(tunde.post_json(&path, json!({"orderIds": [first]})).await.0, 403);
}

#[actix_web::test]
async fn an_unpaid_pay_link_is_reminded_exactly_once() {
    let (app, admin) = shop_with_riders().await;
    crate::messages::turn_on(&admin, "pay_link_reminder", true, false).await;
    let chat_order = json!({
        "customer": { "name": "Chioma Eze", "phone": "0803 555 0199", "email": "chioma@example.com" },
        "lines": [{ "productId": "oxford", "size": "42", "color": "Black", "quantity": 1 }],
        "delivery": { "fee": "2500", "address": { "street": "4 Allen Avenue", "city": "Ikeja", "state": "Lagos", "country": "Nigeria" } },
        "deposit": {"percent": 40},
        "source": "whatsapp",
    });
    let (status, made) = admin.post_json("/api/admin/orders", chat_order.clone()).await;
    assert_eq!(status, 201, "{made}");
    let reminders = || app.query_i64("SELECT COUNT(*) FROM mail_outbox WHERE event = 'pay_link_reminder'");
    let remind = || async { app.state.payments.remind_unpaid_links().await.unwrap() };
    assert_eq!(remind().await, 0, "not yet");
    app.advance(23 * 3_600_000);
    assert_eq!(remind().await, 0, "the default is a day");
    app.advance(2 * 3_600_000);
    // Many rounds at once (the background task's among them): one reminder.
    let rounds = futures_util::future::join_all((0..10).map(|_| remind())).await;
    assert!(rounds.iter().sum::<usize>() <= 1, "{rounds:?}");
    for _ in 0..250 {
        if reminders() == 1 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    assert_eq!(reminders(), 1);
    let sms: String = app
        .state
        .db
        .with_conn(|c| Ok(c.query_row("SELECT body FROM mail_outbox WHERE event = 'pay_link_reminder'", [], |r| r.get(0))?))
        .unwrap_or_default();
    let link = made["payLink"].as_str().unwrap();
    assert!(sms.is_empty() || sms.contains(link), "{sms}");
    // Later rounds, as after a restart, send nothing more: the link is marked reminded.
    app.advance(3_600_000);
    assert_eq!(remind().await, 0);
    assert_eq!(reminders(), 1);
    assert_eq!(app.query_i64("SELECT COUNT(*) FROM pay_links WHERE reminded_at IS NOT NULL"), 1);

    // 0 means never.
    settings(&admin, json!({"payLinkReminderHours": 0})).await;
    let (status, _) = admin.post_json("/api/admin/orders", chat_order).await;
    assert_eq!(status, 201);
    app.advance(30 * 3_600_000);
    assert_eq!(remind().await, 0);
    assert_eq!(reminders(), 1);
}
