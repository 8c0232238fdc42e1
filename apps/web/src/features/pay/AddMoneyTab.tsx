import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CreditCard, Trash2 } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from '../../lib/toast';
import { type FundBankBody, type FundCardBody, type SavedCard, walletApi } from '../../api/wallet';
import { cn } from '../../lib/cn';
import { parseNairaToKobo } from '../../lib/money';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { CodeField } from '../../ui/CodeField';
import { EmptyState } from '../../ui/EmptyState';
import { Field } from '../../ui/Field';
import { Skeleton } from '../../ui/Spinner';
import { Tabs } from '../../ui/Tabs';
import { QueryError } from '../../ui/QueryError';
import { invalidateMoney, useSavedCards, walletKeys } from '../wallet';
import { AmountField } from '../../ui/AmountField';
import { AccountNameStatus, AccountNumberField, BankSelect, useAccountName } from './bank-fields';
import { BankTransferPanel } from './BankTransferPanel';
import { MoneyError } from '../../ui/MoneyError';
import { errorCode, toastError } from '../../lib/errors';
import {
  type CardFormInput,
  type CardFormOutput,
  type FundBankForm,
  type SavedCardForm,
  cardForm,
  fundBankForm,
  savedCardForm,
} from './schemas';
import { useAttemptKey } from '../../lib/use-attempt-key';
import { useSearchParams } from 'react-router';

/** The amount asked for by the page that sent the person here (`?amount=` in kobo, e.g. checkout's shortfall), as the field types it. */
function usePrefilledAmount(): string {
  const [params] = useSearchParams();
  const kobo = Number(params.get('amount'));
  return Number.isSafeInteger(kobo) && kobo > 0 ? String(kobo % 100 === 0 ? kobo / 100 : (kobo / 100).toFixed(2)) : '';
}

type Method = 'card' | 'transfer' | 'bank' | 'saved';
const METHODS = [
  { id: 'card', label: 'Card' },
  { id: 'transfer', label: 'Bank transfer' },
  { id: 'bank', label: 'Bank account' },
  { id: 'saved', label: 'Saved card' },
] as const satisfies ReadonlyArray<{ id: Method; label: string }>;

/** The card's short fields, in a row: expiry month and year, and the CVV (masked). */
const CARD_CODES = [
  { name: 'expiryMonth', label: 'Expiry month', autoComplete: 'cc-exp-month', placeholder: 'MM', maxLength: 2 },
  { name: 'expiryYear', label: 'Expiry year', autoComplete: 'cc-exp-year', placeholder: 'YY', maxLength: 4 },
  { name: 'cvv', label: 'CVV', autoComplete: 'cc-csc', type: 'password', placeholder: '•••', maxLength: 4 },
] as const;

export const cardLabel = (c: Pick<SavedCard, 'brand' | 'last4'>) => `${c.brand} \u2022\u2022\u2022\u2022 ${c.last4}`;
const formatCardNumber = (v: string) =>
  v
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

/** Why the funding failed, if it did (said here once: the forms do not toast it too), and the button that sends it. */
function FundButton({ fund }: { fund: { error: unknown; isPending: boolean } }) {
  return (
    <>
      <MoneyError error={fund.error} />
      <Button type="submit" size="lg" block loading={fund.isPending}>
        Fund wallet
      </Button>
    </>
  );
}

function useFunded() {
  const queryClient = useQueryClient();
  return (message: string) => {
    toast.success(message || 'Wallet funded');
    void invalidateMoney(queryClient);
  };
}

