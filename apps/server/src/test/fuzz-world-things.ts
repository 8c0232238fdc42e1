import { randomUUID } from 'node:crypto';
import { GOOD_CARD, type TestUser, SURULERE_ADDRESS } from './harness.js';
import type { Tag } from './fuzz-world-tags.js';
import type { Ok } from './fuzz-world.js';

type Seed = {
  ok: Ok;
  pin: { transactionPin: string };
  /** Keeps ids of a kind in the world's pools. */
  add: (tag: Tag, ...values: Array<string | undefined>) => void;
  /** The owner, the shopper, the member and the stranger, in that order. */
  users: TestUser[];
  /** A file each of them uploaded, in the same order. */
  urls: string[];
  words: Set<string>;
};

/** Something of every area for the fuzz's world (fuzz-world.ts) to reach, its ids kept by kind. */
export async function seedThings({ ok, pin, add, users, urls, words }: Seed): Promise<void> {
  const [owner, shopper, member, stranger] = users;
  const [oUrl, sUrl] = urls as [string, string];

  // Connect: follows, posts, a draft, comments, communities, a story and highlight, a collection.
  await ok(shopper!, 'PUT', `/api/connect/connect/${owner!.id}/follow`);
  await ok(member!, 'PUT', `/api/connect/connect/${owner!.id}/follow`);
  await ok(owner!, 'PUT', `/api/connect/connect/${shopper!.id}/follow`);
  await ok(owner!, 'PUT', `/api/connect/connect/${shopper!.id}/add-close-friend`);
  const post1 = await ok<{ _id: string }>(owner!, 'POST', '/api/connect/posts', { text: 'Jollof at noon #lagos', category: 'food' });
  const post2 = await ok<{ _id: string }>(owner!, 'POST', '/api/connect/posts', { text: 'With a photo', media: [{ url: oUrl }] });
  const post3 = await ok<{ _id: string }>(shopper!, 'POST', '/api/connect/posts', {
    text: `Hello @${owner!.firstName}`,
    media: [{ url: sUrl }],
  });
  const draft = await ok<{ _id: string }>(owner!, 'POST', '/api/connect/posts', { text: 'Draft thoughts', draft: true });
  add('post', post1._id, post2._id, post3._id, draft._id);
  const comment = await ok<{ _id?: string; id?: string }>(shopper!, 'POST', `/api/connect/posts/${post1._id}/comment`, {
    text: 'Nice one',
  });
  add('comment', comment._id ?? comment.id);
  const community = (body: object) =>
    ok<{ _id: string }>(owner!, 'POST', '/api/connect/communities', {
      name: `Circle ${randomUUID().slice(0, 8)}`,
      category: 'business',
      ...body,
    });
  const open = await community({ coverUrl: oUrl });
  const closed = await community({ visibility: 'private', needsApproval: true });
  add('community', open._id, closed._id);
  await ok(shopper!, 'PUT', `/api/connect/communities/${open._id}/join-community`);
  await ok(member!, 'PUT', `/api/connect/communities/${closed._id}/join-community`);
  const openPost = await ok<{ _id: string }>(shopper!, 'POST', '/api/connect/posts', { text: 'In the circle', communityId: open._id });
  const closedPost = await ok<{ _id: string }>(owner!, 'POST', '/api/connect/posts', { text: 'Members only', communityId: closed._id });
  add('post', openPost._id, closedPost._id);
  await ok(owner!, 'POST', '/api/connect/community-invites', { communityId: closed._id, userIds: [shopper!.id] });
  const invites = await ok<Array<{ _id: string }>>(shopper!, 'GET', '/api/connect/community-invites');
  add('invite', ...invites.map((i) => i._id));
  const story = await ok<{ _id: string }>(owner!, 'POST', '/api/connect/stories', {
    kind: 'text',
    text: 'Good morning',
    background: '#0b6e4f',
  });
  const story2 = await ok<{ _id: string }>(owner!, 'POST', '/api/connect/stories', {
    kind: 'image',
    mediaUrl: oUrl,
    audience: 'close_friends',
  });
  add('story', story._id, story2._id);
  const highlight = await ok<{ _id: string }>(owner!, 'POST', '/api/connect/highlights', { title: 'Mornings', storyIds: [story._id] });
  add('highlight', highlight._id);
  const collection = await ok<{ _id: string }>(shopper!, 'POST', '/api/connect/saved-categories', { name: 'Food' });
  add('collection', collection._id);
  await ok(shopper!, 'PUT', `/api/connect/posts/${post1._id}/save-post`, { collectionId: collection._id });

  // Chat: a conversation each way.
  const m1 = await ok<{ _id?: string; id?: string }>(owner!, 'POST', '/api/chat/messages', {
    msgId: 'w-1',
    toUserId: shopper!.id,
    msgBody: { text: 'Is the rice still available?' },
  });
  const m2 = await ok<{ _id?: string; id?: string }>(shopper!, 'POST', '/api/chat/messages', {
    msgId: 'w-2',
    toUserId: owner!.id,
    msgBody: { text: 'Yes, come by' },
  });
  add('message', m1._id ?? m1.id, m2._id ?? m2.id);

  // Marketplace: a shop with products, an address, a cart, a wishlist, a report and orders.
  const shop = await ok<{ id: string }>(owner!, 'POST', '/api/ecommerce/api/shop', {
    name: 'Mama Put Provisions',
    phone: '08031234567',
    address: '1 Market Road',
    stateId: 'lagos',
    lgaId: 'ikeja',
    latitude: 6.6018,
    longitude: 3.3515,
  });
  add('shop', shop.id);
  const product = (body: object) =>
    ok<{ id: string; variations: Array<{ id: string }> }>(owner!, 'POST', '/api/ecommerce/api/product', {
      name: 'Ofada Rice 10kg',
      categoryId: 'groceries',
      subcategoryId: 'staples',
      images: [oUrl],
      price: 1_000_000,
      stock: 50,
      ...body,
    });
  const rice = await product({});
  const beans = await product({ name: 'Honey Beans 5kg', price: 600_000, oldPrice: 800_000 });
  add('product', rice.id, beans.id);
  add('variation', ...[...rice.variations, ...beans.variations].map((v) => v.id));
  const address = await ok<{ id: string }>(shopper!, 'POST', '/api/ecommerce/api/user-saved-address', SURULERE_ADDRESS);
  add('address', address.id);
  const cartItem = (productId: string) => ok<{ id: string }>(shopper!, 'POST', '/api/ecommerce/api/cart', { productId, quantity: 1 });
  const c1 = await cartItem(rice.id);
  const placed = await ok<Array<{ id: string }>>(
    shopper!,
    'POST',
    '/api/ecommerce/api/order/initiate',
    { cartItemIds: [c1.id], addressId: address.id },
    pin,
  );
  const c2 = await cartItem(beans.id);
  const placed2 = await ok<Array<{ id: string }>>(
    shopper!,
    'POST',
    '/api/ecommerce/api/order/initiate',
    { cartItemIds: [c2.id], addressId: address.id },
    pin,
  );
  const orderIds = [...placed, ...placed2].map((o) => o.id);
  add('order', ...orderIds);
  if (orderIds[1]) await ok(owner!, 'PUT', `/api/ecommerce/api/order/${orderIds[1]}/accept`);
  const c3 = await cartItem(rice.id);
  const c4 = await cartItem(beans.id);
  add('cartItem', c1.id, c2.id, c3.id, c4.id);
  const wish = await ok<{ id: string }>(member!, 'POST', `/api/ecommerce/api/wishlist/${rice.id}`);
  add('wishlist', wish.id);
  const report = await ok<{ id: string }>(member!, 'POST', '/api/ecommerce/api/report-shop-product', {
    productId: beans.id,
    reason: [...words].find((w) => /[a-z]/.test(w) && w.length > 3) ?? 'fake',
  }).catch(() => null);
  add('report', report?.id);

  // Money: a payment, a saved card, a savings target and a locked fund.
  const preview = await ok<{ reference: string }>(shopper!, 'POST', '/api/transaction/api/v1/initiate', {
    type: 'sendMoney',
    recipientId: owner!.id,
    amount: 50_000,
  });
  await ok(shopper!, 'POST', '/api/transaction/api/v1/complete', { reference: preview.reference }, pin);
  add('reference', preview.reference);
  const funded = await ok<{ reference: string; card: { id: string } | null }>(stranger!, 'POST', '/api/wallet/fund/card', {
    amount: 100_000,
    card: GOOD_CARD,
    saveCard: true,
  });
  add('reference', funded.reference);
  add('card', funded.card?.id);
  const target = await ok<{ id: string }>(stranger!, 'POST', '/api/wallet/savings-target', {
    name: 'New phone',
    targetAmount: 5_000_000,
    targetDate: `${new Date().getUTCFullYear() + 1}-06-30`,
  });
  add('target', target.id);
  await ok(stranger!, 'POST', '/api/wallet/savings-target/top-up', { targetId: target.id, amount: 100_000 }, pin);
  const locked = await ok<{ id: string }>(stranger!, 'POST', '/api/wallet/lockedfund', { amount: 200_000, durationDays: 30 }, pin);
  add('lockedFund', locked.id);
}
