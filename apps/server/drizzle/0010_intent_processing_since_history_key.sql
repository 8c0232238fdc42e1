-- History rows are keyed by (person, reference, side), which was a unique index beside a primary
-- key on `id` that nothing looked rows up by: the natural key becomes the primary key and the
-- index on `id` goes, one fewer index entry for each side of every payment.
ALTER TABLE "transactions" DROP CONSTRAINT "transactions_pkey";--> statement-breakpoint
DROP INDEX "transactions_user_ref_dir_key";--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_pkey" PRIMARY KEY("user_id","reference","direction");--> statement-breakpoint
-- The reconciler finds payments waiting on an outside system by `processing_since` rather than by
-- a partial index on `status`, so completing a payment changes no indexed column and, with room
-- left on each page, is a HOT update (no new index entries).
DROP INDEX "payment_intents_processing_idx";--> statement-breakpoint
ALTER TABLE "payment_intents" ADD COLUMN "processing_since" timestamp with time zone;--> statement-breakpoint
UPDATE "payment_intents" SET "processing_since" = coalesce("completed_at", "created_at") WHERE "status" = 'processing';--> statement-breakpoint
CREATE INDEX "payment_intents_processing_idx" ON "payment_intents" USING btree ("processing_since") WHERE "payment_intents"."processing_since" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_intents" SET (fillfactor = 70);
