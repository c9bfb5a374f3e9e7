/**
 * `npm run device:play -- [--url http://localhost:3000] [--platform linux] [--name "My laptop"]`:
 * plays a device (the VPN app) against a running portal. It asks for an activation code, prints it
 * with the activation link, and polls until a person links it on /activate or the code expires.
 */
import { hostname } from 'node:os';
import { parseArgs } from 'node:util';
import * as v from 'valibot';
import { DevicePlatform } from '../contract/devices';
import { requestActivationCode, waitForActivation } from './support/device-client';

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      url: { type: 'string', default: process.env.PORTAL_URL ?? `http://localhost:${process.env.PORT ?? 3000}` },
      platform: { type: 'string', default: 'linux' },
      name: { type: 'string', default: hostname() },
    },
  });
  const platform = v.safeParse(DevicePlatform, values.platform);
  if (!platform.success) {
    console.error(`--platform must be one of: ${DevicePlatform.options.join(', ')}`);
    return 2;
  }
  const portalUrl = values.url.replace(/\/+$/, '');
  const issued = await requestActivationCode(portalUrl, { platform: platform.output, deviceName: values.name });
  console.log(`Device ${issued.deviceUUID}`);
  console.log(`Activation code: ${issued.activationCode} (valid until ${issued.expiresAt})`);
  console.log(`Activate it at: ${portalUrl}/activate?activationCode=${issued.activationCode}`);
  console.log('Waiting to be linked…');
  const outcome = await waitForActivation(portalUrl, issued);
  console.log(
    outcome === 'linked' ? 'Linked: the device was added to the account.' : 'The code expired before anyone linked it.',
  );
  return outcome === 'linked' ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('The device could not be played:', error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
