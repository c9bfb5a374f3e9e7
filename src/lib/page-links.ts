/** Addresses of the portal's own pages, for views that link to them without the router. */
const withReference = (path: string, referenceId: string) => `${path}?${new URLSearchParams({ referenceId })}`;

export const pageLinks = {
  account: '/account',
  changePassword: '/account#change-password',
  sessions: '/account#sessions',
  routers: '/routers',
  reports: '/reports',
  activate: '/activate',
  subscription: (referenceId: string) => withReference('/subscription', referenceId),
  billing: (referenceId: string) => withReference('/billing', referenceId),
  upgrade: (referenceId: string) => withReference('/upgrade', referenceId),
} as const;
