// The "done when" walk, as a player in the browser (not a test: it writes screenshots to
// web/site/test/artifacts/walk-*.png and prints what it saw and how long the engine took).
// Run after `bash web/site/build.sh`: node web/site/test/walk.mjs [a PDN file of several games]
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { serve } from '../../package/test/browser/serve.mjs';
import { launch } from '../../package/test/browser/chromium.mjs';
import { decodePng, findBoard, pieceOn, squareCentre, DARK_SQUARES } from './screen.mjs';

const artifacts = fileURLToPath(new URL('./artifacts/', import.meta.url));
const server = await serve(fileURLToPath(new URL('../dist', import.meta.url)));
const browser = await launch();
const BUTTONS = { level1: [868, 383], level8: [1171, 383], analyse: [1158, 588], puzzles: [1102, 266], openPdn: [1020, 516] };

async function open() {
    const page = await browser.newPage({ viewport: { width: 1200, height: 780 } });
    page.on('pageerror', (e) => String(e).includes('exceptions for control flow') || console.log('page error', String(e)));
    await page.goto(`${server.url}/index.html`);
    let board;
    while (!board) {
        await page.waitForTimeout(250);
        board = findBoard(decodePng(await page.screenshot()));
    }
    return { page, board };
}
const look = async (page, board) => {
    const image = decodePng(await page.screenshot());
    return Object.fromEntries(DARK_SQUARES.map((s) => [s, pieceOn(image, board, s)]));
};
async function click(page, [x, y]) {
    await page.mouse.click(x, y, { delay: 120 });
    await page.mouse.move(1, 1);
    await page.waitForTimeout(300);
}
async function move(page, board, from, to) {
    // The pointer stays where it clicked: the game reads where the pointer is when its frame
    // runs, and a frame under software rendering can come after a move away.
    for (const s of [from, to]) {
        const { x, y } = squareCentre(board, s);
        await page.mouse.click(x, y, { delay: 120 });
        await page.waitForTimeout(400);
    }
}
async function engineAnswer(page, board, before, limitMs) {
    const start = Date.now();
    for (;;) {
        const seen = await look(page, board);
        if (DARK_SQUARES.some((s) => (before[s] === 'black') !== (seen[s] === 'black'))) return Date.now() - start;
        if (Date.now() - start > limitMs) return undefined;
        await page.waitForTimeout(200);
    }
}

for (const level of [1, 8]) {
    const { page, board } = await open();
    await click(page, BUTTONS[`level${level}`]);
    const before = await look(page, board);
    await move(page, board, 'c3', 'd4');
    const ms = await engineAnswer(page, board, before, 30000);
    console.log(`level ${level}: the engine answered c3-d4 after ${ms} ms`);
    await writeFile(`${artifacts}/walk-level${level}.png`, await page.screenshot());
    if (level === 8) {
        await move(page, board, 'd4', 'c5');
        await page.waitForTimeout(300);
        await click(page, BUTTONS.analyse);
        await page.waitForTimeout(6000);
        await writeFile(`${artifacts}/walk-analysis.png`, await page.screenshot());
        console.log('analysis: screenshot after 6 s');
    }
    await page.close();
}

{
    const { page } = await open();
    await click(page, BUTTONS.puzzles);
    await page.waitForTimeout(1500);
    const image = decodePng(await page.screenshot());
    const board = findBoard(image);
    await writeFile(`${artifacts}/walk-puzzle-start.png`, await page.screenshot());
    // The first shipped puzzle (game/assets/puzzles.json): c3-b4 a5:c3:e5 e3-d4 c5:e3 d2:f4:d6:f8.
    for (const [from, to] of [['c3', 'b4'], ['e3', 'd4'], ['d2', 'f8']]) {
        await move(page, board, from, to);
        await page.waitForTimeout(2500);
    }
    console.log('puzzle: f8 shows', (await look(page, board)).f8);
    await writeFile(`${artifacts}/walk-puzzle-solved.png`, await page.screenshot());
    await page.close();
}

{
    const { page } = await open();
    const file = process.argv[2] ?? fileURLToPath(new URL('../../../engine/tests/data/pdn/forms.pdn', import.meta.url));
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), click(page, BUTTONS.openPdn)]);
    await chooser.setFiles(file);
    const opened = Date.now();
    while (findBoard(decodePng(await page.screenshot())) && Date.now() - opened < 20000) await page.waitForTimeout(300);
    console.log(`PDN: the list covered the board after ${Date.now() - opened} ms`);
    await writeFile(`${artifacts}/walk-pdn-list.png`, await page.screenshot());
    // The first game of the list, opened for review.
    await click(page, [200, 100]);
    await page.waitForTimeout(2000);
    await writeFile(`${artifacts}/walk-pdn-game.png`, await page.screenshot());
    console.log('PDN: list and first game screenshots');
    await page.close();
}
await browser.close();
await server.close();
