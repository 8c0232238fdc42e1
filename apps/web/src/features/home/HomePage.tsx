import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowDownToLine, ChevronRight, Eye, EyeOff, KeyRound, Lightbulb, Send, ShieldCheck, Smartphone, Sparkles, UserRound } from 'lucide-react';
import { useProfile } from '../account/use-profile';
import { QueryError } from '../account/QueryError';
import { greetingFor } from '../../lib/greeting';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { MoneyText } from '../../ui/MoneyText';
import { Sheet } from '../../ui/Sheet';
import { Skeleton } from '../../ui/Spinner';

const ACTIONS = [
  { label: 'Add money', icon: ArrowDownToLine },
  { label: 'Transfer', icon: Send },
  { label: 'Airtime', icon: Smartphone },
  { label: 'Bills', icon: Lightbulb },
] as const;

function QuickLink({ to, icon, title, text }: { to: string; icon: ReactNode; title: string; text: string }) {
  return (
    <Link to={to} className="flex min-h-16 items-center gap-4 rounded-2xl px-1 py-2 transition-colors hover:bg-surface-2">
      <span className="flex size-11 shrink-0 items-center justify-center rounded-2xl bg-brand-soft text-brand-fg" aria-hidden="true">
        {icon}
      </span>
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="font-semibold">{title}</span>
        <span className="truncate text-sm text-muted" aria-hidden="true">
          {text}
        </span>
      </span>
      <ChevronRight className="size-5 text-subtle" aria-hidden="true" />
    </Link>
  );
}

export default function HomePage() {
  const profile = useProfile();
  const user = profile.data;
  const [hidden, setHidden] = useState(true);
  const [soon, setSoon] = useState<string | null>(null);

  return (
    <div className="pt-[env(safe-area-inset-top)]">
      <header className="flex min-h-20 items-center gap-3 py-4">
        <Link to="/account" aria-label="Account" className="rounded-full">
          {user ? <Avatar src={user.avatar} firstName={user.firstName} lastName={user.lastName} /> : <Skeleton className="size-12 rounded-full" />}
        </Link>
        <div className="min-w-0 flex-1">
          {profile.isPending ? (
            <>
              <Skeleton className="mb-1.5 h-4 w-24" />
              <Skeleton className="h-6 w-44" />
            </>
          ) : user ? (
            <>
              <h1 className="flex flex-col">
                <span className="text-sm font-normal text-muted">{greetingFor()},</span>{' '}
                <span className="truncate text-xl font-bold tracking-tight">
                  {user.firstName}
                </span>
              </h1>
            </>
          ) : (
            <h1 className="text-xl font-bold tracking-tight">Welcome to Owo</h1>
          )}
        </div>
      </header>

      {profile.isError ? <QueryError error={profile.error} onRetry={() => void profile.refetch()} /> : null}

      <section aria-labelledby="wallet-title" className="relative overflow-hidden rounded-[28px] bg-brand-600 p-6 text-white shadow-lg shadow-brand-900/20 dark:bg-brand-800">
        <div className="pointer-events-none absolute -top-16 -right-12 size-48 rounded-full bg-white/10" aria-hidden="true" />
        <div className="pointer-events-none absolute -bottom-20 -left-10 size-40 rounded-full bg-accent-400/20" aria-hidden="true" />
        <div className="relative flex items-center justify-between">
          <h2 id="wallet-title" className="text-sm font-medium text-white/80">
            Wallet balance
          </h2>
          <button
            type="button"
            onClick={() => setHidden((h) => !h)}
            aria-pressed={!hidden}
            aria-label={hidden ? 'Show balance' : 'Hide balance'}
            className="-m-2 flex size-11 items-center justify-center rounded-full text-white/80 hover:bg-white/10"
          >
            {hidden ? <Eye className="size-5" aria-hidden="true" /> : <EyeOff className="size-5" aria-hidden="true" />}
          </button>
        </div>
        <MoneyText kobo={0} hidden={hidden} className="relative mt-1 block text-[34px] leading-tight font-bold tracking-tight" />
        <p className="relative mt-3 inline-flex items-center gap-1.5 rounded-full bg-white/15 px-3 py-1.5 text-sm font-medium">
          <Sparkles className="size-4 text-accent-300" aria-hidden="true" />
          Balances arrive soon
        </p>
      </section>

      <ul className="mt-6 grid grid-cols-4 gap-2">
        {ACTIONS.map(({ label, icon: Icon }) => (
          <li key={label}>
            <button
              type="button"
              onClick={() => setSoon(label)}
              className="flex w-full flex-col items-center gap-2 rounded-2xl py-2 text-xs font-semibold text-fg transition-colors hover:bg-surface-2"
            >
              <span className="flex size-14 items-center justify-center rounded-2xl bg-surface text-brand-fg shadow-sm ring-1 ring-line" aria-hidden="true">
                <Icon className="size-6" />
              </span>
              {label}
            </button>
          </li>
        ))}
      </ul>

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

      <section aria-labelledby="shortcuts-title" className="mt-6">
        <h2 id="shortcuts-title" className="mb-2 px-1 text-xs font-semibold tracking-[0.14em] text-subtle uppercase">
          Your profile &amp; security
        </h2>
        <Card padded={false} className="flex flex-col gap-1 p-3">
          <QuickLink to="/account/profile" icon={<UserRound className="size-5" />} title="Edit profile" text="Photo, nickname and bio" />
          <QuickLink to="/account/pin" icon={<ShieldCheck className="size-5" />} title="Transaction PIN" text={user?.hasPin ? 'Change your PIN' : 'Set your PIN'} />
          <QuickLink to="/account/password" icon={<KeyRound className="size-5" />} title="Change password" text="Keep your account safe" />
        </Card>
      </section>

      <Sheet open={soon !== null} onClose={() => setSoon(null)} title={`${soon ?? ''} is on its way`}>
        <p className="text-[15px] leading-relaxed text-muted">
          Your wallet is being set up. Soon you&apos;ll be able to add money, send transfers, buy airtime and pay bills right from here.
        </p>
        <Button block size="lg" className="mt-6" onClick={() => setSoon(null)}>
          Got it
        </Button>
      </Sheet>
    </div>
  );
}
