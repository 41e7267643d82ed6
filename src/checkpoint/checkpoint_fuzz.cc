// libFuzzer target of the checkpoint reader (cmake -DGA3C_FUZZ=ON, clang). The first input byte
// says what the rest is: even, a whole file as read from disk, which fuzzes the header checks;
// odd, a payload framed behind a valid header, which lets mutations past the checksums into
// the protobuf parser and the content checks. A crash, a sanitizer report, a hang or any
// exception but CheckpointError is a finding.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "checkpoint/checkpoint_error.h"
#include "checkpoint/checkpoint_file.h"
#include "checkpoint/checkpoint_set.h"
#include "checkpoint/compatibility.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace ga3c::checkpoint;
  if (size == 0) return 0;
  const std::string_view rest(reinterpret_cast<const char*>(data) + 1, size - 1);
  const std::string bytes = (data[0] & 1) ? frame_payload(rest) : std::string(rest);
  try {
    const Checkpoint checkpoint = decode_checkpoint(bytes, "fuzz-input");
    // What the reader accepts, the writer must write (it checks the same invariants), and
    // what it writes must read back to the same bytes.
    const std::string encoded = encode_checkpoint(checkpoint);
    if (encode_checkpoint(decode_checkpoint(encoded, "re-encoded")) != encoded) __builtin_trap();
    describe(checkpoint.signature);
    merge_ranks({checkpoint}, "fuzz-input");
  } catch (const CheckpointError&) {
  }
  return 0;
}
