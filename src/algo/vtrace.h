// V-trace off-policy targets (Espeholt et al. 2018, IMPALA, section 4.1, with lambda = 1):
// correct for the policy lag between the parameters that chose an action (the behaviour
// policy mu, a predictor's snapshot a few versions old) and those being trained (pi).
#pragma once

#include <cstddef>
#include <string>

namespace ga3c::algo {

// none: the plain n-step return of A3C; vtrace: V-trace targets and advantages.
enum class Correction { kNone, kVtrace };

// "none", "vtrace"; throws std::invalid_argument naming the choices.
Correction parse_correction(const std::string& name);
std::string to_string(Correction correction);

struct VTraceConfig {
  float gamma = 0.99f;
  float rho_bar = 1.0f;  // truncation of the importance weights in the targets and advantages
  float c_bar = 1.0f;    // truncation of the traces c_s (how far a correction reaches back)
};

// One rollout of n consecutive steps s = 0..n-1 of one agent:
//   rewards[s]  r_s (clipped training rewards),
//   values[s]   V(x_s) under the parameters being trained,
//   log_rhos[s] log pi(a_s | x_s) - log mu(a_s | x_s),
//   bootstrap_value  V(x_n) under the parameters being trained after a cut by t_max or a
//   time-limit truncation (of the final observation, never of the reset one), 0 after a
//   terminal state; as for algo::n_step_returns.
// With rho_s = min(rho_bar, e^log_rho_s), c_s = min(c_bar, e^log_rho_s), V(x_n) = bootstrap:
//   delta_s = rho_s (r_s + gamma V(x_{s+1}) - V(x_s))
//   vs[s]   = V(x_s) + delta_s + gamma c_s (vs[s+1] - V(x_{s+1})),  vs[n] = V(x_n)
//   pg_advantages[s] = rho_s (r_s + gamma vs[s+1] - V(x_s))
// vs are the value targets, pg_advantages weigh grad log pi(a_s | x_s). With on-policy data
// (log_rhos 0, rho_bar and c_bar >= 1) vs is the n-step return and pg_advantages the A3C
// advantage R_s - V(x_s). All arrays hold n float32 values; outputs may not alias inputs.
void vtrace(const float* rewards, const float* values, const float* log_rhos, std::size_t n,
            float bootstrap_value, const VTraceConfig& config, float* vs, float* pg_advantages);

}  // namespace ga3c::algo
