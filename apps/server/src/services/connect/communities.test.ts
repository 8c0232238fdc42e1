import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Community, Post } from '@owo/contracts';
import { executeRows } from '../../platform/db.js';
import type { TestUser } from '../../test/harness.js';
import { connectApp, type Method } from './connect-fixtures.js';

const { t, api } = connectApp();

type Role = 'owner' | 'admin' | 'member' | 'blocked' | 'outsider';
const ROLES: Role[] = ['owner', 'admin', 'member', 'blocked', 'outsider'];
type Cast = Record<Role, TestUser>;

/** Everything a community call could write, to prove a refused call wrote nothing. */
async function snapshot() {
  const [row] = await executeRows<Record<string, unknown>>(
    t.db,
    sql`SELECT
      (SELECT coalesce(json_agg(x ORDER BY x.community_id, x.user_id), '[]') FROM (SELECT community_id, user_id, role FROM community_members) x) AS members,
      (SELECT coalesce(json_agg(x ORDER BY x.community_id, x.user_id), '[]') FROM community_join_requests x) AS requests,
      (SELECT coalesce(json_agg(x ORDER BY x.id), '[]') FROM community_invites x) AS invites,
      (SELECT coalesce(json_agg(x ORDER BY x.id), '[]') FROM community_ownership_requests x) AS ownership,
      (SELECT coalesce(json_agg(x ORDER BY x.id), '[]') FROM (SELECT id, name, description, visibility, owner_id, members_count FROM communities) x) AS communities,
      (SELECT coalesce(json_agg(x ORDER BY x.id), '[]') FROM (SELECT id, status FROM posts) x) AS posts`,
  );
  return JSON.stringify(row);
}

async function community(
  owner: TestUser,
  body: Partial<{ visibility: string; needsApproval: boolean; name: string; description: string }> = {},
) {
  return api.ok<Community>(owner, 'POST', '/communities', {
    name: body.name ?? `Circle ${Math.random().toString(36).slice(2, 8)}`,
    description: body.description ?? 'A place to talk',
    category: 'business',
    ...body,
  });
}

/** A community with one person in each role. */
async function castFor(visibility: 'public' | 'private', needsApproval = false): Promise<{ c: Community; who: Cast }> {
  const [owner, admin, member, blocked, outsider] = await Promise.all([
    api.person(),
    api.person(),
    api.person(),
    api.person(),
    api.person(),
  ]);
  const c = await community(owner, { visibility, needsApproval });
  for (const u of [admin, member]) {
    await api.ok(u, 'PUT', `/communities/${c._id}/join-community`);
    if (visibility === 'private') await api.ok(owner, 'PUT', `/communities/${c._id}/accept-join-request`, { userId: u.id });
  }
  await api.ok(owner, 'PUT', `/communities/${c._id}/add-admin`, { userId: admin.id });
  await api.ok(owner, 'PUT', `/communities/${c._id}/block-user`, { userId: blocked.id });
  return { c, who: { owner, admin, member, blocked, outsider } };
}

/** A new member of the community (joined, or accepted when private). */
async function newMember(c: Community, owner: TestUser) {
  const u = await api.person();
  await api.ok(u, 'PUT', `/communities/${c._id}/join-community`);
  if (c.visibility === 'private') await api.ok(owner, 'PUT', `/communities/${c._id}/accept-join-request`, { userId: u.id });
  return u;
}

/** A post waiting for the staff: pending (approval needed) or held as spam (a new member's link). */
async function waitingPost(c: Community, owner: TestUser) {
  const u = await newMember(c, owner);
  const p = await api.post<Post>(u, { text: 'Deals at https://example.ng/deal', communityId: c._id });
  expect(['pending', 'held']).toContain(p.status);
  return p;
}

type Res = { statusCode: number; body: string };
type Action = {
  name: string;
  /** Status for each role (absent: this role is not tried). */
  expect: Partial<Record<Role, number>>;
  /** Set-up before each try (may write); its result goes to `call`. */
  prepare?: (c: Community, who: Cast, as: TestUser) => Promise<string>;
  call: (as: TestUser, c: Community, arg: string) => Promise<Res>;
  /** Undo a successful call so the next role starts from the same state. */
  after?: (c: Community, who: Cast) => Promise<unknown>;
};

const staffOnly = { owner: 200, admin: 200, member: 403, blocked: 403, outsider: 403 };
const everyone = { owner: 200, admin: 200, member: 200, blocked: 200, outsider: 200 };
const fresh = (c: Community, who: Cast) => newMember(c, who.owner).then((u) => u.id);

