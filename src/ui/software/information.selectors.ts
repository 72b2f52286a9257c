import type { SnapshotFrom } from 'xstate';
import type {
  informationFormMachine,
  InformationErrorKey,
  InformationField,
  InformationValues,
} from '../../domain/cam/information-form.machine';

/** What the information form shows. */
export interface InformationViewModel {
  values: InformationValues;
  errors: Partial<Record<InformationField, InformationErrorKey>>;
  busy: boolean;
  submitted: boolean;
  serverError: string;
}

export function selectInformationView(snapshot: SnapshotFrom<typeof informationFormMachine>): InformationViewModel {
  return {
    values: snapshot.context.values,
    errors: snapshot.context.errors,
    busy: snapshot.hasTag('busy'),
    submitted: snapshot.matches('submitted'),
    serverError: snapshot.context.serverError,
  };
}
