// The package in node: rules, perft, games and draw rules, PDN, the book, errors as the
// library's messages. Run: npm test (after bash web/build.sh).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { load, plain, Position, Game, perft, readPdn, bookMoves, HubSession } from '../index.js';

await load();

const START = 'W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12';

test('perft of the start position (data/perft.txt of the repository)', () => {
    assert.deepEqual([1, 2, 3, 4, 5, 6].map((d) => perft(START, d)), [7, 49, 302, 1469, 7482, 37986]);
    assert.equal(new Position().perft(7), 190146);
});

test('legal moves in both notations, and a forced capture', () => {
    const start = new Position();
    assert.equal(start.fen(), START);
    assert.equal(start.sideToMove(), 'white');
    const moves = start.legalMoves();
    assert.equal(moves.length, 7);
    const c3d4 = moves.find((m) => m.algebraic === 'c3-d4');
    assert.equal(c3d4.numeric, '22-18');
    assert.equal(c3d4.hub, '22-18');
    // A flying king must take both pieces; only e5 lets it continue.
    const king = new Position('W:WKa1:Bb2,f4');
    assert.equal(king.legalMoves().length, 2);
    assert.ok(king.legalMoves().every((m) => m.path[1] === 'e5' && m.captured.length === 2));
    const after = king.play('a1:e5:h2');
    assert.equal(after.fen(), 'B:WK28:B');
    assert.equal(new Position('W:Wc3:Bd4,b6').legalMoves().every((m) => m.captured.length > 0), true);
});

test('bad FEN and illegal moves throw the library\'s message', () => {
    assert.throws(() => new Position('W:W33:B1'), (e) => e instanceof Error && /33/.test(e.message));
    assert.throws(() => new Position('X:W21:B1'), /side|colour|color|X/i);
    const game = new Game();
    assert.throws(() => game.play('c3-c4'), (e) => e instanceof Error && /c3-c4/.test(e.message));
    assert.throws(() => new Position().play('c3-d4-e5'), Error);
    assert.throws(() => new Game(undefined, 'lenient'), /unknown draw rules `lenient`/);
});

test('a game: moves, undo, status, draw by repetition', () => {
    const game = new Game('W:WKe1:BKd8', 'repetition');
    const cycle = ['e1-f2', 'd8-c7', 'f2-e1', 'c7-d8'];
    for (let i = 0; i < 2; i++) for (const move of cycle) game.play(move);
    assert.equal(game.status().state, 'drawn');
    assert.match(game.status().reason, /repetition/);
    assert.equal(game.legalMoves().length, 0);
    assert.equal(game.undo(), 'c7-d8');
    assert.equal(game.status().state, 'ongoing');
    assert.deepEqual(game.moves('numeric').slice(0, 2), ['31-27', '2-6']);
    const won = new Game('W:Wc3:Bd4');
    won.play('c3:e5');
    assert.deepEqual([won.status().state, won.status().winner], ['won', 'white']);    // The start's FEN keeps the draw counter it was set up with: the Worker sees the same game.
    const late = new Game('W:WK29:BK1:H20:F40');
    assert.equal(late.startFen(), 'W:WK29:BK1:H20:F40');
    assert.equal(new Game().startFen(), new Game().fen());
});

test('PDN read and written back', () => {
    const text = '[White "Ivanov"]\n[Black "Petrov"]\n[GameType "25"]\n\n1. c3-d4 f6-e5 2. d4:f6 g7:e5 1-1\n\n' +
        '[Event "bad"]\n1. c3-d4 c3-d4 *\n';
    const reading = readPdn(text);
    assert.equal(reading.games.length, 1);
    assert.equal(reading.errors.length, 1);
    assert.match(reading.errors[0], /c3-d4/);
    const record = reading.games[0];
    assert.equal(record.tag('White'), 'Ivanov');
    assert.equal(record.result, '1-1');
    assert.equal(record.game().moves().length, 4);
    const again = readPdn(record.toPdn('lidraughts')).games[0];
    assert.deepEqual(again.game().moves('hub'), record.game().moves('hub'));
    const game = new Game();
    game.play('c3-d4');
    const written = game.toPdn({ White: 'A', Black: 'B' });
    assert.match(written, /\[White "A"\]/);
    assert.match(written, /c3-d4/);
    // Bytes: Windows-1251 text is recognised.
    const bytes = new Uint8Array([...new TextEncoder().encode('[White "'), 0xc8, 0xe2, 0xe0, 0xed, ...new TextEncoder().encode('"]\n1. c3-d4 *\n')]);
    assert.equal(readPdn(bytes).games[0].tag('White'), 'Иван');
    assert.throws(() => readPdn(42), /string or a Uint8Array/);
});

