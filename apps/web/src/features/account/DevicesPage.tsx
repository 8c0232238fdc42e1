import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Smartphone } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../lib/toast';
import type { Device } from '@owo/contracts';
import { formatLagosDate } from '@owo/contracts/format';
import { errorMessage } from '../../api/client';
import { userApi } from '../../api/user';
import { usePagedList } from '../../lib/use-paged-list';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { EmptyState } from '../../ui/EmptyState';
import { LoadMore } from '../../ui/LoadMore';
import { PageHeader } from '../../ui/PageHeader';
import { QueryError } from '../../ui/QueryError';
import { Skeleton } from '../../ui/Spinner';

const KEY = ['devices'] as const;
const FAILED = 'We couldn’t sign that device out. Try again.';

function DeviceRow({ device }: { device: Device }) {
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const signOut = useMutation({
    mutationFn: () => userApi.signOutDevice(device.id),
    onSuccess: async () => {
      toast.success(`${device.label} is signed out`);
      await queryClient.invalidateQueries({ queryKey: KEY });
    },
    onError: (err) => toast.error(errorMessage(err, FAILED)),
  });
  return (
    <li className="flex flex-col gap-3 px-4 py-3">
      <div className="flex items-center gap-3">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-2xl bg-brand-soft text-brand-fg" aria-hidden="true">
          <Smartphone className="size-5" />
        </span>
        <span className="min-w-0 flex-1">
          <span className="flex items-center gap-2">
            <span className="truncate font-semibold">{device.label}</span>
            {device.current ? <Badge tone="brand">This device</Badge> : null}
          </span>
          <span className="block text-sm text-muted">
            Last active {formatLagosDate(device.lastSeenAt, 'recentTime')} · since {formatLagosDate(device.firstSeenAt, 'date')}
          </span>
        </span>
        {device.current || asking ? null : (
          <Button size="sm" variant="outline" aria-label={`Sign out ${device.label}`} onClick={() => setAsking(true)}>
            Sign out
          </Button>
        )}
      </div>
      {asking ? (
        <div className="flex flex-col gap-2 rounded-2xl bg-surface-2 p-3" role="group" aria-label={`Sign out ${device.label}?`}>
          <p className="text-sm">It will be logged out at once, and will need a code texted to your phone to log in again.</p>
          <div className="flex gap-2">
            <Button
              size="sm"
              variant="danger"
              aria-label={`Sign out ${device.label}`}
              loading={signOut.isPending}
              onClick={() => signOut.mutate()}
            >
              Sign it out
            </Button>
            <Button size="sm" variant="ghost" className="whitespace-nowrap" disabled={signOut.isPending} onClick={() => setAsking(false)}>
              Keep it
            </Button>
          </div>
        </div>
      ) : null}
    </li>
  );
}

/** The devices logged in to my account, each but this one with Sign out (docs/kyc.md, "New devices"). */
export default function DevicesPage() {
  const list = usePagedList(KEY, async (page) => {
    const res = await userApi.devices(page);
    return { items: res.data, next: res.pagination?.next?.page ?? null, total: res.pagination?.total };
  });
  return (
    <>
      <PageHeader title="Devices" back="/account" backLabel="Back to account" />
      <p className="mb-4 text-[15px] leading-relaxed text-muted">
        Phones and browsers logged in to your account. A device you don’t know? Sign it out, then change your password.
      </p>
      {list.isPending ? (
        <Card padded={false} role="status" aria-label="Loading your devices" className="overflow-hidden">
          {[0, 1].map((i) => (
            <div key={i} className="flex items-center gap-3 px-4 py-3">
              <Skeleton className="size-11 rounded-2xl" />
              <Skeleton className="h-4 flex-1" />
            </div>
          ))}
        </Card>
      ) : list.isError && !list.data ? (
        <QueryError error={list.error} onRetry={() => void list.refetch()} title="We couldn't load your devices" />
      ) : list.items.length === 0 ? (
        <EmptyState icon={<Smartphone className="size-9" strokeWidth={1.8} />} title="No devices yet">
          Devices appear here when you log in on them.
        </EmptyState>
      ) : (
        <>
          <Card padded={false} className="overflow-hidden">
            <ul aria-label="Your devices" className="divide-y divide-line">
              {list.items.map((d) => (
                <DeviceRow key={d.id} device={d} />
              ))}
            </ul>
          </Card>
          <LoadMore pages={list} />
        </>
      )}
    </>
  );
}
