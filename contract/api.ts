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
  /** DELETE cancels, PUT upgrades; below it `/uncancel`, `/quantity`, `/upgrade-preview`, `/blackfriday24`. */
  subscription: (referenceId: string) => `/api/subscription/${encodeURIComponent(referenceId)}`,
  pricing: '/api/pricing',
  /** GET ?subscriptionId=… lists the coupons that can be redeemed on a subscription. */
  coupons: '/api/recurly/coupon',
  redeemCoupon: '/api/recurly/redemption',
  /** GET ?referenceId=…: the billing page's data, for the owner. */
  billing: '/api/billing',
  invoice: (invoiceNumber: number) => `/api/billing/invoices/${invoiceNumber}`,
  /** The order site's signed server-to-server events. */
  billingEvents: '/api/billing/events',
  /** GET the team of a subscription; below it `/member` (POST), `/invitation/{email}` (DELETE), `/audit`, `/audit.csv`. */
  subscriptionTeam: (referenceId: string) => `/api/subscription/${encodeURIComponent(referenceId)}/team`,
  /** PUT {required}: the owner's rule that members use two-step sign-in (issue 22). */
  teamSecondFactorRule: (referenceId: string) =>
    `/api/subscription/${encodeURIComponent(referenceId)}/team/second-factor-rule`,
  teamMember: (referenceId: string, member: string) =>
    `/api/subscription/${encodeURIComponent(referenceId)}/teamMember/${encodeURIComponent(member)}`,
  /** POST creates; `/{keyId}` DELETE, `/{keyId}/allowedips` PUT. */
  apiKeys: (referenceId: string) => `/api/subscription/${encodeURIComponent(referenceId)}/apiKey`,
  requestServer: (referenceId: string) => `/api/subscription/${encodeURIComponent(referenceId)}/server`,
  acceptInvitation: '/api/teams/invitation',
  renameTeam: '/api/teams/rename',
  updateMemberRole: '/api/teams/members/update/role',
  teamServers: (teamId: number) => `/api/teams/servers/${teamId}`,
  privateServers: '/api/account/private-individual-servers',
  cidrValidation: '/api/networking/ip-cidr-validation',
  /** The team API for API keys (header x-api-key): GET the team, `/members`, `/servers`. */
  teamApi: '/api/v1/team',

  // Devices (issue 10): the device's side (the VPN app, no session) and the person's side.
  /** POST: a device asks for an activation code; GET `/status` (poll token in a header) tells whether it was linked. */
  deviceActivationCode: '/api/devices/activation-code',
  deviceActivationStatus: '/api/devices/activation-code/status',
  linkDevice: '/api/account/linkDevice',
  /** GET lists, DELETE {deviceUUID} removes; `/friendlyName` PATCH renames. */
  linkedDevices: '/api/account/linkedDevices',
  renameDevice: '/api/account/linkedDevices/friendlyName',
  associateDevice: '/api/account/linkedDevice/associate',
  dissociateDevice: '/api/account/linkedDevice/dissociate',
  /** DELETE signs an active device out. */
  activeDevice: (deviceUuid: string) => `/api/account/activeDevice/${encodeURIComponent(deviceUuid)}`,

  // Routers (issue 10): the person's routers, team routers, partner routers and router coupons.
  routers: '/api/account/routers',
  /** PUT {teamId, routerReferenceId}. */
  associateTeamRouter: '/api/account/team-router/associate',
  /** DELETE {teamId, routerReferenceId}. */
  dissociateTeamRouter: '/api/account/team-router/dissociate',
  /** GET the device; below it PUT `/has-shown-90day-success` and `/seen-router-activation-success`. */
  partnerRouterDevice: (routerId: string) => `/api/partner-router/device/${encodeURIComponent(routerId)}`,
  routerCouponRedemption: '/api/account/router-coupon-redemption',

  // Sign-in with a QR code (issue 11): the waiting browser's side, then the approving device's.
  /** POST creates a request (and sets the browser's key cookie). */
  qrSignIn: '/api/auth/qr',
  /** GET (a session): where the request comes from, for the person to approve or decline. */
  qrSignInRequest: (id: string) => `/api/auth/qr/${encodeURIComponent(id)}`,
  /** GET ?wait=seconds (the browser's key): the request's state, answered as soon as it changes. */
  qrSignInStatus: (id: string) => `/api/auth/qr/${encodeURIComponent(id)}/status`,
  /** POST (the browser's key): an approved request becomes this browser's session, once. */
  qrSignInSession: (id: string) => `/api/auth/qr/${encodeURIComponent(id)}/session`,
  /** POST (a session). */
  qrSignInApproval: (id: string) => `/api/auth/qr/${encodeURIComponent(id)}/approve`,
  /** POST (a session). */
  qrSignInDecline: (id: string) => `/api/auth/qr/${encodeURIComponent(id)}/decline`,

  // Phone verification (issue 11): the number in E.164 in the path.
  /** POST sends a code by SMS; PATCH {code} checks it. */
  phoneVerificationCode: (phone: string) => `/api/phone/${encodeURIComponent(phone)}/verification-code`,
  /** POST {phone}: the verified number becomes the account's, and the session's `phone` claim. */
  addPhoneVerificationData: '/api/account/add-phone-verification-data',

  // Your sessions (issue 11): GET lists the person's live sessions.
  accountSessions: '/api/account/sessions',
  /** DELETE signs out one of the person's sessions. */
  accountSession: (sessionId: string) => `/api/account/sessions/${encodeURIComponent(sessionId)}`,
  /** DELETE signs out every session of the person but the one asking. */
  otherAccountSessions: '/api/account/sessions/others',

  // Sign-in through an OpenID Connect provider (issue 11).
  /** POST {redirect}: the provider's authorization address, for a configured provider. */
  startProviderSignIn: (provider: string) => `/api/auth/providers/${encodeURIComponent(provider)}/start`,
  /** POST {email, redirect}: the same through the provider of the work address's company. */
  startCompanySignIn: '/api/auth/company/start',
  /** POST the provider's answer (code, state, iss or error): starts the session. */
  completeProviderSignIn: (provider: string) => `/api/auth/providers/${encodeURIComponent(provider)}/complete`,
  /** POST {password}: the account's owner consents to link the waiting provider sign-in (issue 21). */
  linkProviderWithPassword: '/api/auth/providers/link/password',
  /** POST: the consent by a link mailed to the account's address instead. */
  mailProviderLink: '/api/auth/providers/link/mail',
  /** POST {token}: the mailed link's consent; starts the session. */
  confirmProviderLink: '/api/auth/providers/link/confirm',
  /** GET lists the account's password and linked provider sign-ins; DELETE {provider, subject} unlinks one. */
  linkedSignIns: '/api/account/linked-sign-ins',
  /** POST {method, code}: the second step of a sign-in waiting for it (issue 22); starts the session. */
  secondFactor: '/api/auth/second-factor',
  /** GET: the account's authenticator app and recovery codes. */
  accountSecondFactor: '/api/account/second-factor',
  /** POST starts an app's setup (a new key); DELETE {proof} turns the app off. */
  authenticatorApp: '/api/account/authenticator-app',
  /** POST {code}: the app's first code turns it on; answers the first recovery codes. */
  confirmAuthenticatorApp: '/api/account/authenticator-app/confirm',
  /** POST {proof}: a new set of recovery codes, replacing the old. */
  recoveryCodes: '/api/account/recovery-codes',
  /** GET lists the account's passkeys; POST {name, response} adds one made with passkeyCreationOptions. */
  passkeys: '/api/account/passkeys',
  /** POST: the options of a new passkey's ceremony (recent sign-in needed). */
  passkeyCreationOptions: '/api/account/passkeys/options',
  /** PATCH {name} renames a passkey; DELETE removes it (recent sign-in needed). */
  passkey: (id: string) => `/api/account/passkeys/${encodeURIComponent(id)}`,
  /** POST: the options of a sign-in with a passkey alone (the button and the e-mail field's autofill). */
  passkeySignInOptions: '/api/auth/passkey/options',
  /** POST {response}: signs in with a passkey; both steps. */
  passkeySignIn: '/api/auth/passkey',
  /** POST: the options of a passkey that answers the waiting second step (its cookie's path covers it). */
  secondFactorPasskeyOptions: '/api/auth/second-factor/passkey-options',
  /** POST {method, …}: proves the session's person is at hand; sensitive changes need it within 10 minutes. */
  recentSignIn: '/api/account/recent-sign-in',
  /** POST: the options of a passkey that proves a recent sign-in or a change of the second step. */
  recentSignInPasskeyOptions: '/api/account/recent-sign-in/passkey-options',

  // Usage statistics (issue 12): query from, to (ISO), and device for the device calls.
  individualTunnelStats: '/api/stats/individual-tunnel-stats',
  individualNetStats: '/api/stats/individual-net-stats',
  teamTunnelStats: (teamId: number) => `/api/stats/team-tunnel-stats/${teamId}`,
  teamNetStats: (teamId: number) => `/api/stats/team-net-stats/${teamId}`,
  deviceTunnelStats: '/api/stats/device-tunnel-stats',
  deviceNetStats: '/api/stats/device-net-stats',
  /** POST: a VPN server's signed batch of tunnel events and net samples. */
  statsIngest: '/api/stats/ingest',
} as const;
