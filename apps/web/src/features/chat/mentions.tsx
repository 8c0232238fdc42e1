import { type KeyboardEvent, type RefObject, useState } from 'react';
import type { ChatUser } from '../../api/chat';
import { Avatar } from '../../ui/Avatar';
import { cn } from '../../lib/cn';
import { fullName } from './cache';

/** The "@name" being typed at the end of the text, if any. */
const typedMention = (text: string) => /(?:^|\s)@([\p{L}\p{N}_-]*)$/u.exec(text)?.[1];

/**
 * Mentions in a group's message box: typing "@" and the start of a name lists the members who
 * match; picking one writes "@FirstName ". `inText` gives the ids of the members whose "@FirstName"
 * is in the message sent.
 */
export function useMentions(members: ChatUser[], text: string, setText: (t: string) => void, input: RefObject<HTMLTextAreaElement | null>) {
  const [closed, setClosed] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const q = members.length ? typedMention(text) : undefined;
  const matches =
    q === undefined || closed === text
      ? []
      : members
          .filter((m) =>
            `${m.firstName} ${m.lastName} ${m.nickName ?? ''}`
              .toLowerCase()
              .split(/\s+/)
              .some((w) => w.startsWith(q.toLowerCase())),
          )
          .slice(0, 6);

  const pick = (m: ChatUser) => {
    setText(`${text.slice(0, text.length - (q?.length ?? 0) - 1)}@${m.firstName} `);
    setActive(0);
    input.current?.focus();
  };
  const onKey = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (matches.length === 0) return false;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((i) => (i + (e.key === 'ArrowDown' ? 1 : matches.length - 1)) % matches.length);
      return true;
    }
    if (e.key === 'Enter' || e.key === 'Tab') {
      e.preventDefault();
      pick(matches[Math.min(active, matches.length - 1)]!);
      return true;
    }
    if (e.key === 'Escape') {
      setClosed(text);
      return true;
    }
    return false;
  };
  const inText = (body: string) => members.filter((m) => body.includes(`@${m.firstName}`)).map((m) => m.id);

  const list =
    matches.length > 0 ? (
      <ul
        aria-label="Mention someone"
        className="mx-1 mb-2 max-h-56 overflow-y-auto rounded-2xl border border-line bg-surface py-1 shadow-lg"
      >
        {matches.map((m, i) => (
          <li key={m.id}>
            <button
              type="button"
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => pick(m)}
              aria-label={`Mention ${fullName(m)}`}
              aria-current={i === active ? 'true' : undefined}
              className={cn('flex min-h-12 w-full items-center gap-3 px-3 text-left hover:bg-surface-2', i === active && 'bg-surface-2')}
            >
              <Avatar src={m.avatar} firstName={m.firstName} lastName={m.lastName} size="sm" className="size-8 text-xs" />
              <span className="truncate font-semibold">{fullName(m)}</span>
            </button>
          </li>
        ))}
      </ul>
    ) : null;
  return { list, onKey, inText };
}
