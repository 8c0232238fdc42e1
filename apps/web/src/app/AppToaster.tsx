import { Toaster } from 'sonner';
import { useOverlayState } from '../ui/overlay-state';

export const TOAST_DURATION = 5000;

/** The fixed bottom navigation's height (min-h-16) plus a gap; the safe area is added on top. */
const ABOVE_NAV = 'calc(64px + 12px + env(safe-area-inset-bottom))';
const ABOVE_EDGE = 'calc(16px + env(safe-area-inset-bottom))';

/**
 * Spec: 5000 ms by default; each toast between 300 and 560 px wide.
 * Toasts never cover what the person needs: at the bottom, above the bottom navigation (or the
 * screen edge on the auth screens, which have none), clear of every page header. While a sheet is
 * open (its actions are at the bottom) they move to the top, over the dimmed page the sheet leaves
 * uncovered. At most two show at once.
 */
export function AppToaster() {
  const { sheetOpen, bottomNav } = useOverlayState();
  const bottom = bottomNav ? ABOVE_NAV : ABOVE_EDGE;
  const top = 'calc(12px + env(safe-area-inset-top))';
  return (
    <Toaster
      position={sheetOpen ? 'top-center' : 'bottom-center'}
      duration={TOAST_DURATION}
      visibleToasts={2}
      richColors
      theme="system"
      offset={{ top, bottom, left: 16, right: 16 }}
      mobileOffset={{ top, bottom, left: 12, right: 12 }}
      toastOptions={{
        style: { minWidth: '300px', maxWidth: '560px', borderRadius: '16px', fontSize: '15px' },
        // A toast's action (Open, View cart) in the app's green, a pill like its buttons.
        actionButtonStyle: {
          background: 'var(--color-brand-600)',
          color: '#fff',
          borderRadius: '999px',
          fontWeight: 600,
          padding: '0 14px',
          height: '32px',
        },
      }}
    />
  );
}
