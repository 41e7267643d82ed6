#include "export/onnx_policy.h"

#include <cstdint>
#include <map>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>
#include <onnx/checker.h>
#include <onnx/onnx_pb.h>

namespace ga3c::exporting {
namespace {

NamedTensor filled(const std::string& name, std::vector<int64_t> shape, float value) {
  int64_t count = 1;
  for (int64_t d : shape) count *= d;
  return {name, std::move(shape), std::vector<float>(static_cast<std::size_t>(count), value)};
}

// A policy of `kind` with `layers` (name, shape) before its heads of `features` inputs and
// `actions` outputs; every value 0.01.
ExportedPolicy with_heads(model::NetworkKind kind, std::vector<int64_t> observation_shape,
                          ObservationInput input, int actions, int64_t features,
                          const std::vector<std::pair<std::string, std::vector<int64_t>>>& layers) {
  ExportedPolicy p;
  p.layout = {kind, 0};
  p.observation_shape = std::move(observation_shape);
  p.input = input;
  p.num_actions = actions;
  for (const auto& [name, shape] : layers) p.parameters.push_back(filled(name, shape, 0.01f));
  for (const auto& [name, shape] : std::vector<std::pair<std::string, std::vector<int64_t>>>{
           {"policy.weight", {actions, features}},
           {"policy.bias", {actions}},
           {"value.weight", {1, features}},
           {"value.bias", {1}}}) {
    p.parameters.push_back(filled(name, shape, 0.01f));
  }
  return p;
}

// An MLP for 3 inputs and 2 actions with 4-unit layers (and a 5-unit LSTM when lstm > 0).
ExportedPolicy small_mlp(int64_t lstm = 0) {
  ExportedPolicy p;
  p.layout = {model::NetworkKind::kMlp, lstm};
  p.observation_shape = {3};
  p.num_actions = 2;
  p.parameters = {filled("fc1.weight", {4, 3}, 0.1f), filled("fc1.bias", {4}, 0.2f),
                  filled("fc2.weight", {4, 4}, 0.3f), filled("fc2.bias", {4}, 0.4f)};
  int64_t features = 4;
  if (lstm > 0) {
    for (const auto& t :
         {filled("lstm.weight_ih", {4 * lstm, 4}, 0.5f),
          filled("lstm.weight_hh", {4 * lstm, lstm}, 0.6f),
          filled("lstm.bias_ih", {4 * lstm}, 0.7f), filled("lstm.bias_hh", {4 * lstm}, 0.8f)}) {
      p.parameters.push_back(t);
    }
    features = lstm;
  }
  for (const auto& t :
       {filled("policy.weight", {2, features}, 0.9f), filled("policy.bias", {2}, 1.0f),
        filled("value.weight", {1, features}, 1.1f), filled("value.bias", {1}, 1.2f)}) {
    p.parameters.push_back(t);
  }
  p.metadata = {{"env_id", "CartPole-v1"}, {"ga3c_version", "0.1.0"}};
  return p;
}

onnx::ModelProto parsed(const std::string& bytes) {
  onnx::ModelProto model;
  EXPECT_TRUE(model.ParseFromString(bytes));
  return model;
}

// "name elem_type [dims]" with N for the batch dimension.
std::string signature(const onnx::ValueInfoProto& v) {
  std::string s = v.name() + " " + std::to_string(v.type().tensor_type().elem_type()) + " [";
  const auto& dims = v.type().tensor_type().shape().dim();
  for (int i = 0; i < dims.size(); ++i) {
    s += (i ? ", " : "") +
         (dims[i].has_dim_param() ? dims[i].dim_param() : std::to_string(dims[i].dim_value()));
  }
  return s + "]";
}

std::vector<std::string> ops(const onnx::ModelProto& model) {
  std::vector<std::string> out;
  for (const auto& n : model.graph().node()) out.push_back(n.op_type());
  return out;
}

TEST(OnnxPolicy, FeedForwardMlpHasItsInputsOutputsParametersAndMetadata) {
  const ExportedPolicy policy = small_mlp();
  const onnx::ModelProto model = parsed(onnx_policy_bytes(policy, "a test"));
  EXPECT_NO_THROW(onnx::checker::check_model(model));
  EXPECT_EQ(model.ir_version(), 8);
  ASSERT_EQ(model.opset_import_size(), 1);
  EXPECT_EQ(model.opset_import(0).version(), 17);
  EXPECT_EQ(model.producer_name(), "ga3c");
  EXPECT_EQ(model.producer_version(), "0.1.0");
  EXPECT_EQ(model.doc_string(), "a test");
  const auto& g = model.graph();
  ASSERT_EQ(g.input_size(), 1);
  EXPECT_EQ(signature(g.input(0)), "observation 1 [N, 3]");  // 1: FLOAT
  ASSERT_EQ(g.output_size(), 2);
  EXPECT_EQ(signature(g.output(0)), "logits 1 [N, 2]");
  EXPECT_EQ(signature(g.output(1)), "value 1 [N]");
  EXPECT_EQ(ops(model), (std::vector<std::string>{"Flatten", "Gemm", "Relu", "Gemm", "Relu", "Gemm",
                                                  "Gemm", "Squeeze"}));
  std::map<std::string, std::string> metadata;
  for (const auto& e : model.metadata_props()) metadata[e.key()] = e.value();
  EXPECT_EQ(metadata.at("env_id"), "CartPole-v1");
  std::map<std::string, const onnx::TensorProto*> initializers;
  for (const auto& t : g.initializer()) initializers[t.name()] = &t;
  for (const NamedTensor& p : policy.parameters) {
    const onnx::TensorProto& t = *initializers.at(p.name);
    EXPECT_EQ(std::vector<int64_t>(t.dims().begin(), t.dims().end()), p.shape) << p.name;
    EXPECT_EQ(std::vector<float>(t.float_data().begin(), t.float_data().end()), p.values) << p.name;
  }
}

TEST(OnnxPolicy, LstmTakesAndGivesTheStateHThenC) {
  const onnx::ModelProto model = parsed(onnx_policy_bytes(small_mlp(5), ""));
  const auto& g = model.graph();
  ASSERT_EQ(g.input_size(), 2);
  EXPECT_EQ(signature(g.input(1)), "state_in 1 [N, 10]");
  ASSERT_EQ(g.output_size(), 3);
  EXPECT_EQ(signature(g.output(0)), "logits 1 [N, 2]");
  EXPECT_EQ(signature(g.output(2)), "state_out 1 [N, 10]");
}

TEST(OnnxPolicy, AtariFramesComeAsUint8FramesFirstAndAreScaledInside) {
  const ExportedPolicy p = with_heads(model::NetworkKind::kA3cCnn, {84, 84, 4},
                                      ObservationInput::kUint8FramesFirst, 4, 256,
                                      {{"conv1.weight", {16, 4, 8, 8}},
                                       {"conv1.bias", {16}},
                                       {"conv2.weight", {32, 16, 4, 4}},
                                       {"conv2.bias", {32}},
                                       {"fc.weight", {256, 32 * 9 * 9}},
                                       {"fc.bias", {256}}});
  const onnx::ModelProto model = parsed(onnx_policy_bytes(p, ""));
  EXPECT_EQ(signature(model.graph().input(0)), "observation 2 [N, 4, 84, 84]");  // 2: UINT8
  // Already channels-first: no Transpose.
  EXPECT_EQ(ops(model),
            (std::vector<std::string>{"Cast", "Div", "Conv", "Relu", "Conv", "Relu", "Flatten",
                                      "Gemm", "Relu", "Gemm", "Gemm", "Squeeze"}));
}

TEST(OnnxPolicy, MinAtarGridsComeAsBoolChannelsLast) {
  const ExportedPolicy p =
      with_heads(model::NetworkKind::kMinAtarCnn, {10, 10, 4}, ObservationInput::kBool, 3, 128,
                 {{"conv.weight", {16, 4, 3, 3}},
                  {"conv.bias", {16}},
                  {"fc.weight", {128, 16 * 8 * 8}},
                  {"fc.bias", {128}}});
  const onnx::ModelProto model = parsed(onnx_policy_bytes(p, ""));
  EXPECT_EQ(signature(model.graph().input(0)), "observation 9 [N, 10, 10, 4]");  // 9: BOOL
  EXPECT_EQ(ops(model)[0], "Cast");
  EXPECT_EQ(ops(model)[1], "Transpose");
}

TEST(OnnxPolicy, RefusesMissingOrMisshapenParameters) {
  ExportedPolicy missing = small_mlp();
  missing.parameters.erase(missing.parameters.begin() + 2);  // fc2.weight
  EXPECT_THROW(onnx_policy_bytes(missing, ""), std::invalid_argument);
  ExportedPolicy misshapen = small_mlp();
  misshapen.parameters[2] = filled("fc2.weight", {4, 7}, 0.3f);  // fc1 gives 4 features
  try {
    onnx_policy_bytes(misshapen, "");
    FAIL() << "expected a refusal";
  } catch (const std::invalid_argument& e) {
    EXPECT_EQ(std::string(e.what()), "fc2.weight has shape [4, 7], where its layer needs [*, 4]");
  }
}

}  // namespace
}  // namespace ga3c::exporting
