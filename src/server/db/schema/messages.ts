import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const contactMessage = pgTable(
  'contact_message',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contact_message_created_at_idx').on(t.createdAt)],
);

export const feedback = pgTable(
  'feedback',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    rating: integer('rating').notNull(),
    comment: text('comment'),
    page: text('page'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('feedback_created_at_idx').on(t.createdAt)],
);
