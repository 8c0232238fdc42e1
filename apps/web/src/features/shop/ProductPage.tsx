import { Flag, MapPin, PackageX, Star } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { type Product, type ProductVariation, shopApi } from '../../api/shop';
import { cn } from '../../lib/cn';
import { Badge } from '../../ui/Badge';
import { EmptyState } from '../../ui/EmptyState';
import { InlineError } from '../../ui/InlineError';
import { LoadMore } from '../../ui/LoadMore';
import { PageHeader } from '../../ui/PageHeader';
import { AddToCartButton, CartLink } from './buy';
import { QueryError } from '../../ui/QueryError';
import { Skeleton } from '../../ui/Spinner';
import { ApiError } from '../../api/client';
import { ReportDialog, ShareButton } from './dialogs';
import { Countdown, Price, Rating, ShopLogo, WishlistButton, plural, productPath, shopPath } from './parts';
import { usePagedList } from '../../lib/use-paged-list';
import { DeliveryEstimate } from './DeliveryEstimate';
import { shopKeys, useProduct } from './queries';

function Gallery({ product }: { product: Product }) {
  const [index, setIndex] = useState(0);
  const images = product.images;
  const current = images[Math.min(index, images.length - 1)];
  return (
    <div className="-mx-5 flex flex-col gap-2">
      <div className="relative bg-surface-2">
        {current ? (
          <img
            src={current.url}
            alt={`${product.name}, photo ${index + 1} of ${images.length}`}
            loading="lazy"
            className="aspect-square w-full object-cover"
          />
        ) : (
          <div className="flex aspect-square w-full items-center justify-center text-subtle" role="img" aria-label="No photo">
            <PackageX className="size-12" aria-hidden="true" />
          </div>
        )}
        <WishlistButton product={product} className="absolute top-3 right-3 size-12" />
        {product.discountPercent > 0 ? (
          <Badge tone="danger" className="absolute top-4 left-4 text-xs">
            -{product.discountPercent}%
          </Badge>
        ) : null}
      </div>
      {images.length > 1 ? (
        <ul aria-label="Photos" className="flex gap-2 overflow-x-auto px-5 [scrollbar-width:none]">
          {images.map((img, i) => (
            <li key={img.url} className="shrink-0">
              <button
                type="button"
                aria-label={`Show photo ${i + 1} of ${images.length}`}
                aria-pressed={i === index}
                onClick={() => setIndex(i)}
                className={cn('overflow-hidden rounded-xl border-2', i === index ? 'border-brand-600' : 'border-transparent')}
              >
                <img src={img.thumbnailUrl ?? img.url} alt="" loading="lazy" className="size-16 object-cover" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

const distinct = <T,>(items: T[], key: (t: T) => string) => {
  const seen = new Map<string, T>();
  for (const i of items) if (!seen.has(key(i))) seen.set(key(i), i);
  return [...seen.values()];
};

/** The variation for a size and colour (each only when the product has them). */
export function matchVariation(vs: ProductVariation[], size: string | null, colourId: string | null) {
  return vs.find((v) => (v.size ?? null) === size && (v.colour?.id ?? null) === colourId) ?? null;
}

function stockText(stock: number) {
  if (stock <= 0) return { text: 'Out of stock', tone: 'danger' as const };
  if (stock <= 5) return { text: `Only ${stock} left`, tone: 'warning' as const };
  return { text: `In stock · ${plural(stock, 'piece')}`, tone: 'brand' as const };
}

/** Size and colour choices; the chosen variation's price and stock show on the page. */
function VariationPicker({
  product,
  size,
  colour,
  onSize,
  onColour,
}: {
  product: Product;
  size: string | null;
  colour: string | null;
  onSize: (s: string) => void;
  onColour: (c: string) => void;
}) {
  const vs = product.variations;
  const sizes = distinct(
    vs.filter((v) => v.size),
    (v) => v.size!,
  ).map((v) => v.size!);
  const colours = distinct(
    vs.filter((v) => v.colour),
    (v) => v.colour!.id,
  ).map((v) => v.colour!);
  // An option is struck through when nothing with it is in stock, whatever the other choice.
  const sizeInStock = (s: string) => vs.some((v) => v.size === s && v.stock > 0);
  const colourInStock = (c: string) => vs.some((v) => v.colour?.id === c && v.stock > 0);
  return (
    <div className="flex flex-col gap-4">
      {sizes.length ? (
        <fieldset>
          <legend className="mb-2 text-sm font-semibold">
            Size{size ? <span className="font-normal text-muted">: {size}</span> : null}
          </legend>
          <div className="flex flex-wrap gap-2">
            {sizes.map((s) => (
              <label
                key={s}
                className={cn(
                  'relative flex min-h-11 min-w-11 cursor-pointer items-center justify-center rounded-xl border px-3 text-sm font-semibold has-[:focus-visible]:ring-4 has-[:focus-visible]:ring-brand-fg/20',
                  size === s ? 'border-brand-600 bg-brand-soft text-brand-fg' : 'border-line bg-surface',
                  !sizeInStock(s) && 'text-subtle line-through',
                )}
              >
                <input
                  type="radio"
                  name="size"
                  value={s}
                  checked={size === s}
                  onChange={() => onSize(s)}
                  className="absolute inset-0 cursor-pointer opacity-0"
                />
                {s}
                {sizeInStock(s) ? null : <span className="sr-only"> (out of stock)</span>}
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      {colours.length ? (
        <fieldset>
          <legend className="mb-2 text-sm font-semibold">
            Colour{colour ? <span className="font-normal text-muted">: {colours.find((c) => c.id === colour)?.name}</span> : null}
          </legend>
          <div className="flex flex-wrap gap-3">
            {colours.map((c) => (
              <label
                key={c.id}
                title={c.name}
                className={cn(
                  'relative flex size-11 cursor-pointer items-center justify-center rounded-full border-2 has-[:focus-visible]:ring-4 has-[:focus-visible]:ring-brand-fg/20',
                  colour === c.id ? 'border-brand-600' : 'border-transparent',
                )}
              >
                <input
                  type="radio"
                  name="colour"
                  value={c.id}
                  aria-label={c.name}
                  checked={colour === c.id}
                  onChange={() => onColour(c.id)}
                  className="absolute inset-0 cursor-pointer opacity-0"
                />
                <span aria-hidden="true" className="size-8 rounded-full border border-black/15" style={{ backgroundColor: c.hex }} />
                {colourInStock(c.id) ? null : <span className="sr-only"> (out of stock)</span>}
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
    </div>
  );
}

function Reviews({ productId }: { productId: string }) {
  const reviews = usePagedList(shopKeys.reviews(productId), (page, signal) => shopApi.reviews(productId, page, signal));
  return (
    <section aria-labelledby="reviews" className="flex flex-col gap-2">
      <h2 id="reviews" className="text-lg font-bold tracking-tight">
        Reviews
      </h2>
      {reviews.isPending ? (
        <Skeleton className="h-16 w-full" />
      ) : reviews.isError ? (
        <InlineError error={reviews.error} fallback="We couldn't load the reviews." onRetry={() => void reviews.refetch()} />
      ) : reviews.items.length === 0 ? (
        <p className="rounded-2xl bg-surface-2 p-4 text-sm text-muted">No reviews yet. Reviews come from people who bought it.</p>
      ) : (
        <ul className="flex flex-col divide-y divide-line">
          {reviews.items.map((r) => (
            <li key={r.id} className="py-3">
              <p className="flex items-center gap-1 text-sm font-semibold">
                <span className="sr-only">{r.rating} out of 5 stars</span>
                {Array.from({ length: 5 }, (_, i) => (
                  <Star
                    key={i}
                    aria-hidden="true"
                    className={cn('size-4', i < r.rating ? 'fill-accent-400 text-accent-400' : 'text-line')}
                  />
                ))}
                <span className="ml-2">{r.by}</span>
              </p>
              <p className="mt-1 text-sm">{r.text}</p>
            </li>
          ))}
        </ul>
      )}
      <LoadMore pages={reviews} />
    </section>
  );
}

function ProductSkeleton() {
  return (
    <div role="status" aria-label="Loading product" className="flex flex-col gap-3">
      <Skeleton className="-mx-5 aspect-square rounded-none" />
      <Skeleton className="h-6 w-3/4" />
      <Skeleton className="h-8 w-1/3" />
      <Skeleton className="h-20 w-full" />
    </div>
  );
}

function ProductDetails({ product }: { product: Product }) {
  const vs = product.variations;
  const first = vs.find((v) => v.stock > 0) ?? vs[0] ?? null;
  const [size, setSize] = useState<string | null>(first?.size ?? null);
  const [colour, setColour] = useState<string | null>(first?.colour?.id ?? null);
  const [reporting, setReporting] = useState(false);
  const chosen = vs.length ? matchVariation(vs, size, colour) : null;
  // Picking a size (or colour) that does not come in the other choice switches to one it comes in, in stock if any.
  const pickSize = (s: string) => {
    setSize(s);
    if (!matchVariation(vs, s, colour)) {
      const other = vs.filter((v) => v.size === s);
      setColour((other.find((v) => v.stock > 0) ?? other[0])?.colour?.id ?? null);
    }
  };
  const pickColour = (c: string) => {
    setColour(c);
    if (!matchVariation(vs, size, c)) {
      const other = vs.filter((v) => v.colour?.id === c);
      setSize((other.find((v) => v.stock > 0) ?? other[0])?.size ?? null);
    }
  };
  const price = chosen?.price ?? product.price;
  const stock = vs.length ? (chosen?.stock ?? 0) : product.stock;
  const discount = product.oldPrice && product.oldPrice > price ? Math.round(((product.oldPrice - price) / product.oldPrice) * 100) : 0;
  const s = stockText(stock);
  return (
    <div className="flex flex-col gap-5">
      <Gallery product={product} />
      <div className="flex flex-col gap-2">
        <p className="text-xs font-semibold tracking-wide text-muted uppercase">
          {product.category.name} · {product.subcategory.name}
        </p>
        {/* The page's heading (h1, in the top bar, shortened when long) is the name; here it is in full. */}
        <p className="text-xl leading-snug font-bold tracking-tight">{product.name}</p>
        <p className="flex items-center gap-1 text-sm text-muted">
          <MapPin className="size-4 shrink-0" aria-hidden="true" />
          <span className="truncate">
            Ships from {product.shop.lga.name}, {product.shop.state.name} · {product.shop.name}
          </span>
        </p>
        <Rating rating={product.rating} count={product.reviewsCount} className="self-start" />
        {product.flashSaleEndsAt ? <Countdown endsAt={product.flashSaleEndsAt} className="self-start" /> : null}
        <div aria-live="polite" className="flex flex-col gap-1.5">
          <Price price={price} oldPrice={product.oldPrice} discountPercent={discount} size="lg" />
          {vs.length && !chosen ? (
            <p className="text-sm text-muted">That size and colour isn&apos;t available. Choose another.</p>
          ) : (
            <Badge tone={s.tone} className="self-start text-xs">
              {s.text}
            </Badge>
          )}
        </div>
      </div>
      {vs.length ? <VariationPicker product={product} size={size} colour={colour} onSize={pickSize} onColour={pickColour} /> : null}
      <AddToCartButton productId={product.id} variationId={chosen?.id} disabled={stock <= 0 || (vs.length > 0 && !chosen)} />
      <DeliveryEstimate productId={product.id} />
      {product.description ? (
        <section aria-labelledby="about-product">
          <h2 id="about-product" className="mb-1 text-lg font-bold tracking-tight">
            About this product
          </h2>
          <p className="text-[15px] leading-relaxed whitespace-pre-line text-fg/90">{product.description}</p>
        </section>
      ) : null}
      <Link
        to={shopPath(product.shop.id)}
        aria-label={`Sold by ${product.shop.name}, visit the shop`}
        className="flex items-center gap-3 rounded-3xl border border-line bg-surface p-3 hover:bg-surface-2"
      >
        <ShopLogo shop={product.shop} />
        <div className="min-w-0 flex-1">
          <p className="text-xs text-muted">Sold by</p>
          <p className="truncate font-semibold">{product.shop.name}</p>
          <p className="truncate text-sm text-muted">
            {product.shop.lga.name}, {product.shop.state.name}
          </p>
        </div>
        <span className="text-sm font-semibold text-brand-fg">Visit shop</span>
      </Link>
      <Reviews productId={product.id} />
      <button
        type="button"
        onClick={() => setReporting(true)}
        className="inline-flex min-h-11 items-center gap-2 self-start rounded-full px-3 text-sm text-muted hover:bg-surface-2"
      >
        <Flag className="size-4" aria-hidden="true" />
        Report this product
      </button>
      <ReportDialog target={{ productId: product.id }} name={product.name} open={reporting} onClose={() => setReporting(false)} />
    </div>
  );
}

/** A product's page; opening it records the view. */
export default function ProductPage() {
  const { id = '' } = useParams();
  const product = useProduct(id);
  return (
    <div>
      <PageHeader
        title={product.data?.name ?? 'Product'}
        back="/shop"
        backLabel="Back to Shop"
        action={
          <div className="flex items-center">
            <CartLink />
            {product.data ? <ShareButton title={product.data.name} path={productPath(id)} label="Share product" /> : null}
          </div>
        }
      />
      {product.isError && !product.data ? (
        product.error instanceof ApiError && product.error.status === 404 ? (
          <EmptyState level={1} icon={<PackageX className="size-9" strokeWidth={1.8} />} title="This product is gone">
            The seller may have removed it.{' '}
            <Link to="/shop" className="font-semibold text-brand-fg underline">
              Back to Shop
            </Link>
          </EmptyState>
        ) : (
          <QueryError error={product.error} onRetry={() => void product.refetch()} title="We couldn't load this product" />
        )
      ) : !product.data ? (
        <ProductSkeleton />
      ) : (
        <ProductDetails key={product.data.id} product={product.data} />
      )}
    </div>
  );
}
