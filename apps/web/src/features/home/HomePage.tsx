import { Link } from 'react-router';
import {
  ArrowDownToLine,
  ChevronRight,
  CloudOff,
  HandCoins,
  History,
  Landmark,
  PiggyBank,
  ReceiptText,
  Send,
  ShieldCheck,
} from 'lucide-react';
import { lazy, Suspense, useId } from 'react';

// The tier and account-number card loads after the first screen (Home's first load stays within its budget).
const MoneyStatus = lazy(() => import('./MoneyStatus').then((m) => ({ default: m.MoneyStatus })));
import { useProfile } from '../account';
import { QueryError } from '../../ui/QueryError';
import { TransactionRow, TransactionRowSkeleton, useBalances, useRecentTransactions } from '../wallet';
import { greetingFor } from '../../lib/greeting';
import { UpdatedAt } from '../../lib/offline/freshness';
import { Avatar } from '../../ui/Avatar';
import { NoticesBell } from '../notices';
import { PushPromptSlot } from '../notifications';
import { Button } from '../../ui/Button';
import { InlineError } from '../../ui/InlineError';
import { Card } from '../../ui/Card';
import { EmptyState } from '../../ui/EmptyState';
import { Skeleton } from '../../ui/Spinner';
import { useHiddenBalances } from './use-hidden-balances';
import { WalletCard } from './WalletCard';

const ACTIONS = [
  { label: 'Add money', to: '/pay/fund', icon: ArrowDownToLine },
  { label: 'Send', to: '/pay/send', icon: Send },
  { label: 'To bank', to: '/pay/bank', icon: Landmark },
  { label: 'History', to: '/history', icon: History },
] as const;

const MONEY_LINKS = [
  { label: 'Savings', hint: 'Save & earn', to: '/savings', icon: PiggyBank },
  { label: 'Loans', hint: 'Quick cash', to: '/loans', icon: HandCoins },
] as const;

function MoneyLink({ label, hint, to, icon: Icon }: (typeof MONEY_LINKS)[number]) {
  const id = useId();
  return (
    <Link
      to={to}
      aria-labelledby={`${id}-l`}
      aria-describedby={`${id}-h`}
      className="flex min-h-16 items-center gap-3 rounded-2xl bg-surface p-3 shadow-sm ring-1 ring-line transition-colors hover:bg-surface-2"
    >
      <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-soft text-brand-fg" aria-hidden="true">
        <Icon className="size-5" />
      </span>
      <span className="flex min-w-0 flex-col">
        <span id={`${id}-l`} className="text-sm font-semibold text-fg">
          {label}
        </span>
        <span id={`${id}-h`} className="truncate text-xs text-muted">
          {hint}
        </span>
      </span>
    </Link>
  );
}

export const OFFLINE_NO_DATA = "You're offline. This will load when you're back online.";

