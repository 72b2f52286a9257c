import type { AlarmKind } from '../../domain/alarms/alarm-episode';
import type { NoticeEvent } from '../../domain/alarms/bell.machine';
import type { Translate } from '../i18n/intl';

/** What a notification tells, in the page's language: the alarm's kind, its all clear, or a repair request from the QR label. */
export const noticeWhat = (t: Translate, notice: { event: NoticeEvent; kind: AlarmKind | null }): string =>
  notice.event === 'labelRequest' ? t('shell.alarm.labelRequest') : notice.event === 'cleared' || !notice.kind ? t('shell.alarm.cleared') : t(`shell.alarm.${notice.kind}`);
