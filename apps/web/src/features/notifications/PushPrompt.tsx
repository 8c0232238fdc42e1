import { BellRing } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../ui/Button';
import { enablePush } from './push';
import { pushSupported, rememberOffered, shouldOfferPush } from './push-offer';
import { useSummary } from './summary-query';

/**
 * Offers lock-screen notifications at a moment that makes sense: once the person has received money
 * or a message (never at first launch), or on the notification centre (`always`). A tap asks the
 * browser; "Not now" is remembered on this device.
 */
export function PushPrompt({ always = false }: { always?: boolean }) {
  const summary = useSummary();
  const [hidden, setHidden] = useState(false);
  const [busy, setBusy] = useState(false);
  const counts = summary.data?.byKind;
  const earned = always || (counts ? counts.money + counts.message > 0 : false);
  if (hidden || !earned || !pushSupported() || !shouldOfferPush()) return null;

  const turnOn = async () => {
    setBusy(true);
    try {
      const on = await enablePush();
      toast[on ? 'success' : 'message'](
        on ? 'Notifications are on for this phone' : 'Notifications stay off. You can turn them on in your browser’s settings.',
      );
    } catch {
      toast.error('We couldn’t turn on notifications. Please try again.');
    } finally {
      setBusy(false);
      setHidden(true);
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
        <div className="flex gap-2">
          <Button size="sm" loading={busy} onClick={() => void turnOn()}>
            Turn on
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
