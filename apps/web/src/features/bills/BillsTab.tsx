import type { BillCategory, Preview, Receipt } from '@owo/contracts';
import { useMutation } from '@tanstack/react-query';
import { type LucideIcon, Smartphone, Trophy, Tv, Wifi, Zap } from 'lucide-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { type BillPackage, type Biller, billsApi } from '../../api/bills';
import { cn } from '../../lib/cn';
import { formatNaira } from '@owo/contracts/format';
import { parseNairaToKobo } from '../../lib/money';
import { Button } from '../../ui/Button';
import { InlineError } from '../../ui/InlineError';
import { Card } from '../../ui/Card';
import { Field } from '../../ui/Field';
import { SelectField } from '../../ui/Select';
import { useRovingTabs } from '../../ui/Tabs';
import { useProfile } from '../account';
import { AmountField, balanceHint } from '../../ui/AmountField';
import { MoneyError } from '../../ui/MoneyError';
import { useBalances } from '../wallet';
import { Beneficiaries } from './Beneficiaries';
import { BillDialog, type BillSummary } from './BillDialog';
import { BILL_TYPES, type BillTypeConfig, DEFAULT_BILL_TYPE, billType, displayNumber, isNumberComplete, wireNumber } from './bill-types';
import { CustomerStatus } from './CustomerStatus';
import { ProviderPicker, providerLabel } from './ProviderPicker';
import { usePackages, useCustomerCheck } from './queries';
import { type BillFields, EMPTY_BILL, billForm } from './schemas';

const ICONS: Record<BillCategory, LucideIcon> = { airtime: Smartphone, data: Wifi, electricity: Zap, tv: Tv, betting: Trophy };

/** Bill types as tabs with icons (roving focus with the arrow keys). Default 'Airtime'. */
function BillTypeTabs({ value, onChange }: { value: BillCategory; onChange: (t: BillCategory) => void }) {
  const { tabProps } = useRovingTabs(BILL_TYPES, onChange);
  return (
    <div role="tablist" aria-label="Bill type" className="grid grid-cols-5 gap-2">
      {BILL_TYPES.map((t, i) => {
        const selected = t.id === value;
        const Icon = ICONS[t.id];
        return (
          <button
            key={t.id}
            {...tabProps(t.id, i, selected)}
            className={cn(
              'flex min-h-[68px] flex-col items-center justify-center gap-1 rounded-2xl px-1 text-[12px] font-semibold transition-colors',
              selected ? 'bg-brand-600 text-white shadow-sm shadow-brand-900/10' : 'bg-surface-2 text-muted hover:text-fg',
            )}
          >
            <Icon className="size-5" aria-hidden="true" />
            {t.label}
          </button>
        );
      })}
    </div>
  );
}

const packageOption = (p: BillPackage) =>
  `${p.name}${p.validity ? ` (${p.validity})` : ''}${p.amount !== null ? ` · ${formatNaira(p.amount)}` : ''}`;

const QUICK_AIRTIME = [10_000, 20_000, 50_000, 100_000];

