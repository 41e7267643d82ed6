#include "checksum/crc32c.h"

#include <crcutil/generic_crc.h>

namespace ga3c::checksum {

uint32_t crc32c(std::string_view data) {
  // The tables take ~32 KiB and a few microseconds to build: once per process. `canonical`
  // pre- and post-inverts the register, which is what CRC-32C specifies.
  using Tables = crcutil::GenericCrc<crcutil::uint64, crcutil::uint64, crcutil::uint64, 4>;
  static const Tables tables(0x82F63B78, 32, /*canonical=*/true);
  return static_cast<uint32_t>(tables.CrcDefault(data.data(), data.size(), 0));
}

}  // namespace ga3c::checksum
