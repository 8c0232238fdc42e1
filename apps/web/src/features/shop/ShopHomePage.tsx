import { Heart, Package, Store, Tag } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { Section } from '../../api/shop';
import { Skeleton } from '../../ui/Spinner';
import { Tabs } from '../../ui/Tabs';
import { useNearMe } from './location';
import { NearbyStrip } from './NearbyShops';
import { Chips } from '../../ui/Chips';
import { Countdown, NoProducts, ProductCard, ProductList, ProductsError, ProductSearchForm } from './parts';
import { useCategories, useProductList, useSections } from './queries';
import { CartLink } from './buy';

const NEAR = 'near';
const ALL = 'all';

/** A section's products in a sideways row (a flash sale with its countdown). */
function SectionCarousel({ section }: { section: Section }) {
  const loc = useNearMe();
  const nearYou = section.id === 'products-near-you';
  const at = nearYou && loc.coords ? loc.coords : undefined;
  const list = useProductList({ kind: 'section', id: section.id, ...(at ? { at } : {}) }, !nearYou || Boolean(loc.coords));
  return (
    <div className="flex flex-col gap-2">
      {section.endsAt ? (
        <p className="flex items-center justify-between gap-2 text-sm">
          <span className="font-semibold">Hurry, the sale ends soon</span>
          <Countdown endsAt={section.endsAt} />
        </p>
      ) : null}
      {list.failed ? (
        <ProductsError onRetry={() => void list.refetch()} />
      ) : list.isPending ? (
        <div role="status" aria-label={`Loading ${section.title}`} className="-mx-5 flex gap-3 overflow-hidden px-5">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-60 w-40 shrink-0 rounded-3xl" />
          ))}
        </div>
      ) : list.items.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-line p-4 text-center text-sm text-muted">
          {section.id === 'keep-shopping' ? 'Products you look at will show here.' : 'Nothing here right now. Check back soon.'}
        </p>
      ) : (
        <ul aria-label={section.title} className="-mx-5 flex gap-3 overflow-x-auto px-5 pb-1 [scrollbar-width:none]">
          {list.items.map((p) => (
            <li key={p.id} className="w-40 shrink-0">
              <ProductCard product={p} showEnds={section.id === 'flash-sales'} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

const iconLink = 'flex size-11 items-center justify-center rounded-full text-fg hover:bg-surface-2';

/**
 * The Shop's home: search, the feature tabs (shops near you first, then the server's sections),
 * and every product by category ('all' first).
 */
export default function ShopHomePage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const feature = params.get('feature') ?? NEAR;
  const category = params.get('category') ?? ALL;
  const sections = useSections();
  const categories = useCategories();
  const [q, setQ] = useState('');
  const set = (key: string, value: string, fallback: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (value === fallback) next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: true },
    );
  const tabs = [{ id: NEAR, label: 'Shops near you' }, ...(sections.data ?? []).map((s) => ({ id: s.id, label: s.title }))];
  const active = tabs.some((t) => t.id === feature) ? feature : NEAR;
  const section = sections.data?.find((s) => s.id === active);
  const chips = [{ id: ALL, name: 'All' }, ...(categories.data ?? []).map((c) => ({ id: c.id, name: c.name }))];
  const categoryName = chips.find((c) => c.id === category)?.name ?? 'Products';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const term = q.trim();
    void navigate(term ? `/shop/search?q=${encodeURIComponent(term)}` : '/shop/search');
  };
  return (
    <div className="flex flex-col gap-4">
      <header className="sticky top-0 z-20 -mx-5 flex min-h-16 items-center gap-1 bg-canvas/90 px-4 pt-[env(safe-area-inset-top)] backdrop-blur">
        <h1 className="flex-1 text-xl font-bold tracking-tight">Shop</h1>
        <Link to="/shop/wishlist" aria-label="Wishlist" className={iconLink}>
          <Heart className="size-5" aria-hidden="true" />
        </Link>
        <Link to="/shop/followed" aria-label="Shops you follow" className={iconLink}>
          <Store className="size-5" aria-hidden="true" />
        </Link>
        <Link to="/shop/orders" aria-label="My orders" className={iconLink}>
          <Package className="size-5" aria-hidden="true" />
        </Link>
        <CartLink />
        <Link
          to="/shop/sell"
          className="ml-1 inline-flex min-h-10 items-center gap-1.5 rounded-full bg-brand-soft px-3.5 text-sm font-semibold text-brand-fg hover:brightness-95"
        >
          <Tag className="size-4" aria-hidden="true" />
          Sell
        </Link>
      </header>

      <ProductSearchForm id="shop-search" value={q} onChange={setQ} onSubmit={submit} />

      <section aria-label="Features" className="flex flex-col gap-3">
        <Tabs label="Features" tabs={tabs} value={active} onChange={(id) => set('feature', id, NEAR)} />
        <div role="tabpanel" aria-label={tabs.find((t) => t.id === active)?.label}>
          {active === NEAR || !section ? <NearbyStrip /> : <SectionCarousel key={section.id} section={section} />}
        </div>
      </section>

      <section aria-labelledby="shop-products" className="flex flex-col gap-2">
        <h2 id="shop-products" className="text-lg font-bold tracking-tight">
          {category === ALL ? 'All products' : categoryName}
        </h2>
        <Chips label="Categories" options={chips} value={category} onChange={(id) => set('category', id, ALL)} />
        <ProductList
          source={category === ALL ? { kind: 'search', filters: {} } : { kind: 'category', category }}
          label={category === ALL ? 'All products' : `${categoryName} products`}
          empty={<NoProducts title="No products here yet">New products in this category will show here.</NoProducts>}
        />
      </section>
    </div>
  );
}
