import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey(),
    ownerId: uuid('owner_id').notNull(),
    key: text('key').notNull(),
    /** Null for a voice note (no thumbnail or poster). */
    thumbnailKey: text('thumbnail_key'),
    kind: text('kind', { enum: ['image', 'video', 'audio'] })
      .notNull()
      .default('image'),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    url: text('url').notNull(),
    thumbnailUrl: text('thumbnail_url'),
    width: integer('width'),
    height: integer('height'),
    durationMs: integer('duration_ms'),
    /**
     * A private document (a KYC ID or proof of address): stored under `private/`, never served by
     * the public files route, never usable in a post, story or message; staff with the permission
     * read it through the console's own call.
     */
    private: boolean('private').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('uploads_owner_idx').on(t.ownerId, t.createdAt), index('uploads_url_idx').on(t.url)],
);
