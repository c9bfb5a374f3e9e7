import { defineConfig } from '@pandacss/dev';
import { portalPreset } from './src/theme/preset';

export default defineConfig({
  preflight: true,
  include: ['./src/**/*.{ts,tsx}'],
  exclude: [],
  presets: ['@pandacss/preset-base', '@pandacss/preset-panda', portalPreset],
  jsxFramework: 'react',
  outdir: 'styled-system',
  strictTokens: false,
});
