import { LocateFixed, MapPin } from 'lucide-react';
import { Link } from 'react-router';
import { type Coordinates, type Shop, shopApi } from '../../api/shop';
import { cn } from '../../lib/cn';
import { Button } from '../../ui/Button';
import { InlineError } from '../../ui/InlineError';
import { Options, SelectField } from '../../ui/Select';
import { Skeleton } from '../../ui/Spinner';
import { distanceLabel, useNearMe } from './location';
import { ShopLogo, shopPath } from './parts';
import { usePagedList } from '../../lib/use-paged-list';
import { shopKeys, useStates } from './queries';

/** Shops within `radiusKm` of a point, nearest first (the server's order, kept when pages join). */
export function useNearbyShops(at: Coordinates | null, radiusKm: number) {
  const list = usePagedList(shopKeys.nearby(at, radiusKm), (page) => shopApi.nearby({ ...at!, radiusKm }, page), {
    enabled: at !== null,
    keepPrevious: true,
  });
  const items = [...list.items].sort((a, b) => (a.distanceKm ?? Infinity) - (b.distanceKm ?? Infinity));
  return { ...list, items };
}

/**
 * Where "near you" is measured from, and the ways to change it: the device's location, or a state
 * picked from the list (when location is refused, Lagos until one is picked).
 */
export function LocationNote({ className }: { className?: string }) {
  const loc = useNearMe();
  const states = useStates();
  const stateName = states.data?.find((s) => s.id === loc.stateId)?.name;
  const where =
    loc.source === 'device'
      ? 'Using your location'
      : loc.source === 'state'
        ? `Showing shops near ${stateName ?? 'the state you chose'}`
        : loc.source === 'default'
          ? 'Showing shops near Lagos'
          : 'Finding where you are…';
  return (
    <div className={cn('flex flex-col gap-2 rounded-2xl bg-surface-2 p-3', className)}>
      <p role="status" className="flex items-center gap-2 text-sm">
        <MapPin className="size-4 shrink-0 text-brand-fg" aria-hidden="true" />
        <span className="flex-1">
          {where}
          {loc.source !== 'device' && loc.problem ? <span className="block text-xs text-muted">{loc.problem}</span> : null}
        </span>
      </p>
      {loc.source && loc.source !== 'device' ? (
        <div className="flex items-end gap-2">
          <div className="min-w-0 flex-1">
            <SelectField
              label="Choose a state"
              value={loc.stateId ?? ''}
              disabled={states.isPending}
              onChange={(e) => e.target.value && loc.chooseState(e.target.value)}
            >
              <option value="">{states.isPending ? 'Loading states…' : 'Lagos (default)'}</option>
              <Options items={states.data} />
            </SelectField>
          </div>
          <Button
            variant="outline"
            size="sm"
            className="min-h-12"
            loading={loc.locating}
            icon={<LocateFixed className="size-4" aria-hidden="true" />}
            onClick={loc.locate}
          >
            Use my location
          </Button>
        </div>
      ) : null}
    </div>
  );
}

function ShopTile({ shop }: { shop: Shop }) {
  return (
    <Link
      to={shopPath(shop.id)}
      className="flex w-36 shrink-0 flex-col items-center gap-2 rounded-3xl border border-line bg-surface p-3 text-center hover:bg-surface-2"
    >
      <ShopLogo shop={shop} />
      <span className="line-clamp-2 text-sm leading-snug font-semibold">{shop.name}</span>
      <span className="text-xs text-muted">{shop.distanceKm !== null ? distanceLabel(shop.distanceKm) : shop.lga.name}</span>
    </Link>
  );
}

/** The home's first feature: the nearest shops in a sideways row, and "See all". */
export function NearbyStrip() {
  const loc = useNearMe();
  const shops = useNearbyShops(loc.coords, 25);
  return (
    <div className="flex flex-col gap-3">
      <LocationNote />
      {shops.isError ? (
        <InlineError error={shops.error} fallback="We couldn't load shops near you." onRetry={() => void shops.refetch()} />
      ) : !loc.coords || shops.isPending ? (
        <div role="status" aria-label="Loading shops near you" className="-mx-5 flex gap-3 overflow-hidden px-5">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-36 w-36 shrink-0 rounded-3xl" />
          ))}
        </div>
      ) : shops.items.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-line p-4 text-center text-sm text-muted">
          No shops within 25 km yet. Try another state, or{' '}
          <Link to="/shop/nearby" className="font-semibold text-brand-fg underline underline-offset-2">
            search further away
          </Link>
          .
        </p>
      ) : (
        <>
          <ul aria-label="Shops near you" className="-mx-5 flex gap-3 overflow-x-auto px-5 pb-1 [scrollbar-width:none]">
            {shops.items.slice(0, 10).map((s) => (
              <li key={s.id} className="flex">
                <ShopTile shop={s} />
              </li>
            ))}
          </ul>
          <Link to="/shop/nearby" className="self-end text-sm font-semibold text-brand-fg hover:underline">
            See all nearby shops
          </Link>
        </>
      )}
    </div>
  );
}
