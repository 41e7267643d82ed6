// TFRecord framing, the container format of TensorBoard event files.
//
// A record is
//   uint64 length        little endian, the number of data bytes
//   uint32 masked_crc    masked CRC-32C of the 8 length bytes, little endian
//   byte   data[length]
//   uint32 masked_crc    masked CRC-32C of the data, little endian
// as written by TensorFlow's tensorflow/core/lib/io/record_writer.cc. The CRC is masked because
// a CRC computed over data that embeds CRCs is prone to collisions (TensorFlow's crc32c.h).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace ga3c::metrics {

// ((crc >> 15) | (crc << 17)) + 0xA282EAD8 of checksum::crc32c(data), modulo 2^32.
uint32_t masked_crc32c(std::string_view data);

// The record that frames `data`, ready to be appended to an event file.
std::string encode_record(std::string_view data);

}  // namespace ga3c::metrics
