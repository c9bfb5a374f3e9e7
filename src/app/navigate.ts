import type { useRouter } from '@tanstack/react-router';

type AppRouter = ReturnType<typeof useRouter>;

/** How long a closing menu may take to give the focus back to its trigger. */
const menuCloseMs = 1000;

/**
 * Where a view's internal link leads (see components/internal-link): the router's navigation.
 * A link to a section of a page (/account#change-password) also moves the focus into it.
 */
export async function navigateTo(router: AppRouter, href: string): Promise<void> {
  await router.navigate({ href });
  const sectionId = new URL(href, window.location.origin).hash.slice(1);
  if (!sectionId) return;
  const focusSection = () =>
    document.getElementById(sectionId)?.querySelector<HTMLElement>('input, select, textarea, button')?.focus();
  // After the page has rendered. A menu the link was chosen from gives the focus back to its trigger
  // once its exit is done, which on a busy machine can come later than that frame: the focus is then
  // taken back into the section, once.
  requestAnimationFrame(focusSection);
  const takeBack = (event: FocusEvent) => {
    if (!(event.target instanceof HTMLElement) || !event.target.hasAttribute('aria-haspopup')) return;
    document.removeEventListener('focusin', takeBack);
    focusSection();
  };
  document.addEventListener('focusin', takeBack);
  setTimeout(() => document.removeEventListener('focusin', takeBack), menuCloseMs);
}
