ALTER TABLE "orders" ADD COLUMN "fees_minor" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "fees_checked_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "orders_store_fees_due_idx" ON "orders" USING btree ("store_id","purchased_at" DESC NULLS FIRST) WHERE "orders"."fees_minor" is null and "orders"."order_status" = 'shipped';