CREATE TABLE "fba_inventory" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"seller_id" bigint NOT NULL,
	"store_id" bigint NOT NULL,
	"sku" text NOT NULL,
	"asin" text,
	"fnsku" text,
	"title" text DEFAULT '' NOT NULL,
	"fulfillable" integer DEFAULT 0 NOT NULL,
	"inbound" integer DEFAULT 0 NOT NULL,
	"reserved" integer DEFAULT 0 NOT NULL,
	"unfulfillable" integer DEFAULT 0 NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fba_inventory" ADD CONSTRAINT "fba_inventory_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fba_inventory" ADD CONSTRAINT "fba_inventory_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fba_inventory_store_sku" ON "fba_inventory" USING btree ("store_id","sku");--> statement-breakpoint
CREATE INDEX "fba_inventory_seller_sku" ON "fba_inventory" USING btree ("seller_id","sku");