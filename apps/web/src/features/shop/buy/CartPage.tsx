import { Minus, Plus, ShoppingCart, Trash2 } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from '../../../lib/toast';
import { errorMessage } from '../../../api/client';
import type { CartItem } from '../../../api/shop-orders';
import { cn } from '../../../lib/cn';
import { Badge } from '../../../ui/Badge';
import { Button, buttonClasses } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { EmptyState } from '../../../ui/EmptyState';
import { PageHeader } from '../../../ui/PageHeader';
import { QueryError } from '../../../ui/QueryError';
import { Skeleton } from '../../../ui/Spinner';
import { groupByShop, naira, plural, productPath, shopPath, Thumb, TotalsList, variationText, CartProblems, TotalsError } from './parts';
import { useAddToCart, useCart, useCartTotals, useRemoveFromCart } from './queries';

function unavailableText(item: CartItem): string {
  return item.stock <= 0 ? 'No longer available' : `Only ${item.stock} left: take some off to buy it`;
}

function CartRow({ item, selected, onSelect }: { item: CartItem; selected: boolean; onSelect: (on: boolean) => void }) {
  const add = useAddToCart();
  const remove = useRemoveFromCart();
  const busy = add.isPending || remove.isPending;
  const option = variationText(item.variation);
  const name = item.product.name;
  const checkId = useId();
  return (
    <li className={cn('flex gap-3 py-4', !item.available && 'opacity-90')}>
      <div className="flex min-h-16 items-center">
        <input
          id={checkId}
          type="checkbox"
          className="size-5 shrink-0 cursor-pointer accent-brand-600 disabled:cursor-not-allowed"
          checked={item.available && selected}
          disabled={!item.available}
          onChange={(e) => onSelect(e.target.checked)}
          aria-label={`Select ${name}`}
        />
      </div>
      <Link to={productPath(item.product.id)} tabIndex={-1} aria-hidden="true" className="shrink-0">
        <Thumb src={item.product.image} className={cn('size-16', !item.available && 'grayscale')} />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <Link to={productPath(item.product.id)} className="line-clamp-2 text-sm leading-snug font-medium hover:underline">
          {name}
        </Link>
        {option ? <p className="text-xs text-muted">{option}</p> : null}
        <p className="text-[15px] font-bold tabular-nums">{naira(item.price)}</p>
        {item.priceChanged ? (
          <p className="text-xs text-[#8a5a00] dark:text-accent-300">
            Price changed from <s>{naira(item.priceWhenAdded)}</s> to {naira(item.price)}
          </p>
        ) : null}
        {!item.available ? (
          <p className="flex flex-wrap items-center gap-1.5 text-xs text-danger-fg">
            <Badge tone="danger">Unavailable</Badge>
            {unavailableText(item)}
          </p>
        ) : null}
        <div className="mt-1 flex items-center justify-between gap-2">
          <div className="flex items-center rounded-full border border-line" role="group" aria-label={`Quantity of ${name}`}>
            <button
              type="button"
              aria-label={item.quantity === 1 ? `Remove ${name}` : `One less ${name}`}
              disabled={busy}
              onClick={() => remove.mutate({ id: item.id, type: item.quantity === 1 ? 'all' : 'one', name })}
              className="flex size-10 items-center justify-center rounded-full text-fg hover:bg-surface-2 disabled:opacity-50"
            >
              <Minus className="size-4" aria-hidden="true" />
            </button>
            <span className="min-w-8 text-center text-sm font-semibold tabular-nums" aria-live="polite">
              <span className="sr-only">Quantity </span>
              {item.quantity}
            </span>
            <button
              type="button"
              aria-label={`One more ${name}`}
              disabled={busy || item.quantity >= item.stock}
              onClick={() =>
                add.mutate(
                  { productId: item.product.id, variationId: item.variation?.id },
                  { onError: (err) => toast.error(errorMessage(err, "We couldn't add another. Please try again.")) },
                )
              }
              className="flex size-10 items-center justify-center rounded-full text-fg hover:bg-surface-2 disabled:opacity-40"
            >
              <Plus className="size-4" aria-hidden="true" />
            </button>
          </div>
          <button
            type="button"
            aria-label={`Remove ${name} from cart`}
            disabled={busy}
            onClick={() => remove.mutate({ id: item.id, type: 'all', name })}
            className="flex size-11 items-center justify-center rounded-full text-muted hover:bg-danger-soft hover:text-danger-fg disabled:opacity-50"
          >
            <Trash2 className="size-5" aria-hidden="true" />
          </button>
        </div>
      </div>
    </li>
  );
}

function CartSkeleton() {
  return (
    <div role="status" aria-label="Loading your cart" className="flex flex-col gap-3">
      {[0, 1].map((i) => (
        <Card key={i} className="flex flex-col gap-4">
          <Skeleton className="h-5 w-40" />
          <div className="flex gap-3">
            <Skeleton className="size-16 rounded-2xl" />
            <div className="flex-1 space-y-2">
              <Skeleton className="h-4 w-4/5" />
              <Skeleton className="h-4 w-1/3" />
            </div>
          </div>
        </Card>
      ))}
    </div>
  );
}

