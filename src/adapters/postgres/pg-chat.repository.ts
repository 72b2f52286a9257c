import { and, asc, count, desc, eq, gte } from 'drizzle-orm';
import type { Citation } from '../../domain/chat/citations';
import type { Page } from '../../ports/cam-store.port';
import type { ChatMessageRecord, ChatStore, ConversationRecord, MessageEnding } from '../../ports/chat-store.port';
import type { Db } from './database';
import { chatConversations, chatMessages } from './tables/chat';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The assistant's conversations in PostgreSQL (tables/chat.ts). */
export class PgChatRepository implements ChatStore {
  constructor(private readonly db: Db) {}

  async createConversation(userId: string, title: string, at: Date): Promise<ConversationRecord> {
    const [row] = await this.db.insert(chatConversations).values({ userId, title, createdAt: at, updatedAt: at }).returning();
    return row!;
  }

  async conversation(userId: string, id: string): Promise<ConversationRecord | null> {
    if (!UUID_PATTERN.test(id)) return null;
    const [row] = await this.db
      .select()
      .from(chatConversations)
      .where(and(eq(chatConversations.id, id), eq(chatConversations.userId, userId)));
    return row ?? null;
  }

  async conversations(userId: string, page: Page) {
    const where = eq(chatConversations.userId, userId);
    const [rows, [total]] = await Promise.all([
      this.db.select().from(chatConversations).where(where).orderBy(desc(chatConversations.updatedAt), desc(chatConversations.id)).offset(page.offset).limit(page.limit),
      this.db.select({ n: count() }).from(chatConversations).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  }

  async messages(conversationId: string): Promise<ChatMessageRecord[]> {
    const rows = await this.db.select().from(chatMessages).where(eq(chatMessages.conversationId, conversationId)).orderBy(asc(chatMessages.id));
    return rows.map((r) => ({
      id: r.id,
      role: r.role as 'user' | 'assistant',
      content: r.content,
      reasoning: r.reasoning,
      citations: r.citations as Citation[],
      ending: r.ending as MessageEnding,
      createdAt: r.createdAt,
    }));
  }

  async addMessage(conversation: ConversationRecord, message: Omit<ChatMessageRecord, 'id'>): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.insert(chatMessages).values({ ...message, conversationId: conversation.id, userId: conversation.userId });
      await tx.update(chatConversations).set({ updatedAt: message.createdAt }).where(eq(chatConversations.id, conversation.id));
    });
  }

  async deleteConversation(userId: string, id: string): Promise<boolean> {
    if (!UUID_PATTERN.test(id)) return false;
    const gone = await this.db
      .delete(chatConversations)
      .where(and(eq(chatConversations.id, id), eq(chatConversations.userId, userId)))
      .returning({ id: chatConversations.id });
    return gone.length > 0;
  }

  async questionsSince(userId: string, since: Date): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(chatMessages)
      .where(and(eq(chatMessages.userId, userId), eq(chatMessages.role, 'user'), gte(chatMessages.createdAt, since)));
    return row?.n ?? 0;
  }
}
