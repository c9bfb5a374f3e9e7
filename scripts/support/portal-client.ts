/** What the benchmarks share: a free loopback port, and a demo account's session against a portal. */
import { type AddressInfo, createServer } from 'node:net';
import { demoAccounts, demoPassword } from '../../server/db/seed-demo';
import { sessionCookiePattern } from '../../server/http/middleware';

export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Signs the demo team owner in at `origin` and returns the Cookie header that carries the session. */
export async function signInDemoOwner(origin: string): Promise<string> {
  const response = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email: demoAccounts.teamOwner, password: demoPassword }),
  });
  const cookie = sessionCookiePattern.exec(response.headers.get('set-cookie') ?? '')?.[0];
  if (!cookie) throw new Error(`demo sign-in failed: ${response.status} ${await response.text()}`);
  return cookie;
}
