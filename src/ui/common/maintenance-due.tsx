import { Badge, Box } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { ServiceIdentifier } from 'inversify';
import type { maintenanceDueMachine } from '../../domain/maintenance/maintenance-load.machine';
import { useT } from '../i18n/language-context';
import { useService } from './services-context';
import { useFreshActor } from './use-fresh-actor';

/**
 * The due/overdue badge of the fleet and machine pages (issue 17). It lives here, not in the
 * maintenance area, because the devices area shows it and areas do not import each other; its
 * data comes through the maintenance port (app/maintenance.module.ts provides the machine).
 */
export const MaintenanceDueToken: ServiceIdentifier<typeof maintenanceDueMachine> = Symbol.for('MaintenanceDueMachine');

/** Due plans per order number, loaded once per page; `loaded` once the plans came (or could not). */
export function useMaintenanceDue() {
  const actor = useFreshActor(useService(MaintenanceDueToken));
  const due = useSelector(actor, (snapshot) => snapshot.context.due);
  const loaded = useSelector(actor, (snapshot) => snapshot.matches('ready'));
  return { due, loaded };
}

/** A small badge linking nowhere: the state and how many plans are due. Nothing when none is. */
export function MaintenanceDueBadge({ due }: { due: MaintenanceDue | undefined }) {
  const t = useT();
  if (!due) return null;
  return (
    <Badge colorPalette={due.state === 'overdue' ? 'red' : 'orange'} variant="solid" borderRadius="full" px="2" data-testid="maintenance-due-badge" data-state={due.state}>
      {t(`common.maintenance.${due.state}`)}
      {due.count > 1 ? ` ×${due.count}` : ''}
    </Badge>
  );
}

export type MaintenanceDue = { state: 'warning' | 'overdue'; count: number };

/** The badge of one machine, with its own load (the machine page shows one). */
export function MaintenanceDueFor({ orderNumber }: { orderNumber: string }) {
  const { due } = useMaintenanceDue();
  const mine = due[orderNumber];
  if (!mine) return null;
  return (
    <Box>
      <MaintenanceDueBadge due={mine} />
    </Box>
  );
}
