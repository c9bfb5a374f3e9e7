/**
 * Build step after `vite build`: writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip,
 * level 9) beside every compressible file of dist/client (or of the folder given), so the server
 * sends them as they are rather than compressing per request. Source maps, which only developer
 * tools fetch and which are most of the bytes, get the quick setting: the thorough one took most
 * of the build's time for them.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { getMimeType } from 'hono/utils/mime';
import { type ContentEncoding, compress, contentEncodings, isCompressible } from '../server/http/compression';

const clientDir = process.argv[2] ?? 'dist/client';
const suffixes = Object.values(contentEncodings) as string[];

const files = readdirSync(clientDir, { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile() && !suffixes.some((suffix) => entry.name.endsWith(suffix)))
  .map((entry) => join(entry.parentPath, entry.name))
  .filter((file) => isCompressible(getMimeType(file)));

const started = performance.now();
let original = 0;
let brotli = 0;
await Promise.all(
  files.map(async (file) => {
    const bytes = readFileSync(file);
    original += bytes.byteLength;
    for (const [encoding, suffix] of Object.entries(contentEncodings)) {
      const compressed = await compress(bytes, encoding as ContentEncoding, !file.endsWith('.map'));
      if (encoding === 'br') brotli += compressed.byteLength;
      writeFileSync(file + suffix, compressed);
    }
  }),
);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;
console.log(
  `compressed ${files.length} files in ${clientDir} (${mb(original)} → ${mb(brotli)} brotli) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
