import fc from 'fast-check';

// Fixed seed in CI so a red run can be replayed; random locally. fast-check prints the seed and path of any failure.
if (process.env.CI) {
  fc.configureGlobal({ seed: Number(process.env.FC_SEED ?? 20240601) });
}
