// The page's side of the engine's Worker (worker.js): searches that never block the page, their
// progress as it deepens, and `stop`.
//
// How stop works without cross-origin isolation: a Worker runs one task at a time, so while the
// engine searches it cannot read a "stop" message. EngineWorker does not need it to: every
// completed iteration is posted to the page as it happens, so on stop() the page already holds
// what the engine itself would answer when stopped — the best move of the last completed
// iteration (or, before the first iteration ends, the first legal move). stop() answers the
// search with it at once, ends the Worker and starts a fresh one from the compiled module (the
// transposition table is lost, nothing else: the next search starts cold). No
// SharedArrayBuffer, no COOP/COEP headers, no polling inside the search.
//
// The Hub session (hub(line)) works the same way. The Worker's session runs `go analyze`,
// `go ponder` and `level infinite` searches until it is ended, and reports each search's state
// as it goes: the `done` line a stop answers now, the ponder budget, and the lines that bring a
// fresh session to its state (the library's Session::restore_lines). While a Hub search runs,
// this side answers `stop` (the search's `done`), `ponder-hit` (a stop now, or after the level's
// budget), `ping` and `quit` itself, ends the Worker and starts a fresh one with the session's
// state; the lines sent after the `go` are then handed to the new Worker in order, as the old
// one would have read them after the search.
export class EngineWorker {
    #url;
    #worker;
    #next = 1;
    #pending = new Map();
    /** The lines that restore the Hub session's state in a new Worker (the last ones heard). */
    #hubRestore;

    /** @param {{workerUrl?: string | URL}} [options] where worker.js is (default: beside this file) */
    constructor(options = {}) {
        this.#url = options.workerUrl ?? new URL('./worker.js', import.meta.url);
        this.#spawn();
    }

    #spawn() {
        this.#worker = new Worker(this.#url, { type: 'module' });
        this.#worker.onmessage = ({ data }) => this.#receive(data);
        this.#worker.onerror = (event) => {
            const error = new Error(`engine worker failed: ${event.message ?? 'script error'}`);
            for (const request of this.#pending.values()) request.reject(error);
            this.#pending.clear();
        };
        if (this.#hubRestore) this.#worker.postMessage({ kind: 'hubRestore', lines: this.#hubRestore });
    }

