import { ConversationPanel } from '../common/work-order-conversation-panel';
import { useRepairMachines } from './repair-machines';

/** The conversation of one of the company's orders in its drawer: the area's machine, the shared view. */
export function OrderConversation({ eventNum }: { eventNum: string }) {
  return <ConversationPanel machine={useRepairMachines().conversation} eventNum={eventNum} audience="customer" />;
}
