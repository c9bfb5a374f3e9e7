/**
 * Reads the translations of a gettext catalog as `lingui extract` writes it (explicit ids, one
 * `msgid` and one `msgstr` an entry, no plural forms: Lingui keeps plurals inside ICU messages).
 * Obsolete entries (`#~`) and empty translations are left out, so Lingui falls back to English.
 */
export function readPoTranslations(source: string): Record<string, string> {
  const translations: Record<string, string> = {};
  let field: 'msgctxt' | 'msgid' | 'msgstr' | null = null;
  let entry = { msgid: '', msgstr: '' };

  const finish = () => {
    if (entry.msgid !== '' && entry.msgstr !== '') translations[entry.msgid] = entry.msgstr;
    entry = { msgid: '', msgstr: '' };
    field = null;
  };

  for (const rawLine of source.split(/\r?\n/)) {
    const line = rawLine.trim();
    if (line === '' || line.startsWith('#')) {
      if (field === 'msgstr') finish();
      continue;
    }
    const keyword = /^(msgctxt|msgid|msgstr)\s+(".*")$/.exec(line);
    if (keyword) {
      const [, name, quoted = '""'] = keyword;
      if (name === 'msgctxt' || (name === 'msgid' && field === 'msgstr')) finish();
      field = name as 'msgctxt' | 'msgid' | 'msgstr';
      if (field !== 'msgctxt') entry[field] = unquote(quoted);
      continue;
    }
    if (line.startsWith('"') && field !== null) {
      if (field !== 'msgctxt') entry[field] += unquote(line);
      continue;
    }
    throw new Error(`Unreadable catalog line: ${rawLine}`);
  }
  finish();
  return translations;
}

const escapes: Record<string, string> = { n: '\n', t: '\t', r: '\r', '"': '"', '\\': '\\' };

function unquote(quoted: string): string {
  return quoted.slice(1, -1).replace(/\\(.)/g, (_match, character: string) => escapes[character] ?? character);
}
