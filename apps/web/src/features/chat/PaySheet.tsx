import { zodResolver } from '@hookform/resolvers/zod';
import type { Preview, Receipt } from '@owo/contracts';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { ChatUser } from '../../api/chat';
import { transactionApi } from '../../api/transaction';
import { toastError } from '../../lib/errors';
import { parseNairaToKobo } from '../../lib/money';
import { AmountField, balanceHint } from '../../ui/AmountField';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { MoneyError } from '../../ui/MoneyError';
import { Sheet } from '../../ui/Sheet';
import { type SendForm, TransferDialog, sendForm } from '../pay';
import { useBalances } from '../wallet';
import { fullName } from './cache';

function AmountForm({ person, onPreview }: { person: ChatUser; onPreview: (p: Preview) => void }) {
  const balances = useBalances();
  const { register, handleSubmit, watch, formState } = useForm<SendForm>({
    resolver: zodResolver(sendForm),
    defaultValues: { amount: '', narration: '' },
  });
  const initiate = useMutation({
    mutationFn: (v: SendForm) =>
      transactionApi.initiateSendMoney({
        recipientId: person.id,
        amount: parseNairaToKobo(v.amount) ?? 0,
        narration: v.narration || undefined,
      }),
    onSuccess: (res) => onPreview(res.data),
    onError: toastError,
  });
  return (
    <form onSubmit={handleSubmit((v) => initiate.mutate(v))} noValidate className="flex flex-col gap-5">
      <div className="flex items-center gap-3">
        <Avatar src={person.avatar} firstName={person.firstName} lastName={person.lastName} />
        <div className="min-w-0">
          <p className="text-xs font-medium tracking-wide text-muted uppercase">Sending to</p>
          <p className="truncate font-semibold">{fullName(person)}</p>
          {person.nickName ? <p className="truncate text-sm text-muted">@{person.nickName}</p> : null}
        </div>
      </div>
      <AmountField
        autoFocus
        typed={watch('amount')}
        hint={balanceHint(balances.data?.walletBalance)}
        error={formState.errors.amount?.message}
        {...register('amount')}
      />
      <Field
        label="Narration (optional)"
        maxLength={100}
        placeholder="What's it for?"
        error={formState.errors.narration?.message}
        {...register('narration')}
      />
      <MoneyError error={initiate.error} />
      <Button type="submit" size="lg" block loading={initiate.isPending}>
        Continue
      </Button>
    </form>
  );
}

/**
 * "Pay" in a conversation: the amount, then the app's own send-money preview and PIN (the same
 * initiate and complete calls as Pay → Send money). Once the money has moved, `onPaid` gets the
 * receipt, and the conversation shares it as a payment message.
 */
export function PaySheet({
  person,
  open,
  onClose,
  onPaid,
}: {
  person: ChatUser;
  open: boolean;
  onClose: () => void;
  onPaid: (receipt: Receipt) => void;
}) {
  const [preview, setPreview] = useState<Preview | null>(null);
  const closeAll = useCallback(() => {
    setPreview(null);
    onClose();
  }, [onClose]);
  const complete = useCallback(
    async (reference: string, pin: string, idempotencyKey: string) => {
      const res = await transactionApi.complete(reference, pin, idempotencyKey);
      if (res.data.status === 'successful' || res.data.status === 'pending') onPaid(res.data);
      return res;
    },
    [onPaid],
  );
  return (
    <>
      <Sheet open={open && !preview} onClose={closeAll} title={`Send money to ${person.firstName}`}>
        {open && !preview ? <AmountForm person={person} onPreview={setPreview} /> : null}
      </Sheet>
      <TransferDialog preview={open ? preview : null} onClose={closeAll} onDone={closeAll} complete={complete} />
    </>
  );
}
