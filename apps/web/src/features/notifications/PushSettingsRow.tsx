import { Bell, BellOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from '../../lib/toast';
import { Button } from '../../ui/Button';
import { FormAlert } from '../../ui/FormAlert';
import { disablePush, enablePush, PUSH_FAILED, PushError, pushState, type PushState } from './push';

const STATE_TEXT: Record<PushState, string> = {
  on: 'On for this phone',
  off: 'Off for this phone',
  blocked: 'Blocked in your browser’s settings. Allow notifications for Owo there, then come back.',
  unsupported: 'This browser can’t show notifications on the lock screen.',
};

/**
 * The settings' lock-screen row: whether this phone shows notifications when Owo is closed, and the
 * way to turn them on (again, after a failure: Retry) or off.
 */
export function PushSettingsRow() {
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    void pushState().then((s) => live && setState(s));
    return () => {
      live = false;
    };
  }, []);

  const turnOn = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const next = await enablePush();
      setState(next);
      if (next === 'on') toast.success('Notifications are on for this phone');
    } catch (err) {
      setFailure(err instanceof PushError ? err.message : PUSH_FAILED);
    } finally {
      setBusy(false);
    }
  };
  const turnOff = async () => {
    setBusy(true);
    setFailure(null);
    try {
      setState(await disablePush());
      toast.success('Notifications are off for this phone');
    } catch {
      setFailure('We couldn’t turn notifications off. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  const on = state === 'on';
  const Icon = on ? Bell : BellOff;
  return (
    <section aria-labelledby="push-row-title" className="mb-6 flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4">
      <div className="flex items-start gap-3">
        <Icon aria-hidden="true" className={`mt-0.5 size-6 shrink-0 ${on ? 'text-brand-600' : 'text-muted'}`} />
        <div className="min-w-0 flex-1">
          <h2 id="push-row-title" className="text-[15px] font-semibold">
            Lock-screen notifications
          </h2>
          <p className="text-sm text-muted" aria-live="polite">
            {state === null ? 'Checking this phone…' : STATE_TEXT[state]}
          </p>
        </div>
        {state === 'on' ? (
          <Button size="sm" variant="outline" loading={busy} onClick={() => void turnOff()}>
            Turn off
          </Button>
        ) : state === 'off' ? (
          <Button size="sm" loading={busy} onClick={() => void turnOn()}>
            {failure ? 'Retry' : 'Turn on'}
          </Button>
        ) : null}
      </div>
      <FormAlert message={failure} />
    </section>
  );
}
