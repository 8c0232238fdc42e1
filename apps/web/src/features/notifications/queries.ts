import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationKind, NotificationSettings } from '@owo/contracts';
import { usePagedList } from '../../lib/use-paged-list';
import { notificationsApi } from './api';
import { centreKeys } from './summary-query';

export { centreKeys, useSummary } from './summary-query';

export function useCentre(kind: NotificationKind | 'all') {
  return usePagedList(centreKeys.list(kind), (page, signal) => notificationsApi.list(kind, page, signal), { keepPrevious: true });
}

/** Marks notifications read (these, or all); the lists and counts are asked again (the bell on Home too). */
export function useMarkRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (ids?: string[]) => notificationsApi.read(ids),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: centreKeys.all });
      void qc.invalidateQueries({ queryKey: ['notices'] });
    },
  });
}

export function useSettings() {
  return useQuery({ queryKey: centreKeys.settings, queryFn: ({ signal }) => notificationsApi.settings(signal) });
}

export function useSaveSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (change: Partial<NotificationSettings>) => notificationsApi.saveSettings(change),
    onSuccess: (s) => qc.setQueryData(centreKeys.settings, s),
  });
}
