import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { parseAccept } from 'hono/utils/accept';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/utils/compress';

/** The encodings the portal sends, in its order of preference, with the suffix of a file compressed at build time. */
export const contentEncodings = { br: '.br', gzip: '.gz' } as const;
export type ContentEncoding = keyof typeof contentEncodings;

/**
 * The encoding to send for a request's Accept-Encoding: the acceptable one (q > 0, named or by `*`)
 * with the highest q, brotli on a tie; identity when none is.
 */
export function negotiateEncoding(acceptEncoding: string | null | undefined): ContentEncoding | 'identity' {
  const accepted = parseAccept(acceptEncoding ?? '');
  const wildcard = accepted.find((entry) => entry.type === '*')?.q ?? 0;
  let best: { encoding: ContentEncoding; q: number } | null = null;
  for (const encoding of Object.keys(contentEncodings) as ContentEncoding[]) {
    const q = accepted.find((entry) => entry.type.toLowerCase() === encoding)?.q ?? wildcard;
    if (q > 0 && (!best || q > best.q)) best = { encoding, q };
  }
  return best?.encoding ?? 'identity';
}

export const isCompressible = (contentType: string | null | undefined): boolean =>
  !!contentType && COMPRESSIBLE_CONTENT_TYPE_REGEX.test(contentType);

/** Adds a field to Vary unless it is there already. */
export function addVary(headers: Headers, field: string): void {
  const current = headers.get('Vary');
  if (current === '*' || current?.split(',').some((name) => name.trim().toLowerCase() === field.toLowerCase())) return;
  headers.set('Vary', current ? `${current}, ${field}` : field);
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Compresses on libuv's thread pool, off the event loop. `thorough` is for bytes compressed once
 * and kept (the build, the page variants); answers made per request use cheaper settings.
 */
export function compress(
  bytes: Uint8Array,
  encoding: ContentEncoding,
  thorough: boolean,
): Promise<Uint8Array<ArrayBuffer>> {
  if (encoding === 'br') {
    return brotli(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: thorough ? constants.BROTLI_MAX_QUALITY : 5,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
      },
    });
  }
  return gzipAsync(bytes, { level: thorough ? constants.Z_BEST_COMPRESSION : constants.Z_DEFAULT_COMPRESSION });
}

const noTransform = /(?:^|,)\s*no-transform\s*(?:,|$)/i;
const bodylessStatuses = new Set([204, 206, 304]);

/**
 * Compresses dynamic answers (JSON, HTML) of at least `threshold` bytes with brotli or gzip, as the
 * request accepts. hono/compress cannot: it relies on CompressionStream, which has no brotli on
 * Node 20. Answers that are already encoded (the precompressed assets and page) pass untouched, as
 * do partial content and answers to HEAD.
 */
export function compression({ threshold = 1024 }: { threshold?: number } = {}): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const response = c.res;
    // Status and headers first: reading `body` makes @hono/node-server build the full Response it
    // otherwise never needs.
    if (
      c.req.method === 'HEAD' ||
      bodylessStatuses.has(response.status) ||
      response.headers.has('Content-Encoding') ||
      !isCompressible(response.headers.get('Content-Type')) ||
      noTransform.test(response.headers.get('Cache-Control') ?? '')
    ) {
      return;
    }
    const declaredLength = response.headers.get('Content-Length');
    if (declaredLength !== null && Number(declaredLength) < threshold) return;
    // Without an encoding to apply, the answer is left as the handler made it.
    const accepted = negotiateEncoding(c.req.header('Accept-Encoding'));
    if (accepted === 'identity') {
      addVary(response.headers, 'Accept-Encoding');
      return;
    }
    if (!response.body) return;
    const body = new Uint8Array(await response.arrayBuffer());
    const encoding = body.byteLength < threshold ? 'identity' : accepted;
    const sent = encoding === 'identity' ? body : await compress(body, encoding, false);
    // Hono copies the previous answer's headers onto a new one: change them after replacing it.
    c.res = new Response(sent, response);
    if (body.byteLength < threshold) return;
    addVary(c.res.headers, 'Accept-Encoding');
    if (encoding === 'identity') return;
    c.res.headers.set('Content-Encoding', encoding);
    c.res.headers.set('Content-Length', String(sent.byteLength));
    const etag = c.res.headers.get('ETag');
    if (etag && !etag.startsWith('W/')) c.res.headers.set('ETag', `W/${etag}`);
  };
}
