// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as calls from '../../contract/calls/index';
import { type CallDeclaration, routePatternOf } from '../../contract/http';
import { startTestPortal, type TestPortal } from './support';

let portal: TestPortal;
beforeAll(async () => {
  portal = await startTestPortal();
});
afterAll(() => portal.close());

const declarations = Object.entries(calls as Record<string, CallDeclaration>);
const keyOf = (method: string, pattern: string) => `${method} ${pattern}`;

/** What the app serves: every handler route but middleware (method ALL) and the development tools. */
function mountedRoutes(): string[] {
  const served = portal.app.routes
    .filter(({ method, path }) => method !== 'ALL' && !path.startsWith('/dev/'))
    .map(({ method, path }) => keyOf(method, path));
  return [...new Set(served)].sort();
}

describe('the API as declared in contract/calls', () => {
  it('serves every declared call, and nothing that is not declared', () => {
    const declared = declarations.map(([, call]) => keyOf(call.method, routePatternOf(call))).sort();
    expect(mountedRoutes()).toEqual(declared);
  });

  it('declares each method and path once', () => {
    const keys = declarations.map(([, call]) => keyOf(call.method, call.path));
    expect(new Set(keys).size).toBe(keys.length);
  });

  it.each(declarations)(
    '%s names its parameters as its path does, and says what it is and who may call it',
    (_, call) => {
      expect(call.summary.length).toBeGreaterThan(0);
      expect(call.tag.length).toBeGreaterThan(0);
      expect(Object.keys(call.answers).length).toBeGreaterThan(0);
      const inPath = [...call.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => name).sort();
      if (call.params) expect(Object.keys(call.params.entries).sort()).toEqual(inPath);
      if (call.method === 'GET') expect(call.body).toBeUndefined();
    },
  );
});
