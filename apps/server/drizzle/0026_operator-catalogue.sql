ALTER TABLE "sellers" ADD COLUMN "account_frozen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sellers" ADD COLUMN "freeze_reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "audit_logs_admin_idx" ON "audit_logs" USING btree ("admin_id","at" DESC NULLS LAST) WHERE "audit_logs"."admin_id" is not null;