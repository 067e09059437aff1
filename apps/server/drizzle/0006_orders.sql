CREATE TABLE "order_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"remote_item_id" text,
	"sku" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"quantity" integer NOT NULL,
	"quantity_shipped" integer DEFAULT 0 NOT NULL,
	"line_total_minor" bigint NOT NULL,
	"line_total" text NOT NULL,
	"cancelled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "order_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" bigint,
	"action" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_sync_state" (
	"store_id" bigint PRIMARY KEY NOT NULL,
	"updated_after" timestamp with time zone,
	"last_run_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"seller_id" bigint NOT NULL,
	"store_id" bigint NOT NULL,
	"marketplace" text NOT NULL,
	"remote_id" text,
	"number" text NOT NULL,
	"order_status" text NOT NULL,
	"status" integer DEFAULT 10 NOT NULL,
	"status_before_hold" integer,
	"remote_status" text DEFAULT '' NOT NULL,
	"purchased_at" timestamp with time zone NOT NULL,
	"remote_updated_at" timestamp with time zone NOT NULL,
	"currency" text NOT NULL,
	"total_minor" bigint NOT NULL,
	"total" text NOT NULL,
	"fulfillment_channel" text NOT NULL,
	"address" jsonb,
	"zone" text,
	"memo" text DEFAULT '' NOT NULL,
	"tracking_number" text,
	"logistics_channel_id" bigint,
	"location_id" bigint,
	"order_from" text NOT NULL,
	"item_count" integer DEFAULT 0 NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"sku_text" text DEFAULT '' NOT NULL,
	"purchase_order_id" bigint,
	"parent_id" bigint,
	"local_edits" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_status_values" CHECK ("orders"."status" in (10, 20, 30, 40, 50, 60))
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_logs" ADD CONSTRAINT "order_logs_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_logs" ADD CONSTRAINT "order_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_sync_state" ADD CONSTRAINT "order_sync_state_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_purchase_order_id_purchase_orders_id_fk" FOREIGN KEY ("purchase_order_id") REFERENCES "public"."purchase_orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_items_order_idx" ON "order_items" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "order_logs_order_idx" ON "order_logs" USING btree ("order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_store_remote_uq" ON "orders" USING btree ("store_id","remote_id");--> statement-breakpoint
CREATE INDEX "orders_seller_purchased_idx" ON "orders" USING btree ("seller_id","purchased_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_seller_status_purchased_idx" ON "orders" USING btree ("seller_id","status","purchased_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_seller_updated_idx" ON "orders" USING btree ("seller_id","remote_updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_seller_total_idx" ON "orders" USING btree ("seller_id","total_minor" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_seller_number_idx" ON "orders" USING btree ("seller_id","number");--> statement-breakpoint
CREATE INDEX "orders_seller_tracking_idx" ON "orders" USING btree ("seller_id","tracking_number");--> statement-breakpoint
CREATE INDEX "orders_sku_text_trgm_idx" ON "orders" USING gin ("sku_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_purchase_order_idx" ON "orders" USING btree ("purchase_order_id");