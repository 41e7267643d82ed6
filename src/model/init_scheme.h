// The initialisations of `--init`, by name; no LibTorch, so the config checks build without it.
//   torch       LibTorch's layer defaults (Kaiming-uniform with a = sqrt(5), the fan-in bound
//               for biases); the policy head then shrunk to 0.01 of its weights, bias 0.
//   orthogonal  orthogonal weights (Saxe et al. 2014) with gain sqrt(2) on the ReLU trunk, 0.01
//               on the policy head and 1 on the value head, every bias 0: what OpenAI baselines,
//               stable-baselines3, CleanRL and rl_games give their Atari actor-critics.
#pragma once

#include <string>

namespace ga3c::model {

enum class InitScheme { kTorch, kOrthogonal };

// "torch", "orthogonal"; throws std::invalid_argument naming the choices.
InitScheme parse_init_scheme(const std::string& name);
std::string to_string(InitScheme scheme);

}  // namespace ga3c::model
