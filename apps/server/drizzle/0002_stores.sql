CREATE TABLE "exempt_brands" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"seller_id" bigint NOT NULL,
	"store_id" bigint,
	"brand" text NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oauth_states" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"state_hash" text NOT NULL,
	"seller_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"market_site_id" integer NOT NULL,
	"store_id" bigint,
	"alias" text,
	"shop" text,
	"redirect_uri" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_staff" (
	"store_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	CONSTRAINT "store_staff_store_id_user_id_pk" PRIMARY KEY("store_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "stores" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"seller_id" bigint NOT NULL,
	"marketplace" text NOT NULL,
	"market_site_id" integer NOT NULL,
	"alias" text NOT NULL,
	"tax_number" text DEFAULT '' NOT NULL,
	"account" text NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"source" text NOT NULL,
	"auth_status" text DEFAULT 'active' NOT NULL,
	"credentials" text NOT NULL,
	"token_expires_at" timestamp with time zone,
	"authorized_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stores_status_flag" CHECK ("stores"."status" in (0, 1))
);
--> statement-breakpoint
ALTER TABLE "exempt_brands" ADD CONSTRAINT "exempt_brands_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exempt_brands" ADD CONSTRAINT "exempt_brands_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_states" ADD CONSTRAINT "oauth_states_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_states" ADD CONSTRAINT "oauth_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_states" ADD CONSTRAINT "oauth_states_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_staff" ADD CONSTRAINT "store_staff_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_staff" ADD CONSTRAINT "store_staff_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "exempt_brands_seller_store_brand_uq" ON "exempt_brands" USING btree ("seller_id",coalesce("store_id", 0),lower("brand"));--> statement-breakpoint
CREATE UNIQUE INDEX "oauth_states_hash_uq" ON "oauth_states" USING btree ("state_hash");--> statement-breakpoint
CREATE INDEX "store_staff_user_idx" ON "store_staff" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stores_seller_site_account_uq" ON "stores" USING btree ("seller_id","market_site_id","account");--> statement-breakpoint
CREATE INDEX "stores_seller_created_idx" ON "stores" USING btree ("seller_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);