/**
 * `npm run bench:forgot`: "forgot password" must take as long for an address with an account as for
 * one without (issue 20). Asks for BENCH_PAIRS (default 200) pairs, a known and an unknown address,
 * alternating which goes first, through the app's HTTP handler in this process on an in-memory
 * PGlite, and prints both medians and the median of the paired differences. The queued requests are
 * worked through between pairs, as the portal's background task does, never during a measurement.
 * tests/server/forgot-password-timing.test.ts checks the cause (both answers run the same queries);
 * this shows the effect, without a bound that a busy machine could break.
 */
import { performance } from 'node:perf_hooks';
import { Writable } from 'node:stream';
import { api } from '../contract/api';
import { createApp } from '../server/app';
import { migrate, openDatabase } from '../server/db/database';
import { users } from '../server/db/schema';
import { parseEnv } from '../server/env';
import { createLogger } from '../server/logger';
import { createServices } from '../server/services/index';
import { processPasswordResetRequests } from '../server/services/password-reset';
import { hashPassword } from '../server/services/passwords';

const pairs = Number(process.env.BENCH_PAIRS ?? 200);
const origin = 'http://bench.test';

const database = await openDatabase({ url: 'memory://' });
await migrate(database);
const env = parseEnv({ PUBLIC_ORIGIN: origin, APP_ENV: 'development', TRUST_PROXY: '1', BOT_CHECK: 'off' });
const silent = new Writable({ write: (_chunk, _encoding, done) => done() });
const services = createServices({ database, env, logger: createLogger('warn', silent) });
const app = createApp(services);

const passwordHash = await hashPassword('a benchmark password');
await database.db
  .insert(users)
  .values(Array.from({ length: pairs + 10 }, (_, index) => ({ email: `known.${index}@bench.test`, passwordHash })));

let clients = 0;
async function timedForgot(email: string): Promise<number> {
  clients += 1;
  const body = JSON.stringify({ email });
  const started = performance.now();
  const response = await app.request(api.forgotPassword, {
    method: 'POST',
    body,
    headers: {
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(body)),
      origin,
      // A client of its own per request, so the per-client limit stays out of the way.
      'x-forwarded-for': `10.${(clients >> 16) & 255}.${(clients >> 8) & 255}.${clients & 255}`,
    },
  });
  await response.text();
  const elapsed = performance.now() - started;
  if (response.status !== 202) throw new Error(`forgot answered ${response.status}`);
  return elapsed;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

for (let index = 0; index < 10; index += 1) {
  await timedForgot(`known.${pairs + index}@bench.test`);
  await timedForgot(`warm.up.${index}@bench.test`);
}
const known: number[] = [];
const unknown: number[] = [];
for (let index = 0; index < pairs; index += 1) {
  if (index % 2 === 0) {
    known.push(await timedForgot(`known.${index}@bench.test`));
    unknown.push(await timedForgot(`nobody.${index}@bench.test`));
  } else {
    unknown.push(await timedForgot(`nobody.${index}@bench.test`));
    known.push(await timedForgot(`known.${index}@bench.test`));
  }
  await processPasswordResetRequests(services);
}
const differences = known.map((value, index) => value - (unknown[index] ?? 0));
console.log(
  `forgot password, ${pairs} pairs: median known ${median(known).toFixed(3)} ms, unknown ${median(unknown).toFixed(3)} ms, ` +
    `median of paired differences ${median(differences).toFixed(3)} ms`,
);
await database.close();