function CardFundForm() {
  const prefilled = usePrefilledAmount();
  const funded = useFunded();
  const queryClient = useQueryClient();
  const attempt = useAttemptKey();
  const { register, handleSubmit, watch, reset, formState, control } = useForm<CardFormInput, unknown, CardFormOutput>({
    resolver: zodResolver(cardForm),
    defaultValues: { number: '', expiryMonth: '', expiryYear: '', cvv: '', amount: prefilled, saveCard: false },
  });
  const fund = useMutation({
    mutationFn: (body: FundCardBody) => walletApi.fundCard(body, attempt.keyFor(body)),
    onSuccess: (res, body) => {
      attempt.done();
      funded(res.message);
      reset();
      if (body.saveCard) void queryClient.invalidateQueries({ queryKey: walletKeys.cards });
    },
  });
  return (
    <form
      noValidate
      className="flex flex-col gap-5"
      onSubmit={handleSubmit((v) => {
        fund.mutate({
          amount: parseNairaToKobo(v.amount) ?? 0,
          card: { number: v.number, expiryMonth: Number(v.expiryMonth), expiryYear: v.expiryYear, cvv: v.cvv },
          saveCard: v.saveCard,
        });
      })}
    >
      <Card className="flex flex-col gap-5">
        <Controller
          control={control}
          name="number"
          render={({ field, fieldState }) => (
            <Field
              label="Card number"
              inputMode="numeric"
              autoComplete="cc-number"
              placeholder="0000 0000 0000 0000"
              className="tabular-nums tracking-wide"
              error={fieldState.error?.message}
              name={field.name}
              ref={field.ref}
              value={field.value}
              onBlur={field.onBlur}
              onChange={(e) => field.onChange(formatCardNumber(e.target.value))}
            />
          )}
        />
        <div className="grid grid-cols-3 gap-3">
          {CARD_CODES.map(({ name, ...field }) => (
            <Field key={name} inputMode="numeric" error={formState.errors[name]?.message} {...field} {...register(name)} />
          ))}
        </div>
        <AmountField typed={watch('amount')} error={formState.errors.amount?.message} {...register('amount')} />
        <label className="flex min-h-11 cursor-pointer items-center gap-3 text-[15px]">
          <input type="checkbox" className="size-5 accent-brand-600" {...register('saveCard')} />
          Save this card
        </label>
      </Card>
      <FundButton fund={fund} />
      <p className="text-center text-xs text-subtle">Test card: 4084 0840 8408 4081 · any future expiry · any CVV</p>
    </form>
  );
}

function BankAccountFundForm() {
  const prefilled = usePrefilledAmount();
  const funded = useFunded();
  const attempt = useAttemptKey();
  const { register, handleSubmit, watch, reset, formState } = useForm<FundBankForm>({
    resolver: zodResolver(fundBankForm),
    defaultValues: { bankCode: '', accountNumber: '', amount: prefilled },
  });
  const lookup = useAccountName(watch('bankCode'), watch('accountNumber'));
  const fund = useMutation({
    mutationFn: (body: FundBankBody) => walletApi.fundBank(body, attempt.keyFor(body)),
    onSuccess: (res) => {
      attempt.done();
      funded(res.message);
      reset();
    },
  });
  const account = register('accountNumber');
  return (
    <form
      noValidate
      className="flex flex-col gap-5"
      onSubmit={handleSubmit((v) =>
        fund.mutate({ amount: parseNairaToKobo(v.amount) ?? 0, bankCode: v.bankCode, accountNumber: v.accountNumber }),
      )}
    >
      <Card className="flex flex-col gap-5">
        <p className="text-[15px] text-muted">We&apos;ll debit your own bank account once and credit your wallet straight away.</p>
        <BankSelect error={formState.errors.bankCode?.message} {...register('bankCode')} />
        <AccountNumberField error={formState.errors.accountNumber?.message} {...account} />
        <AccountNameStatus lookup={lookup} />
        <AmountField typed={watch('amount')} error={formState.errors.amount?.message} {...register('amount')} />
      </Card>
      <FundButton fund={fund} />
    </form>
  );
}

function SavedCardRow({
  card,
  checked,
  onRemove,
  removing,
  radio,
}: {
  card: SavedCard;
  checked: boolean;
  onRemove: () => void;
  removing: boolean;
  radio: ReactNode;
}) {
  const id = useId();
  return (
    <li
      className={cn(
        'flex items-center gap-3 rounded-2xl border p-3 transition-colors',
        checked ? 'border-brand-fg bg-brand-soft/60' : 'border-line',
      )}
    >
      <label className="flex min-h-11 min-w-0 flex-1 cursor-pointer items-center gap-3">
        {radio}
        <span className="flex size-10 items-center justify-center rounded-xl bg-surface-2 text-brand-fg" aria-hidden="true">
          <CreditCard className="size-5" />
        </span>
        <span className="flex flex-col">
          <span id={`${id}-label`} className="font-semibold whitespace-nowrap">
            {cardLabel(card)}
          </span>
          <span className="text-xs text-muted" aria-hidden="true">
            Expires {String(card.expiryMonth).padStart(2, '0')}/{String(card.expiryYear).slice(-2)}
          </span>
        </span>
      </label>
      <Button
        variant="ghost"
        size="sm"
        className="text-danger-fg hover:bg-danger-soft"
        aria-describedby={`${id}-label`}
        loading={removing}
        icon={<Trash2 className="size-4" aria-hidden="true" />}
        onClick={onRemove}
      >
        Remove
      </Button>
    </li>
  );
}

