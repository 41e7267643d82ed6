// The build's identity, for what ga3c writes for other programs (exported policies).
#pragma once

#include <string>

namespace ga3c::exporting {

// The project version of CMakeLists.txt, e.g. "0.1.0".
std::string ga3c_version();
// The commit the build was configured from (12 hex digits, "-dirty" with uncommitted changes
// to tracked files, "unknown" outside a git checkout), as of the last build.
std::string ga3c_commit();

}  // namespace ga3c::exporting
