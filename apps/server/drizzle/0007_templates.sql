CREATE TABLE "exchange_rates" (
	"currency" text PRIMARY KEY NOT NULL,
	"rate" numeric(20, 10) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_rates_positive_ck" CHECK ("exchange_rates"."rate" > 0)
);
--> statement-breakpoint
CREATE TABLE "forbidden_words" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"seller_id" bigint,
	"word" text NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pricing_templates" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"seller_id" bigint NOT NULL,
	"name" text NOT NULL,
	"shipping_minor" bigint DEFAULT 0 NOT NULL,
	"fixed_fee_minor" bigint DEFAULT 0 NOT NULL,
	"margin_bp" integer NOT NULL,
	"fee_rate_bp" integer NOT NULL,
	"rounding" text DEFAULT 'none' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pricing_templates_fee_rate_ck" CHECK ("pricing_templates"."fee_rate_bp" >= 0 and "pricing_templates"."fee_rate_bp" < 10000)
);
--> statement-breakpoint
CREATE TABLE "text_templates" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"seller_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "forbidden_words" ADD CONSTRAINT "forbidden_words_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pricing_templates" ADD CONSTRAINT "pricing_templates_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "text_templates" ADD CONSTRAINT "text_templates_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "forbidden_words_seller_word_uq" ON "forbidden_words" USING btree (coalesce("seller_id", 0),lower("word"));--> statement-breakpoint
CREATE INDEX "pricing_templates_seller_idx" ON "pricing_templates" USING btree ("seller_id","id");--> statement-breakpoint
CREATE INDEX "text_templates_seller_kind_idx" ON "text_templates" USING btree ("seller_id","kind","id");