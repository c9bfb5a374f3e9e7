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
} as const;
