import { formatLagosDate } from '@owo/contracts/format';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MapPin, PackageCheck, Plus, ShoppingCart } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from '../../../lib/toast';
import { errorMessage } from '../../../api/client';
import type { CartItem, DeliveryOption, DeliveryQuote, Order } from '../../../api/shop-orders';
import { shopOrdersApi } from '../../../api/shop-orders';
import { cn } from '../../../lib/cn';
import { errorCode } from '../../../lib/errors';
import { useAttemptKey } from '../../../lib/use-attempt-key';
import { useGuardedClose } from '../../../lib/use-guarded-close';
import { Button, buttonClasses } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { DetailList, DetailRow } from '../../../ui/DetailList';
import { EmptyState } from '../../../ui/EmptyState';
import { InlineError } from '../../../ui/InlineError';
import { PageHeader } from '../../../ui/PageHeader';
import { PinSetupHint } from '../../../ui/PinSetupHint';
import { PinStep } from '../../../ui/PinStep';
import { QueryError } from '../../../ui/QueryError';
import { Sheet } from '../../../ui/Sheet';
import { Skeleton } from '../../../ui/Spinner';
import { invalidateMoney, useBalances } from '../../wallet';
import { AddressPicker } from './AddressPicker';
import { AddressSheet } from './AddressSheet';
import { OrderPlaced } from './OrderPlaced';
import { groupByShop, naira, plural, TotalsList, variationText, CartProblems, TotalsError } from './parts';
import { buyKeys, invalidateCart, useAddresses, useCart, useCartTotals, useDeliveryQuotes } from './queries';
import { Section } from '../../../ui/Section';
import { ShortBalance } from './ShortBalance';

const arrives = (date: string) => formatLagosDate(date, 'date');
const SECTION = { className: 'mt-6 first:mt-0', headClassName: 'mb-2 min-h-11 gap-3 px-1' };

function DeliveryPicker({
  quote,
  items,
  value,
  onChange,
}: {
  quote: DeliveryQuote;
  items: CartItem[];
  value: DeliveryOption;
  onChange: (o: DeliveryOption) => void;
}) {
  return (
    <Card className="p-4">
      <fieldset>
        <legend className="font-semibold">{quote.shopName}</legend>
        <ul className="mt-1 mb-3 text-sm text-muted">
          {items.map((i) => {
            const option = variationText(i.variation);
            return (
              <li key={i.id} className="truncate">
                {i.quantity} × {i.product.name}
                {option ? ` (${option})` : ''}
              </li>
            );
          })}
        </ul>
        <div className="flex flex-col gap-2">
          {quote.options.map((o) => {
            const on = o.id === value;
            return (
              <label
                key={o.id}
                className={cn(
                  'flex cursor-pointer items-center gap-3 rounded-2xl border px-3 py-2.5 transition-colors',
                  on ? 'border-brand-600 bg-brand-soft/40' : 'border-line hover:bg-surface-2',
                )}
              >
                <input
                  type="radio"
                  name={`delivery-${quote.shopId}`}
                  value={o.id}
                  checked={on}
                  onChange={() => onChange(o.id)}
                  className="size-5 shrink-0 accent-brand-600"
                />
                <span className="flex min-w-0 flex-1 flex-col">
                  <span className="text-sm font-semibold">{o.label}</span>
                  <span className="text-xs text-muted">
                    {o.id === 'pickup' ? `Ready from ${arrives(o.estimatedDate)}` : `Arrives by ${arrives(o.estimatedDate)}`}
                  </span>
                </span>
                <span className="text-sm font-semibold tabular-nums">{o.price === 0 ? 'Free' : naira(o.price)}</span>
              </label>
            );
          })}
        </div>
      </fieldset>
    </Card>
  );
}

