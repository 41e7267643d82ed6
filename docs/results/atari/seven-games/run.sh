#!/usr/bin/env bash
# The seven games of the DQN paper under the one ALE/ preset, seed 1, 10M frames, one after
# another so each trains alone on the machine. Safe to run again: a finished game is skipped
# and an interrupted one goes on from its latest checkpoint (--resume auto).
#   docs/results/atari/seven-games/run.sh [GA3C] [RUNS_DIR]
set -euo pipefail
ga3c="${1:-./build/ga3c}"
runs="${2:-runs/atari7}"
games=(Pong Enduro Seaquest Qbert BeamRider SpaceInvaders Breakout)
for game in "${games[@]}"; do
  dir="$runs/${game,,}-s1"
  [ -f "$dir/finished" ] && continue
  "$ga3c" train --env "ALE/$game-v5" --seed 1 --run-dir "$dir" --resume auto \
    --checkpoint-every 120 --quiet
  touch "$dir/finished"
done
