#include "env/minatar/freeway.h"

#include <algorithm>
#include <cstdlib>

namespace ga3c::env::minatar {
namespace {
constexpr int kPlayerSpeed = 3;
constexpr int kTimeLimit = 2500;
constexpr int kChickenColumn = 4;

int wrap(int x) { return x < 0 ? 9 : x > 9 ? 0 : x; }
}  // namespace

void Freeway::randomize_cars(Mt19937RandomState& rng, bool initialize) {
  std::array<int, kNumCars> speeds;
  for (int& speed : speeds) speed = static_cast<int>(rng.randint(1, 6));
  // The reference multiplies by sign(u - 0.5); u == 0.5 exactly (chance 2^-53 per car) would
  // give it a speed-0 car whose observation it cannot draw, so that case is taken as rightward.
  for (int& speed : speeds) speed = rng.rand() < 0.5 ? -speed : speed;
  for (int i = 0; i < kNumCars; ++i) {
    Car& car = state_.cars[i];
    if (initialize) {
      car.x = 0;
      car.y = i + 1;
    }
    car.timer = std::abs(speeds[i]);
    car.speed = speeds[i];
  }
}

void Freeway::reset(Mt19937RandomState& rng) {
  randomize_cars(rng, /*initialize=*/true);
  state_.pos = 9;
  state_.move_timer = kPlayerSpeed;
  state_.terminate_timer = kTimeLimit;
  state_.terminal = false;
}

int Freeway::act(Action action, Mt19937RandomState& rng) {
  State& s = state_;
  if (s.terminal) return 0;
  int reward = 0;
  if (action == Action::kUp && s.move_timer == 0) {
    s.move_timer = kPlayerSpeed;
    s.pos = std::max(0, s.pos - 1);
  } else if (action == Action::kDown && s.move_timer == 0) {
    s.move_timer = kPlayerSpeed;
    s.pos = std::min(9, s.pos + 1);
  }
  if (s.pos == 0) {
    reward = 1;
    randomize_cars(rng, /*initialize=*/false);
    s.pos = 9;
  }
  for (Car& car : s.cars) {
    if (car.x == kChickenColumn && car.y == s.pos) s.pos = 9;
    if (car.timer == 0) {
      car.timer = std::abs(car.speed);
      car.x = wrap(car.x + (car.speed > 0 ? 1 : -1));
      if (car.x == kChickenColumn && car.y == s.pos) s.pos = 9;
    } else {
      car.timer -= 1;
    }
  }
  s.move_timer -= s.move_timer > 0;
  s.terminate_timer -= 1;
  if (s.terminate_timer < 0) s.terminal = true;
  return reward;
}

void Freeway::write_observation(float* obs) const {
  mark(obs, kChannels, state_.pos, kChickenColumn, 0);
  for (const Car& car : state_.cars) {
    mark(obs, kChannels, car.y, car.x, 1);
    const int back_x = wrap(car.speed > 0 ? car.x - 1 : car.x + 1);
    mark(obs, kChannels, car.y, back_x, 1 + std::abs(car.speed));
  }
}

}  // namespace ga3c::env::minatar
