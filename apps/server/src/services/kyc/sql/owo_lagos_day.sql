-- Today's date in Lagos (UTC+1 all year, no summer time): the day the daily limits count.
CREATE OR REPLACE FUNCTION owo_lagos_day() RETURNS date
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN ((now() AT TIME ZONE 'UTC') + interval '1 hour')::date;
END
$$;
