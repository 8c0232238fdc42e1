CREATE TABLE "chat_push_queue" (
	"message_id" uuid PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "push_deliveries_user_topic_idx";--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "tag" text;--> statement-breakpoint
ALTER TABLE "loan_instalments" ADD COLUMN "reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "push_deliveries" ADD COLUMN "send_if" jsonb;--> statement-breakpoint
CREATE INDEX "chat_push_queue_created_idx" ON "chat_push_queue" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "push_deliveries_user_topic_idx" ON "push_deliveries" USING btree ("user_id","topic");