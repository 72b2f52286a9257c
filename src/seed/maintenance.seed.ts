import { DEFAULT_TIME_ZONE, dayIn } from '../domain/shared/zoned-day';
import type { MachineStore } from '../ports/machine-store.port';
import type { MaintenanceStore, NewMaintenanceItem } from '../ports/maintenance-store.port';
import type { MachineEventStore } from '../ports/machine-event-store.port';
import { SERIES } from './devices.seed';

type Entry = Omit<NewMaintenanceItem, 'series' | 'sort' | 'isEnabled'> & { isEnabled?: 0 | 1 };

const item = (
  code: string,
  project: [zh: string, en: string],
  content: [zh: string, en: string],
  cycleHours: number,
  warningHours: number,
  pierces: [cycle: number, warning: number] | null = null,
  isEnabled: 0 | 1 = 1,
): Entry => ({
  code,
  project: { zh: project[0], en: project[1] },
  content: { zh: content[0], en: content[1] },
  cycleHours,
  warningHours,
  cyclePierces: pierces?.[0] ?? null,
  warningPierces: pierces?.[1] ?? null,
  isEnabled,
});

const LENS = item(
  'protective-lens',
  ['清洁保护镜片', 'Clean the protective lens'],
  ['取出保护镜片，检查有无飞溅和烧点，用无尘棉签和无水乙醇清洁，损坏即更换。', 'Take out the protective window, check it for spatter and burns, clean it with a lint-free swab and anhydrous alcohol; replace it when damaged.'],
  8,
  1,
);
const CHILLER = item(
  'chiller',
  ['冷水机换水及滤芯', 'Chiller water and filter'],
  ['排空冷水机，换入去离子水或纯净水，更换过滤器滤芯，检查水温设定与流量报警。', 'Drain the chiller, refill with deionised or distilled water, replace the filter cartridge, check the temperature set points and the flow alarm.'],
  500,
  50,
);
const RAILS = item(
  'rails-racks',
  ['导轨齿条润滑', 'Guide rails and racks lubrication'],
  ['清除导轨与齿条上的粉尘和旧油脂，检查自动润滑泵油位，手动打油一次。', 'Wipe dust and old grease off the guide rails and racks, check the oil level of the automatic lubrication pump, run one manual lubrication cycle.'],
  160,
  16,
);
const DUST = item(
  'dust-filter',
  ['除尘滤芯清理', 'Dust extraction filter'],
  ['清理除尘器滤芯和集尘箱，检查风管有无堵塞，确认风机运转正常。', 'Clean the dust extractor cartridges and the dust bin, check the ducts for blockages, make sure the fan runs normally.'],
  200,
  20,
);
const GAS = item(
  'gas-lines',
  ['气路检查', 'Gas lines and regulators'],
  ['检查氧气、氮气和压缩空气管路有无泄漏，排放空气过滤器积水，核对减压阀压力。', 'Check the oxygen, nitrogen and compressed-air lines for leaks, drain the air filter, check the pressure of the regulators.'],
  500,
  50,
);
const CABINET = item(
  'cabinet-filters',
  ['电柜散热滤网', 'Electrical cabinet filters'],
  ['清洁电控柜和激光器的进风滤网，检查空调或风扇运转及柜内温度。', 'Clean the intake filters of the electrical cabinet and the laser source, check the air conditioner or fans and the cabinet temperature.'],
  300,
  30,
);
const OPTICS = item(
  'focus-optics',
  ['聚焦及准直镜检查', 'Focusing and collimating lenses'],
  ['在洁净环境下打开切割头，检查聚焦镜和准直镜有无污染，必要时由服务工程师清洁。', 'Open the cutting head in a clean place, check the focusing and collimating lenses for contamination; have a service engineer clean them when needed.'],
  1000,
  100,
);
const ADDITIVE = item(
  'coolant-additive',
  ['冷却液添加剂（旧款激光器）', 'Coolant additive (older laser sources)'],
  ['仅适用于早期激光器：按说明书比例添加防腐添加剂。新款激光器无需此项。', 'Older laser sources only: add the anti-corrosion additive in the ratio of the manual. Current sources do not need it.'],
  1000,
  100,
  null,
  0,
);

