/** The route table of the API: one place for every path the client calls and the server mounts. */
export const api = {
  login: '/api/auth/login',
  logout: '/api/auth/logout',
  user: '/api/user',
  accountUser: '/api/account/user',
  jwks: '/.well-known/jwks.json',
  health: '/api/health',
  errorTunnel: '/api/monitoring',
} as const;
