import { Checkbox } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A section of the notification settings: the house card. */
export { SectionCard as SettingsCard } from '../common/section-card';

/** One labelled checkbox (the label is the control's name). */
export function Check({ checked, onChange, children, testId, disabled }: { checked: boolean; onChange: (checked: boolean) => void; children: ReactNode; testId?: string; disabled?: boolean }) {
  return (
    <Checkbox.Root checked={checked} disabled={disabled} onCheckedChange={(d) => onChange(d.checked === true)} data-testid={testId} alignItems="flex-start">
      <Checkbox.HiddenInput />
      <Checkbox.Control mt="0.5" />
      <Checkbox.Label fontWeight="normal" color="gray.800">
        {children}
      </Checkbox.Label>
    </Checkbox.Root>
  );
}
