import { NOTIFICATION_KIND_LABELS, NOTIFICATION_KINDS, type NotificationKind, type NotificationSettings } from '@owo/contracts';
import { Checkbox } from '../../ui/Checkbox';
import { InlineError } from '../../ui/InlineError';
import { PageHeader } from '../../ui/PageHeader';
import { Skeleton } from '../../ui/Spinner';
import { PushSettingsRow } from './PushSettingsRow';
import { useSaveSettings, useSettings } from './settings-queries';

const toTime = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
const toMinutes = (t: string) => {
  const [h, m] = t.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};

/** What each kind tells, under its switch. */
const KIND_HINTS: Record<NotificationKind, string> = {
  money: 'Money sent to you, with the amount and who sent it.',
  returned: 'A payment or transfer of yours that failed, and the money back in your wallet.',
  token: 'Your electricity token as soon as it is ready.',
  message: 'One notification per chat, replaced by its newest message. Muted groups stay silent.',
  call: 'Your phone rings, with Answer and Decline.',
  missedCall: 'A call you did not pick up.',
  order: 'Each step of the orders you placed or sell.',
  request: 'People asking to join, and posts waiting for approval, in communities you run.',
  social: 'Mentions of you, and comments on your posts (one notification per post).',
  loan: 'The day before a loan repayment is due.',
  saving: 'An automatic saving your wallet could not pay.',
};

/** Which notifications reach the lock screen: each kind on or off, the message text, quiet hours (Lagos time). */
export default function NotificationSettingsPage() {
  const settings = useSettings();
  const save = useSaveSettings();
  const s = settings.data;
  const change = (c: Partial<NotificationSettings>) => save.mutate(c);

  return (
    <div>
      <PageHeader title="Notification settings" back="/notifications" backLabel="Back to notifications" />
      <PushSettingsRow />
      {settings.isPending ? (
        <div aria-busy="true" aria-label="Loading settings" className="flex flex-col gap-3">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-6 w-3/4" />
          ))}
        </div>
      ) : settings.isError || !s ? (
        <InlineError error={settings.error} fallback="We couldn't load your settings." onRetry={() => void settings.refetch()} />
      ) : (
        <div className="flex flex-col gap-6">
          {save.isError ? (
            <p role="alert" className="text-sm font-medium text-danger-fg">
              We couldn't save that change. Please try again.
            </p>
          ) : null}
          <fieldset className="flex flex-col gap-4">
            <legend className="mb-3 text-sm font-semibold text-muted">Tell me about</legend>
            {NOTIFICATION_KINDS.map((k) => (
              <Checkbox
                key={k}
                label={NOTIFICATION_KIND_LABELS[k]}
                hint={KIND_HINTS[k]}
                checked={s.kinds[k]}
                onChange={(e) => change({ kinds: { ...s.kinds, [k]: e.target.checked } })}
              />
            ))}
          </fieldset>
          <Checkbox
            label="Hide message text"
            hint="The lock screen says “New message” instead of what was written."
            checked={s.hideMessageText}
            onChange={(e) => change({ hideMessageText: e.target.checked })}
          />
          <fieldset className="flex flex-col gap-4">
            <legend className="mb-3 text-sm font-semibold text-muted">Quiet hours (Lagos time)</legend>
            <Checkbox
              label="Quiet hours"
              hint="No sound or lock-screen notifications in these hours; they still wait in Notifications."
              checked={s.quietHours !== null}
              onChange={(e) => change({ quietHours: e.target.checked ? { start: 22 * 60, end: 7 * 60 } : null })}
            />
            {s.quietHours ? (
              <div className="flex gap-4">
                <label className="flex flex-col gap-1 text-sm font-medium">
                  From
                  <input
                    type="time"
                    className="min-h-11 rounded-lg border border-line bg-surface px-3"
                    value={toTime(s.quietHours.start)}
                    onChange={(e) => change({ quietHours: { start: toMinutes(e.target.value), end: s.quietHours!.end } })}
                  />
                </label>
                <label className="flex flex-col gap-1 text-sm font-medium">
                  Until
                  <input
                    type="time"
                    className="min-h-11 rounded-lg border border-line bg-surface px-3"
                    value={toTime(s.quietHours.end)}
                    onChange={(e) => change({ quietHours: { start: s.quietHours!.start, end: toMinutes(e.target.value) } })}
                  />
                </label>
              </div>
            ) : null}
            <Checkbox
              label="Calls still ring in quiet hours"
              hint="Missed calls wait until the morning."
              checked={s.quietAllowsCalls}
              onChange={(e) => change({ quietAllowsCalls: e.target.checked })}
            />
            <Checkbox
              label="Money received still shows in quiet hours"
              checked={s.quietAllowsMoney}
              onChange={(e) => change({ quietAllowsMoney: e.target.checked })}
            />
          </fieldset>
        </div>
      )}
    </div>
  );
}
