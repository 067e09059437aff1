CREATE TABLE "cart_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"seller_id" bigint NOT NULL,
	"sku_id" bigint NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"selected" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_items_quantity_positive" CHECK ("cart_items"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "finished_product_images" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"product_id" bigint NOT NULL,
	"url" text NOT NULL,
	"kind" text DEFAULT 'image' NOT NULL,
	"color" text DEFAULT '' NOT NULL,
	"order_num" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "finished_products" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"seller_id" bigint,
	"parent_product_id" bigint NOT NULL,
	"category_id" bigint NOT NULL,
	"source_product_id" bigint,
	"source" text DEFAULT 'parent' NOT NULL,
	"title" text NOT NULL,
	"price_minor" bigint DEFAULT 0 NOT NULL,
	"cost_minor" bigint DEFAULT 0 NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"design" jsonb,
	"shared_at" timestamp with time zone,
	"sku_text" text DEFAULT '' NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower("finished_products"."title") || ' ' || "finished_products"."sku_text") STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "finished_products_price_non_negative" CHECK ("finished_products"."price_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "finished_skus" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"product_id" bigint NOT NULL,
	"seller_id" bigint,
	"parent_sku_id" bigint,
	"sku_code" text NOT NULL,
	"color" text DEFAULT '' NOT NULL,
	"size" text DEFAULT '' NOT NULL,
	"price_minor" bigint NOT NULL,
	"cost_minor" bigint DEFAULT 0 NOT NULL,
	"image" text,
	"order_num" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "finished_skus_price_non_negative" CHECK ("finished_skus"."price_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "parent_favourites" (
	"seller_id" bigint NOT NULL,
	"product_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "parent_favourites_seller_id_product_id_pk" PRIMARY KEY("seller_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "related_products" (
	"seller_id" bigint NOT NULL,
	"product_id" bigint NOT NULL,
	"related_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "related_products_product_id_related_id_pk" PRIMARY KEY("product_id","related_id"),
	CONSTRAINT "related_products_ordered" CHECK ("related_products"."product_id" < "related_products"."related_id")
);
--> statement-breakpoint
CREATE TABLE "image_categories" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"seller_id" bigint NOT NULL,
	"pid" bigint,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "material_dirs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"seller_id" bigint NOT NULL,
	"pid" bigint,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "storage_quotas" (
	"seller_id" bigint PRIMARY KEY NOT NULL,
	"extra_bytes" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "parent_products_title_trgm_idx";--> statement-breakpoint
DROP INDEX "parent_products_title_en_trgm_idx";--> statement-breakpoint
DROP INDEX "parent_products_status_created_idx";--> statement-breakpoint
DROP INDEX "parent_products_category_created_idx";--> statement-breakpoint
ALTER TABLE "parent_products" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("parent_products"."title" || ' ' || "parent_products"."title_en")) STORED;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "stored_bytes" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "purpose" text DEFAULT 'image' NOT NULL;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "folder_id" bigint;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_sku_id_finished_skus_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."finished_skus"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finished_product_images" ADD CONSTRAINT "finished_product_images_product_id_finished_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."finished_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finished_products" ADD CONSTRAINT "finished_products_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finished_products" ADD CONSTRAINT "finished_products_parent_product_id_parent_products_id_fk" FOREIGN KEY ("parent_product_id") REFERENCES "public"."parent_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finished_products" ADD CONSTRAINT "finished_products_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finished_skus" ADD CONSTRAINT "finished_skus_product_id_finished_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."finished_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finished_skus" ADD CONSTRAINT "finished_skus_parent_sku_id_parent_skus_id_fk" FOREIGN KEY ("parent_sku_id") REFERENCES "public"."parent_skus"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parent_favourites" ADD CONSTRAINT "parent_favourites_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parent_favourites" ADD CONSTRAINT "parent_favourites_product_id_parent_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."parent_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "related_products" ADD CONSTRAINT "related_products_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "related_products" ADD CONSTRAINT "related_products_product_id_finished_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."finished_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "related_products" ADD CONSTRAINT "related_products_related_id_finished_products_id_fk" FOREIGN KEY ("related_id") REFERENCES "public"."finished_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "image_categories" ADD CONSTRAINT "image_categories_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_dirs" ADD CONSTRAINT "material_dirs_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storage_quotas" ADD CONSTRAINT "storage_quotas_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cart_items_seller_sku_uq" ON "cart_items" USING btree ("seller_id","sku_id");--> statement-breakpoint
CREATE INDEX "finished_product_images_product_idx" ON "finished_product_images" USING btree ("product_id","order_num");--> statement-breakpoint
CREATE INDEX "finished_products_seller_created_idx" ON "finished_products" USING btree ("seller_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "finished_products_seller_category_idx" ON "finished_products" USING btree ("seller_id","category_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "finished_products_seller_price_idx" ON "finished_products" USING btree ("seller_id","price_minor","id");--> statement-breakpoint
CREATE INDEX "finished_products_shared_created_idx" ON "finished_products" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "finished_products"."shared_at" is not null;--> statement-breakpoint
CREATE INDEX "finished_products_shared_price_idx" ON "finished_products" USING btree ("price_minor","id") WHERE "finished_products"."shared_at" is not null;--> statement-breakpoint
CREATE INDEX "finished_products_search_trgm_idx" ON "finished_products" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "finished_skus_seller_code_uq" ON "finished_skus" USING btree ("seller_id","sku_code");--> statement-breakpoint
CREATE INDEX "finished_skus_product_idx" ON "finished_skus" USING btree ("product_id","order_num");--> statement-breakpoint
CREATE INDEX "parent_favourites_seller_created_idx" ON "parent_favourites" USING btree ("seller_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "related_products_seller_idx" ON "related_products" USING btree ("seller_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "related_products_related_idx" ON "related_products" USING btree ("related_id");--> statement-breakpoint
CREATE INDEX "image_categories_seller_idx" ON "image_categories" USING btree ("seller_id","pid");--> statement-breakpoint
CREATE INDEX "material_dirs_seller_idx" ON "material_dirs" USING btree ("seller_id","pid");--> statement-breakpoint
CREATE INDEX "parent_products_category_cost_idx" ON "parent_products" USING btree ("category_id","status","cost_minor","id");--> statement-breakpoint
CREATE INDEX "parent_products_search_trgm_idx" ON "parent_products" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "files_seller_folder_idx" ON "files" USING btree ("seller_id","purpose","folder_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "parent_products_status_created_idx" ON "parent_products" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "parent_products_category_created_idx" ON "parent_products" USING btree ("category_id","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
UPDATE "files" SET "stored_bytes" = "bytes";
