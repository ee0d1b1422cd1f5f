// What a player sees, read from a screenshot: a PNG decoder (8-bit RGB/RGBA, not interlaced:
// what Chromium writes), the board found by its square colours (game/src/ground/palette.rs), and
// what stands on each dark square.
import { inflateSync } from 'node:zlib';

/** Decodes a PNG into {width, height, data: RGBA bytes}. */
export function decodePng(png) {
    let at = 8;
    let width = 0;
    let height = 0;
    let channels = 0;
    const chunks = [];
    while (at < png.length) {
        const length = png.readUInt32BE(at);
        const type = png.toString('ascii', at + 4, at + 8);
        const body = png.subarray(at + 8, at + 8 + length);
        if (type === 'IHDR') {
            width = body.readUInt32BE(0);
            height = body.readUInt32BE(4);
            const [depth, colour, , , interlace] = body.subarray(8, 13);
            if (depth !== 8 || interlace !== 0 || (colour !== 2 && colour !== 6)) {
                throw new Error(`unsupported PNG (depth ${depth}, colour type ${colour}, interlace ${interlace})`);
            }
            channels = colour === 6 ? 4 : 3;
        } else if (type === 'IDAT') {
            chunks.push(body);
        }
        at += 12 + length;
    }
    const raw = inflateSync(Buffer.concat(chunks));
    const stride = width * channels;
    const pixels = Buffer.alloc(width * height * channels);
    for (let y = 0; y < height; y++) {
        const filter = raw[y * (stride + 1)];
        for (let x = 0; x < stride; x++) {
            const value = raw[y * (stride + 1) + 1 + x];
            const left = x >= channels ? pixels[y * stride + x - channels] : 0;
            const up = y > 0 ? pixels[(y - 1) * stride + x] : 0;
            const corner = x >= channels && y > 0 ? pixels[(y - 1) * stride + x - channels] : 0;
            let predicted = 0;
            if (filter === 1) predicted = left;
            else if (filter === 2) predicted = up;
            else if (filter === 3) predicted = (left + up) >> 1;
            else if (filter === 4) {
                const p = left + up - corner;
                const [pa, pb, pc] = [Math.abs(p - left), Math.abs(p - up), Math.abs(p - corner)];
                predicted = pa <= pb && pa <= pc ? left : pb <= pc ? up : corner;
            }
            pixels[y * stride + x] = (value + predicted) & 0xff;
        }
    }
    const data = Buffer.alloc(width * height * 4);
    for (let i = 0; i < width * height; i++) {
        data[i * 4] = pixels[i * channels];
        data[i * 4 + 1] = pixels[i * channels + 1];
        data[i * 4 + 2] = pixels[i * channels + 2];
        data[i * 4 + 3] = channels === 4 ? pixels[i * channels + 3] : 255;
    }
    return { width, height, data };
}

/** The palette's colours (sRGB 0–255) the checks look for. */
export const COLOURS = {
    light: [237, 217, 179],
    dark: [140, 94, 59],
    whitePiece: [250, 242, 224],
    blackPiece: [41, 36, 33],
};

const near = (image, x, y, [r, g, b], tolerance = 18) => {
    const i = (y * image.width + x) * 4;
    return Math.abs(image.data[i] - r) <= tolerance && Math.abs(image.data[i + 1] - g) <= tolerance &&
        Math.abs(image.data[i + 2] - b) <= tolerance;
};

/** The board's box {left, top, size} in screenshot pixels, or undefined when no board is drawn. */
export function findBoard(image) {
    let [left, top, right, bottom, count] = [Infinity, Infinity, -1, -1, 0];
    for (let y = 0; y < image.height; y += 2) {
        for (let x = 0; x < image.width; x += 2) {
            if (near(image, x, y, COLOURS.light) || near(image, x, y, COLOURS.dark)) {
                left = Math.min(left, x);
                right = Math.max(right, x);
                top = Math.min(top, y);
                bottom = Math.max(bottom, y);
                count++;
            }
        }
    }
    const size = Math.min(right - left, bottom - top);
    if (count < 500 || size < 80) return undefined;
    return { left, top, size: Math.max(right - left, bottom - top) + 2 };
}

/** The centre of square `name` (`c3`) on `board`, White at the bottom. */
export function squareCentre(board, name) {
    const file = name.charCodeAt(0) - 97;
    const rank = Number(name.slice(1)) - 1;
    const cell = board.size / 8;
    return { x: board.left + (file + 0.5) * cell, y: board.top + (7 - rank + 0.5) * cell };
}

/** What stands on square `name`: 'white', 'black' or 'empty' (by the pixels around its centre). */
export function pieceOn(image, board, name) {
    const { x, y } = squareCentre(board, name);
    const votes = { white: 0, black: 0, empty: 0 };
    const r = Math.round(board.size / 40);
    for (let dy = -r; dy <= r; dy++) {
        for (let dx = -r; dx <= r; dx++) {
            const [px, py] = [Math.round(x + dx), Math.round(y + dy)];
            if (near(image, px, py, COLOURS.whitePiece, 24)) votes.white++;
            else if (near(image, px, py, COLOURS.blackPiece, 24)) votes.black++;
            else if (near(image, px, py, COLOURS.dark, 24)) votes.empty++;
        }
    }
    // A piece covers most of the patch around the centre; a highlighted empty square matches
    // neither piece colour.
    const enough = (2 * r + 1) ** 2 / 3;
    if (votes.white >= enough && votes.white > votes.black) return 'white';
    if (votes.black >= enough) return 'black';
    return 'empty';
}

/** Every dark square's name, a1 first. */
export const DARK_SQUARES = [];
for (let rank = 1; rank <= 8; rank++) {
    for (let file = 0; file < 8; file++) {
        if ((file + rank) % 2 === 1) DARK_SQUARES.push(`${String.fromCharCode(97 + file)}${rank}`);
    }
}
