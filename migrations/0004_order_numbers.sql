-- Order numbers a shopper can read out on the phone: 8 upper-case characters from an alphabet
-- without look-alikes (no I, L, O, 0 or 1). Orders keep their ids; existing orders get a number.
-- The subquery mentions orders.id so SQLite draws new characters for every row.
ALTER TABLE orders ADD COLUMN number TEXT;
UPDATE orders SET number = (
    WITH RECURSIVE position(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM position WHERE i < 8)
    SELECT group_concat(substr('23456789ABCDEFGHJKMNPQRSTUVWXYZ', 1 + abs(random()) % 31, 1), '')
    FROM position WHERE orders.id IS NOT NULL
);
CREATE UNIQUE INDEX orders_number ON orders(number);
