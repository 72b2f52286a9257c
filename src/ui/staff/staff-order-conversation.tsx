import { CloseButton, Drawer, Portal } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useFreshActor } from '../common/use-fresh-actor';
import { ConversationView } from '../common/work-order-conversation-view';
import { conversationView } from '../common/work-order-conversation.selectors';
import { useT } from '../i18n/language-context';
import { useStaffMachines } from './staff-machines';

/** The work-order tab's drawer: an order's conversation as staff see it, with the staff-only note switch. */
export function StaffOrderConversation({ eventNum, onClose }: { eventNum: string; onClose: () => void }) {
  const t = useT();
  const { conversation } = useStaffMachines();
  const actor = useFreshActor(conversation, { input: { eventNum, audience: 'staff' } });
  const view = useSelector(actor, conversationView);
  return (
    <Drawer.Root open onOpenChange={(d) => !d.open && onClose()} size={{ base: 'full', md: 'md' }}>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content data-testid="staff-order-conversation">
            <Drawer.Header>
              <Drawer.Title>{t('staff.workOrders.conversationOf', { eventNum })}</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              <ConversationView
                view={view}
                onContent={(content) => actor.send({ type: 'draft.change', content })}
                onFiles={(files) => actor.send({ type: 'files.add', files })}
                onRemove={(index) => actor.send({ type: 'file.remove', index })}
                onToggleInternal={() => actor.send({ type: 'internal.toggle' })}
                onSend={() => actor.send({ type: 'message.send' })}
                onRetry={() => actor.send({ type: 'list.retry' })}
              />
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('staff.workOrders.closeConversation')} />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
