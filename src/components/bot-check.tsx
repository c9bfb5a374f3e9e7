import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { BotCheckConfig } from '../../contract/bot-check';
import { getBotCheckChallenge } from '../../contract/calls/bot-check';
import { css } from '../../styled-system/css';
import { config } from '../lib/config';

/** Whether create-pending-account and a resent code need a token from <BotCheck> on this deployment. */
export const botCheckRequired: boolean = config.botCheck.provider !== 'off';

export type BotCheckProps = {
  /** The token to send as `g-recaptcha-response`. */
  onSolved: (token: string) => void;
  /** The token given before is no longer good (expired, or the widget failed). */
  onReset: () => void;
  /** The provider and its site key; the deployment's configuration unless a test says otherwise. */
  settings?: BotCheckConfig;
  /**
   * Solve without waiting for a tick, and again when the answer expires: for a check beside a
   * button (a resent code) rather than in a form the person fills in. The third-party checks do so
   * anyway.
   */
  solveAtOnce?: boolean;
};

const frame = css({ minHeight: '16', display: 'flex', alignItems: 'center' });

/** ALTCHA's widget in the portal's colours (light, dark and partner themes) and full width. */
const altchaFrame = css({
  minHeight: '16',
  '& altcha-widget': { display: 'block' },
  '--altcha-max-width': '100%',
  '--altcha-border-radius': 'var(--radii-l2)',
  '--altcha-color-base': 'var(--colors-canvas)',
  '--altcha-color-base-content': 'var(--colors-fg-default)',
  '--altcha-color-neutral': 'var(--colors-border)',
  '--altcha-color-neutral-content': 'var(--colors-fg-muted)',
  '--altcha-color-primary': 'var(--colors-accent-default)',
  '--altcha-color-primary-content': 'var(--colors-accent-fg)',
  '--altcha-color-success': 'var(--colors-accent-default)',
  '--altcha-color-success-content': 'var(--colors-accent-fg)',
  '--altcha-color-error': 'var(--colors-danger-default)',
  '--altcha-color-error-content': 'var(--colors-canvas)',
  '--altcha-checkbox-border-color': 'var(--colors-fg-muted)',
  // ALTCHA derives these from the ones above on :root, so they are set again here.
  '--altcha-border-color': 'var(--colors-border)',
  '--altcha-popover-color': 'var(--colors-border)',
  '--altcha-input-background-color': 'var(--colors-canvas)',
  '--altcha-input-color': 'var(--colors-fg-default)',
  '--altcha-spinner-color': 'var(--colors-fg-default)',
  '--altcha-checkbox-outline': '2px solid var(--colors-focus-ring)',
});
const failure = css({ color: 'danger.default', fontSize: 'sm' });

/**
 * The check that a person, not a script, asks for an account: the configured provider's widget,
 * its code loaded only when this renders (the sign-in page never pays for it). Renders nothing
 * when the check is off.
 */
export function BotCheck({ onSolved, onReset, settings = config.botCheck, solveAtOnce = false }: BotCheckProps) {
  // The widgets live outside React: they must always call the latest callbacks.
  const callbacks = useRef({ onSolved, onReset });
  callbacks.current = { onSolved, onReset };
  const solved = useCallback((token: string) => callbacks.current.onSolved(token), []);
  const reset = useCallback(() => callbacks.current.onReset(), []);

  switch (settings.provider) {
    case 'altcha':
      return <AltchaCheck onSolved={solved} onReset={reset} solveAtOnce={solveAtOnce} />;
    case 'turnstile':
    case 'recaptcha':
      return settings.siteKey ? (
        <ThirdPartyCheck
          provider={settings.provider}
          siteKey={settings.siteKey}
          action={settings.action ?? 'signup'}
          onSolved={solved}
          onReset={reset}
        />
      ) : (
        <LoadFailure />
      );
    default:
      return null;
  }
}

type CheckProps = { onSolved: (token: string) => void; onReset: () => void };

function LoadFailure() {
  return (
    <p role="alert" className={failure}>
      <Trans>The check could not be loaded. Please reload the page.</Trans>
    </p>
  );
}

/** Runs `callback` when the browser is next idle (at the latest after a second); returns a cancel. */
function whenIdle(callback: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(callback, { timeout: 1000 });
    return () => cancelIdleCallback(id);
  }
  // Safari has no requestIdleCallback: a short delay still lets the first paint go first.
  const id = setTimeout(callback, 100);
  return () => clearTimeout(id);
}

/** The methods of ALTCHA's element that the portal calls. */
type AltchaElement = HTMLElement & { verify: () => Promise<unknown> };

