import type { BillCategory, Preview, Receipt } from '@owo/contracts';
import { useMutation } from '@tanstack/react-query';
import { type LucideIcon, Smartphone, Trophy, Tv, Wifi, Zap } from 'lucide-react';
import { type FormEvent, useCallback, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { type BillPackage, type Biller, billsApi } from '../../api/bills';
import { errorMessage } from '../../api/client';
import { cn } from '../../lib/cn';
import { formatNaira, parseNairaToKobo } from '../../lib/money';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Field } from '../../ui/Field';
import { SelectField } from '../../ui/Select';
import { useRovingTabs } from '../../ui/Tabs';
import { useProfile } from '../account/use-profile';
import { AmountField, balanceHint } from '../pay/AmountField';
import { MoneyError, toastError } from '../pay/errors';
import { useBalances } from '../wallet/queries';
import { Beneficiaries } from './Beneficiaries';
import { BillDialog, type BillSummary } from './BillDialog';
import { BILL_TYPES, type BillTypeConfig, DEFAULT_BILL_TYPE, billType, displayNumber, wireNumber } from './bill-types';
import { CustomerStatus } from './CustomerStatus';
import { ProviderPicker, providerLabel } from './ProviderPicker';
import { usePackages, useCustomerCheck } from './queries';

const ICONS: Record<BillCategory, LucideIcon> = { airtime: Smartphone, data: Wifi, electricity: Zap, tv: Tv, betting: Trophy };

