/**
 * The browser tests' mail server (a Playwright `webServer`, run with tsx): a real SMTP server on
 * loopback that accepts every mail, parses it, and keeps it in memory, and a small HTTP read-out
 * for the tests:
 *
 *   GET /health                  200 once both servers listen
 *   GET /messages?to=<address>   the mails to that address (all without `to`), oldest first, as JSON
 *
 * Plain SMTP without STARTTLS and without authentication, so the portal's SMTP_URL is simply
 * smtp://127.0.0.1:<port>: nodemailer only upgrades when the server offers STARTTLS.
 */
import { createServer } from 'node:http';
import type { Server } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { parseMail } from './mime';
import { mailboxPort, smtpSinkPort } from './ports';

export type ReceivedMail = {
  /** The envelope's recipients, lower-cased. */
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  receivedAt: string;
};

const received: ReceivedMail[] = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  banner: 'Bondline e2e sink',
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('error', callback);
    stream.on('end', () => {
      try {
        const mail = parseMail(Buffer.concat(chunks).toString('latin1'));
        received.push({
          to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
          ...mail,
          receivedAt: new Date().toISOString(),
        });
        callback();
      } catch (error) {
        console.error('smtp-sink: could not parse a mail', error);
        callback(error instanceof Error ? error : new Error(String(error)));
      }
    });
  },
});

// Connection-level trouble (a client hanging up) is logged, never fatal.
smtp.on('error', (error) => console.error('smtp-sink:', error.message));

const http = createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://127.0.0.1');
  if (request.method === 'GET' && url.pathname === '/health') {
    response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    return;
  }
  if (request.method === 'GET' && url.pathname === '/messages') {
    const to = url.searchParams.get('to')?.toLowerCase();
    const mails = to ? received.filter((mail) => mail.to.includes(to)) : received;
    response.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    response.end(JSON.stringify(mails));
    return;
  }
  response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
});

/** Resolves once listening; a taken port ends the process with the reason. */
function listen(server: Pick<Server, 'once' | 'listen'>, port: number, name: string) {
  return new Promise<void>((resolve) => {
    server.once('error', (error) => {
      console.error(`smtp-sink: ${name} cannot listen on 127.0.0.1:${port}:`, error.message);
      process.exit(1);
    });
    server.listen(port, '127.0.0.1', resolve);
  });
}
await listen(smtp.server, smtpSinkPort, 'SMTP');
await listen(http, mailboxPort, 'HTTP');
console.log(`smtp-sink: SMTP on 127.0.0.1:${smtpSinkPort}, mails at http://127.0.0.1:${mailboxPort}/messages`);

function shutdown() {
  http.close();
  smtp.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 1000).unref();
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
