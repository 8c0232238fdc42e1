import { Search, SlidersHorizontal, X } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { ProductFilters } from '../../api/shop';
import { parseNairaToKobo } from '../../lib/money';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { PageHeader } from '../../ui/PageHeader';
import { SelectField } from '../../ui/Select';
import { Sheet } from '../../ui/Sheet';
import { NoProducts, ProductList, naira } from './parts';
import { useCategories, useLgas, useStates } from './queries';

interface FilterValues {
  state: string;
  lga: string;
  category: string;
  min: string;
  max: string;
}
const FILTER_KEYS = ['state', 'lga', 'category', 'min', 'max'] as const;

const readFilters = (p: URLSearchParams): FilterValues => ({
  state: p.get('state') ?? '',
  lga: p.get('lga') ?? '',
  category: p.get('category') ?? '',
  min: p.get('min') ?? '',
  max: p.get('max') ?? '',
});

/** The query for GET /api/product: only what is set (so equal searches share their cache). */
export function toProductFilters(q: string, f: FilterValues): ProductFilters {
  const out: ProductFilters = {};
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
  const [f, setF] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const states = useStates();
  const lgas = useLgas(f.state);
  const categories = useCategories();
  const change = (patch: Partial<FilterValues>) => setF((v) => ({ ...v, ...patch }));
  const apply = () => {
    const min = f.min.trim() ? parseNairaToKobo(f.min) : null;
    const max = f.max.trim() ? parseNairaToKobo(f.max) : null;
    if ((f.min.trim() && min === null) || (f.max.trim() && max === null)) return setError('Enter prices in naira, like 5000');
    if (min !== null && max !== null && min > max) return setError('The lowest price must not be more than the highest');
    setError(null);
    onApply({ ...f, min: f.min.trim(), max: f.max.trim() });
  };
  return (
    <Sheet
      open={open}
      onClose={onClose}
      title="Filters"
      footer={
        <div className="flex gap-3">
          <Button variant="outline" block onClick={() => setF({ state: '', lga: '', category: '', min: '', max: '' })}>
            Clear all
          </Button>
          <Button block onClick={apply}>
            Show results
          </Button>
        </div>
      }
    >
      <div className="flex flex-col gap-4">
        <SelectField label="State" value={f.state} disabled={states.isPending} onChange={(e) => change({ state: e.target.value, lga: '' })}>
          <option value="">{states.isError ? "Couldn't load states" : 'Any state'}</option>
          {(states.data ?? []).map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Local government area"
          value={f.lga}
          disabled={!f.state || lgas.isPending}
          hint={f.state ? undefined : 'Choose a state first'}
          onChange={(e) => change({ lga: e.target.value })}
        >
          <option value="">{f.state && lgas.isPending ? 'Loading…' : 'Any area'}</option>
          {(lgas.data ?? []).map((l) => (
            <option key={l.id} value={l.id}>
              {l.name}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Category"
          value={f.category}
          disabled={categories.isPending}
          onChange={(e) => change({ category: e.target.value })}
        >
          <option value="">Any category</option>
          {(categories.data ?? []).map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </SelectField>
        <div className="grid grid-cols-2 gap-3">
          <Field
            label="Lowest price (₦)"
            inputMode="decimal"
            placeholder="0"
            value={f.min}
            onChange={(e) => change({ min: e.target.value })}
          />
          <Field
            label="Highest price (₦)"
            inputMode="decimal"
            placeholder="Any"
            value={f.max}
            onChange={(e) => change({ max: e.target.value })}
          />
        </div>
        {error ? (
          <p role="alert" className="text-sm text-danger-fg">
            {error}
          </p>
        ) : null}
      </div>
    </Sheet>
  );
}

/** Search with filters (typo tolerant on the server), results a page at a time. */
export default function SearchPage() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const filters = readFilters(params);
  const [text, setText] = useState(q);
  const [open, setOpen] = useState(false);
  const states = useStates();
  const lgas = useLgas(filters.state);
  const categories = useCategories();

  const update = (patch: Partial<FilterValues> & { q?: string }) =>
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
  const submit = (e: FormEvent) => {
    e.preventDefault();
    update({ q: text.trim() });
  };

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
      <form role="search" aria-label="Products" onSubmit={submit} className="flex gap-2">
        <label htmlFor="search-q" className="sr-only">
          Search products
        </label>
        <div className="relative flex-1">
          <Search className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-subtle" aria-hidden="true" />
          <input
            id="search-q"
            type="search"
            enterKeyHint="search"
            value={text}
            maxLength={80}
            autoFocus={!q}
            onChange={(e) => setText(e.target.value)}
            placeholder="Search products"
            className="block min-h-12 w-full rounded-2xl border border-line bg-surface pr-4 pl-12 text-base outline-none placeholder:text-subtle focus:border-brand-fg focus:ring-4 focus:ring-brand-fg/15"
          />
        </div>
        <button type="submit" className="min-h-12 rounded-2xl bg-brand-600 px-4 font-semibold text-white hover:bg-brand-700">
          Search
        </button>
      </form>
      <div className="mt-3 flex flex-wrap items-center gap-2">
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
      <section aria-label="Results" className="mt-4">
        <ProductList
          source={{ kind: 'search', filters: toProductFilters(q, filters) }}
          label="Search results"
          showCount
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
