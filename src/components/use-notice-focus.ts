import { useEffect, useRef } from 'react';

/**
 * The focus for a list whose item's button leaves it (signed out, unlinked): it goes to the notice
 * of what was done instead, both when the notice appears and when a dialog gives the focus back
 * (`focusNotice` as its final focus), whichever comes last on a busy machine.
 */
export function useNoticeFocus(notice: unknown) {
  const noticeRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);
  return { noticeRef, focusNotice: () => noticeRef.current };
}
