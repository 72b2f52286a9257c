import type { SnapshotFrom } from 'xstate';
import { draftProblem, type ConversationMessage, type DraftProblem, type workOrderConversationMachine } from '../../domain/repair/work-order-conversation.machine';

/** What the conversation view shows, from the machine's snapshot. */
export interface ConversationViewModel {
  phase: 'loading' | 'failed' | 'unknown' | 'ready';
  messages: ConversationMessage[];
  content: string;
  files: Array<{ name: string; size: number }>;
  /** The draft's problem once the person started one ('empty' is the disabled button's, not a message). */
  problem: Exclude<DraftProblem, 'empty'> | null;
  canSend: boolean;
  sending: boolean;
  /** 0 to 100 while sending. */
  percent: number | null;
  /** The server's refusal of the last send; '' when no answer came. */
  refusal: string | null;
  staff: boolean;
  internal: boolean;
}

export function conversationView(snapshot: SnapshotFrom<typeof workOrderConversationMachine>): ConversationViewModel {
  const c = snapshot.context;
  const problem = draftProblem(c.content, c.files);
  const phase = snapshot.matches('ready') ? 'ready' : snapshot.matches('failed') ? 'failed' : snapshot.matches('unknown') ? 'unknown' : 'loading';
  return {
    phase,
    messages: c.messages,
    content: c.content,
    files: c.files.map((f) => ({ name: f.name, size: f.size })),
    problem: problem === 'empty' ? null : problem,
    canSend: snapshot.can({ type: 'message.send' }),
    sending: snapshot.matches({ ready: 'sending' }),
    percent: c.progress ? (c.progress.total > 0 ? Math.round((c.progress.loaded / c.progress.total) * 100) : 100) : null,
    refusal: c.refusal,
    staff: c.audience === 'staff',
    internal: c.internal,
  };
}
