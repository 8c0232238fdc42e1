import { formatNaira } from '@owo/contracts/format';
import { Heart, ImageOff, MapPin, Search, Star, Store, Timer } from 'lucide-react';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { toast } from '../../lib/toast';
import { errorMessage } from '../../api/client';
import type { ListPage, Product, ProductSource, Shop } from '../../api/shop';
import { cn } from '../../lib/cn';
import { initials } from '../../lib/greeting';
import { Badge } from '../../ui/Badge';
import { buttonClasses } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { LoadMore } from '../../ui/LoadMore';
import { Skeleton } from '../../ui/Spinner';
import { SkeletonRows } from '../../ui/SkeletonRows';
import { distanceLabel } from './location';
import { useLoadOnScroll } from '../../lib/use-paged-list';
import { PRODUCTS_ERROR, useProductList, useWishlistToggle } from './queries';

export const productPath = (id: string) => `/shop/products/${id}`;
export const shopPath = (id: string) => `/shop/shops/${id}`;
export const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-NG')} ${n === 1 ? one : many}`;
export const naira = (kobo: number) => formatNaira(kobo, { trimZeroKobo: true });

/** The price, the old price struck through and the discount. */
export function Price({
  price,
  oldPrice,
  discountPercent,
  size = 'sm',
  className,
}: {
  price: number;
  oldPrice: number | null;
  discountPercent: number;
  size?: 'sm' | 'lg';
  className?: string;
}) {
  const deal = oldPrice !== null && oldPrice > price;
  return (
    <p className={cn('flex flex-wrap items-baseline gap-x-2 gap-y-0.5', className)}>
      <span className={cn('font-bold tabular-nums', size === 'lg' ? 'text-2xl tracking-tight' : 'text-[15px]')}>{naira(price)}</span>
      {deal ? (
        <>
          <s className={cn('text-muted tabular-nums', size === 'lg' ? 'text-base' : 'text-xs')}>
            <span className="sr-only">was </span>
            {naira(oldPrice)}
          </s>
          {discountPercent > 0 ? <Badge tone="danger">-{discountPercent}%</Badge> : null}
        </>
      ) : null}
    </p>
  );
}

/** The current time, ticking every `ms` while mounted. */
/** The average review with a star and how many there are ("4.5 (12)"); nothing before the first review. */
export function Rating({ rating, count, className }: { rating: number | null; count: number; className?: string }) {
  if (rating === null || count === 0) return null;
  const value = rating.toFixed(1);
  return (
    <span
      role="img"
      aria-label={`Rated ${value} out of 5 from ${plural(count, 'review')}`}
      className={cn('inline-flex items-center gap-1 text-sm font-semibold text-fg', className)}
    >
      <Star aria-hidden="true" className="size-4 fill-accent-400 text-accent-400" />
      {value}
      <span className="font-normal text-muted">({count.toLocaleString('en-NG')})</span>
    </span>
  );
}

function useNow(ms = 1000) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(t);
  }, [ms]);
  return now;
}

const two = (n: number) => String(n).padStart(2, '0');
/** "2d 03:14:05", "03:14:05", or null once the time has passed. */
export function timeLeft(endsAt: string, now: number): string | null {
  const s = Math.floor((new Date(endsAt).getTime() - now) / 1000);
  if (!(s > 0)) return null;
  const d = Math.floor(s / 86_400);
  const clock = `${two(Math.floor((s % 86_400) / 3600))}:${two(Math.floor((s % 3600) / 60))}:${two(s % 60)}`;
  return d > 0 ? `${d}d ${clock}` : clock;
}

/** "Ends in 03:14:05" for a flash sale, "Ended" after. */
export function Countdown({ endsAt, className }: { endsAt: string; className?: string }) {
  const now = useNow();
  const left = timeLeft(endsAt, now);
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold tabular-nums',
        left ? 'bg-danger-soft text-danger-fg' : 'bg-surface-2 text-muted',
        className,
      )}
    >
      <Timer className="size-3.5" aria-hidden="true" />
      {left ? `Ends in ${left}` : 'Ended'}
    </span>
  );
}

/** A product's picture: the thumbnail in lists, loaded only near the screen. */
export function ProductImage({ product, className }: { product: Product; className?: string }) {
  const img = product.images[0];
  if (!img)
    return (
      <span className={cn('flex items-center justify-center bg-surface-2 text-subtle', className)} aria-hidden="true">
        <ImageOff className="size-8" />
      </span>
    );
  return <img src={img.thumbnailUrl ?? img.url} alt="" loading="lazy" className={cn('bg-surface-2 object-cover', className)} />;
}

/** The heart: on or off the wishlist, at once (rolled back if the server refuses). */
export function WishlistButton({ product, className }: { product: Pick<Product, 'id' | 'name' | 'isWishlisted'>; className?: string }) {
  const toggle = useWishlistToggle();
  const on = product.isWishlisted;
  return (
    <button
      type="button"
      aria-label={on ? `Remove ${product.name} from wishlist` : `Add ${product.name} to wishlist`}
      aria-pressed={on}
      onClick={() => toggle.mutate({ id: product.id, add: !on, name: product.name })}
      className={cn(
        'flex size-10 items-center justify-center rounded-full bg-surface/90 shadow-sm backdrop-blur transition-colors hover:bg-surface',
        on ? 'text-danger-fg' : 'text-fg',
        className,
      )}
    >
      <Heart className={cn('size-5', on && 'fill-current')} aria-hidden="true" />
    </button>
  );
}

