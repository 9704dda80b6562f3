// Types for scripts/lib/chromium-flags.mjs, which the e2e config (TypeScript) imports.
export declare const chromiumFlags: string[];
export declare const addressBarPopupFeatures: string[];
export declare function disablingFeatures(flags: string[], features: string[]): string[];
