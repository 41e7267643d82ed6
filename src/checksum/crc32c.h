// CRC-32C (Castagnoli), the checksum of checkpoint files and of TensorBoard's TFRecord framing:
// detects every burst error of up to 32 bits. Computed by Google's crcutil (Debian libcrcutil-dev).
#pragma once

#include <cstdint>
#include <string_view>

namespace ga3c::checksum {

// Reflected polynomial 0x82F63B78, as in iSCSI (RFC 3720); "123456789" -> 0xE3069283.
uint32_t crc32c(std::string_view data);

}  // namespace ga3c::checksum
