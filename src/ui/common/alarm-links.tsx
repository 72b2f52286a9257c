import { Button, Flex } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { alarmCodeOf } from '../../domain/repair/alarm-code';
import { useT } from '../i18n/language-context';
import { paths } from '../shell/paths';

/**
 * Beside an alarm (live machine pages, the error log): the self-service fault article of its code,
 * and "report this fault", the work-order form pre-filled with the machine and the alarm. Linked
 * by path only (the repair area's pages).
 */
export function AlarmLinks({ orderNumber, type, content, size = 'xs' }: { orderNumber: string; type: string; content: string; size?: 'xs' | 'sm' }) {
  const t = useT();
  const code = alarmCodeOf(type, content);
  return (
    <Flex gap="2" wrap="wrap" data-testid="alarm-links">
      {code && (
        <Button asChild size={size} variant="outline" bg="white" colorPalette="orange">
          <RouterLink to={paths.faultArticle(code)} target="_blank" data-testid="alarm-article">
            {t('repair.alarm.article')} {code}
          </RouterLink>
        </Button>
      )}
      <Button asChild size={size} colorPalette="red" variant="solid">
        <RouterLink to={paths.click({ order: orderNumber, alarm: code ?? type, text: content })} data-testid="alarm-report">
          {t('repair.alarm.report')}
        </RouterLink>
      </Button>
    </Flex>
  );
}
