import { useQuery } from '@tanstack/react-query';
import { Truck } from 'lucide-react';
import { shopApi } from '../../api/shop';
import { InlineError } from '../../ui/InlineError';
import { Skeleton } from '../../ui/Spinner';
import { naira, plural } from './parts';
import { shopKeys } from './queries';

/**
 * What delivery costs to the shopper's default address, before the cart: the checkout's own price
 * (GET …/delivery-estimate/:id), so a far shop's delivery is no surprise at checkout.
 */
export function DeliveryEstimate({ productId }: { productId: string }) {
  const estimate = useQuery({
    queryKey: shopKeys.deliveryEstimate(productId),
    queryFn: async ({ signal }) => (await shopApi.deliveryEstimate(productId, signal)).data,
    staleTime: 5 * 60_000,
  });
  const e = estimate.data;
  return (
    <section aria-labelledby="delivery" className="flex flex-col gap-2 rounded-3xl border border-line bg-surface p-4">
      <h2 id="delivery" className="flex items-center gap-2 font-bold tracking-tight">
        <Truck className="size-5 text-brand-fg" aria-hidden="true" />
        Delivery
      </h2>
      {estimate.isPending ? (
        <Skeleton className="h-12 w-full" />
      ) : estimate.isError ? (
        <InlineError error={estimate.error} fallback="We couldn't work out the delivery cost." onRetry={() => void estimate.refetch()} />
      ) : !e?.to ? (
        <p className="text-sm text-muted">
          Ships from {e?.from.lga}, {e?.from.state}. Add a delivery address at checkout to see what delivery costs.
        </p>
      ) : (
        <>
          <p className="text-sm text-muted">
            From {e.from.lga}, {e.from.state} to {e.to.label} ({e.to.lga}, {e.to.state})
            {e.distanceKm !== null ? `, about ${Math.round(e.distanceKm).toLocaleString('en-NG')} km` : ''}
          </p>
          <ul aria-label="Delivery options" className="flex flex-col divide-y divide-line text-sm">
            {e.options.map((o) => (
              <li key={o.id} className="flex items-baseline justify-between gap-3 py-2">
                <span className="min-w-0">
                  {o.label}
                  <span className="block text-xs text-muted">
                    {o.id === 'pickup' ? 'At the shop' : `In about ${plural(o.etaDays, 'day')}`}
                  </span>
                </span>
                <span className="shrink-0 font-semibold tabular-nums">{o.price === 0 ? 'Free' : naira(o.price)}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
