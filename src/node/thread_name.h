// Names the calling thread, as top -H, htop, perf (--sort comm) and gdb show it: a node's
// threads otherwise all carry the binary's name, and a profile cannot tell trainers from
// predictors.
#pragma once

#include <string>

#if defined(__linux__)
#include <pthread.h>
#endif

namespace ga3c::node {

// name: up to 15 characters kept (Linux's limit), the rest cut off. A no-op where the
// platform has no thread names; never fails the caller.
inline void name_this_thread(const std::string& name) {
#if defined(__linux__)
  pthread_setname_np(pthread_self(), name.substr(0, 15).c_str());
#else
  (void)name;
#endif
}

}  // namespace ga3c::node