function actions(visibility: 'public' | 'private'): Action[] {
  const pub = visibility === 'public';
  const at = (method: Method, path: string, body?: (arg: string) => object) => (as: TestUser, c: Community, arg: string) =>
    api.call(as, method, path.replace(':id', c._id), body?.(arg));
  const user = (arg: string) => ({ userId: arg });
  return [
    { name: 'view', expect: everyone, call: at('GET', '/communities/:id') },
    {
      name: 'read posts',
      expect: pub ? { ...everyone, blocked: 403 } : { owner: 200, admin: 200, member: 200, blocked: 403, outsider: 403 },
      call: at('GET', '/communities/:id/posts'),
    },
    { name: 'edit', expect: staffOnly, call: at('PATCH', '/communities/:id', () => ({ description: `Changed ${Math.random()}` })) },
    // Who is in a community is read like its posts: a public one's by all but the people it blocked,
    // a private one's by members only.
    {
      name: 'active members',
      expect: pub ? { ...everyone, blocked: 403 } : { owner: 200, admin: 200, member: 200, blocked: 403, outsider: 403 },
      call: at('GET', '/communities/:id/get-active-members'),
    },
    ...['invites', 'join-requests', 'get-blocked-users', 'spam-posts', 'reported-posts', 'post-requests', 'get-insights'].map(
      (path): Action => ({ name: path, expect: staffOnly, call: at('GET', `/communities/:id/${path}`) }),
    ),
    {
      name: 'post',
      expect: { owner: 201, admin: 201, member: 201, blocked: 403, outsider: 403 },
      call: (as, c) => api.call(as, 'POST', '/posts', { text: `Hello ${Math.random()}`, communityId: c._id }),
    },
    {
      name: 'invitee list',
      expect: { owner: 200, admin: 200, member: 200, blocked: 403, outsider: 403 },
      call: at('GET', '/community-invites/get-invitee-list/:id'),
    },
    {
      name: 'invite',
      expect: { owner: 201, admin: 201, member: 201, blocked: 403, outsider: 403 },
      prepare: async (_c, _who, as) => {
        const friend = await api.person();
        await api.follow(friend, as);
        return friend.id;
      },
      call: (as, c, friend) => api.call(as, 'POST', '/community-invites', { communityId: c._id, userIds: [friend] }),
    },
    {
      name: 'join: blocked refused, owner cannot leave',
      expect: { owner: 409, blocked: 403 },
      call: at('PUT', '/communities/:id/join-community'),
    },
    ...(pub
      ? []
      : (['accept-join-request', 'reject-join-request'] as const).map((path): Action => ({
          name: path,
          expect: staffOnly,
          prepare: async (c) => {
            const asker = await api.person();
            await api.ok(asker, 'PUT', `/communities/${c._id}/join-community`);
            return asker.id;
          },
          call: at('PUT', `/communities/:id/${path}`, user),
        }))),
    ...(['remove-user', 'block-user'] as const).map((path): Action => ({
      name: path,
      expect: staffOnly,
      prepare: fresh,
      call: at('PUT', `/communities/:id/${path}`, user),
    })),
    {
      name: 'remove the owner',
      expect: { admin: 403, member: 403 },
      prepare: async (_c, who) => who.owner.id,
      call: at('PUT', '/communities/:id/remove-user', user),
    },
    {
      name: 'an admin removes another admin',
      expect: { admin: 403 },
      prepare: async (c, who) => {
        const other = await newMember(c, who.owner);
        await api.ok(who.owner, 'PUT', `/communities/${c._id}/add-admin`, { userId: other.id });
        return other.id;
      },
      call: at('PUT', '/communities/:id/remove-user', user),
    },
    {
      name: 'unblock-user',
      expect: staffOnly,
      prepare: async (c, who) => {
        const u = await api.person();
        await api.ok(who.owner, 'PUT', `/communities/${c._id}/block-user`, { userId: u.id });
        return u.id;
      },
      call: at('PUT', '/communities/:id/unblock-user', user),
    },
    {
      name: 'add-admin',
      expect: { owner: 200, admin: 403, member: 403, blocked: 403, outsider: 403 },
      prepare: fresh,
      call: at('PUT', '/communities/:id/add-admin', user),
    },
    {
      name: 'transfer-ownership',
      expect: { owner: 200, admin: 403, member: 403, blocked: 403, outsider: 403 },
      prepare: async (_c, who) => who.member.id,
      call: at('PUT', '/communities/:id/transfer-ownership', user),
      after: (c, who) => api.ok(who.member, 'PUT', `/communities/${c._id}/decline-transfer-request`),
    },
    ...(['accept-post-request', 'decline-post-request'] as const).map((path): Action => ({
      name: path,
      expect: staffOnly,
      prepare: async (c, who) => (await waitingPost(c, who.owner))._id,
      call: at('PUT', `/communities/:id/${path}`, (postId) => ({ postId })),
    })),
  ];
}

/** Every try of the matrix: an action, a role and the status it must answer. */
function tries(visibility: 'public' | 'private') {
  return actions(visibility).flatMap((a) =>
    ROLES.flatMap((role) => {
      const want = a.expect[role];
      return want === undefined ? [] : [[a.name, role, want, a] as const];
    }),
  );
}

describe.each(['public', 'private'] as const)('the authorization matrix on a %s community', (visibility) => {
  let world: { c: Community; who: Cast };
  beforeAll(async () => {
    world = await castFor(visibility, visibility === 'private');
  });

  it('tries every action by the owner, an admin, a member, a blocked person and an outsider', () => {
    expect(tries(visibility).length).toBeGreaterThan(80);
  });

  it.each(tries(visibility))('%s by the %s answers %i (a refusal writes nothing)', async (name, role, want, a) => {
    const { c, who } = world;
    const arg = a.prepare ? await a.prepare(c, who, who[role]) : '';
    const before = want >= 400 ? await snapshot() : '';
    const res = await a.call(who[role], c, arg);
    expect(res.statusCode, `${name} by ${role}: ${res.body.slice(0, 300)}`).toBe(want);
    if (want >= 400) expect(await snapshot(), `${name} by ${role} wrote something`).toBe(before);
    else if (a.after) await a.after(c, who);
  });
});
