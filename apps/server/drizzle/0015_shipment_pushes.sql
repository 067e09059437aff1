CREATE TABLE "shipment_pushes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"seller_id" bigint NOT NULL,
	"store_id" bigint NOT NULL,
	"package_ref" text NOT NULL,
	"carrier" text NOT NULL,
	"tracking_number" text NOT NULL,
	"items" jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error_key" text,
	"last_error_params" jsonb,
	"reason" text,
	"remote_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shipment_pushes" ADD CONSTRAINT "shipment_pushes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_pushes" ADD CONSTRAINT "shipment_pushes_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_pushes" ADD CONSTRAINT "shipment_pushes_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shipment_pushes_order_package_uq" ON "shipment_pushes" USING btree ("order_id","package_ref");--> statement-breakpoint
CREATE INDEX "shipment_pushes_due_idx" ON "shipment_pushes" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "shipment_pushes_seller_order_idx" ON "shipment_pushes" USING btree ("seller_id","order_id");