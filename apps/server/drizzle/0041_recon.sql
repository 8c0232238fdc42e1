CREATE TABLE "recon_items" (
	"id" uuid PRIMARY KEY NOT NULL,
	"day" text NOT NULL,
	"source" text NOT NULL,
	"reference" text NOT NULL,
	"mismatch" text NOT NULL,
	"provider_amount" bigint,
	"provider_status" text,
	"provider_ref" text,
	"ledger_amount" bigint,
	"ledger_status" text,
	"customer_id" uuid,
	"action" text,
	"note" text,
	"resolved_by" uuid,
	"resolved_at" timestamp with time zone,
	"money_request_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recon_runs" (
	"day" text NOT NULL,
	"source" text NOT NULL,
	"status" text NOT NULL,
	"provider_lines" integer DEFAULT 0 NOT NULL,
	"ledger_records" integer DEFAULT 0 NOT NULL,
	"matched" integer DEFAULT 0 NOT NULL,
	"mismatched" integer DEFAULT 0 NOT NULL,
	"ran_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ran_by" uuid,
	"error" text,
	CONSTRAINT "recon_runs_day_source_pk" PRIMARY KEY("day","source")
);
--> statement-breakpoint
ALTER TABLE "recon_items" ADD CONSTRAINT "recon_items_resolved_by_staff_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recon_items" ADD CONSTRAINT "recon_items_money_request_id_staff_money_requests_id_fk" FOREIGN KEY ("money_request_id") REFERENCES "public"."staff_money_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recon_runs" ADD CONSTRAINT "recon_runs_ran_by_staff_id_fk" FOREIGN KEY ("ran_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "recon_items_source_reference_key" ON "recon_items" USING btree ("source","reference");--> statement-breakpoint
CREATE INDEX "recon_items_day_idx" ON "recon_items" USING btree ("day" DESC NULLS FIRST,"source","created_at");--> statement-breakpoint
CREATE INDEX "ledger_transfers_created_brin" ON "ledger_transfers" USING brin ("created_at");