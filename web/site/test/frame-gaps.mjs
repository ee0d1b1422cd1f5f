// Measures (not a test) how long the page's thread is busy, in four states of 3 s each: idle,
// dragging a piece (the game draws every frame, no search), analysing (the engine searches in
// its Worker; the game draws when an iteration wakes it), and dragging while analysing (every
// frame drawn, and the search running). For each state it prints:
//   gaps     the gaps between the page's animation frames (median, longest, how many frames):
//            a frame of the game is drawn inside one animation frame, so a gap is how long the
//            page showed nothing new;
//   tasks    how late a 10 ms timer, set again and again, fired at most: how long the page's
//            thread was busy at most (a click waits no longer to be handled);
//   frames   the page's long animation frames (Chromium's Long Animation Frames API, frames over
//            50 ms): how many, their median and longest duration, and the medians of the time
//            in scripts (the game's wasm: Bevy's update and its WebGL calls), before the
//            frame's rendering began, in its animation-frame callbacks (the game's frame) and in
//            the browser's own rendering (style, layout, paint, commit).
// Run after `bash web/site/build.sh`: node web/site/test/frame-gaps.mjs [WIDTHxHEIGHT…]
// (default: 1200x780 and 390x844). The search is started at 1200×780 with the panel's Analyse
// button, then the page takes the size measured (the phone layout's button is further down).
import { fileURLToPath } from 'node:url';
import { serve } from '../../package/test/browser/serve.mjs';
import { launch } from '../../package/test/browser/chromium.mjs';
import { decodePng, findBoard, squareCentre } from './screen.mjs';

const DESKTOP = { width: 1200, height: 780 };
const ANALYSE = [1158, 588];
const sizes = (process.argv.length > 2 ? process.argv.slice(2) : ['1200x780', '390x844']).map((text) => {
    const [width, height] = text.split('x').map(Number);
    return { width, height };
});

const server = await serve(fileURLToPath(new URL('../dist', import.meta.url)));
const browser = await launch();

/** Gaps between animation frames and the long animation frames, over `ms` of the page's time. */
const measure = (page, ms) => page.evaluate((ms) => new Promise((resolve) => {
    const long = [];
    const observer = new PerformanceObserver((list) => long.push(...list.getEntries()));
    observer.observe({ type: 'long-animation-frame' });
    // The page's event loop: a 10 ms timer set again and again; how late it fires is how long
    // the thread was busy (a click waits as long at most).
    const waits = [];
    let timing = true;
    let due = performance.now() + 10;
    const tick = () => {
        const now = performance.now();
        waits.push(Math.max(0, now - due));
        due = now + 10;
        if (timing) setTimeout(tick, 10);
    };
    setTimeout(tick, 10);
    const start = performance.now();
    let last = start;
    const gaps = [];
    requestAnimationFrame(function frame(now) {
        gaps.push(now - last);
        last = now;
        if (now - start < ms) {
            requestAnimationFrame(frame);
            return;
        }
        observer.disconnect();
        const median = (values) => {
            const sorted = [...values].sort((a, b) => a - b);
            return sorted.length ? Math.round(sorted[sorted.length >> 1]) : 0;
        };
        const longest = (values) => Math.round(Math.max(0, ...values));
        const durations = long.map((f) => f.duration);
        const scripts = long.map((f) => f.scripts.reduce((sum, s) => sum + s.duration, 0));
        // Of each long frame: the tasks before its rendering, its animation-frame callbacks
        // (the game's update and draw calls), and the browser's style, layout, paint and commit.
        const end = (f) => f.startTime + f.duration;
        const beforeRendering = long.map((f) => (f.renderStart || end(f)) - f.startTime);
        const callbacks = long.map((f) => (f.renderStart ? (f.styleAndLayoutStart || end(f)) - f.renderStart : 0));
        const rendering = long.map((f) => (f.styleAndLayoutStart ? end(f) - f.styleAndLayoutStart : 0));
        const invokers = {};
        for (const f of long) {
            for (const s of f.scripts) invokers[s.invoker] = Math.round((invokers[s.invoker] ?? 0) + s.duration);
        }
        timing = false;
        resolve({
            gaps: { median: median(gaps), longest: longest(gaps), frames: gaps.length },
            tasks: { longestWait: longest(waits), pings: waits.length },
            frames: {
                long: long.length,
                median: median(durations),
                longest: longest(durations),
                scriptsMedian: median(scripts),
                beforeRenderingMedian: median(beforeRendering),
                callbacksMedian: median(callbacks),
                renderingMedian: median(rendering),
                scriptsByInvoker: invokers,
            },
        });
    });
}), ms);

/** Moves the pointer with the button held over 3 s, from `at` up and to the right and back. */
async function drag(page, at) {
    await page.mouse.move(at.x, at.y);
    await page.mouse.down();
    for (let i = 0; i < 30; i++) {
        const step = i < 15 ? i : 30 - i;
        await page.mouse.move(at.x + step * 3, at.y - step * 3);
        await page.waitForTimeout(100);
    }
    await page.mouse.move(at.x, at.y);
    await page.mouse.up();
}

for (const size of sizes) {
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(`${server.url}/index.html`);
    let board;
    while (!board) {
        await page.waitForTimeout(250);
        board = findBoard(decodePng(await page.screenshot()));
    }
    await page.setViewportSize(size);
    await page.waitForTimeout(2000);
    board = findBoard(decodePng(await page.screenshot()));
    const c3 = squareCentre(board, 'c3');
    const label = `${size.width}x${size.height}`;
    const report = (state, figures) => console.log(label, state.padEnd(22), JSON.stringify(figures));
    report('idle', await measure(page, 3000));
    let measuring = measure(page, 3000);
    await drag(page, c3);
    report('dragging (no search)', await measuring);
    await page.waitForTimeout(1000);
    // Start the analysis where its button is, then back to the size measured.
    await page.setViewportSize(DESKTOP);
    await page.waitForTimeout(1500);
    await page.mouse.click(...ANALYSE, { delay: 400 });
    await page.mouse.move(1, 1);
    await page.setViewportSize(size);
    await page.waitForTimeout(1000);
    report('analysing', await measure(page, 3000));
    measuring = measure(page, 3000);
    await drag(page, c3);
    report('dragging + analysing', await measuring);
    await page.close();
}
await browser.close();
await server.close();