/** A product in a grid or carousel: picture, name, price, where; the heart on the picture. */
export function ProductCard({ product, showEnds }: { product: Product; showEnds?: boolean }) {
  const out = product.stock <= 0;
  return (
    <article aria-label={product.name} className="relative flex h-full flex-col overflow-hidden rounded-3xl border border-line bg-surface">
      <Link to={productPath(product.id)} className="flex flex-1 flex-col focus-visible:outline-2 focus-visible:outline-brand-600">
        <div className="relative">
          <ProductImage product={product} className="aspect-square w-full" />
          {out ? (
            <Badge className="absolute bottom-2 left-2" tone="neutral">
              Out of stock
            </Badge>
          ) : null}
        </div>
        <div className="flex flex-1 flex-col gap-1 p-3">
          <h3 className="line-clamp-2 text-sm leading-snug font-medium">{product.name}</h3>
          <Price price={product.price} oldPrice={product.oldPrice} discountPercent={product.discountPercent} className="mt-auto" />
          <p className="flex items-center gap-1 truncate text-xs text-muted">
            <MapPin className="size-3.5 shrink-0" aria-hidden="true" />
            <span className="truncate">
              {product.distanceKm !== null ? distanceLabel(product.distanceKm) : `${product.shop.lga.name}, ${product.shop.state.name}`}
            </span>
          </p>
          {showEnds && product.flashSaleEndsAt ? <Countdown endsAt={product.flashSaleEndsAt} className="self-start" /> : null}
        </div>
      </Link>
      <WishlistButton product={product} className="absolute top-2 right-2" />
    </article>
  );
}

export function ProductGridSkeleton({ label = 'Loading products', count = 4 }: { label?: string; count?: number }) {
  return (
    <div role="status" aria-label={label} className="grid grid-cols-2 gap-3">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="overflow-hidden rounded-3xl border border-line bg-surface">
          <Skeleton className="aspect-square w-full rounded-none" />
          <div className="space-y-2 p-3">
            <Skeleton className="h-4 w-4/5" />
            <Skeleton className="h-4 w-1/2" />
          </div>
        </div>
      ))}
    </div>
  );
}

/** 'Error Fetching products' (spec section 8), with a way to try again. */
export function ProductsError({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-center gap-3 rounded-3xl bg-danger-soft px-4 py-6 text-center text-danger-fg">
      <p className="font-semibold">{PRODUCTS_ERROR}</p>
      <button
        type="button"
        onClick={onRetry}
        className="min-h-11 rounded-2xl border border-danger-fg/30 bg-surface px-4 text-sm font-semibold text-fg"
      >
        Try again
      </button>
    </div>
  );
}

/**
 * A product list as a two-column grid, a page at a time (the next page as its end nears the screen,
 * and a button). The old list stays while a new one loads; a failed one shows the error and no items.
 */
export function ProductList({
  source,
  label,
  empty,
  showEnds,
  showCount,
  onSearch,
}: {
  source: ProductSource;
  label: string;
  empty: ReactNode;
  showEnds?: boolean;
  /** "12 products" above the grid. */
  showCount?: boolean;
  /** Searches again for a suggested query ("Did you mean …"). */
  onSearch?: (q: string) => void;
}) {
  const list = useProductList(source);
  const search = (list.data?.pages[0] as ListPage<Product> | undefined)?.search;
  const sentinel = useLoadOnScroll(list);
  // A failed category filter also says why, in the server's words (spec section 8).
  const categoryFailure = source.kind === 'category' && list.failed ? list.error : null;
  useEffect(() => {
    if (categoryFailure) toast.error(errorMessage(categoryFailure, PRODUCTS_ERROR), { id: 'category-filter' });
  }, [categoryFailure]);
  if (list.failed) return <ProductsError onRetry={() => void list.refetch()} />;
  if (list.isPending) return <ProductGridSkeleton />;
  if (list.items.length === 0)
    return (
      <>
        {search?.didYouMean && onSearch ? (
          <p className="mb-3 text-center text-base">
            Did you mean{' '}
            <button
              type="button"
              className="min-h-11 font-semibold text-brand-fg underline underline-offset-2"
              onClick={() => onSearch(search.didYouMean!)}
            >
              {search.didYouMean}
            </button>
            ?
          </p>
        ) : null}
        {empty}
      </>
    );
  const updating = list.isPlaceholderData;
  return (
    <div aria-busy={updating || undefined}>
      {updating ? (
        <p role="status" className="mb-2 text-center text-xs text-muted">
          Updating…
        </p>
      ) : showCount ? (
        <div className="mb-2 text-sm text-muted">
          <p>{search?.totalIsAtLeast ? `${list.total.toLocaleString('en-NG')}+ products` : plural(list.total, 'product')}</p>
          {search?.correctedQuery ? (
            <p>
              Showing results for <strong className="text-fg">{search.correctedQuery}</strong>
            </p>
          ) : null}
        </div>
      ) : null}
      <ul aria-label={label} className={cn('grid grid-cols-2 gap-3 transition-opacity', updating && 'opacity-60')}>
        {list.items.map((p) => (
          <li key={p.id}>
            <ProductCard product={p} showEnds={showEnds} />
          </li>
        ))}
      </ul>
      <div ref={sentinel} />
      {updating ? null : <LoadMore pages={list} />}
    </div>
  );
}

