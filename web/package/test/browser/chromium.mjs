// Headless Chromium for the browser tests and the benchmark: Debian's /usr/bin/chromium (or
// $CHROMIUM) driven by playwright-core, with software WebGL (SwiftShader) and no network chatter.
import { chromium } from 'playwright-core';

export const CHROMIUM_ARGS = [
    '--headless',
    '--use-angle=swiftshader',
    '--enable-unsafe-swiftshader',
    '--no-sandbox',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
];

export function launch() {
    return chromium.launch({
        executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
        args: CHROMIUM_ARGS,
        headless: true,
    });
}
