// A static file server on localhost for the browser tests and the benchmark (module Workers
// need http, not file://). Serves `root`; resolves with its URL and a close function.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';

const TYPES = {
    '.html': 'text/html; charset=utf-8',
    '.js': 'text/javascript; charset=utf-8',
    '.mjs': 'text/javascript; charset=utf-8',
    '.wasm': 'application/wasm',
    '.json': 'application/json',
    '.png': 'image/png',
    '.css': 'text/css',
};

export function serve(root) {
    const server = createServer(async (request, response) => {
        const path = normalize(decodeURIComponent(new URL(request.url, 'http://x').pathname));
        if (path.includes('..')) {
            response.writeHead(403).end();
            return;
        }
        try {
            const file = join(root, path.endsWith('/') ? `${path}index.html` : path);
            const body = await readFile(file);
            response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
            response.end(body);
        } catch {
            response.writeHead(404).end('not found');
        }
    });
    return new Promise((resolve) => {
        server.listen(0, '127.0.0.1', () => {
            const { port } = server.address();
            resolve({ url: `http://127.0.0.1:${port}`, close: () => new Promise((done) => server.close(done)) });
        });
    });
}
