#include "node/math_threads.h"

#include <dlfcn.h>
#include <torch/torch.h>

namespace ga3c::node {

void limit_math_threads() {
  torch::set_num_threads(1);
  // Looked up at run time: the symbol exists only when libblas.so.3 is OpenBLAS.
  using SetThreads = void (*)(int);
  if (auto set = reinterpret_cast<SetThreads>(dlsym(RTLD_DEFAULT, "openblas_set_num_threads"))) {
    set(1);
  }
}

}  // namespace ga3c::node