/** Shown instead of skeletons when a query has nothing saved and waits for a connection. */
function OfflineNotice({ children, onRetry }: { children: string; onRetry: () => void }) {
  return (
    <div className="flex items-center gap-3 p-4" role="status">
      <CloudOff className="size-5 shrink-0 text-muted" aria-hidden="true" />
      <p className="flex-1 text-sm text-muted">{children}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

/** The balances' fetch time under the wallet card; offline with nothing saved, a note instead of endless skeletons. */
function BalancesFreshness() {
  const balances = useBalances();
  if (balances.data === undefined && balances.fetchStatus === 'paused') {
    return (
      <Card padded={false} className="mt-3">
        <OfflineNotice onRetry={() => void balances.refetch()}>{OFFLINE_NO_DATA}</OfflineNotice>
      </Card>
    );
  }
  return <UpdatedAt query={balances} className="mt-2 px-1" />;
}

function RecentTransactions() {
  const recent = useRecentTransactions(5);
  return (
    <section aria-labelledby="recent-title" className="mt-7">
      <div className="mb-2 flex items-center justify-between px-1">
        <h2 id="recent-title" className="text-base font-bold tracking-tight">
          Recent transactions
        </h2>
        <Link to="/history" className="inline-flex min-h-11 items-center gap-0.5 text-sm font-semibold text-brand-fg">
          See all
          <ChevronRight className="size-4" aria-hidden="true" />
        </Link>
      </div>
      <Card padded={false} className="overflow-hidden">
        {recent.isPending && recent.fetchStatus === 'paused' ? (
          <OfflineNotice onRetry={() => void recent.refetch()}>{OFFLINE_NO_DATA}</OfflineNotice>
        ) : recent.isPending ? (
          <div className="divide-y divide-line" aria-busy="true" aria-label="Loading recent transactions">
            {Array.from({ length: 3 }, (_, i) => (
              <TransactionRowSkeleton key={i} />
            ))}
          </div>
        ) : recent.isError && recent.data === undefined ? (
          <InlineError error={recent.error} fallback="We couldn't load your transactions." onRetry={() => void recent.refetch()} />
        ) : !recent.data ? null : recent.data.length === 0 ? (
          <EmptyState icon={<ReceiptText className="size-9" strokeWidth={1.8} />} title="No transactions yet" className="py-8">
            Add money to your wallet to get started.
          </EmptyState>
        ) : (
          <ul className="divide-y divide-line">
            {recent.data.map((item) => (
              <li key={item.reference}>
                <TransactionRow item={item} />
              </li>
            ))}
          </ul>
        )}
      </Card>
      <UpdatedAt query={recent} className="mt-2 px-1" />
    </section>
  );
}

export default function HomePage() {
  const profile = useProfile();
  const user = profile.data;
  const [hidden, toggleHidden] = useHiddenBalances();

  return (
    <div className="pt-[env(safe-area-inset-top)]">
      <header className="flex min-h-20 items-center gap-3 py-4">
        <Link to="/account" aria-label="Account" className="rounded-full">
          {user ? (
            <Avatar src={user.avatar} firstName={user.firstName} lastName={user.lastName} />
          ) : (
            <Skeleton className="size-12 rounded-full" />
          )}
        </Link>
        <div className="min-w-0 flex-1">
          {profile.isPending && profile.fetchStatus === 'paused' ? (
            <h1 className="text-xl font-bold tracking-tight">{greetingFor()}</h1>
          ) : profile.isPending ? (
            <>
              <Skeleton className="mb-1.5 h-4 w-24" />
              <Skeleton className="h-6 w-44" />
            </>
          ) : user ? (
            <h1 className="flex flex-col">
              <span className="text-sm font-normal text-muted">{greetingFor()},</span>{' '}
              <span className="truncate text-xl font-bold tracking-tight">{user.firstName}</span>
            </h1>
          ) : (
            <h1 className="text-xl font-bold tracking-tight">Welcome to Owo</h1>
          )}
        </div>
        <NoticesBell />
      </header>

      {profile.isError && !user ? <QueryError error={profile.error} onRetry={() => void profile.refetch()} /> : null}

      <PushPromptSlot />
      <WalletCard hidden={hidden} onToggle={toggleHidden} />
      <BalancesFreshness />
      <Suspense fallback={null}>
        <MoneyStatus />
      </Suspense>

      <nav aria-label="Quick actions" className="mt-5">
        <ul className="grid grid-cols-4 gap-2">
          {ACTIONS.map(({ label, to, icon: Icon }) => (
            <li key={label}>
              <Link
                to={to}
                className="flex w-full flex-col items-center gap-2 rounded-2xl py-2 text-xs font-semibold text-fg transition-colors hover:bg-surface-2"
              >
                <span
                  className="flex size-14 items-center justify-center rounded-2xl bg-surface text-brand-fg shadow-sm ring-1 ring-line"
                  aria-hidden="true"
                >
                  <Icon className="size-6" />
                </span>
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <nav aria-label="Save and borrow" className="mt-4">
        <ul className="grid grid-cols-2 gap-3">
          {MONEY_LINKS.map((l) => (
            <li key={l.to}>
              <MoneyLink {...l} />
            </li>
          ))}
        </ul>
      </nav>

      {user && !user.hasPin ? (
        <Card className="mt-6 flex items-center gap-4 border-accent-400/40 bg-accent-400/10">
          <span className="flex size-11 shrink-0 items-center justify-center rounded-2xl bg-accent-400 text-brand-900" aria-hidden="true">
            <ShieldCheck className="size-5" />
          </span>
          <div className="flex-1">
            <p className="font-semibold">Secure your payments</p>
            <p className="text-sm text-muted">Set a 4-digit transaction PIN before you send money.</p>
          </div>
          <Link to="/account/pin" className="min-h-11 content-center text-sm font-semibold text-brand-fg">
            Set PIN
          </Link>
        </Card>
      ) : null}

      <RecentTransactions />
    </div>
  );
}
