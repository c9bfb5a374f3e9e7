import { definePreset } from '@pandacss/dev';

/**
 * The portal's look (docs/spec.md §9): a sans-serif stack at 14px, 0.7rem radius, emerald as the
 * primary palette, 0.2 s transitions. Three themes switch by a class on <html>: light (none),
 * `dark`, and the partner theme `miri`. Components use the semantic role tokens only.
 */
export const portalPreset = definePreset({
  name: 'portal',
  conditions: {
    extend: {
      dark: '.dark &',
      miri: '.miri &',
      rtl: '[dir=rtl] &',
    },
  },
  globalCss: {
    html: {
      fontSize: '14px',
      fontFamily: 'body',
      bg: 'canvas',
      color: 'fg.default',
      colorScheme: 'light',
      _dark: { colorScheme: 'dark' },
    },
    body: { minHeight: '100dvh', lineHeight: '1.5' },
    '*:focus-visible': { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' },
  },
  theme: {
    extend: {
      tokens: {
        fonts: {
          body: {
            value:
              'ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Arabic", "Noto Sans CJK JP", "Helvetica Neue", Arial, sans-serif',
          },
        },
        radii: { l1: { value: '0.35rem' }, l2: { value: '0.7rem' }, l3: { value: '1rem' } },
        durations: { normal: { value: '0.2s' } },
        sizes: { toast: { value: '25rem' } },
        colors: {
          emerald: {
            50: { value: '#ecfdf5' },
            100: { value: '#d1fae5' },
            200: { value: '#a7f3d0' },
            300: { value: '#6ee7b7' },
            400: { value: '#34d399' },
            500: { value: '#10b981' },
            600: { value: '#059669' },
            700: { value: '#047857' },
            800: { value: '#065f46' },
            900: { value: '#064e3b' },
            950: { value: '#022c22' },
          },
          miriViolet: {
            300: { value: '#c4b5fd' },
            600: { value: '#6d28d9' },
            700: { value: '#5b21b6' },
          },
        },
      },
      semanticTokens: {
        colors: {
          canvas: { value: { base: '#ffffff', _dark: '#0b1210', _miri: '#faf8ff' } },
          surface: { value: { base: '#f6f8f7', _dark: '#141d1a', _miri: '#f1ecff' } },
          border: { value: { base: '#d4dbd8', _dark: '#2b3834', _miri: '#d9cff5' } },
          fg: {
            default: { value: { base: '#10201a', _dark: '#eef4f1', _miri: '#1d1530' } },
            muted: { value: { base: '#4a5a54', _dark: '#a9b8b2', _miri: '#4e4566' } },
          },
          accent: {
            default: {
              value: { base: '{colors.emerald.700}', _dark: '{colors.emerald.300}', _miri: '{colors.miriViolet.700}' },
            },
            emphasis: {
              value: { base: '{colors.emerald.800}', _dark: '{colors.emerald.200}', _miri: '{colors.miriViolet.600}' },
            },
            fg: { value: { base: '#ffffff', _dark: '#022c22', _miri: '#ffffff' } },
            subtle: { value: { base: '{colors.emerald.50}', _dark: '#0f2a22', _miri: '#ede7ff' } },
          },
          danger: {
            default: { value: { base: '#b42318', _dark: '#ff8a80' } },
            subtle: { value: { base: '#fef3f2', _dark: '#3a1512' } },
          },
          success: {
            default: { value: { base: '#067647', _dark: '#6ee7b7' } },
            subtle: { value: { base: '#ecfdf3', _dark: '#0f2a22' } },
          },
          // The second series of a chart, beside accent.default: a hue apart in every theme (blue beside
          // emerald, amber beside violet), 3:1 or more on canvas.
          chart: {
            second: { value: { base: '#1d4ed8', _dark: '#93c5fd', _miri: '#b45309' } },
          },
          focusRing: {
            value: { base: '{colors.emerald.600}', _dark: '{colors.emerald.300}', _miri: '{colors.miriViolet.600}' },
          },
        },
      },
    },
  },
});
