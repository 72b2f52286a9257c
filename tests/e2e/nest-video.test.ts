import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, portalUrl, screenshot, videoSpinnerGone } from '../support/browser';
import { sharedPages } from '../support/shared-pages';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());
// The visitor's tests share one page for the file.
const pages = sharedPages(() => browser);

const player = (page: Page) => page.getByTestId('nestvideo-player').locator('video');

/** Waits for the player to know the video's length, and answers the state of the element. */
async function loaded(page: Page) {
  await expect.poll(() => player(page).evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(1);
  return player(page).evaluate((v: HTMLVideoElement) => ({ src: v.currentSrc, duration: v.duration, width: v.videoWidth, error: v.error?.code ?? null }));
}

/** Seeks the player and answers once the frame there is decoded. */
const seekTo = (page: Page, seconds: number) =>
  player(page).evaluate(
    (v: HTMLVideoElement, t: number) =>
      new Promise<{ time: number; readyState: number }>((resolve) => {
        v.addEventListener('seeked', () => resolve({ time: v.currentTime, readyState: v.readyState }), { once: true });
        v.currentTime = t;
      }),
    seconds,
  );

describe('nest video page in the browser', () => {
  it('plays a lesson, seeks through byte ranges, and switches lessons from the directory', async () => {
    const page = await pages.page(null, 'en', 1280);
    const videoAnswers: number[] = [];
    page.on('response', (res) => {
      if (res.url().includes('/app/videos/nest/')) videoAnswers.push(res.status());
    });
    await page.goto(portalUrl('/app/nestvideo?v=3'));
    // Route changes render as transitions: the heading follows the address a moment later.
    await expect.poll(() => page.getByTestId('nestvideo-current').textContent()).toBe('Importing drawings');
    const meta = await loaded(page);
    // the page plays the lesson's site address, which sends the player on to the committed file
    expect(meta.src).toMatch(/\/api\/SiteVideo\/nest-03$/);
    expect(meta.error).toBeNull();
    expect(meta.duration).toBeGreaterThan(8);
    expect(meta.width).toBe(640);

    // Playing advances the clock (muted: headless Chromium allows autoplay of silent media).
    await player(page).evaluate((v: HTMLVideoElement) => {
      v.muted = true;
      return v.play();
    });
    await expect.poll(() => player(page).evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(0.5);

    // Seeking near the end decodes a frame there; the browser fetched the file in ranges (206).
    await player(page).evaluate((v: HTMLVideoElement) => v.pause());
    const seeked = await seekTo(page, 8.5);
    expect(seeked.time).toBeCloseTo(8.5, 0);
    expect(seeked.readyState).toBeGreaterThanOrEqual(2);
    expect(videoAnswers).toContain(206);
    expect(videoAnswers.every((s) => s === 200 || s === 206 || s === 304)).toBe(true);

    await page.locator('[data-testid=nestvideo-directory] [data-lesson="10"]').click();
    await page.waitForURL(/\/app\/nestvideo\?v=10$/);
    await expect.poll(() => page.getByTestId('nestvideo-current').textContent()).toBe('Automatic nesting');
    expect((await loaded(page)).src).toMatch(/\/api\/SiteVideo\/nest-10$/);
  });

  for (const width of [1280, 375]) {
    it(`lays out the player and the directory at ${width} px without sideways scrolling`, async () => {
      const page = await pages.page(null, 'zh', width);
      await page.goto(portalUrl('/app/nestvideo?v=12'));
      await loaded(page);
      // The full-page screenshot grows the viewport to the page; grown first, the player does not
      // reload its frame (and show its spinner) while the picture is taken.
      await page.setViewportSize({ width, height: await page.evaluate(() => document.documentElement.scrollHeight) });
      // a frame from the middle of the lesson, buffered (no spinner), so the screenshot shows the diagram
      await seekTo(page, 6);
      await expect
        .poll(() => player(page).evaluate((v: HTMLVideoElement) => v.readyState >= 3 && v.networkState !== v.NETWORK_LOADING))
        .toBe(true);
      await videoSpinnerGone(page); // the player's loading spinner fades out
      expect(await page.locator('[data-testid=nestvideo-directory] [data-lesson]').count()).toBe(15);
      expect(await page.getByTestId('video-soon').count()).toBe(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      const box = await player(page).boundingBox();
      expect(box!.width).toBeGreaterThan(width > 1000 ? 600 : 300);
      await screenshot(page, `nestvideo-zh-${width}`);
    });
  }
});
