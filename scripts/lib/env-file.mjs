// One reader for the dotenv-style files the scripts read (the functions' and the site's env
// files, a secrets file): `NAME=value` lines, quotes around a value dropped, anything else ignored.
import { existsSync, readFileSync } from 'node:fs';

/** The variables a dotenv-style file sets; an absent file sets none. */
export function readEnvFile(path) {
  if (!existsSync(path)) return {};
  return Object.fromEntries(
    readFileSync(path, 'utf8')
      .split('\n')
      .map((line) => /^\s*([A-Z_][A-Z0-9_]*)\s*=\s*(.*)$/.exec(line))
      .filter(Boolean)
      .map(([, name, value]) => [name, value.trim().replace(/^["']|["']$/g, '')]),
  );
}
