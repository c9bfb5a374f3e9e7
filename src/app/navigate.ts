import type { useRouter } from '@tanstack/react-router';

type AppRouter = ReturnType<typeof useRouter>;

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
  // After the page has rendered; and again once a menu the link was chosen from has given the focus
  // back to its trigger at the end of its exit, which on a busy machine comes after that frame.
  requestAnimationFrame(focusSection);
  setTimeout(focusSection, 500);
}
