-- The session of this token hash is live and belongs to the user, whose PIN hash is still the one
-- the server verified, with no failed tries and no lock, and whose account is not frozen.
CREATE OR REPLACE FUNCTION owo_session_holds(p_user uuid, p_token_hash text, p_pin_hash text) RETURNS boolean
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN EXISTS (
    SELECT 1 FROM sessions s JOIN users u ON u.id = s.user_id
     WHERE s.token_hash = p_token_hash AND s.user_id = p_user AND s.revoked_at IS NULL AND s.expires_at > now()
       AND u.pin_hash = p_pin_hash AND u.pin_failed_attempts = 0 AND u.pin_locked_until IS NULL
       AND NOT EXISTS (SELECT 1 FROM account_freezes f WHERE f.user_id = p_user)
  );
END
$$;
