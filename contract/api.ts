/** The route table of the API: one place for every path the client calls and the server mounts. */
export const api = {
  login: '/api/auth/login',
  logout: '/api/auth/logout',
  user: '/api/user',
  accountUser: '/api/account/user',
  jwks: '/.well-known/jwks.json',
  health: '/api/health',
  errorTunnel: '/api/monitoring',
  createPendingAccount: '/api/account/create-pending-account',
  resendVerificationCode: '/api/account/resend-email-verification-code',
  validateAccountCreation: '/api/account/validate-account-creation-request',
  finalizeAccountCreation: '/api/account/finalize-account-creation-request',
  forgotPassword: '/api/password/forgot',
  /** POST resets; GET `${resetPassword}/{token}` tells whether a link is still valid. */
  resetPassword: '/api/password/reset',
  changePassword: '/api/password',
  /** GET: a fresh ALTCHA challenge for the sign-up check. */
  botCheckChallenge: '/api/bot-check/challenge',
} as const;
