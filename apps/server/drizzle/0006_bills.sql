CREATE TABLE "bill_beneficiaries" (
	"user_id" uuid NOT NULL,
	"label" text NOT NULL,
	"customer_number" text NOT NULL,
	"customer_name" text,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bill_beneficiaries_user_id_label_customer_number_pk" PRIMARY KEY("user_id","label","customer_number")
);
--> statement-breakpoint
CREATE INDEX "bill_beneficiaries_recent_idx" ON "bill_beneficiaries" USING btree ("user_id","label","last_used_at");