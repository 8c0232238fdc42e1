import { MapPinned } from 'lucide-react';
import { useState } from 'react';
import { EmptyState } from '../../ui/EmptyState';
import { InlineError } from '../../ui/InlineError';
import { LoadMore } from '../../ui/LoadMore';
import { PageHeader } from '../../ui/PageHeader';
import { useNearMe } from './location';
import { LocationNote, useNearbyShops } from './NearbyShops';
import { Chips } from '../../ui/Chips';
import { ShopRow, ShopRowsSkeleton } from './parts';
import { useLoadOnScroll } from '../../lib/use-paged-list';

const RADII = [
  { id: '5', name: 'Within 5 km' },
  { id: '10', name: '10 km' },
  { id: '25', name: '25 km' },
  { id: '50', name: '50 km' },
  { id: '200', name: '200 km' },
] as const;
type Radius = (typeof RADII)[number]['id'];

/** Shops near the shopper, nearest first, with how far each is. */
export default function NearbyPage() {
  const loc = useNearMe();
  const [radius, setRadius] = useState<Radius>('25');
  const shops = useNearbyShops(loc.coords, Number(radius));
  const sentinel = useLoadOnScroll(shops);
  return (
    <div className="flex flex-col gap-3">
      <PageHeader title="Shops near you" back="/shop" backLabel="Back to Shop" />
      <LocationNote />
      <Chips label="How far" options={RADII} value={radius} onChange={setRadius} />
      {shops.isError ? (
        <InlineError error={shops.error} fallback="We couldn't load shops near you." onRetry={() => void shops.refetch()} />
      ) : !loc.coords || shops.isPending ? (
        <ShopRowsSkeleton label="Loading shops near you" />
      ) : shops.items.length === 0 ? (
        <EmptyState icon={<MapPinned className="size-9" strokeWidth={1.8} />} title="No shops this close">
          Look further away, or choose another state.
        </EmptyState>
      ) : (
        <>
          <ul aria-label="Nearby shops" aria-busy={shops.isPlaceholderData || undefined} className="flex flex-col divide-y divide-line">
            {shops.items.map((s) => (
              <li key={s.id}>
                <ShopRow shop={s} />
              </li>
            ))}
          </ul>
          <div ref={sentinel} />
          <LoadMore pages={shops} />
        </>
      )}
    </div>
  );
}
