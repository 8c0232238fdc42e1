import { useId, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { ChevronRight, FileText, Gauge, KeyRound, LogOut, ShieldCheck, Smartphone, UserRound } from 'lucide-react';
import { toast } from '../../lib/toast';
import { formatLagosDate } from '@owo/contracts/format';
import { formatPhone } from '../../lib/phone';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { PageHeader } from '../../ui/PageHeader';
import { Skeleton } from '../../ui/Spinner';
import { useAuth } from './auth-store';
import { QueryError } from '../../ui/QueryError';
import { useProfile } from './use-profile';

function MenuLink({ to, icon, title, subtitle }: { to: string; icon: ReactNode; title: string; subtitle: string }) {
  const id = useId();
  return (
    <li>
      <Link
        to={to}
        aria-labelledby={`${id}-t`}
        aria-describedby={`${id}-s`}
        className="flex min-h-16 items-center gap-4 px-4 py-3 transition-colors hover:bg-surface-2"
      >
        <span className="flex size-11 shrink-0 items-center justify-center rounded-2xl bg-brand-soft text-brand-fg" aria-hidden="true">
          {icon}
        </span>
        <span className="flex min-w-0 flex-1 flex-col">
          <span id={`${id}-t`} className="font-semibold text-fg">
            {title}
          </span>
          <span id={`${id}-s`} className="truncate text-sm text-muted">
            {subtitle}
          </span>
        </span>
        <ChevronRight className="size-5 text-subtle" aria-hidden="true" />
      </Link>
    </li>
  );
}

export default function AccountMenuPage() {
  const profile = useProfile();
  const logout = useAuth((s) => s.logout);
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  const user = profile.data;

  const onLogout = async () => {
    setLeaving(true);
    await logout();
    toast.success('You have been logged out');
    await navigate('/login', { replace: true });
  };

  return (
    <>
      <PageHeader title="Account" back="/" backLabel="Back to dashboard" />
      <Card className="mb-6 flex items-center gap-4">
        {profile.isPending && profile.fetchStatus !== 'paused' ? (
          <>
            <Skeleton className="size-16 rounded-full" />
            <span className="flex flex-1 flex-col gap-2">
              <Skeleton className="h-5 w-40" />
              <Skeleton className="h-4 w-32" />
            </span>
          </>
        ) : user ? (
          <>
            <Avatar src={user.avatar} firstName={user.firstName} lastName={user.lastName} size="lg" />
            <div className="min-w-0 flex-1">
              <p className="truncate text-lg font-bold tracking-tight">
                {user.firstName} {user.lastName}
              </p>
              {user.nickName ? <p className="truncate text-sm text-brand-fg">@{user.nickName}</p> : null}
              <p className="truncate text-sm text-muted">{formatPhone(user.phoneNumber)}</p>
              <p className="truncate text-sm text-muted">{user.email}</p>
            </div>
          </>
        ) : (
          <QueryError error={profile.error} onRetry={() => void profile.refetch()} />
        )}
      </Card>

      <h2 className="mb-2 px-1 text-xs font-semibold tracking-[0.14em] text-subtle uppercase">Settings</h2>
      <Card padded={false} className="mb-6 overflow-hidden">
        <ul className="divide-y divide-line">
          <MenuLink to="/account/profile" icon={<UserRound className="size-5" />} title="Edit profile" subtitle="Name, photo and bio" />
          <MenuLink
            to="/account/pin"
            icon={<ShieldCheck className="size-5" />}
            title="Transaction PIN"
            subtitle={user ? (user.hasPin ? 'Change your 4-digit PIN' : 'Not set yet') : 'Approves your payments'}
          />
          <MenuLink
            to="/account/password"
            icon={<KeyRound className="size-5" />}
            title="Change password"
            subtitle="Keep your account secure"
          />
          <MenuLink
            to="/account/devices"
            icon={<Smartphone className="size-5" />}
            title="Devices"
            subtitle="Where you are logged in; sign one out"
          />
        </ul>
      </Card>

      <h2 className="mb-2 px-1 text-xs font-semibold tracking-[0.14em] text-subtle uppercase">Wallet</h2>
      <Card padded={false} className="mb-6 overflow-hidden">
        <ul className="divide-y divide-line">
          <MenuLink
            to="/account/limits"
            icon={<Gauge className="size-5" />}
            title="Limits and verification"
            subtitle="Your tier, BVN and NIN, what you can send"
          />
          <MenuLink
            to="/statement"
            icon={<FileText className="size-5" />}
            title="Statement"
            subtitle="Email yourself an account statement"
          />
        </ul>
      </Card>

      <Button
        variant="danger"
        block
        size="lg"
        loading={leaving}
        icon={<LogOut className="size-5" aria-hidden="true" />}
        onClick={() => void onLogout()}
      >
        Log out
      </Button>
      {user ? <p className="mt-6 text-center text-xs text-subtle">Member since {formatLagosDate(user.createdAt, 'monthYear')}</p> : null}
    </>
  );
}
