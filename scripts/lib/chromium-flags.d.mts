// Types for scripts/lib/chromium-flags.mjs, which the e2e config (TypeScript) imports.
export declare const chromiumFlags: string[];
