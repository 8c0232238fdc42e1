import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Star } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { toast } from '../../../lib/toast';
import { errorMessage } from '../../../api/client';
import { type Order, type OrderItem, shopOrdersApi } from '../../../api/shop-orders';
import { cn } from '../../../lib/cn';
import { useAttemptKey } from '../../../lib/use-attempt-key';
import { Button } from '../../../ui/Button';
import { Field, TextAreaField } from '../../../ui/Field';
import { Sheet } from '../../../ui/Sheet';
import { ConfirmSheet, naira } from './parts';
import { buyKeys, type OrderAction, useOrderAction } from './queries';

type Open = null | 'accept' | 'decline' | 'ship' | 'cancel' | 'confirm' | 'dispute' | 'refund';

/** "Mark shipped": an optional note or tracking number for the shopper. */
function ShipSheet({
  open,
  loading,
  onClose,
  onShip,
}: {
  open: boolean;
  loading: boolean;
  onClose: () => void;
  onShip: (note: string) => void;
}) {
  const [note, setNote] = useState('');
  useEffect(() => {
    if (open) setNote('');
  }, [open]);
  return (
    <Sheet open={open} onClose={loading ? () => undefined : onClose} title="Mark as shipped">
      <form
        noValidate
        className="flex flex-col gap-5"
        onSubmit={(e) => {
          e.preventDefault();
          onShip(note.trim());
        }}
      >
        <Field
          label="Note or tracking number (optional)"
          hint="The shopper sees it on their order, e.g. the rider's name or a waybill number."
          value={note}
          maxLength={200}
          onChange={(e) => setNote(e.target.value)}
          autoFocus
        />
        <Button type="submit" size="lg" block loading={loading}>
          Mark shipped
        </Button>
      </form>
    </Sheet>
  );
}

/** "Open a dispute": what went wrong (the money stays held meanwhile). */
function DisputeSheet({
  open,
  loading,
  onClose,
  onDispute,
}: {
  open: boolean;
  loading: boolean;
  onClose: () => void;
  onDispute: (reason: string) => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    if (open) {
      setReason('');
      setError(undefined);
    }
  }, [open]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const r = reason.trim();
    if (r.length < 3) {
      setError('Tell us what went wrong');
      return;
    }
    onDispute(r);
  };
  return (
    <Sheet open={open} onClose={loading ? () => undefined : onClose} title="Open a dispute">
      <form noValidate className="flex flex-col gap-5" onSubmit={submit}>
        <p className="text-[15px] text-muted">
          The seller is not paid while the dispute is open. They can refund you, or you can confirm receipt once it is sorted out.
        </p>
        <TextAreaField
          label="What went wrong?"
          value={reason}
          maxLength={500}
          error={error}
          onChange={(e) => {
            setReason(e.target.value);
            setError(undefined);
          }}
          autoFocus
        />
        <Button type="submit" size="lg" block variant="danger" loading={loading}>
          Open dispute
        </Button>
      </form>
    </Sheet>
  );
}

/** The seller's next step for an order: accept or decline it, ship it, mark it delivered. */
export function SellerActions({ order, className }: { order: Order; className?: string }) {
  const action = useOrderAction();
  const [open, setOpen] = useState<Open>(null);
  const run = (a: OrderAction) => action.mutate({ id: order.id, action: a }, { onSuccess: () => setOpen(null) });
  const busy = action.isPending;
  const who = `${order.shopper.firstName} ${order.shopper.lastName}`;
  let buttons = null;
  if (order.status === 'paid')
    buttons = (
      <>
        <Button variant="danger" block onClick={() => setOpen('decline')} disabled={busy}>
          Decline
        </Button>
        <Button block onClick={() => run({ step: 'accept' })} loading={busy && action.variables?.action.step === 'accept'} disabled={busy}>
          Accept
        </Button>
      </>
    );
  else if (order.status === 'accepted')
    buttons = (
      <Button block className="col-span-2" onClick={() => setOpen('ship')} disabled={busy}>
        Mark shipped
      </Button>
    );
  else if (order.status === 'shipped')
    buttons = (
      <Button block className="col-span-2" onClick={() => run({ step: 'deliver' })} loading={busy}>
        Mark delivered
      </Button>
    );
  else if (order.status === 'disputed')
    buttons = (
      <Button variant="danger" block className="col-span-2" onClick={() => setOpen('refund')} disabled={busy}>
        Refund the shopper
      </Button>
    );
  if (!buttons) return null;
  return (
    <>
      <div className={cn('grid grid-cols-2 gap-3', className)}>{buttons}</div>
      <ConfirmSheet
        open={open === 'decline'}
        title="Decline this order?"
        confirmLabel="Decline order"
        danger
        loading={busy}
        onConfirm={() => run({ step: 'decline' })}
        onClose={() => setOpen(null)}
      >
        {who} gets {naira(order.total)} back in their wallet at once and the items go back into your stock. This can&apos;t be undone.
      </ConfirmSheet>
      <ConfirmSheet
        open={open === 'refund'}
        title="Refund this order?"
        confirmLabel="Refund shopper"
        danger
        loading={busy}
        onConfirm={() => run({ step: 'refund' })}
        onClose={() => setOpen(null)}
      >
        {who} gets {naira(order.total)} back in their wallet at once, which settles the dispute. You are not paid for this order. This
        can&apos;t be undone.
      </ConfirmSheet>
      <ShipSheet open={open === 'ship'} loading={busy} onClose={() => setOpen(null)} onShip={(note) => run({ step: 'ship', note })} />
    </>
  );
}

