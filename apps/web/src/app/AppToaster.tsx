import { Toaster } from 'sonner';

export const TOAST_DURATION = 5000;

/** Spec: 5000 ms by default; each toast between 300 and 560 px wide. */
export function AppToaster() {
  return (
    <Toaster
      position="top-center"
      duration={TOAST_DURATION}
      richColors
      theme="system"
      offset={16}
      mobileOffset={12}
      toastOptions={{
        style: { minWidth: '300px', maxWidth: '560px', borderRadius: '16px', fontSize: '15px' },
      }}
    />
  );
}
