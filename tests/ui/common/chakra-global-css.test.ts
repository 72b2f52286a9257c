import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createSystem as publishedCreateSystem, defaultConfig } from '@chakra-ui/react';
import { describe, expect, it } from 'vitest';
import { chakraLazyGlobal } from '../../../scripts/vite/chakra-lazy-global';
import { BUILD_GLOBAL_CSS_ATTRIBUTE, createPortalSystem, providedSystem } from '../../../src/ui/common/chakra-system';

// Chakra's global CSS comes from the build (ADR 0024): the production build makes the system's
// `_global` lazy, the page carries that CSS, and the app's provider gets a system without it.

const systemFile = path.join(path.dirname(createRequire(import.meta.url).resolve('@chakra-ui/react/package.json')), 'dist/esm/styled-system/system.js');
type Transform = (code: string, id: string) => string | null;
const transform = chakraLazyGlobal().transform as unknown as Transform;

describe("the build's patch of Chakra's createSystem", () => {
  it('computes `_global` when first read, the same CSS as Chakra computes eagerly, and the rest of the system works as published', async () => {
    const patched = transform(readFileSync(systemFile, 'utf8'), systemFile)!;
    expect(patched).toContain('get _global()');
    // Next to the original, so that its relative imports resolve to Chakra's own modules.
    const copy = path.join(path.dirname(systemFile), `system.lazy-test-${process.pid}.js`);
    writeFileSync(copy, patched);
    try {
      const { createSystem } = (await import(/* @vite-ignore */ pathToFileURL(copy).href)) as { createSystem: typeof publishedCreateSystem };
      const lazy = createSystem(defaultConfig);
      const eager = publishedCreateSystem(defaultConfig);
      expect(Object.getOwnPropertyDescriptor(lazy, '_global')?.get, 'a getter, not a value').toBeTypeOf('function');
      expect(lazy._global).toEqual(eager._global);
      expect(lazy._global, 'computed once').toBe(lazy._global);
      expect(lazy.css({ color: 'red.500', p: 2 })).toEqual(eager.css({ color: 'red.500', p: 2 }));
    } finally {
      rmSync(copy, { force: true });
    }
  });

  it('fails the build when a Chakra upgrade changed the lines it replaces, rather than computing the CSS again unnoticed', () => {
    const changed = readFileSync(systemFile, 'utf8').replace('const _global = [', 'const _globals = [');
    expect(() => transform(changed, systemFile)).toThrow(/no longer has the lines/);
    expect(transform('export const x = 1;', '/elsewhere/module.js'), 'other modules are left alone').toBeNull();
  });
});

describe('the system the provider gets', () => {
  const system = createPortalSystem();
  const page = (marked: boolean) => ({ querySelector: (selector: string) => (marked && selector === `style[${BUILD_GLOBAL_CSS_ATTRIBUTE}]` ? ({} as Element) : null) });

  it('has no global CSS of its own on a page that carries it from the build, and is the system in every other way', () => {
    const provided = providedSystem(system, page(true));
    expect(provided._global).toEqual([]);
    expect(system._global.length, 'the system itself keeps it').toBeGreaterThan(0);
    expect(provided.css({ p: 2 })).toEqual(system.css({ p: 2 }));
    expect(provided.token('colors.blue.600')).toBe(system.token('colors.blue.600'));
    expect(provided.getRecipeFn('button')).toBe(system.getRecipeFn('button'));
  });

  it('is the system as it is on a page without it (the dev server, tests)', () => {
    expect(providedSystem(system, page(false))).toBe(system);
    expect(providedSystem(system, undefined)).toBe(system);
  });
});
