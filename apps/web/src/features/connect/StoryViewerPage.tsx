import { useQueryClient } from '@tanstack/react-query';
import { CircleDashed } from 'lucide-react';
import { useNavigate, useParams } from 'react-router';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { PageLoader } from '../../ui/Spinner';
import { InlineError } from '../../ui/InlineError';
import { connectKeys, useStoryGroups } from './queries';
import { StoryViewer } from './StoryViewer';

/** One author's live stories full screen; at their end, the next author's, then back to the feed. */
export default function StoryViewerPage() {
  const { authorId = '' } = useParams();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const groups = useStoryGroups();
  const close = () => {
    void qc.invalidateQueries({ queryKey: connectKeys.stories });
    void navigate('/connect');
  };
  if (groups.isPending) return <PageLoader label="Loading stories" />;
  if (groups.isError)
    return <InlineError error={groups.error} onRetry={() => void groups.refetch()} fallback="We couldn't load the stories." />;
  const at = groups.data.findIndex((g) => g.author._id === authorId);
  const group = groups.data[at];
  if (!group)
    return (
      <EmptyState
        level={1}
        icon={<CircleDashed className="size-9" strokeWidth={1.8} />}
        title="No stories to show"
        action={
          <Button block onClick={close}>
            Back to Connect
          </Button>
        }
      >
        These stories have expired or aren&apos;t shared with you.
      </EmptyState>
    );
  const following = groups.data[at + 1];
  return (
    <StoryViewer
      key={group.author._id}
      stories={group.stories}
      author={group.author}
      isMine={group.isMine}
      onClose={close}
      onDone={() => (following ? void navigate(`/connect/stories/${following.author._id}`, { replace: true }) : close())}
    />
  );
}
