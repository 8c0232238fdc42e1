import { lazy, Suspense } from 'react';
import { shouldOfferPush } from './push-offer';

const PushPrompt = lazy(() => import('./PushPrompt'));

/**
 * Home's place for the lock-screen offer. The offer's code is fetched only on a device that may
 * still be offered it (supported, not refused, not yet offered), so Home's first load stays small.
 */
export function PushPromptSlot() {
  if (!shouldOfferPush()) return null;
  return (
    <Suspense fallback={null}>
      <PushPrompt />
    </Suspense>
  );
}
