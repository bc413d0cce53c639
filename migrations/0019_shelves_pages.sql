-- The merchant's collections and pages (issue 33, parts 3 and 4).
--
-- Collections: a collection may be hidden from the menus (its address keeps working), and the
-- six seed collections are made here, once per database, instead of at every start: a collection
-- the merchant deletes stays deleted. Their ids (the slugs made at creation) never change, so a
-- renamed collection keeps its address.
ALTER TABLE collections ADD COLUMN hidden INTEGER NOT NULL DEFAULT 0 CHECK (hidden IN (0, 1));

INSERT OR IGNORE INTO collections (id, name, description, position, created_at, updated_at)
SELECT id, name, 'Explore our ' || name || '.', position, CAST(strftime('%s', 'now') AS INTEGER) * 1000, CAST(strftime('%s', 'now') AS INTEGER) * 1000
FROM (SELECT 'formal-shoes' AS id, 'Formal Shoes' AS name, 0 AS position
      UNION ALL SELECT 'formal-trousers', 'Formal Trouser', 1
      UNION ALL SELECT 'corporate-shirts', 'Corporate Shirts', 2
      UNION ALL SELECT 'wristwatches', 'Wristwatches', 3
      UNION ALL SELECT 'suits', 'Suits', 4
      UNION ALL SELECT 'sneakers', 'Sneakers', 5);

-- The shop's own pages, written in Markdown (rendered on the server, raw HTML dropped), each at
-- /pages/{slug}. The slug is made once, from the first title, and stays.
CREATE TABLE pages (
    slug        TEXT PRIMARY KEY,
    title       TEXT NOT NULL,
    description TEXT NOT NULL,
    body        TEXT NOT NULL,
    position    INTEGER NOT NULL DEFAULT 1000,
    in_footer   INTEGER NOT NULL DEFAULT 1 CHECK (in_footer IN (0, 1)),
    created_at  INTEGER NOT NULL,
    updated_at  INTEGER NOT NULL
);

