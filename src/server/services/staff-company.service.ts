import { machineMoveProblem } from '../../domain/staff/company-move';
import type { CompanyAdminStore, StaffCompanyDetail, StaffCompanyRow } from '../../ports/company-admin.port';
import type { Clock } from '../../ports/clock.port';
import type { UnitOfWork } from '../../ports/unit-of-work.port';
import { done, refuse, type Outcome } from '../outcome';

/** Where a staff change's audit row came from: the call's request id, address and body. */
export interface StaffTrace {
  requestId: string;
  ip: string;
  request: unknown;
}

export type MoveRefusal = 'unknownMachine' | 'notBound' | 'movedMeanwhile' | 'unknownCompany' | 'sameCompany';

/** A machine moved: where from, where to. */
export interface MachineMoved {
  orderNumber: string;
  equipmentId: number;
  name: string;
  fromCompanyId: string;
  toCompanyId: string;
}

/**
 * Staff's view of every company (issue 37 item 5): the list, one company's members and machines,
 * and moving a machine from one company to another. A move writes the machine, its maintenance
 * plans and its audit row in one transaction; then the former company's members' live connections
 * close (`onMoved`), and their reconnect is checked against the membership again.
 */
export class StaffCompanyService {
  private readonly movedListeners: ((formerMembers: readonly string[], orderNumber: string) => void)[] = [];

  constructor(
    private readonly store: CompanyAdminStore,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  /** Told of every move, after its commit (the devices' live connections). */
  onMoved(listener: (formerMembers: readonly string[], orderNumber: string) => void): void {
    this.movedListeners.push(listener);
  }

  async list(search: string, page: { offset: number; limit: number }): Promise<Outcome<StaffCompanyRow[]>> {
    const { rows, total } = await this.store.list(search, page);
    return done(rows, total);
  }

  async company(companyId: string): Promise<Outcome<StaffCompanyDetail, 'notFound'>> {
    const found = await this.store.find(companyId);
    return found ? done(found) : refuse('notFound');
  }

  async moveMachine(input: { orderNumber: string; fromCompanyId: string; toCompanyId: string }, staffId: string, trace: StaffTrace): Promise<Outcome<MachineMoved, MoveRefusal>> {
    const orderNumber = input.orderNumber.trim();
    const problem = machineMoveProblem({ ...input, orderNumber });
    if (problem === 'staff.companies.error.sameCompany') return refuse('sameCompany');
    if (problem === 'staff.companies.error.noMachine') return refuse('unknownMachine');
    if (problem) return refuse('unknownCompany');
    const at = this.clock.now();
    const result = await this.unitOfWork.run(async ({ companyAdmin, audit }) => {
      const moved = await companyAdmin.moveMachine(orderNumber, input.fromCompanyId, input.toCompanyId, at);
      if (moved.kind !== 'moved') return moved;
      await audit.append({
        at,
        actorId: staffId,
        action: 'Staff/MoveMachine',
        kind: 'write',
        object: `machine:${orderNumber}`,
        result: 'done',
        request: trace.request,
        before: { OrderNumber: orderNumber, CompanyId: moved.fromCompanyId },
        after: { OrderNumber: orderNumber, CompanyId: moved.toCompanyId },
        requestId: trace.requestId,
        ip: trace.ip,
      });
      return moved;
    });
    if (result.kind !== 'moved') return refuse(result.kind);
    for (const listener of this.movedListeners) {
      try {
        listener(result.fromMembers, orderNumber);
      } catch {
        // A listener's failure does not undo the move (every live subscription is checked against the membership).
      }
    }
    return done({ orderNumber, equipmentId: result.equipmentId, name: result.name, fromCompanyId: result.fromCompanyId, toCompanyId: result.toCompanyId });
  }
}
