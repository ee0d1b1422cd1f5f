// The game's page in headless Chromium, looked at as a player would: it loads, the board is
// drawn (found in a screenshot by its square colours), a click on a man and on its destination
// plays the move, the engine answers from its Web Worker; a capture is forced, undo takes a move
// back, the level and the language chosen are kept over a reload (the page's storage), the page
// keeps drawing and playing clicks while the engine searches, Open PDN opens the browser's file chooser and Save PDN
// downloads the game, Copy FEN and Copy PDN fill the browser's clipboard. Screenshots (desktop- and phone-sized, both languages) are kept in
// web/site/test/artifacts/. Run after `bash web/site/build.sh`:
//   node --test web/site/test/e2e.test.mjs
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
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

/** Opens the page at `viewport` (or reloads `reload`); resolves when the board is drawn, with the time it took. */
async function open(viewport, reload, options = {}) {
    const page = reload ?? (await browser.newPage({ viewport, acceptDownloads: true, ...options }));
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
    if (reload) await page.reload();
    else await page.goto(`${server.url}/index.html`);
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
        await page.mouse.click(x, y, { delay: 120 });
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

// The panel's buttons at 1200×780 (the panel's designed size, scale 1), in page pixels.
const DESKTOP = { width: 1200, height: 780 };
const BUTTONS = {
    ru: [1139, 21], en: [1175, 21], twoPlayers: [918, 266], undo: [887, 299],
    level5: [1041, 383], level3: [955, 383], openPdn: [1020, 516], savePdn: [1135, 516], analyse: [1158, 588],
    copyFen: [904, 555], copyPdn: [1020, 555],
};
// A chosen button is drawn in the palette's blue (game/src/ground/palette.rs), the others grey.
const CHOSEN = [56, 115, 179];

function chosen(image, [x, y]) {
    const i = ((y - 7) * image.width + x) * 4;
    return CHOSEN.every((c, k) => Math.abs(image.data[i + k] - c) <= 12);
}

async function press(page, name) {
    const [x, y] = BUTTONS[name];
    // Held long enough for a frame of a debug build to see it pressed.
    await page.mouse.click(x, y, { delay: 400 });
    // Away from the button: a button under the pointer is drawn in its hover colour.
    await page.mouse.move(1, 1);
    await page.waitForTimeout(300);
}

/**
 * Takes screenshots until `check(image)` holds; fails after `ms` (a debug build's frames are
 * slow), keeping the last screenshot as `failed-<what>.png`.
 */
async function until(page, check, ms, what) {
    const start = Date.now();
    for (;;) {
        const png = await page.screenshot();
        const image = decodePng(png);
        if (check(image)) return image;
        if (Date.now() - start > ms) {
            await writeFile(`${artifacts}/failed-${what.replace(/\W+/g, '-')}.png`, png);
            assert.fail(what);
        }
        await page.waitForTimeout(150);
    }
}

/** What the board shows once `done(seen)` holds (fails after 3 s). */
async function boardUntil(page, board, done, what) {
    let seen;
    await until(page, (image) => {
        seen = Object.fromEntries(DARK_SQUARES.map((square) => [square, pieceOn(image, board, square)]));
        return done(seen);
    }, 3000, what);
    return seen;
}

/** Clicks `from` then `to`; resolves with what the board shows once `done(seen)` holds. */
async function playClicks(page, board, from, to, done, what) {
    for (const square of [from, to]) {
        const { x, y } = squareCentre(board, square);
        await page.mouse.click(x, y, { delay: 120 });
        await page.waitForTimeout(300);
    }
    return boardUntil(page, board, done, what);
}

test('a capture is forced, undo takes it back, the level and language are kept over a reload', async () => {
    const { page, board, errors } = await open(DESKTOP);
    await press(page, 'twoPlayers');
    await playClicks(page, board, 'c3', 'd4', (s) => s.d4 === 'white', 'c3-d4 not played');
    await playClicks(page, board, 'b6', 'c5', (s) => s.c5 === 'black', 'b6-c5 not played');
    // White must take c5: a quiet move is refused.
    for (const square of ['g3', 'h4']) {
        const { x, y } = squareCentre(board, square);
        await page.mouse.click(x, y, { delay: 120 });
        await page.waitForTimeout(300);
    }
    await page.waitForTimeout(700);
    let seen = await look(page, board);
    assert.equal(seen.g3, 'white', 'a quiet move was played while a capture was due');
    assert.equal(seen.h4, 'empty');
    await page.keyboard.press('Escape');
    seen = await playClicks(page, board, 'd4', 'b6',
        (s) => s.b6 === 'white' && s.c5 === 'empty' && s.d4 === 'empty', 'the capture d4:b6 not played');
    await writeFile(`${artifacts}/forced-capture.png`, await page.screenshot());
    await press(page, 'undo');
    await boardUntil(page, board, (s) => s.d4 === 'white' && s.c5 === 'black' && s.b6 === 'empty',
        'undo did not take the capture back');
    // Level 5 and English, then a reload: both kept (the page's localStorage).
    await press(page, 'level5');
    await until(page, (image) => chosen(image, BUTTONS.level5), 3000, 'level 5 not chosen');
    await press(page, 'en');
    let image = await until(page, (image) => chosen(image, BUTTONS.en), 3000, 'EN not chosen');
    await writeFile(`${artifacts}/english-desktop.png`, await page.screenshot());
    const kept = JSON.parse(await page.evaluate(() => localStorage.getItem('shashki:settings.json')));
    assert.equal(kept.language, 'en', JSON.stringify(kept));
    assert.equal(kept.level, 5, JSON.stringify(kept));
    const again = await open(DESKTOP, page);
    image = again.image;
    assert.ok(chosen(image, BUTTONS.en) && !chosen(image, BUTTONS.ru), 'English not kept over the reload');
    assert.ok(chosen(image, BUTTONS.level5) && !chosen(image, BUTTONS.level3), 'level 5 not kept over the reload');
    await writeFile(`${artifacts}/reloaded-english.png`, await page.screenshot());
    assert.deepEqual(errors, []);
    await page.close();
});

test('the page keeps drawing while the engine searches in its Worker', async () => {
    const { page, board } = await open(DESKTOP);
    // The page's own frames: the longest gap between two animation frames, idle and while the
    // engine analyses (an endless search in the Worker) for 3 s.
    const longestGap = (ms) => page.evaluate((ms) => new Promise((resolve) => {
        const start = performance.now();
        let last = start;
        let longest = 0;
        let frames = 0;
        requestAnimationFrame(function frame(now) {
            longest = Math.max(longest, now - last);
            last = now;
            frames += 1;
            if (now - start < ms) requestAnimationFrame(frame);
            else resolve({ longest, frames });
        });
    }), ms);
    const idle = await longestGap(1500);
    await press(page, 'analyse');
    const searching = await longestGap(3000);
    // A click still plays at once, the analysis going on.
    const seen = await playClicks(page, board, 'c3', 'd4', (s) => s.d4 === 'white', 'c3-d4 not played while analysing');
    assert.equal(seen.c3, 'empty');
    await writeFile(`${artifacts}/analysing.png`, await page.screenshot());
    console.log(`longest frame gap: idle ${idle.longest.toFixed(0)} ms (${idle.frames} frames in 1.5 s), ` +
        `during the 3 s search ${searching.longest.toFixed(0)} ms (${searching.frames} frames)`);
    // Behaviour, not a budget (timing is measured, web/README.md): the page keeps drawing
    // while the Worker searches. A search on the page's thread would freeze it for the whole
    // 3 s (one frame); under software rendering on a loaded machine a frame takes 0.1–0.9 s.
    assert.ok(searching.frames >= 3 && searching.longest < 1500,
        `the page froze during the search: ${JSON.stringify(searching)}`);
    await page.close();
});

test('Open PDN picks a file with the browser\'s chooser; Save PDN downloads the game', async () => {
    const { page, board, errors } = await open(DESKTOP);
    // The engine's answer (a debug build's frames are too slow for a click while it thinks).
    const blacks = (s) => DARK_SQUARES.filter((square) => s[square] === 'black').join();
    const start = blacks(await look(page, board));
    await playClicks(page, board, 'c3', 'd4', (s) => s.d4 === 'white', 'c3-d4 not played');
    await until(page, (image) => blacks(Object.fromEntries(DARK_SQUARES.map((square) =>
        [square, pieceOn(image, board, square)]))) !== start, 8000, 'the engine did not answer');
    // Save: the game is downloaded, and kept in "my games" in the page's storage.
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 10000 }), press(page, 'savePdn')]);
    await writeFile(`${artifacts}/saved.png`, await page.screenshot());
    assert.match(download.suggestedFilename(), /^shashki-\d{4}\.\d\d\.\d\d\.pdn$/);
    const saved = await readFile(await download.path(), 'utf8');
    assert.match(saved, /1\. c3-d4/, saved);
    const mine = await page.evaluate(() => localStorage.getItem('shashki:my-games.pdn'));
    assert.match(mine, /1\. c3-d4/, mine);
    // Open: the chooser, a file of ten games, the list of its games over the board.
    const collection = fileURLToPath(new URL('../../../engine/tests/data/pdn/forms.pdn', import.meta.url));
    const [chooser] = await Promise.all([page.waitForEvent('filechooser', { timeout: 15000 }), press(page, 'openPdn')]);
    await chooser.setFiles(collection);
    await until(page, (image) => findBoard(image) === undefined, 8000, 'the list of games did not cover the board');
    await writeFile(`${artifacts}/opened-collection.png`, await page.screenshot());
    assert.deepEqual(errors, []);
    await page.close();
});

