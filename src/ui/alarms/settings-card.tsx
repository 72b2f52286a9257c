import { Box, Checkbox, Heading } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A section of the notification settings: a white card with its heading. */
export function SettingsCard({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <Box as="section" bg="white" borderRadius="xl" borderWidth="1px" borderColor="gray.200" p={{ base: 4, md: 6 }} minW="0" data-testid={testId}>
      <Heading as="h2" size="md" mb="4">
        {title}
      </Heading>
      {children}
    </Box>
  );
}

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
