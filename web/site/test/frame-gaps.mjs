// Measures (not a test) the gaps between the page's animation frames, median and longest, in
// three states of 3 s each: idle, dragging a piece (the game draws every frame, no search), and
// analysing (the game draws every frame, the engine searches in its Worker). A frame of the game
// is drawn inside one animation frame, so a gap is how long the page's thread was busy.
// Run after `bash web/site/build.sh`: node web/site/test/frame-gaps.mjs
// At 1200×780 (where the panel's Analyse button is).
import { fileURLToPath } from 'node:url';
import { serve } from '../../package/test/browser/serve.mjs';
import { launch } from '../../package/test/browser/chromium.mjs';
import { decodePng, findBoard, squareCentre } from './screen.mjs';

const server = await serve(fileURLToPath(new URL('../dist', import.meta.url)));
const browser = await launch();
const page = await browser.newPage({ viewport: { width: 1200, height: 780 } });
await page.goto(`${server.url}/index.html`);
let board;
while (!board) {
    await page.waitForTimeout(250);
    board = findBoard(decodePng(await page.screenshot()));
}
await page.waitForTimeout(2000);
const gaps = (ms) => page.evaluate((ms) => new Promise((resolve) => {
    const start = performance.now();
    let last = start;
    const all = [];
    requestAnimationFrame(function frame(now) {
        all.push(now - last);
        last = now;
        if (now - start < ms) requestAnimationFrame(frame);
        else {
            all.sort((a, b) => a - b);
            resolve({ frames: all.length, median: Math.round(all[all.length >> 1]), longest: Math.round(all.at(-1)) });
        }
    });
}), ms);
console.log('idle', JSON.stringify(await gaps(3000)));
const c3 = squareCentre(board, 'c3');
await page.mouse.move(c3.x, c3.y);
await page.mouse.down();
const dragging = gaps(3000);
for (let i = 0; i < 30; i++) {
    await page.mouse.move(c3.x + i * 3, c3.y - i * 3);
    await page.waitForTimeout(100);
}
console.log('dragging a piece (no search)', JSON.stringify(await dragging));
await page.mouse.move(c3.x, c3.y);
await page.mouse.up();
await page.waitForTimeout(1000);
await page.mouse.click(1158, 588, { delay: 400 });
await page.mouse.move(1, 1);
await page.waitForTimeout(500);
console.log('analysing (search in the Worker)', JSON.stringify(await gaps(3000)));
await browser.close();
await server.close();
