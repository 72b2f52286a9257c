import { Button, Field, Flex, Input, Text } from '@chakra-ui/react';
import type { DayRange, RangeProblem } from '../../domain/reports/day-range';
import { useT } from '../i18n/language-context';

export interface RangePickerProps {
  draft: DayRange;
  today: string;
  endMin?: string;
  error: RangeProblem | null;
  onChange: (range: DayRange) => void;
  onReset: () => void;
}

/**
 * The statistics' day range: two native date fields (the phone's own picker on small screens)
 * and "last 7 days". A range longer than 7 days is refused with the reason under the fields;
 * the charts keep the last range that was accepted.
 */
export function RangePicker({ draft, today, endMin, error, onChange, onReset }: RangePickerProps) {
  const t = useT();
  return (
    <Flex direction="column" gap="1.5" data-testid="range-picker">
      <Flex gap="2" align="flex-end" wrap="wrap" role="group" aria-label={t('reports.range.label')}>
        <Field.Root invalid={!!error} w={{ base: 'calc(50% - 0.25rem)', sm: '10rem' }}>
          <Field.Label fontSize="xs" color="gray.600" mb="0.5">
            {t('reports.range.start')}
          </Field.Label>
          <Input
            type="date"
            size="sm"
            bg="white"
            value={draft.start}
            max={today}
            onChange={(event) => onChange({ start: event.currentTarget.value, end: draft.end })}
            data-testid="range-start"
          />
        </Field.Root>
        <Field.Root invalid={!!error} w={{ base: 'calc(50% - 0.25rem)', sm: '10rem' }}>
          <Field.Label fontSize="xs" color="gray.600" mb="0.5">
            {t('reports.range.end')}
          </Field.Label>
          <Input
            type="date"
            size="sm"
            bg="white"
            value={draft.end}
            min={endMin}
            max={today}
            onChange={(event) => onChange({ start: draft.start, end: event.currentTarget.value })}
            data-testid="range-end"
          />
        </Field.Root>
        <Button size="sm" variant="outline" bg="white" onClick={onReset} data-testid="range-reset">
          {t('reports.range.last7')}
        </Button>
      </Flex>
      {error && (
        <Text role="alert" fontSize="sm" color="red.600" data-testid="range-error" data-problem={error}>
          {t(`reports.range.error.${error}`)}
        </Text>
      )}
    </Flex>
  );
}
