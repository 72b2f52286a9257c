import { Alert, Badge, Box, Button, chakra, Flex, NativeSelect, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useT } from '../i18n/language-context';
import { paths } from '../shell/paths';
import { EmptyNote } from '../common/report-card';
import type { TaskPageViewModel } from './task.selectors';
import { SectionHeading } from '../common/section-heading';

export interface TaskViewProps {
  model: TaskPageViewModel;
  onPick: (orderNumber: string) => void;
  onRetry: () => void;
  /** The sections of the chosen machine. */
  children?: ReactNode;
}

function MachinePicker({ model, onPick }: Pick<TaskViewProps, 'model' | 'onPick'>) {
  const t = useT();
  const selected = model.selected;
  return (
    <Flex
      bg="white"
      borderRadius="2xl"
      borderWidth="1px"
      borderColor="gray.200"
      boxShadow="xs"
      px={{ base: 4, md: 5 }}
      py="4"
      gap={{ base: 3, md: 5 }}
      align={{ base: 'stretch', md: 'center' }}
      direction={{ base: 'column', md: 'row' }}
      data-testid="task-machine-picker"
    >
      <Box flex={{ base: 'none', md: '0 1 26rem' }} minW="0">
        <chakra.label htmlFor="task-machine" fontSize="sm" fontWeight="medium" color="gray.700" display="block" mb="1">
          {t('reports.picker.label')}
        </chakra.label>
        <NativeSelect.Root size="md">
          <NativeSelect.Field
            id="task-machine"
            name="machine"
            value={selected?.orderNumber ?? ''}
            onChange={(event) => onPick(event.currentTarget.value)}
            bg="white"
            data-testid="task-machine-select"
          >
            {model.options.map((option) => (
              <option key={option.orderNumber} value={option.orderNumber}>
                {option.name ? t('reports.picker.option', { name: option.name, orderNumber: option.orderNumber }) : option.orderNumber}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Box>
      {selected && (
        <Flex gap="2" align="center" wrap="wrap" data-testid="task-machine-facts" data-order-number={selected.orderNumber} data-kind={selected.kind}>
          <Badge colorPalette={selected.kind === 'tube' ? 'purple' : 'blue'} variant="subtle" borderRadius="full" px="2.5" py="0.5">
            {t(`reports.kind.${selected.kind}`)}
          </Badge>
          <Text fontSize="sm" color="gray.600" fontFamily="mono">
            {t('reports.picker.orderNumber', { orderNumber: selected.orderNumber })}
          </Text>
        </Flex>
      )}
    </Flex>
  );
}

/** The task page: title, machine picker and the chosen machine's sections; a friendly note when no machine is bound. */
export function TaskView({ model, onPick, onRetry, children }: TaskViewProps) {
  const t = useT();
  return (
    <Stack gap={{ base: 4, md: 6 }} py={{ base: 2, md: 4 }} data-testid="task-page" data-status={model.status}>
      <SectionHeading title={t('reports.page.title')} intro={t('reports.page.intro')} />

      {model.status === 'loading' && <Skeleton h="5.5rem" borderRadius="2xl" aria-busy="true" aria-label={t('reports.picker.loading')} />}

      {model.status === 'failed' && (
        <Alert.Root status="warning" borderRadius="lg" alignItems="center" data-testid="task-machines-failed">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('reports.picker.failed')}</Alert.Title>
            {model.error && <Alert.Description>{model.error}</Alert.Description>}
          </Alert.Content>
          <Button size="sm" variant="outline" bg="white" onClick={onRetry}>
            {t('reports.picker.retry')}
          </Button>
        </Alert.Root>
      )}

      {model.status === 'empty' && (
        <Box bg="white" borderRadius="2xl" borderWidth="1px" borderColor="gray.200" p={{ base: 4, md: 8 }} data-testid="task-no-machines">
          <EmptyNote title={t('reports.picker.empty.title')} body={t('reports.picker.empty.body')} />
          <Flex justify="center" pb="2">
            <Button asChild colorPalette="blue">
              <RouterLink to={paths.section('device')}>{t('reports.picker.empty.link')}</RouterLink>
            </Button>
          </Flex>
        </Box>
      )}

      {model.status === 'ready' && model.selected && (
        <>
          <MachinePicker model={model} onPick={onPick} />
          {children}
        </>
      )}
    </Stack>
  );
}
