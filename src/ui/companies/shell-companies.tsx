import { useSelector } from '@xstate/react';
import { useEffect, useState, type ReactNode } from 'react';
import { currentCompany, type CompanyChoice } from '../../domain/companies/company-switcher.machine';
import { useServices, type ServiceArea } from '../common/services-context';
import { useFreshActor } from '../common/use-fresh-actor';
import { useCompaniesMachines } from './companies-machines';
import { restartApp } from './restart-app';

/** The areas the shell's company switcher loads itself, after the page (tests/app/route-needs.test.ts). */
export const SHELL_COMPANY_SERVICES: readonly ServiceArea[] = ['companies'];

/** What the avatar menu shows of the person's companies. */
export interface ShellCompaniesView {
  companies: CompanyChoice[];
  current: CompanyChoice | null;
  switching: boolean;
  switchTo: (companyId: string) => void;
}

const NONE: ShellCompaniesView = { companies: [], current: null, switching: false, switchTo: () => {} };

/** Runs the switcher and reports what the menu shows; renders nothing itself. */
function Watcher({ onView }: { onView: (view: ShellCompaniesView) => void }) {
  const actor = useFreshActor(useCompaniesMachines().switcher);
  const companies = useSelector(actor, (s) => s.context.companies);
  const switching = useSelector(actor, (s) => s.matches('switching') || s.matches('switched'));
  const switched = useSelector(actor, (s) => s.matches('switched'));
  useEffect(() => {
    onView({ companies, current: currentCompany(companies), switching, switchTo: (companyId) => actor.send({ type: 'switcher.choose', companyId }) });
  }, [companies, switching, actor, onView]);
  useEffect(() => {
    if (switched) restartApp();
  }, [switched]);
  return null;
}

/**
 * The person's companies for the shell's avatar menu (issue 37 item 3): the companies area's
 * services load after the page, as the bell's do; until then (and on a painted first screen,
 * where nothing loads) the menu shows no company part, which takes no room in the header.
 */
export function ShellCompanies({ render }: { render: (view: ShellCompaniesView) => ReactNode }) {
  const services = useServices();
  const [ready, setReady] = useState(() => (services.has && services.load ? services.has(SHELL_COMPANY_SERVICES) : false));
  useEffect(() => {
    if (ready || !services.load) return;
    let live = true;
    services.load(SHELL_COMPANY_SERVICES).then(
      () => live && setReady(true),
      () => {}, // no switcher this time; the next page tries again
    );
    return () => {
      live = false;
    };
  }, [services, ready]);
  const [view, setView] = useState<ShellCompaniesView>(NONE);
  // The menu keeps its place in the tree when the services arrive: an open menu stays open.
  return (
    <>
      {render(view)}
      {ready && <Watcher onView={setView} />}
    </>
  );
}
