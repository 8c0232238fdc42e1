import { Store } from 'lucide-react';
import { Link } from 'react-router';
import { shopApi } from '../../api/shop';
import { buttonClasses } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { InlineError } from '../../ui/InlineError';
import { LoadMore } from '../../ui/LoadMore';
import { PageHeader } from '../../ui/PageHeader';
import { ShopRow, ShopRowsSkeleton, plural } from './parts';
import { useLoadOnScroll, usePagedList } from '../../lib/use-paged-list';
import { shopKeys } from './queries';

/** The shops the shopper follows. */
export default function FollowedPage() {
  const shops = usePagedList(shopKeys.followings, (page, signal) => shopApi.followings(page, signal));
  const sentinel = useLoadOnScroll(shops);
  return (
    <div>
      <PageHeader title="Shops you follow" back="/shop" backLabel="Back to Shop" />
      {shops.isPending ? (
        <ShopRowsSkeleton />
      ) : shops.isError ? (
        <InlineError error={shops.error} fallback="We couldn't load the shops you follow." onRetry={() => void shops.refetch()} />
      ) : shops.items.length === 0 ? (
        <EmptyState
          icon={<Store className="size-9" strokeWidth={1.8} />}
          title="You don't follow any shops yet"
          action={
            <Link to="/shop/nearby" className={buttonClasses({ block: true })}>
              Find shops near you
            </Link>
          }
        >
          Follow shops to find them here quickly.
        </EmptyState>
      ) : (
        <>
          <ul aria-label="Shops you follow" className="flex flex-col divide-y divide-line">
            {shops.items.map((s) => (
              <li key={s.id}>
                <ShopRow shop={s} note={<p className="text-xs text-muted">{plural(s.followersCount, 'follower')}</p>} />
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
