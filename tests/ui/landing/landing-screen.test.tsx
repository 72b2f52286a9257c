// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { latest, NONE, renderLanding } from './landing-harness';
import { pickMenuItem } from '../../support/menu-item';
import { enterText } from '../../support/enter-text';

describe('landing page: CAM cards', () => {
  it('shows a named loading status while a card waits for its release (axe: no aria-label on a plain div)', async () => {
    renderLanding({ releasesPending: true, lang: 'en' });
    const nest = await screen.findByTestId('cam-card-nest20');
    // A selector, not findByRole: role queries over the whole page are slow in jsdom.
    const status = await waitFor(() => nest.querySelector('[data-testid=cam-release] [role=status]')!);
    expect(status.getAttribute('aria-label')).toMatch(/\S/);
    expect(status.getAttribute('aria-busy')).toBe('true');
  });

  it('shows the latest version and notes of each product, asked in the page language', async () => {
    const { getLatestRelease } = renderLanding({
      releases: {
        '1': latest('V2.0.3', '1. Optimised cutting paths\n2. Remnant library'),
        '0': latest('V1.0.9'),
      },
    });
    const nest = await screen.findByTestId('cam-card-nest20');
    await waitFor(() => expect(within(nest).getByTestId('cam-version').textContent).toBe('V2.0.3'));
    expect(within(nest).getByText('1. Optimised cutting paths')).toBeTruthy();
    expect(within(nest).getByText('2. Remnant library')).toBeTruthy();
    expect(within(nest).getByText(/2026-06-15/)).toBeTruthy();
    expect(within(nest).getByRole('heading').textContent).toBe('LaserNest V2.0');
    const tube = screen.getByTestId('cam-card-nestTube10');
    await waitFor(() => expect(within(tube).getByTestId('cam-version').textContent).toBe('V1.0.9'));
    expect(getLatestRelease.mock.calls.map(([type, lang]) => `${type}:${lang}`).sort()).toEqual(['0:en', '1:en', '2:en', '3:en', '4:en']);
  });

  it("shows the server's message when a product has no release", async () => {
    renderLanding({ releases: { '3': NONE } });
    const card = await screen.findByTestId('cam-card-nest15');
    expect((await within(card).findByTestId('cam-empty')).textContent).toBe('No release has been published yet');
  });

  it('links each card to its download page as a visitor', async () => {
    renderLanding();
    const hrefs = ['nestTube10', 'nest20', 'nestTube15', 'nest15', 'nest10'].map((key) =>
      within(screen.getByTestId(`cam-card-${key}`)).getByTestId('cam-download').getAttribute('href'),
    );
    // Spec 1 lists /nestdown1.0 among the cards' targets: the Nest V1.0 card (type 4, DECISIONS 3).
    expect(hrefs).toEqual(['/bodornesttube/true', '/bodornest/true', '/bodornesttube/true?v=1.5', '/bodornest1.5/true', '/nestdown1.0/true']);
  });

  it('says "no video yet" as a message for tube 1.0, tube 1.5, nest 1.5 and nest 1.0; nest 2.0 opens the video page', async () => {
    const user = userEvent.setup();
    const { toasts } = renderLanding();
    for (const key of ['nestTube10', 'nestTube15', 'nest15', 'nest10']) {
      const card = screen.getByTestId(`cam-card-${key}`);
      const before = toasts.length;
      await user.click(within(card).getByTestId('cam-video'));
      expect(toasts.slice(before)).toEqual(['warning:no video yet']);
      expect(within(card).queryByText('no video yet')).toBeNull();
    }
    await user.click(within(screen.getByTestId('cam-card-nest20')).getByTestId('cam-video'));
    expect((await screen.findByTestId('where')).textContent).toBe('/nestvideo');
  });

  it('reloads the releases in Chinese when the language changes', async () => {
    const user = userEvent.setup();
    const { getLatestRelease } = renderLanding();
    await waitFor(() => expect(getLatestRelease).toHaveBeenCalledTimes(5));
    await pickMenuItem(user, 'language-switch', '简体中文');
    await waitFor(() => expect(getLatestRelease.mock.calls.filter(([, lang]) => lang === 'zh')).toHaveLength(5));
    expect(screen.getAllByText('下载').length).toBe(5);
  });
});

