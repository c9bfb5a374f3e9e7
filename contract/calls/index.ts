/**
 * Every call of the API (issue 23), declared once, one file per route file of server/routes. The
 * server mounts exactly these (server/api.ts), the OpenAPI document lists them, and the client's
 * `callApi` is typed by each. The client imports a domain's file, never this index: a page loads only
 * the schemas it uses.
 */

export * from './account';
export * from './account-creation';
export * from './api-keys';
export * from './auth';
export * from './billing';
export * from './bot-check';
export * from './devices';
export * from './federated-sign-in';
export * from './health';
export * from './linked-sign-ins';
export * from './monitoring';
export * from './partner-routers';
export * from './passkeys';
export * from './password';
export * from './phone';
export * from './qr-sign-in';
export * from './recent-sign-in';
export * from './reference';
export * from './routers';
export * from './second-factor';
export * from './servers';
export * from './stats';
export * from './subscriptions';
export * from './team-api';
export * from './teams';
export * from './user';
export * from './well-known';
export * from './your-sessions';
