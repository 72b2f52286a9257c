import type { Citation } from '../domain/chat/citations';
import type { Page } from './cam-store.port';

export interface ConversationRecord {
  id: string;
  userId: string;
  title: string;
  createdAt: Date;
  updatedAt: Date;
}

export type MessageEnding = '' | 'done' | 'stopped' | 'failed';

export interface ChatMessageRecord {
  id: number;
  role: 'user' | 'assistant';
  content: string;
  reasoning: string;
  citations: Citation[];
  ending: MessageEnding;
  createdAt: Date;
}

/** Each customer's conversations with the assistant (issue 20). Every read and delete is scoped by the owner. */
export interface ChatStore {
  createConversation(userId: string, title: string, at: Date): Promise<ConversationRecord>;
  /** The conversation when it is this user's, else null. */
  conversation(userId: string, id: string): Promise<ConversationRecord | null>;
  conversations(userId: string, page: Page): Promise<{ rows: ConversationRecord[]; total: number }>;
  messages(conversationId: string): Promise<ChatMessageRecord[]>;
  /** Adds a message and moves the conversation's update time. */
  addMessage(conversation: ConversationRecord, message: Omit<ChatMessageRecord, 'id'>): Promise<void>;
  /** True when a conversation of this user was deleted. */
  deleteConversation(userId: string, id: string): Promise<boolean>;
  /** Questions the user asked since a time (the per-user rate limit). */
  questionsSince(userId: string, since: Date): Promise<number>;
}
