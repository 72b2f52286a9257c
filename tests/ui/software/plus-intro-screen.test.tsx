// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import PlusIntroScreen from '../../../src/ui/software/plus-intro-screen';
import { renderPages } from './software-harness';

describe('Plus introduction page', () => {
  it('plays its product demo, a file it has, and says nothing is coming', async () => {
    renderPages('/bodorplus/true', [{ path: '/bodorplus/:isVisitor', Component: PlusIntroScreen }], { lang: 'zh' });
    const video = (await screen.findByTestId('plus-video-player')).querySelector('video')!;
    expect(video.getAttribute('src')).toBe('/api/SiteVideo/plus-demo');
    expect(video.hasAttribute('controls')).toBe(true);
    expect(document.body.textContent).not.toContain('即将上线');
  });
});
