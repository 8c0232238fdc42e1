import { formatNaira } from '@owo/contracts/format';
import { ImageOff, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import type { CartItem, CartTotals, DeliveryOption, OrderStatus } from '../../../api/shop-orders';
import { cn } from '../../../lib/cn';
import { Badge, type BadgeTone } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { DetailList, DetailRow } from '../../../ui/DetailList';
import { InlineError } from '../../../ui/InlineError';
import { Sheet } from '../../../ui/Sheet';

export const naira = (kobo: number) => formatNaira(kobo, { trimZeroKobo: true });
export const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-NG')} ${n === 1 ? one : many}`;
export const orderPath = (id: string) => `/shop/orders/${id}`;
export const productPath = (id: string) => `/shop/products/${id}`;
export const shopPath = (id: string) => `/shop/shops/${id}`;

export const STATUS_LABELS: Record<OrderStatus, string> = {
  paid: 'Paid',
  accepted: 'Accepted',
  shipped: 'Shipped',
  delivered: 'Delivered',
  completed: 'Completed',
  declined: 'Declined',
  cancelled: 'Cancelled',
  disputed: 'Disputed',
  refunded: 'Refunded',
};

const STATUS_TONES: Record<OrderStatus, BadgeTone> = {
  paid: 'warning',
  accepted: 'brand',
  shipped: 'brand',
  delivered: 'brand',
  completed: 'brand',
  declined: 'danger',
  cancelled: 'neutral',
  disputed: 'danger',
  refunded: 'neutral',
};

/** What each step of the timeline means, in the words of the person reading it. */
export const TIMELINE_TEXT: Record<OrderStatus, { shopper: string; seller: string }> = {
  paid: { shopper: 'Paid: the money is held until you confirm receipt', seller: 'Paid by the shopper: waiting for you to accept' },
  accepted: { shopper: 'Accepted by the seller', seller: 'You accepted the order' },
  shipped: { shopper: 'Shipped', seller: 'You shipped it' },
  delivered: { shopper: 'Delivered', seller: 'You marked it delivered' },
  completed: { shopper: 'Completed: the seller has been paid', seller: 'Completed: the money is in your business wallet' },
  declined: { shopper: 'Declined by the seller: refunded to your wallet', seller: 'You declined it: the shopper was refunded' },
  cancelled: { shopper: 'You cancelled it: refunded to your wallet', seller: 'Cancelled by the shopper: refunded' },
  disputed: { shopper: 'You opened a dispute: the money stays held', seller: 'The shopper opened a dispute: the money stays held' },
  refunded: { shopper: 'Refunded by the seller to your wallet', seller: 'You refunded the shopper' },
};

export const DELIVERY_LABELS: Record<DeliveryOption, string> = {
  standard: 'Standard delivery',
  express: 'Express delivery',
  pickup: 'Pick up at the shop',
};

export function OrderStatusBadge({ status, className }: { status: OrderStatus; className?: string }) {
  return (
    <Badge tone={STATUS_TONES[status]} className={className}>
      {STATUS_LABELS[status]}
    </Badge>
  );
}

/** "M · Red" for an item's option, or null. */
export function variationText(v: CartItem['variation']): string | null {
  if (!v) return null;
  const parts = [v.size, v.colour?.name].filter(Boolean);
  return parts.length ? parts.join(' · ') : null;
}

/** A product's thumbnail (decorative: its name is always beside it). */
export function Thumb({ src, className }: { src: string | null; className?: string }) {
  if (!src)
    return (
      <span className={cn('flex shrink-0 items-center justify-center rounded-2xl bg-surface-2 text-subtle', className)} aria-hidden="true">
        <ImageOff className="size-5" />
      </span>
    );
  return <img src={src} alt="" loading="lazy" className={cn('shrink-0 rounded-2xl bg-surface-2 object-cover', className)} />;
}

/** "Are you sure?" for a step that cannot be undone. */
export function ConfirmSheet({
  open,
  title,
  children,
  confirmLabel,
  danger,
  loading,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  loading?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Sheet open={open} onClose={loading ? () => undefined : onClose} title={title}>
      <div className="flex flex-col gap-5">
        <div className="text-[15px] leading-relaxed text-muted">{children}</div>
        <div className="grid grid-cols-2 gap-3">
          <Button variant="outline" size="lg" onClick={onClose} disabled={loading}>
            Not now
          </Button>
          <Button variant={danger ? 'danger' : 'primary'} size="lg" loading={loading} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </div>
      </div>
    </Sheet>
  );
}

/** The cart's items by shop, in the server's order. */
export function groupByShop<T extends { product: { shopId: string; shopName: string } }>(items: T[]) {
  const groups = new Map<string, { shopId: string; shopName: string; items: T[] }>();
  for (const i of items) {
    const g = groups.get(i.product.shopId) ?? { shopId: i.product.shopId, shopName: i.product.shopName, items: [] };
    g.items.push(i);
    groups.set(i.product.shopId, g);
  }
  return [...groups.values()];
}

/** The server's totals for the selection; the screen never adds prices up itself. */
export function TotalsList({
  totals,
  itemCount,
  deliveryNote,
  label = 'Order total',
}: {
  totals: CartTotals;
  itemCount: number;
  /** Shown instead of the delivery price while there is none yet. */
  deliveryNote?: string;
  label?: string;
}) {
  return (
    <DetailList label={label}>
      <DetailRow label={`Subtotal (${plural(itemCount, 'item')})`}>{naira(totals.subtotal)}</DetailRow>
      <DetailRow label="Delivery">{deliveryNote ?? (totals.delivery === 0 ? 'Free' : naira(totals.delivery))}</DetailRow>
      {totals.fees > 0 ? <DetailRow label="Fees">{naira(totals.fees)}</DetailRow> : null}
      <DetailRow label="Total" strong>
        {naira(totals.total)}
      </DetailRow>
    </DetailList>
  );
}

/** What stops the cart from being ordered as it is, in the server's words (`dense` under a shop in the cart). */
export function CartProblems({ problems, dense }: { problems: string[]; dense?: boolean }) {
  if (!problems.length) return null;
  return (
    <ul className={cn('flex flex-col gap-1 rounded-2xl bg-accent-400/15 p-3', dense ? 'mt-1 text-xs' : 'mt-3 text-sm')}>
      {problems.map((p) => (
        <li key={p} className="flex gap-2">
          <TriangleAlert className={cn('size-4 shrink-0 text-[#8a5a00] dark:text-accent-300', !dense && 'mt-0.5')} aria-hidden="true" />
          {p}
        </li>
      ))}
    </ul>
  );
}

/** The server could not total the cart: why, and Try again. */
export function TotalsError({ totals }: { totals: { error: unknown; refetch: () => unknown } }) {
  return (
    <InlineError tone="danger" error={totals.error} fallback="We couldn't work out your total." onRetry={() => void totals.refetch()} />
  );
}
