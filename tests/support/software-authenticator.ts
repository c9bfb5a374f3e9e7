import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A WebAuthn authenticator in software, for server tests: it makes ES256 passkeys ('none'
 * attestation) and signs assertions as a browser would send them, so the portal's real verification
 * (@simplewebauthn/server) checks real signatures, origins, relying parties and counters. The
 * browser tests use Chromium's virtual authenticator instead.
 */
export function createSoftwareAuthenticator(options: { origin: string; userVerified?: boolean }) {
  const credentials = new Map<string, { privateKey: KeyObject; rpId: string; userHandle: string; counter: number }>();
  const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url');
  const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

  function clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin = options.origin) {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  function flags(attested: boolean) {
    const userPresent = 0x01;
    const userVerified = options.userVerified === false ? 0 : 0x04;
    return userPresent | userVerified | (attested ? 0x40 : 0);
  }

  const counterBytes = (counter: number) => {
    const bytes = Buffer.alloc(4);
    bytes.writeUInt32BE(counter);
    return bytes;
  };

  return {
    /** Makes a passkey for these creation options, as navigator.credentials.create would. */
    create(creation: PublicKeyCredentialCreationOptionsJSON, origin = options.origin): RegistrationResponseJSON {
      const rpId = creation.rp.id ?? new URL(origin).hostname;
      const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const jwk = publicKey.export({ format: 'jwk' });
      const coseKey = new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, new Uint8Array(Buffer.from(jwk.x ?? '', 'base64url'))],
        [-3, new Uint8Array(Buffer.from(jwk.y ?? '', 'base64url'))],
      ]);
      const credentialId = randomBytes(16);
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(credentialId.length);
      const authData = Buffer.concat([
        sha256(rpId),
        Buffer.from([flags(true)]),
        counterBytes(0),
        Buffer.alloc(16),
        idLength,
        credentialId,
        Buffer.from(isoCBOR.encode(coseKey)),
      ]);
      const attestationObject = isoCBOR.encode(
        new Map<string, string | Map<string, string> | Uint8Array>([
          ['fmt', 'none'],
          ['attStmt', new Map<string, string>()],
          ['authData', new Uint8Array(authData)],
        ]),
      );
      const id = b64url(credentialId);
      credentials.set(id, { privateKey, rpId, userHandle: creation.user.id, counter: 0 });
      return {
        id,
        rawId: id,
        type: 'public-key',
        response: {
          clientDataJSON: b64url(clientData('webauthn.create', creation.challenge, origin)),
          attestationObject: b64url(attestationObject),
          transports: ['internal'],
        },
        clientExtensionResults: {},
      };
    },

    /**
     * Signs an assertion for these request options with a passkey: the one named, or the first the
     * options allow. Each signs with a counter one higher than its last, unless told otherwise.
     */
    get(
      request: PublicKeyCredentialRequestOptionsJSON,
      pick?: { id?: string; counter?: number; origin?: string },
    ): AuthenticationResponseJSON {
      const allowed = request.allowCredentials?.map((credential) => credential.id);
      const id = pick?.id ?? allowed?.find((candidate) => credentials.has(candidate)) ?? [...credentials.keys()][0];
      const credential = id === undefined ? undefined : credentials.get(id);
      if (!id || !credential) throw new Error('this authenticator holds no passkey for these options');
      credential.counter = pick?.counter ?? credential.counter + 1;
      const authData = Buffer.concat([
        sha256(request.rpId ?? credential.rpId),
        Buffer.from([flags(false)]),
        counterBytes(credential.counter),
      ]);
      const clientDataJSON = clientData('webauthn.get', request.challenge, pick?.origin);
      const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), credential.privateKey);
      return {
        id,
        rawId: id,
        type: 'public-key',
        response: {
          clientDataJSON: b64url(clientDataJSON),
          authenticatorData: b64url(authData),
          signature: b64url(signature),
          userHandle: credential.userHandle,
        },
        clientExtensionResults: {},
      };
    },
  };
}
