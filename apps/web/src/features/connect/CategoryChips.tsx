import { Chips } from '../../ui/Chips';
import { useCategories } from './queries';

/** "For you" (the home feed) and one chip per category, as a single-choice group. */
export function CategoryChips({ value, onChange }: { value: string | null; onChange: (category: string | null) => void }) {
  const categories = useCategories();
  const chips = [{ id: '', name: 'Following' }, ...(categories.data ?? []).map((c) => ({ id: c._id, name: c.name }))];
  return <Chips label="Feed" options={chips} value={value ?? ''} onChange={(id) => onChange(id || null)} small />;
}
