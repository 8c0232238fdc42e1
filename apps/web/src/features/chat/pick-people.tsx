import { X } from 'lucide-react';
import { useState } from 'react';
import type { ChatUser } from '../../api/chat';
import { Avatar } from '../../ui/Avatar';

// Choosing several people (for a new group, or to add to one): the chosen ones as chips over the directory's checkboxes.

/** The people chosen so far, each with a way to take them off. */
export function ChosenPeople({ people, onRemove }: { people: ChatUser[]; onRemove: (p: ChatUser) => void }) {
  if (people.length === 0) return null;
  return (
    <ul aria-label="Chosen people" className="flex flex-wrap gap-2">
      {people.map((p) => (
        <li key={p.id} className="flex items-center gap-1.5 rounded-full bg-brand-soft py-1 pr-1 pl-1 text-sm font-semibold text-brand-fg">
          <Avatar src={p.avatar} firstName={p.firstName} lastName={p.lastName} size="sm" className="size-7 text-[11px]" />
          {p.firstName}
          <button
            type="button"
            aria-label={`Remove ${p.firstName}`}
            onClick={() => onRemove(p)}
            className="flex size-8 items-center justify-center rounded-full hover:bg-brand-600/15"
          >
            <X className="size-4" aria-hidden="true" />
          </button>
        </li>
      ))}
    </ul>
  );
}

/** Choosing several people from the directory: the map of those chosen and the toggle. */
export function usePicked() {
  const [picked, setPicked] = useState<Map<string, ChatUser>>(new Map());
  const toggle = (p: ChatUser) =>
    setPicked((cur) => {
      const next = new Map(cur);
      if (next.has(p.id)) next.delete(p.id);
      else next.set(p.id, p);
      return next;
    });
  return { picked, toggle, ids: new Set(picked.keys()), people: [...picked.values()] };
}
