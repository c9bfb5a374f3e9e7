/**
 * A device's side of activation, as the VPN app calls it: ask for a code, then poll until a person
 * links it or the code expires. `npm run device:play` uses it, and so can e2e.
 */
import * as v from 'valibot';
import { api } from '../../contract/api';
import {
  ActivationCodeResponse,
  type ActivationState,
  ActivationStatus,
  type DevicePlatform,
  pollTokenHeader,
} from '../../contract/devices';

export async function requestActivationCode(
  portalUrl: string,
  request: { platform: DevicePlatform; deviceName?: string },
): Promise<ActivationCodeResponse> {
  const response = await fetch(new URL(api.deviceActivationCode, portalUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(request),
  });
  if (response.status !== 201) throw new Error(`no activation code: ${response.status} ${await response.text()}`);
  return v.parse(ActivationCodeResponse, await response.json());
}

export async function activationStateOf(portalUrl: string, pollToken: string): Promise<ActivationState> {
  const response = await fetch(new URL(api.deviceActivationStatus, portalUrl), {
    headers: { [pollTokenHeader]: pollToken },
  });
  if (response.status !== 200) throw new Error(`status refused: ${response.status} ${await response.text()}`);
  return v.parse(ActivationStatus, await response.json()).state;
}

/** Polls at the interval the portal asked for until the state is no longer `waiting`. */
export async function waitForActivation(
  portalUrl: string,
  issued: Pick<ActivationCodeResponse, 'pollToken' | 'pollIntervalSeconds'>,
  { onPoll }: { onPoll?: (state: ActivationState) => void } = {},
): Promise<Exclude<ActivationState, 'waiting'>> {
  for (;;) {
    const state = await activationStateOf(portalUrl, issued.pollToken);
    onPoll?.(state);
    if (state !== 'waiting') return state;
    await new Promise((resolve) => setTimeout(resolve, issued.pollIntervalSeconds * 1000));
  }
}
