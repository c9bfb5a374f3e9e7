import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import PO from 'pofile';
import { locales } from '../contract/locales';

/**
 * Carries translations into a catalog from others, by message id (and context): run after a
 * feature's sources moved to another catalog and `lingui extract --clean` left its messages
 * untranslated there. Usage: tsx scripts/carry-translations.ts <target> <snapshot-dir> <source>...
 * where <snapshot-dir> holds a copy of locales/ taken before the extraction.
 */
const [target, snapshotDir, ...sources] = process.argv.slice(2);
if (!target || !snapshotDir || sources.length === 0) {
  console.error('usage: tsx scripts/carry-translations.ts <target> <snapshot-dir> <source>...');
  process.exit(2);
}

const keyOf = (item: InstanceType<typeof PO.Item>) => `${item.msgctxt ?? ''}\u0004${item.msgid}`;

for (const locale of locales) {
  const targetPath = `locales/${locale}/${target}.po`;
  if (!existsSync(targetPath)) continue;
  const known = new Map<string, string[]>();
  for (const source of sources) {
    const sourcePath = `${snapshotDir}/${locale}/${source}.po`;
    if (!existsSync(sourcePath)) continue;
    for (const item of PO.parse(readFileSync(sourcePath, 'utf8')).items) {
      if (item.msgstr.some((text) => text !== '')) known.set(keyOf(item), item.msgstr);
    }
  }
  const catalog = PO.parse(readFileSync(targetPath, 'utf8'));
  let carried = 0;
  for (const item of catalog.items) {
    const translation = known.get(keyOf(item));
    if (item.msgstr.every((text) => text === '') && translation) {
      item.msgstr = translation;
      carried += 1;
    }
  }
  writeFileSync(targetPath, catalog.toString());
  console.log(`${locale}: carried ${carried} into ${target}`);
}
