-- Mail that is never lost: every message is written here in the transaction of the change that
-- causes it; the mail worker sends it (retrying with backoff) and marks it sent. `message_id` is
-- fixed when the row is written, so a resend after a crash carries the same Message-ID.
CREATE TABLE mail_outbox (
    id             INTEGER PRIMARY KEY AUTOINCREMENT,
    message_id     TEXT NOT NULL UNIQUE,
    kind           TEXT NOT NULL,
    to_addr        TEXT NOT NULL,
    subject        TEXT NOT NULL,
    -- Emptied once sent: the outbox is not an archive, and a reset link must not outlive its mail.
    body           TEXT NOT NULL,
    -- The one-click unsubscribe URL (List-Unsubscribe), for mail a shopper did not ask for.
    unsubscribe    TEXT,
    status         TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
    attempts       INTEGER NOT NULL DEFAULT 0,
    -- Not tried again before this (backoff).
    next_at        INTEGER NOT NULL,
    -- The worker sending it now, and until when its claim holds (another worker waits till then).
    claimed_by     TEXT,
    claimed_until  INTEGER,
    last_error     TEXT,
    -- When the last attempt started.
    tried_at       INTEGER,
    created_at     INTEGER NOT NULL,
    sent_at        INTEGER
);
CREATE INDEX mail_outbox_due ON mail_outbox(status, next_at);

-- "E-mail me when it's back": one row per address and variant until its mail is written.
CREATE TABLE stock_alerts (
    variant_id  TEXT NOT NULL REFERENCES variants(id) ON DELETE CASCADE,
    email       TEXT NOT NULL,
    created_at  INTEGER NOT NULL,
    -- Set by the trigger below when the variant comes back; the mail worker then writes the mail.
    due         INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (variant_id, email)
);
CREATE INDEX stock_alerts_due ON stock_alerts(variant_id) WHERE due = 1;

-- Every route that puts stock back (admin edit, stock import from any process, refund or cancel
-- restock, a hold given back) updates variants.stock: going from 0 to more, in that very
-- transaction, makes the variant's subscribers due.
CREATE TRIGGER stock_alerts_back AFTER UPDATE OF stock ON variants
WHEN OLD.stock = 0 AND NEW.stock > 0
BEGIN
    UPDATE stock_alerts SET due = 1 WHERE variant_id = NEW.id AND due = 0;
END;

-- Addresses that get unsolicited mail (bag reminders): the token in their unsubscribe link, and
-- whether they have unsubscribed.
CREATE TABLE mail_recipients (
    email            TEXT PRIMARY KEY,
    token            TEXT NOT NULL UNIQUE,
    unsubscribed_at  INTEGER
);

-- Bag reminders sent: one per unpaid checkout at most, and per address at most one a week.
CREATE TABLE bag_reminders (
    payment_reference  TEXT PRIMARY KEY REFERENCES payments(reference) ON DELETE CASCADE,
    email              TEXT NOT NULL,
    sent_at            INTEGER NOT NULL
);
CREATE INDEX bag_reminders_email ON bag_reminders(email, sent_at);
