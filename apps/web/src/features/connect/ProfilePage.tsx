import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Bookmark, FileText, Star, UserX } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { toast } from '../../lib/toast';
import { errorMessage } from '../../api/client';
import { connectApi } from '../../api/connect';
import { BlockButton } from '../chat';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { TextAreaField } from '../../ui/Field';
import { FormAlert } from '../../ui/FormAlert';
import { PageHeader } from '../../ui/PageHeader';
import { Sheet } from '../../ui/Sheet';
import { SkeletonRow } from '../../ui/SkeletonRows';
import { Tabs } from '../../ui/Tabs';
import { fullName, handle } from './format';
import { Highlights } from './Highlights';
import { PostList } from './PostList';
import { connectKeys, useFollow, useProfileOf } from './queries';

/** The links beside "Edit bio" on my own profile. */
const MY_LINKS = [
  { to: '/connect/drafts', label: 'Drafts', icon: FileText },
  { to: '/connect/saved', label: 'Saved posts', icon: Bookmark },
  { to: '/connect/close-friends', label: 'Close friends', icon: Star },
] as const;

const TABS = [
  { id: 'media', label: 'Media' },
  { id: 'text', label: 'Posts' },
  { id: 'reposts', label: 'Reposts' },
  { id: 'tagged', label: 'Tagged' },
] as const;
type Tab = (typeof TABS)[number]['id'];

function BioDialog({ open, onClose, bio, userId }: { open: boolean; onClose: () => void; bio: string; userId: string }) {
  const qc = useQueryClient();
  const [text, setText] = useState(bio);
  const save = useMutation({
    mutationFn: () => connectApi.editBio(text),
    onSuccess: (res) => {
      qc.setQueryData(connectKeys.profile(userId), res.data);
      toast.success('Bio updated');
      onClose();
    },
  });
  return (
    <Sheet
      open={open}
      onClose={onClose}
      title="Edit bio"
      footer={
        <Button block loading={save.isPending} onClick={() => save.mutate()}>
          Save bio
        </Button>
      }
    >
      <FormAlert message={save.isError ? errorMessage(save.error, "We couldn't save your bio.") : null} />
      <TextAreaField
        label="Bio"
        value={text}
        maxLength={160}
        rows={3}
        hint={`${text.length}/160`}
        onChange={(e) => setText(e.target.value)}
      />
    </Sheet>
  );
}

function Count({ n, label, to }: { n: number; label: string; to?: string }) {
  const body = (
    <>
      <span className="block text-lg font-bold tabular-nums">{n.toLocaleString('en-NG')}</span>
      <span className="text-xs text-muted">{label}</span>
    </>
  );
  return to ? (
    <Link to={to} className="flex-1 rounded-2xl py-1 text-center hover:bg-surface-2">
      {body}
    </Link>
  ) : (
    <div className="flex-1 py-1 text-center">{body}</div>
  );
}

export default function ProfilePage() {
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const tab = (TABS.find((t) => t.id === params.get('tab'))?.id ?? 'media') as Tab;
  const profile = useProfileOf(id);
  const follow = useFollow(id);
  const qc = useQueryClient();
  const [editing, setEditing] = useState(false);
  const closeFriend = useMutation({
    mutationFn: (add: boolean) => (add ? connectApi.addCloseFriend(id) : connectApi.removeCloseFriend(id)),
    onSuccess: (res) => {
      void qc.invalidateQueries({ queryKey: connectKeys.profile(id) });
      toast.success(res.data.isCloseFriend ? 'Added to your close friends' : 'Removed from your close friends');
    },
    onError: (err) => toast.error(errorMessage(err, "We couldn't update your close friends.")),
  });
  if (profile.isError)
    return (
      <div>
        <PageHeader title="Profile" back="/connect" />
        <EmptyState icon={<UserX className="size-9" strokeWidth={1.8} />} title="We couldn't find this person" tone="danger">
          {errorMessage(profile.error, 'Check the link and try again.')}
        </EmptyState>
      </div>
    );
  const p = profile.data;
  return (
    <div>
      <PageHeader title={p ? fullName(p) : 'Profile'} back="/connect" />
      {!p ? (
        <SkeletonRow
          label="Loading profile"
          className="flex items-center gap-4"
          lead="size-24 rounded-full"
          lines={['h-5 w-2/3', 'h-4 w-1/2']}
        />
      ) : (
        <section aria-label="About" className="mb-4">
          <div className="flex items-center gap-4">
            <Avatar src={p.avatar} firstName={p.firstName} lastName={p.lastName} size="xl" />
            <div className="flex flex-1 justify-between">
              <Count n={p.postsCount} label="Posts" />
              <Count n={p.followersCount} label="Followers" to={`/connect/people/${id}/followers`} />
              <Count n={p.followingsCount} label="Following" to={`/connect/people/${id}/followings`} />
            </div>
          </div>
          <p className="mt-3 font-bold">{fullName(p)}</p>
          {handle(p) ? (
            <p className="text-sm text-muted">
              {handle(p)}
              {p.followsYou ? ' · Follows you' : ''}
            </p>
          ) : null}
          {p.bio ? <p className="mt-1 text-[15px] whitespace-pre-wrap">{p.bio}</p> : null}
          <div className="mt-3 flex gap-2">
            {p.isMe ? (
              <>
                <Button size="sm" variant="outline" block onClick={() => setEditing(true)}>
                  {p.bio ? 'Edit bio' : 'Add a bio'}
                </Button>
                {MY_LINKS.map(({ to, label, icon: Icon }) => (
                  <Link
                    key={to}
                    to={to}
                    aria-label={label}
                    className="flex size-11 shrink-0 items-center justify-center rounded-full border border-line hover:bg-surface-2"
                  >
                    <Icon className="size-5" aria-hidden="true" />
                  </Link>
                ))}
              </>
            ) : (
              <>
                <Button
                  size="sm"
                  block
                  variant={p.isFollowing ? 'outline' : 'primary'}
                  loading={follow.isPending}
                  onClick={() => follow.mutate(!p.isFollowing)}
                >
                  {p.isFollowing ? 'Unfollow' : 'Follow'}
                </Button>
                <Button
                  size="sm"
                  block
                  variant="outline"
                  loading={closeFriend.isPending}
                  aria-pressed={p.isCloseFriend}
                  onClick={() => closeFriend.mutate(!p.isCloseFriend)}
                >
                  {p.isCloseFriend ? 'Close friend ✓' : 'Add to close friends'}
                </Button>
              </>
            )}
          </div>
          {p.isMe ? null : (
            <div className="mt-2 flex gap-2">
              <BlockButton userId={id} name={fullName(p)} />
            </div>
          )}
          {p.isMe ? <BioDialog open={editing} onClose={() => setEditing(false)} bio={p.bio ?? ''} userId={id} /> : null}
        </section>
      )}
      {p ? <Highlights userId={id} isMine={p.isMe} /> : null}
      <Tabs label="Profile posts" tabs={TABS} value={tab} onChange={(t) => setParams({ tab: t }, { replace: true })} className="mb-2" />
      <PostList
        key={tab}
        source={{ kind: tab, userId: id }}
        label={`${TABS.find((t) => t.id === tab)?.label}`}
        countViews={!p?.isMe}
        empty={
          <p className="py-10 text-center text-sm text-muted">{tab === 'tagged' ? 'No one has tagged them yet.' : 'Nothing here yet.'}</p>
        }
      />
    </div>
  );
}
