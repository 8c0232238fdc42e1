CREATE TABLE "loan_instalments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"loan_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"due_date" timestamp with time zone NOT NULL,
	"amount" bigint NOT NULL,
	"paid" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loans" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"loan_type_id" text NOT NULL,
	"name" text NOT NULL,
	"principal" bigint NOT NULL,
	"interest" bigint NOT NULL,
	"repaid" bigint NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "locked_funds" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"title" text NOT NULL,
	"amount" bigint NOT NULL,
	"rate_bps" integer NOT NULL,
	"duration_days" integer NOT NULL,
	"interest" bigint NOT NULL,
	"tax" bigint NOT NULL,
	"maturity_date" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "savings_runs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"target_id" uuid NOT NULL,
	"scheduled_for" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "savings_targets" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"target_amount" bigint NOT NULL,
	"target_date" date NOT NULL,
	"auto_amount" bigint,
	"auto_frequency" text,
	"next_run_at" timestamp with time zone,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "loan_instalments" ADD CONSTRAINT "loan_instalments_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "savings_runs" ADD CONSTRAINT "savings_runs_target_id_savings_targets_id_fk" FOREIGN KEY ("target_id") REFERENCES "public"."savings_targets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "loan_instalments_seq_key" ON "loan_instalments" USING btree ("loan_id","seq");--> statement-breakpoint
CREATE INDEX "loan_instalments_due_idx" ON "loan_instalments" USING btree ("due_date");--> statement-breakpoint
CREATE INDEX "loans_user_idx" ON "loans" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "loans_one_active_key" ON "loans" USING btree ("user_id") WHERE "loans"."status" = 'active';--> statement-breakpoint
CREATE INDEX "locked_funds_user_idx" ON "locked_funds" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "savings_runs_slot_key" ON "savings_runs" USING btree ("target_id","scheduled_for");--> statement-breakpoint
CREATE INDEX "savings_targets_user_idx" ON "savings_targets" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "savings_targets_due_idx" ON "savings_targets" USING btree ("next_run_at") WHERE "savings_targets"."next_run_at" IS NOT NULL;