CREATE TABLE "listing_copies" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"seller_id" bigint NOT NULL,
	"source_id" bigint NOT NULL,
	"store_id" bigint NOT NULL,
	"copy_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "order_ids" bigint[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_sync_state" ADD COLUMN "items_lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_sync_state" ADD COLUMN "items_lease_holder" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "status_before_purchase" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "items_pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "listing_copies" ADD CONSTRAINT "listing_copies_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_copies" ADD CONSTRAINT "listing_copies_source_id_listings_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_copies" ADD CONSTRAINT "listing_copies_copy_id_listings_id_fk" FOREIGN KEY ("copy_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "listing_copies_source_store_uq" ON "listing_copies" USING btree ("source_id","store_id");--> statement-breakpoint
CREATE INDEX "listing_copies_copy_idx" ON "listing_copies" USING btree ("copy_id");--> statement-breakpoint
CREATE INDEX "orders_store_items_pending_idx" ON "orders" USING btree ("store_id","purchased_at" DESC NULLS FIRST) WHERE "orders"."items_pending";