// Types of demo-inbox.mjs for the TypeScript suites (e2e).
export declare const demoSmtpPort: (offset: number) => number;
export declare const demoInboxPort: (offset: number) => number;
export declare function startDemoInbox(options: { smtpPort: number; webPort: number; host?: string }): Promise<{
  url: string;
  smtp: { host: string; port: number };
  messages: unknown[];
  close(): Promise<void>;
}>;
