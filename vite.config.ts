/// <reference types="vitest/config" />
import { lingui } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: './src/routes',
      generatedRouteTree: './src/routeTree.gen.ts',
    }),
    react(),
    babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
    lingui(),
  ],
  server: {
    proxy: {
      '/api': 'http://localhost:3000',
      '/.well-known': 'http://localhost:3000',
    },
  },
  build: {
    outDir: 'dist/client',
    sourcemap: true,
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // What every page loads, in two files instead of the dozen small chunks rolldown would make:
          // they compress better together, and the libraries' file changes only with a dependency.
          groups: [
            { name: 'vendor', test: /node_modules[\\/]/, tags: ['$initial'], priority: 1 },
            { name: 'app', tags: ['$initial'] },
            // TanStack Query in one file, which signed-in pages preload with their own code: the client
            // that their guard creates is then there when the session check answers.
            {
              name: 'query',
              test: /node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]|src[\\/]lib[\\/]query-client/,
            },
          ],
        },
      },
    },
  },
  test: {
    testTimeout: 20_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'ui',
          environment: 'jsdom',
          include: ['tests/{machines,views,routes,unit}/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/support/setup-ui.ts'],
          // Vitest leaves one core to its main process by default: one worker on the 2-core CI
          // machine. The main process is idle while files run, so use both; threads start faster
          // than forks (4.7 → 5.3 → 7.4 minutes for threads, forks, one fork).
          pool: 'threads',
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          globalSetup: ['tests/server/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 30_000,
          // Each file loads its own database; PGlite start-up is CPU-bound, so keep the pool small.
          // Threads: 2.3 minutes on the 2-core machine, against 3.1 with forks.
          pool: 'threads',
          maxWorkers: 2,
        },
      },
    ],
  },
});
