// Types of index.js: wasm-bindgen's classes and functions, the limit forms, the loader.
export * from './dist/shashki.js';

/** A search's bound: exactly one of these forms. */
export type SearchLimit =
    | { depth: number }
    | { nodes: number }
    | { timeMs: number }
    | { remainingMs: number; incrementMs?: number; movesToGo?: number }
    | { infinite: true }
    | { level: number; seed?: number };

/** Loads the WebAssembly module (once): fetched beside index.js in a page, read from disk in node. */
export function load(
    source?: string | URL | Response | BufferSource | WebAssembly.Module,
): Promise<unknown>;

/** A wasm-bindgen object (or a tree of them) as plain data. */
export function plain<T>(value: T): T;
