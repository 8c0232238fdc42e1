import { BarChart3, Bookmark, Flag, Heart, MessageCircle, MoreHorizontal, Pencil, Repeat2, Share2, Trash2 } from 'lucide-react';
import { memo, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { toast } from '../../lib/toast';
import type { Post } from '../../api/connect';
import { cn } from '../../lib/cn';
import { Avatar } from '../../ui/Avatar';
import { Sheet } from '../../ui/Sheet';
import { DeletePostDialog, EditPostDialog, QuoteDialog, ReportDialog, SaveDialog } from './dialogs';
import { fullName, handle, likedByLine, profilePath, timeAgo } from './format';
import { PostMedia } from './PostMedia';
import { PostText } from './PostText';
import { useLike, useRepost, useSave } from './queries';
import { MenuItem } from '../../ui/MenuItem';

type Open = null | 'menu' | 'repost' | 'quote' | 'report' | 'save' | 'edit' | 'delete';

function Action({
  label,
  pressed,
  onClick,
  icon,
  count,
  className,
}: {
  label: string;
  pressed?: boolean;
  onClick: () => void;
  icon: ReactNode;
  count?: number;
  className?: string;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      aria-pressed={pressed}
      onClick={onClick}
      className={cn(
        'inline-flex min-h-11 min-w-11 items-center justify-center gap-1.5 rounded-full px-2 text-sm font-medium text-muted hover:bg-surface-2',
        className,
      )}
    >
      {icon}
      {count !== undefined && count > 0 ? <span className="tabular-nums">{count.toLocaleString('en-NG')}</span> : null}
    </button>
  );
}

async function share(post: Post) {
  const url = `${location.origin}/connect/posts/${post._id}`;
  const text = post.text.slice(0, 100);
  try {
    if (navigator.share) await navigator.share({ title: `Post by ${fullName(post.author)}`, text, url });
    else {
      await navigator.clipboard.writeText(url);
      toast.success('Link copied');
    }
  } catch {
    // The person closed the share sheet.
  }
}

/**
 * One post in a list or on its page. Like, repost and save change it at once everywhere it is shown
 * (the caches are patched) and roll back with a toast if the server refuses.
 */
export const PostCard = memo(function PostCard({ post, full = false, onDeleted }: { post: Post; full?: boolean; onDeleted?: () => void }) {
  const [open, setOpen] = useState<Open>(null);
  const like = useLike();
  const repost = useRepost();
  const save = useSave();
  const name = fullName(post.author);
  const label = `post by ${name}`;
  const close = () => setOpen(null);
  const liked = likedByLine(post.likes.likedBy, post.likes.likesCount);
  const pending = post.status !== 'published';
  return (
    <article aria-label={`Post by ${name}`} className="border-b border-line bg-surface px-4 pt-3 pb-1">
      {post.repostedBy ? (
        <p className="mb-1 flex items-center gap-1.5 pl-12 text-xs font-semibold text-muted">
          <Repeat2 className="size-3.5" aria-hidden="true" />
          {post.repostedBy.user._id === post.author._id ? 'Reposted' : `${fullName(post.repostedBy.user)} reposted`}
        </p>
      ) : null}
      <header className="flex items-start gap-3">
        <Link to={profilePath(post.author._id)} aria-label={`${name}'s profile`}>
          <Avatar src={post.author.avatar} firstName={post.author.firstName} lastName={post.author.lastName} size="sm" />
        </Link>
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-baseline gap-x-1.5 text-[15px] leading-tight">
            <Link to={profilePath(post.author._id)} className="font-semibold hover:underline">
              {name}
            </Link>
            {handle(post.author) ? <span className="truncate text-sm text-muted">{handle(post.author)}</span> : null}
          </p>
          <p className="mt-0.5 text-xs text-muted">
            <Link to={`/connect/posts/${post._id}`} className="hover:underline">
              <time dateTime={post.publishedAt ?? post.createdAt}>{timeAgo(post.publishedAt ?? post.createdAt)}</time>
            </Link>
            {post.category ? <> · {post.category.name}</> : null}
            {post.editedAt ? <> · edited</> : null}
            {post.status === 'draft' ? <> · Draft</> : null}
            {post.hidden ? <> · Hidden after reports</> : null}
          </p>
        </div>
        <button
          type="button"
          aria-label={`More actions for ${label}`}
          onClick={() => setOpen('menu')}
          className="-mr-2 flex size-11 items-center justify-center rounded-full text-muted hover:bg-surface-2"
        >
          <MoreHorizontal className="size-5" aria-hidden="true" />
        </button>
      </header>
      <div className="mt-2 pl-[3.25rem]">
        <PostText text={post.text} mentions={post.mentions} />
        <PostMedia media={post.media} full={full} label={label} />
        {post.quoted ? (
          <Link to={`/connect/posts/${post.quoted._id}`} className="mt-3 block rounded-2xl border border-line p-3 hover:bg-surface-2">
            {post.quoted.deleted || !post.quoted.author ? (
              <p className="text-sm text-muted">This post is no longer available.</p>
            ) : (
              <>
                <p className="text-sm font-semibold">{fullName(post.quoted.author)}</p>
                <PostText text={post.quoted.text} mentions={[]} className="mt-1 line-clamp-4 text-sm text-fg" />
                <PostMedia media={post.quoted.media.slice(0, 1)} label={`quoted post by ${fullName(post.quoted.author)}`} />
              </>
            )}
          </Link>
        ) : null}
        {pending ? null : (
          <>
            {liked ? <p className="mt-2 text-xs text-muted">{liked}</p> : null}
            <div className="-ml-2 flex items-center justify-between">
              <Action
                label={post.isLiked ? 'Unlike' : 'Like'}
                pressed={post.isLiked}
                onClick={() => like.mutate({ id: post._id, like: !post.isLiked })}
                icon={<Heart className={cn('size-5', post.isLiked && 'fill-danger-fg text-danger-fg')} aria-hidden="true" />}
                count={post.likes.likesCount}
              />
              <Link
                to={`/connect/posts/${post._id}#comments`}
                aria-label={`Comment (${post.commentCount})`}
                className="inline-flex min-h-11 min-w-11 items-center justify-center gap-1.5 rounded-full px-2 text-sm font-medium text-muted hover:bg-surface-2"
              >
                <MessageCircle className="size-5" aria-hidden="true" />
                {post.commentCount > 0 ? <span className="tabular-nums">{post.commentCount}</span> : null}
              </Link>
              <Action
                label="Repost"
                pressed={post.isReposted}
                onClick={() => setOpen('repost')}
                icon={<Repeat2 className={cn('size-5', post.isReposted && 'text-brand-fg')} aria-hidden="true" />}
                count={post.repostCount}
              />
              <Action
                label={post.isSaved ? 'Unsave' : 'Save'}
                pressed={post.isSaved}
                onClick={() => (post.isSaved ? save.mutate({ id: post._id, save: false }) : setOpen('save'))}
                icon={<Bookmark className={cn('size-5', post.isSaved && 'fill-brand-600 text-brand-fg')} aria-hidden="true" />}
              />
              <Action label="Share" onClick={() => void share(post)} icon={<Share2 className="size-5" aria-hidden="true" />} />
            </div>
          </>
        )}
        {!full && post.comments.length > 0 ? (
          <ul className="mb-2 space-y-0.5 text-sm">
            {post.comments.slice(-2).map((c) => (
              <li key={c._id} className="line-clamp-2">
                <span className="font-semibold">{c.postedBy.firstName}</span> {c.text}
              </li>
            ))}
            {post.commentCount > 2 ? (
              <li>
                <Link to={`/connect/posts/${post._id}#comments`} className="text-muted hover:underline">
                  View all {post.commentCount} comments
                </Link>
              </li>
            ) : null}
          </ul>
        ) : null}
      </div>

      <Sheet open={open === 'menu'} onClose={close} title="Post options">
        {post.isMine ? (
          <>
            {post.status === 'published' ? (
              <Link
                to={`/connect/posts/${post._id}/insights`}
                className="flex min-h-12 items-center gap-3 rounded-2xl px-3 text-[15px] font-medium hover:bg-surface-2"
              >
                <BarChart3 className="size-5" aria-hidden="true" /> View insights
              </Link>
            ) : null}
            <MenuItem icon={<Pencil className="size-5" aria-hidden="true" />} onClick={() => setOpen('edit')}>
              Edit post
            </MenuItem>
            <MenuItem icon={<Trash2 className="size-5" aria-hidden="true" />} onClick={() => setOpen('delete')} danger>
              Delete post
            </MenuItem>
          </>
        ) : (
          <MenuItem icon={<Flag className="size-5" aria-hidden="true" />} onClick={() => setOpen('report')} danger>
            Report post
          </MenuItem>
        )}
        <MenuItem icon={<Share2 className="size-5" aria-hidden="true" />} onClick={() => void share(post).then(close)}>
          Share
        </MenuItem>
      </Sheet>
      <Sheet open={open === 'repost'} onClose={close} title="Repost">
        {post.shareable || post.isReposted ? (
          <MenuItem
            icon={<Repeat2 className="size-5" aria-hidden="true" />}
            onClick={() => {
              repost.mutate({ id: post._id });
              close();
            }}
          >
            {post.isReposted ? 'Undo repost' : 'Repost'}
          </MenuItem>
        ) : null}
        {post.shareable ? (
          <MenuItem icon={<Pencil className="size-5" aria-hidden="true" />} onClick={() => setOpen('quote')}>
            Repost with your thoughts
          </MenuItem>
        ) : (
          <p className="px-3 py-2 text-[15px] text-muted">
            This post is in a private community: it stays there and can’t be reposted or quoted outside it.
          </p>
        )}
      </Sheet>
      {open === 'quote' ? <QuoteDialog post={post} open onClose={close} /> : null}
      {open === 'report' ? <ReportDialog target={{ kind: 'post', id: post._id, author: post.author }} open onClose={close} /> : null}
      {open === 'save' ? <SaveDialog post={post} open onClose={close} /> : null}
      {open === 'edit' ? <EditPostDialog post={post} open onClose={close} /> : null}
      {open === 'delete' ? <DeletePostDialog post={post} open onClose={close} onDeleted={onDeleted} /> : null}
    </article>
  );
});
