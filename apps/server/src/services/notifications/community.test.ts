import { describe, expect, it } from 'vitest';
import type { Community } from '@owo/contracts';
import type { TestUser } from '../../test/harness.js';
// eslint-disable-next-line owo/service-boundaries -- Connect's test client makes communities, members and posts through the API only
import { connectClient } from '../connect/connect-fixtures.js';
import { centreOf, drainPushes, pushTestApp, quietHoursNow, setSettings, subscribeDevice } from './push-fixtures.js';

// A community's requests reach its owner and admins: people asking to join a private community,
// and posts waiting for approval.

const w = pushTestApp();
const { push } = w;
const api = () => connectClient(w.t);

const create = (u: TestUser, body: Record<string, unknown>) =>
  api().ok<Community>(u, 'POST', '/communities', { name: 'Lagos Foodies', category: 'food', ...body });
const ask = (u: TestUser, c: Community) => api().ok(u, 'PUT', `/communities/${c._id}/join-community`);

/** A community with its owner, an admin and a plain member, each with a subscribed device. */
async function community(body: Record<string, unknown>) {
  const [owner, admin, member] = [await api().person(), await api().person(), await api().person()];
  const c = await create(owner, body);
  for (const u of [admin, member]) {
    await ask(u, c);
    if (body.visibility === 'private') await api().ok(owner, 'PUT', `/communities/${c._id}/accept-join-request`, { userId: u.id });
  }
  await api().ok(owner, 'PUT', `/communities/${c._id}/add-admin`, { userId: admin.id });
  for (const u of [owner, admin, member]) await subscribeDevice(w.t.app, u, push.device(u.id));
  await drainPushes(w.t);
  push.received.length = 0;
  return { c, owner, admin, member };
}

describe('a request to join a private community', () => {
  it('pushes the owner and each admin, opening the join requests', async () => {
    const { c, owner, admin, member } = await community({ visibility: 'private' });
    const asker = await api().person();
    await ask(asker, c);
    await drainPushes(w.t);
    expect(push.received.map((r) => r.device).sort()).toEqual([admin.id, owner.id].sort());
    expect(push.for(owner.id)[0]!.payload).toMatchObject({
      kind: 'request.join',
      title: 'Ngozi Adebayo asked to join Lagos Foodies',
      url: `/connect/communities/${c._id}/manage?tab=join`,
      tag: `community:${c._id}:join`,
    });
    expect(push.for(member.id)).toHaveLength(0);
  });

  it('says how many people wait when another asks', async () => {
    const { c, owner } = await community({ visibility: 'private' });
    await ask(await api().person(), c);
    await ask(await api().person(), c);
    await drainPushes(w.t);
    expect(push.for(owner.id).map((r) => r.payload.title)).toEqual(['2 people asked to join Lagos Foodies']);
  });

  it('keeps one unread notice of the community’s join requests in the centre', async () => {
    const { c, owner } = await community({ visibility: 'private' });
    await ask(await api().person(), c);
    await ask(await api().person(), c);
    expect((await centreOf(w.t.app, owner)).filter((x) => x.kind === 'request.join').map((x) => x.title)).toEqual([
      '2 people asked to join Lagos Foodies',
    ]);
  });

  it('pushes nothing more when the same person asks again while waiting', async () => {
    const { c, owner } = await community({ visibility: 'private' });
    const asker = await api().person();
    await ask(asker, c);
    await drainPushes(w.t);
    await api().ok(asker, 'PUT', `/communities/${c._id}/join-community`);
    await drainPushes(w.t);
    expect(push.for(owner.id)).toHaveLength(1);
  });

  it('is not pushed to an admin who turned community requests off', async () => {
    const { c, owner, admin } = await community({ visibility: 'private' });
    await setSettings(w.t.app, admin, { kinds: { request: false } });
    await ask(await api().person(), c);
    await drainPushes(w.t);
    expect([push.for(owner.id).length, push.for(admin.id).length]).toEqual([1, 0]);
  });

  it('waits out quiet hours', async () => {
    const { c, owner } = await community({ visibility: 'private' });
    await setSettings(w.t.app, owner, quietHoursNow());
    await ask(await api().person(), c);
    await drainPushes(w.t);
    expect(push.for(owner.id)).toHaveLength(0);
  });
});

describe('a post waiting for approval', () => {
  it('pushes the owner and each admin, opening the post requests', async () => {
    const { c, owner, admin, member } = await community({ needsApproval: true });
    await api().post(member, { text: 'Best suya in Yaba?', communityId: c._id });
    await drainPushes(w.t);
    expect(push.received.map((r) => r.device).sort()).toEqual([admin.id, owner.id].sort());
    expect(push.for(admin.id)[0]!.payload).toMatchObject({
      kind: 'request.post',
      title: 'A post waits for approval in Lagos Foodies',
      body: 'From Ngozi Adebayo. Accept or decline it.',
      url: `/connect/communities/${c._id}/manage?tab=posts`,
    });
  });

  it('pushes nothing when the community publishes posts at once', async () => {
    const { c, member } = await community({});
    await api().post(member, { text: 'Best suya in Yaba?', communityId: c._id });
    await drainPushes(w.t);
    expect(push.received).toHaveLength(0);
  });
});
