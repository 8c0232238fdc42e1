DROP INDEX "shops_earth_idx";--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "earth" "cube" GENERATED ALWAYS AS (ll_to_earth(latitude, longitude)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "shops_earth_idx" ON "shops" USING gist ("earth");