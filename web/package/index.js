// The package's entry: wasm-bindgen's module (dist/shashki.js) with one loader for pages and
// node. `await load()` once, then use the classes: Position, Game, Engine, HubSession,
// readPdn, perft, bookMoves (see index.d.ts and README.md).
import initWasm from './dist/shashki.js';

export * from './dist/shashki.js';

/**
 * Loads the WebAssembly module (once; later calls return the same promise). In a page or a
 * Worker it is fetched beside this file; in node it is read from disk. `source` overrides
 * where it comes from: a URL, a Response, bytes or a compiled WebAssembly.Module.
 */
let loading;
export function load(source) {
    loading ??= (async () => {
        let input = source;
        if (input === undefined && typeof process !== 'undefined' && process.versions?.node) {
            const { readFile } = await import('node:fs/promises');
            input = await readFile(new URL('./dist/shashki_bg.wasm', import.meta.url));
        }
        return initWasm(input === undefined ? undefined : { module_or_path: input });
    })();
    return loading;
}

/**
 * A wasm-bindgen object (or an array or a tree of them) as plain data, what postMessage can
 * carry: every getter of its class read into an own property.
 */
export function plain(value) {
    if (Array.isArray(value)) return value.map(plain);
    if (value === null || typeof value !== 'object' || !('__wbg_ptr' in value)) return value;
    const data = {};
    const prototype = Object.getPrototypeOf(value);
    for (const [name, descriptor] of Object.entries(Object.getOwnPropertyDescriptors(prototype))) {
        if (descriptor.get) data[name] = plain(value[name]);
    }
    return data;
}
