import { FORWARD_MAX_CHATS } from '@owo/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Search, X } from 'lucide-react';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { toast } from '../../lib/toast';
import { errorMessage } from '../../api/client';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import { FormAlert } from '../../ui/FormAlert';
import { useAuth } from '../account';
import { actionsApi } from './actions-api';
import { FALLBACK_ERROR } from './ask';
import { fullName } from './cache';
import { applyAnyMessage } from './group-cache';
import { GroupAvatar } from './group-parts';
import { useGroups } from './groups';
import type { BubbleView } from './MessageBubble';
import { useRecentChats } from './queries';
import { Sheet } from '../../ui/Sheet';

/** A chat one can forward to: a person (1:1) or a group. */
interface Target {
  key: string;
  kind: 'user' | 'group';
  id: string;
  name: string;
  avatar: ReactNode;
}

const newKey = () => globalThis.crypto?.randomUUID?.() ?? `fwd-${Date.now()}-${Math.random().toString(36).slice(2)}`;
const LIMIT_TEXT = `You can forward to up to ${FORWARD_MAX_CHATS} chats`;

/** The chats to forward to: one's recent chats and groups (the latest first), filtered by name. */
function useTargets(q: string): { targets: Target[]; loading: boolean } {
  const recent = useRecentChats();
  const groups = useGroups();
  return useMemo(() => {
    const s = q.trim().toLowerCase();
    const rows = [
      ...(recent.data?.pages.flatMap((p) => p.items) ?? []).map((c) => ({
        at: c.updatedAt,
        t: {
          key: `user:${c.user.id}`,
          kind: 'user' as const,
          id: c.user.id,
          name: fullName(c.user),
          avatar: <Avatar src={c.user.avatar} firstName={c.user.firstName} lastName={c.user.lastName} size="sm" />,
        },
      })),
      ...(groups.data?.pages.flatMap((p) => p.items) ?? []).map((g) => ({
        at: g.lastMessage?.createdAt ?? g.createdAt,
        t: {
          key: `group:${g.id}`,
          kind: 'group' as const,
          id: g.id,
          name: g.name,
          avatar: <GroupAvatar name={g.name} photoUrl={g.photoUrl} size="sm" />,
        },
      })),
    ].sort((a, b) => Date.parse(b.at) - Date.parse(a.at));
    return {
      targets: rows.map((r) => r.t).filter((t) => !s || t.name.toLowerCase().includes(s)),
      loading: recent.isPending || groups.isPending,
    };
  }, [q, recent.data, groups.data, recent.isPending, groups.isPending]);
}

/**
 * Forward a message to up to 5 chats. One Idempotency-Key per attempt: it is kept while the choice
 * stays the same, so sending again after a failure (or a lost answer) stores nothing twice.
 */
export function ForwardSheet({ message, onClose }: { message: BubbleView | null; onClose: () => void }) {
  const me = useAuth((s) => s.userId) ?? '';
  const qc = useQueryClient();
  const [q, setQ] = useState('');
  const [chosen, setChosen] = useState<Target[]>([]);
  const [note, setNote] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const key = useRef<string | null>(null);
  const { targets, loading } = useTargets(q);
  useEffect(() => {
    if (message) return;
    setQ('');
    setChosen([]);
    setNote(null);
    setError(null);
    key.current = null;
  }, [message]);

  const toggle = (t: Target) => {
    setError(null);
    key.current = null;
    if (chosen.some((c) => c.key === t.key)) {
      setNote(null);
      setChosen(chosen.filter((c) => c.key !== t.key));
    } else if (chosen.length >= FORWARD_MAX_CHATS) setNote(LIMIT_TEXT);
    else setChosen([...chosen, t]);
  };
  const send = async () => {
    if (!message?.id || chosen.length === 0) return;
    key.current ??= newKey();
    setSending(true);
    setError(null);
    try {
      const to = {
        toUserIds: chosen.filter((c) => c.kind === 'user').map((c) => c.id),
        groupIds: chosen.filter((c) => c.kind === 'group').map((c) => c.id),
      };
      const { data } = await actionsApi.forward(message.id, to, key.current);
      for (const r of data.results) if (r.message) applyAnyMessage(qc, me, r.message);
      const failed = data.results.filter((r) => r.status === 'failed');
      if (failed.length === 0) toast.success('Forwarded');
      else
        toast.error(
          `Forwarded to ${data.results.length - failed.length} of ${data.results.length} chats. ${failed[0]?.error?.message ?? ''}`.trim(),
        );
      onClose();
    } catch (err) {
      setError(errorMessage(err, FALLBACK_ERROR));
    } finally {
      setSending(false);
    }
  };

  return (
    <Sheet
      open={message !== null}
      onClose={onClose}
      title="Forward to…"
      footer={
        <Button block loading={sending} disabled={chosen.length === 0} onClick={() => void send()}>
          {chosen.length ? `Send to ${chosen.length} ${chosen.length === 1 ? 'chat' : 'chats'}` : 'Send'}
        </Button>
      }
    >
      <div className="flex flex-col gap-3">
        <div className="relative">
          <Search className="pointer-events-none absolute top-1/2 left-3.5 size-5 -translate-y-1/2 text-subtle" aria-hidden="true" />
          <input
            type="search"
            aria-label="Search chats to forward to"
            placeholder="Search chats"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            autoComplete="off"
            className="block min-h-12 w-full rounded-2xl border border-line bg-surface pr-4 pl-11 text-base outline-none placeholder:text-subtle focus:border-brand-fg focus:ring-4 focus:ring-brand-fg/15"
          />
        </div>
        <p role="status" className={note ? 'text-sm font-semibold text-danger-fg' : 'text-sm text-muted'}>
          {note ?? `${chosen.length} of ${FORWARD_MAX_CHATS} chosen`}
        </p>
        {chosen.length ? (
          <ul aria-label="Chosen chats" className="flex flex-wrap gap-2">
            {chosen.map((t) => (
              <li
                key={t.key}
                className="flex items-center gap-1 rounded-full bg-brand-soft py-1 pr-1 pl-3 text-sm font-semibold text-brand-fg"
              >
                <span className="max-w-40 truncate">{t.name}</span>
                <button
                  type="button"
                  aria-label={`Remove ${t.name}`}
                  onClick={() => toggle(t)}
                  className="flex size-8 items-center justify-center rounded-full hover:bg-brand-600/15"
                >
                  <X className="size-4" aria-hidden="true" />
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <FormAlert message={error} />
        {loading ? (
          <p role="status" className="py-6 text-center text-sm text-muted">
            Loading chats…
          </p>
        ) : targets.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted">{q.trim() ? `No chats match “${q.trim()}”.` : 'No chats yet.'}</p>
        ) : (
          <ul aria-label="Chats to forward to" className="-mx-2 flex flex-col">
            {targets.map((t) => {
              const on = chosen.some((c) => c.key === t.key);
              return (
                <li key={t.key}>
                  <label className="flex min-h-14 cursor-pointer items-center gap-3 rounded-2xl px-2 py-1.5 hover:bg-surface-2">
                    {t.avatar}
                    <span className="min-w-0 flex-1 truncate font-semibold">{t.name}</span>
                    <input
                      type="checkbox"
                      checked={on}
                      onChange={() => toggle(t)}
                      aria-label={`Forward to ${t.name}`}
                      className="size-5 shrink-0 accent-brand-600"
                    />
                  </label>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </Sheet>
  );
}
