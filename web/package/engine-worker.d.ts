// Types of engine-worker.js.
import type { MoveInfo, SearchLimit } from './index.js';

/** A completed iteration, as plain data. */
export interface Info {
    depth: number;
    seldepth: number;
    score: number;
    pliesToEnd?: number;
    nodes: number;
    timeMs: number;
    pv: string[];
    pvHub: string[];
}

/** A search's answer, as plain data; `stopped` when stop() answered it. */
export interface Answer extends Info {
    bestMove?: Pick<MoveInfo, 'algebraic' | 'numeric' | 'hub' | 'from' | 'to' | 'path' | 'captured' | 'promotes'>;
    nps: number;
    source: 'search' | 'book' | 'tablebase';
    stopped?: boolean;
    /** With `drawOffer` in the request: whether the engine accepts the draw. */
    acceptsDraw?: boolean;
}

export interface SearchRequest {
    /** Start position (FEN); the start of the game when absent. */
    fen?: string;
    /** Moves played from it (any notation), for repetitions and the draw counters. */
    moves?: string[];
    /** `full` (default), `basic` or `repetition`. */
    drawRules?: 'full' | 'basic' | 'repetition';
    limit: SearchLimit;
    /** The engine's options (a change makes a new engine). */
    engine?: { hashMb?: number; book?: boolean };
    /** Also judge a draw offered to this side's engine (answered as `acceptsDraw`). */
    drawOffer?: { side: 'white' | 'black' };
}

export class EngineWorker {
    constructor(options?: { workerUrl?: string | URL });
    search(request: SearchRequest, onInfo?: (info: Info) => void): Promise<Answer>;
    newGame(): Promise<void>;
    /**
     * One line of Scan's Hub protocol; resolves with the answers. A `go` (also `go analyze`,
     * `go ponder`, `level infinite`) resolves when its search ends; while it runs, `stop`,
     * `ponder-hit`, `ping` and `quit` are answered at once.
     */
    hub(line: string, onLine?: (line: string) => void): Promise<string[]>;
    stop(): void;
    terminate(): void;
}
