/**
 * Just enough MIME (RFC 2045–2047) to read what nodemailer sends: folded headers, encoded words,
 * multipart bodies, quoted-printable and base64, any charset TextDecoder knows.
 */

export type ParsedMail = { subject: string; from: string; text: string; html: string };

type Part = { headers: Map<string, string>; body: string };

function splitPart(raw: string): Part {
  const separator = raw.search(/\r?\n\r?\n/);
  const head = separator === -1 ? raw : raw.slice(0, separator);
  const body = separator === -1 ? '' : raw.slice(separator).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

/** A header parameter such as `boundary` or `charset`, quoted or not. */
function parameterOf(header: string | undefined, name: string): string | undefined {
  const match = header?.match(new RegExp(`;\\s*${name}="?([^";]+)"?`, 'i'));
  return match?.[1];
}

function decodeBytes(bytes: Uint8Array, charset = 'utf-8'): string {
  try {
    return new TextDecoder(charset).decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

function quotedPrintableBytes(text: string, inHeader = false): Uint8Array {
  const source = (inHeader ? text.replaceAll('_', ' ') : text).replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let index = 0; index < source.length; index += 1) {
    const hex = source.slice(index + 1, index + 3);
    if (source[index] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(source.charCodeAt(index) & 0xff);
    }
  }
  return Uint8Array.from(bytes);
}

/** `=?UTF-8?Q?…?=` and `=?UTF-8?B?…?=` words, joined when only white space lies between them. */
function decodeHeader(value: string): string {
  return Buffer.from(value, 'latin1')
    .toString('utf8')
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_, charset: string, encoding: string, text: string) =>
      decodeBytes(
        encoding.toUpperCase() === 'B' ? Buffer.from(text, 'base64') : quotedPrintableBytes(text, true),
        charset,
      ),
    );
}

function decodeBody(part: Part): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  const charset = parameterOf(part.headers.get('content-type'), 'charset');
  if (encoding === 'base64') return decodeBytes(Buffer.from(part.body.replace(/\s+/g, ''), 'base64'), charset);
  if (encoding === 'quoted-printable') return decodeBytes(quotedPrintableBytes(part.body), charset);
  return decodeBytes(Buffer.from(part.body, 'latin1'), charset);
}

/** The leaf parts of a message, depth first. */
function leavesOf(part: Part): Part[] {
  const contentType = part.headers.get('content-type') ?? 'text/plain';
  const boundary = parameterOf(contentType, 'boundary');
  if (!/^multipart\//i.test(contentType) || !boundary) return [part];
  const sections = part.body.split(
    new RegExp(`^--${boundary.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:--)?\\s*$`, 'm'),
  );
  // The first section is the preamble, the last the epilogue.
  return sections.slice(1, -1).flatMap((section) => leavesOf(splitPart(section.replace(/^\r?\n/, ''))));
}

/** The raw message as the SMTP server received it, read as latin1 (one character per byte). */
export function parseMail(raw: string): ParsedMail {
  const message = splitPart(raw);
  const leaves = leavesOf(message);
  const textOf = (type: RegExp) => {
    const leaf = leaves.find((candidate) => type.test(candidate.headers.get('content-type') ?? 'text/plain'));
    return leaf ? decodeBody(leaf).replace(/\r\n/g, '\n') : '';
  };
  return {
    subject: decodeHeader(message.headers.get('subject') ?? ''),
    from: decodeHeader(message.headers.get('from') ?? ''),
    text: textOf(/^text\/plain/i),
    html: textOf(/^text\/html/i),
  };
}
