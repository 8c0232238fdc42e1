import { Search } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { useDebounced } from '../../lib/use-debounced';
import { Sheet } from '../../ui/Sheet';
import { useAuth } from '../account';
import { useMessageSearch } from './actions';
import { MessageResults } from './search-parts';

/** Searching one chat's messages: type (at least 2 letters), tap a result to go to it in the conversation. */
export function ChatSearchSheet({ conversationId, open, onClose }: { conversationId: string | null; open: boolean; onClose: () => void }) {
  const me = useAuth((s) => s.userId) ?? '';
  const [text, setText] = useState('');
  const q = useDebounced(text.trim(), 300);
  const search = useMessageSearch(q, conversationId);
  useEffect(() => {
    if (!open) setText('');
  }, [open]);
  return (
    <Sheet open={open} onClose={onClose} title="Search in chat">
      <div className="flex flex-col gap-3">
        <div className="relative">
          <Search className="pointer-events-none absolute top-1/2 left-3.5 size-5 -translate-y-1/2 text-subtle" aria-hidden="true" />
          <input
            type="search"
            aria-label="Search messages in this chat"
            placeholder="Search messages"
            value={text}
            onChange={(e) => setText(e.target.value)}
            autoComplete="off"
            autoFocus
            className="block min-h-12 w-full rounded-2xl border border-line bg-surface pr-4 pl-11 text-base outline-none placeholder:text-subtle focus:border-brand-fg focus:ring-4 focus:ring-brand-fg/15"
          />
        </div>
        {/* A result opens the message here: the sheet closes as its link is followed. */}
        <div onClick={(e) => (e.target as HTMLElement).closest('a') && onClose()}>
          {q.length < 2 ? (
            <p className="py-6 text-center text-sm text-muted">Type at least 2 letters to search this chat’s messages.</p>
          ) : (
            <MessageResults search={search} q={q} me={me} label="Messages found" />
          )}
        </div>
      </div>
    </Sheet>
  );
}

/** The conversation header's search button and its sheet (disabled until the chat has a message). */
export function ChatSearchButton({
  conversationId,
  className = 'flex size-11 shrink-0 items-center justify-center rounded-full text-brand-fg hover:bg-brand-soft disabled:opacity-50',
}: {
  conversationId: string | null;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  return (
    <>
      <button type="button" aria-label="Search in chat" onClick={() => setOpen(true)} disabled={!conversationId} className={className}>
        <Search className="size-5" aria-hidden="true" />
      </button>
      <ChatSearchSheet conversationId={conversationId} open={open} onClose={close} />
    </>
  );
}
