import { Box, Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { RUNTIME_PACKAGES } from '../../domain/cam/software-catalog';
import { useT } from '../i18n/language-context';

function PackageIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" aria-hidden="true">
      <path d="M12 2l9 5v10l-9 5-9-5V7z M3 7l9 5 9-5 M12 12v10" />
    </svg>
  );
}

/** The three runtime packages the nesting software installs with, each from its publisher. */
export function RuntimePackages() {
  const t = useT();
  return (
    <Stack as="section" gap="3" aria-labelledby="runtime-title" data-testid="runtime-packages">
      <Heading as="h2" id="runtime-title" fontSize="lg" color="gray.900">
        {t('software.download.runtime.title')}
      </Heading>
      <Text fontSize="sm" color="gray.600">
        {t('software.download.runtime.body')}
      </Text>
      <Stack gap="2">
        {RUNTIME_PACKAGES.map((pkg) => (
          <Flex
            key={pkg.id}
            bg="white"
            borderWidth="1px"
            borderColor="gray.200"
            borderRadius="lg"
            px={{ base: 3, md: 4 }}
            py="3"
            gap="3"
            align="center"
            data-runtime={pkg.id}
          >
            <Box color="blue.700" flexShrink={0}>
              <PackageIcon />
            </Box>
            <Stack gap="0" flex="1" minW="0">
              <Text fontWeight="medium" color="gray.800" fontSize="sm" data-lang-neutral="">
                {pkg.name}
              </Text>
              <Text fontSize="xs" color="gray.500">
                {t(`software.download.runtime.${pkg.id}`)}
              </Text>
            </Stack>
            <Button asChild size="sm" variant="outline" colorPalette="blue" flexShrink={0}>
              <a href={pkg.url} target="_blank" rel="noopener noreferrer">
                {t('software.download.runtime.get')}
              </a>
            </Button>
          </Flex>
        ))}
      </Stack>
    </Stack>
  );
}
