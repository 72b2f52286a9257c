import fc from 'fast-check';

// Fixed seed in CI so a red run can be replayed; random locally. fast-check prints the seed and
// path of any failure; `FC_SEED=<seed> FC_PATH=<path> npm test -- <file> -t '<test>'` runs that
// counterexample again first (docs/TESTING.md).
if (process.env.CI || process.env.FC_SEED) {
  fc.configureGlobal({
    seed: Number(process.env.FC_SEED ?? 20240601),
    ...(process.env.FC_PATH ? { path: process.env.FC_PATH, endOnFailure: true } : {}),
  });
}
