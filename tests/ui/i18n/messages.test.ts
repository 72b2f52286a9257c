/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest';
import { areaMessages, messages } from '../../../src/ui/i18n/messages';
import { MESSAGE_AREAS, MESSAGE_LOADERS } from '../../../src/ui/i18n/message-loaders';

type AreaModule = Record<string, unknown>;
const files = import.meta.glob<AreaModule>('../../../src/ui/**/*.messages.ts', { eager: true });

function isAreaMessages(value: unknown): value is { zh: Record<string, string>; en: Record<string, string> } {
  return !!value && typeof value === 'object' && 'zh' in value && 'en' in value;
}

describe('messages', () => {
  const areas = Object.entries(files).flatMap(([file, module]) =>
    Object.entries(module)
      .filter(([, value]) => isAreaMessages(value))
      .map(([name, value]) => [`${file}#${name}`, value as { zh: Record<string, string>; en: Record<string, string> }] as const),
  );

  it('finds the area files', () => {
    expect(areas.length).toBeGreaterThanOrEqual(3);
  });

  it.each(areas)('%s has the same keys in zh and en, none empty', (_file, area) => {
    expect(Object.keys(area.zh).sort()).toEqual(Object.keys(area.en).sort());
    for (const [key, text] of [...Object.entries(area.zh), ...Object.entries(area.en)]) {
      expect(typeof text === 'string' && text.length > 0, key).toBe(true);
    }
  });

  it('merges every area file, and no two areas define the same key', () => {
    const registered = new Set(Object.values(areaMessages));
    for (const [file, area] of areas) expect(registered.has(area), `${file} is not listed in src/ui/i18n/messages.ts`).toBe(true);
    const total = Object.values(areaMessages).reduce((n, area) => n + Object.keys(area.zh).length, 0);
    expect(Object.keys(messages.zh)).toHaveLength(total);
  });

  // The app loads an area's messages one language at a time (message-loaders.ts); these are the
  // same texts as the area's `{ zh, en }` above, which the parity checks read.
  const BOTH_LANGUAGES_IN_CHUNK = ['common', 'landing', 'landingTop'];

  it('loads every other area one language at a time, each module holding exactly its language of that area', async () => {
    const onDemand = Object.keys(areaMessages).filter((name) => !BOTH_LANGUAGES_IN_CHUNK.includes(name));
    expect([...MESSAGE_AREAS].sort()).toEqual(onDemand.sort());
    for (const area of MESSAGE_AREAS) {
      for (const language of ['zh', 'en'] as const) {
        const { default: texts } = await MESSAGE_LOADERS[area][language]();
        expect(texts, `${area} ${language}`).toEqual(areaMessages[area][language]);
      }
    }
  });
});
