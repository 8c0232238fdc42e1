import { formatLagosDate } from '@owo/contracts/format';
import { Check, Clock, Star } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { Order, OrderItem } from '../../../api/shop-orders';
import { cn } from '../../../lib/cn';
import { Card } from '../../../ui/Card';
import { DetailList, DetailRow } from '../../../ui/DetailList';
import { PageHeader } from '../../../ui/PageHeader';
import { QueryError } from '../../../ui/QueryError';
import { Skeleton } from '../../../ui/Spinner';
import { ReviewSheet, SellerActions, ShopperActions } from './order-actions';
import { DELIVERY_LABELS, naira, OrderStatusBadge, productPath, shopPath, Thumb, TIMELINE_TEXT } from './parts';
import { useOrder } from './queries';

const day = (d: string) => formatLagosDate(d, 'date');

/** Where the order is, in a sentence for the person reading it. */
function statusNote(o: Order): string {
  const eta = day(o.estimatedDelivery);
  if (o.isSeller) {
    switch (o.status) {
      case 'paid':
        return 'The shopper has paid. Accept the order to start preparing it, or decline it to refund them.';
      case 'accepted':
        return `Ship it when it is ready. The shopper expects it by ${eta}.`;
      case 'shipped':
        return 'On its way. Mark it delivered once the shopper has it.';
      case 'delivered':
        return 'Delivered. You are paid when the shopper confirms, or automatically a few days after delivery.';
      case 'completed':
        return 'Completed. The money is in your business wallet.';
      case 'declined':
        return 'You declined this order. The shopper was refunded.';
      case 'cancelled':
        return 'The shopper cancelled this order and was refunded.';
      case 'disputed':
        return `The shopper opened a dispute${o.disputeReason ? `: “${o.disputeReason}”` : ''}. The money stays held until it is settled: refund the shopper, or sort it out with them and they confirm receipt.`;
      case 'refunded':
        return 'You refunded the shopper for this order.';
    }
  }
  switch (o.status) {
    case 'paid':
      return `Waiting for ${o.shop.name} to accept. Your money is held safely until you confirm receipt.`;
    case 'accepted':
      return `${o.shop.name} is preparing your order. Expected by ${eta}.`;
    case 'shipped':
      return `On its way, expected by ${eta}. Confirm receipt once you have it.`;
    case 'delivered':
      return 'Delivered. Confirm you received it to pay the seller, or open a dispute if something is wrong.';
    case 'completed':
      return 'Completed. The seller has been paid.';
    case 'declined':
      return `${o.shop.name} declined this order. ${naira(o.total)} is back in your wallet.`;
    case 'cancelled':
      return `You cancelled this order. ${naira(o.total)} is back in your wallet.`;
    case 'disputed':
      return `You opened a dispute. ${o.shop.name} is not paid until it is settled: they can refund you, or you confirm receipt once it is sorted out.`;
    case 'refunded':
      return `${o.shop.name} refunded this order. ${naira(o.total)} is back in your wallet.`;
  }
}

function Heading({ id, children }: { id: string; children: string }) {
  return (
    <h2 id={id} className="mb-2 px-1 text-base font-bold">
      {children}
    </h2>
  );
}

function Items({ order, onReview }: { order: Order; onReview: (i: OrderItem) => void }) {
  const canReview = !order.isSeller && (order.status === 'delivered' || order.status === 'completed');
  return (
    <ul aria-label="Items" className="divide-y divide-line rounded-3xl border border-line bg-surface px-4">
      {order.items.map((i) => (
        <li key={`${i.productId}-${i.variationId ?? ''}`} className="flex gap-3 py-3">
          <Thumb src={i.image} className="size-14" />
          <div className="flex min-w-0 flex-1 flex-col gap-0.5">
            <Link to={productPath(i.productId)} className="line-clamp-2 text-sm leading-snug font-medium hover:underline">
              {i.name}
            </Link>
            <p className="text-sm text-muted tabular-nums">
              {i.quantity} × {naira(i.price)}
            </p>
            {canReview ? (
              i.reviewed ? (
                <p className="flex items-center gap-1 text-xs font-medium text-brand-fg">
                  <Check className="size-3.5" aria-hidden="true" />
                  You reviewed this
                </p>
              ) : (
                <button
                  type="button"
                  onClick={() => onReview(i)}
                  aria-label={`Review ${i.name}`}
                  className="mt-1 inline-flex min-h-9 items-center gap-1.5 self-start rounded-full border border-line px-3 text-sm font-semibold text-brand-fg hover:bg-brand-soft"
                >
                  <Star className="size-4" aria-hidden="true" />
                  Rate and review
                </button>
              )
            ) : null}
          </div>
        </li>
      ))}
    </ul>
  );
}

function Timeline({ order }: { order: Order }) {
  const who = order.isSeller ? 'seller' : 'shopper';
  const steps = order.timeline;
  return (
    <ol aria-label="Timeline" className="rounded-3xl border border-line bg-surface p-4">
      {steps.map((s, i) => {
        const last = i === steps.length - 1;
        return (
          <li key={`${s.status}-${s.at}`} className="relative flex gap-3 pb-4 last:pb-0">
            {!last ? <span className="absolute top-5 bottom-0 left-[9px] w-0.5 bg-line" aria-hidden="true" /> : null}
            <span
              className={cn(
                'relative mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full',
                last ? 'bg-brand-600 text-white' : 'bg-brand-soft text-brand-fg',
              )}
              aria-hidden="true"
            >
              <Check className="size-3" strokeWidth={3} />
            </span>
            <div className="flex min-w-0 flex-col">
              <span className={cn('text-sm', last ? 'font-semibold' : 'font-medium')}>{TIMELINE_TEXT[s.status][who]}</span>
              <span className="text-xs text-muted">{formatLagosDate(s.at, 'dateTime')}</span>
            </div>
          </li>
        );
      })}
    </ol>
  );
}

