CREATE TABLE "order_export_templates" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"seller_id" bigint NOT NULL,
	"name" text NOT NULL,
	"columns" jsonb NOT NULL,
	"one_row_per" text DEFAULT 'order' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_item_customs" (
	"order_item_id" bigint PRIMARY KEY NOT NULL,
	"seller_id" bigint NOT NULL,
	"name_en" text NOT NULL,
	"name_cn" text NOT NULL,
	"hs_code" text NOT NULL,
	"value_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"weight_g" integer NOT NULL,
	"origin_country" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_item_customs_value_positive" CHECK ("order_item_customs"."value_minor" > 0),
	CONSTRAINT "order_item_customs_weight_range" CHECK ("order_item_customs"."weight_g" between 1 and 100000)
);
--> statement-breakpoint
CREATE TABLE "order_refunds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"seller_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"reason" text NOT NULL,
	"mode" text NOT NULL,
	"user_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_refunds_amount_positive" CHECK ("order_refunds"."amount_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "order_sku_relations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"seller_id" bigint NOT NULL,
	"marketplace_sku" text NOT NULL,
	"sku_key" text NOT NULL,
	"finished_sku_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shopee_logistics_channels" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"seller_id" bigint NOT NULL,
	"store_id" bigint NOT NULL,
	"channel_id" bigint NOT NULL,
	"name" text NOT NULL,
	"enabled" boolean NOT NULL,
	"cod_enabled" boolean DEFAULT false NOT NULL,
	"fee_type" text DEFAULT '' NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shopee_order_state" (
	"order_id" bigint PRIMARY KEY NOT NULL,
	"package_number" text,
	"logistics_status" text DEFAULT 'not_started' NOT NULL,
	"ship_method" text,
	"tracking_number" text,
	"document_status" text DEFAULT 'none' NOT NULL,
	"document_type" text,
	"first_mile_tracking_number" text,
	"first_mile_channel_id" bigint,
	"note" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shopee_pack_orders" (
	"pack_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	CONSTRAINT "shopee_pack_orders_pack_id_order_id_pk" PRIMARY KEY("pack_id","order_id")
);
--> statement-breakpoint
CREATE TABLE "shopee_pack_stores" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"region" text NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"contact" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shopee_packs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"seller_id" bigint NOT NULL,
	"pack_store_id" bigint NOT NULL,
	"tracking_no" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "generated_skus" (
	"seller_id" bigint NOT NULL,
	"sku" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "generated_skus_seller_id_sku_pk" PRIMARY KEY("seller_id","sku")
);
--> statement-breakpoint
CREATE TABLE "sku_rules" (
	"seller_id" bigint PRIMARY KEY NOT NULL,
	"prefix" text NOT NULL,
	"date_format" text NOT NULL,
	"seq_width" integer NOT NULL,
	"separator" text NOT NULL,
	"seq_date" text DEFAULT '' NOT NULL,
	"next_seq" bigint DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "upc_codes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"seller_id" bigint NOT NULL,
	"code" text NOT NULL,
	"gtin13" text NOT NULL,
	"kind" text NOT NULL,
	"state" text DEFAULT 'free' NOT NULL,
	"source" text DEFAULT 'import' NOT NULL,
	"listing_id" bigint,
	"used_ref" text,
	"used_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"listing_gone_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "upc_codes_state_ck" CHECK ("upc_codes"."state" in ('free', 'used', 'void')),
	CONSTRAINT "upc_codes_kind_ck" CHECK ("upc_codes"."kind" in ('upc', 'ean')),
	CONSTRAINT "upc_codes_used_ck" CHECK (("upc_codes"."state" = 'used') = ("upc_codes"."listing_id" is not null and "upc_codes"."used_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "listing_batch_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"batch_id" bigint NOT NULL,
	"listing_id" bigint NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"error" text,
	"issues" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"report" jsonb,
	"order_num" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "listing_batches" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"seller_id" bigint NOT NULL,
	"store_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"job_id" uuid,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "listing_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"listing_id" bigint NOT NULL,
	"store_id" bigint NOT NULL,
	"finished_sku_id" bigint,
	"sku" text NOT NULL,
	"price_minor" bigint DEFAULT 0 NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"variation" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"product_id" text DEFAULT '' NOT NULL,
	"image" text,
	"order_num" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "listings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"seller_id" bigint NOT NULL,
	"store_id" bigint NOT NULL,
	"site_id" integer NOT NULL,
	"goods_id" bigint,
	"status" text DEFAULT 'draft' NOT NULL,
	"changed" boolean DEFAULT false NOT NULL,
	"remote_id" text,
	"issues" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"currency" text NOT NULL,
	"manufacturer" text DEFAULT '' NOT NULL,
	"mfr_part_number" text DEFAULT '' NOT NULL,
	"brand" text DEFAULT '' NOT NULL,
	"condition" text DEFAULT 'new_new' NOT NULL,
	"condition_note" text DEFAULT '' NOT NULL,
	"product_type" text DEFAULT '' NOT NULL,
	"launch_date" timestamp with time zone,
	"handling_time" integer,
	"attributes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_variation" boolean DEFAULT false NOT NULL,
	"variation_theme" text DEFAULT '' NOT NULL,
	"parent_sku" text DEFAULT '' NOT NULL,
	"show_variation_theme" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"describe" text DEFAULT '' NOT NULL,
	"custom_describe" text DEFAULT '' NOT NULL,
	"keywords" text DEFAULT '' NOT NULL,
	"bullet_points" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sku_text" text DEFAULT '' NOT NULL,
	"sku_count" integer DEFAULT 0 NOT NULL,
	"price_min_minor" bigint DEFAULT 0 NOT NULL,
	"price_max_minor" bigint DEFAULT 0 NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_export_templates" ADD CONSTRAINT "order_export_templates_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_item_customs" ADD CONSTRAINT "order_item_customs_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_item_customs" ADD CONSTRAINT "order_item_customs_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_sku_relations" ADD CONSTRAINT "order_sku_relations_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_sku_relations" ADD CONSTRAINT "order_sku_relations_finished_sku_id_finished_skus_id_fk" FOREIGN KEY ("finished_sku_id") REFERENCES "public"."finished_skus"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopee_logistics_channels" ADD CONSTRAINT "shopee_logistics_channels_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopee_logistics_channels" ADD CONSTRAINT "shopee_logistics_channels_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopee_order_state" ADD CONSTRAINT "shopee_order_state_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopee_pack_orders" ADD CONSTRAINT "shopee_pack_orders_pack_id_shopee_packs_id_fk" FOREIGN KEY ("pack_id") REFERENCES "public"."shopee_packs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopee_pack_orders" ADD CONSTRAINT "shopee_pack_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopee_packs" ADD CONSTRAINT "shopee_packs_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopee_packs" ADD CONSTRAINT "shopee_packs_pack_store_id_shopee_pack_stores_id_fk" FOREIGN KEY ("pack_store_id") REFERENCES "public"."shopee_pack_stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generated_skus" ADD CONSTRAINT "generated_skus_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sku_rules" ADD CONSTRAINT "sku_rules_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upc_codes" ADD CONSTRAINT "upc_codes_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_batch_items" ADD CONSTRAINT "listing_batch_items_batch_id_listing_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."listing_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_batches" ADD CONSTRAINT "listing_batches_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_items" ADD CONSTRAINT "listing_items_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_items" ADD CONSTRAINT "listing_items_finished_sku_id_finished_skus_id_fk" FOREIGN KEY ("finished_sku_id") REFERENCES "public"."finished_skus"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_goods_id_finished_products_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."finished_products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_export_templates_seller_name_uq" ON "order_export_templates" USING btree ("seller_id","name");--> statement-breakpoint
CREATE INDEX "order_refunds_order_idx" ON "order_refunds" USING btree ("order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_sku_relations_seller_key_uq" ON "order_sku_relations" USING btree ("seller_id","sku_key");--> statement-breakpoint
CREATE INDEX "order_sku_relations_seller_updated_idx" ON "order_sku_relations" USING btree ("seller_id","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "order_sku_relations_finished_sku_idx" ON "order_sku_relations" USING btree ("finished_sku_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shopee_logistics_channels_store_channel_uq" ON "shopee_logistics_channels" USING btree ("store_id","channel_id");--> statement-breakpoint
CREATE INDEX "shopee_logistics_channels_seller_idx" ON "shopee_logistics_channels" USING btree ("seller_id","store_id","channel_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shopee_pack_orders_order_uq" ON "shopee_pack_orders" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shopee_pack_stores_code_uq" ON "shopee_pack_stores" USING btree ("code");--> statement-breakpoint
CREATE INDEX "shopee_packs_seller_idx" ON "shopee_packs" USING btree ("seller_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "upc_codes_seller_gtin_uq" ON "upc_codes" USING btree ("seller_id","gtin13");--> statement-breakpoint
CREATE INDEX "upc_codes_seller_state_idx" ON "upc_codes" USING btree ("seller_id","state","id");--> statement-breakpoint
CREATE INDEX "upc_codes_seller_id_idx" ON "upc_codes" USING btree ("seller_id","id");--> statement-breakpoint
CREATE INDEX "upc_codes_listing_idx" ON "upc_codes" USING btree ("seller_id","listing_id") WHERE "upc_codes"."listing_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "listing_batch_items_uq" ON "listing_batch_items" USING btree ("batch_id","listing_id");--> statement-breakpoint
CREATE INDEX "listing_batches_unfinished_idx" ON "listing_batches" USING btree ("created_at") WHERE "listing_batches"."finished_at" is null;--> statement-breakpoint
CREATE INDEX "listing_items_listing_idx" ON "listing_items" USING btree ("listing_id","order_num");--> statement-breakpoint
CREATE UNIQUE INDEX "listing_items_store_sku_uq" ON "listing_items" USING btree ("store_id","sku");--> statement-breakpoint
CREATE INDEX "listings_seller_created_idx" ON "listings" USING btree ("seller_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "listings_seller_store_status_idx" ON "listings" USING btree ("seller_id","store_id","status");--> statement-breakpoint
CREATE INDEX "orders_seller_store_status_total_idx" ON "orders" USING btree ("seller_id","store_id","status","total_minor" DESC NULLS FIRST,"id" DESC NULLS FIRST,"purchased_at");