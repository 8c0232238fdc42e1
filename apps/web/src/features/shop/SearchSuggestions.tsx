import { useQuery } from '@tanstack/react-query';
import { Clock, FolderOpen, Search, Store } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { shopApi } from '../../api/shop';
import { naira } from './parts';
import { clearSearches, recentSearches } from './recent-searches';

/** The text after the person stops typing for a moment. */
function useSettled(text: string, ms = 150) {
  const [v, setV] = useState(text);
  useEffect(() => {
    const id = setTimeout(() => setV(text), ms);
    return () => clearTimeout(id);
  }, [text, ms]);
  return v;
}

const row = 'flex min-h-12 w-full items-center gap-3 px-4 py-2 text-left text-base hover:bg-surface-2 focus-visible:bg-surface-2';

/**
 * Under the search box while typing: the word completed (or corrected), products, categories and
 * shops; with nothing typed, the searches made on this device.
 */
export function SearchSuggestions({
  text,
  onPick,
  onCategory,
}: {
  text: string;
  onPick: (q: string) => void;
  onCategory: (q: string, category: string) => void;
}) {
  const q = useSettled(text.trim());
  const [recent, setRecent] = useState(recentSearches);
  const s = useQuery({
    queryKey: ['shop', 'suggest', q],
    queryFn: ({ signal }) => shopApi.suggest(q, signal),
    enabled: q.length >= 2,
    staleTime: 60_000,
  });
  if (q.length < 2) {
    if (!recent.length) return null;
    return (
      <div className="mt-2 overflow-hidden rounded-2xl border border-line bg-surface shadow-sm">
        <div className="flex items-center justify-between px-4 pt-3 pb-1">
          <h2 className="text-sm font-semibold text-muted">Recent searches</h2>
          <button
            type="button"
            className="min-h-11 px-2 text-sm font-semibold text-brand-fg"
            onClick={() => {
              clearSearches();
              setRecent([]);
            }}
          >
            Clear
          </button>
        </div>
        <ul aria-label="Recent searches">
          {recent.map((r) => (
            <li key={r}>
              <button type="button" className={row} onClick={() => onPick(r)}>
                <Clock className="size-4 shrink-0 text-subtle" aria-hidden="true" />
                {r}
              </button>
            </li>
          ))}
        </ul>
      </div>
    );
  }
  const d = s.data?.data;
  if (!d || (!d.words.length && !d.products.length && !d.categories.length && !d.shops.length)) return null;
  return (
    <div className="mt-2 overflow-hidden rounded-2xl border border-line bg-surface shadow-sm">
      <ul aria-label="Suggestions">
        {d.words.slice(0, 3).map((w) => {
          const words = q.split(/\s+/);
          words[words.length - 1] = w;
          const full = words.join(' ');
          return (
            <li key={`w-${w}`}>
              <button type="button" className={row} onClick={() => onPick(full)}>
                <Search className="size-4 shrink-0 text-subtle" aria-hidden="true" />
                <span>{full}</span>
              </button>
            </li>
          );
        })}
        {d.categories.map((c) => (
          <li key={`c-${c.id}-${c.subcategory?.id ?? ''}`}>
            <button type="button" className={row} onClick={() => onCategory(q, c.id)}>
              <FolderOpen className="size-4 shrink-0 text-subtle" aria-hidden="true" />
              <span>
                {q} <span className="text-muted">in {c.subcategory?.name ?? c.name}</span>
              </span>
            </button>
          </li>
        ))}
        {d.products.map((p) => (
          <li key={`p-${p.id}`}>
            <Link to={`/shop/products/${p.id}`} className={row}>
              {p.image ? (
                <img src={p.image} alt="" className="size-9 shrink-0 rounded-lg object-cover" />
              ) : (
                <span className="size-9 shrink-0 rounded-lg bg-surface-2" />
              )}
              <span className="min-w-0 flex-1 truncate">{p.name}</span>
              <span className="text-sm text-muted tabular-nums">{naira(p.price)}</span>
            </Link>
          </li>
        ))}
        {d.shops.map((sh) => (
          <li key={`s-${sh.id}`}>
            <Link to={`/shop/shops/${sh.id}`} className={row}>
              <Store className="size-4 shrink-0 text-subtle" aria-hidden="true" />
              <span className="min-w-0 flex-1 truncate">{sh.name}</span>
              <span className="text-sm text-muted">
                {sh.lga.name}, {sh.state.name}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
