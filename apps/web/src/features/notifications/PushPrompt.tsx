import { BellRing } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../lib/toast';
import { Button } from '../../ui/Button';
import { PUSH_FAILED, PushError, pushSupported, rememberOffered, shouldOfferPush } from './push-offer';
import { useSummary } from './summary-query';

/**
 * Offers lock-screen notifications at a moment that makes sense: once the person has received money
 * or a message (never at first launch), or on the notification centre (`always`). A tap asks the
 * browser; when turning them on fails (no push service, no answer) the offer stays, says so and
 * offers Retry. "Not now", and the browser's answer, are remembered on this device.
 */
export function PushPrompt({ always = false }: { always?: boolean }) {
  const summary = useSummary();
  const [hidden, setHidden] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const counts = summary.data?.byKind;
  const earned = always || (counts ? counts.money + counts.message > 0 : false);
  // Once failed, the offer stays up for Retry (the device is not remembered as offered).
  if (hidden || (!failure && (!earned || !pushSupported() || !shouldOfferPush()))) return null;

  const turnOn = async () => {
    setBusy(true);
    setFailure(null);
    try {
      // The subscribing code is fetched on the tap: Home's first load carries only the offer.
      const { enablePush } = await import('./push');
      const state = await enablePush();
      if (state === 'on') toast.success('Notifications are on for this phone');
      else toast.message('Notifications stay off. You can turn them on in your browser’s settings.');
      setHidden(true);
    } catch (err) {
      setFailure(err instanceof PushError ? err.message : PUSH_FAILED);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-label="Lock screen notifications" className="mb-4 flex gap-3 rounded-2xl border border-line bg-surface p-4">
      <BellRing aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-brand-600" />
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        <p className="text-[15px]">
          <span className="block font-semibold">Know the moment money arrives</span>
          <span className="text-sm text-muted">Get money, messages, calls and orders on your lock screen, even when Owo is closed.</span>
        </p>
        {/* Plain text, not FormAlert: this offer loads with Home, whose first load has a budget. */}
        {failure ? (
          <p role="alert" className="rounded-xl bg-danger-soft px-3 py-2 text-sm font-medium text-danger-fg">
            {failure}
          </p>
        ) : null}
        <div className="flex gap-2">
          <Button size="sm" loading={busy} onClick={() => void turnOn()}>
            {failure ? 'Retry' : 'Turn on'}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            onClick={() => {
              rememberOffered();
              setHidden(true);
            }}
          >
            Not now
          </Button>
        </div>
      </div>
    </section>
  );
}

export default PushPrompt;
