#!/usr/bin/env python3
"""SPSA over search parameters and linear evaluation weights, by games of `shashki match` at a
fixed move time (engine/SEARCH.md, issue 24, session 18).

Each iteration draws one perturbation Δ ∈ {±1}^n and PAIRS random openings; the players θ + c_kΔ
and θ − c_kΔ play both colours of each; then θ += (a_k / c_k) · (wins − losses of θ + c_kΔ) · Δ,
every parameter scaled by its own c. Every iteration's θ is appended to LOG (one JSON line), so a
killed run resumes where it stopped; the mean of the last few hundred θ is the result.

Usage: BIN=target/release/shashki OPENINGS=ballots.json [MOVETIME=20] [PAIRS=2] [ITERS=3000]
       [R_END=0.05] [LOG=spsa.log] python3 benches/spsa.py
OPENINGS is a JSON object of name → FEN (the 745 ballots: `shashki` has them built in; any file
of that form serves)."""
import json, math, os, random, re, subprocess, sys, time

BIN = os.environ.get("BIN", "shashki")
MOVETIME = int(os.environ.get("MOVETIME", "20"))
PAIRS = int(os.environ.get("PAIRS", "2"))
ITERS = int(os.environ.get("ITERS", "3000"))
R_END = float(os.environ.get("R_END", "0.05"))
LOG = os.environ.get("LOG", "spsa.log")
with open(os.environ["OPENINGS"]) as openings_file:
    OPENINGS = json.load(openings_file)
NAMES = sorted(OPENINGS)

# name: (start, c: the perturbation at the last iteration, low, high)
PARAMS = {
    "rfp_margin": (60, 10, 4, 160),
    "probcut_margin": (80, 12, 30, 200),
    "lazy_eval_margin": (150, 20, 60, 400),
    "rfp_lazy_margin": (100, 15, 40, 300),
    "lmp_moves": (4, 1, 2, 10),
    "lmr_min_index": (3, 1, 1, 8),
    "lmr_double_index": (10, 2, 4, 24),
    "aspiration_window": (25, 5, 8, 80),
    "winning_contempt_max": (60, 10, 0, 200),
    "two_moves_cost": (8, 2, 0, 8),
    "eval.king": (340, 15, 250, 450),
    "eval.first_king": (76, 10, 20, 160),
    "eval.runaway": (12, 4, 0, 60),
    "eval.turn": (10, 4, -10, 40),
    "eval.late_material": (-17, 4, -50, 10),
    "eval.king_mobility": (4, 1.5, 0, 15),
    "eval.main_road": (6, 3, -10, 30),
}
def clamp(name, x):
    _, _, lo, hi = PARAMS[name]
    return min(hi, max(lo, x))

def iround(x):
    f = math.floor(x)
    return int(f + (1 if random.random() < x - f else 0))

def spec(values):
    return "default," + ",".join(f"{k}={iround(v)}" for k, v in values.items())

def play(plus, minus):
    names = random.sample(NAMES, PAIRS)
    path = f"{LOG}.openings.json"
    with open(path, "w") as f:
        json.dump({n: OPENINGS[n] for n in names}, f)
    out = subprocess.run([BIN, "match", spec(plus), spec(minus), "--movetime", str(MOVETIME),
                          "--games", str(2 * PAIRS), "--concurrency", "2", "--openings", path],
                         capture_output=True, text=True)
    m = re.search(r"\+(\d+) =(\d+) -(\d+), score", out.stdout + out.stderr)
    if not m:
        sys.stderr.write(out.stdout + out.stderr)
        raise SystemExit("no result")
    w, d, l = map(int, m.groups())
    return w, d, l

def main():
    theta = {k: float(v[0]) for k, v in PARAMS.items()}
    start = 1
    if os.path.exists(LOG):
        for line in open(LOG):
            rec = json.loads(line)
            theta, start = rec["theta"], rec["k"] + 1
    A = 0.1 * ITERS
    alpha, gamma = 0.602, 0.101
    for k in range(start, ITERS + 1):
        # c_k = c · c_scale; a_k / c_k = R_END · c · step_scale (a set so that the last step is
        # R_END · c per unit of result).
        c_scale = (ITERS / k) ** gamma
        step_scale = ((A + ITERS) / (A + k)) ** alpha / c_scale
        delta = {n: random.choice((-1, 1)) for n in PARAMS}
        plus, minus = {}, {}
        for n, (_, c, _, _) in PARAMS.items():
            plus[n] = clamp(n, theta[n] + c * c_scale * delta[n])
            minus[n] = clamp(n, theta[n] - c * c_scale * delta[n])
        w, d, l = play(plus, minus)
        for n, (_, c, _, _) in PARAMS.items():
            theta[n] = clamp(n, theta[n] + R_END * c * step_scale * (w - l) * delta[n])
        with open(LOG, "a") as f:
            f.write(json.dumps({"k": k, "t": time.time(), "wdl": [w, d, l], "theta": theta}) + "\n")

main()
