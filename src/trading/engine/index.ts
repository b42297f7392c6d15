export { FastOrderBook } from './book.js';
export { ReferenceOrderBook } from './reference-book.js';
export type * from './types.js';
