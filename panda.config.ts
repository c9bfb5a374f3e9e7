import { defineConfig } from '@pandacss/dev';
import pandaPreset from '@pandacss/preset-panda';
import { portalPreset } from './src/theme/preset';

// Panda's spacing, sizes, type scale and shadows, without its twenty colour palettes: components use
// the portal's role tokens only (docs/style.md), and every palette would be a few hundred unused CSS
// variables on every page.
const { current, black, white, transparent } = pandaPreset.theme.tokens.colors;
const pandaScales = {
  ...pandaPreset,
  theme: {
    ...pandaPreset.theme,
    tokens: { ...pandaPreset.theme.tokens, colors: { current, black, white, transparent } },
  },
};

export default defineConfig({
  preflight: true,
  include: ['./src/**/*.{ts,tsx}'],
  exclude: [],
  presets: ['@pandacss/preset-base', pandaScales, portalPreset],
  jsxFramework: 'react',
  outdir: 'styled-system',
  strictTokens: false,
});
