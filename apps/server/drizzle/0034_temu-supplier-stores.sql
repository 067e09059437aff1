CREATE TABLE "temu_supplier_stores" (
	"seller_id" bigint NOT NULL,
	"store_id" bigint NOT NULL,
	"supplier_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "temu_supplier_stores_store_id_supplier_id_pk" PRIMARY KEY("store_id","supplier_id")
);
--> statement-breakpoint
ALTER TABLE "temu_supplier_stores" ADD CONSTRAINT "temu_supplier_stores_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "temu_supplier_stores" ADD CONSTRAINT "temu_supplier_stores_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "temu_supplier_stores" ADD CONSTRAINT "temu_supplier_stores_supplier_id_factories_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."factories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "temu_supplier_stores_seller_idx" ON "temu_supplier_stores" USING btree ("seller_id");