import { msg } from '@lingui/core/macro';

/** When the server sent no message (network down, a 5xx). */
export const phoneUnavailable = msg`We could not reach the portal. Please check your connection and try again.`;
