/**
 * The flow explorer (tools/flow-explorer): its own Vite entries, outside the customers' bundles:
 * the explorer (index.html) and the page `npm run test:states` checks every state on (states.html).
 * It compiles the views' messages as the portal does (Lingui's macro and catalogues).
 * `npm run flows:explore` serves it, `npm run flows:build` builds it into dist/flow-explorer/ with
 * relative addresses, so it can be hosted anywhere (and is, outside production, on /dev/flows).
 */
import { resolve } from 'node:path';
import { lingui } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = resolve(import.meta.dirname, 'tools/flow-explorer');

export default defineConfig({
  root,
  base: './',
  plugins: [react(), babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }), lingui()],
  css: { postcss: import.meta.dirname },
  server: { port: 5180 },
  preview: { port: 5180 },
  build: {
    outDir: resolve(import.meta.dirname, 'dist/flow-explorer'),
    emptyOutDir: true,
    rolldownOptions: { input: { explorer: resolve(root, 'index.html'), states: resolve(root, 'states.html') } },
    // Graphviz's WebAssembly comes inlined in its script: one large file, for a tool, not a customer.
    chunkSizeWarningLimit: 2500,
  },
});