/** The shopper's next step: cancel before it ships, or confirm receipt (which pays the seller) or open a dispute. */
export function ShopperActions({ order, className }: { order: Order; className?: string }) {
  const action = useOrderAction();
  const [open, setOpen] = useState<Open>(null);
  const run = (a: OrderAction) => action.mutate({ id: order.id, action: a }, { onSuccess: () => setOpen(null) });
  const busy = action.isPending;
  let buttons = null;
  if (order.status === 'paid' || order.status === 'accepted')
    buttons = (
      <Button variant="danger" block className="col-span-2" onClick={() => setOpen('cancel')}>
        Cancel order
      </Button>
    );
  else if (order.status === 'shipped' || order.status === 'delivered')
    buttons = (
      <>
        <Button block className="col-span-2" onClick={() => setOpen('confirm')}>
          Confirm receipt
        </Button>
        <Button variant="outline" block className="col-span-2" onClick={() => setOpen('dispute')}>
          Open a dispute
        </Button>
      </>
    );
  else if (order.status === 'disputed')
    buttons = (
      <Button block className="col-span-2" onClick={() => setOpen('confirm')}>
        Close dispute and pay seller
      </Button>
    );
  if (!buttons) return null;
  return (
    <>
      <div className={cn('grid grid-cols-2 gap-3', className)}>{buttons}</div>
      <ConfirmSheet
        open={open === 'cancel'}
        title="Cancel this order?"
        confirmLabel="Cancel order"
        danger
        loading={busy}
        onConfirm={() => run({ step: 'cancel' })}
        onClose={() => setOpen(null)}
      >
        You get {naira(order.total)} back in your wallet at once. This can&apos;t be undone.
      </ConfirmSheet>
      <ConfirmSheet
        open={open === 'confirm'}
        title="Confirm you received it?"
        confirmLabel="Pay the seller"
        loading={busy}
        onConfirm={() => run({ step: 'confirm' })}
        onClose={() => setOpen(null)}
      >
        Confirming pays <span className="font-semibold text-fg">{order.shop.name}</span> the {naira(order.total)} held for this order. Only
        confirm once you have everything and it is as described: this can&apos;t be undone.
      </ConfirmSheet>
      <DisputeSheet
        open={open === 'dispute'}
        loading={busy}
        onClose={() => setOpen(null)}
        onDispute={(reason) => run({ step: 'dispute', reason })}
      />
    </>
  );
}

/** Stars 1 to 5 and a few words about one item of an order (once). */
export function ReviewSheet({ order, item, onClose }: { order: Order; item: OrderItem | null; onClose: () => void }) {
  const qc = useQueryClient();
  const [rating, setRating] = useState(0);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    if (!item) return;
    setRating(0);
    setText('');
    setError(undefined);
  }, [item]);
  const attempt = useAttemptKey();
  const review = useMutation({
    mutationFn: (v: { productId: string; rating: number; text: string }) => {
      const body = { orderId: order.id, ...v };
      return shopOrdersApi.review(body, attempt.keyFor(body));
    },
    onSuccess: (res, v) => {
      attempt.done();
      toast.success(res.message || 'Thanks for your review');
      qc.setQueryData<Order>(buyKeys.order(order.id), (o) =>
        o ? { ...o, items: o.items.map((i) => (i.productId === v.productId ? { ...i, reviewed: true } : i)) } : o,
      );
      void qc.invalidateQueries({ queryKey: buyKeys.order(order.id) });
      void qc.invalidateQueries({ queryKey: ['shop', 'reviews', v.productId] });
      onClose();
    },
    onError: (err) => toast.error(errorMessage(err, "We couldn't post your review. Please try again.")),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!item) return;
    if (rating < 1) {
      setError('Choose from 1 to 5 stars');
      return;
    }
    review.mutate({ productId: item.productId, rating, text: text.trim() });
  };
  return (
    <Sheet open={item !== null} onClose={review.isPending ? () => undefined : onClose} title="Rate and review">
      {item ? (
        <form noValidate className="flex flex-col gap-5" onSubmit={submit}>
          <p className="text-[15px] text-muted">
            How was <span className="font-semibold text-fg">{item.name}</span>?
          </p>
          <div>
            <div role="radiogroup" aria-label="Rating" aria-describedby={error ? 'review-rating-error' : undefined} className="flex gap-1">
              {[1, 2, 3, 4, 5].map((n) => (
                <button
                  key={n}
                  type="button"
                  role="radio"
                  aria-checked={rating === n}
                  aria-label={`${n} ${n === 1 ? 'star' : 'stars'}`}
                  onClick={() => {
                    setRating(n);
                    setError(undefined);
                  }}
                  className="flex size-12 items-center justify-center rounded-full hover:bg-surface-2"
                >
                  <Star
                    className={cn('size-8', n <= rating ? 'fill-accent-400 text-accent-400' : 'text-subtle')}
                    strokeWidth={1.6}
                    aria-hidden="true"
                  />
                </button>
              ))}
            </div>
            {error ? (
              <p id="review-rating-error" className="mt-1 text-sm text-danger-fg">
                {error}
              </p>
            ) : null}
          </div>
          <TextAreaField label="Your review (optional)" value={text} maxLength={1000} onChange={(e) => setText(e.target.value)} />
          <Button type="submit" size="lg" block loading={review.isPending}>
            Post review
          </Button>
        </form>
      ) : null}
    </Sheet>
  );
}
