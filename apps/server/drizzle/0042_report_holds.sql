ALTER TABLE "products" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "hidden_at" timestamp with time zone;