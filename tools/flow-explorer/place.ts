/**
 * Where QA are in the explorer, as an address they can paste into a bug report:
 * `<explorer>/signUp?state=verifying.awaitingCode.enteringCode&path=12&step=3&taken=[0,{"type":"user.changeCode","value":"123456"}]&theme=dark&lang=ar&phone=1`
 * (`dir=rtl` or `dir=ltr` where the direction differs from the language's).
 * `path` and `step` name a point on a generated path, `taken` the events taken by hand after it (a
 * number is the index of a sample among the events offered then; an object is an event the view
 * sent), and `state` alone finds the first generated path that reaches that state.
 */
import type { Theme } from '../../src/lib/theme';
import { directionOf, type Locale, locales } from './view-i18n';

type TakenEvent = number | { type: string };

/** `rtl` follows the language (Arabic) unless QA turn it over, to see any language laid out right to left. */
export type Look = { theme: Theme; locale: Locale; rtl: boolean; phone: boolean };

export type Place = {
  machine?: string;
  path?: number;
  step?: number;
  taken: TakenEvent[];
  state?: string;
  look: Look;
};

const themes: readonly Theme[] = ['light', 'dark', 'miri'];

function takenOf(text: string | null): TakenEvent[] {
  if (!text) return [];
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed)
      ? parsed.filter(
          (item): item is TakenEvent =>
            typeof item === 'number' || (typeof item === 'object' && item !== null && typeof item.type === 'string'),
        )
      : [];
  } catch {
    return [];
  }
}

const numberOf = (text: string | null) => (text === null || text === '' ? undefined : Number(text));

/**
 * The explorer's own address, which the machine's name follows: `/` under `npm run flows:explore`,
 * `/dev/flows/` in a running portal, any folder where the static build is hosted.
 */
export function explorerBase(pathname: string, machineNames: readonly string[]): string {
  const segments = pathname.split('/');
  const last = segments.at(-1) ?? '';
  if (machineNames.includes(last)) segments.pop();
  else if (last.endsWith('.html')) segments.pop();
  const base = segments.join('/');
  return base.endsWith('/') ? base : `${base}/`;
}

export function placeOf(location: { pathname: string; search: string }, base: string): Place {
  const params = new URLSearchParams(location.search);
  const fromPath = location.pathname.startsWith(base) ? location.pathname.slice(base.length) : '';
  const theme = params.get('theme') as Theme | null;
  const lang = params.get('lang') as Locale | null;
  const locale = lang && locales.includes(lang) ? lang : 'en';
  const dir = params.get('dir');
  return {
    machine: params.get('machine') ?? (fromPath && !fromPath.endsWith('.html') ? fromPath : undefined),
    path: numberOf(params.get('path')),
    step: numberOf(params.get('step')),
    taken: takenOf(params.get('taken')),
    state: params.get('state') ?? undefined,
    look: {
      theme: theme && themes.includes(theme) ? theme : 'light',
      locale,
      rtl: dir === 'rtl' || (dir !== 'ltr' && directionOf(locale) === 'rtl'),
      phone: params.get('phone') === '1',
    },
  };
}

export function hrefOf(place: Place, base: string): string {
  const params = new URLSearchParams();
  if (place.state) params.set('state', place.state);
  if (place.path !== undefined) params.set('path', String(place.path));
  if (place.step !== undefined) params.set('step', String(place.step));
  if (place.taken.length > 0) params.set('taken', JSON.stringify(place.taken));
  if (place.look.theme !== 'light') params.set('theme', place.look.theme);
  if (place.look.locale !== 'en') params.set('lang', place.look.locale);
  if (place.look.rtl !== (directionOf(place.look.locale) === 'rtl')) params.set('dir', place.look.rtl ? 'rtl' : 'ltr');
  if (place.look.phone) params.set('phone', '1');
  const query = params.toString();
  return `${base}${place.machine ?? ''}${query ? `?${query}` : ''}`;
}
