import { and, assign, fromPromise, setup } from 'xstate';
import { AREA_LEVELS, childOf, parentOf, type AreaLevel } from './area-levels';
import type { RegistrationLanguage } from './validation';

/** An area of the registration cascade (spec 1 section 3: countryid, countryname in the asked language). */
export interface AreaOption {
  countryid: number;
  countryname: string;
  namezh?: string;
  nameen?: string;
}

/** What the `loadAreas` actor is asked: the areas of a level under a parent (0 for the nations). */
export interface AreaQuery {
  level: AreaLevel;
  parentId: number;
  language: RegistrationLanguage;
}

export interface AreaCascadeContext {
  language: RegistrationLanguage;
  options: Record<AreaLevel, AreaOption[]>;
  selected: Record<AreaLevel, AreaOption | null>;
  /** The level whose options are loading (or were last loaded); null when nothing is to load. */
  loadingLevel: AreaLevel | null;
}

export type AreaCascadeEvent = { type: 'area.select'; level: AreaLevel; id: number | null };

const emptyLevels = <T>(value: () => T): Record<AreaLevel, T> => ({
  nation: value(),
  province: value(),
  city: value(),
  county: value(),
});

/** The chosen areas from the nation down, as far as chosen. */
export const selectedChain = (context: Pick<AreaCascadeContext, 'selected'>): AreaOption[] =>
  AREA_LEVELS.map((level) => context.selected[level]).filter((a): a is AreaOption => a !== null);

/** The chosen areas as the account stores them: ids joined by '-', names by '/' (registration and the profile alike). */
export const areaPathOf = (chain: readonly AreaOption[]): { fullPathId: string; fullPathName: string } => ({
  fullPathId: chain.map((a) => a.countryid).join('-'),
  fullPathName: chain.map((a) => a.countryname).join('/'),
});

/** The query for the level being loaded: its parent is the area chosen one level up. */
function queryOf(context: AreaCascadeContext): AreaQuery {
  const level = context.loadingLevel ?? 'nation';
  const parent = parentOf(level);
  return { level, parentId: parent === null ? 0 : (context.selected[parent]?.countryid ?? 0), language: context.language };
}

/**
 * The area cascade of registration (spec 1 section 2): nations load first; choosing an area
 * loads the level below it; a level cannot be chosen before its parent, and changing a parent
 * clears every level below it. A failed load leaves the level empty.
 */
export const areaCascadeMachine = setup({
  types: {
    context: {} as AreaCascadeContext,
    events: {} as AreaCascadeEvent,
    input: {} as { language: RegistrationLanguage },
  },
  actors: {
    loadAreas: fromPromise<AreaOption[], AreaQuery>(async () => {
      throw new Error('loadAreas actor not provided');
    }),
  },
  guards: {
    isSelectable: ({ context, event }) => {
      const parent = parentOf(event.level);
      if (parent !== null && context.selected[parent] === null) return false;
      return event.id === null || context.options[event.level].some((a) => a.countryid === event.id);
    },
    hasChildToLoad: ({ event }) => event.id !== null && childOf(event.level) !== null,
  },
  actions: {
    assignSelection: assign(({ context, event }) => {
      const selected = { ...context.selected };
      const options = { ...context.options };
      selected[event.level] = event.id === null ? null : (context.options[event.level].find((a) => a.countryid === event.id) ?? null);
      for (let child = childOf(event.level); child !== null; child = childOf(child)) {
        selected[child] = null;
        options[child] = [];
      }
      return { selected, options, loadingLevel: event.id === null ? null : childOf(event.level) };
    }),
    assignOptions: assign(({ context }, params: { items: AreaOption[] }) =>
      context.loadingLevel === null ? {} : { options: { ...context.options, [context.loadingLevel]: params.items } },
    ),
  },
}).createMachine({
  id: 'areaCascade',
  context: ({ input }) => ({
    language: input.language,
    options: emptyLevels<AreaOption[]>(() => []),
    selected: emptyLevels<AreaOption | null>(() => null),
    loadingLevel: 'nation',
  }),
  initial: 'loading',
  on: {
    'area.select': [
      { guard: and(['isSelectable', 'hasChildToLoad']), target: '.loading', reenter: true, actions: 'assignSelection' },
      { guard: 'isSelectable', target: '.ready', actions: 'assignSelection' },
    ],
  },
  states: {
    loading: {
      invoke: {
        src: 'loadAreas',
        input: ({ context }) => queryOf(context),
        onDone: { target: 'ready', actions: { type: 'assignOptions', params: ({ event }) => ({ items: event.output }) } },
        onError: { target: 'ready' },
      },
    },
    ready: {},
  },
});