export default function CartPage() {
  const cart = useCart();
  const navigate = useNavigate();
  // Everything available is selected unless the shopper unticks it (new items come in selected).
  const [unticked, setUnticked] = useState<ReadonlySet<string>>(new Set());
  const items = useMemo(() => cart.data?.items ?? [], [cart.data]);
  const available = items.filter((i) => i.available);
  const selected = available.filter((i) => !unticked.has(i.id));
  const selectedIds = selected.map((i) => i.id);
  const totals = useCartTotals({ cartItemIds: selectedIds, delivery: [] }, cart.isSuccess);
  const groups = groupByShop(items);
  const itemCount = selected.reduce((n, i) => n + i.quantity, 0);
  const allOn = available.length > 0 && selected.length === available.length;

  const tick = (id: string, on: boolean) =>
    setUnticked((s) => {
      const next = new Set(s);
      if (on) next.delete(id);
      else next.add(id);
      return next;
    });

  const body = cart.isPending ? (
    <CartSkeleton />
  ) : cart.isError ? (
    <QueryError title="We couldn't load your cart" error={cart.error} onRetry={() => void cart.refetch()} />
  ) : items.length === 0 ? (
    <EmptyState
      level={2}
      icon={<ShoppingCart className="size-9" strokeWidth={1.8} />}
      title="Your cart is empty"
      action={
        <Link to="/shop" className={buttonClasses({ block: true })}>
          Start shopping
        </Link>
      }
    >
      Things you add to your cart show here, ready to buy.
    </EmptyState>
  ) : (
    <>
      <div className="mb-3 flex items-center justify-between gap-3 px-1">
        <label className="flex min-h-11 cursor-pointer items-center gap-3 text-[15px] font-medium">
          <input
            type="checkbox"
            className="size-5 cursor-pointer accent-brand-600"
            checked={allOn}
            disabled={available.length === 0}
            onChange={(e) => setUnticked(e.target.checked ? new Set() : new Set(available.map((i) => i.id)))}
          />
          Select all
        </label>
        <p className="text-sm text-muted">{plural(cart.data.count, 'item')} in your cart</p>
      </div>
      <div className="flex flex-col gap-3">
        {groups.map((g) => {
          const problems = totals.data?.shops.find((s) => s.shopId === g.shopId)?.problems ?? [];
          const headingId = `cart-shop-${g.shopId}`;
          return (
            <Card key={g.shopId} padded={false} className="px-4 pt-3" aria-labelledby={headingId} role="region">
              <h2 id={headingId} className="flex min-h-9 items-center text-base font-bold">
                <Link to={shopPath(g.shopId)} className="truncate hover:underline">
                  {g.shopName}
                </Link>
              </h2>
              <CartProblems problems={problems} dense />
              <ul className="divide-y divide-line" aria-label={`Items from ${g.shopName}`}>
                {g.items.map((i) => (
                  <CartRow key={i.id} item={i} selected={!unticked.has(i.id)} onSelect={(on) => tick(i.id, on)} />
                ))}
              </ul>
            </Card>
          );
        })}
      </div>

      <section aria-labelledby="cart-summary" className="mt-5">
        <h2 id="cart-summary" className="mb-2 px-1 text-base font-bold">
          Summary
        </h2>
        {selectedIds.length === 0 ? (
          <p className="rounded-2xl border border-line p-4 text-sm text-muted">Select the items you want to buy.</p>
        ) : totals.data ? (
          <div aria-busy={totals.isFetching || undefined} className={cn('transition-opacity', totals.isPlaceholderData && 'opacity-60')}>
            <TotalsList totals={totals.data} itemCount={itemCount} deliveryNote="At checkout" />
          </div>
        ) : totals.isError ? (
          <TotalsError totals={totals} />
        ) : (
          <Skeleton className="h-36 w-full rounded-2xl" />
        )}
      </section>

      <div className="sticky bottom-[calc(4.25rem+env(safe-area-inset-bottom))] z-10 -mx-5 mt-4 border-t border-line bg-canvas/95 px-5 py-3 backdrop-blur">
        <Button
          size="lg"
          block
          disabled={selectedIds.length === 0 || !totals.data || totals.isPlaceholderData || totals.isError}
          onClick={() => void navigate(`/shop/checkout?items=${selectedIds.join(',')}`)}
        >
          {totals.data && selectedIds.length > 0 && !totals.isPlaceholderData ? `Checkout · ${naira(totals.data.total)}` : 'Checkout'}
        </Button>
      </div>
    </>
  );

  return (
    <div>
      <PageHeader title="Cart" back="/shop" backLabel="Back to Shop" />
      {body}
    </div>
  );
}
