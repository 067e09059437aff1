CREATE TABLE "auto_buys" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"seller_id" bigint NOT NULL,
	"store_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"outcome" text NOT NULL,
	"reason" text,
	"purchase_order_id" bigint,
	"amount_minor" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "auto_buy" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "auto_buy_cap_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "auto_buy_address" text DEFAULT 'order_address' NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "auto_buy_authorized_by" bigint;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "auto_buy_authorized_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "awaiting_funds" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "auto_buys" ADD CONSTRAINT "auto_buys_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_buys" ADD CONSTRAINT "auto_buys_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_buys" ADD CONSTRAINT "auto_buys_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_buys" ADD CONSTRAINT "auto_buys_purchase_order_id_purchase_orders_id_fk" FOREIGN KEY ("purchase_order_id") REFERENCES "public"."purchase_orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "auto_buys_order_uq" ON "auto_buys" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "auto_buys_store_outcome_created_idx" ON "auto_buys" USING btree ("store_id","outcome","created_at");--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_auto_buy_authorized_by_users_id_fk" FOREIGN KEY ("auto_buy_authorized_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_seller_awaiting_funds_idx" ON "orders" USING btree ("seller_id","purchased_at" DESC NULLS FIRST) WHERE "orders"."awaiting_funds";--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_auto_buy_cap_nonneg" CHECK ("stores"."auto_buy_cap_minor" >= 0);