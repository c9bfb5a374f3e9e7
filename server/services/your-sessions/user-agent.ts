/**
 * What a person recognises of a session's user agent: the browser (or app) and the system.
 * A handful of patterns rather than a parsing library: the list only has to tell the person's own
 * sessions apart, and an unknown agent is shown as such instead of guessed at.
 */
export type UserAgentSummary = { browser: string | null; system: string | null };

// Order matters: Edge, Opera, Samsung Internet and Vivaldi also call themselves Chrome and Safari;
// Chrome also calls itself Safari.
const browsers: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bVivaldi\//, 'Vivaldi'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bChromium\//, 'Chromium'],
  [/\b(?:Headless)?Chrome\/|\bCriOS\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

// iPhones and iPads name "Mac OS X" too, and Android names Linux: the specific ones come first.
const systems: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bWindows\b/, 'Windows'],
  [/\biPhone\b|\biPad\b|\biPod\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b|\bX11\b/, 'Linux'],
];

const firstMatch = (text: string, patterns: ReadonlyArray<readonly [RegExp, string]>) =>
  patterns.find(([pattern]) => pattern.test(text))?.[1] ?? null;

export function describeUserAgent(userAgent: string | null): UserAgentSummary {
  if (!userAgent) return { browser: null, system: null };
  return { browser: firstMatch(userAgent, browsers), system: firstMatch(userAgent, systems) };
}
