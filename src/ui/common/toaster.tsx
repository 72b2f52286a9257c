import { Toaster as ChakraToaster, Portal, Stack, Toast, createToaster } from '@chakra-ui/react';
import { useT } from '../i18n/language-context';

/**
 * The portal's one toaster; the notifier creates toasts on it. Toasts sit below the pages' top
 * bar (3.5rem high), so a message never covers the menu, Back or language buttons (on a phone a
 * toast over the bar left its buttons too small a target: axe's target-size).
 */
export const toaster = createToaster({ placement: 'top', pauseOnPageIdle: true, duration: 4000, max: 4, offsets: { top: '4.25rem', right: '1rem', bottom: '1rem', left: '1rem' } });

/** Renders the toasts of `toaster`; mount once near the root. */
export function Toaster() {
  const t = useT();
  return (
    <Portal>
      {/* zag's own names ("Notifications, top (alt+T)", "Dismiss notification") are English only. */}
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }} aria-label={t('common.notifications')}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }}>
            <Toast.Indicator />
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            {toast.closable && <Toast.CloseTrigger aria-label={t('common.close')} />}
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
