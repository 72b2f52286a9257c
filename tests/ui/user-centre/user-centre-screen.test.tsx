// @vitest-environment jsdom
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi, type Mock } from 'vitest';
import type { AreaOption, AreaQuery } from '../../../src/domain/accounts/area-cascade.machine';
import type { Question } from '../../../src/domain/feedback/questions.machine';
import type { AccountsApiPort } from '../../../src/ports/accounts-api.port';
import { AccountsApiToken, UserCentreApiToken } from '../../../src/ports/api-tokens';
import type { CentreProfile } from '../../../src/domain/accounts/user-centre-page.machine';
import type { UserCentreApiPort } from '../../../src/ports/user-centre-api.port';
import UserCentreScreen from '../../../src/ui/user-centre/user-centre-screen';
import { fake, renderRoutes } from '../../support/render-routes';

// The user centre's screens in jsdom (issue 14) for what a browser test shows nothing more of:
// the profile form's rules, the urgent action offered only when neither urgent nor completed, the
// drawer's read-only files notice, and the loyalty level's progress to the next threshold.

const PROFILE: CentreProfile = {
  userId: 'u1',
  account: 'li@example.com',
  realName: 'Li Lei',
  email: 'li@example.com',
  mobile: '13800000000',
  avatarUrl: '',
  fullPathId: '44-37',
  fullPathName: 'China/Shandong',
  address: 'Road 1',
};

const question = (id: number, extra: Partial<Question>): Question => ({
  id,
  title: `Question ${id}`,
  product: 1,
  version: '1.5',
  processingStatus: 0,
  isComplaint: 0,
  userName: 'Li Lei',
  phone: '138',
  createTime: '2026-11-20T08:00:00+08:00',
  expectedTime: '2026-11-27T08:00:00+08:00',
  processingTime: '',
  html: '<p>Steps</p>',
  mainFile: '',
  mainFileName: '',
  otherFile: '',
  otherFileName: '',
  answer: '',
  ...extra,
});

const QUESTIONS = [
  question(1, { title: 'Open one', mainFile: 'f1', mainFileName: 'part.bnt', otherFile: 'f2', otherFileName: 'part.stp' }),
  question(2, { title: 'Urgent one', isComplaint: 1 }),
  question(3, { title: 'Completed one', processingStatus: 1, answer: 'Fixed in 1.5.3', processingTime: '2026-11-21T10:00:00+08:00' }),
  question(4, { title: 'Urgent and completed', processingStatus: 1, isComplaint: 1 }),
];

type FakeApi = { [K in keyof UserCentreApiPort]: Mock<UserCentreApiPort[K]> };

function fakeApi(points = 7400): FakeApi {
  return {
    getProfile: vi.fn(async () => ({ kind: 'profile' as const, profile: PROFILE })),
    points: vi.fn(async () => ({ kind: 'points' as const, points, history: [{ delta: 400, balanceAfter: points, reason: 'Purchase', source: 'purchase', time: '2026-11-20T08:00:00Z' }] })),
    saveProfile: vi.fn(async () => ({ kind: 'accepted' as const })),
    uploadAvatar: vi.fn(async () => ({ kind: 'uploaded' as const, url: '/api/User/Avatar/x/avatar.png' })),
    requestEmailCode: vi.fn(),
    changeEmail: vi.fn(),
    warranty: vi.fn(async () => ({ kind: 'list' as const, rows: [] })),
    questions: vi.fn(async () => ({ kind: 'list' as const, questions: QUESTIONS })),
    urge: vi.fn(async () => ({ kind: 'urged' as const })),
    downloadQuestionFile: vi.fn(),
    uploadFeedbackFile: vi.fn(),
    sendFeedback: vi.fn(),
    staffQuestions: vi.fn(),
    answerQuestion: vi.fn(),
    closeQuestion: vi.fn(),
  } as unknown as FakeApi;
}

const AREAS: Record<string, AreaOption[]> = {
  'nation:0': [{ countryid: 44, countryname: 'China' }],
  'province:44': [{ countryid: 37, countryname: 'Shandong' }, { countryid: 11, countryname: 'Beijing' }],
};
const accounts = { getAreas: vi.fn(async (q: AreaQuery) => AREAS[`${q.level}:${q.parentId}`] ?? []) } as unknown as AccountsApiPort;

function renderCentre(api = fakeApi(), lang: 'en' | 'zh' = 'en') {
  const view = renderRoutes('/usercenter', [{ path: '/usercenter', Component: UserCentreScreen }], {
    lang,
    fakes: [fake(UserCentreApiToken, api as unknown as UserCentreApiPort), fake(AccountsApiToken, accounts)],
  });
  return { ...view, api };
}

/** Types a value at once (a paste): typing key by key is slow under jsdom and shows nothing more here. */
async function fill(user: ReturnType<typeof userEvent.setup>, input: HTMLInputElement, text: string) {
  await user.clear(input);
  if (text) {
    await user.click(input);
    await user.paste(text);
  }
}

