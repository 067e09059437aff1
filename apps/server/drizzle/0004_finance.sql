CREATE TABLE "finance_rules" (
	"id" integer PRIMARY KEY NOT NULL,
	"min_recharge_minor" bigint NOT NULL,
	"bonus_tiers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"seller_id" bigint NOT NULL,
	"key" text NOT NULL,
	"route" text NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" integer,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_seller_id_key_pk" PRIMARY KEY("seller_id","key")
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"seller_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"frozen_delta_minor" bigint DEFAULT 0 NOT NULL,
	"balance_after_minor" bigint NOT NULL,
	"frozen_after_minor" bigint NOT NULL,
	"ref_type" text,
	"ref_id" bigint,
	"memo" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_after_non_negative" CHECK ("ledger_entries"."balance_after_minor" >= 0 and "ledger_entries"."frozen_after_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "level_purchases" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"seller_id" bigint NOT NULL,
	"level_id" bigint NOT NULL,
	"price_minor" bigint NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"seller_id" bigint NOT NULL,
	"provider" text DEFAULT 'alipay' NOT NULL,
	"out_trade_no" text NOT NULL,
	"purpose" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"bonus_minor" bigint DEFAULT 0 NOT NULL,
	"order_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"trade_no" text,
	"paid_at" timestamp with time zone,
	"notify_processed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_amount_positive" CHECK ("payments"."amount_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "purchase_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"seller_id" bigint NOT NULL,
	"number" text NOT NULL,
	"status" text DEFAULT 'unpaid' NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text DEFAULT 'CNY' NOT NULL,
	"paid_via" text,
	"paid_at" timestamp with time zone,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purchase_orders_amount_positive" CHECK ("purchase_orders"."amount_minor" > 0)
);
--> statement-breakpoint
ALTER TABLE "member_levels" ADD COLUMN "duration_days" integer DEFAULT 365 NOT NULL;--> statement-breakpoint
ALTER TABLE "member_levels" ADD COLUMN "discount_percent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sellers" ADD COLUMN "frozen_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sellers" ADD COLUMN "level_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "level_purchases" ADD CONSTRAINT "level_purchases_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "level_purchases" ADD CONSTRAINT "level_purchases_level_id_member_levels_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."member_levels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_entries_seller_idx" ON "ledger_entries" USING btree ("seller_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_ref_unique" ON "ledger_entries" USING btree ("seller_id","kind","ref_type","ref_id") WHERE "ledger_entries"."ref_id" is not null;--> statement-breakpoint
CREATE INDEX "level_purchases_seller_idx" ON "level_purchases" USING btree ("seller_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_out_trade_no_unique" ON "payments" USING btree ("out_trade_no");--> statement-breakpoint
CREATE INDEX "payments_seller_idx" ON "payments" USING btree ("seller_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_orders_number_unique" ON "purchase_orders" USING btree ("number");--> statement-breakpoint
CREATE INDEX "purchase_orders_seller_idx" ON "purchase_orders" USING btree ("seller_id","created_at");--> statement-breakpoint
ALTER TABLE "sellers" ADD CONSTRAINT "sellers_frozen_non_negative" CHECK ("sellers"."frozen_minor" >= 0);--> statement-breakpoint
INSERT INTO "finance_rules" ("id", "min_recharge_minor", "bonus_tiers") VALUES (1, 1000, '[{"min_minor":100000,"bonus_minor":2000},{"min_minor":500000,"bonus_minor":15000},{"min_minor":1000000,"bonus_minor":40000}]'::jsonb) ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE "member_levels" SET "discount_percent" = CASE "order_num" WHEN 1 THEN 5 WHEN 2 THEN 10 WHEN 3 THEN 15 ELSE 0 END;
