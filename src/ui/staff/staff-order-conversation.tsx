import { CloseButton, Drawer, Portal } from '@chakra-ui/react';
import { ConversationPanel } from '../common/work-order-conversation-panel';
import { useT } from '../i18n/language-context';
import { useStaffMachines } from './staff-machines';

/** The work-order tab's drawer: an order's conversation as staff see it, with the staff-only note switch. */
export function StaffOrderConversation({ eventNum, onClose }: { eventNum: string; onClose: () => void }) {
  const t = useT();
  const { conversation } = useStaffMachines();
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
              <ConversationPanel machine={conversation} eventNum={eventNum} audience="staff" />
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
