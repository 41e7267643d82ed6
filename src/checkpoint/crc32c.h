// CRC-32C (Castagnoli), the checksum of checkpoint files: detects every burst error of up to
// 32 bits, and hardware computes it on modern CPUs should checkpoints ever become large.
#pragma once

#include <cstdint>
#include <string_view>

namespace ga3c::checkpoint {

// Reflected polynomial 0x82F63B78, as in iSCSI (RFC 3720); "123456789" -> 0xE3069283.
uint32_t crc32c(std::string_view data);

}  // namespace ga3c::checkpoint
