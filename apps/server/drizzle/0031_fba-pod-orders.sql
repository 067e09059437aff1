CREATE TABLE "fba_pod_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"seller_id" bigint NOT NULL,
	"store_id" bigint NOT NULL,
	"purchase_order_id" bigint NOT NULL,
	"items" jsonb NOT NULL,
	"boxes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"source_address" jsonb,
	"plan_id" bigint,
	"packed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fba_pod_orders" ADD CONSTRAINT "fba_pod_orders_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fba_pod_orders" ADD CONSTRAINT "fba_pod_orders_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fba_pod_orders" ADD CONSTRAINT "fba_pod_orders_purchase_order_id_purchase_orders_id_fk" FOREIGN KEY ("purchase_order_id") REFERENCES "public"."purchase_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fba_pod_orders" ADD CONSTRAINT "fba_pod_orders_plan_id_fba_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."fba_plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fba_pod_orders_po" ON "fba_pod_orders" USING btree ("purchase_order_id");--> statement-breakpoint
CREATE INDEX "fba_pod_orders_seller_created" ON "fba_pod_orders" USING btree ("seller_id","created_at");