ALTER TABLE "jobs" ADD COLUMN "message_params" jsonb;--> statement-breakpoint
ALTER TABLE "parent_skus" ADD COLUMN "size_zh" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "memo_params" jsonb;