function DetailsSkeleton() {
  return (
    <div role="status" aria-label="Loading the order" className="flex flex-col gap-3">
      <Skeleton className="h-32 w-full rounded-3xl" />
      <Skeleton className="h-24 w-full rounded-3xl" />
      <Skeleton className="h-40 w-full rounded-3xl" />
    </div>
  );
}

function Details({ order }: { order: Order }) {
  const [reviewing, setReviewing] = useState<OrderItem | null>(null);
  const a = order.address;
  return (
    <div className="flex flex-col gap-6">
      <Card className="flex flex-col gap-3 p-4">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <p className="truncate text-lg font-bold">
              {order.isSeller ? (
                `${order.shopper.firstName} ${order.shopper.lastName}`
              ) : (
                <Link to={shopPath(order.shop.id)} className="hover:underline">
                  {order.shop.name}
                </Link>
              )}
            </p>
            <p className="text-sm text-muted">Placed {formatLagosDate(order.createdAt, 'dateTime')}</p>
            <p className="text-xs text-muted">
              Ref <span className="font-mono">{order.reference}</span>
            </p>
          </div>
          <OrderStatusBadge status={order.status} className="text-xs" />
        </div>
        <p role="status" className="text-[15px]">
          {statusNote(order)}
        </p>
        {order.autoConfirmAt && !order.isSeller ? (
          <p className="flex gap-2 rounded-2xl bg-accent-400/15 p-3 text-sm">
            <Clock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span>
              If you don&apos;t confirm or open a dispute, we confirm it for you on{' '}
              <span className="font-semibold">{formatLagosDate(order.autoConfirmAt, 'dateTime')}</span> and the seller is paid.
            </span>
          </p>
        ) : order.autoConfirmAt ? (
          <p className="text-sm text-muted">Confirmed automatically on {formatLagosDate(order.autoConfirmAt, 'dateTime')}.</p>
        ) : null}
        {order.isSeller ? <SellerActions order={order} /> : <ShopperActions order={order} />}
      </Card>

      {order.note ? (
        <section aria-labelledby="order-note">
          <Heading id="order-note">{order.isSeller ? 'Your shipping note' : 'Note from the seller'}</Heading>
          <p className="rounded-3xl border border-line bg-surface p-4 text-[15px] break-words">{order.note}</p>
        </section>
      ) : null}
      {order.disputeReason ? (
        <section aria-labelledby="order-dispute">
          <Heading id="order-dispute">Dispute</Heading>
          <p className="rounded-3xl bg-danger-soft p-4 text-[15px] break-words text-danger-fg">{order.disputeReason}</p>
        </section>
      ) : null}

      <section aria-labelledby="order-items">
        <Heading id="order-items">Items</Heading>
        <Items order={order} onReview={setReviewing} />
      </section>

      <section aria-labelledby="order-payment">
        <Heading id="order-payment">Payment</Heading>
        <DetailList className="bg-surface">
          <DetailRow label="Subtotal">{naira(order.subtotal)}</DetailRow>
          <DetailRow label={DELIVERY_LABELS[order.deliveryOption]}>{order.deliveryFee === 0 ? 'Free' : naira(order.deliveryFee)}</DetailRow>
          <DetailRow label="Total" strong>
            {naira(order.total)}
          </DetailRow>
          {order.isSeller ? <DetailRow label="Marketplace commission">{`-${naira(order.commission)}`}</DetailRow> : null}
        </DetailList>
      </section>

      <section aria-labelledby="order-delivery">
        <Heading id="order-delivery">Delivery</Heading>
        <DetailList className="bg-surface">
          <DetailRow label="Option">{DELIVERY_LABELS[order.deliveryOption]}</DetailRow>
          <DetailRow label={order.deliveryOption === 'pickup' ? 'Ready from' : 'Expected by'}>{day(order.estimatedDelivery)}</DetailRow>
          <DetailRow label="Address">
            {a.street}, {a.lga}, {a.state}
          </DetailRow>
          {a.landmark ? <DetailRow label="Landmark">{a.landmark}</DetailRow> : null}
          <DetailRow label="Phone">{a.phone}</DetailRow>
        </DetailList>
      </section>

      <section aria-labelledby="order-timeline">
        <Heading id="order-timeline">Timeline</Heading>
        <Timeline order={order} />
      </section>

      <ReviewSheet order={order} item={reviewing} onClose={() => setReviewing(null)} />
    </div>
  );
}

export default function OrderDetailsPage() {
  const { id = '' } = useParams();
  const order = useOrder(id);
  const back = order.data?.isSeller ? '/shop/sell/orders' : '/shop/orders';
  return (
    <div>
      <PageHeader title="Order details" back={back} backLabel={order.data?.isSeller ? 'Back to shop orders' : 'Back to my orders'} />
      {order.isPending ? (
        <DetailsSkeleton />
      ) : order.isError ? (
        <QueryError title="We couldn't load this order" error={order.error} onRetry={() => void order.refetch()} />
      ) : (
        <Details order={order.data} />
      )}
    </div>
  );
}
