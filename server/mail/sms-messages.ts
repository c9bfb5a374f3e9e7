import type { MessageDescriptor } from '@lingui/core';

/*
 * The text messages the portal sends, as plain descriptors like the mails' (see messages.ts):
 * extracted into locales/{locale}/mail.po and translated at run time by server/mail/i18n.ts.
 */

export const phoneCodeMessages = {
  text: /*i18n*/ {
    id: 'phoneCode.text',
    message:
      '{code} is your {productName} verification code. {minutes, plural, one {It works for # minute.} other {It works for # minutes.}} Never share it with anyone.',
    comment:
      'A text message (SMS): keep it short. {code} is six digits and stays first, so phones can offer to fill it in.',
  },
} satisfies Record<string, MessageDescriptor>;
