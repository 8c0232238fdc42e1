import { zodResolver } from '@hookform/resolvers/zod';
import { increaseStockBody } from '@owo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Boxes, Eye, ImageOff, PackagePlus, ShoppingCart } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from '../../../lib/toast';
import { z } from 'zod';
import { errorMessage } from '../../../api/client';
import { applyServerErrors } from '../../../lib/apply-server-errors';
import { type InventoryItem, type Shop, shopApi } from '../../../api/shop';
import { Badge } from '../../../ui/Badge';
import { Button, buttonClasses } from '../../../ui/Button';
import { EmptyState } from '../../../ui/EmptyState';
import { Field } from '../../../ui/Field';
import { FormAlert } from '../../../ui/FormAlert';
import { InlineError } from '../../../ui/InlineError';
import { LoadMore } from '../../../ui/LoadMore';
import { PageHeader } from '../../../ui/PageHeader';
import { QueryError } from '../../../ui/QueryError';
import { SelectField } from '../../../ui/Select';
import { Sheet } from '../../../ui/Sheet';
import { CardListSkeleton } from '../../../ui/Spinner';
import { naira, plural, NeedShop } from '../parts';
import { useLoadOnScroll, usePagedList } from '../../../lib/use-paged-list';
import { patchProduct, shopKeys, useMyShop } from '../queries';

/** How many to add, as typed: a whole number, then the contract's rule (at least one). */
const stockForm = z.object({
  variationId: z.string(),
  quantity: z
    .string()
    .trim()
    .transform((t) => (/^\d+$/.test(t) ? Number(t) : 0))
    .pipe(z.number().max(1_000_000, 'Add at most 1,000,000 at a time').pipe(increaseStockBody.shape.quantity)),
});
type StockFormInput = z.input<typeof stockForm>;
type StockFormValues = z.output<typeof stockForm>;

/** "Add stock": how many more of the product, or of one of its variations. */
function AddStockDialog({ item, shopId, onClose }: { item: InventoryItem; shopId: string; onClose: () => void }) {
  const qc = useQueryClient();
  const { register, handleSubmit, watch, setError, formState } = useForm<StockFormInput, unknown, StockFormValues>({
    resolver: zodResolver(stockForm),
    defaultValues: { variationId: item.variations[0]?.id ?? '', quantity: '' },
  });
  const add = useMutation({
    mutationFn: ({ variationId, quantity }: StockFormValues) =>
      shopApi.increaseStock({ productId: item.productId, ...(variationId ? { variationId } : {}), quantity }),
    onSuccess: (res) => {
      patchProduct(qc, res.data.id, () => res.data);
      void qc.invalidateQueries({ queryKey: shopKeys.inventory(shopId) });
      void qc.invalidateQueries({ queryKey: shopKeys.products });
      toast.success(`Stock updated: ${plural(res.data.stock, 'piece')} of ${item.name}`);
      onClose();
    },
    onError: (err) => applyServerErrors(err, setError, ['quantity', 'variationId']),
  });
  const submit = handleSubmit((v) => add.mutate(v));
  return (
    <Sheet
      open
      onClose={onClose}
      title={`Add stock: ${item.name}`}
      footer={
        <Button block loading={add.isPending} onClick={() => void submit()}>
          Add stock
        </Button>
      }
    >
      <form noValidate className="flex flex-col gap-4" onSubmit={(e) => void submit(e)}>
        <FormAlert message={add.isError ? errorMessage(add.error, "We couldn't update the stock.") : null} />
        {item.variations.length ? (
          <SelectField label="Variation" value={watch('variationId')} {...register('variationId')}>
            {item.variations.map((v) => (
              <option key={v.id} value={v.id}>
                {v.label} ({v.stock} in stock)
              </option>
            ))}
          </SelectField>
        ) : (
          <p className="text-sm text-muted">{plural(item.stock, 'piece')} in stock now.</p>
        )}
        <Field label="How many to add" inputMode="numeric" autoFocus error={formState.errors.quantity?.message} {...register('quantity')} />
      </form>
    </Sheet>
  );
}

function StockBadge({ stock, low }: { stock: number; low: boolean }) {
  if (stock <= 0) return <Badge tone="danger">Out of stock</Badge>;
  if (low) return <Badge tone="warning">Low stock</Badge>;
  return null;
}

