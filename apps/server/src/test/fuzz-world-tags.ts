// The kinds of id the API fuzz's world (fuzz-world.ts) keeps, and which kind a field or path parameter takes.

export type Tag =
  | 'user'
  | 'post'
  | 'comment'
  | 'community'
  | 'invite'
  | 'story'
  | 'highlight'
  | 'collection'
  | 'message'
  | 'shop'
  | 'product'
  | 'variation'
  | 'cartItem'
  | 'address'
  | 'order'
  | 'wishlist'
  | 'report'
  | 'card'
  | 'target'
  | 'lockedFund'
  | 'loan'
  | 'reference';

const KEY_TAGS: Array<[RegExp, Tag]> = [
  [/^(userId|userIds|toUserId|recipientId|fromUserId|ownerId)$/, 'user'],
  [/^(postId|postIds)$/, 'post'],
  [/^communityId$/, 'community'],
  [/^collectionId$/, 'collection'],
  [/^storyIds?$/, 'story'],
  [/^productId$/, 'product'],
  [/^variationId$/, 'variation'],
  [/^shopId$/, 'shop'],
  [/^cartItemIds?$/, 'cartItem'],
  [/^addressId$/, 'address'],
  [/^targetId$/, 'target'],
  [/^cardId$/, 'card'],
  [/^replyTo$/, 'message'],
  [/^orderId$/, 'order'],
  [/^(reference|paymentReference)$/, 'reference'],
];

/** What kind of id a path's `:id` is, by the path (first match wins). */
const PATH_TAGS: Array<[RegExp, Tag]> = [
  [/\/users\/:id|\/connect\/profile\/:id|\/connect\/:id|\/posts\/:id\/(posts-with|user-reposts|tagged)/, 'user'],
  [/\/posts\/:id/, 'post'],
  [/\/stories\/:id/, 'story'],
  [/\/highlights\/:id/, 'highlight'],
  [/\/saved-categories\/:id/, 'collection'],
  [/get-invitee-list\/:id|\/communities\/:id/, 'community'],
  [/\/community-invites\/:id/, 'invite'],
  [/\/cards\/:id/, 'card'],
  [/savingtarget\/withdraw\/:id/, 'target'],
  [/lockedfund\/withdraw\/:id/, 'lockedFund'],
  [/\/loan\/:id/, 'loan'],
  [/\/shop\/single\/:id|follow-shop\/:id/, 'shop'],
  [/report-shop-product\/:id/, 'report'],
  [/\/cart\/:id/, 'cartItem'],
  [/user-saved-address\/:id/, 'address'],
  [/\/order\/:id/, 'order'],
  [/wishlist\/:id/, 'wishlist'],
  [/\/product\/[\w-]*\/?:id/, 'product'],
];

export const tagOfKey = (key: string): Tag | null => KEY_TAGS.find(([re]) => re.test(key))?.[1] ?? null;
export const tagOfPath = (path: string): Tag | null => PATH_TAGS.find(([re]) => re.test(path))?.[1] ?? null;

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
