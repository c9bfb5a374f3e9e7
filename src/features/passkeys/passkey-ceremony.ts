/**
 * How the browser's passkey dialogs end, told apart without loading @simplewebauthn/browser (the
 * sign-in page loads it only once it is needed). Its WebAuthnError keeps the DOMException's name
 * and adds a `code`.
 */

const codeOf = (error: Error): unknown => ('code' in error ? error.code : undefined);

/**
 * The person closed the dialog (`NotAllowedError`: browsers also say so for a dialog that timed
 * out), or the ceremony was cancelled for another one: nothing to say, the page goes back quietly.
 */
export function isCeremonyCancelled(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === 'NotAllowedError' || error.name === 'AbortError' || codeOf(error) === 'ERROR_CEREMONY_ABORTED';
}

/** The authenticator already holds a passkey of this account (the options exclude the account's own). */
export function isAlreadyRegistered(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === 'InvalidStateError' || codeOf(error) === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED';
}

/**
 * Runs one of the browser's passkey dialogs for an actor: a closed dialog is `cancelled`, and the
 * actor's end (the form left, the page left) cancels the dialog. Other failures are thrown.
 */
export async function ceremonyOf<Response>(
  start: () => Promise<Response>,
  { signal, cancelCeremony }: { signal: AbortSignal; cancelCeremony: () => void },
): Promise<{ outcome: 'answered'; response: Response } | { outcome: 'cancelled' }> {
  if (signal.aborted) return { outcome: 'cancelled' };
  signal.addEventListener('abort', cancelCeremony, { once: true });
  try {
    return { outcome: 'answered', response: await start() };
  } catch (error) {
    if (isCeremonyCancelled(error) || signal.aborted) return { outcome: 'cancelled' };
    throw error;
  } finally {
    signal.removeEventListener('abort', cancelCeremony);
  }
}
