#include "config/presets.h"

#include <algorithm>

namespace ga3c::config {

const std::vector<Preset>& presets() {
  static const std::vector<Preset> table = {
      {"CartPole-v1",
       {{"lr", "0.003"}, {"lr-schedule", "linear"}, {"max-frames", "1000000"}},
       "the small MLP takes larger steps, annealed so that the solved policy stays solved; "
       "seeds 1-3 with 1 and 2 workers solved it within 515k-704k frames"},
      {"CartPoleNoVel-v1",
       {{"recurrent", "lstm"},
        {"lstm-size", "128"},
        {"lr", "0.003"},
        {"lr-schedule", "linear"},
        {"max-frames", "4000000"}},
       "without its velocities CartPole needs memory, so the preset trains an LSTM of 128 on "
       "CartPole-v1's lr and schedule over four times its budget; seed 1 at 3M frames first "
       "reached 475 at 2.68M, with 64 units not by 5M (docs/results/recurrent.md)"},
      {"MinAtar/",
       {{"lr", "0.01"},
        {"lr-schedule", "linear"},
        {"max-frames", "5000000"},
        {"correction", "vtrace"}},
       "TF-style RMSProp's eps 0.1 dwarfs MinAtar's small gradients, so steps must be larger: on "
       "Breakout lr 3e-4 stalls near 5, lr 0.01 reaches 17 by 2M frames; 5M is the paper's "
       "budget. V-trace corrects the lag of 64 agents acting on older parameters: at 5M frames, "
       "mean of seeds 1-3 in the study, Breakout 27.4 against 23.9 with n-step returns, Space "
       "Invaders 261.5 against 175.7, Asterix 46.1 against 36.9, Freeway 34.1 against 27.7 "
       "(docs/results/minatar.md)"},
      {"MinAtar/Freeway-",
       {{"rmsprop-style", "torch"},
        {"rmsprop-eps", "1e-3"},
        {"lr", "2e-3"},
        {"entropy-beta", "0.003"},
        {"t-max", "20"}},
       "Freeway's reward is sparse and its gradients tiny (norm ~0.01), far below TF-style eps "
       "0.1, so the MinAtar preset never leaves random play; torch-style RMSProp scales them up, "
       "a smaller entropy bonus lets the chicken commit to crossing, 20-step returns reach a "
       "reward at least 27 steps away, and lr 2e-3 leaves the plateau of about 28 crossings "
       "where 7e-4 stayed in 5 of 6 runs. eps 1e-3, not torch's 1e-5, because with 1e-5 every "
       "parameter steps by about lr however tiny its gradient, which switched off all but 1-10 "
       "of the fc layer's 128 units within the first 50 training batches, and 1 run in 10 "
       "stayed on the plateau; with 1e-3 10 of 10 seeds ended at 60-64 (docs/results/minatar.md)"},
      {"MinAtar/Seaquest-",
       {{"correction", "none"}},
       "V-trace lowered Seaquest: six runs at 5M frames averaged 79.5 (52.4-107.2) against "
       "n-step returns' 100.0 (95.9-102.2) (docs/results/minatar.md)"},
      {"MinAtar/SpaceInvaders-",
       {{"entropy-beta", "0.03"}},
       "with 0.01 the policy turns near-deterministic (entropy 0.07 nats) by 2M frames and stops "
       "improving; 0.03 keeps it exploring (docs/results/minatar.md)"},
      {"ALE/",
       {{"sticky-actions", "0.25"},
        {"rmsprop-style", "tf"},
        {"rmsprop-eps", "1e-5"},
        {"lr", "7e-4"},
        {"lr-schedule", "linear"},
        {"sync-freq", "1"},
        {"grad-clip", "40"},
        {"correction", "vtrace"},
        {"max-frames", "10000000"},
        {"init", "orthogonal"}},
       "Gymnasium's v5 sticky actions (Machado et al. 2018). The original GA3C's settings (eps "
       "0.1, lr 3e-4) left Breakout at random play after 2.7M frames; RMSProp with eps 1e-5, a "
       "server update per training batch instead of per 10, the norm clipped at 40, the lr "
       "annealed to 0 over the 10M frames and V-trace against the policy lag made it learn. "
       "Orthogonal init and lr 7e-4, because with LibTorch's default init or at lr 1.4e-3 "
       "Breakout's conv2 or fc layer died (no live unit) in 1-3 of 8 probe runs. TF-style "
       "RMSProp (the mean square starts at 1, as in OpenAI baselines' A2C), because torch-style "
       "steps every parameter by up to 10 lr in its first updates, which on Pong's bright "
       "background switched off all of conv1 in 2 of 4 probe runs by 0.13M frames; TF-style "
       "kept it alive in 4 of 4 (docs/results/atari.md)"},
  };
  return table;
}

std::vector<const Preset*> find_presets(const std::string& env_id) {
  std::vector<const Preset*> found;
  for (const auto& p : presets()) {
    if (env_id.rfind(p.env_prefix, 0) == 0) found.push_back(&p);
  }
  std::stable_sort(found.begin(), found.end(), [](const Preset* a, const Preset* b) {
    return a->env_prefix.size() > b->env_prefix.size();
  });
  return found;
}

std::string presets_help() {
  std::string text =
      "Per-environment presets (applied where neither a flag nor --config sets the value; a "
      "game's own before its family's):\n";
  for (const auto& p : presets()) {
    text += "  " + p.env_prefix + ":";
    for (const auto& [flag, value] : p.settings) text += " --" + flag + " " + value;
    text += "\n    (" + p.why + ")\n";
  }
  return text;
}

}  // namespace ga3c::config
