import { useParams } from 'react-router';
import { PostList } from './PostList';
import { BackHeader } from './BackHeader';

/** A hashtag's page: the posts with it, newest first. */
export default function TagPage() {
  const tag = useParams().tag ?? '';
  return (
    <div>
      <BackHeader back="/connect/explore" backLabel="Back to Explore" title={`#${tag}`} />
      <PostList
        key={tag}
        source={{ kind: 'tag', tag }}
        label={`Posts with #${tag}`}
        empty={<p className="py-8 text-center text-sm text-fg-muted">No posts with #{tag} yet.</p>}
      />
    </div>
  );
}