export default function CheckoutPage() {
  const [params] = useSearchParams();
  const qc = useQueryClient();
  const cart = useCart();
  const addresses = useAddresses();
  const balances = useBalances();
  const wanted = params.get('items')?.split(',').filter(Boolean);
  const items = (cart.data?.items ?? []).filter((i) => i.available && (!wanted || wanted.includes(i.id)));
  const ids = items.map((i) => i.id);
  const groups = groupByShop(items);

  const [picked, setPicked] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const list = addresses.data ?? [];
  const address = list.find((a) => a.id === picked) ?? list.find((a) => a.isDefault) ?? list[0] ?? null;
  const addressId = address?.id ?? null;

  const quotes = useDeliveryQuotes(ids, addressId);
  const [choices, setChoices] = useState<Record<string, DeliveryOption>>({});
  const delivery = (quotes.data ?? []).map((q) => ({ shopId: q.shopId, option: choices[q.shopId] ?? ('standard' as const) }));
  const totals = useCartTotals(
    { cartItemIds: ids, ...(addressId ? { addressId } : {}), delivery },
    cart.isSuccess && addresses.isSuccess && (!addressId || quotes.isSuccess),
  );
  const total = totals.data?.total ?? 0;
  const itemCount = items.reduce((n, i) => n + i.quantity, 0);
  const problems = totals.data?.shops.flatMap((s) => s.problems) ?? [];
  const ready = Boolean(addressId) && quotes.isSuccess && totals.isSuccess && !totals.isPlaceholderData && !totals.isFetching;
  const short = balances.data !== undefined && ready && balances.data.walletBalance < total;
  const shortfall = short ? total - (balances.data?.walletBalance ?? 0) : 0;

  // One Idempotency-Key per checkout: a retry of the same payment (a wrong PIN, a lost answer) reuses it.
  const attempt = useAttemptKey();
  const [paying, setPaying] = useState(false);
  const [pin, setPin] = useState('');
  const [placed, setPlaced] = useState<{ orders: Order[]; amount: number } | null>(null);
  const pay = useMutation({
    mutationFn: (v: { pin: string; amount: number }) => {
      const body = { cartItemIds: ids, addressId: addressId ?? '', delivery };
      return shopOrdersApi.placeOrder(body, v.pin, attempt.keyFor(body));
    },
    onSuccess: (res, v) => {
      attempt.done();
      setPaying(false);
      setPlaced({ orders: res.data, amount: v.amount });
      toast.success(res.message || 'Order placed');
      void invalidateCart(qc);
      void qc.invalidateQueries({ queryKey: buyKeys.orders });
      void invalidateMoney(qc);
      window.scrollTo?.(0, 0);
    },
    onError: (err) => {
      toast.error(errorMessage(err, "We couldn't place your order. Please try again."));
      if (errorCode(err) === 'PIN_INCORRECT') setPin('');
    },
  });
  const closePay = useGuardedClose(pay.isPending, pay.reset, () => setPaying(false));

  if (placed) return <OrderPlaced {...placed} />;

  let body: ReactNode;
  if (cart.isPending || addresses.isPending) {
    body = (
      <div role="status" aria-label="Loading checkout" className="flex flex-col gap-3">
        <Skeleton className="h-28 w-full rounded-2xl" />
        <Skeleton className="h-40 w-full rounded-2xl" />
      </div>
    );
  } else if (cart.isError || addresses.isError) {
    body = (
      <QueryError
        title="We couldn't load your checkout"
        error={cart.error ?? addresses.error}
        onRetry={() => {
          void cart.refetch();
          void addresses.refetch();
        }}
      />
    );
  } else if (items.length === 0) {
    body = (
      <EmptyState
        icon={<ShoppingCart className="size-9" strokeWidth={1.8} />}
        title="Nothing to check out"
        action={
          <Link to="/shop/cart" className={buttonClasses({ block: true })}>
            Back to cart
          </Link>
        }
      >
        The items you chose are no longer in your cart or can&apos;t be bought right now.
      </EmptyState>
    );
  } else {
    body = (
      <>
        <Section
          {...SECTION}
          id="checkout-address"
          title="Deliver to"
          action={
            list.length ? (
              <Button variant="ghost" size="sm" icon={<Plus className="size-4" aria-hidden="true" />} onClick={() => setAdding(true)}>
                New address
              </Button>
            ) : null
          }
        >
          {list.length ? (
            <AddressPicker addresses={list} value={addressId} onChange={setPicked} />
          ) : (
            <Card className="flex flex-col items-center gap-3 text-center">
              <MapPin className="size-8 text-brand-fg" aria-hidden="true" />
              <p className="text-sm text-muted">Add the address we should deliver to. You can keep several.</p>
              <Button block icon={<Plus className="size-4" aria-hidden="true" />} onClick={() => setAdding(true)}>
                Add an address
              </Button>
            </Card>
          )}
        </Section>

        <Section {...SECTION} id="checkout-delivery" title="Delivery">
          {!addressId ? (
            <p className="rounded-2xl border border-line p-4 text-sm text-muted">Choose an address to see delivery options and prices.</p>
          ) : quotes.isPending ? (
            <div role="status" aria-label="Loading delivery options" className="flex flex-col gap-3">
              {groups.map((g) => (
                <Skeleton key={g.shopId} className="h-48 w-full rounded-3xl" />
              ))}
            </div>
          ) : quotes.isError ? (
            <InlineError
              tone="danger"
              error={quotes.error}
              fallback="We couldn't work out delivery."
              onRetry={() => void quotes.refetch()}
            />
          ) : (
            <div className="flex flex-col gap-3">
              {quotes.data.map((q) => (
                <DeliveryPicker
                  key={q.shopId}
                  quote={q}
                  items={groups.find((g) => g.shopId === q.shopId)?.items ?? []}
                  value={choices[q.shopId] ?? 'standard'}
                  onChange={(o) => setChoices((c) => ({ ...c, [q.shopId]: o }))}
                />
              ))}
            </div>
          )}
        </Section>

        <Section {...SECTION} id="checkout-summary" title="Order summary">
          {totals.data ? (
            <div aria-busy={totals.isFetching || undefined} className={cn('transition-opacity', totals.isFetching && 'opacity-60')}>
              <TotalsList totals={totals.data} itemCount={itemCount} deliveryNote={addressId ? undefined : 'Choose an address'} />
              {groups.length > 1 ? (
                <p className="mt-2 px-1 text-xs text-muted">
                  {plural(groups.length, 'order')}, one per shop: each seller is paid once you confirm you received theirs.
                </p>
              ) : null}
            </div>
          ) : totals.isError ? (
            <TotalsError totals={totals} />
          ) : (
            <Skeleton className="h-36 w-full rounded-2xl" />
          )}
          <CartProblems problems={problems} />
        </Section>

        <div className="sticky bottom-[calc(4.25rem+env(safe-area-inset-bottom))] z-10 -mx-5 mt-5 border-t border-line bg-canvas/95 px-5 py-3 backdrop-blur">
          {short ? (
            <ShortBalance shortfall={shortfall} wallet={balances.data?.walletBalance ?? 0} total={total} />
          ) : (
            <Button
              size="lg"
              block
              disabled={!ready}
              onClick={() => {
                pay.reset();
                setPin('');
                setPaying(true);
              }}
            >
              {ready ? `Pay ${naira(total)}` : addressId ? 'Working out your total…' : 'Choose an address to pay'}
            </Button>
          )}
        </div>
      </>
    );
  }

  return (
    <div>
      <PageHeader title="Checkout" back="/shop/cart" backLabel="Back to cart" />
      {body}
      <AddressSheet
        open={adding}
        onClose={() => setAdding(false)}
        onSaved={(a) => {
          setPicked(a.id);
          setAdding(false);
        }}
      />
      <Sheet open={paying} onClose={closePay} title="Confirm payment">
        <div className="flex flex-col gap-5">
          <div className="text-center">
            <p className="text-sm text-muted">You are paying</p>
            <p className="text-3xl font-bold tracking-tight tabular-nums">{naira(total)}</p>
            <p className="mt-1 text-sm text-muted">from your wallet</p>
          </div>
          <DetailList>
            <DetailRow label="Orders">{groups.map((g) => g.shopName).join(', ')}</DetailRow>
            {address ? <DetailRow label="Deliver to">{`${address.label}: ${address.street}`}</DetailRow> : null}
            {balances.data ? <DetailRow label="Wallet balance">{naira(balances.data.walletBalance)}</DetailRow> : null}
          </DetailList>
          <PinStep
            pin={pin}
            onPinChange={setPin}
            onSubmit={(p) => pay.mutate({ pin: p, amount: total })}
            onBack={closePay}
            backLabel="Cancel"
            submitLabel="Pay"
            loading={pay.isPending}
            error={
              pay.error ? (
                errorCode(pay.error) === 'PIN_NOT_SET' ? (
                  <PinSetupHint error={pay.error} />
                ) : (
                  <p role="alert" className="rounded-2xl bg-danger-soft p-3 text-sm text-danger-fg">
                    {errorMessage(pay.error, "We couldn't place your order. Please try again.")}
                  </p>
                )
              ) : null
            }
          >
            <span className="flex items-start gap-2">
              <PackageCheck className="mt-0.5 size-5 shrink-0 text-brand-fg" aria-hidden="true" />
              <span>Enter your PIN to pay. The money is held until you confirm each order arrived.</span>
            </span>
          </PinStep>
        </div>
      </Sheet>
    </div>
  );
}
