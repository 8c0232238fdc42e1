ALTER TABLE "uploads" ALTER COLUMN "thumbnail_key" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "uploads" ALTER COLUMN "thumbnail_url" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "uploads" ALTER COLUMN "width" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "uploads" ALTER COLUMN "height" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "kind" text DEFAULT 'image' NOT NULL;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "duration_ms" integer;--> statement-breakpoint
CREATE INDEX "uploads_url_idx" ON "uploads" USING btree ("url");