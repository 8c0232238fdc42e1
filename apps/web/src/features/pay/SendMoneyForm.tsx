import { zodResolver } from '@hookform/resolvers/zod';
import type { Preview } from '@owo/contracts';
import { useMutation } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { transactionApi } from '../../api/transaction';
import { parseNairaToKobo } from '../../lib/money';
import { balanceHint } from '../../ui/AmountField';
import { AmountNarrationFields } from '../../ui/AmountNarrationFields';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { MoneyError } from '../../ui/MoneyError';
import { useBalances } from '../wallet';
import { type SendForm, sendForm } from './schemas';

/** Whom the money goes to (a person found in Pay, or the other side of a chat). */
export interface Recipient {
  id: string;
  firstName: string;
  lastName: string;
  nickName?: string | null;
  avatar?: string | null;
}

/**
 * Send money to one person: who it goes to ("Sending to", with `action` beside it), the amount and
 * narration, then Continue asks the server for the preview, which goes to `onPreview`. In Pay
 * (`framed`) the parts sit on cards; in a chat's sheet they do not.
 */
export function SendMoneyForm({
  person,
  onPreview,
  action,
  framed = false,
}: {
  person: Recipient;
  onPreview: (preview: Preview) => void;
  action?: ReactNode;
  framed?: boolean;
}) {
  const balances = useBalances();
  const form = useForm<SendForm>({ resolver: zodResolver(sendForm), defaultValues: { amount: '', narration: '' } });
  const initiate = useMutation({
    mutationFn: (v: SendForm) =>
      transactionApi.initiateSendMoney({
        recipientId: person.id,
        amount: parseNairaToKobo(v.amount) ?? 0,
        narration: v.narration || undefined,
      }),
    onSuccess: (res) => onPreview(res.data),
  });
  const who = (
    <>
      <Avatar src={person.avatar} firstName={person.firstName} lastName={person.lastName} />
      <div className={framed ? 'min-w-0 flex-1' : 'min-w-0'}>
        <p className="text-xs font-medium tracking-wide text-muted uppercase">Sending to</p>
        <p className="truncate font-semibold">{`${person.firstName} ${person.lastName}`.trim()}</p>
        {person.nickName ? <p className="truncate text-sm text-muted">@{person.nickName}</p> : null}
      </div>
      {action}
    </>
  );
  const fields = <AmountNarrationFields form={form} hint={balanceHint(balances.data?.walletBalance)} autoFocus />;
  return (
    <form onSubmit={form.handleSubmit((v) => initiate.mutate(v))} noValidate className="flex flex-col gap-5">
      {framed ? (
        <>
          <Card className="flex items-center gap-3 p-4">{who}</Card>
          <Card className="flex flex-col gap-5">{fields}</Card>
        </>
      ) : (
        <>
          <div className="flex items-center gap-3">{who}</div>
          {fields}
        </>
      )}
      <MoneyError error={initiate.error} />
      <Button type="submit" size="lg" block loading={initiate.isPending}>
        Continue
      </Button>
    </form>
  );
}
