import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationKind } from '@owo/contracts';
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

export { useSaveSettings, useSettings } from './settings-queries';
