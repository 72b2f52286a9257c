import { Alert, Button, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import { shallowEqual, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { leaveProblem, managesMembers, namesCompany } from '../../domain/companies/company-page.machine';
import { invitableRoles } from '../../domain/companies/company-roles';
import { PageFrame } from '../common/page-frame';
import { SectionCard } from '../common/section-card';
import { useFreshActor } from '../common/use-fresh-actor';
import { useLanguage, useT } from '../i18n/language-context';
import { paths } from '../shell/paths';
import { useCompaniesMachines } from './companies-machines';
import { CompanyHeading } from './company-heading';
import { companyName } from './company-name';
import { ConfirmDialog } from './confirm-dialog';
import { InviteCard } from './invite-card';
import { MembersCard } from './members-card';
import { restartApp } from './restart-app';

/**
 * `/company` (issue 37 item 5), the user centre's company section: the company the caller works
 * in, its members and their roles, the invitations pending, an invitation by e-mail and leaving.
 * The page machine's state, rendered; every change is an event.
 */
export default function CompanyScreen() {
  const t = useT();
  const { language } = useLanguage();
  const actor = useFreshActor(useCompaniesMachines().page);
  const state = useSelector(
    actor,
    (s) => ({
      loading: s.matches('loading'),
      failed: s.matches('failed'),
      left: s.matches('left'),
      busy: s.hasTag('busy'),
      removing: s.matches({ ready: 'removing' }),
      leaving: s.matches({ ready: 'leaving' }),
      renaming: s.matches({ ready: 'renaming' }),
      nameDraft: s.context.nameDraft,
      view: s.context.view,
      invite: s.context.invite,
      confirmRemove: s.context.confirmRemove,
      confirmLeave: s.context.confirmLeave,
      // Said once the list shows the change (the page loads again after each one).
      notice: s.matches({ ready: 'refreshing' }) ? null : s.context.notice,
      noticeEmail: s.context.noticeEmail,
      problem: s.context.problem,
      error: s.context.error,
    }),
    shallowEqual,
  );
  useEffect(() => {
    if (state.left) restartApp();
  }, [state.left]);
  const view = state.view;
  const name = view ? companyName(view.company, t, 'company.ofOwner') : '';
  const removing = view?.members.find((m) => m.memberId === state.confirmRemove);
  const message = state.problem ? t(`company.problem.${state.problem}`) : state.error;

  return (
    <PageFrame backTo={paths.userCenter()} backInHistory backLabel={t('company.back')} width="5xl">
      <Heading as="h1" size="xl" mb="2">
        {t('company.title')}
      </Heading>
      <Text color="gray.600" mb="5">
        {t('company.intro')}
      </Text>
      {state.loading ? (
        <Stack gap="5" aria-busy="true" aria-label={t('company.loading')}>
          <Skeleton h="6rem" borderRadius="xl" />
          <Skeleton h="16rem" borderRadius="xl" />
        </Stack>
      ) : state.failed || !view ? (
        <Alert.Root status="warning" borderRadius="lg" alignItems="center" data-testid="company-failed">
          <Alert.Indicator />
          <Alert.Title fontWeight="normal" flex="1">
            {state.error || t('company.failed')}
          </Alert.Title>
          <Button size="sm" variant="outline" bg="white" onClick={() => actor.send({ type: 'page.retry' })}>
            {t('company.retry')}
          </Button>
        </Alert.Root>
      ) : (
        <Stack gap="5" data-testid="company-page" data-role={view.company.role}>
          <CompanyHeading
            view={view}
            name={name}
            canRename={namesCompany(view)}
            draft={state.nameDraft}
            busy={state.renaming}
            onEdit={() => actor.send({ type: 'name.edit' })}
            onChange={(value) => actor.send({ type: 'name.change', value })}
            onSave={() => actor.send({ type: 'name.save' })}
            onCancel={() => actor.send({ type: 'name.cancel' })}
          />
          <div aria-live="polite">
            {state.notice && (
              <Alert.Root status="success" borderRadius="lg" data-testid="company-notice" data-notice={state.notice}>
                <Alert.Indicator />
                <Alert.Title fontWeight="normal">{t(`company.notice.${state.notice}`, { email: state.noticeEmail })}</Alert.Title>
              </Alert.Root>
            )}
            {message && (
              <Alert.Root status="error" borderRadius="lg" data-testid="company-problem" data-problem={state.problem ?? ''}>
                <Alert.Indicator />
                <Alert.Title fontWeight="normal">{message}</Alert.Title>
              </Alert.Root>
            )}
          </div>
          <MembersCard
            view={view}
            busy={state.busy}
            onRole={(member, role) => actor.send({ type: 'member.setRole', memberId: member.memberId, role })}
            onRemove={(member) => actor.send({ type: 'member.remove', memberId: member.memberId })}
          />
          {managesMembers(view) && (
            <InviteCard
              draft={state.invite}
              roles={invitableRoles(view.company.role)}
              invitations={view.invitations}
              busy={state.busy}
              onChange={(patch) => actor.send({ type: 'invite.change', patch })}
              onSend={() => actor.send({ type: 'invite.send', language })}
              onRevoke={(id) => actor.send({ type: 'invitation.revoke', id })}
            />
          )}
          {leaveProblem(view) !== 'ownCompany' && (
            <SectionCard title={t('company.leave.title')} testId="company-leave">
              <Text color="gray.700" mb="3">
                {t('company.leave.body')}
              </Text>
              <Button variant="outline" colorPalette="red" size="sm" disabled={state.busy} onClick={() => actor.send({ type: 'leave.ask' })} data-testid="company-leave-button">
                {t('company.leave.button', { company: name })}
              </Button>
            </SectionCard>
          )}
        </Stack>
      )}
      {removing && (
        <ConfirmDialog
          testId="company-remove-dialog"
          title={t('company.remove.title', { name: removing.name || removing.account })}
          body={t('company.remove.body')}
          confirm={t('company.remove.confirm')}
          busy={state.removing}
          onConfirm={() => actor.send({ type: 'member.removeConfirmed' })}
          onCancel={() => actor.send({ type: 'confirm.cancel' })}
        />
      )}
      {state.confirmLeave && (
        <ConfirmDialog
          testId="company-leave-dialog"
          title={t('company.leave.confirmTitle', { company: name })}
          body={t('company.leave.body')}
          confirm={t('company.leave.confirm')}
          busy={state.leaving || state.left}
          onConfirm={() => actor.send({ type: 'leave.confirmed' })}
          onCancel={() => actor.send({ type: 'confirm.cancel' })}
        />
      )}
    </PageFrame>
  );
}
