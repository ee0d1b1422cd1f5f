// The engine in WebAssembly under node: the same tree as native (the node counts that
// web/tests/native.rs pins), info as it deepens, limits, levels, errors.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { load, plain, Engine, Game, Position } from '../index.js';

await load();
const fixture = JSON.parse(await readFile(new URL('../../tests/fixed-depth.json', import.meta.url)));

test('fixed-depth searches visit exactly the native node counts', () => {
    for (const { fen, depth, nodes } of fixture.searches) {
        const engine = new Engine({ hashMb: fixture.hashMb, book: false });
        const result = engine.search(new Game(fen), { depth });
        assert.equal(result.nodes, nodes, `${fen} depth ${depth}`);
        assert.equal(result.depth, depth);
        assert.ok(new Position(fen).legalMoves().some((m) => m.hub === result.bestMove.hub));
    }
});

test('info after every iteration, deepening, with a legal PV', () => {
    const engine = new Engine({ hashMb: 4, book: false });
    const infos = [];
    const result = engine.search(new Game(), { depth: 6 }, (info) => infos.push(plain(info)));
    assert.deepEqual(infos.map((i) => i.depth), [1, 2, 3, 4, 5, 6]);
    assert.ok(infos.every((i, k) => k === 0 || i.nodes >= infos[k - 1].nodes));
    let position = new Position();
    for (const move of result.pv) position = position.play(move);
    assert.equal(result.pv[0], result.bestMove.algebraic);
    assert.deepEqual(infos.at(-1).pv, result.pv);
    assert.equal(typeof infos[0].bestMove, 'undefined');
});

test('node and time limits, levels, the book', () => {
    const engine = new Engine({ hashMb: 4 });
    const book = engine.search(new Game(), { depth: 4 });
    assert.equal(book.source, 'book');
    const noBook = new Engine({ hashMb: 4, book: false });
    const byNodes = noBook.search(new Game(), { nodes: 5000 });
    assert.ok(byNodes.nodes >= 5000 && byNodes.nodes < 7000, `${byNodes.nodes}`);
    const timed = noBook.search(new Game(), { timeMs: 200 });
    assert.ok(timed.bestMove);
    for (const level of [1, 3, 6]) {
        const answer = noBook.search(new Game(), { level, seed: 7 });
        assert.ok(new Position().legalMoves().some((m) => m.hub === answer.bestMove.hub), `level ${level}`);
    }
    const lost = new Engine({ hashMb: 1 }).search(new Game('W:W:B1'), { depth: 3 });
    assert.equal(lost.bestMove, undefined);
});

test('bad limits and options are the library\'s errors, not panics', () => {
    const engine = new Engine({ hashMb: 1, book: false });
    assert.throws(() => engine.search(new Game(), {}), /give a limit/);
    assert.throws(() => engine.search(new Game(), { depth: 3, nodes: 5 }), /one limit/);
    assert.throws(() => engine.search(new Game(), { depth: 'deep' }), /`depth` must be a number/);
    assert.throws(() => engine.search(new Game(), { level: 9 }), /levels are 1 to 8/);
    assert.throws(() => new Engine({ book: 'yes' }), /`book` must be true or false/);
    assert.throws(() => engine.search(new Game(), { depth: 2 }, () => { throw new Error('boom'); }), /onInfo threw: boom/);
    // The engine still works after an error.
    assert.ok(engine.search(new Game(), { depth: 2 }).bestMove);
});

test('a draw offer is judged by the library', () => {
    const engine = new Engine({ hashMb: 1, book: false });
    // A lone king each: a dead draw is accepted; far ahead, it is refused.
    assert.equal(engine.acceptsDraw(new Game('W:WKe1:BKd8'), 0), true);
    assert.equal(engine.acceptsDraw(new Game('W:WKe1,Kg1,Ka1,c3:BKd8'), 400), false);
});
