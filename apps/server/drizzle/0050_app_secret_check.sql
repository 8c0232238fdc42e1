CREATE TABLE "app_secret_check" (
	"id" integer PRIMARY KEY NOT NULL,
	"fingerprint" text NOT NULL,
	"console_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
