import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router';

const ChatRuntime = lazy(() => import('./ChatRuntime'));

/** How long after the first screen the chat's background loads on other screens. */
export const CHAT_BACKGROUND_DELAY_MS = 3_000;

/**
 * The chat's background (socket, unsent messages, incoming calls) for the signed-in app shell. Its
 * code (socket.io-client included, about 25 KB compressed) is not needed to show the first screen,
 * so outside the chat it loads a few seconds after it (Home stays within its 150 KB budget); on a
 * chat screen it loads at once. Once loaded it stays.
 */
export function ChatBackground() {
  const inChat = useLocation().pathname.startsWith('/chat');
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (inChat) {
      setReady(true);
      return;
    }
    const t = setTimeout(() => setReady(true), CHAT_BACKGROUND_DELAY_MS);
    return () => clearTimeout(t);
  }, [inChat]);
  if (!ready && !inChat) return null;
  return (
    <Suspense fallback={null}>
      <ChatRuntime />
    </Suspense>
  );
}
