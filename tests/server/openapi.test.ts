// @vitest-environment node
import { compileErrors, validate } from '@readme/openapi-parser';
import { Hono } from 'hono';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../contract/api';
import { BillingEvent } from '../../contract/billing';
import * as calls from '../../contract/calls/index';
import type { CallDeclaration } from '../../contract/http';
import { routePatternOf } from '../../contract/http';
import { StatsBatch } from '../../contract/stats';
import { signatureExamples } from '../../server/http/openapi';
import { signedJsonBodyOf } from '../../server/http/signed-body';
import { verifyBillingSignature } from '../../server/services/billing/event-signature';
import { commonRefusals } from '../../server/services/refusal';
import { publicOrigin, startTestPortal, type TestPortal } from './support';

type Json = Record<string, unknown>;
type Operation = {
  operationId: string;
  parameters?: { name: string; in: string; required: boolean }[];
  requestBody?: { content: Record<string, { schema: Json }> };
  responses: Record<string, { content?: Record<string, { schema: Json }> }>;
  security: Json[];
};
type Document = Json & { paths: Record<string, Record<string, Operation>>; info: { description: string } };

let portal: TestPortal;
let document: Document;

beforeAll(async () => {
  portal = await startTestPortal();
  const response = await portal.request('/api/openapi.json');
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  document = response.json as unknown as Document;
});
afterAll(() => portal.close());

const declarations = Object.entries(calls as Record<string, CallDeclaration>);

describe('the OpenAPI document at /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document of the public origin', async () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.servers).toEqual([{ url: publicOrigin }]);
    // The parser dereferences what it validates: it gets a copy.
    const result = await validate(structuredClone(document) as unknown as Parameters<typeof validate>[0]);
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true);
  });

  it.each(declarations)('documents %s as declared', (name, call) => {
    const operation = document.paths[call.path]?.[call.method.toLowerCase()];
    expect(operation, `${call.method} ${call.path}`).toBeDefined();
    if (!operation) return;
    expect(operation.operationId).toBe(name);
    const parameters = operation.parameters ?? [];
    const named = (place: string) =>
      parameters
        .filter((parameter) => parameter.in === place)
        .map((parameter) => parameter.name)
        .sort();
    const pathNames = [...call.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
    expect(named('path')).toEqual(pathNames);
    expect(named('query')).toEqual(Object.keys(call.query?.entries ?? {}).sort());
    if (call.body) expect(Object.keys(operation.requestBody?.content ?? {})).toEqual(['application/json']);
    else expect(operation.requestBody).toBeUndefined();
    for (const [status, answer] of Object.entries(call.answers)) {
      const response = operation.responses[status];
      expect(response, `answer ${status}`).toBeDefined();
      if (answer === null) expect(response?.content).toBeUndefined();
      else if ('mediaType' in answer) expect(Object.keys(response?.content ?? {})).toEqual([answer.mediaType]);
      else expect(Object.keys(response?.content ?? {})).toEqual(['application/json']);
    }
    if (call.body || call.query || call.params) expect(operation.responses['400']).toBeDefined();
    if (['session', 'owner', 'adminOrOwner', 'member'].includes(call.access)) {
      expect(operation.security).toEqual([{ session: [] }]);
      expect(operation.responses['401']).toBeDefined();
    }
    if (call.access === 'apiKey') expect(operation.security).toEqual([{ apiKey: [] }]);
    if (call.rateLimits?.length) expect(operation.responses['429']).toBeDefined();
  });

  it('lists every route the app mounts under /api', () => {
    const documented = new Set(declarations.map(([, call]) => `${call.method} ${routePatternOf(call)}`));
    const mounted = new Set(
      portal.app.routes
        .filter((route) => route.method !== 'ALL' && route.path.startsWith('/api/') && !route.path.startsWith('/dev'))
        // Hono's spelling of a parameter may carry a pattern (`:id{[0-9]+}`) or be optional (`:id?`).
        .map((route) => `${route.method} ${route.path.replace(/:(\w+)(\{[^}]*\})?\??/g, ':$1')}`),
    );
    expect(mounted).toContain('GET /api/openapi.json');
    expect([...mounted].filter((route) => !documented.has(route)).sort()).toEqual([]);
  });
});

