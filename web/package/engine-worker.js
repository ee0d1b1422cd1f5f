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
export class EngineWorker {
    #url;
    #worker;
    #next = 1;
    #pending = new Map();

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
    }

    #request(message, handlers) {
        const id = this.#next++;
        return new Promise((resolve, reject) => {
            this.#pending.set(id, { ...handlers, resolve, reject, kind: message.kind });
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
                request.onLine?.(data.line);
                break;
            case 'done':
                this.#pending.delete(data.id);
                request.resolve(data.result);
                break;
            case 'lines':
                this.#pending.delete(data.id);
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

    /** Sends one line of Scan's Hub protocol; resolves with the engine's answers. */
    hub(line, onLine) {
        return this.#request({ kind: 'hub', line }, { onLine });
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