-- Starter texts for a Nigerian shop, the merchant's to edit.
INSERT INTO pages (slug, title, description, body, position, created_at, updated_at) VALUES
('privacy', 'Privacy Policy', 'What personal data we collect, why, who we share it with and how long we keep it, under the Nigeria Data Protection Act 2023.',
'We are an online shop based in Nigeria. This policy explains what personal data we collect when you use our website, why we collect it, who we share it with and how long we keep it. We process personal data in line with the **Nigeria Data Protection Act 2023** (NDPA).

## What we collect

- **Your account:** your name, e-mail address and password (stored only as a one-way hash), and, if you add them, your phone number and profile photo.
- **Your orders:** the items you buy, their prices, the payment reference and status, and the delivery address and phone number you give at checkout.
- **Your bag and saved items**, so they are still there next time you sign in.
- **Messages you send us** through the contact form, with the e-mail address to reply to.
- **Technical records:** short server logs (such as IP address and time) that keep the shop secure.

## Why we use it (lawful basis)

- To perform our contract with you: take, deliver and support your orders.
- Our legitimate interest in protecting the shop and our customers against fraud and misuse.
- Legal obligations, such as keeping tax and accounting records.
- Your consent, for anything else we ask you about; you may withdraw it at any time.

We do not sell your personal data, and we do not use it for third-party advertising.

## Payments

Card payments are handled by Paystack, a licensed payment processor. Your card details go directly to Paystack and never touch our servers.

## Who we share it with

- Paystack, to take your payment.
- Our delivery partners, who receive only your name, phone number and delivery address.
- Authorities, where Nigerian law requires us to.

## Cookies

We use a single cookie, only to keep you signed in. We use no advertising, analytics or tracking cookies.

## How long we keep it

- Account details: for as long as your account is open.
- Orders and payment records: six years after the purchase, as Nigerian tax rules require.
- Contact messages: up to two years.
- Server logs: no longer than 90 days.

## Your rights

You may ask for a copy of the personal data we hold about you, ask us to correct or delete it, object to how we use it, or ask us to move it to another service. If you are unhappy with how we handle your data, you may complain to the **Nigeria Data Protection Commission** (NDPC).

## Contact

For any question about this policy or your data, write to us through our [contact form](/contact). We reply within 30 days.', 0,
CAST(strftime('%s', 'now') AS INTEGER) * 1000, CAST(strftime('%s', 'now') AS INTEGER) * 1000),
('returns', 'Returns & Exchanges', 'Return or exchange an item within 7 days of delivery: how to ask, what we accept and when you are refunded.',
'Not quite right? You may return or exchange an item **within 7 days of delivery**.

## What we accept

- Items unworn, unwashed and undamaged, with their tags and original packaging.
- Shoes tried on indoors only, with clean soles.
- Not returnable: underwear, items altered or made to measure for you, and items bought on final sale.

## How to return an item

1. [Message us](/contact) within 7 days of delivery with your order number and the item you are returning.
2. We reply with the return address or arrange a pick-up in Lagos.
3. Pack the item securely. Keep the receipt of your courier until we confirm it arrived.

## Refunds

Once we receive and check the item, we refund the item price to the card or account you paid with within **5 working days**. Delivery fees are refunded only when the item was faulty or not what you ordered.

## Exchanges

For another size or colour, tell us which one when you message us; we send it as soon as the original arrives, while stock lasts.

## Faulty or wrong items

If an item arrives faulty or is not what you ordered, tell us within 48 hours of delivery with a photo. We pay the return delivery and send the right item or refund you in full.', 1,
CAST(strftime('%s', 'now') AS INTEGER) * 1000, CAST(strftime('%s', 'now') AS INTEGER) * 1000),
('shipping', 'Shipping & Delivery', 'Where we deliver in Nigeria, how long it takes by region and what it costs.',
'We deliver to every state in Nigeria. Orders placed before 12 noon on a working day leave us the same day.

## Delivery times

| Where | Usually arrives |
| --- | --- |
| Lagos | 1–2 working days |
| Ogun, Oyo, Osun, Ondo, Ekiti | 2–3 working days |
| Abuja (FCT) and Port Harcourt | 2–4 working days |
| Other states | 3–7 working days |

Times are estimates from when your order leaves us; public holidays and weather can add a day or two.

## What it costs

The delivery fee for your state is shown at checkout before you pay. You may also pick your order up from us where the checkout offers it.

## Tracking your order

When your order ships we e-mail you its tracking details. You can also [track your order](/track) at any time with your order number.

## Someone to receive it

Our courier calls the phone number you give at checkout before delivery. If nobody can receive the parcel after two attempts, it comes back to us and we contact you.', 2,
CAST(strftime('%s', 'now') AS INTEGER) * 1000, CAST(strftime('%s', 'now') AS INTEGER) * 1000),
('terms', 'Terms & Conditions', 'The terms on which we sell to you: orders, prices in naira, payment, delivery and returns.',
'These terms apply to every order placed on this website. By placing an order you accept them.

## Orders

An order is accepted when we confirm it by e-mail. If an item turns out to be unavailable, we tell you and refund anything you paid for it.

## Prices and payment

Prices are in Nigerian naira (₦) and include VAT where it applies. Delivery is shown separately at checkout. Payment is taken securely by Paystack, or on delivery where the checkout offers it.

## Delivery

Delivery times are set out in our [Shipping & Delivery](/pages/shipping) page. The risk in the goods passes to you when they are delivered.

## Returns

You may return items as our [Returns & Exchanges](/pages/returns) policy describes. Nothing in these terms limits your rights under the Federal Competition and Consumer Protection Act 2018.

## Your account

Keep your password to yourself. Tell us at once if you think someone else has used your account.

## Law

These terms are governed by the laws of the Federal Republic of Nigeria.', 3,
CAST(strftime('%s', 'now') AS INTEGER) * 1000, CAST(strftime('%s', 'now') AS INTEGER) * 1000);
