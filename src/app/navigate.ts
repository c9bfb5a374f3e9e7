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
  // After the page has rendered, and after a closing menu has given the focus back to its trigger.
  requestAnimationFrame(() => {
    const section = document.getElementById(sectionId);
    section?.querySelector<HTMLElement>('input, select, textarea, button')?.focus();
  });
}
