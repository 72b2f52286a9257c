// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import NestVideoScreen from '../../../src/ui/service-pages/nest-video-screen';
import { renderPages } from '../software/software-harness';

describe('nest video page', () => {
  it('lists 15 tutorials, plays the chosen one and says the file is coming', async () => {
    const user = userEvent.setup();
    const { router } = renderPages('/nestvideo', [{ path: '/nestvideo', Component: NestVideoScreen }], { lang: 'zh' });
    const directory = await screen.findByTestId('nestvideo-directory');
    expect(directory.querySelectorAll('[data-lesson]')).toHaveLength(15);
    expect(screen.getByTestId('nestvideo-current').textContent).toBe('软件安装与首次启动');
    expect(screen.getByTestId('video-soon').textContent).toContain('视频即将上线');
    await user.click(directory.querySelector('[data-lesson="10"]')!);
    await waitFor(() => expect(screen.getByTestId('nestvideo-current').textContent).toBe('自动排样'));
    expect(router.state.location.search).toBe('?v=10');
  });
});
