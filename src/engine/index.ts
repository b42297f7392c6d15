export { FastOrderBook } from './book.js';
export { ReferenceOrderBook } from './reference-book.js';
export { stopTriggered } from './rules.js';
export type * from './types.js';
