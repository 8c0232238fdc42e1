import { PackageSearch } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { OrderFilter } from '../../../api/shop-orders';
import { cn } from '../../../lib/cn';
import { buttonClasses } from '../../../ui/Button';
import { EmptyState } from '../../../ui/EmptyState';
import { LoadMore } from '../../../ui/LoadMore';
import { PageHeader } from '../../../ui/PageHeader';
import { QueryError } from '../../../ui/QueryError';
import { OrderListSkeleton, OrderRow } from './order-row';
import { Chips } from '../../../ui/Chips';
import { STATUS_LABELS } from './parts';
import { useCustomerOrders } from './queries';

const FILTERS: ReadonlyArray<{ id: OrderFilter; name: string }> = [
  { id: 'all', name: 'All' },
  ...(['paid', 'accepted', 'shipped', 'delivered', 'completed', 'declined', 'cancelled', 'disputed', 'refunded'] as const).map((s) => ({
    id: s,
    name: STATUS_LABELS[s],
  })),
];

export default function OrdersPage() {
  const [filter, setFilter] = useState<OrderFilter>('all');
  const orders = useCustomerOrders(filter);
  const updating = orders.isPlaceholderData;
  return (
    <div>
      <PageHeader title="My orders" back="/shop" backLabel="Back to Shop" />
      <Chips label="Order status" options={FILTERS} value={filter} onChange={setFilter} />
      <div className="mt-3">
        {orders.isPending ? (
          <OrderListSkeleton label="Loading your orders" />
        ) : orders.isError && !orders.isFetchNextPageError ? (
          <QueryError title="We couldn't load your orders" error={orders.error} onRetry={() => void orders.refetch()} />
        ) : orders.items.length === 0 ? (
          <EmptyState
            icon={<PackageSearch className="size-9" strokeWidth={1.8} />}
            title={filter === 'all' ? 'No orders yet' : `No ${STATUS_LABELS[filter].toLowerCase()} orders`}
            action={
              filter === 'all' ? (
                <Link to="/shop" className={buttonClasses({ block: true })}>
                  Start shopping
                </Link>
              ) : undefined
            }
          >
            {filter === 'all' ? 'What you buy in the Shop shows here, with where it is.' : 'Choose another status to see other orders.'}
          </EmptyState>
        ) : (
          <div aria-busy={updating || undefined}>
            <ul aria-label="Your orders" className={cn('flex flex-col gap-2 transition-opacity', updating && 'opacity-60')}>
              {orders.items.map((o) => (
                <li key={o.id}>
                  <OrderRow order={o} who="shopper" />
                </li>
              ))}
            </ul>
            <LoadMore pages={orders} />
          </div>
        )}
      </div>
    </div>
  );
}
