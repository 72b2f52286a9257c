import { IconButton } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useServices, type ServiceArea } from '../common/services-context';
import { useT } from '../i18n/language-context';
import { BellButton, BellIcon } from './bell-button';

/** The areas the shell's bell loads itself, after the page: no page declares them (tests/app/route-needs.test.ts). */
export const SHELL_BELL_SERVICES: readonly ServiceArea[] = ['alarms'];

/**
 * The bell as the shell shows it on every page: the alarms area's services load after the page
 * (they are not among any page's needs), the same bell without a count until then. Where nothing
 * loads services (a painted first screen rendered on the server, ADR 0026) it stays the
 * placeholder, of the same size, so the app taking over moves nothing.
 */
export function ShellBell() {
  const t = useT();
  const services = useServices();
  const [ready, setReady] = useState(() => (services.has && services.load ? services.has(SHELL_BELL_SERVICES) : false));
  useEffect(() => {
    if (ready || !services.load) return;
    let live = true;
    services.load?.(SHELL_BELL_SERVICES).then(
      () => live && setReady(true),
      () => {}, // no bell this time; the next page tries again
    );
    return () => {
      live = false;
    };
  }, [services, ready]);
  if (ready) return <BellButton />;
  return (
    <IconButton variant="ghost" size="sm" aria-label={t('shell.bell')} disabled data-testid="bell-waiting">
      <BellIcon />
    </IconButton>
  );
}
