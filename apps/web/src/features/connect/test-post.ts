import type { Post } from '../../api/connect';

/** A post published now with nothing on it yet (no likes, comments or reposts); a test sets what it looks at. */
export const testPost = (p: Pick<Post, '_id' | 'author' | 'text'> & Partial<Post>): Post => ({
  kind: 'post',
  media: [],
  category: null,
  tags: [],
  mentions: [],
  communityId: null,
  shareable: true,
  status: 'published',
  quoted: null,
  repostedBy: null,
  isLiked: false,
  isSaved: false,
  isReposted: false,
  isMine: false,
  likes: { likesCount: 0, likedBy: [] },
  commentCount: 0,
  repostCount: 0,
  comments: [],
  hidden: false,
  createdAt: new Date().toISOString(),
  publishedAt: new Date().toISOString(),
  editedAt: null,
  ...p,
});
