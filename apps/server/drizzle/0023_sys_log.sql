CREATE TABLE "operation_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_id" bigint NOT NULL,
	"seller_id" bigint,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"status" integer NOT NULL,
	"duration_ms" integer NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"params" text
);
--> statement-breakpoint
CREATE TABLE "sys_params" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "operation_logs_at_idx" ON "operation_logs" USING btree ("at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "operation_logs_actor_idx" ON "operation_logs" USING btree ("actor_kind","actor_id","at" DESC NULLS FIRST);