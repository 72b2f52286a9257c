import { useSelector } from '@xstate/react';
import type { MessageAuthor } from '../../domain/repair/work-order-message.policy';
import type { workOrderConversationMachine } from '../../domain/repair/work-order-conversation.machine';
import { useFreshActor } from './use-fresh-actor';
import { ConversationView } from './work-order-conversation-view';
import { conversationView } from './work-order-conversation.selectors';

/** An order's conversation as `audience` sees it, run by the area's machine (its I/O provided by the area's module). */
export function ConversationPanel({ machine, eventNum, audience }: { machine: typeof workOrderConversationMachine; eventNum: string; audience: MessageAuthor }) {
  const actor = useFreshActor(machine, { input: { eventNum, audience } });
  const view = useSelector(actor, conversationView);
  return (
    <ConversationView
      view={view}
      onContent={(content) => actor.send({ type: 'draft.change', content })}
      onFiles={(files) => actor.send({ type: 'files.add', files })}
      onRemove={(index) => actor.send({ type: 'file.remove', index })}
      onToggleInternal={() => actor.send({ type: 'internal.toggle' })}
      onSend={() => actor.send({ type: 'message.send' })}
      onRetry={() => actor.send({ type: 'list.retry' })}
    />
  );
}
