-- Issue 35 §3: spending store credit and gift cards at checkout.
--
-- A spend is an entry in the holder's ledger (negative), written in the transaction that records
-- the payment and holds its stock, and marked with the payment's reference. While the payment is
-- open the spend is also a hold (tender_holds): if the payment never completes, the hold goes and a
-- positive entry gives the money back, once. Balances stay sums of entries; nothing stored drifts.
ALTER TABLE credit_entries ADD COLUMN payment_reference TEXT;
CREATE INDEX credit_entries_payment ON credit_entries(payment_reference) WHERE payment_reference IS NOT NULL;

-- A gift card: the code itself is never stored, only its SHA-256 (a database reader cannot spend
-- it) and its last 4 characters (the merchant recognises a card the customer reads out).
CREATE TABLE gift_cards (
    id           TEXT PRIMARY KEY,
    code_hash    TEXT NOT NULL UNIQUE,
    last4        TEXT NOT NULL,
    initial_kobo INTEGER NOT NULL CHECK (initial_kobo > 0),
    note         TEXT,
    created_by   TEXT REFERENCES users(id) ON DELETE SET NULL,
    created_at   INTEGER NOT NULL,
    disabled_at  INTEGER
);

-- A gift card's movements: its issue (positive), spends (negative), spends given back and parts
-- of orders returned to it (positive). Its balance is their sum.
CREATE TABLE gift_card_entries (
    id                INTEGER PRIMARY KEY AUTOINCREMENT,
    card_id           TEXT NOT NULL REFERENCES gift_cards(id),
    amount_kobo       INTEGER NOT NULL CHECK (amount_kobo <> 0),
    reason            TEXT NOT NULL,
    order_id          TEXT REFERENCES orders(id),
    payment_reference TEXT,
    staff_id          TEXT REFERENCES users(id) ON DELETE SET NULL,
    created_at        INTEGER NOT NULL
);
CREATE INDEX gift_card_entries_card ON gift_card_entries(card_id, created_at);
CREATE INDEX gift_card_entries_payment ON gift_card_entries(payment_reference) WHERE payment_reference IS NOT NULL;
CREATE INDEX gift_card_entries_order ON gift_card_entries(order_id) WHERE order_id IS NOT NULL;

-- What an open payment has taken from store credit or a gift card: given back when the payment
-- ends unpaid or its hold runs out, and dropped (the spend stands) when it completes.
CREATE TABLE tender_holds (
    payment_reference TEXT NOT NULL,
    kind              TEXT NOT NULL CHECK (kind IN ('credit', 'gift_card')),
    holder            TEXT NOT NULL,  -- the e-mail key, or the gift card's id
    amount_kobo       INTEGER NOT NULL CHECK (amount_kobo > 0),
    expires_at        INTEGER NOT NULL,
    PRIMARY KEY (payment_reference, kind)
);
CREATE INDEX tender_holds_expiry ON tender_holds(expires_at);

-- A payment's price as started: amount_kobo stays what Paystack charges (the rest after credit
-- and gift card), and these say what the credit and the card pay.
ALTER TABLE payments ADD COLUMN credit_kobo INTEGER NOT NULL DEFAULT 0 CHECK (credit_kobo >= 0);
ALTER TABLE payments ADD COLUMN gift_kobo INTEGER NOT NULL DEFAULT 0 CHECK (gift_kobo >= 0);
ALTER TABLE payments ADD COLUMN gift_card_id TEXT REFERENCES gift_cards(id);

-- What an order's credit and gift card paid (paid_online is the rest, what went through Paystack),
-- and what a payment completed late could no longer take from them (still owed).
ALTER TABLE orders ADD COLUMN credit_kobo INTEGER NOT NULL DEFAULT 0 CHECK (credit_kobo >= 0);
ALTER TABLE orders ADD COLUMN gift_kobo INTEGER NOT NULL DEFAULT 0 CHECK (gift_kobo >= 0);
ALTER TABLE orders ADD COLUMN tender_short_kobo INTEGER NOT NULL DEFAULT 0 CHECK (tender_short_kobo >= 0);

-- Sign-up does not prove an e-mail address; credit held for one is spent only by an account that
-- has opened a link mailed to it. The token is stored hashed.
CREATE TABLE email_proofs (
    user_id    TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    email_key  TEXT NOT NULL,
    token_hash TEXT UNIQUE,
    sent_at    INTEGER NOT NULL,
    proved_at  INTEGER,
    PRIMARY KEY (user_id, email_key)
);
