import { enqueueActions, sendTo, setup, type ActorRefFrom } from 'xstate';
import { areaCascadeMachine, areaPathOf, selectedChain, type AreaCascadeEvent } from './area-cascade.machine';
import { profileFormMachine, type ProfileValues } from './profile-form.machine';
import type { RegistrationLanguage } from './validation';

export interface ProfileEditorContext {
  /** The profile form (rules, User/Save), a child machine. */
  form: ActorRefFrom<typeof profileFormMachine>;
  /** Registration's area cascade, a child machine: the area the customer picks to replace the saved one. */
  areas: ActorRefFrom<typeof areaCascadeMachine>;
}

export type ProfileEditorEvent =
  | { type: 'form.change'; field: keyof ProfileValues; value: string }
  | { type: 'form.submit'; lang?: 'zh' | 'en' }
  | { type: 'form.reset' }
  | AreaCascadeEvent;

/**
 * The user centre's profile editor (spec 2 section 5): the profile form and registration's area
 * cascade as two children, as registration holds its cascade. The form starts with the saved area
 * (the screen fills it with `form.change`); an area chosen in the cascade, as far down as it is
 * chosen, replaces it when the form is sent. With nothing chosen the saved area stays.
 */
export const profileEditorMachine = setup({
  types: {
    context: {} as ProfileEditorContext,
    events: {} as ProfileEditorEvent,
    input: {} as { language: RegistrationLanguage },
    children: {} as { form: 'profileForm'; areas: 'areaCascade' },
  },
  actors: { profileForm: profileFormMachine, areaCascade: areaCascadeMachine },
  actions: {
    forwardToForm: sendTo(({ context }) => context.form, ({ event }) => event as Exclude<ProfileEditorEvent, AreaCascadeEvent>),
    forwardToAreas: sendTo(({ context }) => context.areas, ({ event }) => event as AreaCascadeEvent),
    // The chosen chain goes into the form just before the submit (events to a child keep their order).
    fillChosenArea: enqueueActions(({ context, enqueue }) => {
      const chain = selectedChain(context.areas.getSnapshot().context);
      if (chain.length === 0) return;
      const path = areaPathOf(chain);
      enqueue.sendTo(context.form, { type: 'form.change', field: 'fullPathId', value: path.fullPathId });
      enqueue.sendTo(context.form, { type: 'form.change', field: 'fullPathName', value: path.fullPathName });
    }),
  },
}).createMachine({
  id: 'profileEditor',
  context: ({ spawn, input }) => ({
    form: spawn('profileForm', { id: 'form' }),
    areas: spawn('areaCascade', { id: 'areas', input: { language: input.language } }),
  }),
  on: {
    'form.change': { actions: 'forwardToForm' },
    'form.reset': { actions: 'forwardToForm' },
    'form.submit': { actions: ['fillChosenArea', 'forwardToForm'] },
    'area.select': { actions: 'forwardToAreas' },
  },
});
