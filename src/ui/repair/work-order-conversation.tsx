import { useSelector } from '@xstate/react';
import { useFreshActor } from '../common/use-fresh-actor';
import { useRepairMachines } from './repair-machines';
import { conversationView } from '../common/work-order-conversation.selectors';
import { ConversationView } from '../common/work-order-conversation-view';

/** The conversation of one of the company's orders in its drawer: the area's machine, its view. */
export function OrderConversation({ eventNum }: { eventNum: string }) {
  const { conversation } = useRepairMachines();
  const actor = useFreshActor(conversation, { input: { eventNum, audience: 'customer' } });
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
