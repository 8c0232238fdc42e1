import { FileX } from 'lucide-react';
import { useNavigate, useParams } from 'react-router';
import { errorMessage } from '../../api/client';
import { EmptyState } from '../../ui/EmptyState';
import { PageHeader } from '../../ui/PageHeader';
import { Comments } from './Comments';
import { PostCard } from './PostCard';
import { PostSkeletons } from './PostList';
import { usePost } from './queries';

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
