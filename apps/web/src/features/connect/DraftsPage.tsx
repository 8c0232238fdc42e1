import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FileText } from 'lucide-react';
import { toast } from '../../lib/toast';
import { errorMessage } from '../../api/client';
import { connectApi, type Post } from '../../api/connect';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { InlineError } from '../../ui/InlineError';
import { LoadMore } from '../../ui/LoadMore';
import { PageHeader } from '../../ui/PageHeader';
import { PostCard } from './PostCard';
import { PostSkeletons } from './PostList';
import { connectKeys, dropPost, usePostList } from './queries';

function PublishButton({ post }: { post: Post }) {
  const qc = useQueryClient();
  const publish = useMutation({
    mutationFn: () => connectApi.publishDraft(post._id),
    onSuccess: () => {
      dropPost(qc, post._id);
      void qc.invalidateQueries({ queryKey: [...connectKeys.posts, 'list'] });
      toast.success('Posted');
    },
    onError: (err) => toast.error(errorMessage(err, "We couldn't post your draft.")),
  });
  return (
    <div className="border-b border-line bg-surface px-4 pb-3">
      <Button size="sm" block loading={publish.isPending} onClick={() => publish.mutate()}>
        Post now
      </Button>
    </div>
  );
}

/** One's drafts, newest first, each with "Post now". */
export default function DraftsPage() {
  const list = usePostList({ kind: 'drafts' });
  const posts = list.posts;
  return (
    <div>
      <PageHeader title="Drafts" back="/connect" />
      {list.isPending ? (
        <PostSkeletons label="Loading drafts" />
      ) : list.isError ? (
        <InlineError error={list.error} onRetry={() => void list.refetch()} fallback="We couldn't load your drafts." />
      ) : posts.length === 0 ? (
        <EmptyState icon={<FileText className="size-9" strokeWidth={1.8} />} title="No drafts">
          Posts you save as drafts wait here until you post them.
        </EmptyState>
      ) : (
        <ul aria-label="Drafts" className="-mx-5">
          {posts.map((p) => (
            <li key={p._id}>
              <PostCard post={p} />
              <PublishButton post={p} />
            </li>
          ))}
        </ul>
      )}
      <LoadMore pages={list} />
    </div>
  );
}
