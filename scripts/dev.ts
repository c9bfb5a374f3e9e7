/**
 * `npm run dev`: the API on PORT (3000) restarting on change, and Vite with hot reload on 5173,
 * which proxies /api to it. Open http://localhost:5173.
 */
import { spawn } from 'node:child_process';

const children = [
  spawn('npx', ['tsx', 'watch', 'server/index.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PUBLIC_ORIGIN: process.env.PUBLIC_ORIGIN ?? 'http://localhost:5173' },
  }),
  spawn('npx', ['panda', 'codegen', '--watch', '--silent'], { stdio: 'inherit' }),
  spawn('npx', ['vite', '--port', '5173'], { stdio: 'inherit' }),
];

function stopAll(): void {
  for (const child of children) child.kill('SIGTERM');
}
process.on('SIGINT', stopAll);
process.on('SIGTERM', stopAll);
for (const child of children) child.on('exit', stopAll);
