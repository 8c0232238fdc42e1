import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Community } from '@owo/contracts';
import { executeRows, lostRaces } from '../../platform/db.js';
import type { TestUser } from '../../test/harness.js';
import { connectApp } from './connect-fixtures.js';

// Membership changes racing each other: joining a community while accepting its invite (and the
// staff acting at the same moment) never answers a 5xx, and the community's counts stay true.

const { t, api } = connectApp();

type Invite = { _id: string; invitee: { _id: string } };

const community = (owner: TestUser, visibility: 'public' | 'private') =>
  api.ok<Community>(owner, 'POST', '/communities', {
    name: `Circle ${Math.random().toString(36).slice(2, 8)}`,
    description: 'A place to talk',
    category: 'business',
    visibility,
  });

/** A fresh person who follows the owner, invited by the owner: their invite. */
async function invited(owner: TestUser, c: Community) {
  const u = await api.person();
  await api.follow(u, owner);
  const [inv] = await api.ok<Invite[]>(owner, 'POST', '/community-invites', { communityId: c._id, userIds: [u.id] });
  expect(inv!.invitee._id).toBe(u.id);
  return { u, invite: inv! };
}

/** The kept members count against the members, and what is left of this person's invite, join request and membership. */
async function stateOf(communityId: string, userId: string) {
  const [row] = await executeRows<{ kept: number; counted: number; invites: number; requests: number; role: string | null }>(
    t.db,
    sql`SELECT c.members_count::int AS kept,
      (SELECT count(*)::int FROM community_members m WHERE m.community_id = c.id AND m.role IN ('owner', 'admin', 'member')) AS counted,
      (SELECT count(*)::int FROM community_invites i WHERE i.community_id = c.id AND i.invitee_id = ${userId}) AS invites,
      (SELECT count(*)::int FROM community_join_requests r WHERE r.community_id = c.id AND r.user_id = ${userId}) AS requests,
      (SELECT role FROM community_members m WHERE m.community_id = c.id AND m.user_id = ${userId}) AS role
      FROM communities c WHERE c.id = ${communityId}`,
  );
  return row!;
}

describe('community membership races', () => {
  it('join and accept-invite at once, 20 rounds of fresh people on a public and a private community: no 5xx, counts true', async () => {
    const owner = await api.person();
    const open = await community(owner, 'public');
    const closed = await community(owner, 'private');
    const statuses: number[] = [];
    const races = lostRaces(t.db);
    for (let round = 0; round < 20; round++) {
      const c = round % 4 === 3 ? closed : open;
      // Two people at once, each joining and accepting their invite in the same moment.
      const people = await Promise.all([0, 1].map(() => invited(owner, c)));
      const answers = await Promise.all(
        people.map(async ({ u, invite }) => {
          const [join, accept] = await Promise.all([
            api.call(u, 'PUT', `/communities/${c._id}/join-community`),
            api.call(u, 'PUT', `/community-invites/${invite._id}/accept-invite`),
          ]);
          return { u, join: join!, accept: accept! };
        }),
      );
      for (const { u, join, accept } of answers) {
        statuses.push(join.statusCode, accept.statusCode);
        expect(join.statusCode, join.body).toBe(200);
        // The accept finds its invite, or the join already used it up (then it is gone: 404).
        expect([200, 404], accept.body).toContain(accept.statusCode);
        const s = await stateOf(c._id, u.id);
        expect(s.invites, 'an invite is used up either way').toBe(0);
        if (accept.statusCode === 404) {
          // The join came first: it joined the public community (using up the invite) or asked to join the private one.
          expect(c.visibility === 'public' ? s.role : s.requests).toBe(c.visibility === 'public' ? 'member' : 1);
        } else if (s.role === 'member') {
          // The join asked to join the private community first; the accept then let the person in (the request used up).
          expect(c.visibility).toBe('private');
          expect(s.requests).toBe(0);
        } else {
          // The accept came first, then the join toggled: the person left the community again.
          expect(s.role).toBeNull();
          expect(s.requests).toBe(0);
        }
      }
      const s = await stateOf(c._id, owner.id);
      expect(s.kept, `members count after round ${round}`).toBe(s.counted);
    }
    expect(statuses.filter((st) => st >= 500)).toEqual([]);
    // Every membership change locks the community first: they queue, none deadlocks (so none was retried).
    expect(lostRaces(t.db)).toEqual(races);
  }, 120_000);

  it('the staff blocking or removing the person and taking the invite back while they join and accept: no 5xx, counts true', async () => {
    const owner = await api.person();
    const admin = await api.person();
    const c = await community(owner, 'public');
    await api.ok(admin, 'PUT', `/communities/${c._id}/join-community`);
    await api.ok(owner, 'PUT', `/communities/${c._id}/add-admin`, { userId: admin.id });
    const statuses: number[] = [];
    const races = lostRaces(t.db);
    for (let round = 0; round < 10; round++) {
      const { u, invite } = await invited(owner, c);
      const answers = await Promise.all([
        api.call(u, 'PUT', `/communities/${c._id}/join-community`),
        api.call(u, 'PUT', `/community-invites/${invite._id}/accept-invite`),
        round % 2
          ? api.call(admin, 'PUT', `/communities/${c._id}/remove-user`, { userId: u.id })
          : api.call(owner, 'PUT', `/communities/${c._id}/block-user`, { userId: u.id }),
        api.call(owner, 'DELETE', `/community-invites/${invite._id}/undo-invite`),
      ]);
      for (const r of answers) {
        statuses.push(r.statusCode);
        expect(r.statusCode, r.body).toBeLessThan(500);
      }
      const s = await stateOf(c._id, u.id);
      expect(s.kept, `members count after round ${round}`).toBe(s.counted);
      expect(s.invites).toBe(0);
    }
    expect(statuses.filter((st) => st >= 500)).toEqual([]);
    // Every membership change locks the community first: they queue, none deadlocks (so none was retried).
    expect(lostRaces(t.db)).toEqual(races);
  }, 120_000);
});