function SavedCardFundForm({ onAddCard }: { onAddCard: () => void }) {
  const prefilled = usePrefilledAmount();
  const cards = useSavedCards();
  const queryClient = useQueryClient();
  const funded = useFunded();
  const attempt = useAttemptKey();
  const { register, handleSubmit, watch, reset, formState, control, setValue } = useForm<SavedCardForm>({
    resolver: zodResolver(savedCardForm),
    defaultValues: { cardId: '', amount: prefilled, pin: '' },
  });
  const cardId = watch('cardId');
  const fund = useMutation({
    mutationFn: (v: { amount: number; cardId: string; pin: string }) =>
      walletApi.fundSavedCard({ amount: v.amount, cardId: v.cardId }, v.pin, attempt.keyFor({ amount: v.amount, cardId: v.cardId })),
    onSuccess: (res) => {
      attempt.done();
      funded(res.message);
      reset({ cardId, amount: '', pin: '' });
    },
    onError: (err) => {
      if (errorCode(err) === 'PIN_INCORRECT') setValue('pin', '');
    },
  });
  const remove = useMutation({
    mutationFn: (id: string) => walletApi.deleteCard(id),
    onSuccess: (res, id) => {
      toast.success(res.message || 'Card removed');
      if (id === cardId) setValue('cardId', '');
      void queryClient.invalidateQueries({ queryKey: walletKeys.cards });
    },
    onError: toastError,
  });

  if (cards.isPending)
    return (
      <Card className="flex flex-col gap-3" aria-busy="true" aria-label="Loading saved cards">
        <Skeleton className="h-16 w-full rounded-2xl" />
        <Skeleton className="h-16 w-full rounded-2xl" />
      </Card>
    );
  if (cards.isError) return <QueryError error={cards.error} onRetry={() => void cards.refetch()} title="We couldn't load your cards" />;
  if (cards.data.length === 0)
    return (
      <Card>
        <EmptyState
          icon={<CreditCard className="size-9" strokeWidth={1.8} />}
          title="No saved cards"
          action={
            <Button block variant="secondary" onClick={onAddCard}>
              Add money with a card
            </Button>
          }
        >
          Tick “Save this card” when you fund with a card and it will appear here.
        </EmptyState>
      </Card>
    );

  return (
    <form
      noValidate
      className="flex flex-col gap-5"
      onSubmit={handleSubmit((v) => fund.mutate({ amount: parseNairaToKobo(v.amount) ?? 0, cardId: v.cardId, pin: v.pin }))}
    >
      <Card className="flex flex-col gap-5">
        <fieldset>
          <legend className="mb-2 text-sm font-medium">Choose a card</legend>
          <ul className="flex flex-col gap-2">
            {cards.data.map((c) => (
              <SavedCardRow
                key={c.id}
                card={c}
                checked={cardId === c.id}
                removing={remove.isPending && remove.variables === c.id}
                onRemove={() => remove.mutate(c.id)}
                radio={<input type="radio" value={c.id} className="size-5 accent-brand-600" {...register('cardId')} />}
              />
            ))}
          </ul>
          {formState.errors.cardId ? <p className="mt-1.5 text-sm text-danger-fg">{formState.errors.cardId.message}</p> : null}
        </fieldset>
        <AmountField typed={watch('amount')} error={formState.errors.amount?.message} {...register('amount')} />
        <CodeField control={control} name="pin" label="Transaction PIN" length={4} mask />
      </Card>
      <FundButton fund={fund} />
    </form>
  );
}

export default function AddMoneyTab() {
  const [method, setMethod] = useState<Method>('card');
  return (
    <div className="flex flex-col gap-4">
      <Tabs label="Funding method" tabs={METHODS} value={method} onChange={setMethod} fit />
      <div role="tabpanel">
        {method === 'card' ? (
          <CardFundForm />
        ) : method === 'transfer' ? (
          <BankTransferPanel />
        ) : method === 'bank' ? (
          <BankAccountFundForm />
        ) : (
          <SavedCardFundForm onAddCard={() => setMethod('card')} />
        )}
      </div>
    </div>
  );
}
