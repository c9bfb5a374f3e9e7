import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { BotCheck } from '../../src/components/bot-check';
import { TestI18n } from '../support/i18n';

function renderCheck(settings: Parameters<typeof BotCheck>[0]['settings'], solveAtOnce?: boolean) {
  const onSolved = vi.fn();
  const onReset = vi.fn();
  const view = render(
    <TestI18n>
      <BotCheck onSolved={onSolved} onReset={onReset} settings={settings} solveAtOnce={solveAtOnce} />
    </TestI18n>,
  );
  return { ...view, onSolved, onReset };
}

function changeState(widget: Element, state: string, payload: string | null) {
  widget.dispatchEvent(new CustomEvent('statechange', { detail: { state, payload } }));
}

describe('BotCheck', () => {
  it('renders nothing when the check is off', () => {
    const { container, onSolved } = renderCheck({ provider: 'off' });
    expect(container).toBeEmptyDOMElement();
    expect(onSolved).not.toHaveBeenCalled();
  });

  it('loads the ALTCHA widget on demand, pointed at our challenge, with our label', async () => {
    const { container, onSolved, onReset } = renderCheck({ provider: 'altcha' });
    const widget = await waitFor(() => {
      const element = container.querySelector('altcha-widget');
      if (!element) throw new Error('not yet');
      return element;
    });
    expect(widget.getAttribute('challenge')).toBe('/api/bot-check/challenge');
    expect(widget.getAttribute('language')).toBe('en');
    expect(globalThis.$altcha.i18n.get('en')?.label).toBe("I'm not a robot");

    changeState(widget, 'verifying', null);
    changeState(widget, 'verified', 'dG9rZW4=');
    expect(onSolved).toHaveBeenCalledWith('dG9rZW4=');
    expect(onReset).not.toHaveBeenCalled();
    changeState(widget, 'expired', null);
    expect(onReset).toHaveBeenCalledTimes(1);
  });

  it('waits for a tick by default, and solves at once (and again on expiry) beside a button', async () => {
    const widgetIn = (container: HTMLElement) =>
      waitFor(() => {
        const element = container.querySelector('altcha-widget');
        if (!element) throw new Error('not yet');
        return element;
      });
    const ticked = renderCheck({ provider: 'altcha' });
    const configurationOf = (widget: Element) => JSON.parse(widget.getAttribute('configuration') ?? '{}');
    expect(configurationOf(await widgetIn(ticked.container)).auto).toBeUndefined();
    ticked.unmount();

    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    try {
      const { container, onSolved, onReset } = renderCheck({ provider: 'altcha' }, true);
      const widget = await widgetIn(container);
      expect(configurationOf(widget).auto).toBe('onload');
      // It starts at once, untouched; jsdom is no secure context, so this attempt fails.
      await waitFor(() => expect(onReset).toHaveBeenCalledTimes(1));
      expect(log).toHaveBeenCalledWith('ALTCHA', '[name=altcha]', 'verification failed', expect.any(Error));
      // A failure waits for the person's retry: a server that is down is not asked again and again.
      const verify = vi.fn(async () => null);
      Object.defineProperty(widget, 'verify', { value: verify });
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(verify).not.toHaveBeenCalled();
      // An answer that expires is replaced without a tick.
      changeState(widget, 'verified', 'dG9rZW4=');
      expect(onSolved).toHaveBeenCalledWith('dG9rZW4=');
      changeState(widget, 'expired', null);
      expect(onReset).toHaveBeenCalledTimes(2);
      await waitFor(() => expect(verify).toHaveBeenCalledTimes(1));
    } finally {
      log.mockRestore();
    }
  });

  it('loads the ALTCHA widget only once the browser is idle after the first paint', async () => {
    const idle: IdleRequestCallback[] = [];
    vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback) => idle.push(callback));
    vi.stubGlobal('cancelIdleCallback', () => {});
    const { container, unmount } = renderCheck({ provider: 'altcha' });
    try {
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(container.querySelector('altcha-widget')).toBeNull();
      expect(idle).toHaveLength(1);
      idle[0]?.({ didTimeout: false, timeRemaining: () => 50 });
      await waitFor(() => expect(container.querySelector('altcha-widget')).not.toBeNull());
    } finally {
      unmount();
      vi.unstubAllGlobals();
    }
  });

  it('says so when a third-party check has no site key', () => {
    renderCheck({ provider: 'turnstile' });
    expect(screen.getByRole('alert')).toHaveTextContent('The check could not be loaded. Please reload the page.');
  });
});
