import { useQuery } from '@tanstack/react-query';
import { Store } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { call } from '../../api/client';
import { MoneyText } from '../../ui/MoneyText';

// The dialog (PIN step, amount form) loads only when asked for: Home's first load stays small.
const MoveToWalletDialog = lazy(() => import('./MoveToWalletDialog'));

/** The same key and answer as the Shop area's "my shop" (the shop, or null without one). */
const MY_SHOP_KEY = ['shop', 'my-shop'] as const;
/** Called here rather than through api/shop-orders, so Home's first load carries no other buying call. */
async function myShop() {
  return (await call('GET /api/ecommerce/api/shop/me', { requireToken: true })).data;
}

/**
 * Whether Home shows the business wallet: when it holds money, or when the person has a shop (asked
 * only when it is empty). People who neither sell nor earned anything never see it.
 */
export function useShowBusinessWallet(kobo: number | undefined): boolean {
  const shop = useQuery({
    queryKey: MY_SHOP_KEY,
    queryFn: myShop,
    enabled: kobo === 0,
    staleTime: 5 * 60_000,
  });
  return kobo !== undefined && (kobo > 0 || Boolean(shop.data));
}

/** The business wallet's line in the wallet card, with "Move to wallet". */
export function BusinessWalletRow({ kobo, hidden }: { kobo: number; hidden: boolean }) {
  const [moving, setMoving] = useState(false);
  return (
    <div className="relative mt-2 flex items-center gap-3 rounded-2xl bg-white/10 px-3 py-2.5">
      <span className="flex size-9 shrink-0 items-center justify-center rounded-xl bg-white/15" aria-hidden="true">
        <Store className="size-5" />
      </span>
      <dl className="min-w-0 flex-1">
        <dt className="truncate text-[11px] font-medium tracking-wide text-white/75 uppercase">Business</dt>
        <dd className="truncate text-sm font-semibold">
          <MoneyText kobo={kobo} hidden={hidden} />
        </dd>
      </dl>
      {kobo > 0 ? (
        <button
          type="button"
          onClick={() => setMoving(true)}
          className="min-h-11 shrink-0 rounded-full bg-white px-4 text-sm font-semibold text-brand-700 hover:bg-white/90"
        >
          Move to wallet
        </button>
      ) : (
        <span className="max-w-36 shrink-0 text-right text-xs text-white/75">Your shop&apos;s sales land here</span>
      )}
      {moving ? (
        <Suspense fallback={null}>
          <MoveToWalletDialog balance={kobo} onClose={() => setMoving(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}
