// The package's speed and size, measured in one run (numbers for web/README.md):
// - nodes per second of the same fixed-depth searches natively (a release build of
//   web/examples/native_bench.rs), in WebAssembly under node, and in headless Chromium's Worker
//   (EngineWorker), with the ratios to native;
// - the package's size gzipped (.wasm and JavaScript), with the book and without it (the latter
//   built with `bash web/build.sh --no-book` into a temporary folder).
// Run from the repository: node web/package/bench/bench.mjs [extra plies, default 4]
// (after bash web/build.sh; needs cargo, chromium and playwright-core).
import { execFileSync } from 'node:child_process';
import { readFile, mkdtemp, rm } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { load, Engine, Game } from '../index.js';
import { serve } from '../test/browser/serve.mjs';
import { launch } from '../test/browser/chromium.mjs';

const extra = Number(process.argv[2] ?? 4);
const repo = fileURLToPath(new URL('../../..', import.meta.url));
const packageDir = fileURLToPath(new URL('..', import.meta.url));
const fixture = JSON.parse(await readFile(join(repo, 'web/tests/fixed-depth.json')));
const searches = fixture.searches.map(({ fen, depth }) => ({ fen, depth: depth + extra }));

const total = (runs) => {
    const nodes = runs.reduce((sum, r) => sum + r.nodes, 0);
    const ms = runs.reduce((sum, r) => sum + r.ms, 0);
    return { nodes, ms, nps: Math.round((nodes * 1000) / ms) };
};

// Native.
const native = execFileSync('cargo', ['run', '--quiet', '--release', '-p', 'shashki-web', '--example', 'native_bench', '--', String(extra)], { cwd: repo, encoding: 'utf8' })
    .trim().split('\n').map((line) => JSON.parse(line));

// Node (after a warm-up search, so that V8 has compiled the hot code at its top tier, as the
// native build is compiled ahead of time).
await load();
new Engine({ hashMb: 1, book: false }).search(new Game(searches[0].fen), { depth: searches[0].depth - 2 });
const inNode = searches.map(({ fen, depth }) => {
    const engine = new Engine({ hashMb: fixture.hashMb, book: false });
    const result = engine.search(new Game(fen), { depth });
    return { fen, depth, nodes: result.nodes, ms: result.timeMs };
});

// Chromium's Worker.
const server = await serve(packageDir);
const browser = await launch();
const page = await browser.newPage();
await page.goto(`${server.url}/test/browser/page.html`);
await page.waitForFunction(() => window.ready === true, null, { timeout: 30000 });
const inChromium = await page.evaluate(async ({ searches, hashMb }) => {
    const worker = new window.shashki.EngineWorker();
    const runs = [];
    await worker.search({ fen: searches[0].fen, limit: { depth: searches[0].depth - 2 }, engine: { hashMb: 1, book: false } });
    for (const { fen, depth } of searches) {
        // A fresh engine for each search, as natively: options differ, so the Worker makes one.
        await worker.search({ fen, limit: { depth: 1 }, engine: { hashMb: hashMb + 1, book: false } });
        const result = await worker.search({ fen, limit: { depth }, engine: { hashMb, book: false } });
        runs.push({ fen, depth, nodes: result.nodes, ms: result.timeMs });
    }
    worker.terminate();
    return runs;
}, { searches, hashMb: fixture.hashMb });
await browser.close();
await server.close();

const same = native.every((run, i) => run.nodes === inNode[i].nodes && run.nodes === inChromium[i].nodes);
const [n, w, c] = [total(native), total(inNode), total(inChromium)];
console.log(`searches: ${searches.map((s) => `depth ${s.depth}`).join(', ')}; the same node counts everywhere: ${same}`);
console.log(`native   ${n.nodes} nodes ${n.ms.toFixed(0)} ms ${n.nps} nodes/s`);
console.log(`node     ${w.nodes} nodes ${w.ms.toFixed(0)} ms ${w.nps} nodes/s  ${(100 * w.nps / n.nps).toFixed(0)} % of native`);
console.log(`chromium ${c.nodes} nodes ${c.ms.toFixed(0)} ms ${c.nps} nodes/s  ${(100 * c.nps / n.nps).toFixed(0)} % of native (Worker)`);

// Sizes.
const gz = async (files) => {
    let sum = 0;
    for (const file of files) sum += gzipSync(await readFile(file), { level: 9 }).length;
    return sum;
};
const js = ['index.js', 'worker.js', 'engine-worker.js'].map((f) => join(packageDir, f));
const withBook = join(packageDir, 'dist');
const withoutBook = await mkdtemp(join(tmpdir(), 'shashki-nobook-'));
execFileSync('bash', ['web/build.sh', '--no-book', '--out', withoutBook], { cwd: repo, stdio: 'ignore' });
for (const [name, dir] of [['with the book', withBook], ['without the book', withoutBook]]) {
    const wasm = await gz([join(dir, 'shashki_bg.wasm')]);
    const all = wasm + (await gz([join(dir, 'shashki.js'), ...js]));
    const raw = (await readFile(join(dir, 'shashki_bg.wasm'))).length;
    console.log(`package ${name}: ${(all / 1024).toFixed(0)} KB gzip (.wasm ${(raw / 1024).toFixed(0)} KB, ${(wasm / 1024).toFixed(0)} KB gzip)`);
}
await rm(withoutBook, { recursive: true });
