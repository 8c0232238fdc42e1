import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type NoticePage, noticesApi } from '../../api/notices';

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
  const q = useInfiniteQuery({
    queryKey: noticeKeys.list,
    queryFn: ({ pageParam, signal }) => noticesApi.list(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last: NoticePage) => last.next ?? undefined,
  });
  return { ...q, items: q.data?.pages.flatMap((p) => p.items) ?? [] };
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
