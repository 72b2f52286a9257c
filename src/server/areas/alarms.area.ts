import { PgAlarmRepository } from '../../adapters/postgres/pg-alarm.repository';
import { sendWebhook } from '../../adapters/webhook/webhook-sender.adapter';
import { alarmRoutes } from '../routes/alarm.routes';
import { AlarmDeliveries } from '../services/alarms/alarm-deliveries';
import { AlarmNotifier } from '../services/alarms/alarm-notifier';
import { AlarmSettingsService } from '../services/alarms/alarm-settings.service';
import { BellSignals } from '../services/alarms/bell-signals';
import { AlarmWatch } from '../telemetry/alarm-watch';
import type { Core } from './core';
import { defineArea } from './server-area';

/** How often the watch looks for running machines gone silent, and the deliveries for retries due. */
const SWEEP_MS = 5000;

/** What the alarms area gives the areas after it (the devices area's label requests tell owners through its notifier). */
export type AlarmServices = ReturnType<typeof alarmsArea.services>;

/** Alarm notifications (issue 39 item 1): machines' troubles told to the people who chose to hear, by bell, e-mail and webhook. */
export const alarmsArea = defineArea({
  name: 'alarms',
  services: ({ database, users, machines, clock, mailer, unitOfWork, infrastructure }: Core, config) => {
    const alarmStore = new PgAlarmRepository(database.db);
    const alarmDeliveries = new AlarmDeliveries(alarmStore, mailer, (request) => sendWebhook(request, { allowPrivate: config.webhookAllowPrivate }), clock);
    const bells = new BellSignals(infrastructure.notices);
    const alarmNotifier = new AlarmNotifier(unitOfWork, config.publicUrl, (rows) => {
      void alarmDeliveries.sendDue().catch(() => {}); // a failed round is retried by the next sweep
      const rung = rows.filter((r) => r.channel === 'bell' && r.userId).map((r) => r.userId!);
      if (rung.length) bells.changed(rung);
    });
    // A change the notifier could not write (the database away) is not retried: the episode stays
    // unopened in the database, and the machine's next trouble raises it.
    const notWritten = (error: Error) => console.warn(`alarm notification not written: ${error.message}`);
    const alarmWatch = new AlarmWatch({
      kindOf: (orderNumber) => alarmStore.kindOf(orderNumber),
      now: () => clock.now().getTime(),
      onChange: (orderNumber, change) =>
        void (change.kind === 'raised' ? alarmNotifier.raised(orderNumber, change.episode) : alarmNotifier.cleared(orderNumber, change.at)).catch(notWritten),
    });
    return { alarmStore, alarmDeliveries, alarmNotifier, alarmWatch, alarmSettings: new AlarmSettingsService(alarmStore, users, machines, clock, bells, config.webhookAllowPrivate) };
  },
  routes: (services, config) => alarmRoutes(services, config.bellWaitMs),
  attach: ({ alarmStore, alarmWatch, alarmDeliveries }, { telemetry, log, onClose }) => {
    const seeded = alarmStore.openEpisodes().then(
      (open) => alarmWatch.seed(open),
      (error: Error) => log.warn({ err: error.message }, 'open alarm episodes not read'),
    );
    telemetry.tapLive((orderNumber, payload) => alarmWatch.take(orderNumber, payload));
    const timer = setInterval(() => {
      alarmWatch.sweep();
      void alarmDeliveries.sendDue().catch(() => {});
    }, SWEEP_MS);
    timer.unref();
    onClose(async () => {
      clearInterval(timer);
      await seeded;
      await alarmDeliveries.stop();
    });
  },
});
