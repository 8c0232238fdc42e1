// Writes src/lib/phone-metadata-ng.json: libphonenumber-js's "min" metadata for Nigeria alone
// (about 0.4 KB instead of about 80 KB for every country). The app validates Nigerian numbers only.
// Run after upgrading libphonenumber-js; a test fails while the file and the package disagree.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
export function nigeriaMetadata() {
  const all = JSON.parse(readFileSync(require.resolve('libphonenumber-js/metadata.min.json'), 'utf8'));
  return {
    version: all.version,
    country_calling_codes: { 234: all.country_calling_codes['234'] },
    countries: { NG: all.countries.NG },
    nonGeographic: {},
  };
}

if (process.argv[1] === new URL(import.meta.url).pathname) {
  writeFileSync(new URL('../src/lib/phone-metadata-ng.json', import.meta.url), `${JSON.stringify(nigeriaMetadata())}\n`);
  console.log('wrote src/lib/phone-metadata-ng.json');
}
