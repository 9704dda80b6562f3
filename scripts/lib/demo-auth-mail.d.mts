// Types of demo-auth-mail.mjs for the TypeScript suites (e2e).
export declare function forwardAuthEmails(options: {
  authHost: string;
  projectId: string;
  smtp: { host: string; port: number };
  from: string;
  intervalMs?: number;
  log?: Pick<Console, 'error'>;
}): { ready: Promise<void>; stop(): void };
