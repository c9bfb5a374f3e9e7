/**
 * A figure with its Latin unit ("1.5 GB") kept in that order in right-to-left pages, where the
 * unit would otherwise be laid out before the number.
 */
export function Figure({ children }: { children: string }) {
  return <span dir="ltr">{children}</span>;
}
