CREATE TABLE "chat_states" (
	"user_id" uuid NOT NULL,
	"conversation_id" uuid NOT NULL,
	"pinned_at" timestamp with time zone,
	"archived_at" timestamp with time zone,
	CONSTRAINT "chat_states_user_id_conversation_id_pk" PRIMARY KEY("user_id","conversation_id")
);
--> statement-breakpoint
CREATE TABLE "chat_hidden_messages" (
	"user_id" uuid NOT NULL,
	"message_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_hidden_messages_user_id_message_id_pk" PRIMARY KEY("user_id","message_id")
);
--> statement-breakpoint
CREATE TABLE "chat_stars" (
	"user_id" uuid NOT NULL,
	"message_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_stars_user_id_message_id_pk" PRIMARY KEY("user_id","message_id")
);
--> statement-breakpoint
CREATE INDEX "chat_states_pinned_idx" ON "chat_states" USING btree ("user_id") WHERE "chat_states"."pinned_at" is not null;--> statement-breakpoint
CREATE INDEX "chat_stars_user_idx" ON "chat_stars" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "chat_messages_text_idx" ON "chat_messages" USING gin (to_tsvector('simple'::regconfig, ("body" ->> 'text')));