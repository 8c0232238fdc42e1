import { Eye, EyeOff, RotateCw } from 'lucide-react';
import { useBalances } from '../wallet';
import { MoneyText } from '../../ui/MoneyText';
import { Skeleton } from '../../ui/Spinner';
import { BusinessWalletRow, useShowBusinessWallet } from './BusinessWallet';

function SmallBalance({ label, kobo, hidden, failed }: { label: string; kobo: number | undefined; hidden: boolean; failed?: boolean }) {
  return (
    <div className="min-w-0 rounded-2xl bg-white/10 px-3 py-2.5">
      <dt className="truncate text-[11px] font-medium tracking-wide text-white/75 uppercase">{label}</dt>
      <dd className="mt-0.5 truncate text-sm font-semibold">
        {kobo === undefined && failed ? (
          '—'
        ) : kobo === undefined ? (
          <Skeleton className="h-4 w-16 bg-white/20" />
        ) : (
          <MoneyText kobo={kobo} hidden={hidden} />
        )}
      </dd>
    </div>
  );
}

/**
 * The balances: wallet large, savings / locked small, with a remembered hide toggle; the business
 * wallet (with "Move to wallet") when it holds money or the person has a shop.
 */
export function WalletCard({ hidden, onToggle }: { hidden: boolean; onToggle: () => void }) {
  const balances = useBalances();
  const b = balances.data;
  const showBusiness = useShowBusinessWallet(b?.businessWalletBalance);
  return (
    <section
      aria-labelledby="wallet-title"
      className="relative overflow-hidden rounded-[28px] bg-brand-600 p-5 text-white shadow-lg shadow-brand-900/20 dark:bg-brand-800"
    >
      <div className="pointer-events-none absolute -top-16 -right-12 size-48 rounded-full bg-white/10" aria-hidden="true" />
      <div className="pointer-events-none absolute -bottom-20 -left-10 size-40 rounded-full bg-accent-400/20" aria-hidden="true" />
      <div className="relative flex items-center justify-between">
        <h2 id="wallet-title" className="text-sm font-medium text-white/80">
          Wallet balance
        </h2>
        <button
          type="button"
          onClick={onToggle}
          aria-pressed={hidden}
          aria-label={hidden ? 'Show balances' : 'Hide balances'}
          title={hidden ? 'Show balances' : 'Hide balances'}
          className="-m-2 flex size-11 items-center justify-center rounded-full text-white/85 hover:bg-white/10"
        >
          {hidden ? <Eye className="size-5" aria-hidden="true" /> : <EyeOff className="size-5" aria-hidden="true" />}
        </button>
      </div>
      {/* A saved (or earlier) balance stays in view when a refresh fails; the error shows only without one. */}
      {b ? (
        <MoneyText
          kobo={b.walletBalance}
          hidden={hidden}
          className="relative mt-1 block text-[34px] leading-tight font-bold tracking-tight"
        />
      ) : balances.isError ? (
        <div className="relative mt-2 flex items-center gap-3">
          <p className="flex-1 text-sm text-white/90">We couldn&apos;t load your balances.</p>
          <button
            type="button"
            onClick={() => void balances.refetch()}
            className="inline-flex min-h-11 items-center gap-1.5 rounded-full bg-white/15 px-4 text-sm font-semibold hover:bg-white/25"
          >
            <RotateCw className="size-4" aria-hidden="true" />
            Retry
          </button>
        </div>
      ) : (
        <Skeleton className="relative mt-2 h-10 w-48 bg-white/20" />
      )}
      <dl className="relative mt-4 grid grid-cols-2 gap-2">
        <SmallBalance failed={balances.isError} label="Savings" kobo={b?.savingsBalance} hidden={hidden} />
        <SmallBalance failed={balances.isError} label="Locked" kobo={b?.lockedBalance} hidden={hidden} />
      </dl>
      {b && showBusiness ? <BusinessWalletRow kobo={b.businessWalletBalance} hidden={hidden} /> : null}
    </section>
  );
}
