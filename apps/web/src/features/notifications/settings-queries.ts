import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationSettings } from '@owo/contracts';
import { call } from '../../api/client';

// The settings' query, apart from the centre's (summary-query.ts) so the settings page does not
// share the unread counts' chunk with Home's offer (which keeps that chunk one file on Home).

/** The same key as `centreKeys.settings`: marking the centre read leaves it, a change replaces it. */
export const settingsKey = ['notification-centre', 'settings'] as const;

export function useSettings() {
  return useQuery({
    queryKey: settingsKey,
    queryFn: async ({ signal }) => (await call('GET /api/notifications/settings', { signal })).data,
  });
}

export function useSaveSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (change: Partial<NotificationSettings>) => (await call('PUT /api/notifications/settings', { body: change })).data,
    onSuccess: (s) => qc.setQueryData(settingsKey, s),
  });
}
