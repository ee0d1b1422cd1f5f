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

test('the Hub session analyses and ponders in the Worker until stop, and keeps its state', async () => {
    const answer = await page.evaluate(async () => {
        const { EngineWorker, Position } = window.shashki;
        const worker = new EngineWorker();
        const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
        const infos = (lines) => lines.filter((l) => l.startsWith('info '));
        const depthOf = (line) => Number(/ depth=(\d+)/.exec(line)[1]);
        const moveOf = (done) => /^done move=(\S+)/.exec(done)?.[1];
        const after = new Position().play('22-18');
        const legal = (done) => after.legalMoves().some((m) => m.hub === moveOf(done));
        await worker.hub('hub');
        await worker.hub('set-param name=book value=false');
        await worker.hub('init');
        await worker.hub('pos start moves="22-18"');
        await worker.hub('level depth=3');
        // go analyze: info lines as it deepens until stop, which ends it with a done.
        const seen = [];
        const analysing = worker.hub('go analyze', (line) => seen.push(line));
        while (infos(seen).length < 6) await sleep(20);
        const pong = await worker.hub('ping');
        // A line sent while it searches waits for the search's end, as in shashki hub's Worker.
        const levelAfter = worker.hub('level depth=2');
        const stop = await worker.hub('stop');
        const analysis = await analysing;
        await levelAfter;
        // The new Worker has the session's state: the position, the parameters, the level sent
        // during the analysis.
        const think = await worker.hub('go think');
        // level infinite, stopped before the Worker has started it.
        await worker.hub('level infinite');
        const endless = worker.hub('go think');
        await worker.hub('stop');
        const endlessLines = await endless;
        // go ponder runs until ponder-hit; with a move time it goes on for that long, then answers.
        await worker.hub('level move-time=0.3');
        const pondered = [];
        let ended = false;
        const pondering = worker.hub('go ponder', (line) => pondered.push(line)).then((lines) => {
            ended = true;
            return lines;
        });
        while (infos(pondered).length < 3) await sleep(20);
        await sleep(300);
        const endedBeforeHit = ended;
        await worker.hub('ponder-hit');
        const ponder = await pondering;
        const restored = await worker.hub('ping');
        worker.terminate();
        return {
            depths: infos(analysis).map(depthOf),
            lastLine: analysis.at(-1),
            analysisLegal: legal(analysis.at(-1)),
            pong,
            stop,
            thinkDepths: infos(think).map(depthOf),
            thinkLegal: legal(think.at(-1)),
            endless: endlessLines.at(-1),
            endlessLegal: legal(endlessLines.at(-1)),
            endedBeforeHit,
            ponder: ponder.at(-1),
            ponderLegal: legal(ponder.at(-1)),
            restored,
        };
    });
    assert.ok(answer.depths.length >= 6, JSON.stringify(answer));
    assert.deepEqual(answer.depths, answer.depths.map((_, i) => i + 1));
    assert.match(answer.lastLine, /^done move=/);
    assert.ok(answer.analysisLegal, answer.lastLine);
    assert.deepEqual(answer.pong, ['pong']);
    assert.deepEqual(answer.stop, []);
    assert.deepEqual(answer.thinkDepths, [1, 2]);
    assert.ok(answer.thinkLegal);
    assert.ok(answer.endlessLegal, answer.endless);
    assert.equal(answer.endedBeforeHit, false);
    assert.ok(answer.ponderLegal, answer.ponder);
    assert.deepEqual(answer.restored, ['pong']);
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
