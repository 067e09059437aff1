CREATE TABLE "notification_reads" (
	"notification_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_reads_notification_id_user_id_pk" PRIMARY KEY("notification_id","user_id")
);
--> statement-breakpoint
DROP INDEX "notifications_unread_idx";--> statement-breakpoint
ALTER TABLE "notification_reads" ADD CONSTRAINT "notification_reads_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_reads" ADD CONSTRAINT "notification_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_seller_kind_idx" ON "notifications" USING btree ("seller_id","kind","id");--> statement-breakpoint
-- The one read state so far was the account's: a notice read then counts as read by each of
-- its users who could see it (its addressee, or the account's users for an account-wide one).
INSERT INTO "notification_reads" ("notification_id", "user_id", "read_at")
SELECT n."id", u."id", n."read_at"
FROM "notifications" n
JOIN "users" u ON u."seller_id" = n."seller_id" AND (n."user_id" IS NULL OR n."user_id" = u."id")
WHERE n."read_at" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" DROP COLUMN "read_at";