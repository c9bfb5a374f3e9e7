/**
 * The flow explorer (tools/flow-explorer): its own Vite entry, outside the customers' bundles.
 * `npm run flows:explore` serves it, `npm run flows:build` builds it into dist/flow-explorer/ with
 * relative addresses, so it can be hosted anywhere.
 */
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: resolve(import.meta.dirname, 'tools/flow-explorer'),
  base: './',
  plugins: [react()],
  css: { postcss: import.meta.dirname },
  server: { port: 5180 },
  preview: { port: 5180 },
  // Graphviz's WebAssembly comes inlined in its script: one large file, for a tool, not a customer.
  build: { outDir: resolve(import.meta.dirname, 'dist/flow-explorer'), emptyOutDir: true, chunkSizeWarningLimit: 2000 },
});
