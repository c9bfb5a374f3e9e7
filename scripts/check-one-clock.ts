/**
 * One clock (issue 20): every rule that depends on the time reads the services' `now()`, passed to
 * SQL as a parameter; the database's own clock may only stamp when a row was written (a column's
 * `default now()`). This fails on any other use of the database's clock in the migrations, or in a
 * string or template literal of the server's code (where SQL is written).
 *
 * `npm run clock:check`; `npm test` runs it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const databaseClock =
  /\b(now\s*\(\s*\)|current_timestamp|current_date|current_time|localtimestamp|localtime|clock_timestamp\s*\(|statement_timestamp\s*\(|transaction_timestamp\s*\(|timeofday\s*\()/i;
/** The one use allowed: a column default that records when its row was written. */
const columnDefault = /\bdefault\s+(now\s*\(\s*\)|current_timestamp)/gi;

const root = join(import.meta.dirname, '..');
const findings: string[] = [];

function filesUnder(directory: string, extension: string): string[] {
  return readdirSync(directory, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(extension))
    .map((entry) => join(entry.parentPath, entry.name));
}

// The migrations are a history: a function that a later migration drops or replaces is no rule any
// more. So functions are followed to their last definition, and every other statement is read as is.
type Definition = { where: string; lines: { at: string; text: string }[] };
const functions = new Map<string, Definition>();
const signature = (name: string, parameters: string, named: boolean) =>
  `${name.toLowerCase()}(${parameters
    .split(',')
    .map((parameter) => parameter.trim().split(/\s+/))
    .map((words) => (named && words.length > 1 ? words.slice(1) : words).join(' ').toLowerCase())
    .filter(Boolean)
    .join(',')})`;

for (const file of filesUnder(join(root, 'server/db/migrations'), '.sql').sort()) {
  const name = relative(root, file);
  let current: Definition | null = null;
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((line, index) => {
      const at = `${name}:${index + 1}`;
      const code = line.replace(/--.*$/, '').replace(columnDefault, '');
      const created = /create\s+(?:or\s+replace\s+)?function\s+(\w+)\s*\(([^)]*)\)/i.exec(code);
      const dropped = /drop\s+function\s+(?:if\s+exists\s+)?(\w+)\s*\(([^)]*)\)/i.exec(code);
      if (dropped?.[1] !== undefined) functions.delete(signature(dropped[1], dropped[2] ?? '', false));
      if (created?.[1] !== undefined) {
        current = { where: at, lines: [] };
        functions.set(signature(created[1], created[2] ?? '', true), current);
      }
      const inFunction: Definition | null = current;
      if (databaseClock.test(code)) {
        if (inFunction) inFunction.lines.push({ at, text: line.trim() });
        else findings.push(`${at}: ${line.trim()}`);
      }
      // A body ends at its closing `$$` (the line that opens it has two when it is one line long).
      if (current && !created && /\$\$/.test(code)) current = null;
    });
}
for (const definition of functions.values()) {
  for (const { at, text } of definition.lines) findings.push(`${at}: ${text}`);
}

// String and template literals of the server's code, with `${…}` interpolations left out (a
// `${now()}` there is the services' clock, sent as a parameter).
const literal = /`(?:\\[\s\S]|\$\{(?:[^{}]|\{[^{}]*\})*\}|[^\\`])*`|'(?:\\.|[^\\'\n])*'|"(?:\\.|[^\\"\n])*"/g;
for (const file of filesUnder(join(root, 'server'), '.ts')) {
  const source = readFileSync(file, 'utf8');
  for (const match of source.matchAll(literal)) {
    const text = match[0].replace(/\$\{(?:[^{}]|\{[^{}]*\})*\}/g, '').replace(columnDefault, '');
    if (!databaseClock.test(text)) continue;
    const line = source.slice(0, match.index).split('\n').length;
    findings.push(`${relative(root, file)}:${line}: ${match[0].split('\n')[0]?.trim()}`);
  }
}

if (findings.length > 0) {
  console.error(
    "The database's clock is read where the services' now() belongs (pass the time as a parameter):\n" +
      findings.map((finding) => `  ${finding}`).join('\n'),
  );
  process.exit(1);
}
console.log('one clock: no rule reads the database’s time');
