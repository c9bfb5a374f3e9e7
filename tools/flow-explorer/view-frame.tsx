/**
 * The real view, rendered for the explorer's snapshot inside a frame of its own: the frame's width
 * is the phone's or the pane's, so the views' media queries answer as on that device, and the theme
 * class and the writing direction sit on the frame's <html> as the portal sets them on its own.
 * React renders into the frame through a portal, so the view runs in the explorer's realm, with its
 * snapshot and its `send`; Ark UI's dialogs and menus are told to use the frame's document.
 */
import { EnvironmentProvider } from '@ark-ui/react/environment';
import type { I18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { Component, type ReactNode, type SyntheticEvent, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { applyTheme } from '../../src/lib/theme';
import type { Look } from './place';
import { viewI18n } from './view-i18n';

const emptyPage =
  '<!doctype html><html><head><meta name="viewport" content="width=device-width"></head><body></body></html>';

/** Loads the language's catalogues; the view shows once they are there. */
function useViewI18n(locale: Look['locale']): I18n | undefined {
  const [i18n, setI18n] = useState<I18n>();
  useEffect(() => {
    let current = true;
    void viewI18n(locale).then((loaded) => {
      if (current) setI18n(loaded);
    });
    return () => {
      current = false;
    };
  }, [locale]);
  return i18n?.locale === locale ? i18n : undefined;
}

/** Sets the theme and the language on a document's root, as the portal does on its own. */
export function applyLook(root: HTMLElement, look: Pick<Look, 'theme' | 'locale' | 'rtl'>): void {
  applyTheme(root, look.theme);
  root.lang = look.locale;
  root.dir = look.rtl ? 'rtl' : 'ltr';
}

/** A view that throws shows what it threw, instead of taking the explorer down with it. */
export class ViewBoundary extends Component<{ children: ReactNode; resetKey: string }, { error?: Error }> {
  override state: { error?: Error } = {};

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidUpdate(previous: { resetKey: string }) {
    if (previous.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: undefined });
  }

  override render() {
    return this.state.error ? (
      <p role="alert" data-view-error="">{`The view threw in this state: ${this.state.error.message}`}</p>
    ) : (
      this.props.children
    );
  }
}

export function ViewFrame({ look, title, children }: { look: Look; title: string; children: ReactNode }) {
  const [frameDocument, setFrameDocument] = useState<Document>();
  const i18n = useViewI18n(look.locale);
  useEffect(() => {
    if (frameDocument) applyLook(frameDocument.documentElement, look);
  }, [frameDocument, look]);

  const onLoad = (event: SyntheticEvent<HTMLIFrameElement>) => {
    const inner = event.currentTarget.contentDocument;
    if (!inner) return;
    // The portal's style sheet (and, under Vite's development server, its injected styles).
    for (const sheet of document.head.querySelectorAll('style, link[rel="stylesheet"]'))
      inner.head.append(sheet.cloneNode(true));
    setFrameDocument(inner);
  };

  return (
    <>
      <iframe
        title={title}
        className={look.phone ? 'view-frame phone' : 'view-frame'}
        srcDoc={emptyPage}
        onLoad={onLoad}
      />
      {frameDocument && i18n
        ? createPortal(
            <EnvironmentProvider value={() => frameDocument}>
              <I18nProvider i18n={i18n}>{children}</I18nProvider>
            </EnvironmentProvider>,
            frameDocument.body,
          )
        : null}
    </>
  );
}
