import type { I18n, MessageDescriptor } from '@lingui/core';

/**
 * A translator of one contract's messages: a text the portal knows is shown in the reader's
 * language, any other server message as it came (spec section 8: the body's message is shown).
 */
export function messageTextOf(messages: Record<string, MessageDescriptor>) {
  return (i18n: I18n, message: string): string => {
    const known = messages[message];
    return known ? i18n._(known) : message;
  };
}
