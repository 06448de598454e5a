/** A cell as a message quotes it: a long one is cut, a few words are enough to find it. */
export const quoted = (value: string) => `"${value.length > 40 ? `${value.slice(0, 40)}…` : value}"`;
