-- Every new person starts at Tier 1 (trigger users_kyc_profile, AFTER INSERT ON users), so the
-- posting path finds a KYC profile for every person.
CREATE OR REPLACE FUNCTION owo_kyc_new_profile() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO kyc_profiles (user_id) VALUES (NEW.id) ON CONFLICT DO NOTHING;
  RETURN NEW;
END
$$;
