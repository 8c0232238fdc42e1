import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Post } from '@owo/contracts';
import { json, type TestUser } from '../../test/harness.js';
import { connectApp } from './connect-fixtures.js';

// Reports on comments and communities (reports.service.ts): the rule posts follow, with
// REPORT_HIDE_THRESHOLD at 2 here.

const { api } = connectApp({ env: { REPORT_HIDE_THRESHOLD: '2' } });

/** A public post with a comment by a new person: the comment's id, its author and the post's. */
async function aComment(text = `Send ₦2,000 to double it ${randomUUID().slice(0, 6)}`) {
  const [poster, commenter] = [await api.person(), await api.person()];
  const post = await api.post<Post>(poster, { text: 'What is the best way to save for rent?' });
  const c = await api.ok<{ _id: string }>(commenter, 'POST', `/posts/${post._id}/comment`, { text });
  return { id: c._id, postId: post._id, commenter, poster };
}
const reportComment = (u: TestUser, id: string, reason = 'scam') => api.call(u, 'POST', `/comments/${id}/report`, { reason });
const commentIds = async (u: TestUser, postId: string) =>
  (await api.page<{ _id: string }>(u, `/posts/${postId}/comments`)).data.map((c) => c._id);

/** A public community of a new owner, named uniquely: its id, name and owner. */
async function aCommunity() {
  const owner = await api.person();
  const name = `Quick returns club ${randomUUID().slice(0, 8)}`;
  const c = await api.ok<{ _id: string }>(owner, 'POST', '/communities', { name, category: 'business', visibility: 'public' });
  return { id: c._id, name, owner };
}
const reportCommunity = (u: TestUser, id: string, reason = 'scam') => api.call(u, 'POST', `/communities/${id}/report`, { reason });
const discovered = async (u: TestUser, name: string) =>
  (await api.page<{ _id: string }>(u, `/communities?search=${encodeURIComponent(name)}&limit=50`)).data.map((c) => c._id);

describe('reporting a comment', () => {
  it('is answered 201 with the reason', async () => {
    const { id } = await aComment();
    const res = await reportComment(await api.person(), id, 'Scam or fraud');
    expect(res.statusCode, res.body).toBe(201);
    expect(json(res).data).toEqual({ _id: id, reason: 'scam' });
  });

  it('leaves a comment reported by fewer people than the threshold in its post', async () => {
    const { id, postId } = await aComment();
    await reportComment(await api.person(), id);
    expect(await commentIds(await api.person(), postId)).toContain(id);
  });

  it('hides a comment reported by the threshold of people from everyone else', async () => {
    const { id, postId } = await aComment();
    for (let i = 0; i < 2; i++) expect((await reportComment(await api.person(), id)).statusCode).toBe(201);
    const reader = await api.person();
    expect(await commentIds(reader, postId)).not.toContain(id);
    expect((await api.ok<Post>(reader, 'GET', `/posts/${postId}`)).comments.map((c) => c._id)).not.toContain(id);
  });

  it('still shows a hidden comment to its author', async () => {
    const { id, postId, commenter } = await aComment();
    for (let i = 0; i < 2; i++) await reportComment(await api.person(), id);
    expect(await commentIds(commenter, postId)).toContain(id);
  });

  it.each([
    ['its own author', 400, 'REPORT_OWN_COMMENT'],
    ['the same person twice', 409, 'ALREADY_REPORTED'],
    ['an unknown reason', 400, 'REPORT_REASON'],
  ] as const)('refuses %s', async (what, status, code) => {
    const { id, commenter } = await aComment();
    const someone = await api.person();
    if (what === 'the same person twice') await reportComment(someone, id);
    const res = await reportComment(what === 'its own author' ? commenter : someone, id, what === 'an unknown reason' ? 'boring' : 'scam');
    expect(res.statusCode, res.body).toBe(status);
    expect(json(res)).toMatchObject({ code });
  });

  it('answers 404 for a comment hidden from the reporter', async () => {
    const { id } = await aComment();
    for (let i = 0; i < 2; i++) await reportComment(await api.person(), id);
    const res = await reportComment(await api.person(), id);
    expect(res.statusCode).toBe(404);
    expect(json(res)).toMatchObject({ code: 'COMMENT_NOT_FOUND' });
  });
});

describe('reporting a community', () => {
  it('keeps a community reported by fewer people than the threshold in discovery', async () => {
    const { id, name } = await aCommunity();
    expect((await reportCommunity(await api.person(), id)).statusCode).toBe(201);
    expect(await discovered(await api.person(), name)).toContain(id);
  });

  it('leaves a community reported by the threshold of people out of discovery', async () => {
    const { id, name } = await aCommunity();
    for (let i = 0; i < 2; i++) expect((await reportCommunity(await api.person(), id)).statusCode).toBe(201);
    expect(await discovered(await api.person(), name)).not.toContain(id);
  });

  it('still shows a community hidden from discovery to its members', async () => {
    const { id, owner } = await aCommunity();
    for (let i = 0; i < 2; i++) await reportCommunity(await api.person(), id);
    expect((await api.page<{ _id: string }>(owner, '/communities/my-communities')).data.map((c) => c._id)).toContain(id);
    expect((await api.call(owner, 'GET', `/communities/${id}`)).statusCode).toBe(200);
  });

  it.each([
    ['its own owner', 400, 'REPORT_OWN_COMMUNITY'],
    ['the same person twice', 409, 'ALREADY_REPORTED'],
  ] as const)('refuses %s', async (what, status, code) => {
    const { id, owner } = await aCommunity();
    const someone = await api.person();
    if (what === 'the same person twice') await reportCommunity(someone, id);
    const res = await reportCommunity(what === 'its own owner' ? owner : someone, id);
    expect(res.statusCode, res.body).toBe(status);
    expect(json(res)).toMatchObject({ code });
  });
});
