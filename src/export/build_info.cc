#include "export/build_info.h"

#include "build_commit.h"

namespace ga3c::exporting {

std::string ga3c_version() { return GA3C_VERSION; }
std::string ga3c_commit() { return GA3C_COMMIT; }

}  // namespace ga3c::exporting
