// The engine's Web Worker: a module worker that loads the package and searches for the page.
// Start it with `new Worker(new URL('shashki/worker.js', import.meta.url), {type: 'module'})`,
// or use EngineWorker (engine-worker.js), which also stops it.
//
// Messages in (each with an `id`):
//   {kind: 'search', fen?, moves?, drawRules?, limit, engine?, drawOffer?}  search the game's
//       position (`engine`: {hashMb, book}; `drawOffer: {side}`: also judge a draw offer for
//       that side, answered as result.acceptsDraw)
//   {kind: 'newGame'}                                           forget earlier searches
//   {kind: 'hub', line}                                         one line of Scan's Hub protocol
//   {kind: 'hubRestore', lines}   (no id, no answer) a new Worker's Hub session takes the state
//       of the ended one's (the lines its `restore` gave)
// Messages out (with the request's `id`):
//   {kind: 'started', moves}            the legal moves (plain MoveInfo), before the search
//   {kind: 'info', info, bestMove}      after each iteration; bestMove is the PV's first move
//   {kind: 'done', result}              the answer (plain SearchResult)
//   {kind: 'line', line}, {kind: 'lines', lines, restore}   Hub answers, one by one, then all
//       (with the lines that restore the session's state in a new Worker)
//   {kind: 'hubSearch', search}         a Hub search started or completed an iteration (plain
//       HubSearch: the `done` line a stop answers now, the ponder budget, the restore lines)
//   {kind: 'error', message}            the library's message (bad FEN, illegal move, limit)
import { load, plain, Engine, Game, HubSession } from './index.js';

const ready = load();
// One engine per set of options (a page may search with the book and analyse without it): each
// keeps its transposition table between searches.
const engines = new Map();
let hub;

const post = (message) => self.postMessage(message);

function gameOf({ fen, moves = [], drawRules }) {
    const game = new Game(fen ?? undefined, drawRules ?? undefined);
    for (const move of moves) game.play(move);
    return game;
}

function engineFor(options = {}) {
    const key = JSON.stringify(options);
    if (!engines.has(key)) engines.set(key, new Engine(options));
    return engines.get(key);
}

function search(id, request) {
    const engine = engineFor(request.engine);
    const game = gameOf(request);
    const moves = plain(game.legalMoves());
    post({ id, kind: 'started', moves });
    const result = engine.search(game, request.limit, (info) => {
        const data = plain(info);
        post({ id, kind: 'info', info: data, bestMove: moves.find((m) => m.hub === data.pvHub[0]) });
    });
    const answer = plain(result);
    if (request.drawOffer) {
        // The offer is judged for `drawOffer.side` ('white' or 'black'), to move or not.
        const toMove = game.position().sideToMove() === request.drawOffer.side;
        answer.acceptsDraw = engine.acceptsDraw(game, toMove ? answer.score : -answer.score);
    }
    post({ id, kind: 'done', result: answer });
}

self.onmessage = async ({ data }) => {
    await ready;
    const { id } = data;
    try {
        switch (data.kind) {
            case 'search':
                search(id, data);
                break;
            case 'newGame':
                for (const engine of engines.values()) engine.newGame();
                post({ id, kind: 'done' });
                break;
            case 'hub': {
                // Endless searches (go analyze, go ponder, level infinite) run here until the
                // page side ends this Worker; it answers `stop` with what onSearch last said.
                hub ??= new HubSession({ endless: true });
                const onLine = (line) => post({ id, kind: 'line', line });
                const onSearch = (search) => {
                    post({ id, kind: 'hubSearch', search: plain(search) });
                    search.free();
                };
                const lines = hub.feed(data.line, onLine, onSearch);
                post({ id, kind: 'lines', lines, restore: hub.restoreLines() });
                break;
            }
            case 'hubRestore':
                hub = new HubSession({ endless: true });
                for (const line of data.lines) hub.feed(line);
                break;
            default:
                post({ id, kind: 'error', message: `unknown request kind ${data.kind}` });
        }
    } catch (error) {
        post({ id, kind: 'error', message: error?.message ?? String(error) });
    }
};
