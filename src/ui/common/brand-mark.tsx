import { Box, HStack, Image, Text } from '@chakra-ui/react';
import { brand } from '../common/brand';

/** The portal's own mark: a laser head cutting a spark into a plate. */
export function LaserMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="laser-mark-bg" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#1e3a8a" />
          <stop offset="1" stopColor="#2563eb" />
        </linearGradient>
      </defs>
      <rect width="40" height="40" rx="10" fill="url(#laser-mark-bg)" />
      <path d="M14 7h12l-2 8h-8z" fill="#e0e7ff" />
      <path d="M20 15v12" stroke="#f97316" strokeWidth="2.5" strokeLinecap="round" />
      <path d="M8 30h24" stroke="#93c5fd" strokeWidth="3" strokeLinecap="round" />
      <circle cx="20" cy="28" r="3.2" fill="#fdba74" />
      <path d="M20 28l-6-3M20 28l6-3M20 28l-4 4M20 28l4 4" stroke="#fed7aa" strokeWidth="1.2" strokeLinecap="round" />
    </svg>
  );
}

/** Logo (configured image or the built-in mark) with the brand name. */
export function BrandMark({ label, shrink }: { label?: string; shrink?: boolean }) {
  return (
    <HStack gap="2" flexShrink={shrink ? 1 : 0} minW="0">
      <Box flexShrink={0}>{brand.logoUrl ? <Image src={brand.logoUrl} alt="" height="8" /> : <LaserMark />}</Box>
      <Text fontWeight="bold" fontSize={shrink ? { base: 'sm', sm: 'md' } : 'md'} lineHeight="1.2" color="inherit" truncate>
        {label ?? brand.name}
      </Text>
    </HStack>
  );
}
