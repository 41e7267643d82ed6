#!/usr/bin/env bash
# Evaluates each finished game of run.sh twice with the same seed (the two lines must agree:
# issue 33's determinism check) and records its first game as a GIF, one game at a time.
#   docs/results/atari/seven-games/eval.sh [GA3C] [RUNS_DIR] [GIF_DIR] >> eval.txt
set -euo pipefail
ga3c="${1:-./build/ga3c}"
runs="${2:-runs/atari7}"
gifs="${3:-docs/img/atari7}"
games=(Pong Enduro Seaquest Qbert BeamRider SpaceInvaders Breakout)
for game in "${games[@]}"; do
  dir="$runs/${game,,}-s1"
  [ -f "$dir/finished" ] || continue
  checkpoint="$dir/checkpoints/ckpt-000010000000-ps0.ga3c"
  "$ga3c" eval --checkpoint "$checkpoint" --episodes 10 --seed 1 --log-level warn
  record=()
  [ -e "$gifs/${game,,}.gif" ] || record=(--record "$gifs/${game,,}.gif")
  "$ga3c" eval --checkpoint "$checkpoint" --episodes 10 --seed 1 --log-level warn "${record[@]}"
done
