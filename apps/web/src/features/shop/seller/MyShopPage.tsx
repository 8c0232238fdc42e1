import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Boxes, ClipboardList, Eye, Pencil, Plus, Store, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from '../../../lib/toast';
import { errorMessage } from '../../../api/client';
import { type Product, type Shop, shopApi } from '../../../api/shop';
import { Badge } from '../../../ui/Badge';
import { buttonClasses } from '../../../ui/Button';
import { EmptyState } from '../../../ui/EmptyState';
import { LoadMore } from '../../../ui/LoadMore';
import { PageHeader } from '../../../ui/PageHeader';
import { QueryError } from '../../../ui/QueryError';
import { CardListSkeleton } from '../../../ui/Spinner';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { NoProducts, ProductImage, ProductsError, ShopLogo, naira, plural, shopPath } from '../parts';
import { useLoadOnScroll } from '../../../lib/use-paged-list';
import { dropProduct, shopKeys, useMyShop, useProductList } from '../queries';

export const editProductPath = (id: string) => `/shop/sell/products/${id}/edit`;

function ProductRow({ product, onDelete }: { product: Product; onDelete: () => void }) {
  return (
    <div className="flex items-center gap-3 py-3">
      <ProductImage product={product} className="size-16 shrink-0 rounded-2xl" />
      <div className="min-w-0 flex-1">
        <p className="truncate font-semibold">{product.name}</p>
        <p className="text-sm tabular-nums">{naira(product.price)}</p>
        {product.heldForReview ? (
          <p className="mt-0.5 text-xs text-danger-fg">
            <Badge tone="danger">Hidden after reports</Badge> Shoppers cannot see it until our team reviews it.
          </p>
        ) : null}
        <p className="flex items-center gap-2 text-xs text-muted">
          {product.stock <= 0 ? <Badge tone="danger">Out of stock</Badge> : <span>{plural(product.stock, 'in stock', 'in stock')}</span>}
          <span className="inline-flex items-center gap-0.5">
            <Eye className="size-3.5" aria-hidden="true" />
            {plural(product.views, 'view')}
          </span>
        </p>
      </div>
      {product.heldForReview ? null : (
        <>
          <Link
            to={editProductPath(product.id)}
            aria-label={`Edit ${product.name}`}
            className="flex size-11 items-center justify-center rounded-full text-fg hover:bg-surface-2"
          >
            <Pencil className="size-5" aria-hidden="true" />
          </Link>
          <button
            type="button"
            aria-label={`Delete ${product.name}`}
            onClick={onDelete}
            className="flex size-11 items-center justify-center rounded-full text-danger-fg hover:bg-danger-soft"
          >
            <Trash2 className="size-5" aria-hidden="true" />
          </button>
        </>
      )}
    </div>
  );
}

function MyProducts({ shop }: { shop: Shop }) {
  const qc = useQueryClient();
  const list = useProductList({ kind: 'mine', shopId: shop.id });
  const sentinel = useLoadOnScroll(list);
  const [deleting, setDeleting] = useState<Product | null>(null);
  const del = useMutation({
    mutationFn: (p: Product) => shopApi.deleteProduct(p.id),
    onSuccess: (_r, p) => {
      dropProduct(qc, p.id);
      qc.setQueryData<Shop | null>(shopKeys.myShop, (s) => (s ? { ...s, productsCount: Math.max(0, s.productsCount - 1) } : s));
      void qc.invalidateQueries({ queryKey: shopKeys.products });
      void qc.invalidateQueries({ queryKey: shopKeys.inventory(shop.id) });
      toast.success(`${p.name} deleted`);
      setDeleting(null);
    },
    onError: (err) => toast.error(errorMessage(err, "We couldn't delete the product. Please try again.")),
  });
  return (
    <section aria-labelledby="my-products" className="flex flex-col gap-2">
      <h2 id="my-products" className="text-lg font-bold tracking-tight">
        Your products
      </h2>
      {list.failed ? (
        <ProductsError onRetry={() => void list.refetch()} />
      ) : list.isPending ? (
        <CardListSkeleton label="Loading your products" />
      ) : list.items.length === 0 ? (
        <NoProducts title="No products yet">Add your first product so shoppers can find it.</NoProducts>
      ) : (
        <>
          <ul aria-label="Your products" className="flex flex-col divide-y divide-line rounded-3xl border border-line bg-surface px-3">
            {list.items.map((p) => (
              <li key={p.id}>
                <ProductRow product={p} onDelete={() => setDeleting(p)} />
              </li>
            ))}
          </ul>
          <div ref={sentinel} />
          <LoadMore pages={list} />
        </>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title={`Delete ${deleting?.name ?? 'this product'}?`}
        body="Shoppers will no longer see it. Past orders keep their record. This can't be undone."
        confirm="Delete"
        busy={del.isPending}
        holdCancel
        onConfirm={() => deleting && del.mutate(deleting)}
      />
    </section>
  );
}

/** The seller's own shop: its products with edit and delete, and the ways to add and stock them. */
export default function MyShopPage() {
  const mine = useMyShop();
  return (
    <div>
      <PageHeader title="My shop" back="/shop" backLabel="Back to Shop" />
      {mine.isPending ? (
        <CardListSkeleton label="Loading your shop" />
      ) : mine.isError ? (
        <QueryError error={mine.error} onRetry={() => void mine.refetch()} title="We couldn't load your shop" />
      ) : mine.data === null ? (
        <EmptyState
          level={2}
          icon={<Store className="size-9" strokeWidth={1.8} />}
          title="Sell on Owo"
          action={
            <Link to="/shop/sell/new" className={buttonClasses({ block: true, size: 'lg' })}>
              Open your shop
            </Link>
          }
        >
          Open a shop in minutes, add your products, and shoppers near you will find them.
        </EmptyState>
      ) : (
        <div className="flex flex-col gap-5">
          <Link
            to={shopPath(mine.data.id)}
            aria-label={`${mine.data.name}, view as shoppers see it`}
            className="flex items-center gap-3 rounded-3xl border border-line bg-surface p-4 hover:bg-surface-2"
          >
            <ShopLogo shop={mine.data} size="md" />
            <div className="min-w-0 flex-1">
              <p className="truncate text-lg font-bold">{mine.data.name}</p>
              <p className="text-sm text-muted">
                {plural(mine.data.productsCount, 'product')} · {plural(mine.data.followersCount, 'follower')}
              </p>
            </div>
            <span className="text-sm font-semibold text-brand-fg">View</span>
          </Link>
          <div className="grid grid-cols-2 gap-3">
            <Link to="/shop/sell/products/new" className={buttonClasses({ size: 'lg', className: 'whitespace-nowrap' })}>
              <Plus className="size-5" aria-hidden="true" />
              Add product
            </Link>
            <Link to="/shop/sell/inventory" className={buttonClasses({ size: 'lg', variant: 'secondary', className: 'whitespace-nowrap' })}>
              <Boxes className="size-5" aria-hidden="true" />
              Inventory
            </Link>
            <Link
              to="/shop/sell/orders"
              className={buttonClasses({ size: 'lg', variant: 'outline', block: true, className: 'col-span-2 whitespace-nowrap' })}
            >
              <ClipboardList className="size-5" aria-hidden="true" />
              Orders
            </Link>
          </div>
          <MyProducts shop={mine.data} />
        </div>
      )}
    </div>
  );
}
