import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { MediaItem } from '@owo/contracts';
import { newId } from '../../platform/crypto.js';
import { executeRows, type Db, type Tx } from '../../platform/db.js';
import type { BlobStorage } from '../../platform/storage.js';
import { storeImage } from '../upload/index.js';
import { hashtagsOf } from './text.js';

// A Connect that is alive on a new database (demo mode): the demo people follow each other, post in
// several topics with pictures and hashtags, like and comment, have stories of the last day and a
// highlight, and belong to two communities (one public, one private). Pictures are drawn here.

export type DemoPerson = { id: string; firstName: string };

/** An array literal of words (tags, ids: letters, digits, _ and - only). */
const pgArray = (xs: string[]) => `{${xs.join(',')}}`;

const COLOURS = ['#0b6e4f', '#c2410c', '#1d4ed8', '#a21caf', '#b45309', '#0f766e', '#be123c', '#4d7c0f'];

/** A square picture with a few words on it (a post's photo, a story, an avatar). */
function drawn(words: string, colour: string, size = 800): Promise<Buffer> {
  const lines = words
    .split('\n')
    .map(
      (l, i, all) =>
        `<text x="50%" y="${50 + (i - (all.length - 1) / 2) * 12}%" font-family="sans-serif" font-size="${size / (l.length > 12 ? 14 : 8)}" font-weight="700" fill="#fff" text-anchor="middle" dominant-baseline="middle">${l}</text>`,
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><rect width="${size}" height="${size}" fill="${colour}"/><circle cx="${size * 0.85}" cy="${size * 0.15}" r="${size * 0.3}" fill="#fff" fill-opacity="0.1"/><circle cx="${size * 0.1}" cy="${size * 0.9}" r="${size * 0.35}" fill="#000" fill-opacity="0.08"/>${lines}</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

async function picture(db: Db, storage: BlobStorage, ownerId: string, words: string, colour: string): Promise<MediaItem> {
  const f = await storeImage(db, storage, ownerId, await drawn(words, colour), 'demo.jpg');
  return { url: f.url, thumbnailUrl: f.thumbnailUrl, kind: 'image', width: f.width, height: f.height, durationMs: null };
}

/** An avatar (initials on a colour) for a demo person: the stored picture's url. */
export async function demoAvatar(db: Db, storage: BlobStorage, p: DemoPerson & { lastName: string }, i: number): Promise<string> {
  const f = await storeImage(
    db,
    storage,
    p.id,
    await drawn(`${p.firstName[0]}${p.lastName[0]}`, COLOURS[i % COLOURS.length]!, 320),
    'avatar.jpg',
  );
  return f.url;
}

/** [author index, topic, text, picture words or null, hours ago] */
const POSTS: [number, string, string, string | null, number][] = [
  [0, 'money-tips', 'Paid all my bills this month with Owo and still saved ₦20k 🎉 #MoneyTips #Savings', 'Saved\n₦20,000', 2],
  [
    1,
    'business',
    'New stock just landed at the shop. Phones, chargers, earbuds, everything! #SmallBusiness #Lagos',
    'New stock\nin store',
    3,
  ],
  [2, 'food', 'Sunday jollof with the family. Nothing beats it 🍛 #Jollof #NaijaFood', 'Sunday\nJollof', 5],
  [3, 'tech', 'Building my first app this weekend. Who else is learning to code? #Tech #LearnToCode', 'Hello,\nworld', 7],
  [4, 'fashion', 'Ankara Friday 💃🏾 What are you wearing today? #AnkaraFriday #Fashion', 'Ankara\nFriday', 9],
  [0, 'lifestyle', 'Morning walk at Lekki Conservation Centre. Lagos can be so peaceful #Lagos #Weekend', 'Lekki\nmornings', 12],
  [5, 'sports', 'What a match last night! Super Eagles all the way 🦅 #SuperEagles', 'Super\nEagles', 14],
  [1, 'money-tips', 'Tip: set a savings target for rent and let Owo put money aside every week #MoneyTips', null, 16],
  [6, 'health', 'Drink water, take a walk, sleep early. Small habits, big results #Health', 'Small\nhabits', 20],
  [
    2,
    'business',
    'My small chops business turned one today! Thank you to everyone who ordered ❤️ #SmallBusiness',
    'One year\nof small chops',
    22,
  ],
  [7, 'education', 'Free maths lessons for secondary school students every Saturday in Yaba #Education', 'Free\nlessons', 26],
  [3, 'entertainment', 'This new Afrobeats album is on repeat all week 🎶 #Afrobeats', 'On\nrepeat', 30],
  [4, 'food', 'Suya night with the crew. Who makes the best suya in Abuja? #NaijaFood #Abuja', 'Suya\nnight', 34],
  [5, 'tech', 'Sent money to my mum in Kano in seconds. No queue, no wahala #Owo', null, 40],
  [6, 'faith', 'Grateful for another week. Have a blessed Sunday everyone 🙏', null, 46],
  [0, 'fashion', 'Found these shoes at Lekki Styles on Owo Shop. Delivered the next day! #Fashion', 'New\nshoes', 52],
  [7, 'news', 'The new BRT route from Ikorodu starts on Monday. Plan your trips #Lagos', null, 60],
  [1, 'lifestyle', 'Weekend plans: beach, suya and zero emails #Weekend', 'Beach\nday', 66],
];

const COMMENTS = [
  'Congrats!',
  'This is so true',
  'Where is this?',
  'I need this energy today',
  'Well said 👏',
  'Count me in',
  'Looks sweet 😍',
];

async function follow(tx: Tx, people: DemoPerson[]) {
  // Everyone follows the first four; each also follows the next two.
  const pairs = new Set<string>();
  people.forEach((p, i) => {
    for (const j of [0, 1, 2, 3, (i + 1) % people.length, (i + 2) % people.length]) if (j !== i) pairs.add(`${p.id}|${people[j]!.id}`);
  });
  for (const pair of pairs) {
    const [a, b] = pair.split('|');
    await tx.execute(sql`INSERT INTO follows (follower_id, followee_id) VALUES (${a}, ${b}) ON CONFLICT DO NOTHING`);
  }
}

/** Seeds Connect for these demo people (at least eight); false when there are posts already. */
export async function seedConnect(db: Db, storage: BlobStorage, people: DemoPerson[]): Promise<boolean> {
  const [any] = await executeRows(db, sql`SELECT 1 FROM posts LIMIT 1`);
  if (any || people.length < 8) return false;
  const media = new Map<number, MediaItem>();
  for (const [i, [author, , , words]] of POSTS.entries())
    if (words) media.set(i, await picture(db, storage, people[author]!.id, words, COLOURS[i % COLOURS.length]!));
  const storyMedia = await Promise.all(
    ['Good morning\nLagos', 'Market day', 'Sunset\nat Tarkwa Bay'].map((w, i) =>
      picture(db, storage, people[i]!.id, w, COLOURS[(i + 3) % 8]!),
    ),
  );
  const now = Date.now();
  await db.transaction(async (tx) => {
    await follow(tx, people);
    const ids: string[] = [];
    for (const [i, [author, topic, text, , hours]] of POSTS.entries()) {
      const id = newId();
      ids.push(id);
      const at = new Date(now - hours * 3_600_000);
      const tags = hashtagsOf(text);
      await tx.execute(sql`INSERT INTO posts (id, author_id, kind, status, text, media, category_id, tags, created_at, published_at)
        VALUES (${id}, ${people[author]!.id}, 'post', 'published', ${text}, ${JSON.stringify(media.has(i) ? [media.get(i)] : [])}::jsonb,
          ${topic}, ${pgArray(tags)}::text[], ${at}, ${at})`);
      for (const tag of tags) await tx.execute(sql`INSERT INTO post_tags (post_id, tag, created_at) VALUES (${id}, ${tag}, ${at})`);
      // Likes and comments from the others, more on the newer posts.
      const likers = people.filter((_, j) => j !== author && (i + j) % 3 !== 0);
      for (const l of likers) await tx.execute(sql`INSERT INTO post_likes (post_id, user_id, created_at) VALUES (${id}, ${l.id}, ${at})`);
      const commenters = likers.slice(0, 1 + (i % 3));
      for (const [k, c] of commenters.entries())
        await tx.execute(sql`INSERT INTO post_comments (id, post_id, author_id, text, created_at)
          VALUES (${newId()}, ${id}, ${c.id}, ${COMMENTS[(i + k) % COMMENTS.length]!}, ${new Date(at.getTime() + (k + 1) * 600_000)})`);
      await tx.execute(sql`UPDATE posts SET likes_count = ${likers.length}, comment_count = ${commenters.length} WHERE id = ${id}`);
    }
    await stories(tx, people, storyMedia, now);
    await communities(tx, people, now);
    await tx.execute(sql`INSERT INTO connect_profiles (user_id, posts_count, followers_count, followings_count)
      SELECT u.id, (SELECT count(*) FROM posts p WHERE p.author_id = u.id AND p.status = 'published' AND p.community_id IS NULL),
        (SELECT count(*) FROM follows f WHERE f.followee_id = u.id), (SELECT count(*) FROM follows f WHERE f.follower_id = u.id)
      FROM unnest(${pgArray(people.map((p) => p.id))}::uuid[]) u(id)
      ON CONFLICT (user_id) DO UPDATE SET posts_count = EXCLUDED.posts_count, followers_count = EXCLUDED.followers_count,
        followings_count = EXCLUDED.followings_count`);
  });
  return true;
}

async function stories(tx: Tx, people: DemoPerson[], pictures: MediaItem[], now: number) {
  const hl = newId();
  await tx.execute(
    sql`INSERT INTO highlights (id, owner_id, title, cover_url) VALUES (${hl}, ${people[0]!.id}, 'Lagos', ${pictures[0]!.thumbnailUrl})`,
  );
  for (const [i, m] of pictures.entries()) {
    const id = newId();
    const at = new Date(now - (i + 1) * 2 * 3_600_000);
    await tx.execute(sql`INSERT INTO stories (id, author_id, kind, media, audience, created_at, expires_at)
      VALUES (${id}, ${people[i]!.id}, 'image', ${JSON.stringify(m)}::jsonb, 'everyone', ${at}, ${new Date(at.getTime() + 86_400_000)})`);
    if (i === 0) await tx.execute(sql`INSERT INTO highlight_stories (highlight_id, story_id, position) VALUES (${hl}, ${id}, 0)`);
  }
  await tx.execute(sql`INSERT INTO stories (id, author_id, kind, text, background, audience, created_at, expires_at)
    VALUES (${newId()}, ${people[3]!.id}, 'text', 'Who is coming to the tech meetup on Saturday?', '#1d4ed8', 'everyone',
      ${new Date(now - 3_600_000)}, ${new Date(now + 23 * 3_600_000)})`);
}

async function communities(tx: Tx, people: DemoPerson[], now: number) {
  const circles: [string, string, string, 'public' | 'private', number[]][] = [
    ['Lagos Foodies', 'Where to eat in Lagos, and what to cook at home', 'food', 'public', [2, 0, 1, 3, 4, 5]],
    ['Owo Sellers Circle', 'Shop owners on Owo: tips, suppliers and questions', 'business', 'private', [1, 5, 6, 7]],
  ];
  for (const [name, description, category, visibility, members] of circles) {
    const id = newId();
    const owner = people[members[0]!]!;
    await tx.execute(sql`INSERT INTO communities (id, name, description, category_id, visibility, owner_id, members_count)
      VALUES (${id}, ${name}, ${description}, ${category}, ${visibility}, ${owner.id}, ${members.length})`);
    for (const [k, m] of members.entries())
      await tx.execute(
        sql`INSERT INTO community_members (community_id, user_id, role) VALUES (${id}, ${people[m]!.id}, ${k === 0 ? 'owner' : 'member'})`,
      );
    const text =
      visibility === 'public'
        ? 'Welcome to Lagos Foodies! Share your best amala spot 🍲 #NaijaFood'
        : 'Members only: who has a good supplier for phone accessories in Computer Village?';
    const at = new Date(now - 8 * 3_600_000);
    await tx.execute(sql`INSERT INTO posts (id, author_id, community_id, kind, status, text, category_id, tags, created_at, published_at)
      VALUES (${newId()}, ${owner.id}, ${id}, 'post', 'published', ${text}, ${category}, ${pgArray(hashtagsOf(text))}::text[], ${at}, ${at})`);
  }
}
