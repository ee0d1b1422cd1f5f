// Measures (not a test) what software WebGL costs here without the game: a bare WebGL2 canvas
// of the page's size (no antialiasing, as wgpu asks for) drawn every animation frame with
// nothing, with a clear, and with a clear and 1–4 full-canvas textured passes (the game's frame
// is a few such passes: its 2D and UI passes into a texture, Bevy's copy to the surface,
// wgpu's copy to the canvas). Prints the gaps between animation frames (median, longest) over
// 3 s for each, at each size, in the same headless Chromium (SwiftShader) as frame-gaps.mjs.
// Run: node web/site/test/webgl-floor.mjs [WIDTHxHEIGHT…] (default: 1200x780 and 390x844)
import { launch } from '../../package/test/browser/chromium.mjs';

const sizes = (process.argv.length > 2 ? process.argv.slice(2) : ['1200x780', '390x844']).map((text) => {
    const [width, height] = text.split('x').map(Number);
    return { width, height };
});
const browser = await launch();
for (const size of sizes) {
    const page = await browser.newPage({ viewport: size });
    await page.setContent('<body style="margin:0"><canvas id="c" style="display:block;width:100vw;height:100vh"></canvas></body>');
    for (const passes of [-1, 0, 1, 2, 4]) {
        const figures = await page.evaluate(({ passes, ms }) => new Promise((resolve) => {
            const old = document.getElementById('c');
            const canvas = old.cloneNode();
            old.replaceWith(canvas);
            canvas.width = innerWidth;
            canvas.height = innerHeight;
            const gl = canvas.getContext('webgl2', { antialias: false });
            const shader = (type, source) => {
                const s = gl.createShader(type);
                gl.shaderSource(s, source);
                gl.compileShader(s);
                return s;
            };
            const program = gl.createProgram();
            gl.attachShader(program, shader(gl.VERTEX_SHADER, `#version 300 es
                out vec2 uv;
                void main() {
                    vec2 p = vec2(float((gl_VertexID << 1) & 2), float(gl_VertexID & 2));
                    uv = p;
                    gl_Position = vec4(p * 2.0 - 1.0, 0.0, 1.0);
                }`));
            gl.attachShader(program, shader(gl.FRAGMENT_SHADER, `#version 300 es
                precision mediump float;
                in vec2 uv;
                uniform sampler2D image;
                out vec4 colour;
                void main() { colour = texture(image, uv) * 0.5 + vec4(uv, 0.3, 1.0) * 0.5; }`));
            gl.linkProgram(program);
            gl.useProgram(program);
            const texture = gl.createTexture();
            gl.bindTexture(gl.TEXTURE_2D, texture);
            gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA8, canvas.width, canvas.height, 0, gl.RGBA, gl.UNSIGNED_BYTE, null);
            gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.LINEAR);
            const start = performance.now();
            let last = start;
            const gaps = [];
            requestAnimationFrame(function frame(now) {
                gaps.push(now - last);
                last = now;
                if (passes >= 0) {
                    gl.clearColor(Math.random(), 0.3, 0.2, 1);
                    gl.clear(gl.COLOR_BUFFER_BIT);
                    for (let i = 0; i < passes; i++) gl.drawArrays(gl.TRIANGLES, 0, 3);
                }
                if (now - start < ms) {
                    requestAnimationFrame(frame);
                    return;
                }
                gaps.sort((a, b) => a - b);
                resolve({ median: Math.round(gaps[gaps.length >> 1]), longest: Math.round(gaps.at(-1)), frames: gaps.length });
            });
        }), { passes, ms: 3000 });
        const what = passes < 0 ? 'nothing drawn' : passes === 0 ? 'clear' : `clear + ${passes} full-canvas passes`;
        console.log(`${size.width}x${size.height}`, what.padEnd(28), JSON.stringify(figures));
    }
    await page.close();
}
await browser.close();
