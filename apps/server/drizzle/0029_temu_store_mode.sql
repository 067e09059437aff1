ALTER TABLE "oauth_states" ADD COLUMN "mode" text;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "mode" text;