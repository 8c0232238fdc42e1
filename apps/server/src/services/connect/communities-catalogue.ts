/** Community categories (GET /community-category). */
export const COMMUNITY_CATEGORIES = [
  { id: 'business', name: 'Business & hustle', noun: 'business owners and hustlers' },
  { id: 'money', name: 'Money & savings', noun: 'people growing their money' },
  { id: 'tech', name: 'Tech', noun: 'builders and tech lovers' },
  { id: 'faith', name: 'Faith', noun: 'people of faith' },
  { id: 'sports', name: 'Sports', noun: 'sports fans' },
  { id: 'entertainment', name: 'Music & entertainment', noun: 'music and film lovers' },
  { id: 'education', name: 'Education', noun: 'students and teachers' },
  { id: 'health', name: 'Health & fitness', noun: 'people keeping fit' },
  { id: 'food', name: 'Food', noun: 'food lovers and cooks' },
  { id: 'fashion', name: 'Fashion & beauty', noun: 'fashion and beauty lovers' },
  { id: 'parents', name: 'Parents & family', noun: 'parents and families' },
  { id: 'jobs', name: 'Jobs & careers', noun: 'job seekers and professionals' },
  { id: 'neighbourhood', name: 'Neighbourhood', noun: 'neighbours' },
] as const;

const BY_ID = new Map<string, (typeof COMMUNITY_CATEGORIES)[number]>(COMMUNITY_CATEGORIES.map((c) => [c.id, c]));
export const communityCategoryOf = (id: string) => {
  const c = BY_ID.get(id);
  return { _id: id, name: c?.name ?? id };
};
export const isCommunityCategory = (id: string) => BY_ID.has(id);
/** A category by its id or its name (any case). */
export const findCommunityCategory = (given: string) => {
  const g = given.trim().toLowerCase();
  return COMMUNITY_CATEGORIES.find((c) => c.id === g || c.name.toLowerCase() === g) ?? null;
};

const OPENINGS = [
  (n: string, noun: string) => `${n} is a friendly home for ${noun}.`,
  (n: string, noun: string) => `Welcome to ${n}, where ${noun} meet.`,
  (n: string, noun: string) => `${n} brings together ${noun} from across Nigeria.`,
];
const MIDDLES: Record<string, string> = {
  business: 'Share what is working, find customers and suppliers, and learn from people who have done it.',
  money: 'Swap tips on saving, budgeting and investing, and keep each other on track.',
  tech: 'Share projects, ask questions and hear about jobs and events.',
  faith: 'Share encouragement, prayer requests and the word with one another.',
  sports: 'Talk matches, results and transfers, and cheer on your team together.',
  entertainment: 'Share new music, films and shows, and talk about what you are enjoying.',
  education: 'Ask questions, share notes and resources, and help each other learn.',
  health: 'Share workouts, healthy recipes and progress, and keep each other motivated.',
  food: 'Share recipes, your favourite spots and what you are cooking this week.',
  fashion: 'Share looks, tips and places to shop, and find inspiration.',
  parents: 'Share advice, ask questions and support each other through every stage.',
  jobs: 'Share openings, CV tips and interview advice, and help each other get hired.',
  neighbourhood: 'Share news, recommendations and alerts about what is happening nearby.',
};

/**
 * A short description from the name and category, by template: the same name and category always
 * give the same text (the variant is picked from the name), so it can be tested and cached.
 */
export function templateDescription(name: string, categoryId: string): string {
  const cat = BY_ID.get(categoryId);
  const clean = name.trim().replace(/\s+/g, ' ');
  const noun = cat?.noun ?? 'people who share an interest';
  let h = 0;
  for (const ch of clean.toLowerCase()) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  const opening = OPENINGS[h % OPENINGS.length]!(clean, noun);
  const middle = MIDDLES[categoryId] ?? 'Share ideas, ask questions and get to know each other.';
  return `${opening} ${middle} Be kind, stay on topic and no spam.`;
}
