CREATE TABLE "fba_plans" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"seller_id" bigint NOT NULL,
	"store_id" bigint NOT NULL,
	"number" text NOT NULL,
	"name" text NOT NULL,
	"remote_plan_id" text NOT NULL,
	"step" text DEFAULT 'packing' NOT NULL,
	"source_address" jsonb NOT NULL,
	"items" jsonb NOT NULL,
	"boxes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"offers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"placement_option_id" text,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fba_shipments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"plan_id" bigint NOT NULL,
	"remote_shipment_id" text NOT NULL,
	"confirmation_id" text,
	"status" text DEFAULT 'WORKING' NOT NULL,
	"warehouse_id" text,
	"transportation_option_id" text,
	"carrier" text,
	"boxes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tracking" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"history" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"synced_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "fba_plans" ADD CONSTRAINT "fba_plans_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fba_plans" ADD CONSTRAINT "fba_plans_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fba_shipments" ADD CONSTRAINT "fba_shipments_plan_id_fba_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."fba_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fba_plans_number" ON "fba_plans" USING btree ("seller_id","number");--> statement-breakpoint
CREATE INDEX "fba_plans_seller_created" ON "fba_plans" USING btree ("seller_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "fba_shipments_remote" ON "fba_shipments" USING btree ("plan_id","remote_shipment_id");--> statement-breakpoint
CREATE INDEX "fba_shipments_confirmation" ON "fba_shipments" USING btree ("confirmation_id");