import type { CustomerRecord } from '@owo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Lock, LockOpen } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Badge } from '@web/ui/Badge';
import { Button } from '@web/ui/Button';
import { Card } from '@web/ui/Card';
import { TextAreaField } from '@web/ui/Field';
import { FormAlert } from '@web/ui/FormAlert';
import { ApiError, call, messageOf, newKey } from '../api';
import { when } from '../ui';

/**
 * The account's freeze: its state and reason, and (for support and compliance) the form that
 * freezes or unfreezes it. A frozen account can sign in and read, but moves no money out.
 */
export function FreezeCard({
  customerId,
  freeze,
  mayFreeze,
}: {
  customerId: string;
  freeze: CustomerRecord['freeze'];
  mayFreeze: boolean;
}) {
  const queries = useQueryClient();
  const [reason, setReason] = useState('');
  const [key, setKey] = useState(newKey);
  const act = useMutation({
    mutationFn: async () =>
      freeze
        ? call('POST /api/staff/customers/:id/unfreeze', { params: { id: customerId }, body: { reason }, idempotencyKey: key })
        : call('POST /api/staff/customers/:id/freeze', { params: { id: customerId }, body: { reason }, idempotencyKey: key }),
    onSuccess: () => {
      setReason('');
      setKey(newKey());
      void queries.invalidateQueries({ queryKey: ['customer', customerId] });
    },
  });
  const fieldError = act.error instanceof ApiError ? act.error.errors.find((e) => e.path === 'reason')?.message : undefined;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    act.mutate();
  };
  if (!freeze && !mayFreeze) return null;
  return (
    <Card className={freeze ? 'border-danger-fg/40' : undefined}>
      <h2 className="mb-2 flex items-center gap-2 text-lg font-bold">
        {freeze ? (
          <Lock className="size-5 text-danger-fg" aria-hidden="true" />
        ) : (
          <LockOpen className="size-5 text-muted" aria-hidden="true" />
        )}
        Account {freeze ? <Badge tone="danger">frozen</Badge> : <Badge tone="brand">active</Badge>}
      </h2>
      {freeze ? (
        <p className="mb-3 text-[15px]">
          Frozen {when(freeze.since)}. The customer reads: “{freeze.reason}”
        </p>
      ) : (
        <p className="mb-3 text-sm text-muted">Freezing stops every payment, transfer and withdrawal. The customer sees your reason.</p>
      )}
      {mayFreeze ? (
        <form onSubmit={submit} className="flex flex-col gap-3" noValidate>
          <FormAlert message={act.error && !fieldError ? messageOf(act.error) : null} />
          <TextAreaField
            label={freeze ? 'Why unfreeze' : 'Reason the customer sees'}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            error={fieldError}
            maxLength={500}
          />
          <Button
            type="submit"
            size="sm"
            variant={freeze ? 'secondary' : 'danger'}
            loading={act.isPending}
            disabled={!reason.trim()}
            className="self-end"
          >
            {freeze ? 'Unfreeze account' : 'Freeze account'}
          </Button>
        </form>
      ) : null}
    </Card>
  );
}
