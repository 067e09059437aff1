ALTER TABLE "parent_products" ADD COLUMN "attributes_en" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "parent_skus" ADD COLUMN "color_zh" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Attributes stored so far are English: they become the English form; the zh-CN form starts as a copy until an operator or the seed writes one.
UPDATE "parent_products" SET "attributes_en" = "attributes";
