import { randomInt } from 'node:crypto';

/**
 * An address of a client of its own, for a request that stands for a different person than the
 * test's others: per-client limits count each address apart.
 */
export const anotherClientAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
