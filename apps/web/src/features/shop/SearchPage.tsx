import { SlidersHorizontal, X } from 'lucide-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { PRODUCT_SORTS, productsQuery } from '@owo/contracts';
import { type FormEvent, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { useQuery } from '@tanstack/react-query';
import { type ProductFilters, shopApi } from '../../api/shop';
import { parseNairaToKobo } from '../../lib/money';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { PageHeader } from '../../ui/PageHeader';
import { Options, SelectField } from '../../ui/Select';
import { Sheet } from '../../ui/Sheet';
import { NoProducts, ProductList, naira, ProductSearchForm } from './parts';
import { PlaceFields } from './PlaceFields';
import { rememberSearch } from './recent-searches';
import { SearchSuggestions } from './SearchSuggestions';
import { useCategories, useLgas, useStates } from './queries';

const priceText = z
  .string()
  .trim()
  .refine((v) => !v || parseNairaToKobo(v) !== null, 'Enter prices in naira, like 5000');
const koboOrNull = (v: string) => (v ? parseNairaToKobo(v) : null);

/** The filters as typed: the products query's place and category, and a price range in naira. */
const filtersForm = z
  .object({
    state: productsQuery.shape.stateQuery.unwrap(),
    lga: productsQuery.shape.lgaQuery.unwrap(),
    category: productsQuery.shape.category.unwrap(),
    min: priceText,
    max: priceText,
  })
  .refine(
    ({ min, max }) => {
      const [lo, hi] = [koboOrNull(min), koboOrNull(max)];
      return lo === null || hi === null || lo <= hi;
    },
    { path: ['max'], message: 'The lowest price must not be more than the highest' },
  );
type FilterValues = z.infer<typeof filtersForm>;
const NO_FILTERS: FilterValues = { state: '', lga: '', category: '', min: '', max: '' };
const SORTS = [
  { id: '', name: 'Best match' },
  { id: 'price-asc', name: 'Price: low to high' },
  { id: 'price-desc', name: 'Price: high to low' },
  { id: 'newest', name: 'Newest' },
  { id: 'rating', name: 'Best rated' },
] as const;
const FILTER_KEYS = ['state', 'lga', 'category', 'min', 'max'] as const;

const readFilters = (p: URLSearchParams): FilterValues => ({
  state: p.get('state') ?? '',
  lga: p.get('lga') ?? '',
  category: p.get('category') ?? '',
  min: p.get('min') ?? '',
  max: p.get('max') ?? '',
});

/** The query for GET /api/product: only what is set (so equal searches share their cache). */
export function toProductFilters(q: string, f: FilterValues, sort = ''): ProductFilters {
  const out: ProductFilters = {};
  const known = PRODUCT_SORTS.find((x) => x === sort);
  if (known) out.sort = known;
  if (q.trim()) out.search = q.trim();
  if (f.state) out.stateQuery = f.state;
  if (f.lga) out.lgaQuery = f.lga;
  if (f.category) out.category = f.category;
  const min = f.min ? parseNairaToKobo(f.min) : null;
  const max = f.max ? parseNairaToKobo(f.max) : null;
  if (min !== null) out.minPrice = min;
  if (max !== null) out.maxPrice = max;
  return out;
}

/** State, LGA, category and a price range (in naira), applied together. */
function FiltersSheet({
  open,
  onClose,
  initial,
  onApply,
}: {
  open: boolean;
  onClose: () => void;
  initial: FilterValues;
  onApply: (f: FilterValues) => void;
}) {
  const { register, handleSubmit, watch, setValue, reset, formState } = useForm<FilterValues>({
    resolver: zodResolver(filtersForm),
    defaultValues: initial,
  });
  const categories = useCategories();
  const error = formState.errors.min?.message ?? formState.errors.max?.message;
  return (
    <Sheet
      open={open}
      onClose={onClose}
      title="Filters"
      footer={
        <div className="flex gap-3">
          <Button variant="outline" block onClick={() => reset(NO_FILTERS)}>
            Clear all
          </Button>
          <Button type="submit" form="filters-form" block>
            Show results
          </Button>
        </div>
      }
    >
      <form id="filters-form" noValidate className="flex flex-col gap-4" onSubmit={handleSubmit(onApply)}>
        <PlaceFields
          any
          state={register('state', { onChange: () => setValue('lga', '') })}
          lga={register('lga')}
          stateId={watch('state')}
          lgaId={watch('lga')}
        />
        <SelectField label="Category" value={watch('category')} disabled={categories.isPending} {...register('category')}>
          <option value="">Any category</option>
          <Options items={categories.data} />
        </SelectField>
        <div className="grid grid-cols-2 gap-3">
          <Field label="Lowest price (₦)" inputMode="decimal" placeholder="0" {...register('min')} />
          <Field label="Highest price (₦)" inputMode="decimal" placeholder="Any" {...register('max')} />
        </div>
        {error ? (
          <p role="alert" className="text-sm text-danger-fg">
            {error}
          </p>
        ) : null}
      </form>
    </Sheet>
  );
}

/** Search with filters (typo tolerant on the server), results a page at a time. */
export default function SearchPage() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const filters = readFilters(params);
  const sort = params.get('sort') ?? '';
  const [text, setText] = useState(q);
  const [open, setOpen] = useState(false);
  const [typing, setTyping] = useState(!q);
  const states = useStates();
  const lgas = useLgas(filters.state);
  const categories = useCategories();

  const update = (patch: Partial<FilterValues> & { q?: string; sort?: string }) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        for (const [k, v] of Object.entries(patch)) {
          if (v) next.set(k, v);
          else next.delete(k);
        }
        return next;
      },
      { replace: true },
    );
  const searchFor = (next: string, patch: Partial<FilterValues> = {}) => {
    setText(next);
    setTyping(false);
    rememberSearch(next);
    update({ q: next.trim(), ...patch });
    (document.activeElement as HTMLElement | null)?.blur?.();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    searchFor(text);
  };
  const productFilters = toProductFilters(q, filters, sort);
  const facets = useQuery({
    queryKey: ['shop', 'facets', productFilters],
    queryFn: ({ signal }) => shopApi.facets(productFilters, signal),
    enabled: Boolean(q),
    staleTime: 30_000,
  });

  const minK = filters.min ? parseNairaToKobo(filters.min) : null;
  const maxK = filters.max ? parseNairaToKobo(filters.max) : null;
  const active: Array<{ key: string; label: string; clear: Partial<FilterValues> }> = [];
  if (filters.state)
    active.push({
      key: 'state',
      label: states.data?.find((s) => s.id === filters.state)?.name ?? filters.state,
      clear: { state: '', lga: '' },
    });
  if (filters.lga)
    active.push({ key: 'lga', label: lgas.data?.find((l) => l.id === filters.lga)?.name ?? filters.lga, clear: { lga: '' } });
  if (filters.category)
    active.push({
      key: 'category',
      label: categories.data?.find((c) => c.id === filters.category)?.name ?? filters.category,
      clear: { category: '' },
    });
  if (minK !== null || maxK !== null)
    active.push({
      key: 'price',
      label:
        minK !== null && maxK !== null
          ? `${naira(minK)} – ${naira(maxK)}`
          : minK !== null
            ? `From ${naira(minK)}`
            : `Up to ${naira(maxK!)}`,
      clear: { min: '', max: '' },
    });

  return (
    <div>
      <PageHeader title="Search" back="/shop" backLabel="Back to Shop" />
      <ProductSearchForm
        id="search-q"
        value={text}
        autoFocus={!q}
        onChange={(next) => {
          setText(next);
          setTyping(true);
        }}
        onFocus={() => setTyping(true)}
        onSubmit={submit}
      />
      {typing ? (
        <SearchSuggestions
          text={text === q && q ? '' : text}
          onPick={(x) => searchFor(x)}
          onCategory={(x, category) => searchFor(x, { category })}
        />
      ) : null}
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <label htmlFor="search-sort" className="sr-only">
          Sort by
        </label>
        <select
          id="search-sort"
          value={sort}
          onChange={(e) => update({ sort: e.target.value })}
          className="min-h-9 rounded-full border border-line bg-surface px-3 text-sm font-medium"
        >
          <Options items={SORTS} />
        </select>
        <Button
          size="sm"
          variant="outline"
          icon={<SlidersHorizontal className="size-4" aria-hidden="true" />}
          onClick={() => setOpen(true)}
          aria-label={active.length ? `Filters, ${active.length} on` : 'Filters'}
        >
          Filters{active.length ? ` (${active.length})` : ''}
        </Button>
        {active.map((a) => (
          <span
            key={a.key}
            className="inline-flex min-h-9 items-center gap-1 rounded-full bg-brand-soft pr-1 pl-3 text-sm font-medium text-brand-fg"
          >
            {a.label}
            <button
              type="button"
              aria-label={`Remove filter ${a.label}`}
              onClick={() => update(a.clear)}
              className="flex size-8 items-center justify-center rounded-full hover:bg-brand-fg/10"
            >
              <X className="size-4" aria-hidden="true" />
            </button>
          </span>
        ))}
      </div>
      {q && !filters.category && (facets.data?.data.categories.length ?? 0) > 0 ? (
        <ul aria-label="Categories found" className="mt-3 flex gap-2 overflow-x-auto pb-1">
          {facets.data!.data.categories.map((c) => (
            <li key={c.id} className="shrink-0">
              <button
                type="button"
                onClick={() => update({ category: c.id })}
                className="min-h-9 rounded-full border border-line bg-surface px-3 text-sm hover:bg-surface-2"
              >
                {c.name} <span className="text-muted">({c.count})</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <section aria-label="Results" className="mt-4">
        <ProductList
          source={{ kind: 'search', filters: productFilters }}
          label="Search results"
          showCount
          onSearch={(x) => searchFor(x)}
          empty={
            <NoProducts title="No products found">
              {active.length ? 'Try removing a filter, or search for something else.' : 'Check the spelling, or search for something else.'}
            </NoProducts>
          }
        />
      </section>
      {open ? (
        <FiltersSheet
          open
          onClose={() => setOpen(false)}
          initial={filters}
          onApply={(f) => {
            update(Object.fromEntries(FILTER_KEYS.map((k) => [k, f[k]])));
            setOpen(false);
          }}
        />
      ) : null}
    </div>
  );
}
