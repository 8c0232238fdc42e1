import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@web/ui/Button';
import { TextAreaField } from '@web/ui/Field';
import { FormAlert } from '@web/ui/FormAlert';
import { Sheet } from '@web/ui/Sheet';
import { messageOf, newKey } from './api';
import { fieldErrorText, useServerErrors } from './forms';

// The sheet of every staff decision that carries a reason someone reads (a moderation decision or
// ban, a KYC decision, a dispute's decision): a form checked by the call's own schema from the
// contracts, its other fields given by the page, the reason, and one button. The action keeps one
// Idempotency-Key while the sheet is open, so sending it again is answered as the first time.

export type ReasonSheetProps<In extends FieldValues, Out, R> = {
  /** Open while a decision is being made; closed, nothing of the form is kept. */
  open: boolean;
  onClose: () => void;
  title: string;
  /** The call's body schema from the contracts (or a form schema piped into it): the form is checked by it before it is sent. */
  schema: z.ZodType<Out, In>;
  defaultValues: DefaultValues<In>;
  /** Who reads the reason (under the field); null: the decision has no reason field. */
  reasonHint: string | null;
  reasonLabel?: string;
  /** Text above the fields (what the decision does). */
  intro?: ReactNode;
  /** The call's other fields (a decision's shares, a ban's length), bound to the form. */
  fields?: (form: UseFormReturn<In, unknown, Out>) => ReactNode;
  submitLabel: string;
  danger?: boolean;
  /** Sends the checked values with the action's Idempotency-Key. */
  send: (values: Out, idempotencyKey: string) => Promise<R>;
  /** After the server accepted it: the page closes the sheet and says what happened. */
  onDone: (result: R, values: Out) => void;
};

export function ReasonSheet<In extends FieldValues, Out, R>(props: ReasonSheetProps<In, Out, R>) {
  return (
    <Sheet open={props.open} onClose={props.onClose} title={props.title} variant="modal">
      <ReasonForm {...props} />
    </Sheet>
  );
}

function ReasonForm<In extends FieldValues, Out, R>({
  schema,
  defaultValues,
  reasonHint,
  reasonLabel = 'Reason',
  intro,
  fields,
  submitLabel,
  danger,
  send,
  onDone,
}: ReasonSheetProps<In, Out, R>) {
  const [key] = useState(newKey);
  const form = useForm<In, unknown, Out>({ resolver: zodResolver(schema), defaultValues });
  const sent = useMutation({ mutationFn: (values: Out) => send(values, key), onSuccess: (r, values) => onDone(r, values) });
  const onServerError = useServerErrors(form, ['reason' as Path<In>]);
  const reason = 'reason' as Path<In>;
  return (
    <form
      onSubmit={form.handleSubmit((values) => sent.mutate(values, { onError: onServerError }))}
      className="flex flex-col gap-4"
      noValidate
    >
      <FormAlert message={sent.error && !fieldErrorText(form, reason) ? messageOf(sent.error) : null} />
      {intro}
      {fields?.(form)}
      {reasonHint !== null ? (
        <TextAreaField
          label={reasonLabel}
          hint={reasonHint}
          maxLength={500}
          error={fieldErrorText(form, reason)}
          {...form.register(reason)}
        />
      ) : null}
      <Button type="submit" block variant={danger ? 'danger' : 'primary'} loading={sent.isPending}>
        {submitLabel}
      </Button>
    </form>
  );
}
