ALTER TABLE "audit_logs" ALTER COLUMN "seller_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "sellers" ADD COLUMN "account_frozen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sellers" ADD COLUMN "freeze_reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_logs" ADD COLUMN "admin_id" bigint;--> statement-breakpoint
ALTER TABLE "audit_logs" ADD CONSTRAINT "audit_logs_admin_id_admin_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_logs_admin_idx" ON "audit_logs" USING btree ("admin_id","at" DESC NULLS LAST) WHERE "audit_logs"."admin_id" is not null;