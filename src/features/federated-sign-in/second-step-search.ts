import * as v from 'valibot';
import { SecondFactorMethod } from '../../../contract/auth';

/**
 * The second step's address after a provider sign-in or a consented link: the methods the server
 * answered (the event's output) when they offer a passkey, so that the page offers it first, as after
 * a password sign-in (src/routes/login.tsx). Without a passkey the page's default (the app's code)
 * needs no parameter.
 */
export function secondStepSearchOf(event: unknown): { methods?: SecondFactorMethod[] } {
  const methods = (event as { output?: { methods?: unknown } }).output?.methods;
  return v.is(v.array(SecondFactorMethod), methods) && methods.includes('passkey') ? { methods } : {};
}
