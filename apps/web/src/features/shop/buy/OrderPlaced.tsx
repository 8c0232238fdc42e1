import { formatLagosDate } from '@owo/contracts/format';
import { ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import type { Order } from '../../../api/shop-orders';
import { buttonClasses } from '../../../ui/Button';
import { PageHeader } from '../../../ui/PageHeader';
import { SuccessHero } from '../../../ui/SuccessHero';
import { naira, orderPath, OrderStatusBadge, plural } from './parts';

/** After paying: the orders just placed (one per shop), and that the money is held until each arrives. */
export function OrderPlaced({ orders, amount }: { orders: Order[]; amount: number }) {
  return (
    <div className="flex flex-col gap-5">
      <PageHeader title="Order placed" />
      <SuccessHero figure={naira(amount)}>paid for {plural(orders.length, 'order')}</SuccessHero>
      <p className="flex gap-3 rounded-2xl bg-brand-soft p-4 text-sm text-brand-fg">
        <ShieldCheck className="size-5 shrink-0" aria-hidden="true" />
        <span>
          Your money is held safely until you confirm you received each order. The seller is paid only then; if they decline, you get it
          back at once.
        </span>
      </p>
      <ul aria-label="Your new orders" className="flex flex-col gap-2">
        {orders.map((o) => (
          <li key={o.id}>
            <Link to={orderPath(o.id)} className="flex items-center gap-3 rounded-2xl border border-line bg-surface p-4 hover:bg-surface-2">
              <span className="flex min-w-0 flex-1 flex-col">
                <span className="truncate font-semibold">{o.shop.name}</span>
                <span className="text-sm text-muted">
                  {plural(
                    o.items.reduce((n, i) => n + i.quantity, 0),
                    'item',
                  )}{' '}
                  · arrives by {formatLagosDate(o.estimatedDelivery, 'date')}
                </span>
              </span>
              <span className="flex flex-col items-end gap-1">
                <span className="font-bold tabular-nums">{naira(o.total)}</span>
                <OrderStatusBadge status={o.status} />
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <div className="flex flex-col gap-3">
        <Link to="/shop/orders" className={buttonClasses({ size: 'lg', block: true })}>
          See my orders
        </Link>
        <Link to="/shop" className={buttonClasses({ size: 'lg', block: true, variant: 'outline' })}>
          Continue shopping
        </Link>
      </div>
    </div>
  );
}