function BillForm({ type }: { type: BillTypeConfig }) {
  const schema = useMemo(() => billForm(type), [type]);
  const { register, control, handleSubmit, watch, setValue, getValues, setFocus, reset, formState } = useForm<BillFields>({
    resolver: zodResolver(schema),
    defaultValues: EMPTY_BILL,
    // The number is focused by hand below; a missing provider or package is pointed out, not focused.
    shouldFocusError: false,
  });
  const [preview, setPreview] = useState<Preview | null>(null);
  const [summary, setSummary] = useState<BillSummary | null>(null);
  const balances = useBalances();
  const profile = useProfile();
  const provider = watch('provider');
  const packageId = watch('packageId');
  const number = watch('number');
  const packages = usePackages(type.id, provider, type.hasPackages);
  const revalidate = { shouldValidate: formState.isSubmitted };

  // Betting has one package and electricity starts on the first meter type (prepaid): chosen for the user.
  const autoPackage = type.packageLabel === null || type.packageLabel === 'Meter type' ? (packages.data?.[0]?.packageId ?? '') : '';
  useEffect(() => {
    if (autoPackage && !getValues('packageId')) setValue('packageId', autoPackage, { shouldValidate: true });
  }, [autoPackage, provider, getValues, setValue]);

  const pkg = packages.data?.find((p) => p.packageId === packageId) ?? null;
  const wire = wireNumber(type, number);
  const complete = isNumberComplete(type, number);

  const check = useCustomerCheck(
    type.validates && provider && complete && (!type.hasPackages || packageId)
      ? {
          billerId: provider.billerId,
          billerGroupId: provider.billerGroupId,
          packageId: type.id === 'tv' ? undefined : packageId || undefined,
          customerNumber: wire,
        }
      : null,
  );
  const checking = type.validates && check.ready && (check.waiting || check.isFetching);
  const blocked =
    (type.validates && check.ready && (check.isError || checking)) || (type.hasPackages && provider !== null && packages.isPending);

  const initiate = useMutation({
    mutationFn: ({ biller, v }: { biller: Biller; v: BillFields }) =>
      billsApi.initiate({
        type: type.id,
        billerId: biller.billerId,
        billerGroupId: biller.billerGroupId,
        ...(v.packageId ? { packageId: v.packageId } : {}),
        customerNumber: wireNumber(type, v.number),
        ...(type.amount ? { amount: parseNairaToKobo(v.amount) ?? 0 } : {}),
      }),
    onSuccess: (res, { biller, v }) => {
      setSummary({
        typeLabel: type.label,
        provider: providerLabel(type, biller),
        numberLabel: type.numberLabel,
        number: displayNumber(type, wireNumber(type, v.number)),
        customerName: check.data?.customerName ?? null,
        address: check.data?.address ?? null,
        packageLabel: type.packageLabel,
        packageName: pkg ? pkg.name : null,
      });
      setPreview(res.data);
    },
    // A refusal (a limit, the balance) shows once, in the form's alert under it (MoneyError): no toast as well.
  });

  const submit = handleSubmit(
    (v) => {
      if (!v.provider || blocked || initiate.isPending) return;
      if (type.validates && !check.data) return;
      initiate.mutate({ biller: v.provider, v });
    },
    (errors) => {
      if (errors.number && !errors.provider && !errors.packageId) setFocus('number');
    },
  );

  // The form is taller than a phone's screen: a refusal is brought into view, its links above the tab bar.
  const refusal = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (initiate.error) refusal.current?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  }, [initiate.error]);

  const closePreview = useCallback(() => setPreview(null), []);
  const done = useCallback(
    (receipt: Receipt) => {
      setPreview(null);
      // A reversed payment keeps the details so the user can try again.
      if (receipt.status !== 'reversed' && receipt.status !== 'failed') reset({ ...getValues(), number: '', amount: '' });
    },
    [getValues, reset],
  );

  const fillNumber = (n: string) => {
    setValue('number', n, revalidate);
    setFocus('number');
  };

  const myNumber = type.numberLabel === 'Phone number' ? profile.data?.phoneNumber : undefined;
  const numberNoun = type.numberLabel.toLowerCase();
  const amountKobo = pkg?.amount ?? null;
  const numberField = register('number');
  const errors = formState.errors;

  return (
    <>
      <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-5">
        <Card className="flex flex-col gap-5">
          <Controller
            control={control}
            name="provider"
            render={({ field, fieldState }) => (
              <ProviderPicker
                type={type}
                value={field.value}
                onChange={(b) => {
                  if (b.billerId !== field.value?.billerId) setValue('packageId', '');
                  field.onChange(b);
                }}
                error={fieldState.error?.message}
              />
            )}
          />
          {type.hasPackages && type.packageLabel && provider ? (
            packages.isError ? (
              <InlineError
                error={packages.error}
                fallback={`We couldn't load the ${type.packageLabel.toLowerCase()}s.`}
                onRetry={() => void packages.refetch()}
                tone="danger"
              />
            ) : (
              <SelectField
                label={type.packageLabel}
                disabled={packages.isPending}
                aria-busy={packages.isPending || undefined}
                error={errors.packageId?.message}
                {...register('packageId')}
              >
                {type.packageLabel !== 'Meter type' || packages.isPending ? (
                  <option value="">{packages.isPending ? 'Loading…' : `Choose a ${type.packageLabel.toLowerCase()}`}</option>
                ) : null}
                {packages.data?.map((p) => (
                  <option key={p.packageId} value={p.packageId}>
                    {packageOption(p)}
                  </option>
                ))}
              </SelectField>
            )
          ) : null}
          <Beneficiaries
            type={type}
            label={provider?.billerId ?? null}
            value={wire}
            onUse={(n) => fillNumber(type.numberLabel === 'Phone number' ? displayNumber(type, n) : n)}
          />
          <Field
            label={type.numberLabel}
            inputMode={type.inputMode}
            autoComplete={type.inputMode === 'tel' ? 'tel-national' : 'off'}
            autoCapitalize="none"
            spellCheck={false}
            maxLength={type.inputMode === 'tel' ? 16 : type.maxLength}
            placeholder={type.numberPlaceholder}
            error={errors.number?.message}
            className="tabular-nums"
            trailingLabel={
              myNumber ? (
                <button
                  type="button"
                  className="-my-2 min-h-9 rounded-lg px-2 text-sm font-semibold text-brand-fg hover:bg-brand-soft"
                  onClick={() => setValue('number', displayNumber(type, myNumber), revalidate)}
                >
                  My number
                </button>
              ) : undefined
            }
            {...numberField}
            onChange={(e) => {
              // Only the characters a number of this type can hold.
              e.target.value = type.clean(e.target.value);
              void numberField.onChange(e);
            }}
          />
          {type.validates ? <CustomerStatus check={check} noun={numberNoun === 'betting id' ? 'betting ID' : numberNoun} /> : null}
          {type.amount ? (
            <div className="flex flex-col gap-2.5">
              <AmountField
                typed={watch('amount')}
                hint={balanceHint(balances.data?.walletBalance)}
                error={errors.amount?.message}
                {...register('amount')}
              />
              {type.id === 'airtime' ? (
                <div className="grid grid-cols-4 gap-2" role="group" aria-label="Quick amounts">
                  {QUICK_AIRTIME.map((k) => (
                    <Button
                      key={k}
                      variant="outline"
                      size="sm"
                      className="px-2 tabular-nums"
                      onClick={() => setValue('amount', String(k / 100), revalidate)}
                    >
                      {formatNaira(k, { trimZeroKobo: true })}
                    </Button>
                  ))}
                </div>
              ) : null}
            </div>
          ) : pkg && amountKobo !== null ? (
            <div className="flex items-center justify-between gap-4 rounded-2xl bg-surface-2 px-4 py-3">
              <div className="min-w-0">
                <p className="text-sm text-muted">Price</p>
                <p className="truncate text-sm font-medium">
                  {pkg.name}
                  {pkg.validity ? ` · ${pkg.validity}` : ''}
                </p>
              </div>
              <p className="text-xl font-bold tabular-nums">{formatNaira(amountKobo)}</p>
            </div>
          ) : null}
          {!type.amount && pkg && balances.data ? (
            <p className="-mt-3 px-1 text-sm text-muted">{balanceHint(balances.data.walletBalance)}</p>
          ) : null}
        </Card>
        {initiate.error ? (
          <div ref={refusal}>
            <MoneyError error={initiate.error} />
          </div>
        ) : null}
        <Button type="submit" size="lg" block loading={initiate.isPending} disabled={blocked}>
          Continue
        </Button>
      </form>
      <BillDialog preview={preview} summary={summary} onClose={closePreview} onDone={done} />
    </>
  );
}

/** Pay > Bills: airtime, data, electricity, TV and betting. The type lives in ?type= (default Airtime). */
export default function BillsTab() {
  const [params, setParams] = useSearchParams();
  const type = billType(params.get('type') ?? DEFAULT_BILL_TYPE);
  const choose = (t: BillCategory) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (t === DEFAULT_BILL_TYPE) next.delete('type');
        else next.set('type', t);
        return next;
      },
      { replace: true },
    );
  return (
    <div className="flex flex-col gap-5">
      <BillTypeTabs value={type.id} onChange={choose} />
      <section role="tabpanel" aria-label={type.label}>
        <BillForm key={type.id} type={type} />
      </section>
    </div>
  );
}
