-- Today's date in Lagos (UTC+1 all year, no summer time): the day the daily limits count. Plain
-- SQL and STABLE, so that a statement calling it (owo_kyc_check's) has it inlined, with no call.
CREATE OR REPLACE FUNCTION owo_lagos_day() RETURNS date
LANGUAGE sql STABLE AS $$
  SELECT ((now() AT TIME ZONE 'UTC') + interval '1 hour')::date
$$;