test('a phone held upright: the board on top, the panel below, in both languages; taps play', async () => {
    const phone = { width: 390, height: 844 };
    const { page, board } = await open(phone, undefined, { hasTouch: true, isMobile: true });
    // The board spans the page's width at its top; the panel is below it, inside the page.
    assert.ok(board.top < 60 && board.size > 300 && board.left + board.size <= phone.width, JSON.stringify(board));
    await writeFile(`${artifacts}/phone-russian.png`, await page.screenshot());
    // The languages' buttons are the panel's first row, right under the board.
    const en = [365, 411];
    await until(page, (image) => chosen(image, [329, 411]), 3000, 'RU is not chosen below the board');
    await page.mouse.click(...en, { delay: 120 });
    await page.mouse.move(1, 1);
    await until(page, (image) => chosen(image, en), 3000, 'EN not chosen after a tap');
    await writeFile(`${artifacts}/phone-english.png`, await page.screenshot());
    // A finger plays on the board (a phone's browser sends touches, not mouse buttons).
    for (const square of ['c3', 'd4']) {
        const { x, y } = squareCentre(board, square);
        await page.touchscreen.tap(x, y);
        await page.waitForTimeout(400);
    }
    await boardUntil(page, board, (s) => s.c3 === 'empty' && s.d4 === 'white', 'c3-d4 not played by taps');
    await page.close();
});

test('Copy FEN and Copy PDN put the text in the browser\'s clipboard', async () => {
    const { page, board, errors } = await open(DESKTOP, undefined, { permissions: ['clipboard-read', 'clipboard-write'] });
    const clipboardHolds = async (pattern, what) => {
        const start = Date.now();
        let text = '';
        while (!pattern.test(text)) {
            assert.ok(Date.now() - start < 8000, `${what}; the clipboard holds ${JSON.stringify(text)}`);
            await page.waitForTimeout(250);
            text = await page.evaluate(() => navigator.clipboard.readText());
        }
        return text;
    };
    await press(page, 'copyFen');
    await clipboardHolds(/^W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12$/, 'Copy FEN');
    await playClicks(page, board, 'c3', 'd4', (s) => s.d4 === 'white', 'c3-d4 not played');
    await press(page, 'copyPdn');
    const pdn = await clipboardHolds(/1\. c3-d4/, 'Copy PDN');
    assert.match(pdn, /^\[/, pdn);
    assert.deepEqual(errors, []);
    await page.close();
});
