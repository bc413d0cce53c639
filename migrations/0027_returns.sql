-- Issue 35 §1–§2: returns and size exchanges. A request names order lines and units, a reason,
-- up to three photos and what the customer wants (another size or colour, store credit, or her
-- money back); the shop approves (with how to send it back) or refuses, then marks the parcel
-- received with its condition. Every status change is guarded by the status it leaves, so racing
-- clicks move a request once.
CREATE TABLE returns (
    id              TEXT PRIMARY KEY,
    order_id        TEXT NOT NULL REFERENCES orders(id),
    status          TEXT NOT NULL CHECK (status IN ('requested', 'approved', 'refused', 'received', 'closed')),
    wants           TEXT NOT NULL CHECK (wants IN ('exchange', 'credit', 'refund')),
    reason          TEXT NOT NULL CHECK (reason IN ('too_small', 'too_big', 'not_as_pictured', 'damaged', 'changed_mind', 'other')),
    note            TEXT,
    -- What the lines were paid (after their share of a discount), and the delivery fee given back
    -- with them when the shop's setting says so: fixed when the request is made.
    value_kobo      INTEGER NOT NULL CHECK (value_kobo >= 0),
    delivery_kobo   INTEGER NOT NULL DEFAULT 0 CHECK (delivery_kobo >= 0),
    send_back       TEXT CHECK (send_back IN ('drop_at_shop', 'rider_pickup', 'courier')),
    message         TEXT,
    condition       TEXT CHECK (condition IN ('restock', 'write_off')),
    -- Money back: 'due' once received, 'sent' when the refund was recorded (Paystack's answer is
    -- the refund's own), 'by_hand' for money paid on delivery.
    refund_state    TEXT CHECK (refund_state IN ('due', 'sent', 'by_hand')),
    exchange_order_id TEXT REFERENCES orders(id),
    email_key       TEXT,
    client_key      TEXT NOT NULL DEFAULT '',
    created_at      INTEGER NOT NULL,
    updated_at      INTEGER NOT NULL,
    decided_by      TEXT REFERENCES users(id) ON DELETE SET NULL,
    received_by     TEXT REFERENCES users(id) ON DELETE SET NULL
);
CREATE INDEX returns_of_order ON returns(order_id);
CREATE INDEX returns_by_status ON returns(status, created_at);
CREATE INDEX returns_of_customer ON returns(email_key, created_at);
CREATE INDEX returns_of_client ON returns(client_key, created_at);

-- The units of each order line a request sends back, and for an exchange the variant wanted and
-- how many of its units are held for it (taken off sale at approval, sold to the exchange order at
-- receipt, put back if the request closes).
CREATE TABLE return_lines (
    return_id     TEXT NOT NULL REFERENCES returns(id) ON DELETE CASCADE,
    position      INTEGER NOT NULL,
    quantity      INTEGER NOT NULL CHECK (quantity > 0),
    exchange_variant_id TEXT REFERENCES variants(id) ON DELETE SET NULL,
    held          INTEGER NOT NULL DEFAULT 0 CHECK (held >= 0),
    PRIMARY KEY (return_id, position)
);

CREATE TABLE return_photos (
    return_id  TEXT NOT NULL REFERENCES returns(id) ON DELETE CASCADE,
    position   INTEGER NOT NULL,
    media_key  TEXT NOT NULL REFERENCES media(key),
    PRIMARY KEY (return_id, position)
);

-- Per product: a final sale cannot be returned; the "runs small" note can be turned off
-- (`fit_note`); `runs_small` is what its returns say, kept by the returns module in the
-- transaction that changes them, so reading a product never counts returns.
ALTER TABLE products ADD COLUMN final_sale INTEGER NOT NULL DEFAULT 0;
ALTER TABLE products ADD COLUMN fit_note INTEGER NOT NULL DEFAULT 1;
ALTER TABLE products ADD COLUMN runs_small INTEGER NOT NULL DEFAULT 0;

-- A return's steps are an event the merchant may also send by SMS or WhatsApp: the event list's
-- CHECK gains it (the table is small).
CREATE TABLE message_events_rebuilt (
    event            TEXT PRIMARY KEY CHECK (event IN ('placed', 'paid', 'out_for_delivery', 'delivered', 'pay_link_sent', 'pay_link_reminder', 'pay_on_delivery_ready', 'courier_update', 'return_update')),
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
