import { sql } from 'drizzle-orm';
import type { Db } from '../adapters/postgres/database';
import type { MachineKind } from '../ports/machine-store.port';

/** Days of history each demo machine gets on a fresh start. */
export const HISTORY_DAYS = 120;

// Deterministic "random" numbers in SQL: a hash of the machine and the moment, scaled to [0, 1).
const rnd = (salt: string) => sql.raw(`((abs(hashtext(m.order_number || '${salt}' || t::text)) % 100000) / 100000.0)`);

/**
 * Months of history up to now for a machine with none yet: a task every 20 minutes or so between 08:00 and
 * 20:00 Beijing time (fewer on Sundays), a few alarms a day, and each day's run time, so every
 * report, run-time table and chart has data on a fresh start. SQL only: a machine's 4,000 rows
 * take well under a second.
 */
export async function seedHistory(
  db: Db,
  machine: { orderNumber: string; kind: MachineKind },
  now: Date,
  options: { days?: number; everyMinutes?: number; allDay?: boolean } = {},
): Promise<boolean> {
  const { days = HISTORY_DAYS, everyMinutes = 20, allDay = false } = options;
  const existing = await db.execute<{ n: string }>(sql`select count(*) as n from machine_tasks where order_number = ${machine.orderNumber}`);
  if (Number(existing.rows[0]?.n ?? 0) > 0) return false;
  const tube = machine.kind === 'tube';
  const slots = sql`
    with m as (select ${machine.orderNumber}::text as order_number),
    slots as (
      select t from generate_series(
        date_trunc('day', (${now.toISOString()}::timestamptz at time zone 'Asia/Shanghai')) - make_interval(days => ${days}),
        (${now.toISOString()}::timestamptz at time zone 'Asia/Shanghai') - interval '20 minutes',
        make_interval(mins => ${everyMinutes})) as t
      where ${allDay ? sql`true` : sql`extract(hour from t) between 8 and 19`})`;
  await db.execute(sql`
    ${slots},
    tasks as (
      select m.order_number, t,
        ${rnd('d')} as r1, ${rnd('l')} as r2, ${rnd('p')} as r3, ${rnd('k')} as r4
      from m, slots
      where ${allDay ? sql`true` : sql`${rnd('skip')} > case when extract(dow from t) = 0 then 0.7 else 0.15 end`})
    insert into machine_tasks (order_number, event_id, kind, start_time, end_time, cut_length, duration_s, pierces, row)
    select order_number, 'seed-' || to_char(t, 'YYYYMMDDHH24MI'), ${machine.kind},
      (t at time zone 'Asia/Shanghai'),
      (t at time zone 'Asia/Shanghai') + make_interval(secs => least(${everyMinutes * 60 - 30}, 300 + r1 * 840)),
      round((20 + r2 * 180)::numeric, 2), round((300 + r1 * 840)::numeric, 1), (20 + floor(r3 * 380))::int,
      ${
        tube
          ? sql`jsonb_build_object(
              'TaskName', (array['rail-40x40x2.bnt','frame-60x30x3.bnt','pipe-D76x3.bnt','handrail-D42x2.bnt','chassis-80x80x4.bnt'])[1 + floor(r4 * 5)::int],
              'FileUrl', '',
              'SlicingLength', round((20 + r2 * 180)::numeric, 2), 'SlicingDuration', round((200 + r1 * 700)::numeric, 1),
              'PierceCount', (20 + floor(r3 * 380))::int, 'PierceDuration', round(((20 + floor(r3 * 380)) * 0.4)::numeric, 1),
              'TotalDuration', round((300 + r1 * 840)::numeric, 1), 'IdleLength', round((5 + r2 * 40)::numeric, 2),
              'PartCount', (4 + floor(r4 * 40))::int, 'Thickness', (array[1.5, 2, 3, 4, 6])[1 + floor(r3 * 5)::int],
              'UseTubeCount', (1 + floor(r4 * 6))::int, 'ProcessType', case when r4 < 0.05 then 0 else 1 end,
              'IsComplete', case when r2 < 0.06 then 0 else 1 end,
              'StartTime', to_char((t at time zone 'Asia/Shanghai') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
              'EndTime', to_char(((t at time zone 'Asia/Shanghai') + make_interval(secs => 300 + r1 * 840)) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`
          : sql`jsonb_build_object(
              'TaskName', (array['bracket-8mm-CS.bnn','panel-2mm-SS.bnn','flange-12mm-CS.bnn','cover-1.5mm-AL.bnn','gusset-6mm-CS.bnn'])[1 + floor(r4 * 5)::int],
              'FileUrl', '',
              'CuttingLength', round((20 + r2 * 180)::numeric, 2), 'PunchingNum', (20 + floor(r3 * 380))::int,
              'ProcessingTime', round((300 + r1 * 840)::numeric, 1), 'EmptyLength', round((5 + r2 * 40)::numeric, 2),
              'StartTime', to_char((t at time zone 'Asia/Shanghai') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
              'EndTime', to_char(((t at time zone 'Asia/Shanghai') + make_interval(secs => 300 + r1 * 840)) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`
      }
    from tasks
    on conflict do nothing`);
  await db.execute(sql`
    insert into machine_task_counts (order_number, tasks)
    select order_number, count(*) from machine_tasks where order_number = ${machine.orderNumber} group by 1
    on conflict (order_number) do update set tasks = excluded.tasks`);
  await db.execute(sql`
    ${slots}
    insert into machine_alarms (order_number, event_id, error_date, error_type, error_content)
    select m.order_number, 'seed-' || to_char(t, 'YYYYMMDDHH24MI'), (t at time zone 'Asia/Shanghai') + interval '7 minutes',
      (array['Collision','Gas','Laser','Follower','Chiller'])[1 + floor(${rnd('a')} * 5)::int],
      (array['E203 Nozzle collision detected, head lifted','E410 Assist gas pressure low','E305 Laser source not ready','E203 Height follower signal lost','E512 Chiller water flow low'])[1 + floor(${rnd('a')} * 5)::int]
    from m, slots where ${rnd('alarm')} < 0.08
    on conflict do nothing`);
  await db.execute(sql`
    insert into machine_runtime (order_number, day, run, idle, offline, estop)
    select order_number, (end_time at time zone 'Asia/Shanghai')::date as day,
      round((sum(duration_s) / 3600)::numeric, 2) as run,
      round((12 - least(12, sum(duration_s) / 3600))::numeric, 2) as idle,
      12 as offline,
      ${tube ? sql`round((count(*) % 3) * 0.1, 2)` : sql`null`}
    from machine_tasks where order_number = ${machine.orderNumber}
    group by 1, 2
    on conflict do nothing`);
  return true;
}
