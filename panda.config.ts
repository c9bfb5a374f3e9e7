import { defineConfig } from '@pandacss/dev';
import { portalPreset } from './src/theme/preset';

export default defineConfig({
  preflight: true,
  include: ['./src/**/*.{ts,tsx}'],
  exclude: [],
  presets: [portalPreset],
  jsxFramework: 'react',
  outdir: 'styled-system',
  strictTokens: false,
});
