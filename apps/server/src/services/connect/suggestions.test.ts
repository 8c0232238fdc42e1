import { beforeAll, describe, expect, it } from 'vitest';
import { auth, payer, sendMoney, type TestUser } from '../../test/harness.js';
// eslint-disable-next-line owo/service-boundaries -- the shop's test kit makes a seller, a shopper and an order through the API only
import { IKEJA, orderKit } from '../ecommerce/shop-test-kit.js';
import { connectApp } from './connect-fixtures.js';

// People to follow from what only a super app knows (payments, orders), from shared communities,
// from the follow graph, then popular people: each with its reason, never oneself or someone one
// already follows.

const { t, api } = connectApp();
const orders = orderKit(() => t);

type Suggestion = { _id: string; mutualCount: number; reason: string };
const suggestions = (u: TestUser) => api.ok<Suggestion[]>(u, 'GET', '/connect/suggested-accounts?limit=30');
const reasonFor = (list: Suggestion[], u: TestUser) => list.find((s) => s._id === u.id);

describe('suggested accounts from money, shops and communities', () => {
  const who = {} as Record<'me' | 'paid' | 'payer' | 'seller' | 'neighbour' | 'owner' | 'barred' | 'fof' | 'friend', TestUser>;
  let list: Suggestion[];

  beforeAll(async () => {
    const shopper = await orders.shopper();
    who.me = shopper.u;
    who.paid = await api.person();
    who.payer = await payer(t.app, 500_000);
    await sendMoney(t.app, who.me, who.paid, 10_000);
    await sendMoney(t.app, who.me, who.paid, 20_000);
    await sendMoney(t.app, who.payer, who.me, 5_000);
    const seller = await orders.sellerWith(IKEJA);
    who.seller = seller.u;
    await orders.paidOrder(seller, shopper);
    who.owner = await api.person();
    who.neighbour = await api.person();
    who.barred = await api.person();
    const c = await api.ok<{ _id: string }>(who.owner, 'POST', '/communities', {
      name: `Estate ${Math.random().toString(36).slice(2, 8)}`,
      description: 'Our street',
      category: 'business',
    });
    for (const u of [who.me, who.neighbour, who.barred]) await api.ok(u, 'PUT', `/communities/${c._id}/join-community`);
    await api.ok(who.owner, 'PUT', `/communities/${c._id}/block-user`, { userId: who.barred.id });
    who.friend = await api.person();
    who.fof = await api.person();
    await api.follow(who.me, who.friend);
    await api.follow(who.friend, who.fof);
    list = await suggestions(who.me);
  });

  it('suggests the people one has paid or been paid by first, the most payments first', () => {
    expect(list.slice(0, 2)).toEqual([
      expect.objectContaining({ _id: who.paid.id, reason: 'paid_each_other', mutualCount: 2 }),
      expect.objectContaining({ _id: who.payer.id, reason: 'paid_each_other', mutualCount: 1 }),
    ]);
  });

  it('then the sellers one bought from', () => {
    expect(list[2]).toMatchObject({ _id: who.seller.id, reason: 'bought_from_them', mutualCount: 1 });
  });

  it('then people followed by people one follows, then people of one’s communities, then popular people', () => {
    const reasons = list.map((s) => s.reason);
    expect(reasonFor(list, who.fof)).toMatchObject({ reason: 'followed_by_people_you_follow', mutualCount: 1 });
    expect(reasonFor(list, who.neighbour)).toMatchObject({ reason: 'in_your_communities', mutualCount: 1 });
    expect(reasonFor(list, who.owner)).toMatchObject({ reason: 'in_your_communities' });
    const rank = ['paid_each_other', 'bought_from_them', 'followed_by_people_you_follow', 'in_your_communities', 'popular'];
    expect(reasons.map((r) => rank.indexOf(r))).toEqual([...reasons.map((r) => rank.indexOf(r))].sort((a, b) => a - b));
    expect(new Set(list.map((s) => s._id)).size).toBe(list.length);
  });

  it('never suggests oneself, someone one follows, or someone the community barred', () => {
    const ids = list.map((s) => s._id);
    expect(ids).not.toContain(who.me.id);
    expect(ids).not.toContain(who.friend.id);
    expect(ids).not.toContain(who.barred.id);
  });

  it('works both ways for money: the one who was paid is suggested the payer', async () => {
    expect(reasonFor(await suggestions(who.paid), who.me)).toMatchObject({ reason: 'paid_each_other', mutualCount: 2 });
  });

  it('never suggests someone cut off by a block, either way', async () => {
    const block = (by: TestUser, who: TestUser) =>
      t.app.inject({ method: 'PUT', url: `/api/chat/blocks/${who.id}`, headers: auth(by, { 'idempotency-key': `b-${who.id}` }) });
    expect((await block(who.me, who.seller)).statusCode).toBe(200);
    expect((await block(who.neighbour, who.me)).statusCode).toBe(200);
    const ids = (await suggestions(who.me)).map((s) => s._id);
    expect(ids).not.toContain(who.seller.id);
    expect(ids).not.toContain(who.neighbour.id);
    expect((await suggestions(who.seller)).map((s) => s._id)).not.toContain(who.me.id);
  });

  it('drops a person once followed', async () => {
    await api.follow(who.me, who.paid);
    const after = await suggestions(who.me);
    expect(after.map((s) => s._id)).not.toContain(who.paid.id);
    expect(after[0]).toMatchObject({ _id: who.payer.id, reason: 'paid_each_other' });
  });

  it('a newcomer with no payments, orders, follows or communities still gets popular people', async () => {
    const fresh = await api.person();
    const got = await suggestions(fresh);
    expect(got.length).toBeGreaterThan(0);
    expect(got.every((s) => s.reason === 'popular')).toBe(true);
  });
});