const profileInput = (name: string) => screen.getByTestId('uc-profile').querySelector(`input[name="${name}"]`) as HTMLInputElement;

describe('user centre: the profile form rules', () => {
  it('sends nothing that breaks a rule and names the rule under its field', async () => {
    const user = userEvent.setup();
    const { api } = renderCentre();
    await waitFor(() => expect(profileInput('realName').value).toBe('Li Lei'));
    const save = screen.getByTestId('uc-profile-save');

    await user.clear(profileInput('realName'));
    await user.click(save);
    expect(await screen.findByText('Please enter your name')).toBeTruthy();
    await fill(user, profileInput('realName'), 'Han Meimei');
    await waitFor(() => expect(screen.queryByText('Please enter your name')).toBeNull());

    await fill(user, profileInput('mobile'), 'no digits');
    await user.click(save);
    expect(await screen.findByText('The mobile number must contain a digit')).toBeTruthy();
    await fill(user, profileInput('mobile'), '+49 30 1234');

    await fill(user, profileInput('password'), 'brand-new-pass');
    await user.click(save);
    expect(await screen.findByText('Please enter the old password')).toBeTruthy();
    await fill(user, profileInput('oldPassword'), 'old-pass-1');
    await fill(user, profileInput('confirmation'), 'brand-new-pasS');
    await user.click(save);
    expect(await screen.findByText('The new passwords do not match')).toBeTruthy();
    expect(api.saveProfile).not.toHaveBeenCalled();

    await fill(user, profileInput('confirmation'), 'brand-new-pass');
    await user.click(save);
    await waitFor(() => expect(api.saveProfile).toHaveBeenCalledTimes(1));
    expect(api.saveProfile.mock.calls[0]![0]).toMatchObject({
      realName: 'Han Meimei',
      mobile: '+49 30 1234',
      oldPassword: 'old-pass-1',
      password: 'brand-new-pass',
      confirmation: 'brand-new-pass',
      // No area chosen: the saved one goes back as it was.
      fullPathId: '44-37',
      fullPathName: 'China/Shandong',
    });
  }, 60_000);

  it('shows the saved region and the cascade levels, each disabled until the one above is chosen', async () => {
    renderCentre();
    // The line is there before the saved profile is ("not given"); it shows the region once it comes.
    await waitFor(() => expect(screen.getByTestId('uc-profile-area-current').textContent).toBe('Current region: China/Shandong'));
    const input = (level: string) => within(screen.getByTestId(`uc-area-${level}`)).getByRole('combobox') as HTMLInputElement;
    await waitFor(() => expect(input('nation').disabled).toBe(false));
    expect(input('province').disabled).toBe(true);
    expect(input('province').placeholder).toBe('Choose the level above first');
  });
});

describe('user centre: questions', () => {
  it('offers the urgent action only for a question neither urgent nor completed, and tags the others', async () => {
    renderCentre();
    const row = async (id: number) => within(await screen.findByTestId(`uc-question-${id}`));
    expect((await row(1)).queryByTestId('uc-question-urge')).not.toBeNull();
    expect((await row(1)).getByText('In progress')).toBeTruthy();
    for (const id of [2, 3, 4]) expect((await row(id)).queryByTestId('uc-question-urge')).toBeNull();
    expect((await row(2)).getByText('Urgented')).toBeTruthy();
    expect((await row(3)).getByText('Ended')).toBeTruthy();
    expect((await row(4)).getByText('Ended')).toBeTruthy();
  });

  it('marks a question urgent through the call and then no longer offers it', async () => {
    const user = userEvent.setup();
    const api = fakeApi();
    let urged = false;
    api.questions.mockImplementation(async () => ({ kind: 'list', questions: QUESTIONS.map((q) => (q.id === 1 && urged ? { ...q, isComplaint: 1 } : q)) }));
    api.urge.mockImplementation(async () => {
      urged = true;
      return { kind: 'urged' };
    });
    renderCentre(api);
    const row = within(await screen.findByTestId('uc-question-1'));
    await user.click(row.getByTestId('uc-question-urge'));
    await waitFor(() => expect(api.urge).toHaveBeenCalledWith(1, expect.anything()));
    await waitFor(() => expect(within(screen.getByTestId('uc-question-1')).queryByTestId('uc-question-urge')).toBeNull());
  });

  it("shows the customer's files read-only (download only, with the spec's notice) and the staff answer in the drawer", async () => {
    const user = userEvent.setup();
    renderCentre();
    await user.click(within(await screen.findByTestId('uc-question-1')).getByTestId('uc-question-view'));
    const drawer = within(await screen.findByTestId('uc-question-drawer'));
    expect(drawer.getByText('Customer file, cannot be changed: download only')).toBeTruthy();
    expect(drawer.getByTestId('uc-file-main').textContent).toBe('part.bnt');
    expect(drawer.getByTestId('uc-file-other').textContent).toBe('part.stp');
    // Nothing to change a file with: no file input, no delete.
    expect(screen.getByTestId('uc-question-drawer').querySelector('input[type="file"]')).toBeNull();
    expect(drawer.queryByRole('button', { name: /delete|remove|replace/i })).toBeNull();
    expect(drawer.getByTestId('uc-question-answer').textContent).toContain('Not answered yet');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('uc-question-drawer')).toBeNull());

    await user.click(within(screen.getByTestId('uc-question-3')).getByTestId('uc-question-view'));
    const answered = within(await screen.findByTestId('uc-question-drawer'));
    expect(answered.getByTestId('uc-question-answer').textContent).toContain('Fixed in 1.5.3');
    expect(answered.queryByText('Customer file, cannot be changed: download only')).toBeNull();
  });
});

