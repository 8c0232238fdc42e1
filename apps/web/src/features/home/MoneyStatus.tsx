import { Copy, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { toast } from '../../lib/toast';
import { formatNaira } from '@owo/contracts/format';
import { Card } from '../../ui/Card';
import { Skeleton } from '../../ui/Spinner';
import { useKycStatus } from '../kyc';
import { useVirtualAccount } from '../wallet';

/** Copies the account number, saying so (or how to copy it by hand). */
async function copyNumber(text: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast.success('Account number copied');
  } catch {
    toast.error('Copy failed. Press and hold the number to copy it.');
  }
}

/**
 * Under the balances: the person's tier and day limit ("Tier 1 · limit ₦50,000 a day"), a prompt to
 * verify below Tier 3, and the account number that funds the wallet by bank transfer, with a copy
 * button. A part that fails to load is left out: the rest of Home does not wait on it.
 */
export function MoneyStatus() {
  const kyc = useKycStatus();
  const va = useVirtualAccount();
  // Offline with nothing saved, or both failed: nothing here (the balances above say why).
  const absent = (q: { data?: unknown; isError: boolean; fetchStatus: string }) => !q.data && (q.isError || q.fetchStatus === 'paused');
  if (absent(kyc) && absent(va)) return null;
  return (
    <Card role="region" className="mt-3 flex flex-col gap-3 p-4" aria-label="Your limits and account number">
      {kyc.isPending && kyc.fetchStatus !== 'paused' ? (
        <Skeleton className="h-5 w-52" />
      ) : kyc.data?.limits ? (
        <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
          <p className="flex items-center gap-2 text-sm font-semibold">
            <ShieldCheck className="size-4 shrink-0 text-brand-fg" aria-hidden="true" />
            <span>
              Tier {kyc.data.tier} · limit {formatNaira(kyc.data.limits.dailyOut, { trimZeroKobo: true })} a day
            </span>
          </p>
          {kyc.data.tier < 3 ? (
            <Link
              to="/account/limits"
              className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-fg underline-offset-4 hover:underline"
            >
              Verify to raise your limits
            </Link>
          ) : null}
        </div>
      ) : null}
      {va.isPending && va.fetchStatus !== 'paused' ? (
        <Skeleton className="h-5 w-60" />
      ) : va.data ? (
        <div className="flex items-center justify-between gap-3 border-t border-line pt-3">
          <div className="min-w-0">
            <p className="text-xs text-muted">Fund by bank transfer</p>
            <p className="font-mono text-base font-bold tracking-wider" data-testid="home-account-number">
              {va.data.accountNumber}
            </p>
            <p className="truncate text-xs text-muted">{va.data.bankName}</p>
          </div>
          <button
            type="button"
            onClick={() => void copyNumber(va.data.accountNumber)}
            aria-label="Copy account number"
            className="flex min-h-11 shrink-0 items-center gap-1.5 rounded-full bg-brand-soft px-4 text-sm font-semibold text-brand-fg hover:opacity-90"
          >
            <Copy className="size-4" aria-hidden="true" />
            Copy
          </button>
        </div>
      ) : null}
    </Card>
  );
}
