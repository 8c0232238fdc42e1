DROP INDEX "user_devices_user_idx";--> statement-breakpoint
DROP INDEX "kyc_held_credits_user_idx";--> statement-breakpoint
ALTER TABLE "kyc_profiles" ADD COLUMN "tier3_reason" text;--> statement-breakpoint
CREATE INDEX "user_devices_user_idx" ON "user_devices" USING btree ("user_id","last_seen_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "kyc_held_credits_user_idx" ON "kyc_held_credits" USING btree ("user_id","created_at" DESC NULLS FIRST);