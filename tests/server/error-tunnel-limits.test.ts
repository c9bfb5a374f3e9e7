// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../contract/api';
import { ErrorCode } from '../../contract/errors';
import { monitoringLimits } from '../../contract/health';
import { publicOrigin, startTestPortal, type TestPortal } from './support';

/** Nothing listens at the DSN's host: no envelope in these tests is meant to be forwarded. */
const dsn = 'http://publickey@127.0.0.1:9/42';
const maxEnvelopeBytes = 1024 * 1024;
let portal: TestPortal;

beforeAll(async () => {
  portal = await startTestPortal({ SENTRY_DSN: dsn });
});
afterAll(() => portal.close());

/** A body that arrives in chunks, without a Content-Length, and counts what the server pulled. */
function streamedBody(totalBytes: number, chunkBytes = 64 * 1024) {
  const pulled = { bytes: 0 };
  const chunk = new Uint8Array(chunkBytes).fill(0x61);
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (pulled.bytes >= totalBytes) {
          controller.close();
          return;
        }
        pulled.bytes += chunk.byteLength;
        controller.enqueue(chunk);
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, pulled };
}

describe('the error-reporting tunnel’s limits', () => {
  it('refuses an over-size body with 413 as soon as more than the limit arrived, without reading it whole', async () => {
    const total = 16 * maxEnvelopeBytes;
    const { stream, pulled } = streamedBody(total);
    const response = await portal.app.request(api.errorTunnel, {
      method: 'POST',
      headers: { origin: publicOrigin, 'content-type': 'text/plain', 'x-forwarded-for': '192.0.2.200' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      error: ErrorCode.payloadTooLarge,
      message: 'The request body is too large.',
    });
    expect(pulled.bytes).toBeGreaterThan(maxEnvelopeBytes);
    expect(pulled.bytes).toBeLessThan(2 * maxEnvelopeBytes);
  });

  it('refuses a declared over-size body before reading it', async () => {
    const response = await portal.request(api.errorTunnel, {
      body: 'x'.repeat(maxEnvelopeBytes + 1),
      headers: { 'content-type': 'text/plain' },
      address: '192.0.2.201',
    });
    expect(response.status).toBe(413);
    expect(response.json.error).toBe(ErrorCode.payloadTooLarge);
  });

  it('answers 429 with Retry-After once a client sent its limit, and only to that client', async () => {
    const { limit } = monitoringLimits.envelopesPerClient;
    const envelope = `${JSON.stringify({ dsn: 'http://publickey@127.0.0.1:9/43' })}\n{"type":"event"}\n{}`;
    const send = (address: string) =>
      portal.request(api.errorTunnel, { body: envelope, headers: { 'content-type': 'text/plain' }, address });
    for (let sent = 0; sent < limit; sent++) {
      // Refused as meant for another project, so nothing is forwarded; counted all the same.
      expect((await send('192.0.2.202')).status).toBe(400);
    }
    const limited = await send('192.0.2.202');
    expect(limited.status).toBe(429);
    expect(limited.json.error).toBe(ErrorCode.rateLimited);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await send('192.0.2.203')).status).toBe(400);

    const start = portal.clock.current;
    try {
      portal.clock.current = new Date(start.getTime() + monitoringLimits.envelopesPerClient.windowSeconds * 1000);
      expect((await send('192.0.2.202')).status).toBe(400);
    } finally {
      portal.clock.current = start;
    }
  });
});
