import { useQuery } from '@tanstack/react-query';
import type { NotificationKind } from '@owo/contracts';
import { notificationsApi } from './api';

// The centre's query keys and its unread counts, apart from the lists so Home's offer loads little.

export const centreKeys = {
  all: ['notification-centre'] as const,
  list: (kind: NotificationKind | 'all') => ['notification-centre', 'list', kind] as const,
  summary: ['notification-centre', 'summary'] as const,
  settings: ['notification-centre', 'settings'] as const,
};

/** Unread counts by kind, asked again every minute and when the app comes back to the front. */
export function useSummary() {
  return useQuery({ queryKey: centreKeys.summary, queryFn: ({ signal }) => notificationsApi.summary(signal), refetchInterval: 60_000 });
}
