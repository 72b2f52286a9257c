// @vitest-environment jsdom
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { UserCentreApiToken } from '../../../src/ports/api-tokens';
import type { UserCentreApiPort } from '../../../src/ports/user-centre-api.port';
import { loadMessages } from '../../../src/ui/i18n/load-messages';
import { CamReportPage } from '../../../src/ui/user-centre/feedback-screen';
import { fake, renderRoutes } from '../../support/render-routes';

// Issue 35 item 9: a file the server refuses (415: a .STEP that is no STEP) is said in the form,
// at its slot, in the page's language, not only in a notice that goes.

async function renderCamForm(lang: 'en' | 'zh') {
  await loadMessages(lang, ['userCentre']);
  const api = {
    uploadFeedbackFile: vi.fn(async () => ({ kind: 'refused' as const, message: 'uc.refused.contentMismatch' })),
  } as unknown as UserCentreApiPort;
  const view = renderRoutes('/camReport?Product=1&Version=1.5', [{ path: '/camReport', Component: CamReportPage }], { lang, fakes: [fake(UserCentreApiToken, api)] });
  return { ...view, api };
}

describe('the CAM feedback form: a refused upload', () => {
  for (const [lang, said] of [
    ['en', 'Upload failed: The file content does not match its format'],
    ['zh', '上传失败：文件内容与格式不符'],
  ] as const) {
    it(`shows the server's refusal at the slot (${lang})`, async () => {
      const { api, unmount } = await renderCamForm(lang);
      const input = (await screen.findByTestId('fb-input-other')) as HTMLInputElement;
      await act(async () => {
        fireEvent.change(input, { target: { files: [new File(['solid x'], 'part.STEP')] } });
      });
      expect(api.uploadFeedbackFile).toHaveBeenCalledTimes(1);
      expect((await screen.findByTestId('fb-file-problem-other')).textContent).toBe(said);
      expect(screen.queryByTestId('fb-file-problem-main')).toBeNull();
      unmount();
    });
  }
});
