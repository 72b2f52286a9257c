import { Badge, Box, Button, Field, Flex, Heading, Input, Text } from '@chakra-ui/react';
import type { CompanyView } from '../../domain/companies/company-page.machine';
import { useT } from '../i18n/language-context';

/** The company worked in, the caller's role and what it allows; for an owner, its name to edit. */
export function CompanyHeading({ view, name, canRename, draft, busy, onEdit, onChange, onSave, onCancel }: { view: CompanyView; name: string; canRename: boolean; draft: string | null; busy: boolean; onEdit: () => void; onChange: (value: string) => void; onSave: () => void; onCancel: () => void }) {
  const t = useT();
  return (
    <Box bg="white" borderRadius="xl" borderWidth="1px" borderColor="gray.200" p={{ base: 4, md: 6 }}>
      {draft === null ? (
        <Flex align="center" gap="3" wrap="wrap">
          <Heading as="h2" size="lg" data-lang-neutral="" data-testid="company-name" minW="0" overflowWrap="anywhere">
            {name}
          </Heading>
          {canRename && (
            <Button size="xs" variant="outline" aria-label={t('company.name.editOf', { company: name })} onClick={onEdit} data-testid="company-rename">
              {t('company.name.edit')}
            </Button>
          )}
        </Flex>
      ) : (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            onSave();
          }}
        >
          <Field.Root>
            <Field.Label color="gray.700">{t('company.name.label')}</Field.Label>
            <Flex gap="2" wrap="wrap" width="full">
              <Input size="sm" bg="white" flex="1" minW="12rem" maxLength={100} autoFocus value={draft} placeholder={name} onChange={(e) => onChange(e.currentTarget.value)} data-testid="company-name-input" />
              <Button type="submit" size="sm" colorPalette="blue" loading={busy} data-testid="company-name-save">
                {t('company.name.save')}
              </Button>
              <Button size="sm" variant="outline" disabled={busy} onClick={onCancel}>
                {t('company.cancel')}
              </Button>
            </Flex>
            <Field.HelperText>{t('company.name.help')}</Field.HelperText>
          </Field.Root>
        </form>
      )}
      <Text mt="1" color="gray.700">
        {t('company.yourRole', { role: t(`company.role.${view.company.role}`) })}
        <Badge ml="2" colorPalette="gray" variant="subtle" whiteSpace="normal">
          {t(`company.roleHelp.${view.company.role}`)}
        </Badge>
      </Text>
    </Box>
  );
}
