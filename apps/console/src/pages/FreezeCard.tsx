import { zodResolver } from '@hookform/resolvers/zod';
import { freezeBody, unfreezeBody, type CustomerRecord } from '@owo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Lock, LockOpen } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Badge } from '@web/ui/Badge';
import { Button } from '@web/ui/Button';
import { Card } from '@web/ui/Card';
import { TextAreaField } from '@web/ui/Field';
import { FormAlert } from '@web/ui/FormAlert';
import { call, messageOf, newKey } from '../api';
import { fieldErrorText, useServerErrors } from '../forms';
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
      {/* A form of its own for each state: a freeze's reason is never sent as an unfreeze's. */}
      {mayFreeze ? <FreezeForm key={freeze ? 'frozen' : 'active'} customerId={customerId} frozen={freeze !== null} /> : null}
    </Card>
  );
}

/** Freezes (with the reason the customer reads) or unfreezes (with one for the log) the account. */
function FreezeForm({ customerId, frozen }: { customerId: string; frozen: boolean }) {
  const queries = useQueryClient();
  const [key] = useState(newKey);
  const form = useForm({ resolver: zodResolver(frozen ? unfreezeBody : freezeBody), defaultValues: { reason: '' } });
  const act = useMutation({
    mutationFn: async (body: { reason: string }) =>
      frozen
        ? call('POST /api/staff/customers/:id/unfreeze', { params: { id: customerId }, body, idempotencyKey: key })
        : call('POST /api/staff/customers/:id/freeze', { params: { id: customerId }, body, idempotencyKey: key }),
    onSuccess: () => void queries.invalidateQueries({ queryKey: ['customer', customerId] }),
  });
  const onServerError = useServerErrors(form, ['reason']);
  const fieldError = fieldErrorText(form, 'reason');
  return (
    <form onSubmit={form.handleSubmit((v) => act.mutate(v, { onError: onServerError }))} className="flex flex-col gap-3" noValidate>
      <FormAlert message={act.error && !fieldError ? messageOf(act.error) : null} />
      <TextAreaField
        label={frozen ? 'Why unfreeze' : 'Reason the customer sees'}
        error={fieldError}
        maxLength={500}
        {...form.register('reason')}
      />
      <Button type="submit" size="sm" variant={frozen ? 'secondary' : 'danger'} loading={act.isPending} className="self-end">
        {frozen ? 'Unfreeze account' : 'Freeze account'}
      </Button>
    </form>
  );
}
