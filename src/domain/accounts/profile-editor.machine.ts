import { assign, enqueueActions, sendTo, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { areaCascadeMachine, areaPathOf, selectedChain, type AreaCascadeEvent } from './area-cascade.machine';
import { profileFormMachine, type ProfileValues } from './profile-form.machine';
import type { RegistrationLanguage } from './validation';

export interface ProfileEditorContext {
  /** The profile form (rules, User/Save), a child machine. */
  form: ActorRefFrom<typeof profileFormMachine>;
  /** Registration's area cascade, a child machine: the area the customer picks to replace the saved one. */
  areas: ActorRefFrom<typeof areaCascadeMachine>;
  /** The saved profile the form starts from, and starts from again after a save. */
  saved: Partial<ProfileValues>;
}

/** The profile fields a save keeps in the form (the passwords start empty again). */
const KEPT = ['realName', 'mobile', 'fullPathId', 'fullPathName', 'address'] as const;
const keptOf = (values: ProfileValues): Partial<ProfileValues> => Object.fromEntries(KEPT.map((field) => [field, values[field]]));

export type ProfileEditorEvent =
  | { type: 'form.change'; field: keyof ProfileValues; value: string }
  | { type: 'form.submit'; lang?: 'zh' | 'en' }
  | { type: 'form.reset' }
  | AreaCascadeEvent
  | FormSnapshotEvent;

/** The form's snapshots (spawned with syncSnapshot): a save is seen here. */
type FormSnapshotEvent = { type: 'xstate.snapshot.form'; snapshot: SnapshotFrom<typeof profileFormMachine> };

/**
 * The user centre's profile editor (spec 2 section 5): the profile form and registration's area
 * cascade as two children, as registration holds its cascade. The form starts with the saved
 * profile (`input.profile`); an area chosen in the cascade, as far down as it is chosen, replaces
 * the saved one when the form is sent. With nothing chosen the saved area stays. A save says so
 * (`saved`) and the form starts again from what was saved.
 */
export const profileEditorMachine = setup({
  types: {
    context: {} as ProfileEditorContext,
    events: {} as ProfileEditorEvent,
    input: {} as { language: RegistrationLanguage; profile?: Partial<ProfileValues> },
    children: {} as { form: 'profileForm'; areas: 'areaCascade' },
  },
  actors: { profileForm: profileFormMachine, areaCascade: areaCascadeMachine },
  actions: {
    forwardToForm: sendTo(({ context }) => context.form, ({ event }) => event as Exclude<ProfileEditorEvent, AreaCascadeEvent | FormSnapshotEvent>),
    forwardToAreas: sendTo(({ context }) => context.areas, ({ event }) => event as AreaCascadeEvent),
    // The chosen chain goes into the form just before the submit (events to a child keep their order).
    fillChosenArea: enqueueActions(({ context, enqueue }) => {
      const chain = selectedChain(context.areas.getSnapshot().context);
      if (chain.length === 0) return;
      const path = areaPathOf(chain);
      enqueue.sendTo(context.form, { type: 'form.change', field: 'fullPathId', value: path.fullPathId });
      enqueue.sendTo(context.form, { type: 'form.change', field: 'fullPathName', value: path.fullPathName });
    }),
    // The screen's notice (and the page's reload of the profile).
    saved: () => {},
  },
}).createMachine({
  id: 'profileEditor',
  context: ({ spawn, input }) => ({
    form: spawn('profileForm', { id: 'form', syncSnapshot: true }),
    areas: spawn('areaCascade', { id: 'areas', input: { language: input.language } }),
    saved: input.profile ?? {},
  }),
  entry: sendTo(({ context }) => context.form, ({ context }) => ({ type: 'form.reset' as const, values: context.saved })),
  on: {
    'xstate.snapshot.form': {
      guard: ({ event }) => event.snapshot.value === 'submitted',
      actions: [
        'saved',
        assign(({ event }) => ({ saved: keptOf(event.snapshot.context.values) })),
        sendTo(({ context }) => context.form, ({ context }) => ({ type: 'form.reset' as const, values: context.saved })),
      ],
    },
    'form.change': { actions: 'forwardToForm' },
    'form.reset': { actions: 'forwardToForm' },
    'form.submit': { actions: ['fillChosenArea', 'forwardToForm'] },
    'area.select': { actions: 'forwardToAreas' },
  },
});
