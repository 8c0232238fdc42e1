import { zodResolver } from '@hookform/resolvers/zod';
import type { Preview, Receipt } from '@owo/contracts';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useForm } from 'react-hook-form';
import { walletApi } from '../../api/wallet';
import { parseNairaToKobo } from '../../lib/money';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { useBalances } from '../wallet';
import { balanceHint } from '../../ui/AmountField';
import { AmountNarrationFields } from '../../ui/AmountNarrationFields';
import { AccountNameStatus, AccountNumberField, BankSelect, useAccountName } from './bank-fields';
import { MoneyError } from '../../ui/MoneyError';
import { type BankForm, bankForm } from './schemas';
import { TransferDialog } from './TransferDialog';

const EMPTY: BankForm = { bankCode: '', accountNumber: '', amount: '', narration: '' };

export default function BankTransferTab() {
  const [preview, setPreview] = useState<Preview | null>(null);
  const form = useForm<BankForm>({ resolver: zodResolver(bankForm), defaultValues: EMPTY });
  const { register, handleSubmit, watch, reset, formState } = form;
  const bankCode = watch('bankCode');
  const accountNumber = watch('accountNumber');
  const lookup = useAccountName(bankCode, accountNumber);
  const balances = useBalances();

  const initiate = useMutation({
    mutationFn: (v: BankForm) =>
      walletApi.initiateBankTransfer({
        bankCode: v.bankCode,
        accountNumber: v.accountNumber,
        amount: parseNairaToKobo(v.amount) ?? 0,
        narration: v.narration || undefined,
      }),
    onSuccess: (res) => setPreview(res.data),
  });
  const closePreview = useCallback(() => setPreview(null), []);
  const done = useCallback(
    (receipt: Receipt) => {
      setPreview(null);
      // A reversed transfer keeps the details so the user can try again (or pick another bank).
      if (receipt.status !== 'reversed' && receipt.status !== 'failed') reset(EMPTY);
    },
    [reset],
  );

  const account = register('accountNumber');
  return (
    <>
      <form onSubmit={handleSubmit((v) => initiate.mutate(v))} noValidate className="flex flex-col gap-5">
        <Card className="flex flex-col gap-5">
          <BankSelect error={formState.errors.bankCode?.message} {...register('bankCode')} />
          <AccountNumberField error={formState.errors.accountNumber?.message} {...account} />
          <AccountNameStatus lookup={lookup} />
          <AmountNarrationFields form={form} hint={balanceHint(balances.data?.walletBalance)} />
        </Card>
        <MoneyError error={initiate.error} />
        <Button type="submit" size="lg" block loading={initiate.isPending} disabled={lookup.ready && (lookup.isError || lookup.isFetching)}>
          Continue
        </Button>
      </form>
      <TransferDialog
        preview={preview}
        onClose={closePreview}
        onDone={done}
        complete={walletApi.completeBankTransfer}
        checkStatus={walletApi.transferStatus}
      />
    </>
  );
}
