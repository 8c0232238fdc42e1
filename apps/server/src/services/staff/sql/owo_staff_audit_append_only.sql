-- The staff audit log is append-only (triggers staff_audit_log_append_only and
-- staff_audit_log_no_truncate): an entry, once written, is never changed or removed. The hash
-- chain (services/staff/audit.ts) still finds a change made by someone who can drop the trigger.
CREATE OR REPLACE FUNCTION owo_staff_audit_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the staff audit log is append-only' USING ERRCODE = 'restrict_violation';
END
$$;