/** Bill types as tabs with icons (roving focus with the arrow keys). Default 'Airtime'. */
function BillTypeTabs({ value, onChange }: { value: BillCategory; onChange: (t: BillCategory) => void }) {
  const { setRef, onKey } = useRovingTabs(BILL_TYPES, onChange);
  return (
    <div role="tablist" aria-label="Bill type" className="grid grid-cols-5 gap-2">
      {BILL_TYPES.map((t, i) => {
        const selected = t.id === value;
        const Icon = ICONS[t.id];
        return (
          <button
            key={t.id}
            ref={setRef(i)}
            type="button"
            role="tab"
            aria-selected={selected}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(t.id)}
            onKeyDown={(e) => onKey(e, i)}
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

const packageOption = (p: BillPackage) => `${p.name}${p.validity ? ` (${p.validity})` : ''}${p.amount !== null ? ` · ${formatNaira(p.amount)}` : ''}`;

interface Errors {
  provider?: string;
  package?: string;
  number?: string;
  amount?: string;
}

function checkAmount(type: BillTypeConfig, text: string): string | undefined {
  if (!type.amount) return undefined;
  if (!text.trim()) return 'Enter an amount';
  const kobo = parseNairaToKobo(text);
  if (kobo === null) return 'Enter an amount like 1,500 or 1500.50';
  if (kobo < type.amount.min) return `The smallest amount is ${formatNaira(type.amount.min)}`;
  if (kobo > type.amount.max) return `The largest amount is ${formatNaira(type.amount.max)}`;
  return undefined;
}

const QUICK_AIRTIME = [10_000, 20_000, 50_000, 100_000];

function BillForm({ type }: { type: BillTypeConfig }) {
  const [provider, setProvider] = useState<Biller | null>(null);
  const [chosenPackage, setChosenPackage] = useState('');
  const [number, setNumber] = useState('');
  const [amount, setAmount] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [summary, setSummary] = useState<BillSummary | null>(null);
  const numberInput = useRef<HTMLInputElement>(null);
  const balances = useBalances();
  const profile = useProfile();
  const packages = usePackages(type.id, provider, type.hasPackages);

  // Betting has one package and electricity defaults to the first meter type (prepaid).
  const autoPackage = type.packageLabel === null || type.packageLabel === 'Meter type' ? (packages.data?.[0]?.packageId ?? '') : '';
  const packageId = type.hasPackages ? chosenPackage || autoPackage : '';
  const pkg = packages.data?.find((p) => p.packageId === packageId) ?? null;
  const wire = wireNumber(type, number);
  const complete = type.isComplete(type.numberLabel === 'Phone number' ? number : wire);

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

  const errors: Errors = {
    provider: provider ? undefined : 'Choose a provider',
    package: type.hasPackages && type.packageLabel && !packageId ? `Choose a ${type.packageLabel.toLowerCase()}` : undefined,
    number: !number.trim() ? `Enter the ${type.numberLabel.toLowerCase()}` : complete ? undefined : type.invalidText,
    amount: checkAmount(type, amount),
  };
  const shown: Errors = submitted ? errors : {};
  const checking = type.validates && check.ready && (check.waiting || check.isFetching);
  const blocked = (type.validates && check.ready && (check.isError || checking)) || (type.hasPackages && provider !== null && packages.isPending);

  const initiate = useMutation({
    mutationFn: () =>
      billsApi.initiate({
        type: type.id,
        billerId: provider!.billerId,
        billerGroupId: provider!.billerGroupId,
        ...(packageId ? { packageId } : {}),
        customerNumber: wire,
        ...(type.amount ? { amount: parseNairaToKobo(amount) ?? 0 } : {}),
      }),
    onSuccess: (res) => {
      setSummary({
        typeLabel: type.label,
        provider: provider ? providerLabel(type, provider) : '',
        numberLabel: type.numberLabel,
        number: displayNumber(type, wire),
        customerName: check.data?.customerName ?? null,
        address: check.data?.address ?? null,
        packageLabel: type.packageLabel,
        packageName: pkg ? pkg.name : null,
      });
      setPreview(res.data);
    },
    onError: toastError,
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (Object.values(errors).some(Boolean) || blocked || initiate.isPending) {
      if (errors.number && !errors.provider && !errors.package) numberInput.current?.focus();
      return;
    }
    if (type.validates && !check.data) return;
    initiate.mutate();
  };

  const closePreview = useCallback(() => setPreview(null), []);
  const done = useCallback((receipt: Receipt) => {
    setPreview(null);
    // A reversed payment keeps the details so the user can try again.
    if (receipt.status !== 'reversed' && receipt.status !== 'failed') {
      setNumber('');
      setAmount('');
      setSubmitted(false);
    }
  }, []);

  const pickProvider = (b: Biller) => {
    if (b.billerId !== provider?.billerId) setChosenPackage('');
    setProvider(b);
  };

  const myNumber = type.numberLabel === 'Phone number' ? profile.data?.phoneNumber : undefined;
  const numberNoun = type.numberLabel.toLowerCase();
  const amountKobo = pkg?.amount ?? null;

  return (
    <>
      <form onSubmit={submit} noValidate className="flex flex-col gap-5">
        <Card className="flex flex-col gap-5">
          <ProviderPicker type={type} value={provider} onChange={pickProvider} error={shown.provider} />
          {type.hasPackages && type.packageLabel && provider ? (
            packages.isError ? (
              <div role="alert" className="flex items-center gap-3 rounded-2xl bg-danger-soft p-4 text-sm text-danger-fg">
                <p className="flex-1">{errorMessage(packages.error, `We couldn't load the ${type.packageLabel.toLowerCase()}s.`)}</p>
                <Button variant="outline" size="sm" onClick={() => void packages.refetch()}>
                  Try again
                </Button>
              </div>
            ) : (
              <SelectField
                label={type.packageLabel}
                value={packageId}
                onChange={(e) => setChosenPackage(e.target.value)}
                disabled={packages.isPending}
                aria-busy={packages.isPending || undefined}
                error={shown.package}
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
            onUse={(n) => {
              setNumber(type.numberLabel === 'Phone number' ? displayNumber(type, n) : n);
              numberInput.current?.focus();
            }}
          />
          <Field
            ref={numberInput}
            label={type.numberLabel}
            value={number}
            onChange={(e) => setNumber(type.clean(e.target.value))}
            inputMode={type.inputMode}
            autoComplete={type.inputMode === 'tel' ? 'tel-national' : 'off'}
            autoCapitalize="none"
            spellCheck={false}
            maxLength={type.inputMode === 'tel' ? 16 : type.maxLength}
            placeholder={type.numberPlaceholder}
            error={shown.number}
            className="tabular-nums"
            trailingLabel={
              myNumber ? (
                <button
                  type="button"
                  className="-my-2 min-h-9 rounded-lg px-2 text-sm font-semibold text-brand-fg hover:bg-brand-soft"
                  onClick={() => setNumber(displayNumber(type, myNumber))}
                >
                  My number
                </button>
              ) : undefined
            }
          />
          {type.validates ? <CustomerStatus check={check} noun={numberNoun === 'betting id' ? 'betting ID' : numberNoun} /> : null}
          {type.amount ? (
            <div className="flex flex-col gap-2.5">
              <AmountField
                typed={amount}
                value={amount}
                onChange={(e) => setAmount(e.target.value)}
                hint={balanceHint(balances.data?.walletBalance)}
                error={shown.amount}
              />
              {type.id === 'airtime' ? (
                <div className="grid grid-cols-4 gap-2" role="group" aria-label="Quick amounts">
                  {QUICK_AIRTIME.map((k) => (
                    <Button key={k} variant="outline" size="sm" className="px-2 tabular-nums" onClick={() => setAmount(String(k / 100))}>
                      {formatNaira(k).replace('.00', '')}
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
          {!type.amount && pkg && balances.data ? <p className="-mt-3 px-1 text-sm text-muted">{balanceHint(balances.data.walletBalance)}</p> : null}
        </Card>
        <MoneyError error={initiate.error} />
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
