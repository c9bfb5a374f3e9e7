/**
 * Every call of the API (issue 23), declared once, by domain. The server mounts exactly these
 * (server/api.ts), the OpenAPI document lists them, and the client's `callApi` is typed by each.
 * The client imports a domain's file, never this index: a page loads only the schemas it uses.
 */
export * from './password';
