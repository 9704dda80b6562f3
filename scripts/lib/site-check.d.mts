export const demoMarks: { pattern: RegExp; what: string }[];
export function siteProblems(dir: string, projectId: string): string[];
export function cspProblems(firebaseConfig: object, projectId: string): string[];
