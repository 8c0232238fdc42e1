import { sql } from 'drizzle-orm';
import { executeRows, type Db } from '../../platform/db.js';
import { createGroup } from './groups.service.js';
import { sendOne } from './send-batch.js';

// A chat that is alive on a new database (demo mode): two demo people talking, and a group of three
// planning a weekend, so the chat list of a demo person is not empty.

type DemoPerson = { id: string };

/** [from, to, text] between the first two demo people. */
const DIRECT: [0 | 1, 0 | 1, string][] = [
  [0, 1, 'Tunde! Are you coming to the market on Saturday?'],
  [1, 0, 'Yes o. I’ll bring the new earbuds for you to see'],
  [0, 1, 'Perfect. How much are they?'],
  [1, 0, '₦18,500, but for you ₦17k 😄'],
  [0, 1, 'Deal. I’ll send it on Owo when I pick them'],
];

/** [from, text] in the group of the first three. */
const GROUP: [0 | 1 | 2, string][] = [
  [0, 'Welcome to the planning group 🎉'],
  [2, 'Thanks Ada! Who is bringing the jollof?'],
  [1, 'Me. Halima, you handle the drinks?'],
  [2, 'Done. Let’s split the cost on Owo after'],
];

/** Seeds the demo chats (at least three people); false when any message exists already. */
export async function seedChat(db: Db, people: DemoPerson[]): Promise<boolean> {
  const [any] = await executeRows(db, sql`SELECT 1 FROM chat_messages LIMIT 1`);
  if (any || people.length < 3) return false;
  const p = (i: number) => people[i]!.id;
  for (const [i, [from, to, text]] of DIRECT.entries())
    await sendOne(db, { fromUserId: p(from), input: { msgId: `demo-${i}`, toUserId: p(to), msgType: 'text', msgBody: { text } } });
  const group = await createGroup(db, p(0), { name: 'Saturday hangout', memberIds: [p(1), p(2)] });
  for (const [i, [from, text]] of GROUP.entries())
    await sendOne(db, {
      fromUserId: p(from),
      group: { groupId: group.info.id, msgId: `demo-group-${i}`, msgType: 'text', msgBody: { text } },
    });
  return true;
}
