-- SMS and WhatsApp beside e-mail, through the same durable outbox (one claim/lease, one retry
-- schedule, one failed-mail screen). Existing rows are e-mail.
ALTER TABLE mail_outbox ADD COLUMN channel TEXT NOT NULL DEFAULT 'email' CHECK (channel IN ('email', 'sms', 'whatsapp'));
-- The order a message is about (the order's screen lists them) and the event that caused it.
ALTER TABLE mail_outbox ADD COLUMN order_id TEXT;
ALTER TABLE mail_outbox ADD COLUMN event TEXT;
CREATE INDEX mail_outbox_order ON mail_outbox(order_id) WHERE order_id IS NOT NULL;
-- The daily cap counts the paid messages sent since the start of the day.
CREATE INDEX mail_outbox_paid_sent ON mail_outbox(sent_at) WHERE channel <> 'email';

-- The merchant's choices per event, only for the events she changed (the others keep the
-- built-in defaults: e-mail only, the shipped words).
CREATE TABLE message_events (
    event            TEXT PRIMARY KEY CHECK (event IN ('placed', 'paid', 'out_for_delivery', 'delivered', 'pay_link_sent', 'pay_link_reminder', 'pay_on_delivery_ready')),
    email            INTEGER NOT NULL CHECK (email IN (0, 1)),
    sms              INTEGER NOT NULL CHECK (sms IN (0, 1)),
    whatsapp         INTEGER NOT NULL CHECK (whatsapp IN (0, 1)),
    sms_text         TEXT NOT NULL,
    whatsapp_text    TEXT NOT NULL,
    -- The name of the template approved in WhatsApp Manager whose body is whatsapp_text.
    whatsapp_template TEXT NOT NULL
);

-- One row: the daily cap on paid messages (SMS and WhatsApp together).
CREATE TABLE message_settings (
    id         INTEGER PRIMARY KEY CHECK (id = 1),
    daily_cap  INTEGER NOT NULL CHECK (daily_cap BETWEEN 0 AND 100000)
);
INSERT INTO message_settings (id, daily_cap) VALUES (1, 200);

-- Phones messages have gone to: the token of their opt-out link, and whether they opted out
-- (STOP by SMS, or the link). Nothing is queued or sent to a phone with opted_out_at set.
CREATE TABLE message_recipients (
    phone         TEXT PRIMARY KEY,
    token         TEXT NOT NULL UNIQUE,
    opted_out_at  INTEGER
);
