CREATE TABLE "sandbox_provider_calls" (
	"provider" text NOT NULL,
	"reference" text NOT NULL,
	"result" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_provider_calls_provider_reference_pk" PRIMARY KEY("provider","reference")
);
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "resource" text;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "owner" text;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "locked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "claimed_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "savings_targets" ADD COLUMN "auto_day" integer;