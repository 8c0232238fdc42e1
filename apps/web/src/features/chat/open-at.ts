import { type RefObject, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { BubbleView } from './MessageBubble';

/** How many pages back a message opened from search or the starred list is looked for. */
const OPEN_AT_PAGES = 10;

/**
 * Opens the conversation at the message in `?msg=` (from a search or the starred list): loads
 * earlier pages until it is there, scrolls to it and marks it a few seconds. Returns its id while marked.
 */
export function useOpenAt(
  views: BubbleView[],
  o: {
    scroller: RefObject<HTMLDivElement | null>;
    atBottom: RefObject<boolean>;
    hasOlder: boolean;
    olderState: 'idle' | 'loading' | 'error';
    older: () => Promise<void>;
  },
) {
  const [params] = useSearchParams();
  const target = params.get('msg');
  const [marked, setMarked] = useState<string | null>(null);
  const tries = useRef(0);
  const done = useRef<string | null>(null);
  const { scroller, atBottom, hasOlder, olderState, older } = o;
  const found = target ? views.some((v) => v.id === target) : false;
  useEffect(() => {
    if (!target || done.current === target || views.length === 0) return;
    if (!found) {
      if (hasOlder && olderState === 'idle' && tries.current < OPEN_AT_PAGES) {
        tries.current++;
        void older();
      }
      return;
    }
    done.current = target;
    tries.current = 0;
    atBottom.current = false;
    const el = scroller.current?.querySelector<HTMLElement>(`[data-id="${CSS.escape(target)}"]`);
    el?.scrollIntoView?.({ block: 'center' });
    setMarked(target);
  }, [target, found, views.length, hasOlder, olderState, older, scroller, atBottom]);
  useEffect(() => {
    if (!marked) return;
    const t = setTimeout(() => setMarked(null), 4000);
    return () => clearTimeout(t);
  }, [marked]);
  return marked;
}
