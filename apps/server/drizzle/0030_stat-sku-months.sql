CREATE TABLE "stat_sku_months" (
	"seller_id" bigint NOT NULL,
	"store_id" bigint NOT NULL,
	"month" date NOT NULL,
	"sku" text NOT NULL,
	"currency" text NOT NULL,
	"marketplace" text NOT NULL,
	"market_site_id" integer NOT NULL,
	"orders" integer NOT NULL,
	"units" integer NOT NULL,
	"sales_minor" bigint NOT NULL,
	CONSTRAINT "stat_sku_months_store_id_month_sku_currency_pk" PRIMARY KEY("store_id","month","sku","currency")
);
--> statement-breakpoint
ALTER TABLE "stat_sku_months" ADD CONSTRAINT "stat_sku_months_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stat_sku_months" ADD CONSTRAINT "stat_sku_months_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stat_sku_months_seller_month_idx" ON "stat_sku_months" USING btree ("seller_id","month");--> statement-breakpoint
-- Hand-written: the months of the SKU days already kept, so rankings read them at once.
INSERT INTO "stat_sku_months" ("seller_id", "store_id", "month", "sku", "currency", "marketplace", "market_site_id", "orders", "units", "sales_minor")
SELECT "seller_id", "store_id", date_trunc('month', "day")::date, "sku", "currency", "marketplace", "market_site_id", sum("orders"), sum("units"), sum("sales_minor")
FROM "stat_sku_days"
GROUP BY "seller_id", "store_id", date_trunc('month', "day")::date, "sku", "currency", "marketplace", "market_site_id";
