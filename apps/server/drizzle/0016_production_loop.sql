CREATE TABLE "factories" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"name_en" text DEFAULT '' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "purchase_order_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"purchase_order_id" bigint NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_id" bigint,
	"action" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "purchase_order_packages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"purchase_order_id" bigint NOT NULL,
	"seller_id" bigint NOT NULL,
	"channel_id" integer,
	"carrier" text NOT NULL,
	"tracking_no" text NOT NULL,
	"items" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"events" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"last_event_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_polled_at" timestamp with time zone,
	"poll_error" text,
	"shipped_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	"voided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "purchase_order_refunds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"purchase_order_id" bigint NOT NULL,
	"seller_id" bigint NOT NULL,
	"amount_minor" bigint NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"admin_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purchase_order_refunds_amount_positive" CHECK ("purchase_order_refunds"."amount_minor" > 0)
);
--> statement-breakpoint
ALTER TABLE "parent_products" ADD COLUMN "factory_id" bigint;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD COLUMN "accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD COLUMN "produced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD COLUMN "shipped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD COLUMN "exception_reason" text;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD COLUMN "exception_note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD COLUMN "status_before_exception" text;--> statement-breakpoint
ALTER TABLE "purchase_order_logs" ADD CONSTRAINT "purchase_order_logs_purchase_order_id_purchase_orders_id_fk" FOREIGN KEY ("purchase_order_id") REFERENCES "public"."purchase_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_packages" ADD CONSTRAINT "purchase_order_packages_purchase_order_id_purchase_orders_id_fk" FOREIGN KEY ("purchase_order_id") REFERENCES "public"."purchase_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_packages" ADD CONSTRAINT "purchase_order_packages_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_refunds" ADD CONSTRAINT "purchase_order_refunds_purchase_order_id_purchase_orders_id_fk" FOREIGN KEY ("purchase_order_id") REFERENCES "public"."purchase_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_refunds" ADD CONSTRAINT "purchase_order_refunds_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "factories_code_unique" ON "factories" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "factories_one_default" ON "factories" USING btree ("is_default") WHERE "factories"."is_default";--> statement-breakpoint
CREATE INDEX "purchase_order_logs_order_idx" ON "purchase_order_logs" USING btree ("purchase_order_id","id");--> statement-breakpoint
CREATE INDEX "purchase_order_packages_order_idx" ON "purchase_order_packages" USING btree ("purchase_order_id","id");--> statement-breakpoint
CREATE INDEX "purchase_order_packages_open_idx" ON "purchase_order_packages" USING btree ("last_polled_at") WHERE "purchase_order_packages"."status" in ('pending', 'in_transit') and "purchase_order_packages"."voided_at" is null;--> statement-breakpoint
CREATE INDEX "purchase_order_refunds_order_idx" ON "purchase_order_refunds" USING btree ("purchase_order_id");--> statement-breakpoint
ALTER TABLE "parent_products" ADD CONSTRAINT "parent_products_factory_id_factories_id_fk" FOREIGN KEY ("factory_id") REFERENCES "public"."factories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "purchase_orders_status_idx" ON "purchase_orders" USING btree ("status","created_at");