#include "checkpoint/checkpoint_file.h"

#include <filesystem>
#include <fstream>
#include <random>
#include <stdexcept>
#include <string>

#include <gtest/gtest.h>

#include "checkpoint/checkpoint_error.h"
#include "checkpoint/checkpoint_fixture.h"
#include "checkpoint/proto/checkpoint.pb.h"
#include "checksum/crc32c.h"

namespace ga3c::checkpoint {
namespace {

using algo::OptimizerKind;
using checksum::crc32c;
using testing::identical;
using testing::make_checkpoint;
using testing::with_worker;

const std::string kName = "checkpoints/ckpt-000000004000-ps0.ga3c";

// The error decode_checkpoint raises for `bytes` ("" when it raises none).
std::string decode_error(const std::string& bytes) {
  try {
    decode_checkpoint(bytes, kName);
  } catch (const CheckpointError& e) {
    return e.what();
  }
  return "";
}

uint32_t le32(const std::string& bytes, std::size_t offset) {
  uint32_t v = 0;
  for (int i = 3; i >= 0; --i) v = (v << 8) | static_cast<unsigned char>(bytes[offset + i]);
  return v;
}

void put_le32(std::string& bytes, std::size_t offset, uint32_t v) {
  for (int i = 0; i < 4; ++i) bytes[offset + i] = static_cast<char>((v >> (8 * i)) & 0xFF);
}

// A small checkpoint with every field of a deterministic run's set (observations of 3 floats,
// so that testing every byte stays quick).
Checkpoint small_with_worker() {
  Checkpoint c = make_checkpoint(4000, 0, 1, OptimizerKind::kAdam, 3);
  c.signature.observation_shape = {3};
  return with_worker(c);
}

// A payload message as the writer makes it, for tests that break one field of it.
proto::Checkpoint valid_message() {
  proto::Checkpoint m;
  m.ParseFromString(encode_checkpoint(make_checkpoint(4000)).substr(kHeaderSize));
  return m;
}

TEST(CheckpointFile, RoundTripsEveryFieldBitForBit) {
  for (OptimizerKind kind : {OptimizerKind::kSgd, OptimizerKind::kRmsProp, OptimizerKind::kAdam}) {
    for (int rank = 0; rank < 3; ++rank) {
      const Checkpoint c = make_checkpoint(123456789, rank, 3, kind, 7);
      EXPECT_TRUE(identical(decode_checkpoint(encode_checkpoint(c), kName), c))
          << algo::to_string(kind) << " rank " << rank;
      EXPECT_TRUE(decode_checkpoint(encode_checkpoint(c), kName).workers.empty());
    }
    const Checkpoint d = with_worker(make_checkpoint(123456789, 0, 3, kind, 7));
    const Checkpoint back = decode_checkpoint(encode_checkpoint(d), kName);
    EXPECT_TRUE(identical(back, d)) << algo::to_string(kind) << " with a worker";
    ASSERT_EQ(back.workers.size(), 1u);
    EXPECT_EQ(back.workers[0].agents.at(0).env.actions, (std::vector<int32_t>{2, 5, 0}));
  }
}

TEST(CheckpointFile, RoundTripsLocalOptimizerStateWorkers) {
  Checkpoint c = with_worker(make_checkpoint(4000));
  c.workers[0].at_pull.swap(c.workers[0].accumulated);
  c.workers[0].agents[0].awaiting_bootstrap = false;
  c.workers[0].agents[0].rollout_actions.clear();
  c.workers[0].agents[0].rollout_rewards.clear();
  c.workers[0].agents[0].rollout_observations.clear();
  c.workers[0].agents[0].rollout_acted_versions.clear();
  c.workers[0].agents[0].rollout_behaviour_log_probs.clear();
  EXPECT_TRUE(identical(decode_checkpoint(encode_checkpoint(c), kName), c));
}

TEST(CheckpointFile, AFileWithOnlyTheRolloutsFirstActingVersionReadsItForEveryAction) {
  // Files written before rollout_acted_versions hold the version of the first action only.
  proto::Checkpoint m;
  m.ParseFromString(encode_checkpoint(with_worker(make_checkpoint(4000))).substr(kHeaderSize));
  proto::Agent* agent = m.mutable_workers(0)->mutable_agents(0);
  EXPECT_EQ(agent->rollout_acted_version(), agent->rollout_acted_versions(0));
  agent->clear_rollout_acted_versions();
  agent->set_rollout_acted_version(41);
  const Checkpoint c = decode_checkpoint(frame_payload(m.SerializeAsString()), kName);
  EXPECT_EQ(c.workers.at(0).agents.at(0).rollout_acted_versions, (std::vector<int64_t>{41, 41}));
}

TEST(CheckpointFile, AFileWithoutBehaviourLogProbabilitiesReadsThemEmpty) {
  // Files written before deterministic runs could use V-trace.
  proto::Checkpoint m;
  m.ParseFromString(encode_checkpoint(with_worker(make_checkpoint(4000))).substr(kHeaderSize));
  m.mutable_workers(0)->mutable_agents(0)->clear_rollout_behaviour_log_probs();
  const Checkpoint c = decode_checkpoint(frame_payload(m.SerializeAsString()), kName);
  EXPECT_EQ(c.workers.at(0).agents.at(0).rollout_actions.size(), 2u);
  EXPECT_TRUE(c.workers.at(0).agents.at(0).rollout_behaviour_log_probs.empty());
}

TEST(CheckpointFile, RoundTripsLargeShards) {
  const Checkpoint c = make_checkpoint(1, 0, 1, OptimizerKind::kAdam, 300000);
  EXPECT_TRUE(identical(decode_checkpoint(encode_checkpoint(c), kName), c));
}

TEST(CheckpointFile, HeaderHasTheDocumentedLayout) {
  const std::string bytes = encode_checkpoint(make_checkpoint(4000));
  ASSERT_GT(bytes.size(), kHeaderSize);
  EXPECT_EQ(bytes.substr(0, 8), std::string("\x89GA3C\r\n\x1A", 8));
  EXPECT_EQ(le32(bytes, 8), kFormatVersion);
  const std::string payload = bytes.substr(kHeaderSize);
  EXPECT_EQ(le32(bytes, 12), crc32c(payload));
  EXPECT_EQ(le32(bytes, 16), payload.size());
  EXPECT_EQ(le32(bytes, 20), 0u);  // high half of the 64-bit size
  EXPECT_EQ(le32(bytes, 24), crc32c(bytes.substr(0, 24)));
  EXPECT_EQ(frame_payload(payload), bytes);
}

TEST(CheckpointFile, EveryTruncationIsAnError) {
  const std::string bytes = encode_checkpoint(small_with_worker());
  EXPECT_EQ(decode_error(""), kName +
                                  ": empty file (not a checkpoint, or its write did not finish); "
                                  "use an earlier checkpoint");
  for (std::size_t n = 1; n < bytes.size(); ++n) {
    const std::string error = decode_error(bytes.substr(0, n));
    EXPECT_NE(error.find(kName + ": truncated"), std::string::npos) << n << ": " << error;
  }
}

TEST(CheckpointFile, EveryBitFlipIsAnError) {
  const std::string bytes = encode_checkpoint(small_with_worker());
  for (std::size_t i = 0; i < bytes.size(); ++i) {
    for (int bit = 0; bit < 8; ++bit) {
      std::string flipped = bytes;
      flipped[i] = static_cast<char>(flipped[i] ^ (1 << bit));
      EXPECT_NE(decode_error(flipped), "") << "byte " << i << " bit " << bit;
    }
  }
}

TEST(CheckpointFile, NamesEachDamage) {
  const std::string bytes = encode_checkpoint(make_checkpoint(4000));
  std::string payload_flip = bytes;
  payload_flip[kHeaderSize + 5] ^= 0x10;
  EXPECT_EQ(decode_error(payload_flip),
            kName + ": checksum mismatch (file corrupted); use an earlier checkpoint");
  std::string header_flip = bytes;
  header_flip[9] ^= 0x01;  // the version: a damaged one is not mistaken for a newer format
  EXPECT_EQ(decode_error(header_flip),
            kName + ": header checksum mismatch (file corrupted); use an earlier checkpoint");
  EXPECT_EQ(decode_error(bytes + "x"),
            kName +
                ": 1 bytes after the end of the checkpoint (file corrupted); use an earlier "
                "checkpoint");
  EXPECT_EQ(decode_error(bytes.substr(0, 100)),
            kName + ": truncated (100 of " + std::to_string(bytes.size()) +
                " bytes; its write did not finish); use an earlier checkpoint");
}

TEST(CheckpointFile, RejectsAFutureVersion) {
  std::string bytes = encode_checkpoint(make_checkpoint(4000));
  put_le32(bytes, 8, kFormatVersion + 1);
  put_le32(bytes, 24, crc32c(std::string_view(bytes).substr(0, 24)));
  EXPECT_EQ(decode_error(bytes), kName +
                                     ": format version 2 is newer than the one this ga3c "
                                     "reads (1); read it with the newer ga3c that wrote it");
}

TEST(CheckpointFile, RejectsForeignFiles) {
  const std::string foreign_fix = "pass a checkpoints/ckpt-*.ga3c file written by ga3c train";
  const std::string png("\x89PNG\r\n\x1A\n\0\0\0\rIHDR", 16);
  std::mt19937 rng(7);
  std::string random(4096, '\0');
  for (char& c : random) c = static_cast<char>(rng());
  for (const std::string& bytes :
       {png, random, std::string("[train]\nenv = \"CartPole-v1\"\n"), std::string("\177ELF")}) {
    EXPECT_EQ(decode_error(bytes),
              kName + ": not a ga3c checkpoint (unknown magic bytes); " + foreign_fix);
  }
}

TEST(CheckpointFile, RejectsPayloadsThatDoNotDecode) {
  EXPECT_EQ(decode_error(frame_payload("\xFF\xFF\xFF")),
            kName + ": payload does not decode (file corrupted); use an earlier checkpoint");
}

TEST(CheckpointFile, RejectsInconsistentContent) {
  proto::Checkpoint m = valid_message();
  m.mutable_shards(1)->set_size(5);
  EXPECT_EQ(decode_error(frame_payload(m.SerializeAsString())),
            kName +
                ": invalid content: shard 1 says 5 parameters but holds 6; use an earlier "
                "checkpoint");
  m = valid_message();
  m.set_optimizer("adagrad\n");
  EXPECT_EQ(decode_error(frame_payload(m.SerializeAsString())),
            kName +
                ": invalid content: unknown optimizer 'adagrad\\x0A'; use an earlier "
                "checkpoint");
  m = valid_message();
  m.mutable_shards(1)->set_offset(3);
  EXPECT_EQ(decode_error(frame_payload(m.SerializeAsString())),
            kName +
                ": invalid content: shard 1 overlaps the shard before it; use an earlier "
                "checkpoint");
  m = valid_message();
  m.mutable_shards(0)->mutable_slot_second()->RemoveLast();
  EXPECT_NE(decode_error(frame_payload(m.SerializeAsString())).find("optimizer slot of 5 floats"),
            std::string::npos);
  m = valid_message();
  m.clear_signature();
  EXPECT_NE(decode_error(frame_payload(m.SerializeAsString())).find("no network kind"),
            std::string::npos);
}

TEST(CheckpointFile, RejectsInconsistentWorkerState) {
  const auto message = [] {
    proto::Checkpoint m;
    m.ParseFromString(encode_checkpoint(with_worker(make_checkpoint(4000))).substr(kHeaderSize));
    return m;
  };
  const auto error = [](const proto::Checkpoint& m) {
    return decode_error(frame_payload(m.SerializeAsString()));
  };
  const std::string fix = "; use an earlier checkpoint";
  proto::Checkpoint m = message();
  m.mutable_workers(0)->mutable_params()->RemoveLast();
  EXPECT_EQ(error(m), kName + ": invalid content: worker 0 has 11 parameters, not 12" + fix);
  m = message();
  m.mutable_workers(0)->mutable_agents(0)->set_rng("not a generator");
  EXPECT_EQ(error(m), kName +
                          ": invalid content: worker 0 agent 0 has an unreadable random "
                          "generator state" +
                          fix);
  m = message();
  m.mutable_workers(0)->mutable_agents(0)->mutable_env()->set_actions(2, 1);
  EXPECT_EQ(error(m), kName +
                          ": invalid content: worker 0 agent 0's rollout, episode and "
                          "environment replay disagree" +
                          fix);
  m = message();
  m.mutable_workers(0)->mutable_agents(0)->mutable_rollout_actions()->Set(0, 6);
  EXPECT_EQ(error(m),
            kName + ": invalid content: worker 0 agent 0 has an action outside [0, 6)" + fix);
  m = message();
  m.mutable_workers(0)->mutable_agents(0)->mutable_rollout_acted_versions()->Add(3);
  EXPECT_EQ(error(m), kName +
                          ": invalid content: worker 0 agent 0's rollout of 2 actions has 800 "
                          "observation floats, 2 rewards, 3 acting versions and 2 behaviour "
                          "log-probabilities" +
                          fix);
  m = message();
  m.mutable_workers(0)->mutable_agents(0)->mutable_rollout_behaviour_log_probs()->Add(-1.0f);
  EXPECT_EQ(error(m), kName +
                          ": invalid content: worker 0 agent 0's rollout of 2 actions has 800 "
                          "observation floats, 2 rewards, 2 acting versions and 3 behaviour "
                          "log-probabilities" +
                          fix);
  m = message();
  m.mutable_workers(0)->mutable_agents(0)->mutable_rollout_behaviour_log_probs()->Set(1, 0.5f);
  EXPECT_EQ(error(m), kName +
                          ": invalid content: worker 0 agent 0 has a behaviour log-probability "
                          "that is not <= 0" +
                          fix);
  m = message();
  m.mutable_workers(0)->set_unreported_frames(4001);
  EXPECT_EQ(error(m), kName +
                          ": invalid content: worker 0's unreported frames or episodes exceed "
                          "the totals" +
                          fix);
  m = message();
  m.mutable_workers(0)->mutable_at_pull()->Add(1.0f);
  EXPECT_EQ(error(m), kName +
                          ": invalid content: worker 0 holds 12 accumulated gradients and 1 "
                          "pulled parameters for 12 parameters" +
                          fix);
  m = message();
  m.set_ps_rank(1);
  m.set_num_ps_ranks(2);
  m.set_num_shards(4);
  for (int s = 0; s < 2; ++s) m.mutable_shards(s)->set_index(2 + s);
  EXPECT_EQ(error(m), kName + ": invalid content: worker state outside rank 0's file" + fix);
}

TEST(CheckpointFile, RefusesToEncodeWhatItCouldNotRead) {
  Checkpoint c = make_checkpoint(4000);
  c.shards[0].slots.first.pop_back();
  EXPECT_THROW(encode_checkpoint(c), std::invalid_argument);
  c = make_checkpoint(4000);
  c.frames = -1;
  EXPECT_THROW(encode_checkpoint(c), std::invalid_argument);
  c = make_checkpoint(4000, 0, 1, OptimizerKind::kSgd);
  c.shards[1].slots.first.assign(6, 1.0f);
  EXPECT_THROW(encode_checkpoint(c), std::invalid_argument);
}

TEST(CheckpointFile, ReadNamesTheFileItCannotUse) {
  const auto dir = std::filesystem::path(::testing::TempDir()) / "checkpoint_file_test";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  const std::string missing = (dir / "missing.ga3c").string();
  try {
    read_checkpoint(missing);
    FAIL() << "no error";
  } catch (const CheckpointError& e) {
    EXPECT_EQ(std::string(e.what()),
              missing + ": cannot open (No such file or directory); check the path");
  }
  EXPECT_THROW(read_checkpoint(dir.string()), CheckpointError);
  const std::string good = (dir / "good.ga3c").string();
  const Checkpoint c = make_checkpoint(4000);
  std::ofstream(good, std::ios::binary) << encode_checkpoint(c);
  EXPECT_TRUE(identical(read_checkpoint(good), c));
}

}  // namespace
}  // namespace ga3c::checkpoint
