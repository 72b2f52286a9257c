import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../schema';

/** A conversation of one customer with the assistant (issue 20): its title is the first question, cut. */
export const chatConversations = pgTable(
  'chat_conversations',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('chat_conversations_user_idx').on(t.userId, t.updatedAt), check('chat_conversations_title_len', sql`char_length(${t.title}) <= 200`)],
);

/**
 * One message of a conversation: the customer's question (`user`) or the assistant's answer with its
 * reasoning text and the articles it cited (`[{id, nodeId, library, title}]`).
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    /** Copied from the conversation: the per-user rate limit counts a user's questions without a join. */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    content: text('content').notNull(),
    reasoning: text('reasoning').notNull().default(''),
    citations: jsonb('citations').notNull().default(sql`'[]'::jsonb`),
    /** How the answer ended: done, stopped (the customer stopped it) or failed; '' for a question. */
    ending: text('ending').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('chat_messages_conversation_idx').on(t.conversationId, t.id),
    index('chat_messages_user_time_idx').on(t.userId, t.createdAt),
    check('chat_messages_role', sql`${t.role} in ('user', 'assistant')`),
    check('chat_messages_ending', sql`${t.ending} in ('', 'done', 'stopped', 'failed')`),
    check('chat_messages_content_len', sql`char_length(${t.content}) <= 40000`),
  ],
);
