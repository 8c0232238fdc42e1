CREATE TABLE "chat_calls" (
	"id" uuid PRIMARY KEY NOT NULL,
	"caller_id" uuid NOT NULL,
	"callee_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "chat_conversations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_a" uuid NOT NULL,
	"user_b" uuid NOT NULL,
	"last_seq" integer DEFAULT 0 NOT NULL,
	"last_message_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_last_seen" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_marks" (
	"conversation_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"delivered_seq" integer DEFAULT 0 NOT NULL,
	"seen_seq" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "chat_marks_conversation_id_user_id_pk" PRIMARY KEY("conversation_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"conversation_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"from_user_id" uuid NOT NULL,
	"to_user_id" uuid NOT NULL,
	"client_msg_id" text NOT NULL,
	"msg_type" text NOT NULL,
	"body" jsonb NOT NULL,
	"payment_reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_saved_media" (
	"user_id" uuid NOT NULL,
	"message_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_saved_media_user_id_message_id_pk" PRIMARY KEY("user_id","message_id")
);
--> statement-breakpoint
CREATE INDEX "chat_calls_caller_idx" ON "chat_calls" USING btree ("caller_id","started_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "chat_calls_callee_idx" ON "chat_calls" USING btree ("callee_id","started_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "chat_calls_live_idx" ON "chat_calls" USING btree ("status","started_at") WHERE "chat_calls"."status" in ('ringing', 'active');--> statement-breakpoint
CREATE INDEX "chat_conversations_a_idx" ON "chat_conversations" USING btree ("user_a","last_message_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "chat_conversations_b_idx" ON "chat_conversations" USING btree ("user_b","last_message_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "chat_messages_seq_idx" ON "chat_messages" USING btree ("conversation_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_messages_client_idx" ON "chat_messages" USING btree ("from_user_id","client_msg_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_messages_payment_idx" ON "chat_messages" USING btree ("payment_reference") WHERE "chat_messages"."payment_reference" is not null;--> statement-breakpoint
CREATE INDEX "chat_saved_media_user_idx" ON "chat_saved_media" USING btree ("user_id","created_at" DESC NULLS LAST);