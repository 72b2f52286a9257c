// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import NestVideoScreen from '../../../src/ui/service-pages/nest-video-screen';
import { renderPages } from '../software/software-harness';

const playerSource = () => screen.getByTestId('nestvideo-player').querySelector('video')!.getAttribute('src');

describe('nest video page', () => {
  it('lists 15 tutorials and plays the chosen one', async () => {
    const user = userEvent.setup();
    const { router } = renderPages('/nestvideo', [{ path: '/nestvideo', Component: NestVideoScreen }], { lang: 'zh' });
    const directory = await screen.findByTestId('nestvideo-directory');
    expect(directory.querySelectorAll('[data-lesson]')).toHaveLength(15);
    expect(screen.getByTestId('nestvideo-current').textContent).toBe('软件安装与首次启动');
    expect(playerSource()).toBe('/api/SiteVideo/nest-01');
    // every lesson has its file: no "coming soon" anywhere
    expect(screen.queryByTestId('video-soon')).toBeNull();
    expect(directory.textContent).not.toContain('视频即将上线');
    await user.click(directory.querySelector('[data-lesson="10"]')!);
    await waitFor(() => expect(screen.getByTestId('nestvideo-current').textContent).toBe('自动排样'));
    expect(router.state.location.search).toBe('?v=10');
    expect(playerSource()).toBe('/api/SiteVideo/nest-10');
  });
});
