#include "env/minatar/seaquest.h"

#include <algorithm>

namespace ga3c::env::minatar {
namespace {
constexpr int kRampInterval = 100;
constexpr int kMaxOxygen = 200;
constexpr int kInitSpawnSpeed = 20;
constexpr int kDiverSpawnSpeed = 30;
constexpr int kInitMoveInterval = 5;
constexpr int kShotCoolDown = 5;
constexpr int kEnemyShotInterval = 10;
constexpr int kDiverMoveInterval = 5;
constexpr int kMaxDivers = 6;
constexpr int kInitialListCapacity = 32;

// Python's list.remove(list[i]): erases the first element equal to list[i], which may be an
// earlier one, and returns its index (<= i).
template <class T>
int remove_first_equal(std::vector<T>& list, int i) {
  const int j = static_cast<int>(std::find(list.begin(), list.end(), list[i]) - list.begin());
  list.erase(list.begin() + j);
  return j;
}

// Index of the first element at (x, y), or -1.
template <class T>
int find_at(const std::vector<T>& list, int x, int y) {
  for (size_t k = 0; k < list.size(); ++k) {
    if (list[k].x == x && list[k].y == y) return static_cast<int>(k);
  }
  return -1;
}

bool off_screen(int x) { return x < 0 || x > 9; }
int step_x(bool right) { return right ? 1 : -1; }
}  // namespace

Seaquest::Seaquest(bool difficulty_ramping) : ramping_(difficulty_ramping) {
  state_.friendly_bullets.reserve(kInitialListCapacity);
  state_.enemy_bullets.reserve(kInitialListCapacity);
  state_.fish.reserve(kInitialListCapacity);
  state_.divers.reserve(kInitialListCapacity);
  state_.subs.reserve(kInitialListCapacity);
}

void Seaquest::reset(Mt19937RandomState& /*rng: nothing random*/) {
  State& s = state_;
  s.oxygen = kMaxOxygen;
  s.diver_count = 0;
  s.sub_x = 5;
  s.sub_y = 0;
  s.sub_right = false;
  // clear() keeps the lists' capacity, so steps do not allocate once they have grown.
  s.friendly_bullets.clear();
  s.enemy_bullets.clear();
  s.fish.clear();
  s.divers.clear();
  s.subs.clear();
  s.enemy_spawn_speed = kInitSpawnSpeed;
  s.enemy_spawn_timer = kInitSpawnSpeed;
  s.diver_spawn_timer = kDiverSpawnSpeed;
  s.move_speed = kInitMoveInterval;
  s.ramp_index = 0;
  s.shot_timer = 0;
  s.surface = true;
  s.terminal = false;
}

void Seaquest::spawn_enemy(Mt19937RandomState& rng) {
  const bool right = rng.rand() < 0.5;
  const bool is_sub = rng.rand() < 1.0 / 3.0;
  const int x = right ? 0 : 9;
  const int y = static_cast<int>(rng.randint(1, 9));
  auto blocks = [&](const auto& e) { return e.y == y && e.right != right; };
  if (std::any_of(state_.subs.begin(), state_.subs.end(), blocks) ||
      std::any_of(state_.fish.begin(), state_.fish.end(), blocks)) {
    return;
  }
  if (is_sub) {
    state_.subs.push_back(Sub{x, y, right, state_.move_speed, kEnemyShotInterval});
  } else {
    state_.fish.push_back(Mover{x, y, right, state_.move_speed});
  }
}

void Seaquest::spawn_diver(Mt19937RandomState& rng) {
  const bool right = rng.rand() < 0.5;
  const int y = static_cast<int>(rng.randint(1, 9));
  state_.divers.push_back(Mover{right ? 0 : 9, y, right, kDiverMoveInterval});
}

int Seaquest::update_friendly_bullets() {
  auto& bullets = state_.friendly_bullets;
  int reward = 0;
  for (int i = static_cast<int>(bullets.size()) - 1; i >= 0; --i) {
    Bullet& b = bullets[i];
    b.x += step_x(b.right);
    if (off_screen(b.x)) {
      remove_first_equal(bullets, i);
      continue;
    }
    // The first fish (else sub) in the bullet's cell is also the first equal to itself, so
    // removing it by index is what list.remove does.
    if (const int k = find_at(state_.fish, b.x, b.y); k >= 0) {
      state_.fish.erase(state_.fish.begin() + k);
    } else if (const int k = find_at(state_.subs, b.x, b.y); k >= 0) {
      state_.subs.erase(state_.subs.begin() + k);
    } else {
      continue;
    }
    remove_first_equal(bullets, i);
    reward += 1;
  }
  return reward;
}

void Seaquest::update_divers() {
  auto& divers = state_.divers;
  for (int i = static_cast<int>(divers.size()) - 1; i >= 0; --i) {
    Mover& d = divers[i];
    if (at_player(d.x, d.y) && state_.diver_count < kMaxDivers) {
      remove_first_equal(divers, i);
      state_.diver_count += 1;
    } else if (d.move_timer == 0) {
      d.move_timer = kDiverMoveInterval;
      d.x += step_x(d.right);
      if (off_screen(d.x)) {
        remove_first_equal(divers, i);
      } else if (at_player(d.x, d.y) && state_.diver_count < kMaxDivers) {
        remove_first_equal(divers, i);
        state_.diver_count += 1;
      }
    } else {
      d.move_timer -= 1;
    }
  }
}

int Seaquest::update_subs() {
  auto& subs = state_.subs;
  int reward = 0;
  for (int i = static_cast<int>(subs.size()) - 1; i >= 0; --i) {
    Sub* sub = &subs[i];
    Sub removed;  // the sub once list.remove has taken it out: it still counts down and fires
    auto remove_sub = [&] {
      const Sub current = *sub;
      const int j = remove_first_equal(subs, i);
      if (j == i) {
        removed = current;
        sub = &removed;
      } else {
        // An equal earlier sub went instead: this one moved down to i - 1, where the loop
        // visits it again, as Python's reversed iterator does.
        sub = &subs[i - 1];
      }
    };
    if (at_player(sub->x, sub->y)) state_.terminal = true;
    if (sub->move_timer == 0) {
      sub->move_timer = state_.move_speed;
      sub->x += step_x(sub->right);
      if (off_screen(sub->x)) {
        remove_sub();
      } else if (at_player(sub->x, sub->y)) {
        state_.terminal = true;
      } else {
        const int k = find_at(state_.friendly_bullets, sub->x, sub->y);
        if (k >= 0) {
          remove_sub();
          state_.friendly_bullets.erase(state_.friendly_bullets.begin() + k);
          reward += 1;
        }
      }
    } else {
      sub->move_timer -= 1;
    }
    if (sub->shot_timer == 0) {
      sub->shot_timer = kEnemyShotInterval;
      state_.enemy_bullets.push_back(Bullet{sub->x, sub->y, sub->right});
    } else {
      sub->shot_timer -= 1;
    }
  }
  return reward;
}

void Seaquest::update_enemy_bullets() {
  auto& bullets = state_.enemy_bullets;
  for (int i = static_cast<int>(bullets.size()) - 1; i >= 0; --i) {
    Bullet& b = bullets[i];
    if (at_player(b.x, b.y)) state_.terminal = true;
    b.x += step_x(b.right);
    if (off_screen(b.x)) {
      remove_first_equal(bullets, i);
    } else if (at_player(b.x, b.y)) {
      state_.terminal = true;
    }
  }
}

int Seaquest::update_fish() {
  auto& fish = state_.fish;
  int reward = 0;
  for (int i = static_cast<int>(fish.size()) - 1; i >= 0; --i) {
    Mover& f = fish[i];
    if (at_player(f.x, f.y)) state_.terminal = true;
    if (f.move_timer != 0) {
      f.move_timer -= 1;
      continue;
    }
    f.move_timer = state_.move_speed;
    f.x += step_x(f.right);
    if (off_screen(f.x)) {
      remove_first_equal(fish, i);
    } else if (at_player(f.x, f.y)) {
      state_.terminal = true;
    } else {
      const int k = find_at(state_.friendly_bullets, f.x, f.y);
      if (k >= 0) {
        remove_first_equal(fish, i);
        state_.friendly_bullets.erase(state_.friendly_bullets.begin() + k);
        reward += 1;
      }
    }
  }
  return reward;
}

int Seaquest::surface() {
  State& s = state_;
  s.surface = true;
  int reward = 0;
  if (s.diver_count == kMaxDivers) {
    s.diver_count = 0;
    reward = s.oxygen * 10 / kMaxOxygen;
  }
  s.oxygen = kMaxOxygen;
  s.diver_count -= 1;
  if (ramping_ && (s.enemy_spawn_speed > 1 || s.move_speed > 2)) {
    if (s.move_speed > 2 && s.ramp_index % 2 == 1) s.move_speed -= 1;
    if (s.enemy_spawn_speed > 1) s.enemy_spawn_speed -= 1;
    s.ramp_index += 1;
  }
  return reward;
}

int Seaquest::act(Action action, Mt19937RandomState& rng) {
  State& s = state_;
  if (s.terminal) return 0;
  if (s.enemy_spawn_timer == 0) {
    spawn_enemy(rng);
    s.enemy_spawn_timer = s.enemy_spawn_speed;
  }
  if (s.diver_spawn_timer == 0) {
    spawn_diver(rng);
    s.diver_spawn_timer = kDiverSpawnSpeed;
  }

  if (action == Action::kFire && s.shot_timer == 0) {
    s.friendly_bullets.push_back(Bullet{s.sub_x, s.sub_y, s.sub_right});
    s.shot_timer = kShotCoolDown;
  } else if (action == Action::kLeft) {
    s.sub_x = std::max(0, s.sub_x - 1);
    s.sub_right = false;
  } else if (action == Action::kRight) {
    s.sub_x = std::min(9, s.sub_x + 1);
    s.sub_right = true;
  } else if (action == Action::kUp) {
    s.sub_y = std::max(0, s.sub_y - 1);
  } else if (action == Action::kDown) {
    s.sub_y = std::min(8, s.sub_y + 1);
  }

  int reward = update_friendly_bullets();
  update_divers();
  reward += update_subs();
  update_enemy_bullets();
  reward += update_fish();

  s.enemy_spawn_timer -= s.enemy_spawn_timer > 0;
  s.diver_spawn_timer -= s.diver_spawn_timer > 0;
  s.shot_timer -= s.shot_timer > 0;
  if (s.oxygen <= 0) s.terminal = true;
  if (s.sub_y > 0) {
    s.oxygen -= 1;
    s.surface = false;
  } else if (!s.surface) {
    if (s.diver_count == 0) {
      s.terminal = true;
    } else {
      reward += surface();
    }
  }
  return reward;
}

void Seaquest::write_observation(float* obs) const {
  const State& s = state_;
  mark(obs, kChannels, s.sub_y, s.sub_x, 0);
  mark(obs, kChannels, s.sub_y, s.sub_right ? s.sub_x - 1 : s.sub_x + 1, 1);
  const int oxygen_cells = std::max(0, s.oxygen) * 10 / kMaxOxygen;
  for (int c = 0; c < oxygen_cells; ++c) mark(obs, kChannels, 9, c, 7);
  for (int c = 9 - s.diver_count; c < 9; ++c) mark(obs, kChannels, 9, c, 8);
  for (const Bullet& b : s.friendly_bullets) mark(obs, kChannels, b.y, b.x, 2);
  for (const Bullet& b : s.enemy_bullets) mark(obs, kChannels, b.y, b.x, 4);
  auto mark_with_trail = [&](int x, int y, bool right, int channel) {
    mark(obs, kChannels, y, x, channel);
    const int back_x = right ? x - 1 : x + 1;
    if (!off_screen(back_x)) mark(obs, kChannels, y, back_x, 3);
  };
  for (const Mover& f : s.fish) mark_with_trail(f.x, f.y, f.right, 5);
  for (const Sub& e : s.subs) mark_with_trail(e.x, e.y, e.right, 6);
  for (const Mover& d : s.divers) mark_with_trail(d.x, d.y, d.right, 9);
}

}  // namespace ga3c::env::minatar
