import { sql } from 'drizzle-orm';
import type { AlarmEvent, ZonedDayRange, MachineEvent, MachineEventStore, RuntimeEvent, TaskEvent } from '../../ports/machine-event-store.port';
import type { Db } from './database';

// The start of local day `day` in `tz`, as a timestamptz; a range is [from 00:00, to+1 00:00).
const dayStart = (day: string, tz: string) => sql`((${day}::date)::timestamp at time zone ${tz})`;
const rangeEnd = (day: string, tz: string) => sql`(((${day}::date + 1))::timestamp at time zone ${tz})`;

const num = (v: unknown) => Number(v ?? 0);

/** Machine events in PostgreSQL: one multi-row insert per kind and batch, the statistics as SQL aggregates. */
export class PgMachineEventRepository implements MachineEventStore {
  constructor(private readonly db: Db) {}

  async store(events: readonly MachineEvent[]): Promise<void> {
    const tasks = events.filter((e): e is TaskEvent => e.kind === 'task');
    const alarms = events.filter((e): e is AlarmEvent => e.kind === 'alarm');
    // The last event of a machine's day wins, also within one batch.
    const runtime = [...new Map(events.filter((e): e is RuntimeEvent => e.kind === 'runtime').map((e) => [`${e.orderNumber} ${e.day}`, e])).values()];
    if (tasks.length) {
      // The per-machine total grows by what was really inserted (a repeated event adds nothing: with
      // several portals each stores every event, ADR 0022). The totals are locked in order number
      // order, so two portals' batches over the same machines wait for each other, not deadlock.
      await this.db.execute(sql`
        with inserted as (
        insert into machine_tasks (order_number, event_id, kind, start_time, end_time, cut_length, duration_s, pierces, row)
        select * from unnest(${pgArray(tasks.map((t) => t.orderNumber))}::text[], ${pgArray(tasks.map((t) => t.eventId))}::text[],
          ${pgArray(tasks.map((t) => t.taskKind))}::text[], ${pgArray(tasks.map((t) => t.startTime.toISOString()))}::timestamptz[],
          ${pgArray(tasks.map((t) => t.endTime.toISOString()))}::timestamptz[], ${pgArray(tasks.map((t) => t.cutLength))}::float8[],
          ${pgArray(tasks.map((t) => t.durationS))}::float8[], ${pgArray(tasks.map((t) => t.pierces))}::int[],
          ${pgArray(tasks.map((t) => JSON.stringify(t.row)))}::jsonb[])
        on conflict (order_number, event_id) do nothing
        returning order_number)
        insert into machine_task_counts (order_number, tasks) select order_number, count(*) from inserted group by order_number order by order_number
        on conflict (order_number) do update set tasks = machine_task_counts.tasks + excluded.tasks`);
    }
    if (alarms.length) {
      await this.db.execute(sql`
        insert into machine_alarms (order_number, event_id, error_date, error_type, error_content)
        select * from unnest(${pgArray(alarms.map((a) => a.orderNumber))}::text[], ${pgArray(alarms.map((a) => a.eventId))}::text[],
          ${pgArray(alarms.map((a) => a.errorDate.toISOString()))}::timestamptz[], ${pgArray(alarms.map((a) => a.errorType))}::text[],
          ${pgArray(alarms.map((a) => a.errorContent))}::text[])
        on conflict (order_number, event_id) do nothing`);
    }
    if (runtime.length) {
      await this.db.execute(sql`
        insert into machine_runtime (order_number, day, run, idle, offline, estop)
        select * from unnest(${pgArray(runtime.map((r) => r.orderNumber))}::text[], ${pgArray(runtime.map((r) => r.day))}::date[],
          ${pgArray(runtime.map((r) => r.run))}::float8[], ${pgArray(runtime.map((r) => r.idle))}::float8[],
          ${pgArray(runtime.map((r) => r.offline))}::float8[], ${pgArray(runtime.map((r) => r.estop))}::float8[])
        on conflict (order_number, day) do update set run = excluded.run, idle = excluded.idle, offline = excluded.offline,
          estop = excluded.estop, updated_at = now()`);
    }
  }

  async reportPage(orderNumber: string, offset: number, limit: number, range?: ZonedDayRange) {
    const within = range ? sql`and end_time >= ${dayStart(range.from, range.timeZone)} and end_time < ${rangeEnd(range.to, range.timeZone)}` : sql``;
    // The page's ids come from the (order_number, end_time, id) index alone, then their rows;
    // the total of a whole history is the kept count, of a range a count of that range.
    const [rows, count] = await Promise.all([
      this.db.execute<{ id: string; row: Record<string, unknown> }>(sql`
        select t.id, t.row from machine_tasks t join (
          select id from machine_tasks where order_number = ${orderNumber} ${within} order by end_time desc, id desc offset ${offset} limit ${limit}
        ) page using (id) order by t.end_time desc, t.id desc`),
      range
        ? this.db.execute<{ n: string }>(sql`select count(*) as n from machine_tasks where order_number = ${orderNumber} ${within}`)
        : this.db.execute<{ n: string }>(sql`select tasks as n from machine_task_counts where order_number = ${orderNumber}`),
    ]);
    return { rows: rows.rows.map((r) => ({ Id: Number(r.id), ...r.row })), total: num(count.rows[0]?.n) };
  }

