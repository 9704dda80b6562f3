// Caller addresses for the limits counted per address: random in a documentation range
// (RFC 5737), so tests running side by side never share a counter.
export const someAddress = (range = '198.51.100') => `${range}.${1 + Math.floor(Math.random() * 250)}`;