export function NoProducts({ title = 'No products yet', children }: { title?: string; children?: ReactNode }) {
  return (
    <EmptyState icon={<Store className="size-9" strokeWidth={1.8} />} title={title}>
      {children}
    </EmptyState>
  );
}

/** A shop's logo, or its initials on brand colour. Decorative: the name is always beside it. */
export function ShopLogo({
  shop,
  size = 'md',
  className,
}: {
  shop: Pick<Shop, 'name' | 'logoUrl'>;
  size?: 'sm' | 'md' | 'xl';
  className?: string;
}) {
  const cls = cn(
    'shrink-0 object-cover',
    size === 'sm' ? 'size-10 rounded-xl text-sm' : size === 'md' ? 'size-12 rounded-2xl' : 'size-20 rounded-3xl text-2xl',
    className,
  );
  if (shop.logoUrl) return <img src={shop.logoUrl} alt="" loading="lazy" className={cls} />;
  const [first, ...rest] = shop.name.split(/\s+/);
  return (
    <span aria-hidden="true" className={cn(cls, 'inline-flex items-center justify-center bg-brand-soft font-bold text-brand-fg')}>
      {initials(first, rest.at(-1))}
    </span>
  );
}

/** A shop in a list: logo, name, where, distance and followers; the whole row opens the shop. */
export function ShopRow({ shop, note }: { shop: Shop; note?: ReactNode }) {
  return (
    <Link
      to={shopPath(shop.id)}
      className="flex items-center gap-3 rounded-2xl px-2 py-3 hover:bg-surface-2"
      aria-label={`${shop.name}${shop.distanceKm !== null ? `, ${distanceLabel(shop.distanceKm)}` : ''}`}
    >
      <ShopLogo shop={shop} />
      <div className="min-w-0 flex-1">
        <p className="truncate font-semibold">{shop.name}</p>
        <p className="truncate text-sm text-muted">
          {shop.lga.name}, {shop.state.name} · {plural(shop.productsCount, 'product')}
        </p>
        <Rating rating={shop.rating} count={shop.reviewsCount} />
        {note}
      </div>
      {shop.distanceKm !== null ? (
        <Badge tone="brand" className="text-xs">
          {distanceLabel(shop.distanceKm)}
        </Badge>
      ) : null}
    </Link>
  );
}

export function ShopRowsSkeleton({ label = 'Loading shops', rows = 3 }: { label?: string; rows?: number }) {
  return (
    <SkeletonRows
      label={label}
      rows={rows}
      className="flex flex-col"
      row={{ className: 'flex items-center gap-3 px-2 py-3', lead: 'size-12 rounded-2xl', lines: ['h-4 w-1/2', 'h-3 w-3/4'] }}
    />
  );
}

/** The product search box and its button (Shop's front page and the search screen). */
export function ProductSearchForm({
  id,
  value,
  onChange,
  onSubmit,
  onFocus,
  autoFocus,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  onSubmit: (e: FormEvent) => void;
  onFocus?: () => void;
  autoFocus?: boolean;
}) {
  return (
    <form role="search" aria-label="Products" onSubmit={onSubmit} className="flex gap-2">
      <label htmlFor={id} className="sr-only">
        Search products
      </label>
      <div className="relative flex-1">
        <Search className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-subtle" aria-hidden="true" />
        <input
          id={id}
          type="search"
          enterKeyHint="search"
          value={value}
          maxLength={80}
          autoFocus={autoFocus}
          onChange={(e) => onChange(e.target.value)}
          onFocus={onFocus}
          placeholder="Search products"
          className="block min-h-12 w-full rounded-2xl border border-line bg-surface pr-4 pl-12 text-base outline-none placeholder:text-subtle focus:border-brand-fg focus:ring-4 focus:ring-brand-fg/15"
        />
      </div>
      <button type="submit" className="min-h-12 rounded-2xl bg-brand-600 px-4 font-semibold text-white hover:bg-brand-700">
        Search
      </button>
    </form>
  );
}

/** A seller's screen for someone with no shop yet: the way to open one. */
export function NeedShop({ children }: { children?: ReactNode }) {
  return (
    <EmptyState
      icon={<Store className="size-9" strokeWidth={1.8} />}
      title="Open your shop first"
      action={
        <Link to="/shop/sell/new" className={buttonClasses({ block: true })}>
          Open your shop
        </Link>
      }
    >
      {children}
    </EmptyState>
  );
}
