import { useQueryClient } from '@tanstack/react-query';
import { LogOut, ShieldCheck } from 'lucide-react';
import { NavLink, Outlet } from 'react-router';
import { Button } from '@web/ui/Button';
import { PageLoader } from '@web/ui/Spinner';
import { cn } from '@web/lib/cn';
import { call } from './api';
import { NAV } from './nav';
import { can, signOut, useMe } from './session';
import { Brand, ErrorState, ROLE_LABELS } from './ui';

function NavItem({ item: { to, label, icon: Icon }, mobile = false }: { item: (typeof NAV)[number]; mobile?: boolean }) {
  return (
    <NavLink
      to={to}
      className={({ isActive }) =>
        cn(
          'flex items-center gap-3 rounded-2xl font-medium transition-colors',
          mobile
            ? 'min-h-14 min-w-[4.75rem] flex-1 shrink-0 flex-col justify-center gap-0.5 px-1 text-[11px]'
            : 'min-h-11 px-3 text-[15px]',
          isActive ? 'bg-brand-soft text-brand-fg' : 'text-muted hover:bg-surface-2 hover:text-fg',
        )
      }
    >
      <Icon className="size-5" aria-hidden="true" />
      {label}
    </NavLink>
  );
}

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
        <main className="mx-auto w-full max-w-5xl flex-1 px-4 pt-5 pb-28 md:px-8 md:pt-8 md:pb-10">
          <Outlet />
        </main>
        {items.length > 0 ? (
          <nav
            aria-label="Console"
            className="fixed inset-x-0 bottom-0 z-10 flex gap-1 overflow-x-auto border-t border-line bg-surface px-2 pt-1 pb-[max(0.25rem,env(safe-area-inset-bottom))] md:hidden"
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
