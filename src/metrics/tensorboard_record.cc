#include "metrics/tensorboard_record.h"

#include "checksum/crc32c.h"

namespace ga3c::metrics {
namespace {

void append_le(std::string& out, uint64_t value, int bytes) {
  for (int i = 0; i < bytes; ++i) {
    out.push_back(static_cast<char>((value >> (8 * i)) & 0xFF));
  }
}

}  // namespace

uint32_t masked_crc32c(std::string_view data) {
  const uint32_t crc = checksum::crc32c(data);
  return ((crc >> 15) | (crc << 17)) + 0xA282EAD8u;
}

std::string encode_record(std::string_view data) {
  std::string record;
  record.reserve(data.size() + 16);
  append_le(record, data.size(), 8);
  append_le(record, masked_crc32c(record), 4);
  record.append(data);
  append_le(record, masked_crc32c(data), 4);
  return record;
}

}  // namespace ga3c::metrics
