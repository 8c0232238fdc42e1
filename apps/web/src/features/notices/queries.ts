import { useQuery } from '@tanstack/react-query';
import { noticesApi } from '../../api/notices';

// The bell on Home: how many notices are unread. The list itself is the notification centre
// (features/notifications), which invalidates `['notices']` when it marks them read.

export const noticeKeys = {
  all: ['notices'] as const,
  unread: ['notices', 'unread'] as const,
};

/**
 * How many notices are unread: asked again every minute while the app is open and whenever it
 * comes back to the front, so a change to an order shows on the bell without a reload.
 */
export function useUnreadNotices() {
  return useQuery({
    queryKey: noticeKeys.unread,
    queryFn: ({ signal }) => noticesApi.unread(signal),
    refetchInterval: 60_000,
    staleTime: 15_000,
  });
}
