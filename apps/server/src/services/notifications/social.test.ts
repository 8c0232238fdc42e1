import { describe, expect, it } from 'vitest';
import type { Community } from '@owo/contracts';
import type { TestUser } from '../../test/harness.js';
// eslint-disable-next-line owo/service-boundaries -- Connect's test client makes people, posts and comments through the API only
import { connectClient } from '../connect/connect-fixtures.js';
import { centreOf, drainPushes, pushTestApp, setSettings, subscribeDevice } from './push-fixtures.js';

// Mentions of a person and comments on their posts, each post's comments grouped under one tag.

const w = pushTestApp();
const { push } = w;
const api = () => connectClient(w.t);

let n = 0;
/** A person with a nickname (to be mentioned) and a subscribed device. */
async function person(): Promise<TestUser & { nick: string }> {
  const nick = `p${Date.now().toString(36)}${n++}`;
  const u = await api().person(nick);
  await subscribeDevice(w.t.app, u, push.device(u.id));
  return { ...u, nick };
}
const comment = (u: TestUser, postId: string, text: string) => api().ok(u, 'POST', `/posts/${postId}/comment`, { text });

describe('a mention', () => {
  it('pushes the person mentioned in a post, opening the post', async () => {
    const [a, b] = [await person(), await person()];
    const p = await api().post(a, { text: `Lunch with @${b.nick} today` });
    await drainPushes(w.t);
    expect(push.for(b.id)[0]!.payload).toMatchObject({
      kind: 'social.mention',
      title: 'Ngozi Adebayo mentioned you in a post',
      body: `Lunch with @${b.nick} today`,
      url: `/connect/posts/${p._id}`,
    });
  });

  it('pushes nothing to the author who mentions themselves', async () => {
    const a = await person();
    await api().post(a, { text: `Note to @${a.nick}` });
    await drainPushes(w.t);
    expect(push.for(a.id)).toHaveLength(0);
  });

  it('pushes nothing to a person mentioned in a private community they cannot read', async () => {
    const [a, outsider] = [await person(), await person()];
    const c = await api().ok<Community>(a, 'POST', '/communities', { name: 'Inner Circle', category: 'food', visibility: 'private' });
    await api().post(a, { text: `Should we invite @${outsider.nick}?`, communityId: c._id });
    await drainPushes(w.t);
    expect(push.for(outsider.id)).toHaveLength(0);
  });

  it('tells only the people an edit mentions anew', async () => {
    const [a, b, c] = [await person(), await person(), await person()];
    const p = await api().post(a, { text: `With @${b.nick}` });
    await drainPushes(w.t);
    await api().ok(a, 'PATCH', `/posts/${p._id}`, { text: `With @${b.nick} and @${c.nick}` });
    await drainPushes(w.t);
    expect([push.for(b.id).length, push.for(c.id).length]).toEqual([1, 1]);
  });

  it('pushes the person mentioned in a comment', async () => {
    const [a, b, c] = [await person(), await person(), await person()];
    const p = await api().post(a, { text: 'Where to eat?' });
    await comment(b, p._id, `Ask @${c.nick}`);
    await drainPushes(w.t);
    expect(push.for(c.id)[0]!.payload).toMatchObject({ kind: 'social.mention', title: 'Ngozi Adebayo mentioned you in a comment' });
  });
});

describe('a comment on one’s post', () => {
  it('pushes the post’s author with the comment, opening the post', async () => {
    const [a, b] = [await person(), await person()];
    const p = await api().post(a, { text: 'Where to eat?' });
    await comment(b, p._id, 'Try the suya spot in Yaba');
    await drainPushes(w.t);
    expect(push.for(a.id)[0]!.payload).toMatchObject({
      kind: 'social.comment',
      title: 'Ngozi Adebayo commented on your post',
      body: 'Try the suya spot in Yaba',
      url: `/connect/posts/${p._id}`,
      tag: `post:${p._id}:comments`,
    });
  });

  it('gives every comment of one post the same tag, so they collapse into one notification', async () => {
    const [a, b, c] = [await person(), await person(), await person()];
    const p = await api().post(a, { text: 'Where to eat?' });
    await comment(b, p._id, 'Yaba');
    await drainPushes(w.t);
    await comment(c, p._id, 'Lekki');
    await drainPushes(w.t);
    expect(new Set(push.for(a.id).map((r) => r.headers.topic)).size).toBe(1);
    expect(push.for(a.id).map((r) => r.payload.tag)).toEqual([`post:${p._id}:comments`, `post:${p._id}:comments`]);
  });

  it('keeps one unread notice of a post’s comments in the centre, with the latest', async () => {
    const [a, b, c] = [await person(), await person(), await person()];
    const p = await api().post(a, { text: 'Where to eat?' });
    await comment(b, p._id, 'Yaba');
    await comment(c, p._id, 'Lekki');
    expect((await centreOf(w.t.app, a)).filter((x) => x.kind === 'social.comment').map((x) => x.body)).toEqual(['Lekki']);
  });

  it('pushes nothing for the author’s own comment', async () => {
    const a = await person();
    const p = await api().post(a, { text: 'Where to eat?' });
    await comment(a, p._id, 'Anyone?');
    await drainPushes(w.t);
    expect(push.for(a.id)).toHaveLength(0);
  });

  it('is not pushed to an author who turned mentions and comments off', async () => {
    const [a, b] = [await person(), await person()];
    await setSettings(w.t.app, a, { kinds: { social: false } });
    const p = await api().post(a, { text: 'Where to eat?' });
    await comment(b, p._id, 'Yaba');
    await drainPushes(w.t);
    expect(push.for(a.id)).toHaveLength(0);
  });
});