    #request(message, handlers) {
        const id = this.#next++;
        return new Promise((resolve, reject) => {
            this.#pending.set(id, { ...handlers, resolve, reject, kind: message.kind, message });
            this.#worker.postMessage({ ...message, id });
        });
    }

    #receive(data) {
        const request = this.#pending.get(data.id);
        if (request === undefined) return;
        switch (data.kind) {
            case 'started':
                request.moves = data.moves;
                break;
            case 'info':
                request.last = data;
                request.onInfo?.(data.info);
                break;
            case 'line':
                request.lines?.push(data.line);
                request.onLine?.(data.line);
                break;
            case 'hubSearch': {
                const starting = request.hubSearch === undefined;
                request.hubSearch = data.search;
                this.#hubRestore = data.search.restore;
                // A stop or ponder-hit sent before the Worker started the search.
                if (starting && request.stopAsked) this.#stopHub(data.id, request);
                else if (starting && request.ponderHitAsked) this.#ponderHit(data.id, request);
                break;
            }
            case 'done':
                this.#pending.delete(data.id);
                request.resolve(data.result);
                break;
            case 'lines':
                this.#pending.delete(data.id);
                clearTimeout(request.timer);
                this.#hubRestore = data.restore ?? this.#hubRestore;
                request.resolve(data.lines);
                break;
            case 'error':
                this.#pending.delete(data.id);
                request.reject(new Error(data.message));
                break;
        }
    }

    /**
     * Searches the game (`fen` or the start, then `moves`, under `drawRules`) within `limit`;
     * `onInfo(info)` after each completed iteration. With `drawOffer: {side}` the answer also
     * says whether that side's engine accepts a draw (`acceptsDraw`). Resolves with the SearchResult; rejects
     * with the library's message for a bad FEN, an illegal move or a bad limit.
     */
    search({ fen, moves, drawRules, limit, engine, drawOffer }, onInfo) {
        return this.#request({ kind: 'search', fen, moves, drawRules, limit, engine, drawOffer }, { onInfo });
    }

    /** Forgets earlier searches (a new game). */
    newGame() {
        return this.#request({ kind: 'newGame' }, {});
    }

    /**
     * Sends one line of Scan's Hub protocol; resolves with the engine's answers (`onLine(line)`
     * as each is made). A `go` resolves when its search ends: with `done` at its level's end or
     * when `stop` (or `ponder-hit`'s budget) ends it. While a `go` runs, `stop`, `ponder-hit`,
     * `ping` and `quit` are answered here at once (resolving with their own answers, `stop`'s
     * `done` going to the `go`); other lines wait for the search to end.
     */
    hub(line, onLine) {
        const command = line.trim().split(/\s+/, 1)[0];
        const running = [...this.#pending.entries()].find(([, r]) => r.hubGo);
        if (running) {
            const [id, request] = running;
            switch (command) {
                case 'stop':
                case 'quit':
                    this.#stopHub(id, request);
                    return Promise.resolve([]);
                case 'ponder-hit':
                    this.#ponderHit(id, request);
                    return Promise.resolve([]);
                case 'ping':
                    onLine?.('pong');
                    return Promise.resolve(['pong']);
            }
        }
        return this.#request({ kind: 'hub', line }, { onLine, lines: [], hubGo: command === 'go' });
    }

    /**
     * Ends the Hub search of request `id` as `stop` does in `shashki hub`: its `done` line (the
     * last completed iteration's move) goes to the `go`, the Worker is replaced by one with the
     * session's state, and the requests still waiting are sent to it in order.
     */
    #stopHub(id, request) {
        if (request.hubSearch === undefined) {
            // Not started yet (or refused): stop it as soon as it starts.
            request.stopAsked = true;
            return;
        }
        clearTimeout(request.timer);
        this.#worker.terminate();
        this.#pending.delete(id);
        const done = request.hubSearch.doneIfStopped;
        request.onLine?.(done);
        request.resolve([...request.lines, done]);
        this.#spawn();
        for (const [waiting, { message }] of this.#pending) {
            this.#worker.postMessage({ ...message, id: waiting });
        }
    }

    /** `ponder-hit` for the Hub search of request `id`: it stops now, or after the level's budget. */
    #ponderHit(id, request) {
        if (request.hubSearch === undefined) {
            request.ponderHitAsked = true;
            return;
        }
        const budget = request.hubSearch.ponderBudgetMs;
        if (budget === undefined || budget === null) {
            this.#stopHub(id, request);
        } else {
            request.timer ??= setTimeout(() => {
                if (this.#pending.get(id) === request) this.#stopHub(id, request);
            }, budget);
        }
    }

    /**
     * Stops the running search: it resolves at once with the best move of its last completed
     * iteration (`stopped: true`), and the Worker is replaced by a fresh one. Other waiting
     * requests are rejected. Nothing happens when no search runs.
     */
    stop() {
        const searches = [...this.#pending.entries()].filter(([, r]) => r.kind === 'search');
        if (searches.length === 0) return;
        this.#worker.terminate();
        for (const [id, request] of this.#pending) {
            if (request.kind !== 'search') request.reject(new Error('stopped'));
            this.#pending.delete(id);
        }
        for (const [, request] of searches) {
            const info = request.last?.info;
            request.resolve({
                bestMove: request.last?.bestMove ?? request.moves?.[0],
                score: info?.score ?? 0,
                pliesToEnd: info?.pliesToEnd,
                depth: info?.depth ?? 0,
                seldepth: info?.seldepth ?? 0,
                nodes: info?.nodes ?? 0,
                timeMs: info?.timeMs ?? 0,
                nps: info && info.timeMs > 0 ? Math.round((info.nodes * 1000) / info.timeMs) : 0,
                pv: info?.pv ?? [],
                pvHub: info?.pvHub ?? [],
                source: 'search',
                stopped: true,
            });
        }
        this.#spawn();
    }

    /** Ends the Worker; pending requests are rejected. */
    terminate() {
        this.#worker.terminate();
        for (const request of this.#pending.values()) request.reject(new Error('terminated'));
        this.#pending.clear();
    }
}
