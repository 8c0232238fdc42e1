import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type NoticePage, noticesApi } from '../../api/notices';
import { usePagedList } from '../../lib/use-paged-list';

export const noticeKeys = {
  all: ['notices'] as const,
  list: ['notices', 'list'] as const,
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

export function useNotices() {
  return usePagedList(noticeKeys.list, (page, signal) => noticesApi.list(page, signal));
}

/** Marks notices read (these, or all); the bell takes the server's count at once. */
export function useReadNotices() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (ids?: string[]) => noticesApi.read(ids),
    onSuccess: (unread, ids) => {
      qc.setQueryData(noticeKeys.unread, unread);
      qc.setQueryData<{ pages: NoticePage[]; pageParams: unknown[] }>(noticeKeys.list, (d) =>
        d
          ? {
              ...d,
              pages: d.pages.map((p) => ({ ...p, items: p.items.map((n) => (!ids || ids.includes(n.id) ? { ...n, read: true } : n)) })),
            }
          : d,
      );
    },
  });
}
