import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { FileX } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { errorMessage } from '../../api/client';
import { connectApi, type PageCursor, type PostComment } from '../../api/connect';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { InlineError } from '../../ui/InlineError';
import { LoadMore } from '../../ui/LoadMore';
import { PageHeader } from '../../ui/PageHeader';
import { CardListSkeleton } from '../../ui/Spinner';
import { fullName, profilePath, timeAgo } from './format';
import { PostCard } from './PostCard';
import { PostSkeletons } from './PostList';
import { connectKeys, patchPost, usePost } from './queries';

function Comments({ postId }: { postId: string }) {
  const qc = useQueryClient();
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
        <ul className="flex flex-col gap-3">
          {all.map((c) => (
            <li key={c._id} className="flex gap-3">
              <Avatar src={c.postedBy.avatar} firstName={c.postedBy.firstName} lastName={c.postedBy.lastName} size="sm" />
              <div className="min-w-0 flex-1 rounded-2xl bg-surface px-3 py-2">
                <p className="text-sm">
                  <Link to={profilePath(c.postedBy._id)} className="font-semibold hover:underline">
                    {fullName(c.postedBy)}
                  </Link>{' '}
                  <span className="text-xs text-muted">{timeAgo(c.createdAt)}</span>
                </p>
                <p className="text-[15px] break-words whitespace-pre-wrap">{c.text}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
      <LoadMore pages={comments} />
    </section>
  );
}

export default function PostPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const post = usePost(id);
  return (
    <div>
      <PageHeader title="Post" back="/connect" />
      {post.isPending ? (
        <PostSkeletons label="Loading post" />
      ) : post.isError ? (
        <EmptyState icon={<FileX className="size-9" strokeWidth={1.8} />} title="This post isn't available" tone="danger">
          {errorMessage(post.error, 'It may have been deleted.')}
        </EmptyState>
      ) : (
        <>
          <div className="-mx-5">
            <PostCard post={post.data} full onDeleted={() => void navigate('/connect')} />
          </div>
          {post.data.status === 'published' ? <Comments postId={id} /> : null}
        </>
      )}
    </div>
  );
}
