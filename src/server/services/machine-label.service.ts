import { createHmac, timingSafeEqual } from 'node:crypto';
import type { MachineKind } from '../../domain/devices/machine-kind';
import type { MachineRecord, MachineStore } from '../../ports/machine-store.port';
import { done, refuse, type Outcome } from '../outcome';
import { machineByOrderNumber, ownedMachine } from './owned-machine';

/** A machine's QR label as the owner prints it. */
export interface MachineLabel {
  orderNumber: string;
  name: string;
  /** The portal path the QR code holds: `/m/<machine id>.<label revision>.<signature>`. */
  path: string;
}

/** What a scanned label shows: the model for anyone, the order number only to the owner. */
export interface ScannedLabel {
  mine: boolean;
  seriesName: string;
  kind: MachineKind;
  orderNumber: string | null;
}

/** Why a label names no machine: not one of ours, or printed before its owner withdrew the prints. */
export type LabelRefusal = 'unknownLabel' | 'withdrawn';

/** Where a label's path starts; the portal redirects it to the scan page (spa.ts). */
export const LABEL_PATH_PREFIX = '/m/';

// 128 bits of HMAC-SHA256 in base64url: enough that no one prints a label for a machine they
// never saw, short enough that the code stays a small QR (version 3 at level M) on a 30 mm label.
const SIGNATURE_CHARS = 22;
const BASE36 = /^[0-9a-z]{1,8}$/;

/**
 * QR labels (issue 39, item 3): the code names a machine by its equipment id and the label
 * revision, signed with a key only the server holds, so that a label cannot be made for another
 * machine by changing a number, and it holds no order number. Withdrawing raises the revision:
 * old prints still carry a good signature, so they can be told apart from forgeries and answer
 * "withdrawn" rather than "unknown".
 */
export class MachineLabelService {
  constructor(
    private readonly machines: MachineStore,
    private readonly labelKey: string,
  ) {}

  /** `GetMachineLabel`: the caller's machine's label; unknown and someone else's answer alike. */
  async label(userId: string, orderNumber: string): Promise<Outcome<MachineLabel, 'notYours'>> {
    const machine = await ownedMachine(this.machines, userId, orderNumber);
    return machine ? done(this.printed(machine, machine.labelRevision)) : refuse('notYours');
  }

  /** `GetMachineLabels`: every machine of the caller's, for a sheet of labels. */
  async labels(userId: string): Promise<Outcome<MachineLabel[], never>> {
    const machines = await this.machines.listByOwner(userId);
    return done(machines.map((machine) => this.printed(machine, machine.labelRevision)));
  }

  /** `WithdrawMachineLabels`: every print so far answers "withdrawn"; the new label. */
  async withdraw(userId: string, orderNumber: string): Promise<Outcome<MachineLabel, 'notYours'>> {
    const machine = await ownedMachine(this.machines, userId, orderNumber);
    const revision = machine ? await this.machines.withdrawLabels(machine.id) : null;
    return machine && revision !== null ? done(this.printed(machine, revision)) : refuse('notYours');
  }

  /** `Staff/WithdrawMachineLabels`: any machine's prints withdrawn; its new revision. */
  async withdrawAny(orderNumber: string): Promise<Outcome<{ orderNumber: string; revision: number }, 'unknown'>> {
    const machine = await machineByOrderNumber(this.machines, orderNumber);
    const revision = machine ? await this.machines.withdrawLabels(machine.id) : null;
    return machine && revision !== null ? done({ orderNumber: machine.orderNumber, revision }) : refuse('unknown');
  }

  /** A machine's label revision, for the audit row of a withdrawal (null: no such machine). */
  async revisionOf(orderNumber: string): Promise<number | null> {
    return (await machineByOrderNumber(this.machines, orderNumber))?.labelRevision ?? null;
  }

  /** `ScanMachineLabel`: what a label opens for the caller (null: nobody logged in). */
  async scan(label: string, callerId: string | null): Promise<Outcome<ScannedLabel, LabelRefusal>> {
    const named = await this.machineOf(label);
    if (!named.ok) return named;
    const machine = named.data;
    const mine = callerId !== null && machine.ownerId === callerId;
    return done({ mine, seriesName: machine.seriesName, kind: machine.kind, orderNumber: mine ? machine.orderNumber : null });
  }

  /** The machine a label names, if the label is ours and not withdrawn. */
  async machineOf(label: string): Promise<Outcome<MachineRecord, LabelRefusal>> {
    const named = this.parse(label);
    const machine = named ? await this.machines.findById(named.id) : null;
    if (!named || !machine) return refuse('unknownLabel');
    return named.revision === machine.labelRevision ? done(machine) : refuse('withdrawn');
  }

  /** The machine id and revision a label names, or null when its signature is not ours. */
  private parse(label: string): { id: number; revision: number } | null {
    const [id, revision, signature, ...rest] = label.split('.');
    if (rest.length || !id || !revision || !signature || !BASE36.test(id) || !BASE36.test(revision)) return null;
    const expected = Buffer.from(this.signature(id, revision));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected) ? { id: parseInt(id, 36), revision: parseInt(revision, 36) } : null;
  }

  private printed(machine: MachineRecord, revision: number): MachineLabel {
    const id = machine.id.toString(36);
    const rev = revision.toString(36);
    return { orderNumber: machine.orderNumber, name: machine.name, path: `${LABEL_PATH_PREFIX}${id}.${rev}.${this.signature(id, rev)}` };
  }

  private signature(id: string, revision: string): string {
    return createHmac('sha256', this.labelKey).update(`machine-label:${id}.${revision}`).digest('base64url').slice(0, SIGNATURE_CHARS);
  }
}
