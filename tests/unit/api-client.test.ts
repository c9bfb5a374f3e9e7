import * as v from 'valibot';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorCode } from '../../contract/errors';
import { RefusalError, refusal } from '../../machines/support/refusal';
import { ApiError, apiRequest, explained } from '../../src/lib/api-client';

function answering(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('apiRequest', () => {
  it("keeps a refusal's { error, message }, which explained() turns into the machine's refusal", async () => {
    answering(409, { error: ErrorCode.lastWayIn, message: 'This is the only way to sign in.' });
    const call = explained(() => apiRequest('/api/anything', { schema: v.unknown() }));
    await expect(call).rejects.toEqual(
      new RefusalError(refusal(ErrorCode.lastWayIn, 'This is the only way to sign in.')),
    );
  });

  it('words "service busy" like a network failure: no server message reaches the view untranslated', async () => {
    answering(503, { error: ErrorCode.serviceBusy, message: 'The service is busy. Please try again in a moment.' });
    const call = explained(() => apiRequest('/api/anything', { schema: v.unknown() }));
    await expect(call).rejects.toBeInstanceOf(ApiError);
    await expect(call).rejects.toMatchObject({ status: 503, body: null });
  });
});
