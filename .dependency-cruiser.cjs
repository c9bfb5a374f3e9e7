/**
 * The layer rules of docs/design.md §2, checked in CI with `npm run layers`.
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: 'contract-is-standalone',
      comment: 'contract/ is the one typed definition of the API: it imports nothing but valibot.',
      severity: 'error',
      from: { path: '^contract/' },
      to: { pathNot: ['^contract/', 'node_modules/valibot/'] },
    },
    {
      name: 'machines-know-no-ui-or-io',
      comment:
        'machines/ import xstate, valibot and contract/ only (and @xstate/graph, for the paths generated from them): never React, the router, fetch helpers, Sentry or Lingui.',
      severity: 'error',
      from: { path: '^machines/' },
      to: { pathNot: ['^machines/', '^contract/', 'node_modules/(xstate|valibot|@xstate/graph)/'] },
    },
    {
      name: 'views-know-no-api',
      comment:
        'Views are pure renderings: they never import the API client, the server, the call declarations or the address book.',
      severity: 'error',
      from: { path: '\\.view\\.tsx$' },
      to: {
        path: [
          '^src/lib/api-client',
          '^server/',
          '^contract/api',
          '^contract/calls/',
          '\\.actors\\.ts$',
          '@tanstack/react-query',
        ],
      },
    },
    {
      name: 'client-never-imports-server',
      severity: 'error',
      from: { path: '^(src|machines|contract)/' },
      to: { path: '^server/' },
    },
    {
      name: 'server-never-imports-client',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^(src|machines)/' },
    },
    {
      name: 'services-know-no-http',
      comment:
        'Services speak the domain (issue 23): they throw Refusal with a contract code; only server/http and the routes know statuses, headers and Hono.',
      severity: 'error',
      from: { path: '^server/services/' },
      to: { path: ['^server/http/', '^server/routes/', '^server/api', 'node_modules/hono/'] },
    },
    {
      name: 'client-uses-declarations',
      comment:
        'The client calls the API through the declarations of contract/calls (issue 23); the address book contract/api.ts is for tests and scripts.',
      severity: 'error',
      from: { path: '^(src|machines)/' },
      to: { path: ['^contract/api\\.ts$', '^contract/calls/index\\.ts$'] },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: {},
      to: { circular: true, dependencyTypesNot: ['type-only'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['^styled-system/', 'routeTree\\.gen\\.ts$'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
  },
};
