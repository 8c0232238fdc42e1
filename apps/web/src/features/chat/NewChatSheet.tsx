import { useQueryClient } from '@tanstack/react-query';
import { Check, Search, UserRoundX, UsersRound } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { ChatUser } from '../../api/chat';
import { useDebounced } from '../../lib/use-debounced';
import { InlineError } from '../../ui/InlineError';
import { LoadMore } from '../../ui/LoadMore';
import { PersonButton } from '../../ui/PersonButton';
import { Sheet } from '../../ui/Sheet';
import { Skeleton } from '../../ui/Spinner';
import { FALLBACK_ERROR } from './ask';
import { chatKeys, fullName } from './cache';
import { cn } from '../../lib/cn';
import { PersonLine } from './parts';
import { useDirectory } from './queries';

/** A person to tick in a list (choosing people for a group): the photo, the name, a check. */
function PersonCheck({ person, checked, onToggle }: { person: ChatUser; checked: boolean; onToggle: (p: ChatUser) => void }) {
  return (
    <label className="relative flex min-h-16 cursor-pointer items-center gap-3 rounded-2xl px-2 py-2 transition-colors hover:bg-surface-2 has-[:focus-visible]:ring-4 has-[:focus-visible]:ring-brand-fg/20">
      <PersonLine person={person} />
      <input
        type="checkbox"
        checked={checked}
        onChange={() => onToggle(person)}
        className="absolute inset-0 size-full cursor-pointer appearance-none rounded-2xl opacity-0"
        aria-label={fullName(person)}
      />
      <span
        aria-hidden="true"
        className={cn(
          'flex size-6 shrink-0 items-center justify-center rounded-full border-2',
          checked ? 'border-brand-600 bg-brand-600 text-white' : 'border-line',
        )}
      >
        {checked ? <Check className="size-4" /> : null}
      </span>
    </label>
  );
}

/**
 * The directory of people with a nickname, searchable: picking one calls `onPick`; with `picked`,
 * each is a checkbox (choosing several, for a group) and `exclude` leaves some out.
 */
export function Directory({
  onPick,
  picked,
  exclude,
}: {
  onPick: (p: ChatUser) => void;
  picked?: ReadonlySet<string>;
  exclude?: ReadonlySet<string>;
}) {
  const [text, setText] = useState('');
  const q = useDebounced(text.trim(), 300);
  const people = useDirectory(q);
  const list = (people.data?.pages.flatMap((p) => p.items) ?? []).filter((p) => !exclude?.has(p.id));
  return (
    <div className="flex flex-col gap-3">
      <div className="relative">
        <Search className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-subtle" aria-hidden="true" />
        <input
          type="search"
          aria-label="Search people"
          placeholder="Name or nickname"
          value={text}
          onChange={(e) => setText(e.target.value)}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          className="block min-h-12 w-full rounded-2xl border border-line bg-surface pr-4 pl-12 text-base outline-none placeholder:text-subtle focus:border-brand-fg focus:ring-4 focus:ring-brand-fg/15"
        />
      </div>
      <div aria-live="polite" aria-busy={people.isFetching || text.trim() !== q}>
        {people.isPending ? (
          <div role="status" aria-label="Loading people" className="flex flex-col gap-1">
            {[0, 1, 2].map((i) => (
              <div key={i} className="flex items-center gap-3 px-2 py-3">
                <Skeleton className="size-10 rounded-full" />
                <Skeleton className="h-4 w-40" />
              </div>
            ))}
          </div>
        ) : people.isError ? (
          <InlineError error={people.error} fallback={FALLBACK_ERROR} onRetry={() => void people.refetch()} tone="danger" />
        ) : list.length === 0 ? (
          <div className="flex flex-col items-center gap-2 py-6 text-center text-muted">
            <UserRoundX className="size-8" aria-hidden="true" />
            <p className="text-sm">{q ? `No one matches “${q}”.` : 'No one to chat with yet.'} Only people with a nickname are listed.</p>
          </div>
        ) : (
          <>
            <ul aria-label="People" className="flex flex-col">
              {list.map((p) => (
                <li key={p.id}>
                  {picked ? (
                    <PersonCheck person={p} checked={picked.has(p.id)} onToggle={onPick} />
                  ) : (
                    <PersonButton person={p} onPick={onPick} className="rounded-2xl px-2 py-2" />
                  )}
                </li>
              ))}
            </ul>
            <LoadMore pages={people} />
          </>
        )}
      </div>
    </div>
  );
}

/** "New chat": the directory of people with a nickname, searchable; picking one opens the conversation. */
export function NewChatSheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const pick = (p: ChatUser) => {
    qc.setQueryData(chatKeys.person(p.id), p);
    onClose();
    void navigate(`/chat/${p.id}`);
  };
  return (
    <Sheet open={open} onClose={onClose} title="New chat">
      {open ? (
        <div className="flex flex-col gap-3">
          <Link to="/chat/groups/new" className="flex min-h-14 items-center gap-3 rounded-2xl px-2 font-semibold hover:bg-surface-2">
            <span className="flex size-10 items-center justify-center rounded-full bg-brand-600 text-white" aria-hidden="true">
              <UsersRound className="size-5" />
            </span>
            New group
          </Link>
          <Directory onPick={pick} />
        </div>
      ) : null}
    </Sheet>
  );
}
