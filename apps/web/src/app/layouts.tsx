import { Suspense } from 'react';
import { type Location, NavLink, Outlet } from 'react-router';
import { House, MessageCircle, ShoppingBag, Users, Wallet } from 'lucide-react';
import { FrozenBanner } from '../features/account/FrozenBanner';
import { ChatBackground } from '../features/chat/background';
import { useChatUnread } from '../features/chat/unread-store';
import { cn } from '../lib/cn';
import { CountBadge } from '../ui/CountBadge';
import { useRegisterOverlay } from '../ui/overlay-state';
import { PageLoader } from '../ui/Spinner';
import { Logo } from './Logo';
import { ScrollMemory } from './scroll-memory';

const NAV = [
  { to: '/', label: 'Home', icon: House, end: true },
  { to: '/pay', label: 'Pay', icon: Wallet, end: false },
  { to: '/connect', label: 'Connect', icon: Users, end: false },
  { to: '/chat', label: 'Chat', icon: MessageCircle, end: false },
  { to: '/shop', label: 'Shop', icon: ShoppingBag, end: false },
] as const;

export function BottomNav() {
  useRegisterOverlay('nav');
  const unreadChats = useChatUnread((s) => s.count);
  return (
    <nav
      aria-label="Main"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-line bg-surface/95 pb-[env(safe-area-inset-bottom)] backdrop-blur-md"
    >
      <ul className="mx-auto flex max-w-md">
        {NAV.map(({ to, label, icon: Icon, end }) => (
          <li key={to} className="flex-1">
            <NavLink
              to={to}
              end={end}
              aria-label={
                to === '/chat' && unreadChats > 0
                  ? `${label}, ${unreadChats === 1 ? '1 unread chat' : `${unreadChats} unread chats`}`
                  : undefined
              }
              className={({ isActive }) =>
                cn(
                  'flex min-h-16 flex-col items-center justify-center gap-1 text-[11px] font-semibold tracking-wide transition-colors',
                  isActive ? 'text-brand-fg' : 'text-subtle hover:text-fg',
                )
              }
            >
              {({ isActive }) => (
                <>
                  <span
                    className={cn(
                      'relative flex h-8 w-14 items-center justify-center rounded-full transition-colors',
                      isActive && 'bg-brand-soft',
                    )}
                  >
                    <Icon className="size-[22px]" strokeWidth={isActive ? 2.4 : 2} aria-hidden="true" />
                    {to === '/chat' ? <CountBadge count={unreadChats} size="sm" /> : null}
                  </span>
                  {label}
                </>
              )}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * Scroll positions are kept per history entry: a screen you open starts at the top, going back
 * returns to where you were. A receipt (/history/:reference) is a dialog over History, so it
 * shares History's position instead of scrolling the list away.
 */
const scrollKey = (location: Location) => (location.pathname.startsWith('/history') ? '/history' : location.key);

/** Signed-in screens: content column plus the fixed bottom navigation. */
export function AppLayout() {
  return (
    <>
      <ScrollMemory keyOf={scrollKey} />
      <main className="mx-auto min-h-dvh w-full max-w-md px-5 pb-28">
        <FrozenBanner />
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </main>
      <BottomNav />
      {/* The chat's socket, unsent messages and incoming calls, wherever one is in the app. */}
      <ChatBackground />
    </>
  );
}

/** Auth screens: brand mark on top, no bottom navigation. */
export function AuthLayout() {
  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-md flex-col px-6 pb-10 pt-[max(2rem,env(safe-area-inset-top))]">
      <ScrollMemory />
      <div className="mb-8">
        <Logo />
      </div>
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
    </main>
  );
}
