import { Link } from 'react-router';
import type { ConnectPerson } from '../../api/connect';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import { fullName, handle, profilePath } from './format';
import { useFollow } from './queries';

/** A person in a list, with a follow button (never on oneself). */
export function PersonRow({ person, note }: { person: ConnectPerson; note?: string }) {
  const follow = useFollow(person._id);
  const name = fullName(person);
  const following = follow.isSuccess ? follow.data.data.isFollowing : person.isFollowing;
  return (
    <div className="flex items-center gap-3 py-2.5">
      <Link to={profilePath(person._id)} className="flex min-w-0 flex-1 items-center gap-3">
        <Avatar src={person.avatar} firstName={person.firstName} lastName={person.lastName} size="sm" />
        <span className="min-w-0">
          <span className="block truncate font-semibold">{name}</span>
          <span className="block truncate text-xs text-muted">{note ?? handle(person) ?? person.bio ?? ''}</span>
        </span>
      </Link>
      {person.isMe ? null : (
        <Button
          size="sm"
          variant={following ? 'outline' : 'primary'}
          loading={follow.isPending}
          aria-label={`${following ? 'Unfollow' : 'Follow'} ${name}`}
          onClick={() => follow.mutate(!following)}
        >
          {following ? 'Following' : 'Follow'}
        </Button>
      )}
    </div>
  );
}