function InventoryCard({ item, onAdd }: { item: InventoryItem; onAdd: () => void }) {
  return (
    <article aria-label={item.name} className="flex flex-col gap-3 rounded-3xl border border-line bg-surface p-4">
      <div className="flex gap-3">
        {item.image ? (
          <img src={item.image} alt="" loading="lazy" className="size-16 shrink-0 rounded-2xl bg-surface-2 object-cover" />
        ) : (
          <span className="flex size-16 shrink-0 items-center justify-center rounded-2xl bg-surface-2 text-subtle" aria-hidden="true">
            <ImageOff className="size-6" />
          </span>
        )}
        <div className="min-w-0 flex-1">
          <h2 className="truncate font-semibold">{item.name}</h2>
          <p className="text-sm tabular-nums">{naira(item.price)}</p>
          <div className="mt-1 flex flex-wrap items-center gap-2 text-xs text-muted">
            <span className="font-semibold text-fg">{plural(item.stock, 'in stock', 'in stock')}</span>
            <StockBadge stock={item.stock} low={item.lowStock} />
          </div>
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-2 text-sm">
        <div className="flex items-center gap-2 rounded-2xl bg-surface-2 px-3 py-2">
          <Eye className="size-4 text-muted" aria-hidden="true" />
          <dt className="sr-only">Views</dt>
          <dd>{plural(item.views, 'view')}</dd>
        </div>
        <div className="flex items-center gap-2 rounded-2xl bg-surface-2 px-3 py-2">
          <ShoppingCart className="size-4 text-muted" aria-hidden="true" />
          <dt className="sr-only">Sales</dt>
          <dd>{plural(item.sales, 'sale')}</dd>
        </div>
      </dl>
      {item.variations.length ? (
        <ul aria-label={`Variations of ${item.name}`} className="flex flex-col divide-y divide-line text-sm">
          {item.variations.map((v) => (
            <li key={v.id} className="flex items-center justify-between gap-2 py-2">
              <span>{v.label}</span>
              <span className="flex items-center gap-2">
                <StockBadge stock={v.stock} low={v.lowStock} />
                <span className="tabular-nums">{v.stock}</span>
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      <Button
        variant="secondary"
        size="sm"
        icon={<PackagePlus className="size-4" aria-hidden="true" />}
        aria-label={`Add stock to ${item.name}`}
        onClick={onAdd}
      >
        Add stock
      </Button>
    </article>
  );
}

function Inventory({ shop }: { shop: Shop }) {
  const list = usePagedList(shopKeys.inventory(shop.id), (page, signal) => shopApi.inventory(shop.id, page, signal));
  const sentinel = useLoadOnScroll(list);
  const [adding, setAdding] = useState<InventoryItem | null>(null);
  if (list.isPending) return <CardListSkeleton label="Loading your inventory" cards={3} />;
  if (list.isError)
    return <InlineError error={list.error} fallback="We couldn't load your inventory." onRetry={() => void list.refetch()} />;
  if (list.items.length === 0)
    return (
      <EmptyState
        icon={<Boxes className="size-9" strokeWidth={1.8} />}
        title="Nothing in stock yet"
        action={
          <Link to="/shop/sell/products/new" className={buttonClasses({ block: true })}>
            Upload a product
          </Link>
        }
      >
        Products you upload show here with their stock, views and sales.
      </EmptyState>
    );
  const low = list.items.filter((i) => i.lowStock).length;
  return (
    <div className="flex flex-col gap-3">
      {low ? (
        <p role="status" className="rounded-2xl bg-accent-400/15 p-3 text-sm">
          {low === 1 ? '1 product is' : `${low} products are`} low on stock.
        </p>
      ) : null}
      <ul aria-label="Inventory" className="flex flex-col gap-3">
        {list.items.map((i) => (
          <li key={i.productId}>
            <InventoryCard item={i} onAdd={() => setAdding(i)} />
          </li>
        ))}
      </ul>
      <div ref={sentinel} />
      <LoadMore pages={list} />
      {adding ? <AddStockDialog item={adding} shopId={shop.id} onClose={() => setAdding(null)} /> : null}
    </div>
  );
}

/** The seller's stock per product and variation, with low-stock marks, views and sales. */
export default function InventoryPage() {
  const mine = useMyShop();
  return (
    <div>
      <PageHeader title="Inventory" back="/shop/sell" backLabel="Back to my shop" />
      {mine.isPending ? (
        <CardListSkeleton label="Loading your shop" />
      ) : mine.isError ? (
        <QueryError error={mine.error} onRetry={() => void mine.refetch()} title="We couldn't load your shop" />
      ) : !mine.data ? (
        <NeedShop />
      ) : (
        <Inventory shop={mine.data} />
      )}
    </div>
  );
}
