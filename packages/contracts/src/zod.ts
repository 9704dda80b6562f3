// The one zod of the contracts and of the site. zod compiles object schemas with
// `new Function` when it can, and probes for that when a schema is built; the site's
// Content-Security-Policy forbids eval, so in a browser the probe is a reported violation.
// Every schema here, and every schema the site builds, takes `z` from this module, so the
// switch is set before the first schema exists.
import { z } from 'zod';

z.config({ jitless: true });

export { z };
