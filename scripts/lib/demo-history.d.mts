/** The first day (`YYYY-MM-DD`) of the demo's past, for a hostel whose today is `today`. */
export function historyStart(shiftMonth: (month: string, by: number) => string, today: string): string;
export const historyMonths: number;
