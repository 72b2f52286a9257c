import type { Config } from '../config';
import type { RouteTableEntry } from '../route-kit';
import type { Telemetry } from '../telemetry/telemetry';

/**
 * One area of the portal on the server (repair, maintenance, documents, ...): its services, its
 * routes and any wiring that needs the running live data, declared in one file of its own,
 * `areas/<area>.area.ts` (issue 34 item 4). A new area is one line in `portal-areas.ts`.
 */
export interface ServerArea<Needs, Own> {
  readonly name: string;
  /** The area's services, from the core and the areas composed before it. */
  readonly services: (have: Needs, config: Config) => Own;
  /** The area's routes: JSON calls, file routes and uploads. */
  readonly routes: (services: Needs & Own, config: Config) => RouteTableEntry[];
  /** Wiring that needs the running live data (once per app, after telemetry starts). */
  readonly attach?: (services: Needs & Own, runtime: AreaRuntime) => void;
}

/** What an area's `attach` gets of the running app. */
export interface AreaRuntime {
  telemetry: Telemetry;
  log: { warn: (object: object, message: string) => void };
  /** Runs when the app closes (before the database does): stop timers, wait for work in flight. */
  onClose: (stop: () => Promise<void>) => void;
}

/** An area whose types are read from its functions (`Needs` from the services' parameter). */
export const defineArea = <Needs, Own>(area: ServerArea<Needs, Own>): ServerArea<Needs, Own> => area;

/**
 * Composes areas in order, each from what the core and the areas before it hold; the compiler
 * checks that an area's needs are there when it is added.
 */
export class AreaComposer<Have> {
  private constructor(
    readonly services: Have,
    readonly areas: readonly ServerArea<any, any>[],
    private readonly config: Config,
  ) {}

  static from<Core>(core: Core, config: Config): AreaComposer<Core> {
    return new AreaComposer(core, [], config);
  }

  add<Own>(area: ServerArea<Have, Own>): AreaComposer<Have & Own> {
    const own = area.services(this.services, this.config);
    return new AreaComposer({ ...this.services, ...own }, [...this.areas, area], this.config);
  }
}
