import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { auth, fileApp, json, newUser, signup, type TestUser } from '../../test/harness.js';
import { publicPeople } from './index.js';

const t = fileApp();

const get = (u: TestUser, id: string) => t.app.inject({ method: 'GET', url: `/api/user/users/${id}`, headers: auth(u) });
const edit = (u: TestUser, payload: object) =>
  t.app.inject({ method: 'PUT', url: '/api/user/users/edit-profile', headers: auth(u), payload });
const filter = (u: TestUser, qs: string) => t.app.inject({ method: 'GET', url: `/api/user/users/filter?${qs}`, headers: auth(u) });

async function uploadAvatar(u: TestUser): Promise<string> {
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#0b6e4f' } })
    .png()
    .toBuffer();
  const boundary = '----owo';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/upload/api/upload/single',
    headers: { ...auth(u), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  expect(res.statusCode).toBe(201);
  return (json(res).data as { url: string }).url;
}

describe('GET /users/{id}', () => {
  it('returns your own profile in full and only public fields of others', async () => {
    const a = await newUser(t.app);
    const b = await newUser(t.app);
    const own = json(await get(a, a.id)).data as Record<string, unknown>;
    expect(own).toMatchObject({ id: a.id, email: a.email, phoneNumber: a.e164, isPhoneVerified: true, hasPin: false });
    const res = await get(a, b.id);
    expect(res.statusCode).toBe(200);
    const other = json(res).data as Record<string, unknown>;
    expect(Object.keys(other).sort()).toEqual(['avatar', 'bio', 'firstName', 'id', 'lastName', 'nickName']);
  });

  it('404s an unknown user, 400s a malformed id, 401s without a token', async () => {
    const a = await newUser(t.app);
    expect((await get(a, '01900000-0000-7000-8000-000000000000')).statusCode).toBe(404);
    expect((await get(a, 'abc')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `/api/user/users/${a.id}` })).statusCode).toBe(401);
  });
});

describe('PUT /users/edit-profile', () => {
  it('edits names, nickname, bio and sets an uploaded avatar', async () => {
    const a = await newUser(t.app);
    const avatar = await uploadAvatar(a);
    const res = await edit(a, { firstName: 'Amaka', nickName: 'amaka_pay', bio: 'Lagos', avatar });
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toMatchObject({ firstName: 'Amaka', nickName: 'amaka_pay', bio: 'Lagos', avatar });
    expect(json(await get(a, a.id)).data).toMatchObject({ firstName: 'Amaka', avatar });
  });

  const unchanged = async (a: TestUser) =>
    expect(json(await get(a, a.id)).data).toMatchObject({ firstName: 'Ngozi', avatar: null, bio: null });

  it("refuses someone else's image as an avatar (400) and changes nothing", async () => {
    const a = await newUser(t.app);
    const b = await newUser(t.app);
    const foreign = await edit(a, { avatar: await uploadAvatar(b) });
    expect(foreign.statusCode).toBe(400);
    expect(json(foreign).message).toBe('avatar must be an image you uploaded');
    await unchanged(a);
  });

  it('refuses a nickname taken by someone else, whatever its case (409)', async () => {
    const a = await newUser(t.app);
    const b = await newUser(t.app, { nickName: `taken${Date.now() % 100000}` });
    const nick = (json(await get(b, b.id)).data as { nickName: string }).nickName;
    const taken = await edit(a, { nickName: nick.toUpperCase() });
    expect(taken.statusCode).toBe(409);
    expect(json(taken).message).toBe('That nickname is taken');
    await unchanged(a);
  });

  it.each([
    ['an empty change', {}, 'Nothing to update'],
    ['a bio over 160 characters', { bio: 'x'.repeat(161) }, 'bio is at most 160 characters'],
  ])('refuses %s (400) and changes nothing', async (_, change, message) => {
    const a = await newUser(t.app);
    const res = await edit(a, change);
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe(message);
    await unchanged(a);
  });

  it('refuses an edit without a token (401)', async () => {
    const none = await t.app.inject({ method: 'PUT', url: '/api/user/users/edit-profile', payload: { bio: 'x' } });
    expect(none.statusCode).toBe(401);
  });
});

describe('GET /users/filter', () => {
  it('finds verified people by name, nickname or phone, never the caller, paginated', async () => {
    const tag = `Zz${(Date.now() % 1e6).toString(26).replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!)}`;
    const me = await newUser(t.app, { lastName: tag });
    const found: TestUser[] = [];
    for (let i = 0; i < 3; i++) found.push(await newUser(t.app, { lastName: tag, nickName: `${tag.toLowerCase()}_${i}` }));
    await signup(t.app, { lastName: tag }); // unverified: not listed

    const page1 = await filter(me, `query=${tag}&limit=2`);
    expect(page1.statusCode).toBe(200);
    const body = page1.json() as { data: { id: string }[]; pagination: { total: number; next: { page: number } | null; prev: unknown } };
    expect(body.pagination).toMatchObject({ total: 3, prev: null, next: { page: 2 } });
    expect(body.data).toHaveLength(2);
    const page2 = (await filter(me, `query=${tag}&limit=2&page=2`)).json() as typeof body;
    expect(page2.data).toHaveLength(1);
    const ids = [...body.data, ...page2.data].map((u) => u.id).sort();
    expect(ids).toEqual(found.map((u) => u.id).sort());
    expect(ids).not.toContain(me.id);
    expect(Object.keys(body.data[0]!)).not.toContain('phoneNumber');

    const byNick = (await filter(me, `query=${tag.toLowerCase()}_1`)).json() as typeof body;
    expect(byNick.data.map((u) => u.id)).toEqual([found[1]!.id]);
    const byPhone = (await filter(me, `query=${found[2]!.phone}`)).json() as typeof body;
    expect(byPhone.data.map((u) => u.id)).toEqual([found[2]!.id]);
  });

  it('treats % and _ literally and asks for at least 2 characters', async () => {
    const me = await newUser(t.app);
    const res = (await filter(me, 'query=%25%25')).json() as { data: unknown[] };
    expect(res.data).toEqual([]);
    const short = await filter(me, 'query=a');
    expect(short.statusCode).toBe(400);
    expect(json(short).message).toBe('Type at least 2 characters');
    expect((await t.app.inject({ method: 'GET', url: '/api/user/users/filter?query=ab' })).statusCode).toBe(401);
  });
});

describe('publicPeople (what other services show of a person in lists)', () => {
  it('reads the public part only, each person once, unknown ids left out', async () => {
    const [a, b] = [await newUser(t.app), await newUser(t.app)];
    const found = await publicPeople(t.db, [a.id, b.id, a.id, '019a0000-0000-7000-8000-000000000000']);
    expect(found.map((p) => p.id).sort()).toEqual([a.id, b.id].sort());
    for (const p of found) expect(Object.keys(p).sort()).toEqual(['avatar', 'firstName', 'id', 'lastName', 'nickName']);
    expect(await publicPeople(t.db, [])).toEqual([]);
  });
});
