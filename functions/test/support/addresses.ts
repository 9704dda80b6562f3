// Caller addresses for the limits counted per address. Counters live in the one Firestore
// emulator that every test file shares, so an address drawn from a /24 (250 of them) met
// another file's within the same minute now and then, and a test saw a count it did not make.
// Without a range, an address is drawn from the shared address space 100.64.0.0/10 (RFC 6598,
// four million of them, none a CDN's); `range` (a /24, such as a CDN node's) where it matters.
const draw = (count: number) => Math.floor(Math.random() * count);
export const someAddress = (range?: string) =>
  range ? `${range}.${1 + draw(250)}` : `100.${64 + draw(64)}.${draw(256)}.${1 + draw(250)}`;
