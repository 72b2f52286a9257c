import { Box, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { brand } from './brand';
import { useLanguage, useT } from '../i18n/language-context';
import { BrandMark } from './brand-mark';
import { LanguageSwitch } from './language-switch';

export interface AuthLayoutProps {
  title: string;
  subtitle?: string;
  /** Card width: `sm` for login, `lg` for registration. */
  size?: 'sm' | 'lg';
  children: ReactNode;
  /** Under the card: links to the other account pages. */
  footer?: ReactNode;
}

/** The calm frame of the account pages: brand bar, a card on a soft background, the hotline. */
export function AuthLayout({ title, subtitle, size = 'sm', children, footer }: AuthLayoutProps) {
  const t = useT();
  const { language } = useLanguage();
  return (
    <Flex
      direction="column"
      minH="100dvh"
      bg="gray.50"
      css={{
        backgroundImage:
          'radial-gradient(circle at 15% 0%, rgba(37,99,235,0.10), transparent 45%), radial-gradient(circle at 100% 100%, rgba(249,115,22,0.08), transparent 40%)',
      }}
    >
      <Box as="header">
        <Flex maxW="6xl" mx="auto" px={{ base: 4, md: 6 }} h="16" align="center" justify="space-between">
          <RouterLink to="/" aria-label={`${brand.portalName[language]} · ${t('accounts.layout.home')}`}>
            <BrandMark label={brand.portalName[language]} />
          </RouterLink>
          <LanguageSwitch />
        </Flex>
      </Box>
      <Flex as="main" flex="1" justify="center" align={{ base: 'flex-start', md: 'center' }} px={{ base: 3, sm: 4 }} py={{ base: 4, md: 10 }}>
        <Stack w="full" maxW={size === 'sm' ? 'md' : '2xl'} gap="5">
          <Box
            bg="white"
            borderRadius="2xl"
            borderWidth="1px"
            borderColor="gray.200"
            boxShadow="0 10px 40px -12px rgba(15, 23, 42, 0.18)"
            px={{ base: 5, sm: 8, md: size === 'sm' ? 10 : 12 }}
            py={{ base: 6, sm: 8, md: 10 }}
          >
            <Stack gap="1.5" mb={{ base: 6, md: 8 }} textAlign={size === 'sm' ? 'center' : 'left'}>
              <Heading as="h1" fontSize={{ base: 'xl', md: '2xl' }} fontWeight="semibold" color="gray.900">
                {title}
              </Heading>
              {subtitle && (
                <Text fontSize="sm" color="gray.600">
                  {subtitle}
                </Text>
              )}
            </Stack>
            {children}
          </Box>
          {footer && (
            <Box textAlign="center" fontSize="sm" color="gray.600">
              {footer}
            </Box>
          )}
        </Stack>
      </Flex>
      <Box as="footer" textAlign="center" fontSize="xs" color="gray.500" py="5" px="4">
        {t('accounts.layout.hotline', { hotline: brand.hotline })} · {brand.mailbox}
      </Box>
    </Flex>
  );
}
