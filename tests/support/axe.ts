import axe from 'axe-core';
import { expect } from 'vitest';

/**
 * axe-core on what a view test rendered, with the rules the browser tests run (WCAG 2.1 A and AA,
 * best practices), but colour contrast, which jsdom cannot compute without layout. On a part of a
 * page (anything but the whole body) the rules about the whole page are off too: its landmarks and
 * its one h1 belong to the page around it.
 */
export async function expectNoAxeViolations(container: Element = document.body): Promise<void> {
  const part = container !== document.body;
  const results = await axe.run(container, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    rules: {
      'color-contrast': { enabled: false },
      region: { enabled: !part },
      'landmark-one-main': { enabled: !part },
      'page-has-heading-one': { enabled: !part },
    },
  });
  expect(results.violations.map(({ id, nodes }) => `${id}: ${nodes.map((node) => node.html).join(' | ')}`)).toEqual([]);
}
