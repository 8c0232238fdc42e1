import { useQueryClient } from '@tanstack/react-query';
import { LogOut, ShieldCheck } from 'lucide-react';
import type { CSSProperties } from 'react';
import { NavLink, Outlet } from 'react-router';
import { Button } from '@web/ui/Button';
import { PageLoader } from '@web/ui/Spinner';
import { cn } from '@web/lib/cn';
import { call } from './api';
import { NAV } from './nav';
import { can, signOut, useMe } from './session';
import { Brand, ErrorState, ROLE_LABELS } from './ui';

type NavEntry = (typeof NAV)[number];
const shortOf = (item: NavEntry) => ('short' in item ? item.short : item.label);

function NavItem({ item, mobile = false }: { item: NavEntry; mobile?: boolean }) {
  const { to, label, icon: Icon } = item;
  const shown = mobile ? shortOf(item) : label;
  return (
    <NavLink
      to={to}
      aria-label={shown === label ? undefined : label}
      className={({ isActive }) =>
        cn(
          'flex items-center gap-3 rounded-2xl font-medium transition-colors',
          mobile
            ? 'min-h-13 min-w-0 flex-1 flex-col justify-center gap-0.5 px-1 text-center text-[11px] leading-tight'
            : 'min-h-11 px-3 text-[15px]',
          isActive ? 'bg-brand-soft text-brand-fg' : 'text-muted hover:bg-surface-2 hover:text-fg',
        )
      }
    >
      <Icon className="size-5 shrink-0" aria-hidden="true" />
      {shown}
    </NavLink>
  );
}

/** Tabs a row of the phone's bar holds; more pages wrap onto a second row (every page stays one tap away). */
const PER_ROW = 5;

/**
 * The signed-in frame: a side bar on wide screens, a bar of tabs at the bottom on phones, each
 * holding only the pages the role may open.
 */
export function Shell() {
  const me = useMe();
  const queries = useQueryClient();
  const leave = async () => {
    await call('POST /api/staff/auth/logout').catch(() => undefined);
    queries.clear();
    signOut();
  };
  if (me.isPending) return <PageLoader label="Loading the console" />;
  if (me.isError)
    return (
      <main className="mx-auto max-w-md p-6">
        <ErrorState error={me.error} onRetry={() => void me.refetch()} />
      </main>
    );
  const items = NAV.filter((n) => can(me.data, n.action));
  return (
    <div className="min-h-dvh md:flex">
      <aside className="hidden w-60 shrink-0 flex-col border-r border-line bg-surface p-4 md:flex">
        <Brand className="mb-6 px-2" />
        <nav aria-label="Console" className="flex flex-col gap-1">
          {items.map((i) => (
            <NavItem key={i.to} item={i} />
          ))}
        </nav>
        <div className="mt-auto border-t border-line pt-4">
          <p className="px-2 text-sm font-semibold">{me.data.name}</p>
          <p className="px-2 text-sm text-muted">{ROLE_LABELS[me.data.role]}</p>
          <Button
            variant="ghost"
            size="sm"
            className="mt-2 w-full justify-start"
            icon={<LogOut className="size-4" aria-hidden="true" />}
            onClick={() => void leave()}
          >
            Sign out
          </Button>
        </div>
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-10 flex items-center justify-between gap-3 border-b border-line bg-surface/95 px-4 py-2 backdrop-blur md:hidden">
          <span className="flex items-center gap-2 font-bold">
            <ShieldCheck className="size-5 text-brand-fg" aria-hidden="true" /> Owo console
          </span>
          <span className="flex min-w-0 items-center gap-1">
            <span className="flex min-w-0 flex-col items-end text-right leading-tight">
              <span className="max-w-40 truncate text-sm font-semibold">{me.data.name}</span>
              <span className="text-xs text-muted">{ROLE_LABELS[me.data.role]}</span>
            </span>
            <Button variant="ghost" size="sm" aria-label="Sign out" onClick={() => void leave()}>
              <LogOut className="size-5" aria-hidden="true" />
            </Button>
          </span>
        </header>
        <main
          style={{ '--nav-rows': Math.max(1, Math.ceil(items.length / PER_ROW)) } as CSSProperties}
          className="mx-auto w-full max-w-5xl flex-1 px-4 pt-5 pb-[calc(var(--nav-rows)*3.5rem+2.5rem)] md:px-8 md:pt-8 md:pb-10"
        >
          <Outlet />
        </main>
        {items.length > 0 ? (
          <nav
            aria-label="Console"
            className={cn(
              'fixed inset-x-0 bottom-0 z-10 gap-1 border-t border-line bg-surface px-2 pt-1 pb-[max(0.25rem,env(safe-area-inset-bottom))] md:hidden',
              items.length > PER_ROW ? 'grid grid-cols-5' : 'flex',
            )}
          >
            {items.map((i) => (
              <NavItem key={i.to} item={i} mobile />
            ))}
          </nav>
        ) : null}
      </div>
    </div>
  );
}
