/** The loopback ports of the browser tests: the portal, and the SMTP sink with its HTTP read-out. */
export const portalPort = Number(process.env.E2E_PORT ?? 3100);
export const smtpSinkPort = Number(process.env.E2E_SMTP_PORT ?? 3125);
/** The built flow explorer (`npm run flows:build`), served by `vite preview`. */
export const flowExplorerPort = Number(process.env.E2E_FLOW_EXPLORER_PORT ?? 3180);
export const mailboxPort = Number(process.env.E2E_MAILBOX_PORT ?? 3126);

/** Where the tests read what the sink received. */
export const mailboxUrl = `http://127.0.0.1:${mailboxPort}`;