test('the shipped book knows the start', () => {
    const moves = bookMoves(START);
    assert.ok(moves.length > 0);
    assert.ok(moves.every((m) => new Position().legalMoves().some((l) => l.hub === m.move.hub)));
});

test('a Hub session answers like the program', () => {
    const hub = new HubSession();
    const answers = hub.feed('hub');
    assert.ok(answers.some((l) => l.startsWith('id name=shashki')));
    assert.equal(answers.at(-1), 'wait');
    assert.deepEqual(hub.feed('init'), ['ready']);
    assert.deepEqual(hub.feed('set-param name=book value=false'), []);
    hub.feed('pos start');
    hub.feed('level depth=4');
    const seen = [];
    const lines = hub.feed('go think', (line) => seen.push(line));
    assert.deepEqual(seen, lines);
    assert.match(lines.at(-1), /^done move=\d+[-x]\d+/);
    assert.ok(lines.some((l) => l.startsWith('info ')));
    assert.match(hub.feed('go analyze').join('\n'), /^error /m);
    assert.match(hub.feed('pos pos=nonsense').join('\n'), /^error message="bad position/m);
});

test('a Hub search reports what a stop would answer, and the session restores elsewhere', () => {
    const hub = new HubSession();
    hub.feed('set-param name=book value=false');
    hub.feed('init');
    hub.feed('pos start moves="22-18 11-15"');
    hub.feed('level depth=5');
    const searches = [];
    const lines = hub.feed('go think', undefined, (search) => searches.push(plain(search)));
    const infos = lines.filter((l) => l.startsWith('info '));
    // Once at the start, then once per iteration.
    assert.equal(searches.length, infos.length + 1);
    assert.ok(searches.every((s) => s.mode === 'think' && s.ponderBudgetMs === undefined));
    const after = new Position().play('22-18').play('11-15');
    const legal = (done) => after.legalMoves().some((m) => m.hub === /^done move=(\S+)/.exec(done)[1]);
    assert.ok(searches.every((s) => legal(s.doneIfStopped)), JSON.stringify(searches.map((s) => s.doneIfStopped)));
    // After the last iteration, a stop answers what the search answered.
    assert.equal(searches.at(-1).doneIfStopped, lines.at(-1));
    // The restore lines bring a new session to the same state: same parameters, level, position.
    const restore = hub.restoreLines();
    assert.deepEqual(searches[0].restore, restore);
    assert.ok(restore.includes('init') && restore.includes('level depth=5'), restore.join('\n'));
    const fresh = new HubSession();
    for (const line of restore) assert.ok(fresh.feed(line).every((l) => !l.startsWith('error')), line);
    assert.deepEqual(fresh.restoreLines(), restore);
    const again = fresh.feed('go think');
    assert.equal(again.filter((l) => l.startsWith('info ')).length, 5);
    assert.ok(legal(again.at(-1)));
    // A move time gives a ponder budget; an endless session is asked for in the options only.
    hub.feed('level move-time=0.25');
    const pondering = [];
    hub.feed('go think', undefined, (search) => pondering.push(plain(search)));
    assert.equal(pondering[0].ponderBudgetMs, 250);
    assert.throws(() => new HubSession({ endless: 'yes' }), /endless/);
});

test('the fixture the native tests pin is readable', async () => {
    const fixture = JSON.parse(await readFile(new URL('../../tests/fixed-depth.json', import.meta.url)));
    assert.ok(fixture.searches.length >= 3);
});
