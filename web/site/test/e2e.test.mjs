// The game's page in headless Chromium, looked at as a player would: it loads, the board is
// drawn (found in a screenshot by its square colours), a click on a man and on its destination
// plays the move, the engine answers from its Web Worker. Screenshots (desktop- and phone-sized) are kept in
// web/site/test/artifacts/. Run after `bash web/site/build.sh`:
//   node --test web/site/test/e2e.test.mjs
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { serve } from '../../package/test/browser/serve.mjs';
import { launch } from '../../package/test/browser/chromium.mjs';
import { decodePng, findBoard, pieceOn, squareCentre, DARK_SQUARES } from './screen.mjs';

const artifacts = fileURLToPath(new URL('./artifacts/', import.meta.url));
let server;
let browser;

before(async () => {
    await mkdir(artifacts, { recursive: true });
    server = await serve(fileURLToPath(new URL('../dist', import.meta.url)));
    browser = await launch();
});

after(async () => {
    await browser?.close();
    await server?.close();
});

/** Opens the page at `viewport`; resolves when the board is drawn, with the time it took. */
async function open(viewport) {
    const page = await browser.newPage({ viewport });
    const errors = [];
    const requested = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    page.on('pageerror', (error) => {
        if (!String(error).includes('Using exceptions for control flow')) errors.push(String(error));
    });
    page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
    });
    const start = Date.now();
    await page.goto(`${server.url}/index.html`);
    let board;
    let image;
    while (board === undefined) {
        assert.ok(Date.now() - start < 60000, `no board after 60 s; errors: ${errors.join('; ')}`);
        await page.waitForTimeout(250);
        image = decodePng(await page.screenshot());
        board = findBoard(image);
    }
    return { page, errors, requested, board, image, firstFrameMs: Date.now() - start };
}

async function look(page, board) {
    const image = decodePng(await page.screenshot());
    return Object.fromEntries(DARK_SQUARES.map((square) => [square, pieceOn(image, board, square)]));
}

test('the page draws the start position (desktop and phone sizes)', async () => {
    for (const [name, viewport] of [['desktop', { width: 1200, height: 780 }], ['phone', { width: 390, height: 844 }]]) {
        const { page, errors, board, firstFrameMs } = await open(viewport);
        await writeFile(`${artifacts}/start-${name}.png`, await page.screenshot());
        console.log(`${name}: first frame with the board after ${firstFrameMs} ms`);
        const seen = await look(page, board);
        const count = (who) => Object.values(seen).filter((s) => s === who).length;
        assert.equal(count('white'), 12, JSON.stringify(seen));
        assert.equal(count('black'), 12, JSON.stringify(seen));
        assert.equal(seen.c3, 'white');
        assert.equal(seen.d6, 'black');
        assert.deepEqual(errors, []);
        await page.close();
    }
});

test('a click on a man and on its destination plays the move; the engine answers', async () => {
    const { page, board, requested } = await open({ width: 1200, height: 780 });
    const before = await look(page, board);
    for (const square of ['c3', 'd4']) {
        const { x, y } = squareCentre(board, square);
        await page.mouse.click(x, y);
        await page.waitForTimeout(300);
    }
    // The move shows within a second (frames of a software-rendered page can lag).
    const clicked = Date.now();
    let seen = await look(page, board);
    while (seen.c3 !== 'empty' || seen.d4 !== 'white') {
        assert.ok(Date.now() - clicked < 1000, `c3-d4 not played: ${JSON.stringify(seen)}`);
        await page.waitForTimeout(100);
        seen = await look(page, board);
    }
    await writeFile(`${artifacts}/after-c3-d4.png`, await page.screenshot());
    // The engine (level 3 by default) answers within its move time and a second.
    const asked = clicked;
    const blackMoved = () => DARK_SQUARES.some((s) => (before[s] === 'black') !== (seen[s] === 'black'));
    while (!blackMoved()) {
        assert.ok(Date.now() - asked < 6000, 'the engine did not answer within 6 s');
        await page.waitForTimeout(200);
        seen = await look(page, board);
    }
    await writeFile(`${artifacts}/engine-answered.png`, await page.screenshot());
    // The answer came from the engine package's Worker (engine/web_backend.rs), not the page.
    assert.ok(requested.includes('/engine/worker.js'), requested.join(' '));
    assert.ok(requested.includes('/engine/dist/shashki_bg.wasm'), requested.join(' '));
    console.log(`the engine answered after ${Date.now() - asked} ms`);
    await page.close();
});