describe('landing page: contact form', () => {
  it('shows what is missing without calling the server', async () => {
    const user = userEvent.setup();
    const { saveContact } = renderLanding();
    await user.click(screen.getByTestId('contact-submit'));
    const form = screen.getByTestId('contact-form');
    expect(within(form).getByText('Please enter your name')).toBeTruthy();
    expect(within(form).getByText('Phone cannot be empty')).toBeTruthy();
    expect(within(form).getByText('Please tell us how we can help')).toBeTruthy();
    await enterText(user, within(form).getByLabelText(/^Phone/), 'not a phone');
    expect(within(form).getByText('Please enter the correct phone format')).toBeTruthy();
    await enterText(user, within(form).getByLabelText(/^E-mail/), 'li@');
    await user.click(screen.getByTestId('contact-submit'));
    expect(within(form).getByText('Please enter the correct email format')).toBeTruthy();
    expect(saveContact).not.toHaveBeenCalled();
  });

  it('sends the lead and thanks the visitor', async () => {
    const user = userEvent.setup();
    const { saveContact } = renderLanding();
    const form = screen.getByTestId('contact-form');
    await enterText(user, within(form).getByLabelText(/^Name/), 'Li Lei');
    await enterText(user, within(form).getByLabelText(/^Phone/), '13800138000');
    await enterText(user, within(form).getByLabelText(/^Company/), 'Laser Works');
    await enterText(user, within(form).getByLabelText(/^Message/), 'Quote for MES, 6 machines');
    await user.click(screen.getByTestId('contact-submit'));
    expect((await screen.findByTestId('contact-success')).textContent).toContain('Thank you, we have your message');
    expect(saveContact).toHaveBeenCalledWith(
      { name: 'Li Lei', phone: '13800138000', email: '', company: 'Laser Works', message: 'Quote for MES, 6 machines', lang: 'en' },
      expect.anything(),
    );
    await user.click(screen.getByTestId('contact-another'));
    expect((screen.getByLabelText(/^Name/) as HTMLInputElement).value).toBe('');
  });

  it('asks for the answer in Chinese on a Chinese page', async () => {
    const user = userEvent.setup();
    const { saveContact } = renderLanding({ lang: 'zh' });
    const form = screen.getByTestId('contact-form');
    await user.click(screen.getByTestId('contact-submit'));
    expect(within(form).getByText('电话不能为空')).toBeTruthy();
    await enterText(user, within(form).getByLabelText(/^姓名/), '王芳');
    await enterText(user, within(form).getByLabelText(/^电话/), '13800138000');
    await enterText(user, within(form).getByLabelText(/^留言/), '想了解 MES 报价');
    await user.click(screen.getByTestId('contact-submit'));
    expect((await screen.findByTestId('contact-success')).textContent).toContain('提交成功');
    expect(saveContact.mock.calls[0][0].lang).toBe('zh');
  });

  it('shows the server refusal and keeps what was typed', async () => {
    const user = userEvent.setup();
    const save = vi.fn(async () => ({ kind: 'refused' as const, message: 'Too many messages, try again later' }));
    renderLanding({ save });
    const form = screen.getByTestId('contact-form');
    await enterText(user, within(form).getByLabelText(/^Name/), 'Li Lei');
    await enterText(user, within(form).getByLabelText(/^Phone/), '13800138000');
    await enterText(user, within(form).getByLabelText(/^Message/), 'Hello');
    await user.click(screen.getByTestId('contact-submit'));
    expect((await screen.findByTestId('contact-error')).textContent).toContain('Too many messages, try again later');
    expect((within(form).getByLabelText(/^Name/) as HTMLInputElement).value).toBe('Li Lei');
  });
});

describe('landing page: sections', () => {
  it('has every section in the order of the spec, with the anchors of the top bar', () => {
    const { container } = renderLanding();
    const ids = [...container.querySelectorAll('main > section')].map((s) => s.id);
    expect(ids).toEqual(['top', 'platform', 'industries', 'mes', '', 'hub', 'partners', 'cam', 'contact']);
    for (const anchor of ['platform', 'mes', 'hub', 'cam', 'contact']) {
      expect(screen.getByTestId(`anchor-${anchor}`).getAttribute('href')).toBe(`#${anchor}`);
    }
    expect(screen.getByTestId('landing-support').getAttribute('href')).toBe('/visitor/software');
    const official = screen.getByTestId('landing-official');
    expect(official.getAttribute('target')).toBe('_blank');
    expect(official.getAttribute('rel')).toContain('noopener');
    expect(screen.getByTestId('landing-login').getAttribute('href')).toBe('/Login');
  });

  it('shows the MES figures and the purchase message with the hotline', async () => {
    const user = userEvent.setup();
    renderLanding();
    const efficiency = screen.getByTestId('gain-efficiency');
    expect(within(efficiency).getByText('60%')).toBeTruthy();
    expect(['65%', '90%', '22%'].every((v) => within(efficiency).queryByText(v))).toBe(true);
    const cost = screen.getByTestId('gain-cost');
    expect(['50%', '35%', '80%', '32%'].every((v) => within(cost).queryByText(v))).toBe(true);
    expect(screen.queryByTestId('mes-purchase-message')).toBeNull();
    await user.click(screen.getByTestId('mes-purchase'));
    expect(screen.getByTestId('mes-purchase-message').textContent).toContain('400-000-0000');
  });

  it('pages the eight industries with previous and next', async () => {
    const user = userEvent.setup();
    renderLanding();
    const carousel = screen.getByTestId('industries-carousel');
    // jsdom's window is 1024 px wide: four in view, two pages.
    expect(within(carousel).getAllByTestId('industry-card')).toHaveLength(4);
    expect(within(carousel).getByText('Machinery')).toBeTruthy();
    expect(screen.getByTestId('carousel-prev').hasAttribute('disabled')).toBe(true);
    await user.click(screen.getByTestId('carousel-next'));
    expect(within(carousel).getByText('Shipbuilding')).toBeTruthy();
    expect(within(carousel).queryByText('Machinery')).toBeNull();
    expect(screen.getByTestId('carousel-next').hasAttribute('disabled')).toBe(true);
  });

  it('HUB partners open the client cases page in a new window', () => {
    renderLanding();
    for (const link of screen.getAllByTestId('hub-partner')) {
      expect(link.getAttribute('href')).toBe('https://example.com/cases');
      expect(link.getAttribute('target')).toBe('_blank');
    }
  });
});
