CREATE TABLE "comment_reports" (
	"comment_id" uuid NOT NULL,
	"reporter_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "comment_reports_comment_id_reporter_id_pk" PRIMARY KEY("comment_id","reporter_id")
);
--> statement-breakpoint
CREATE TABLE "community_reports" (
	"community_id" uuid NOT NULL,
	"reporter_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "community_reports_community_id_reporter_id_pk" PRIMARY KEY("community_id","reporter_id")
);
--> statement-breakpoint
CREATE TABLE "user_bans" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"until" timestamp with time zone,
	"banned_by" uuid NOT NULL,
	"banned_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "post_comments" ADD COLUMN "report_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "post_comments" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "communities" ADD COLUMN "report_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "communities" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "communities" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "post_comments_reported_idx" ON "post_comments" USING btree ("report_count" DESC NULLS FIRST,"id") WHERE "post_comments"."report_count" > 0;--> statement-breakpoint
CREATE INDEX "communities_reported_idx" ON "communities" USING btree ("report_count" DESC NULLS FIRST,"id") WHERE "communities"."report_count" > 0;--> statement-breakpoint
CREATE INDEX "shop_reports_open_idx" ON "shop_reports" USING btree ("shop_id","product_id") WHERE "shop_reports"."status" = 'open';