import { Flag, MapPin, Phone, Store } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client';
import type { Shop } from '../../api/shop';
import { Button, buttonClasses } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { PageHeader } from '../../ui/PageHeader';
import { QueryError } from '../../ui/QueryError';
import { Skeleton } from '../../ui/Spinner';
import { Tabs } from '../../ui/Tabs';
import { ReportDialog, ShareButton } from './dialogs';
import { distanceKm, distanceLabel, useShopperLocation } from './location';
import { NoProducts, ProductList, Rating, ShopLogo, plural, shopPath } from './parts';
import { useFollowShop, useShop } from './queries';

const TABS = [
  { id: 'products', label: 'Products' },
  { id: 'about', label: 'About' },
] as const;
type TabId = (typeof TABS)[number]['id'];

function ShopHeader({ shop }: { shop: Shop }) {
  const follow = useFollowShop();
  const loc = useShopperLocation();
  const km = shop.distanceKm ?? (loc.coords && loc.source === 'device' ? Math.round(distanceKm(loc.coords, shop) * 10) / 10 : null);
  return (
    <div className="flex flex-col">
      <div className="-mx-5 aspect-[5/2] overflow-hidden bg-gradient-to-br from-brand-600 to-brand-900">
        {shop.coverUrl ? <img src={shop.coverUrl} alt="" loading="lazy" className="h-full w-full object-cover" /> : null}
      </div>
      <div className="-mt-10 flex items-end gap-3">
        <ShopLogo shop={shop} size="xl" className="border-4 border-canvas" />
        <div className="ml-auto flex items-center gap-1 pb-1">
          <ShareButton title={shop.name} path={shopPath(shop.id)} label="Share shop" />
          {shop.isMine ? (
            <Link to="/shop/sell" className={buttonClasses({ size: 'sm', variant: 'secondary' })}>
              Manage shop
            </Link>
          ) : (
            <Button
              size="sm"
              variant={shop.isFollowing ? 'outline' : 'primary'}
              aria-pressed={shop.isFollowing}
              aria-label={shop.isFollowing ? `Following ${shop.name}` : `Follow ${shop.name}`}
              loading={follow.isPending}
              onClick={() => follow.mutate({ id: shop.id, name: shop.name })}
            >
              {shop.isFollowing ? 'Following' : 'Follow'}
            </Button>
          )}
        </div>
      </div>
      <h2 className="mt-3 text-2xl font-bold tracking-tight">{shop.name}</h2>
      <p className="mt-1 flex flex-wrap items-center gap-x-1.5 text-sm text-muted">
        <MapPin className="size-4" aria-hidden="true" />
        <span>
          {shop.lga.name}, {shop.state.name}
        </span>
        {km !== null ? (
          <>
            <span aria-hidden="true">·</span>
            <span className="font-semibold text-brand-fg">{distanceLabel(km)}</span>
          </>
        ) : null}
      </p>
      <p className="mt-1 text-sm text-muted">
        <span className="font-semibold text-fg">{plural(shop.followersCount, 'follower')}</span> ·{' '}
        <span className="font-semibold text-fg">{plural(shop.productsCount, 'product')}</span>
      </p>
      <Rating rating={shop.rating} count={shop.reviewsCount} className="mt-1" />
      {shop.description ? <p className="mt-2 line-clamp-3 text-[15px]">{shop.description}</p> : null}
    </div>
  );
}

function About({ shop }: { shop: Shop }) {
  const [reporting, setReporting] = useState(false);
  return (
    <div className="flex flex-col gap-4">
      <p className="text-[15px] leading-relaxed whitespace-pre-line">{shop.description || 'This shop has not written about itself yet.'}</p>
      <dl className="flex flex-col gap-3 rounded-3xl border border-line bg-surface p-4 text-sm">
        <div>
          <dt className="text-muted">Address</dt>
          <dd className="font-medium">
            {shop.address}, {shop.lga.name}, {shop.state.name}
          </dd>
        </div>
        <div>
          <dt className="text-muted">Phone</dt>
          <dd>
            <a href={`tel:${shop.phone}`} className="inline-flex items-center gap-1 font-medium text-brand-fg">
              <Phone className="size-4" aria-hidden="true" />
              {shop.phone}
            </a>
          </dd>
        </div>
        <div>
          <dt className="text-muted">Owner</dt>
          <dd className="font-medium">
            {shop.owner.firstName} {shop.owner.lastName}
          </dd>
        </div>
        <div>
          <dt className="text-muted">On Owo since</dt>
          <dd className="font-medium">{new Date(shop.createdAt).toLocaleDateString('en-NG', { month: 'long', year: 'numeric' })}</dd>
        </div>
      </dl>
      {shop.isMine ? null : (
        <>
          <button
            type="button"
            onClick={() => setReporting(true)}
            className="inline-flex min-h-11 items-center gap-2 self-start rounded-full px-3 text-sm text-muted hover:bg-surface-2"
          >
            <Flag className="size-4" aria-hidden="true" />
            Report this shop
          </button>
          <ReportDialog target={{ shopId: shop.id }} name={shop.name} open={reporting} onClose={() => setReporting(false)} />
        </>
      )}
    </div>
  );
}

/** A shop: cover, logo, follow, distance; its products (the first tab) and about. */
export default function ShopPage() {
  const { id = '' } = useParams();
  const shop = useShop(id);
  const [params, setParams] = useSearchParams();
  const tab: TabId = params.get('tab') === 'about' ? 'about' : 'products';
  return (
    <div>
      <PageHeader title={shop.data?.name ?? 'Shop'} back="/shop" backLabel="Back to Shop" />
      {shop.isPending ? (
        <div role="status" aria-label="Loading shop" className="flex flex-col gap-3">
          <Skeleton className="-mx-5 aspect-[5/2] rounded-none" />
          <Skeleton className="h-7 w-1/2" />
          <Skeleton className="h-4 w-2/3" />
        </div>
      ) : shop.isError ? (
        shop.error instanceof ApiError && shop.error.status === 404 ? (
          <EmptyState icon={<Store className="size-9" strokeWidth={1.8} />} title="This shop is not on Owo">
            It may have closed.
          </EmptyState>
        ) : (
          <QueryError error={shop.error} onRetry={() => void shop.refetch()} title="We couldn't load this shop" />
        )
      ) : (
        <div className="flex flex-col gap-4">
          <ShopHeader shop={shop.data} />
          <Tabs label="Shop" tabs={TABS} value={tab} onChange={(t) => setParams(t === 'products' ? {} : { tab: t }, { replace: true })} />
          <div role="tabpanel" aria-label={tab === 'products' ? 'Products' : 'About'}>
            {tab === 'products' ? (
              <ProductList
                source={{ kind: 'shop', shopId: shop.data.id }}
                label={`Products of ${shop.data.name}`}
                empty={<NoProducts>This shop has not added products yet.</NoProducts>}
              />
            ) : (
              <About shop={shop.data} />
            )}
          </div>
        </div>
      )}
    </div>
  );
}
