import { msg } from '@lingui/core/macro';

/** When the server sent no message (network down, a 5xx). */
export const keyChangeUnavailable = msg`We could not change the API keys right now. Please try again later.`;
export const serverRequestUnavailable = msg`We could not request the server right now. Please try again later.`;
