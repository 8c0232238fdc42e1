import { formatLagosDate } from '@owo/contracts/format';
import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import type { Order } from '../../../api/shop-orders';
import { SkeletonRows } from '../../../ui/SkeletonRows';
import { naira, orderPath, OrderStatusBadge, plural, Thumb } from './parts';

export const itemCount = (o: Pick<Order, 'items'>) => o.items.reduce((n, i) => n + i.quantity, 0);

/** An order in a list: first item's picture, the shop, what and when, the total and the status. */
export function OrderRow({ order, who }: { order: Order; who: 'shopper' | 'seller' }) {
  const first = order.items[0];
  const title = who === 'seller' ? `${order.shopper.firstName} ${order.shopper.lastName}` : order.shop.name;
  return (
    <Link
      to={orderPath(order.id)}
      className="flex items-center gap-3 rounded-3xl border border-line bg-surface p-3 shadow-sm shadow-black/[0.03] hover:bg-surface-2"
    >
      <Thumb src={first?.image ?? null} className="size-14" />
      <span className="flex min-w-0 flex-1 flex-col gap-0.5">
        <span className="flex items-center gap-2">
          <span className="truncate font-semibold">{title}</span>
        </span>
        <span className="truncate text-sm text-muted">
          {first ? first.name : 'Order'}
          {order.items.length > 1 ? ` and ${plural(order.items.length - 1, 'more')}` : ''}
        </span>
        <span className="text-xs text-muted">
          {formatLagosDate(order.createdAt, 'date')} · {plural(itemCount(order), 'item')}
        </span>
      </span>
      <span className="flex shrink-0 flex-col items-end gap-1">
        <span className="font-bold tabular-nums">{naira(order.total)}</span>
        <OrderStatusBadge status={order.status} />
      </span>
      <ChevronRight className="size-4 shrink-0 text-subtle" aria-hidden="true" />
    </Link>
  );
}

export function OrderListSkeleton({ label }: { label: string }) {
  return (
    <SkeletonRows
      label={label}
      rows={3}
      className="flex flex-col gap-2"
      row={{
        className: 'flex items-center gap-3 rounded-3xl border border-line bg-surface p-3',
        lead: 'size-14 rounded-2xl',
        lines: ['h-4 w-1/2', 'h-3 w-3/4'],
      }}
    />
  );
}
