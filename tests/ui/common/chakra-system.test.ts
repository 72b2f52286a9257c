import { defaultSystem } from '@chakra-ui/react';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createPortalSystem } from '../../../src/ui/common/chakra-system';

const portalSystem = createPortalSystem();

// portalSystem carries only some of Chakra's recipes, and a component whose recipe is missing
// renders unstyled without a warning. This reads which recipes each Chakra component imported
// under src/ui looks up (in Chakra's own build, following its internal imports) and checks that
// portalSystem has them.

const chakraEsm = path.join(path.dirname(createRequire(import.meta.url).resolve('@chakra-ui/react/package.json')), 'dist/esm');
const RECIPE_LOOKUP = /(?:RecipeContext|useRecipe|useSlotRecipe)\(\s*\{\s*key:\s*"(\w+)"/g;

/** Exported name of @chakra-ui/react to the file that defines it. */
function chakraExports(): Map<string, string> {
  const index = readFileSync(path.join(chakraEsm, 'index.js'), 'utf8');
  const files = new Map<string, string>();
  for (const [, names, from] of index.matchAll(/export \{([^}]*)\} from '(\.[^']+)'/g)) {
    for (const part of names.split(',')) {
      const [name, alias] = part.trim().split(/\s+as\s+/);
      files.set((alias ?? name).trim(), path.join(chakraEsm, from));
    }
  }
  const namespaces = new Map<string, string>();
  for (const [, local, from] of index.matchAll(/import \* as (\S+) from '(\.[^']+)'/g)) namespaces.set(local, path.join(chakraEsm, from));
  for (const [, local, name] of index.matchAll(/export \{ (\S+) as (\w+) \};/g)) {
    const file = namespaces.get(local);
    if (file) files.set(name, file);
  }
  return files;
}

/** Recipe keys a Chakra module looks up, itself or through the components it imports. */
function recipeKeys(file: string, seen = new Set<string>()): Set<string> {
  const keys = new Set<string>();
  if (seen.has(file)) return keys;
  seen.add(file);
  const source = readFileSync(file, 'utf8');
  for (const [, key] of source.matchAll(RECIPE_LOOKUP)) keys.add(key);
  for (const [, from] of source.matchAll(/from '(\.[^']+)'/g)) {
    const next = path.resolve(path.dirname(file), from);
    if (next.includes(`${path.sep}components${path.sep}`)) for (const key of recipeKeys(next, seen)) keys.add(key);
  }
  return keys;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? sourceFiles(full) : /\.tsx?$/.test(name) ? [full] : [];
  });
}

/** Every name imported from '@chakra-ui/react' under src/ui, with a file that imports it. */
function chakraImports(): Map<string, string> {
  const used = new Map<string, string>();
  for (const file of sourceFiles(path.resolve('src/ui'))) {
    for (const [, names] of readFileSync(file, 'utf8').matchAll(/import \{([^}]*)\} from '@chakra-ui\/react'/g)) {
      for (const part of names.split(',')) {
        const name = part.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0];
        if (name) used.set(name, path.relative(process.cwd(), file));
      }
    }
  }
  return used;
}

const hasRecipe = (system: typeof defaultSystem, key: string) => system.isRecipe(key) || system.isSlotRecipe(key);

describe('the portal Chakra system', () => {
  it('has the recipe of every Chakra component the views import', () => {
    const exports = chakraExports();
    const used = chakraImports();
    expect(used.has('Button'), 'the scan finds the views').toBe(true);
    const missing: string[] = [];
    for (const [name, file] of used) {
      const module = exports.get(name);
      if (!module) continue; // hooks, types, Portal and other recipe-free exports
      for (const key of recipeKeys(module)) {
        if (hasRecipe(defaultSystem, key) && !hasRecipe(portalSystem, key)) missing.push(`${key} (for ${name} in ${file})`);
      }
    }
    expect(missing, 'add these recipes to src/ui/common/chakra-system.ts').toEqual([]);
  });

  it('styles a component and resolves tokens exactly as the default system does', () => {
    // The button as Chakra's, but for a solid button's hover, darkened rather than lightened (contrast of its text).
    const portalButton = portalSystem.getRecipe('button') as { variants: { variant: Record<string, Record<string, unknown>> } };
    const defaultButton = defaultSystem.getRecipe('button') as { variants: { variant: Record<string, Record<string, unknown>> } };
    expect(portalButton.variants.variant.solid!._hover).toEqual({ bg: 'colorPalette.solid', filter: 'brightness(0.88)' });
    const withoutSolid = (recipe: typeof portalButton) => ({ ...recipe, variants: { ...recipe.variants, variant: { ...recipe.variants.variant, solid: { ...recipe.variants.variant.solid, _hover: null, _expanded: null } } } });
    expect(withoutSolid(portalButton)).toEqual(withoutSolid(defaultButton));
    expect(portalSystem.getSlotRecipe('dialog')).toEqual(defaultSystem.getSlotRecipe('dialog'));
    expect(portalSystem.token('colors.blue.600')).toBe(defaultSystem.token('colors.blue.600'));
    expect(portalSystem.token('sizes.7xl')).toBe(defaultSystem.token('sizes.7xl'));
    expect(portalSystem.breakpoints.up('md')).toBe(defaultSystem.breakpoints.up('md'));
  });

  it('leaves out recipes no view uses', () => {
    expect(hasRecipe(portalSystem, 'datePicker')).toBe(false);
    expect(hasRecipe(portalSystem, 'colorPicker')).toBe(false);
  });
});
