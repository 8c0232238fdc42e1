CREATE TABLE "job_leases" (
	"name" text PRIMARY KEY NOT NULL,
	"owner" text,
	"leased_until" timestamp with time zone DEFAULT '-infinity' NOT NULL,
	"due_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"runs" integer DEFAULT 0 NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL
);
