// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import StandardsScreen from '../../../src/ui/service-pages/standards-screen';
import { renderPages } from '../software/software-harness';

describe('service standards page', () => {
  it('plays its two videos, each with its file, and says nothing is coming', async () => {
    renderPages('/standards', [{ path: '/standards', Component: StandardsScreen }], { lang: 'zh' });
    for (const n of [1, 2]) {
      const video = (await screen.findByTestId(`standards-video-${n}`)).querySelector('video')!;
      expect(video.getAttribute('src')).toBe(`/api/SiteVideo/standards-${n}`);
      expect(video.hasAttribute('controls')).toBe(true);
    }
    expect(screen.queryByTestId('video-soon')).toBeNull();
    expect(document.body.textContent).not.toContain('即将上线');
  });
});
