// The package in headless Chromium: the engine searches in its Worker while the page keeps
// running, stop() answers at once with a legal move, the next search answers, errors arrive as
// the library's messages. Run: npm run test:browser (after bash web/build.sh; needs chromium).
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { serve } from './serve.mjs';
import { launch } from './chromium.mjs';

let server;
let browser;
let page;

before(async () => {
    server = await serve(fileURLToPath(new URL('../..', import.meta.url)));
    browser = await launch();
    page = await browser.newPage();
    const errors = [];
    page.on('pageerror', (error) => errors.push(error));
    await page.goto(`${server.url}/test/browser/page.html`);
    await page.waitForFunction(() => window.ready === true, null, { timeout: 30000 });
    assert.deepEqual(errors, []);
});

after(async () => {
    await browser?.close();
    await server?.close();
});

test('the Worker searches with info as it deepens, the page stays free', async () => {
    const answer = await page.evaluate(async () => {
        const { EngineWorker, Position } = window.shashki;
        const worker = new EngineWorker();
        const depths = [];
        // The page's own clock keeps ticking while the Worker searches.
        let ticks = 0;
        const timer = setInterval(() => ticks++, 10);
        const result = await worker.search({ limit: { depth: 9 }, engine: { book: false } }, (info) => depths.push(info.depth));
        clearInterval(timer);
        worker.terminate();
        const legal = new Position().legalMoves().some((m) => m.hub === result.bestMove.hub);
        return { depths, legal, ticks, nodes: result.nodes };
    });
    assert.deepEqual(answer.depths, [1, 2, 3, 4, 5, 6, 7, 8, 9]);
    assert.ok(answer.legal);
    assert.ok(answer.nodes > 0);
});

test('stop ends an endless search at once with a legal move; the next search answers', async () => {
    const answer = await page.evaluate(async () => {
        const { EngineWorker, Position } = window.shashki;
        const worker = new EngineWorker();
        const fen = 'W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12';
        let deepest = 0;
        const searching = worker.search({ fen, moves: ['c3-d4'], limit: { infinite: true }, engine: { book: false } }, (info) => {
            deepest = info.depth;
        });
        while (deepest < 6) await new Promise((r) => setTimeout(r, 20));
        const asked = performance.now();
        worker.stop();
        const stopped = await searching;
        const latency = performance.now() - asked;
        const after = new Position().play('c3-d4');
        const legal = after.legalMoves().some((m) => m.hub === stopped.bestMove.hub);
        const next = await worker.search({ fen, limit: { depth: 4 }, engine: { book: false } });
        worker.terminate();
        return { stopped: stopped.stopped, depth: stopped.depth, legal, latency, next: next.bestMove.hub, nextDepth: next.depth };
    });
    assert.equal(answer.stopped, true);
    assert.ok(answer.depth >= 6);
    assert.ok(answer.legal);
    assert.ok(answer.latency < 1000, `stop answered after ${answer.latency} ms`);
    assert.equal(answer.nextDepth, 4);
    assert.match(answer.next, /^\d+-\d+$/);
});

test('bad FEN and illegal moves reach the page as the library\'s messages', async () => {
    const messages = await page.evaluate(async () => {
        const { EngineWorker } = window.shashki;
        const worker = new EngineWorker();
        const message = (promise) => promise.then(() => 'no error', (e) => e.message);
        const fen = await message(worker.search({ fen: 'W:W33:B1', limit: { depth: 2 } }));
        const move = await message(worker.search({ moves: ['c3-c4'], limit: { depth: 2 } }));
        const hub = await worker.hub('hub');
        const offer = await worker.search({ fen: 'W:WKe1:BKd8', limit: { timeMs: 100 }, drawOffer: { side: 'black' } });
        worker.terminate();
        return { fen, move, hub, accepts: offer.acceptsDraw };
    });
    assert.match(messages.fen, /33/);
    assert.match(messages.move, /c3-c4/);
    assert.ok(messages.hub.some((l) => l.startsWith('id name=shashki')));
    assert.equal(messages.accepts, true);
});
