import { cn } from '../../lib/cn';
import { useCategories } from './queries';

/** "For you" (the home feed) and one chip per category, as a single-choice group. */
export function CategoryChips({ value, onChange }: { value: string | null; onChange: (category: string | null) => void }) {
  const categories = useCategories();
  const chips = [{ _id: '', name: 'Following' }, ...(categories.data ?? [])];
  return (
    <div role="radiogroup" aria-label="Feed" className="-mx-5 flex gap-2 overflow-x-auto px-5 py-2 [scrollbar-width:none]">
      {chips.map((c) => {
        const active = (value ?? '') === c._id;
        return (
          <button
            key={c._id || 'home'}
            type="button"
            role="radio"
            aria-checked={active}
            onClick={() => onChange(c._id || null)}
            className={cn(
              'min-h-9 shrink-0 rounded-full border px-3.5 text-sm font-medium whitespace-nowrap',
              active ? 'border-brand-600 bg-brand-600 text-white' : 'border-line bg-surface text-fg hover:bg-surface-2',
            )}
          >
            {c.name}
          </button>
        );
      })}
    </div>
  );
}
