ALTER TABLE "uploads" ADD COLUMN "private" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Tier 3 requests made before documents were private uploads named their documents by address (any
-- string a client sent): a request still waiting is sent back, with a reason the customer reads, so
-- it is sent again from the app; nothing from those addresses is shown to staff.
UPDATE "kyc_profiles" SET "tier3_status" = 'rejected', "tier3_reason" = 'Please upload your ID and proof of address again in the app', "tier3_documents" = NULL, "updated_at" = now() WHERE "tier3_status" = 'pending' AND NOT ("tier3_documents" ? 'idDocumentId');--> statement-breakpoint
UPDATE "kyc_profiles" SET "tier3_documents" = NULL WHERE "tier3_documents" IS NOT NULL AND NOT ("tier3_documents" ? 'idDocumentId');