const SHEET_ITEMS: readonly Entry[] = [
  LENS,
  item(
    'nozzle',
    ['检查喷嘴和陶瓷环', 'Check the nozzle and ceramic ring'],
    ['检查喷嘴孔有无变形、粘渣，陶瓷环有无裂纹，做一次同轴校准；按穿孔次数更换喷嘴。', 'Check the nozzle bore for deformation and slag and the ceramic ring for cracks, run a centring check; replace the nozzle by its pierce count.'],
    40,
    4,
    [20_000, 2_000],
  ),
  item(
    'slag-trays',
    ['清理废料斗', 'Empty the slag trays'],
    ['清理床身下的废料斗和小车，检查支撑齿条磨损，必要时更换。', 'Empty the slag trays and carts under the bed, check the support slats for wear and replace them when needed.'],
    40,
    4,
  ),
  RAILS,
  DUST,
  CABINET,
  CHILLER,
  GAS,
  OPTICS,
  ADDITIVE,
];

const TUBE_ITEMS: readonly Entry[] = [
  LENS,
  item(
    'nozzle',
    ['检查喷嘴和陶瓷环', 'Check the nozzle and ceramic ring'],
    ['检查喷嘴孔有无变形、粘渣，陶瓷环有无裂纹，做一次同轴校准；按穿孔次数更换喷嘴。', 'Check the nozzle bore for deformation and slag and the ceramic ring for cracks, run a centring check; replace the nozzle by its pierce count.'],
    40,
    4,
    [15_000, 1_500],
  ),
  item(
    'chuck-jaws',
    ['卡盘卡爪清洁检查', 'Chuck jaws'],
    ['清除卡爪和滑道上的渣屑，检查卡爪磨损和夹紧气压，确认前后卡盘同心。', 'Clear slag from the jaws and their slides, check jaw wear and clamping pressure, make sure the front and rear chucks are concentric.'],
    80,
    8,
  ),
  item(
    'support-rollers',
    ['托料与上料机构', 'Tube supports and loader'],
    ['检查随动托料轮和上料链条，清洁并润滑，调整托料高度。', 'Check the follower support rollers and the loader chains, clean and lubricate them, adjust the support height.'],
    120,
    12,
  ),
  item(
    'chuck-gears',
    ['卡盘齿轮润滑', 'Chuck gear lubrication'],
    ['给卡盘回转齿圈和小齿轮加注润滑脂，检查回转间隙。', 'Grease the chuck slewing ring and pinions, check the rotation backlash.'],
    250,
    25,
  ),
  RAILS,
  DUST,
  CHILLER,
  GAS,
  ADDITIVE,
];

/** The maintenance catalogue of every series (tube series get the tube items): added or updated by code. */
export async function seedMaintenanceItems(deps: { maintenanceStore: MaintenanceStore }): Promise<number> {
  let n = 0;
  for (const series of SERIES) {
    const items = series.kind === 'tube' ? TUBE_ITEMS : SHEET_ITEMS;
    for (const [i, entry] of items.entries()) {
      await deps.maintenanceStore.putItem({ ...entry, isEnabled: entry.isEnabled ?? 1, series: series.name, sort: i + 1 });
      n++;
    }
  }
  return n;
}

/**
 * The demo customer's plans on one machine, started 30 days ago, so the demo's maintenance page
 * shows the seeded run hours counting down (some due, some overdue). Only once: a machine that
 * has plans keeps them.
 */
export async function seedDemoPlans(
  deps: { maintenanceStore: MaintenanceStore; machines: MachineStore; machineEvents: MachineEventStore },
  demo: { ownerId: string; orderNumber: string; at: Date },
): Promise<number> {
  const machine = await deps.machines.findByOrderNumber(demo.orderNumber);
  if (!machine || machine.ownerId !== demo.ownerId) return 0;
  if ((await deps.maintenanceStore.plans(demo.ownerId, machine.id)).length) return 0;
  const started = new Date(demo.at.getTime() - 30 * 86_400_000);
  const day = dayIn(started, DEFAULT_TIME_ZONE);
  const runHoursAt = await deps.machineEvents.runHoursThrough(machine.orderNumber, day);
  const { rows } = await deps.maintenanceStore.items({ series: machine.seriesName }, 0, 100);
  let n = 0;
  for (const item of rows.filter((r) => r.isEnabled && ['chiller', 'rails-racks', 'dust-filter', 'gas-lines'].includes(r.code))) {
    if (await deps.maintenanceStore.addPlan({ userId: demo.ownerId, machineId: machine.id, itemId: item.id, at: started, runHoursAt })) n++;
  }
  return n;
}
