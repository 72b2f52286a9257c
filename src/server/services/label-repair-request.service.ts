import { contactKindOf, contactProblem, type ContactProblem } from '../../domain/accounts/account-rules';
import { normaliseContact } from '../../domain/shared/contact-patterns';
import type { MachineRecord } from '../../ports/machine-store.port';
import type { CustomerServicePort } from '../../ports/customer-service.port';
import type { AlarmStore } from '../../ports/alarm-store.port';
import type { UnitOfWork } from '../../ports/unit-of-work.port';
import type { Clock } from '../../ports/clock.port';
import { done, refuse, type Outcome } from '../outcome';
import type { LabelRefusal, MachineLabelService } from './machine-label.service';
import { codeRefusalOf, type CodeRefusal, type VerificationCodeService } from './verification-code.service';

/** Label requests one machine takes in an hour, and one address may send: a label on a shop floor is not a mailbox for the world. */
export const LABEL_REQUESTS_PER_MACHINE_HOUR = 5;
export const LABEL_REQUESTS_PER_CONTACT_HOUR = 3;
const HOUR_MS = 3_600_000;

/** Tells the owner of a request (the alarms area's notifier): writes through the transaction's store, answers what to do after the commit. */
export interface LabelRequestNotices {
  labelRequested(
    alarms: AlarmStore,
    request: { orderNumber: string; eventNum: string; requester: { name: string; contact: string }; content: string },
    at: Date,
  ): Promise<() => void>;
}

type RequestRefusal = LabelRefusal | ContactProblem | 'noOwner' | 'machineBusy' | 'contactBusy';

export interface LabelRepairInput {
  contact: string;
  code: string;
  name: string;
  content: string;
}

/**
 * A repair request from a scanned QR label (issue 39, item 3): someone at the machine who is not
 * its owner proves an e-mail or phone with a code, and the request becomes a pending work order
 * of the owner's, without a spare part (the requester does not know the parts, and a request that
 * names none counts against no stock). The code is checked and used up in the transaction that
 * writes the order and the owner's bell message and e-mail, so a failed write leaves the code good
 * and tells no one; both calls count the caps first.
 */
export class LabelRepairRequestService {
  constructor(
    private readonly labels: MachineLabelService,
    private readonly codes: VerificationCodeService,
    private readonly workOrders: CustomerServicePort,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
    private readonly notices: LabelRequestNotices,
  ) {}

  /** `SendLabelRequestCode`: the code to the address; the seconds until another may be asked for. */
  async sendCode(label: string, contactInput: string): Promise<Outcome<number, RequestRefusal | 'tooSoon'>> {
    const checked = await this.admissible(label, contactInput);
    if (!checked.ok) return checked;
    return this.codes.send(contactKindOf(contactInput.trim()) === 'email' ? 'email' : 'sms', contactInput.trim());
  }

  /** `RequestRepairByLabel`: the owner's new work order, once the code is right. */
  async submit(label: string, input: LabelRepairInput): Promise<Outcome<{ eventNum: string }, RequestRefusal | CodeRefusal | 'nameRequired' | 'contentRequired'>> {
    const name = input.name.trim();
    const content = input.content.trim();
    if (!name) return refuse('nameRequired');
    if (!content) return refuse('contentRequired');
    const checked = await this.admissible(label, input.contact);
    if (!checked.ok) return checked;
    const machine = checked.data;
    const contact = normaliseContact(input.contact);
    const email = contactKindOf(contact) === 'email';
    // A refusal commits too: a wrong try still counts towards the code's lock.
    const written = await this.unitOfWork.run(async ({ codes, workOrders, alarms }) => {
      const refused = codeRefusalOf(await this.codes.verify(contact, input.code, codes));
      if (refused) return { outcome: refuse(refused), committed: () => {} };
      const at = this.clock.now();
      const opened = await workOrders.open(
        {
          userId: machine.ownerId,
          orderNumber: machine.orderNumber,
          phone: email ? '' : contact,
          email: email ? contact : '',
          company: '',
          userName: name,
          province: '',
          provinceName: '',
          city: '',
          cityName: '',
          partId: null,
          content,
          source: 'label',
        },
        at,
      );
      const committed = await this.notices.labelRequested(alarms, { orderNumber: machine.orderNumber, eventNum: opened.eventNum, requester: { name, contact }, content }, at);
      return { outcome: done({ eventNum: opened.eventNum }), committed };
    });
    written.committed();
    return written.outcome;
  }

  /** The label's machine, when the address is well formed and neither cap is reached. */
  private async admissible(label: string, contactInput: string): Promise<Outcome<MachineRecord & { ownerId: string }, RequestRefusal>> {
    const machine = await this.labels.machineOf(label);
    if (!machine.ok) return machine;
    const { ownerId } = machine.data;
    // Unbound since the label was printed: there is no one to send the request to.
    if (ownerId === null) return refuse('noOwner');
    const typed = contactInput.trim();
    const problem = contactProblem(contactKindOf(typed), typed);
    if (problem) return refuse(problem);
    const since = new Date(this.clock.now().getTime() - HOUR_MS);
    const recent = await this.workOrders.recentLabelRequests(machine.data.orderNumber, normaliseContact(typed), since);
    if (recent.machine >= LABEL_REQUESTS_PER_MACHINE_HOUR) return refuse('machineBusy');
    if (recent.contact >= LABEL_REQUESTS_PER_CONTACT_HOUR) return refuse('contactBusy');
    return done({ ...machine.data, ownerId });
  }
}
