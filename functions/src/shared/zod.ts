// The one zod the site validates with. zod compiles object schemas with `new Function` when
// it can, and probes for that when a schema is built; the site's Content-Security-Policy
// forbids eval, so in a browser the probe is a reported violation. Schemas the site builds
// import `z` from here, so the switch is set before the first schema exists.
import { z } from 'zod';

z.config({ jitless: true });

export { z };
