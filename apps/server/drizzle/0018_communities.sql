CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "communities" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"category_id" text NOT NULL,
	"cover_url" text,
	"avatar_url" text,
	"visibility" text NOT NULL,
	"needs_approval" boolean DEFAULT false NOT NULL,
	"owner_id" uuid NOT NULL,
	"members_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "community_invites" (
	"id" uuid PRIMARY KEY NOT NULL,
	"community_id" uuid NOT NULL,
	"inviter_id" uuid NOT NULL,
	"invitee_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "community_join_requests" (
	"community_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "community_join_requests_community_id_user_id_pk" PRIMARY KEY("community_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "community_members" (
	"community_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_active_at" timestamp with time zone,
	CONSTRAINT "community_members_community_id_user_id_pk" PRIMARY KEY("community_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "community_ownership_requests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"community_id" uuid NOT NULL,
	"from_id" uuid NOT NULL,
	"to_id" uuid NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "spam_reason" text;--> statement-breakpoint
CREATE INDEX "communities_category_idx" ON "communities" USING btree ("category_id","members_count" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "communities_popular_idx" ON "communities" USING btree ("members_count" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "communities_search_idx" ON "communities" USING gin (("name" || ' ' || "description") gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "community_invites_once_idx" ON "community_invites" USING btree ("community_id","invitee_id");--> statement-breakpoint
CREATE INDEX "community_invites_invitee_idx" ON "community_invites" USING btree ("invitee_id","created_at");--> statement-breakpoint
CREATE INDEX "community_join_requests_user_idx" ON "community_join_requests" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "community_members_user_idx" ON "community_members" USING btree ("user_id","role");--> statement-breakpoint
CREATE INDEX "community_members_list_idx" ON "community_members" USING btree ("community_id","role","joined_at");--> statement-breakpoint
CREATE UNIQUE INDEX "community_ownership_pending_idx" ON "community_ownership_requests" USING btree ("community_id") WHERE "community_ownership_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "community_ownership_to_idx" ON "community_ownership_requests" USING btree ("to_id","status");--> statement-breakpoint
CREATE INDEX "community_ownership_from_idx" ON "community_ownership_requests" USING btree ("from_id","status");