  async runtimePage(orderNumber: string, offset: number, limit: number) {
    const [rows, count] = await Promise.all([
      this.db.execute<{ day: string; run: number; idle: number; offline: number; estop: number | null }>(
        sql`select to_char(day, 'YYYY-MM-DD') as day, run, idle, offline, estop from machine_runtime where order_number = ${orderNumber}
            order by day desc offset ${offset} limit ${limit}`,
      ),
      this.db.execute<{ n: string }>(sql`select count(*) as n from machine_runtime where order_number = ${orderNumber}`),
    ]);
    return { rows: rows.rows.map((r) => ({ ...r, run: num(r.run), idle: num(r.idle), offline: num(r.offline), estop: r.estop === null ? null : num(r.estop) })), total: num(count.rows[0]?.n) };
  }

  async tasksPerDay(orderNumber: string, range: ZonedDayRange) {
    const { rows } = await this.db.execute<{ day: string; task_count: string; cut_length: number; duration_s: number; pierces: string }>(sql`
      with days as (select generate_series(${range.from}::date, ${range.to}::date, interval '1 day')::date as day),
      totals as (
        select (end_time at time zone ${range.timeZone})::date as day, count(*) as task_count, sum(cut_length) as cut_length,
               sum(duration_s) as duration_s, sum(pierces) as pierces
        from machine_tasks
        where order_number = ${orderNumber} and end_time >= ${dayStart(range.from, range.timeZone)} and end_time < ${rangeEnd(range.to, range.timeZone)}
        group by 1)
      select to_char(days.day, 'YYYY-MM-DD') as day, coalesce(task_count, 0) as task_count, coalesce(cut_length, 0) as cut_length,
             coalesce(duration_s, 0) as duration_s, coalesce(pierces, 0) as pierces
      from days left join totals using (day) order by days.day`);
    return rows.map((r) => ({ day: r.day, taskCount: num(r.task_count), cutLength: num(r.cut_length), durationS: num(r.duration_s), pierces: num(r.pierces) }));
  }

  async runtimeTotals(orderNumber: string, range: ZonedDayRange) {
    const { rows } = await this.db.execute<{ run: number; idle: number; offline: number }>(sql`
      select coalesce(sum(run), 0) as run, coalesce(sum(idle), 0) as idle, coalesce(sum(offline), 0) as offline
      from machine_runtime where order_number = ${orderNumber} and day between ${range.from}::date and ${range.to}::date`);
    return { run: num(rows[0]?.run), idle: num(rows[0]?.idle), offline: num(rows[0]?.offline) };
  }

  async alarmsPerDay(orderNumber: string, range: ZonedDayRange) {
    const { rows } = await this.db.execute<{ day: string; count: string }>(sql`
      with days as (select generate_series(${range.from}::date, ${range.to}::date, interval '1 day')::date as day),
      counts as (
        select (error_date at time zone ${range.timeZone})::date as day, count(*) as count from machine_alarms
        where order_number = ${orderNumber} and error_date >= ${dayStart(range.from, range.timeZone)} and error_date < ${rangeEnd(range.to, range.timeZone)}
        group by 1)
      select to_char(days.day, 'YYYY-MM-DD') as day, coalesce(count, 0) as count from days left join counts using (day) order by days.day`);
    return rows.map((r) => ({ day: r.day, count: num(r.count) }));
  }

  async tasksNamed(orderNumber: string, kind: 'sheet' | 'tube', taskName: string, limit: number) {
    const { rows } = await this.db.execute<{ row: Record<string, unknown>; start_time: string | Date; end_time: string | Date; received_at: string | Date }>(sql`
      select row, start_time, end_time, received_at from machine_tasks
      where order_number = ${orderNumber} and kind = ${kind} and row->>'TaskName' = ${taskName}
      order by end_time desc, id desc limit ${limit}`);
    return rows.map((r) => ({ row: r.row, startTime: new Date(r.start_time), endTime: new Date(r.end_time), receivedAt: new Date(r.received_at) }));
  }

  async latestAlarms(orderNumber: string, range: ZonedDayRange | null, limit: number) {
    const within = range ? sql`and error_date >= ${dayStart(range.from, range.timeZone)} and error_date < ${rangeEnd(range.to, range.timeZone)}` : sql``;
    const { rows } = await this.db.execute<{ error_date: string | Date; error_type: string; error_content: string }>(
      sql`select error_date, error_type, error_content from machine_alarms where order_number = ${orderNumber} ${within} order by error_date desc, id desc limit ${limit}`,
    );
    return rows.map((r) => ({ errorDate: new Date(r.error_date), errorType: r.error_type, errorContent: r.error_content }));
  }

  async alarmCounts(orderNumber: string, from: Date, to: Date) {
    const { rows } = await this.db.execute<{ error_type: string; error_content: string; n: string | number }>(
      sql`select error_type, error_content, count(*) as n from machine_alarms where order_number = ${orderNumber} and error_date >= ${from.toISOString()}::timestamptz and error_date <= ${to.toISOString()}::timestamptz group by error_type, error_content`,
    );
    return rows.map((r) => ({ errorType: r.error_type, errorContent: r.error_content, count: num(r.n) }));
  }

  async runHoursThrough(orderNumber: string, throughDay: string | null) {
    const through = throughDay === null ? sql`` : sql`and day <= ${throughDay}::date`;
    const { rows } = await this.db.execute<{ run: number }>(sql`select coalesce(sum(run), 0) as run from machine_runtime where order_number = ${orderNumber} ${through}`);
    return num(rows[0]?.run);
  }

  async piercesAfter(orderNumber: string, after: Date) {
    const { rows } = await this.db.execute<{ n: string }>(
      sql`select coalesce(sum(pierces), 0) as n from machine_tasks where order_number = ${orderNumber} and end_time > ${after.toISOString()}::timestamptz`,
    );
    return num(rows[0]?.n);
  }
}

/** A PostgreSQL array literal parameter: node-postgres turns a JS array into one. */
const pgArray = <T>(values: T[]) => sql.param(values);
