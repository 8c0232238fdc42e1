-- A history row as the API's receipt (the shape of toReceipt in history.ts; receipt.test.ts
-- compares them field by field). SQL, so that the planner inlines it into the statements that
-- call it.
CREATE OR REPLACE FUNCTION owo_receipt(h transactions) RETURNS jsonb
LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object(
    'id', h.id,
    'reference', h.reference,
    'type', h.type,
    'direction', h.direction,
    'amount', h.amount,
    'fee', h.fee,
    'status', h.status,
    'narration', h.narration,
    'counterparty', h.counterparty,
    'failureReason', h.failure_reason,
    'token', h.token,
    'createdAt', to_char(h.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'updatedAt', to_char(h.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'total', CASE WHEN h.direction = 'debit' THEN h.amount + h.fee ELSE h.amount END
  )
$$;
