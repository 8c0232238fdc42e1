import { formatLagosDate } from '@owo/contracts/format';
import { Inbox, MapPin, Store } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Order, OrderFilter, OrderStatus } from '../../../api/shop-orders';
import { buttonClasses } from '../../../ui/Button';
import { EmptyState } from '../../../ui/EmptyState';
import { LoadMore } from '../../../ui/LoadMore';
import { PageHeader } from '../../../ui/PageHeader';
import { QueryError } from '../../../ui/QueryError';
import { Tabs } from '../../../ui/Tabs';
import { SellerActions } from './order-actions';
import { OrderListSkeleton } from './order-row';
import { DELIVERY_LABELS, naira, orderPath, OrderStatusBadge } from './parts';
import { useMyShop, useShopOrders } from './queries';

type Tab = 'new' | 'to-ship' | 'shipped' | 'done';
const TABS: ReadonlyArray<{ id: Tab; label: string }> = [
  { id: 'new', label: 'New' },
  { id: 'to-ship', label: 'To ship' },
  { id: 'shipped', label: 'Shipped' },
  { id: 'done', label: 'Done' },
];
/** What each tab asks the server for; "Done" is every finished status, so it reads all and keeps those. */
const QUERY: Record<Tab, OrderFilter> = { new: 'paid', 'to-ship': 'accepted', shipped: 'shipped', done: 'all' };
const DONE: ReadonlySet<OrderStatus> = new Set(['delivered', 'completed', 'declined', 'cancelled', 'disputed', 'refunded']);
const EMPTY: Record<Tab, { title: string; text: string }> = {
  new: { title: 'No new orders', text: 'Paid orders waiting for you to accept them show here.' },
  'to-ship': { title: 'Nothing to ship', text: 'Orders you accepted show here until you ship them.' },
  shipped: { title: 'Nothing on its way', text: 'Shipped orders show here until you mark them delivered.' },
  done: { title: 'No finished orders yet', text: 'Delivered, completed, declined, cancelled, disputed and refunded orders show here.' },
};

/** An order as the seller works on it: who, what, where to, and the next step's buttons. */
function SellerOrderCard({ order }: { order: Order }) {
  const who = `${order.shopper.firstName} ${order.shopper.lastName}`;
  const a = order.address;
  return (
    <article aria-label={`Order from ${who}`} className="rounded-3xl border border-line bg-surface p-4 shadow-sm shadow-black/[0.03]">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="truncate font-semibold">{who}</p>
          <p className="text-xs text-muted">{formatLagosDate(order.createdAt, 'dayMonthTime')}</p>
          <p className="font-mono text-xs text-muted">{order.reference}</p>
        </div>
        <div className="flex shrink-0 flex-col items-end gap-1">
          <span className="font-bold tabular-nums">{naira(order.total)}</span>
          <OrderStatusBadge status={order.status} />
        </div>
      </div>
      <ul className="mt-3 text-sm">
        {order.items.map((i) => (
          <li key={`${i.productId}-${i.variationId ?? ''}`} className="truncate">
            {i.quantity} × {i.name}
          </li>
        ))}
      </ul>
      <p className="mt-2 flex gap-1.5 text-sm text-muted">
        <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>
          {DELIVERY_LABELS[order.deliveryOption]} by {formatLagosDate(order.estimatedDelivery, 'dayMonth')}
          {order.deliveryOption === 'pickup' ? '' : ` · ${a.lga}, ${a.state}`}
        </span>
      </p>
      <div className="mt-3 flex flex-col gap-2">
        <SellerActions order={order} />
        <Link to={orderPath(order.id)} className={buttonClasses({ variant: 'ghost', size: 'sm', block: true })}>
          View details
          <span className="sr-only"> of the order from {who}</span>
        </Link>
      </div>
    </article>
  );
}

function OrdersTab({ shopId, tab }: { shopId: string; tab: Tab }) {
  const orders = useShopOrders(shopId, QUERY[tab]);
  const items = tab === 'done' ? orders.items.filter((o) => DONE.has(o.status)) : orders.items;
  if (orders.isPending) return <OrderListSkeleton label="Loading orders" />;
  if (orders.isError && !orders.isFetchNextPageError)
    return <QueryError title="We couldn't load your orders" error={orders.error} onRetry={() => void orders.refetch()} />;
  if (items.length === 0 && !orders.hasNextPage)
    return (
      <EmptyState icon={<Inbox className="size-9" strokeWidth={1.8} />} title={EMPTY[tab].title}>
        {EMPTY[tab].text}
      </EmptyState>
    );
  return (
    <>
      <ul aria-label={`${TABS.find((t) => t.id === tab)?.label ?? ''} orders`} className="flex flex-col gap-3">
        {items.map((o) => (
          <li key={o.id}>
            <SellerOrderCard order={o} />
          </li>
        ))}
      </ul>
      <LoadMore pages={orders} />
    </>
  );
}

export default function SellerOrdersPage() {
  const shop = useMyShop();
  const [tab, setTab] = useState<Tab>('new');
  let body;
  if (shop.isPending) body = <OrderListSkeleton label="Loading your shop" />;
  else if (shop.isError) body = <QueryError title="We couldn't load your shop" error={shop.error} onRetry={() => void shop.refetch()} />;
  else if (!shop.data)
    body = (
      <EmptyState
        icon={<Store className="size-9" strokeWidth={1.8} />}
        title="You don't have a shop yet"
        action={
          <Link to="/shop/sell/new" className={buttonClasses({ block: true })}>
            Open your shop
          </Link>
        }
      >
        Open a shop to sell on Owo. Orders for your products show here.
      </EmptyState>
    );
  else
    body = (
      <>
        <p className="-mt-2 mb-3 px-1 text-sm text-muted">{shop.data.name}</p>
        <Tabs label="Order status" tabs={TABS} value={tab} onChange={setTab} className="mb-4" />
        <div role="tabpanel" aria-label={TABS.find((t) => t.id === tab)?.label}>
          <OrdersTab key={tab} shopId={shop.data.id} tab={tab} />
        </div>
      </>
    );
  return (
    <div>
      <PageHeader title="Shop orders" back="/shop/sell" backLabel="Back to my shop" />
      {body}
    </div>
  );
}
