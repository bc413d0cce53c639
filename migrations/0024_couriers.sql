-- Couriers (issue 36 §2): a zone may price delivery by the courier's live rate at checkout (its
-- flat fee is then the fallback when the courier does not answer in time).
ALTER TABLE delivery_zones ADD COLUMN live_rates INTEGER NOT NULL DEFAULT 0 CHECK (live_rates IN (0, 1));

-- A parcel booked with a courier through the aggregator (or its sandbox). `id` is the
-- aggregator's shipment id, which its webhooks name. An order has at most one shipment that is
-- not cancelled; a cancelled one stays, for the record, and the order may be booked again.
CREATE TABLE shipments (
    id             TEXT PRIMARY KEY,
    order_id       TEXT NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
    provider       TEXT NOT NULL CHECK (provider IN ('sandbox', 'shipbubble')),
    courier        TEXT NOT NULL,
    tracking_code  TEXT NOT NULL,
    tracking_url   TEXT,
    -- The courier's own waybill, when it gives one (the shop prints its own label in any case).
    label_url      TEXT,
    fee_kobo       INTEGER NOT NULL CHECK (fee_kobo >= 0),
    status         TEXT NOT NULL CHECK (status IN ('booked', 'picked_up', 'in_transit', 'out_for_delivery', 'delivered', 'failed', 'cancelled')),
    booked_by      TEXT REFERENCES users(id) ON DELETE SET NULL,
    booked_at      INTEGER NOT NULL,
    updated_at     INTEGER NOT NULL
);
CREATE UNIQUE INDEX shipments_live ON shipments(order_id) WHERE status <> 'cancelled';

-- Each step a shipment took, as its webhooks told it (the tracking page lists them).
CREATE TABLE shipment_events (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    shipment_id  TEXT NOT NULL REFERENCES shipments(id) ON DELETE CASCADE,
    status       TEXT NOT NULL,
    at           INTEGER NOT NULL
);
CREATE INDEX shipment_events_of ON shipment_events(shipment_id, id);

-- The webhooks already taken, by the SHA-256 of their body: a replay changes nothing.
CREATE TABLE courier_webhooks (
    digest       TEXT PRIMARY KEY,
    received_at  INTEGER NOT NULL
);

-- The built-in sandbox courier's own books (no shop code reads them): the addresses it
-- validated, the rate requests it answered and the shipments it carries.
CREATE TABLE sandbox_courier_addresses (
    code     INTEGER PRIMARY KEY AUTOINCREMENT,
    name     TEXT NOT NULL,
    phone    TEXT NOT NULL,
    email    TEXT NOT NULL,
    address  TEXT NOT NULL
);
CREATE TABLE sandbox_courier_requests (
    token          TEXT PRIMARY KEY,
    sender_code    INTEGER NOT NULL,
    receiver_code  INTEGER NOT NULL,
    weight_grams   INTEGER NOT NULL,
    created_at     INTEGER NOT NULL
);
CREATE TABLE sandbox_courier_shipments (
    id             TEXT PRIMARY KEY,
    token          TEXT NOT NULL,
    courier_id     TEXT NOT NULL,
    tracking_code  TEXT NOT NULL,
    status         TEXT NOT NULL,
    fee_kobo       INTEGER NOT NULL,
    created_at     INTEGER NOT NULL,
    updated_at     INTEGER NOT NULL
);

-- Courier updates (picked up, in transit, out for delivery, could not deliver) are an event the
-- merchant may send by SMS or WhatsApp: the event list's CHECK gains it (the table is small).
CREATE TABLE message_events_rebuilt (
    event            TEXT PRIMARY KEY CHECK (event IN ('placed', 'paid', 'out_for_delivery', 'delivered', 'pay_link_sent', 'pay_link_reminder', 'pay_on_delivery_ready', 'courier_update')),
    email            INTEGER NOT NULL CHECK (email IN (0, 1)),
    sms              INTEGER NOT NULL CHECK (sms IN (0, 1)),
    whatsapp         INTEGER NOT NULL CHECK (whatsapp IN (0, 1)),
    sms_text         TEXT NOT NULL,
    whatsapp_text    TEXT NOT NULL,
    whatsapp_template TEXT NOT NULL
);
INSERT INTO message_events_rebuilt SELECT event, email, sms, whatsapp, sms_text, whatsapp_text, whatsapp_template FROM message_events;
DROP TABLE message_events;
ALTER TABLE message_events_rebuilt RENAME TO message_events;
