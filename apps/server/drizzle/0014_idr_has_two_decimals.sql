-- Orders kept rupiah in whole units (Intl's digits); the one money module (@app/shared money.ts)
-- follows ISO 4217, which gives IDR two decimals, as listings and templates already did. The
-- stored rupiah amounts of orders, their items, customs values and refunds move to the new unit.
UPDATE "orders" SET "total_minor" = "total_minor" * 100 WHERE "currency" = 'IDR';--> statement-breakpoint
UPDATE "order_items" SET "line_total_minor" = "line_total_minor" * 100 WHERE "order_id" IN (SELECT "id" FROM "orders" WHERE "currency" = 'IDR');--> statement-breakpoint
UPDATE "order_item_customs" SET "value_minor" = "value_minor" * 100 WHERE "currency" = 'IDR';--> statement-breakpoint
UPDATE "order_refunds" SET "amount_minor" = "amount_minor" * 100 WHERE "currency" = 'IDR';