/** Self-hosted proof of work: the ALTCHA widget, fed with challenges from our own API. */
function AltchaCheck({ onSolved, onReset, solveAtOnce }: CheckProps & { solveAtOnce: boolean }) {
  const { t, i18n } = useLingui();
  const container = useRef<HTMLDivElement>(null);
  const [module, setModule] = useState<typeof import('./altcha-widget') | null>(null);
  const [failed, setFailed] = useState(false);
  const language = i18n.locale.toLowerCase();
  const initialLanguage = useRef(language);
  const strings = {
    label: t`I'm not a robot`,
    loading: t`Loading…`,
    verify: t`Verify`,
    verifying: t`Verifying…`,
    verified: t`Verified`,
    verificationRequired: t`Please complete the check that you are not a robot.`,
    waitAlert: t`Verifying… please wait.`,
    error: t`The check failed. Please try again.`,
    expired: t`The check expired. Please try again.`,
    reload: t`Try again`,
  };
  const stringsKey = JSON.stringify(strings);

  useEffect(() => {
    let live = true;
    // Once the form has painted: the widget's code and styles then never hold back the page, and the
    // widget is still there long before someone has typed their address twice.
    const cancel = whenIdle(() => {
      import('./altcha-widget').then(
        (loaded) => live && setModule(loaded),
        () => {
          if (!live) return;
          setFailed(true);
          onReset();
        },
      );
    });
    return () => {
      live = false;
      cancel();
    };
  }, [onReset]);

  // The widget reads its strings from ALTCHA's registry, by language.
  useEffect(() => {
    module?.setAltchaStrings(language, JSON.parse(stringsKey));
    container.current?.querySelector('altcha-widget')?.setAttribute('language', language);
  }, [module, language, stringsKey]);

  useEffect(() => {
    const host = container.current;
    if (!module || !host) return;
    const widget = document.createElement('altcha-widget') as AltchaElement;
    widget.setAttribute('challenge', getBotCheckChallenge.path);
    widget.setAttribute('language', initialLanguage.current);
    widget.setAttribute(
      'configuration',
      // No "Protected by" footer (untranslatable HTML), and no pointer tracking for the server.
      JSON.stringify({
        hideFooter: true,
        humanInteractionSignature: false,
        ...(solveAtOnce ? { auto: 'onload' } : {}),
      }),
    );
    let verified = false;
    let restart: ReturnType<typeof setTimeout> | undefined;
    const onStateChange = (event: Event) => {
      const { state, payload } = (event as CustomEvent<{ state: string; payload: string | null }>).detail;
      if (state === 'verified' && payload) {
        verified = true;
        onSolved(payload);
      } else if (state === 'expired' || state === 'error' || (verified && state === 'unverified')) {
        verified = false;
        onReset();
        // An expired answer is replaced at once (a failure waits for the person's retry, so a
        // server that is down is not asked again and again).
        if (state === 'expired' && solveAtOnce) restart = setTimeout(() => void widget.verify(), 0);
      }
    };
    widget.addEventListener('statechange', onStateChange);
    host.replaceChildren(widget);
    return () => {
      clearTimeout(restart);
      widget.removeEventListener('statechange', onStateChange);
      widget.remove();
    };
  }, [module, onSolved, onReset, solveAtOnce]);

  if (failed) return <LoadFailure />;
  return <div ref={container} className={altchaFrame} aria-busy={module ? undefined : true} />;
}

type ThirdPartyProps = CheckProps & { provider: 'turnstile' | 'recaptcha'; siteKey: string; action: string };

type TurnstileApi = {
  render: (
    element: HTMLElement,
    options: {
      sitekey: string;
      action: string;
      language?: string;
      callback: (token: string) => void;
      'expired-callback': () => void;
      'error-callback': () => void;
      'timeout-callback': () => void;
    },
  ) => string;
  remove: (widgetId: string) => void;
};
type RecaptchaApi = {
  ready: (callback: () => void) => void;
  execute: (siteKey: string, options: { action: string }) => Promise<string>;
};
type ProviderGlobals = { turnstile?: TurnstileApi; grecaptcha?: RecaptchaApi };

/** reCAPTCHA v3 tokens live two minutes: a fresh one is fetched before the last one dies. */
const recaptchaRefreshMs = 90_000;

const scripts = new Map<string, Promise<void>>();

/** Adds a provider's script once (the CSP allows exactly its origin) and waits for it. */
function loadScript(src: string): Promise<void> {
  let loading = scripts.get(src);
  if (!loading) {
    loading = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => {
        scripts.delete(src);
        script.remove();
        reject(new Error(`Could not load ${src}`));
      };
      document.head.append(script);
    });
    scripts.set(src, loading);
  }
  return loading;
}

/** Cloudflare Turnstile (a visible widget) or Google reCAPTCHA v3 (its badge), run with our action. */
function ThirdPartyCheck({ provider, siteKey, action, onSolved, onReset }: ThirdPartyProps) {
  const container = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const host = container.current;
    if (!host) return;
    const globals = window as unknown as ProviderGlobals;
    let live = true;
    let cleanup = () => {};
    const fail = () => {
      if (!live) return;
      setFailed(true);
      onReset();
    };

    if (provider === 'turnstile') {
      loadScript('https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit').then(() => {
        if (!live || !globals.turnstile) return;
        const { turnstile } = globals;
        const widgetId = turnstile.render(host, {
          sitekey: siteKey,
          action,
          callback: onSolved,
          'expired-callback': onReset,
          'error-callback': onReset,
          'timeout-callback': onReset,
        });
        cleanup = () => turnstile.remove(widgetId);
      }, fail);
    } else {
      loadScript(`https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`).then(() => {
        const { grecaptcha } = globals;
        if (!live || !grecaptcha) return;
        const fetchToken = () =>
          grecaptcha.ready(() => {
            grecaptcha.execute(siteKey, { action }).then((token) => live && onSolved(token), fail);
          });
        fetchToken();
        const timer = setInterval(fetchToken, recaptchaRefreshMs);
        cleanup = () => clearInterval(timer);
      }, fail);
    }
    return () => {
      live = false;
      cleanup();
    };
  }, [provider, siteKey, action, onSolved, onReset]);

  if (failed) return <LoadFailure />;
  // The provider's frame carries its own title and label.
  return <div ref={container} className={frame} />;
}
