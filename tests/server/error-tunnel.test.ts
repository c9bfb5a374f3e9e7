// @vitest-environment node
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPortal, type TestPortal } from './support';

/** A stand-in for the error-reporting service: records what reaches it. */
let ingest: Server;
let ingestHost: string;
const received: { url: string; body: string }[] = [];
let portal: TestPortal;

beforeAll(async () => {
  ingest = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      received.push({ url: request.url ?? '', body });
      response.writeHead(200).end('{}');
    });
  });
  await new Promise<void>((resolve) => ingest.listen(0, '127.0.0.1', resolve));
  ingestHost = `127.0.0.1:${(ingest.address() as AddressInfo).port}`;
  portal = await startTestPortal({ SENTRY_DSN: `http://publickey@${ingestHost}/42` });
});
afterAll(async () => {
  await portal.close();
  await new Promise((resolve) => ingest.close(resolve));
});

const envelope = (dsn: string) =>
  `${JSON.stringify({ dsn, sent_at: '2026-11-22T12:00:00Z' })}\n{"type":"event"}\n{"message":"boom"}`;
const send = (body: string, origin?: string | null) =>
  portal.request('/api/monitoring', { body, headers: { 'content-type': 'text/plain;charset=UTF-8' }, origin });

describe('the error-reporting tunnel', () => {
  it('forwards an envelope for the configured project to its envelope endpoint', async () => {
    const body = envelope(`http://publickey@${ingestHost}/42`);
    const response = await send(body);
    expect(response.status).toBe(200);
    expect(received.at(-1)).toEqual({ url: '/api/42/envelope/', body });
  });

  it('refuses an envelope for another host or project, and sends nothing', async () => {
    const before = received.length;
    expect((await send(envelope('http://publickey@evil.example/42'))).status).toBe(400);
    expect((await send(envelope(`http://publickey@${ingestHost}/43`))).status).toBe(400);
    expect((await send('not an envelope')).status).toBe(400);
    expect(received.length).toBe(before);
  });

  it('refuses a cross-site post', async () => {
    expect((await send(envelope(`http://publickey@${ingestHost}/42`), 'https://evil.example')).status).toBe(403);
  });

  it('is closed when no DSN is configured', async () => {
    const silent = await startTestPortal();
    try {
      const response = await silent.request('/api/monitoring', {
        body: envelope(`http://publickey@${ingestHost}/42`),
        headers: { 'content-type': 'text/plain' },
      });
      expect(response.status).toBe(404);
    } finally {
      await silent.close();
    }
  });
});