describe('user centre: loyalty', () => {
  // Spec 2 section 9: "up to" a threshold includes it (5000 is still level 1, at 100 %); the bar is the share of the next threshold.
  const cases: Array<[points: number, level: string, name: string, progress: number, next: string]> = [
    [0, '1', 'Regular', 0, '5,001 more points to the next level (above 5,000 points)'],
    [5000, '1', 'Regular', 100, '1 more point to the next level (above 5,000 points)'],
    [5001, '2', 'Silver', 50, '5,000 more points to the next level (above 10,000 points)'],
    [7400, '2', 'Silver', 74, '2,601 more points to the next level (above 10,000 points)'],
    // Issue 35 item 10: 10,000 is still level 2, so the next level is above it, not at it.
    [10000, '2', 'Silver', 100, '1 more point to the next level (above 10,000 points)'],
    [30000, '4', 'Platinum', 100, '1 more point to the next level (above 30,000 points)'],
    [30001, '5', 'Diamond', 100, 'The highest level'],
  ];
  for (const [points, level, name, progress, next] of cases) {
    it(`shows ${points} points as ${name} with the progress to the next threshold`, async () => {
      renderCentre(fakeApi(points));
      const badge = await screen.findByTestId('uc-loyalty-level');
      expect(badge.getAttribute('data-level')).toBe(level);
      expect(badge.textContent).toBe(name);
      expect(screen.getByTestId('uc-loyalty-points').textContent).toBe(String(points));
      const bar = within(screen.getByTestId('uc-loyalty')).getByRole('progressbar');
      expect(Number(bar.getAttribute('aria-valuenow'))).toBe(progress);
      expect(screen.getByTestId('uc-loyalty-next').textContent).toBe(next);
    });
  }

  it('names the company member who made a change (issue 37 item 4), and nobody for staff or the system', async () => {
    const api = fakeApi(7400);
    api.points.mockImplementation(async () => ({
      kind: 'points' as const,
      points: 7400,
      history: [
        { delta: -300, balanceAfter: 7400, reason: 'L-1001', source: 'exchange', time: '2026-11-21T08:00:00Z', actorName: 'Wang Fang' },
        { delta: 400, balanceAfter: 7700, reason: 'Purchase', source: 'purchase', time: '2026-11-20T08:00:00Z', actorName: '' },
      ],
    }));
    renderCentre(api);
    const history = await screen.findByTestId('uc-loyalty-history');
    expect(within(history).getAllByTestId('uc-loyalty-actor').map((e) => e.textContent)).toEqual(['Wang Fang']);
    expect(history.textContent).toContain('L-1001 · Wang Fang');
  });

  it('reads in Chinese on a Chinese page', async () => {
    renderCentre(fakeApi(7400), 'zh');
    expect((await screen.findByTestId('uc-loyalty-level')).textContent).toBe('白银会员');
    expect(screen.getByTestId('uc-loyalty-next').textContent).toBe('再获得 2,601 积分升级（超过 10,000 积分升级）');
    await act(async () => {});
  });
});

describe('user centre: the e-mail change dialog (issue 35 item 6)', () => {
  it.each([
    ['en', 'Get code'],
    ['zh', '获取验证码'],
  ] as const)('names what its code button gets (%s)', async (lang, label) => {
    const user = userEvent.setup();
    renderCentre(fakeApi(), lang);
    await user.click(await screen.findByTestId('uc-change-email'));
    const dialog = await screen.findByTestId('uc-email-dialog');
    expect(within(dialog).getByTestId('code-button').textContent).toBe(label);
  });
});

describe('user centre: the warranty table', () => {
  it("marks the laser source's maker as a product name, the same in both languages (the zh page's language check met Raycus)", async () => {
    const api = fakeApi();
    const row = { orderNumber: 'G3015-240101', deliveryTime: '2024-03-18T00:00:00Z', marketingDept: '', belongDept: '', laserBrand: 'Raycus', guaranteeTime: '2026-03-18T00:00:00Z', extendedTime: '', extendedType: '', underWarranty: true };
    api.warranty.mockResolvedValue({ kind: 'list', rows: [row] } as never);
    renderCentre(api, 'zh');
    const cell = await screen.findByText('Raycus');
    expect(cell.closest('[data-lang-neutral]')).not.toBeNull();
  });
});
