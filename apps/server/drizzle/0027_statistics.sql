CREATE TABLE "stat_sku_days" (
	"seller_id" bigint NOT NULL,
	"store_id" bigint NOT NULL,
	"day" date NOT NULL,
	"sku" text NOT NULL,
	"currency" text NOT NULL,
	"marketplace" text NOT NULL,
	"market_site_id" integer NOT NULL,
	"orders" integer NOT NULL,
	"units" integer NOT NULL,
	"sales_minor" bigint NOT NULL,
	CONSTRAINT "stat_sku_days_store_id_day_sku_currency_pk" PRIMARY KEY("store_id","day","sku","currency")
);
--> statement-breakpoint
CREATE TABLE "stat_store_days" (
	"seller_id" bigint NOT NULL,
	"store_id" bigint NOT NULL,
	"day" date NOT NULL,
	"currency" text NOT NULL,
	"marketplace" text NOT NULL,
	"market_site_id" integer NOT NULL,
	"orders" integer NOT NULL,
	"units" integer NOT NULL,
	"sales_minor" bigint NOT NULL,
	"refunds_minor" bigint NOT NULL,
	"cost_minor" bigint NOT NULL,
	"fees_minor" bigint NOT NULL,
	CONSTRAINT "stat_store_days_store_id_day_currency_pk" PRIMARY KEY("store_id","day","currency")
);
--> statement-breakpoint
ALTER TABLE "stat_sku_days" ADD CONSTRAINT "stat_sku_days_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stat_sku_days" ADD CONSTRAINT "stat_sku_days_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stat_store_days" ADD CONSTRAINT "stat_store_days_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stat_store_days" ADD CONSTRAINT "stat_store_days_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stat_sku_days_seller_day_idx" ON "stat_sku_days" USING btree ("seller_id","day");--> statement-breakpoint
CREATE INDEX "stat_store_days_seller_day_idx" ON "stat_store_days" USING btree ("seller_id","day");--> statement-breakpoint
CREATE INDEX "orders_store_purchased_idx" ON "orders" USING btree ("store_id","purchased_at");