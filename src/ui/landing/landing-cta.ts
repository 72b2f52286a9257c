/**
 * The orange call-to-action buttons: white text on Chakra's solid orange (orange.600) has a
 * contrast of 3.5:1, below the 4.5:1 that WCAG AA asks of normal text; orange.700 gives 5.2:1.
 */
export const ORANGE_CTA = { bg: 'orange.700', _hover: { bg: 'orange.800' } } as const;
