import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { Flag, MoreHorizontal } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../api/client';
import { connectApi, type PageCursor, type PostComment } from '../../api/connect';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import { InlineError } from '../../ui/InlineError';
import { LoadMore } from '../../ui/LoadMore';
import { MenuItem } from '../../ui/MenuItem';
import { Sheet } from '../../ui/Sheet';
import { CardListSkeleton } from '../../ui/Spinner';
import { useAuth } from '../account';
import { ReportDialog } from './dialogs';
import { fullName, profilePath, timeAgo } from './format';
import { connectKeys, patchPost } from './queries';

/**
 * One comment. On someone else's comment a button (a tap, not a hover) opens its options, which
 * report it through the same dialog as a post.
 */
function CommentItem({ comment, mine }: { comment: PostComment; mine: boolean }) {
  const [open, setOpen] = useState<null | 'menu' | 'report'>(null);
  const name = fullName(comment.postedBy);
  const close = () => setOpen(null);
  return (
    <li className="flex gap-3">
      <Avatar src={comment.postedBy.avatar} firstName={comment.postedBy.firstName} lastName={comment.postedBy.lastName} size="sm" />
      <div className="min-w-0 flex-1 rounded-2xl bg-surface px-3 py-2">
        <div className="flex items-start gap-1">
          <p className="min-w-0 flex-1 text-sm">
            <Link to={profilePath(comment.postedBy._id)} className="font-semibold hover:underline">
              {name}
            </Link>{' '}
            <span className="text-xs text-muted">{timeAgo(comment.createdAt)}</span>
          </p>
          {mine ? null : (
            <button
              type="button"
              aria-label={`More actions for comment by ${name}`}
              onClick={() => setOpen('menu')}
              className="-my-3 -mr-2 flex size-11 shrink-0 items-center justify-center rounded-full text-muted hover:bg-surface-2"
            >
              <MoreHorizontal className="size-5" aria-hidden="true" />
            </button>
          )}
        </div>
        <p className="text-[15px] break-words whitespace-pre-wrap">{comment.text}</p>
      </div>
      {mine ? null : (
        <>
          <Sheet open={open === 'menu'} onClose={close} title="Comment options">
            <MenuItem icon={<Flag className="size-5" aria-hidden="true" />} onClick={() => setOpen('report')} danger>
              Report comment
            </MenuItem>
          </Sheet>
          {open === 'report' ? (
            <ReportDialog target={{ kind: 'comment', id: comment._id, author: comment.postedBy }} open onClose={close} />
          ) : null}
        </>
      )}
    </li>
  );
}

/** A post's comments, a page at a time, and the box to add one. */
export function Comments({ postId }: { postId: string }) {
  const qc = useQueryClient();
  const me = useAuth((s) => s.userId);
  const comments = useInfiniteQuery({
    queryKey: connectKeys.comments(postId),
    initialPageParam: { page: 0 } as PageCursor,
    queryFn: async ({ pageParam, signal }) => {
      const res = await connectApi.comments(postId, pageParam, signal);
      return { items: res.data, next: (res.pagination as { next: PageCursor | null } | undefined)?.next ?? null };
    },
    getNextPageParam: (last) => last.next ?? undefined,
  });
  const [text, setText] = useState('');
  const add = useMutation({
    mutationFn: () => connectApi.comment(postId, text),
    onSuccess: (res) => {
      setText('');
      const { commentCount, ...comment } = res.data;
      patchPost(qc, postId, (p) => ({ ...p, commentCount, comments: [...p.comments, comment].slice(-3) }));
      return qc.invalidateQueries({ queryKey: connectKeys.comments(postId) });
    },
  });
  const all: PostComment[] = comments.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <section id="comments" aria-labelledby="comments-title" className="mt-4">
      <h2 id="comments-title" className="mb-2 text-base font-bold">
        Comments
      </h2>
      <form
        className="mb-4 flex items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          if (text.trim()) add.mutate();
        }}
      >
        <label className="flex-1">
          <span className="sr-only">Write a comment</span>
          <input
            value={text}
            maxLength={500}
            onChange={(e) => setText(e.target.value)}
            placeholder="Write a comment…"
            className="min-h-12 w-full rounded-full border border-line bg-surface px-4 text-[15px] outline-none focus:border-brand-600"
          />
        </label>
        <Button type="submit" size="sm" loading={add.isPending} disabled={!text.trim()}>
          Send
        </Button>
      </form>
      {add.isError ? (
        <p role="alert" className="-mt-2 mb-3 text-sm text-danger-fg">
          {errorMessage(add.error, "We couldn't add your comment.")}
        </p>
      ) : null}
      {comments.isPending ? (
        <CardListSkeleton label="Loading comments" />
      ) : comments.isError ? (
        <InlineError error={comments.error} onRetry={() => void comments.refetch()} fallback="We couldn't load the comments." />
      ) : all.length === 0 ? (
        <p className="py-4 text-center text-sm text-muted">No comments yet. Start the conversation.</p>
      ) : (
        <ul aria-label="Comments" className="flex flex-col gap-3">
          {all.map((c) => (
            <CommentItem key={c._id} comment={c} mine={c.postedBy._id === me} />
          ))}
        </ul>
      )}
      <LoadMore pages={comments} />
    </section>
  );
}
