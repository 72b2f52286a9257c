import type { Container, ContainerModule } from 'inversify';
import type { ServiceArea } from '../ui/common/services-context';

interface AreaModule {
  load: () => Promise<ContainerModule>;
  /** Areas whose bindings this one's machines use. */
  uses?: readonly ServiceArea[];
}

/**
 * Each area's container module, loaded into the page's container when a page of the area opens
 * (the route gate) rather than all of them before any page renders: together they were some 290
 * kB of script (issue 23). common.module.ts is always there.
 */
const AREA_MODULES: Record<ServiceArea, AreaModule> = {
  accounts: { load: async () => (await import('./accounts.module')).accountsModule },
  software: { load: async () => (await import('./software.module')).softwareModule },
  cam: { load: async () => (await import('./cam.module')).camModule, uses: ['software'] },
  camPage: { load: async () => (await import('./cam-page.module')).camPageModule, uses: ['software'] },
  devices: { load: async () => (await import('./devices.module')).devicesModule },
  reports: { load: async () => (await import('./reports.module')).reportsModule, uses: ['devices'] },
  knowledge: { load: async () => (await import('./knowledge.module')).knowledgeModule },
  randomFiles: { load: async () => (await import('./random-files.module')).randomFilesModule, uses: ['devices'] },
  knowledgeAdmin: { load: async () => (await import('./knowledge-admin.module')).knowledgeAdminModule },
  userCentre: { load: async () => (await import('./user-centre.module')).userCentreModule },
  maintenance: { load: async () => (await import('./maintenance.module')).maintenanceModule, uses: ['devices'] },
  documents: { load: async () => (await import('./documents.module')).documentsModule },
  chat: { load: async () => (await import('./chat.module')).chatModule },
  staff: { load: async () => (await import('./staff.module')).staffModule },
  repair: { load: async () => (await import('./repair.module')).repairModule },
  alarms: { load: async () => (await import('./alarms.module')).alarmsModule },
  companies: { load: async () => (await import('./companies.module')).companiesModule },
};

/** Every area (a page that does not say what it needs waits for all). */
export const SERVICE_AREAS = Object.keys(AREA_MODULES) as ServiceArea[];

/** The areas named and those their machines use. */
export function withUsedAreas(areas: readonly ServiceArea[]): ServiceArea[] {
  const all = new Set<ServiceArea>();
  const add = (area: ServiceArea) => {
    if (all.has(area)) return;
    all.add(area);
    for (const used of AREA_MODULES[area].uses ?? []) add(used);
  };
  areas.forEach(add);
  return [...all];
}

const loads = new WeakMap<Container, Map<ServiceArea, Promise<void>>>();
const loaded = new WeakMap<Container, Set<ServiceArea>>();

/** Loads areas' modules (with those they use; `every`: all) into a container, each once. */
export function loadAreaModules(container: Container, areas: readonly ServiceArea[] | 'every'): Promise<void> {
  let pending = loads.get(container);
  if (!pending) loads.set(container, (pending = new Map()));
  const done = loaded.get(container) ?? new Set<ServiceArea>();
  loaded.set(container, done);
  const started = pending;
  return Promise.all(
    withUsedAreas(areas === 'every' ? SERVICE_AREAS : areas).map((area) => {
      let load = started.get(area);
      if (!load) {
        load = AREA_MODULES[area].load().then(
          (module) => {
            container.load(module);
            done.add(area);
          },
          (error: unknown) => {
            started.delete(area); // a failed chunk load may succeed on the next navigation
            throw error;
          },
        );
        started.set(area, load);
      }
      return load;
    }),
  ).then(() => {});
}

/** Whether a container has these areas' modules (and those they use). */
export function hasAreaModules(container: Container, areas: readonly ServiceArea[]): boolean {
  const done = loaded.get(container);
  return withUsedAreas(areas).every((area) => done?.has(area) ?? false);
}
