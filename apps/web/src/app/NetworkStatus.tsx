import { useEffect } from 'react';
import { toast } from '../lib/toast';

export const OFFLINE_MESSAGE = 'No network connection';

/** Spec: on start, and whenever the device goes offline, toast 'No network connection'. */
export function NetworkStatus() {
  useEffect(() => {
    const offline = () => toast.error(OFFLINE_MESSAGE, { id: 'network' });
    const online = () => {
      toast.dismiss('network');
      toast.success('You are back online', { id: 'network-back' });
    };
    // Defer one tick so the Toaster has subscribed before the first toast.
    const t = setTimeout(() => {
      if (!navigator.onLine) offline();
    }, 0);
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    return () => {
      clearTimeout(t);
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
    };
  }, []);
  return null;
}