describe('the worked examples of signed calls', () => {
  const examples = signatureExamples();

  it('covers the billing events and the usage batches, and stands in the served description', () => {
    expect(examples.map((example) => example.path).sort()).toEqual([api.billingEvents, api.statsIngest].sort());
    for (const example of examples) {
      expect(document.info.description).toContain(`${example.headers.signature}: ${example.signature}`);
      expect(document.info.description).toContain(`${example.headers.timestamp}: ${example.timestampSeconds}`);
      expect(document.info.description).toContain(example.body);
    }
  });

  it('are bodies the calls accept', () => {
    const byPath = Object.fromEntries(examples.map((example) => [example.path, JSON.parse(example.body)]));
    expect(v.safeParse(BillingEvent, byPath[api.billingEvents]).success).toBe(true);
    expect(v.safeParse(StatsBatch, byPath[api.statsIngest]).success).toBe(true);
  });

  it.each(examples)('verifies with the server’s own check: $path', async (example) => {
    const signedAt = new Date(example.timestampSeconds * 1000);
    expect(
      verifyBillingSignature({
        secret: example.secret,
        body: example.body,
        timestamp: String(example.timestampSeconds),
        signature: example.signature,
        now: signedAt,
      }),
    ).toBe('valid');
    // Through signed-body.ts with the example's own header names, as the route reads a request.
    const app = new Hono().post('/', async (c) => {
      const { text } = await signedJsonBodyOf(c, {
        secret: example.secret,
        headers: example.headers,
        schema: v.unknown(),
        now: signedAt,
        refusals: { invalidSignature: () => commonRefusals.unauthorized(), stale: () => commonRefusals.unauthorized() },
      });
      return c.text(text);
    });
    app.onError((_error, c) => c.text('refused', 401));
    const request = (signature: string) =>
      app.request('/', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [example.headers.timestamp]: String(example.timestampSeconds),
          [example.headers.signature]: signature,
        },
        body: example.body,
      });
    const accepted = await request(example.signature);
    expect(accepted.status).toBe(200);
    expect(await accepted.text()).toBe(example.body);
    // And a signature of other bytes is refused, so the check above means something.
    const tampered = example.signature.endsWith('0')
      ? `${example.signature.slice(0, -1)}1`
      : `${example.signature.slice(0, -1)}0`;
    expect((await request(tampered)).status).toBe(401);
  });
});

describe('the reference page at /api/docs', () => {
  it('is HTML whose only script is the portal’s own', async () => {
    const page = await portal.request('/api/docs');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.text).not.toMatch(/https?:\/\//);
    const scripts = [...page.text.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts).toHaveLength(1);
    const [, attributes = '', inline = ''] = scripts[0] ?? [];
    expect(inline.trim()).toBe('');
    const source = /\bsrc="([^"]+)"/.exec(attributes)?.[1] ?? '';
    expect(source).toMatch(/^\/api\/docs\/scalar\.js\?v=[0-9a-f]{16}$/);

    const script = await portal.request(source);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(script.text).toContain(`Scalar.createApiReference('#app', `);
    expect(script.text).toContain(`"url":"/api/openapi.json"`);
  });

  it('keeps the strict CSP of every other answer', async () => {
    const page = await portal.request('/api/docs');
    const other = await portal.request('/api/openapi.json');
    const policy = page.headers.get('content-security-policy') ?? '';
    expect(policy).toBe(other.headers.get('content-security-policy'));
    const scriptSources = /(?:^|;\s*)script-src ([^;]*)/.exec(policy)?.[1]?.split(' ');
    expect(scriptSources).toEqual(["'self'"]);
    expect(policy).toContain("connect-src 'self'");
    expect(policy).toContain("font-src 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
  });
});
