#include "export/onnx_policy.h"

#include <cstdint>
#include <map>
#include <stdexcept>
#include <vector>

#include <onnx/checker.h>
#include <onnx/onnx_pb.h>
#include <onnx/shape_inference/implementation.h>

namespace ga3c::exporting {
namespace {

// Every operator used has had its present form since opset 13 (Split and Squeeze taking their
// sizes and axes as inputs); 17 is the newest ONNX 1.12 knows.
constexpr int64_t kOpset = 17;

onnx::TensorProto_DataType element_type(ObservationInput input) {
  switch (input) {
    case ObservationInput::kBool:
      return onnx::TensorProto::BOOL;
    case ObservationInput::kUint8FramesFirst:
      return onnx::TensorProto::UINT8;
    case ObservationInput::kFloat32:
      break;
  }
  return onnx::TensorProto::FLOAT;
}

// A graph input or output: dims of 0 are the dynamic batch dimension "N".
void describe(onnx::ValueInfoProto& value, const std::string& name, onnx::TensorProto_DataType type,
              const std::vector<int64_t>& dims, const std::string& doc) {
  value.set_name(name);
  value.set_doc_string(doc);
  onnx::TypeProto_Tensor& tensor = *value.mutable_type()->mutable_tensor_type();
  tensor.set_elem_type(type);
  for (int64_t d : dims) {
    onnx::TensorShapeProto_Dimension& dim = *tensor.mutable_shape()->add_dim();
    if (d == 0) {
      dim.set_dim_param("N");
    } else {
      dim.set_dim_value(d);
    }
  }
}

std::string dims_text(const std::vector<int64_t>& dims) {
  std::string s = "[";
  for (std::size_t i = 0; i < dims.size(); ++i) {
    s += (i ? ", " : "") + (dims[i] < 0 ? std::string("*") : std::to_string(dims[i]));
  }
  return s + "]";
}

// A tensor of the graph: its name and its shape without the batch dimension.
struct Value {
  std::string name;
  std::vector<int64_t> dims;
};

// Adds nodes and initializers to a graph, checking each parameter's shape against what flows
// into its layer (ONNX 1.12's shape inference does not check a Gemm's inner dimension).
class GraphBuilder {
 public:
  GraphBuilder(onnx::GraphProto& graph, const std::vector<NamedTensor>& parameters)
      : graph_(graph) {
    for (const NamedTensor& p : parameters) parameters_.emplace(p.name, &p);
  }

  // Adds the parameter `name` as an initializer under its own name; its shape must be `shape`,
  // where -1 matches any size.
  const NamedTensor& parameter(const std::string& name, const std::vector<int64_t>& shape) {
    const auto it = parameters_.find(name);
    if (it == parameters_.end()) {
      throw std::invalid_argument("the network has no parameter " + name);
    }
    const NamedTensor& p = *it->second;
    bool fits = p.shape.size() == shape.size();
    for (std::size_t i = 0; fits && i < shape.size(); ++i) {
      fits = shape[i] < 0 || shape[i] == p.shape[i];
    }
    if (!fits) {
      throw std::invalid_argument(name + " has shape " + dims_text(p.shape) +
                                  ", where its layer needs " + dims_text(shape));
    }
    onnx::TensorProto& t = *graph_.add_initializer();
    t.set_name(name);
    t.set_data_type(onnx::TensorProto::FLOAT);
    for (int64_t d : p.shape) t.add_dims(d);
    t.mutable_float_data()->Add(p.values.begin(), p.values.end());
    return p;
  }

  std::string int64s(const std::string& name, const std::vector<int64_t>& values) {
    onnx::TensorProto& t = *graph_.add_initializer();
    t.set_name(name);
    t.set_data_type(onnx::TensorProto::INT64);
    t.add_dims(static_cast<int64_t>(values.size()));
    t.mutable_int64_data()->Add(values.begin(), values.end());
    return name;
  }

  std::string scalar(const std::string& name, float value) {
    onnx::TensorProto& t = *graph_.add_initializer();
    t.set_name(name);
    t.set_data_type(onnx::TensorProto::FLOAT);
    t.add_float_data(value);
    return name;
  }

  onnx::NodeProto& node(const std::string& op, const std::vector<std::string>& inputs,
                        const std::vector<std::string>& outputs) {
    onnx::NodeProto& n = *graph_.add_node();
    n.set_op_type(op);
    n.set_name(outputs.front());
    for (const auto& i : inputs) n.add_input(i);
    for (const auto& o : outputs) n.add_output(o);
    return n;
  }

  // An elementwise operator: the output has the first input's shape.
  Value op(const std::string& op, const std::vector<Value>& inputs, const std::string& output) {
    std::vector<std::string> names;
    for (const Value& v : inputs) names.push_back(v.name);
    node(op, names, {output});
    return {output, inputs.front().dims};
  }

  static void attribute(onnx::NodeProto& n, const std::string& name, int64_t value) {
    onnx::AttributeProto& a = *n.add_attribute();
    a.set_name(name);
    a.set_type(onnx::AttributeProto::INT);
    a.set_i(value);
  }

  static void attribute(onnx::NodeProto& n, const std::string& name,
                        const std::vector<int64_t>& values) {
    onnx::AttributeProto& a = *n.add_attribute();
    a.set_name(name);
    a.set_type(onnx::AttributeProto::INTS);
    for (int64_t v : values) a.add_ints(v);
  }

  // perm: the permutation of the dimensions after the batch (ONNX's, without its leading 0).
  Value transpose(const Value& x, const std::vector<int64_t>& perm, const std::string& output) {
    std::vector<int64_t> with_batch{0};
    Value out{output, {}};
    for (int64_t p : perm) {
      with_batch.push_back(p + 1);
      out.dims.push_back(x.dims.at(static_cast<std::size_t>(p)));
    }
    attribute(node("Transpose", {x.name}, {output}), "perm", with_batch);
    return out;
  }

  // x [N, in] -> x W^T + b, as torch::nn::Linear with weight [out, in].
  Value linear(const std::string& layer, const Value& x, const std::string& output) {
    const int64_t out = parameter(layer + ".weight", {-1, x.dims.at(0)}).shape[0];
    parameter(layer + ".bias", {out});
    attribute(node("Gemm", {x.name, layer + ".weight", layer + ".bias"}, {output}), "transB",
              int64_t{1});
    return {output, {out}};
  }

  Value linear_relu(const std::string& layer, const Value& x) {
    return op("Relu", {linear(layer, x, layer + "_linear")}, layer);
  }

  // x [N, C, H, W] -> ReLU of torch::nn::Conv2d with this stride, no padding.
  Value conv_relu(const std::string& layer, const Value& x, int64_t stride) {
    const NamedTensor& w = parameter(layer + ".weight", {-1, x.dims.at(0), -1, -1});
    parameter(layer + ".bias", {w.shape[0]});
    onnx::NodeProto& conv =
        node("Conv", {x.name, layer + ".weight", layer + ".bias"}, {layer + "_conv"});
    attribute(conv, "kernel_shape", std::vector<int64_t>{w.shape[2], w.shape[3]});
    attribute(conv, "strides", std::vector<int64_t>{stride, stride});
    const Value conv_out{layer + "_conv",
                         {w.shape[0], (x.dims.at(1) - w.shape[2]) / stride + 1,
                          (x.dims.at(2) - w.shape[3]) / stride + 1}};
    return op("Relu", {conv_out}, layer);
  }

  Value flatten(const Value& x, const std::string& output) {
    attribute(node("Flatten", {x.name}, {output}), "axis", int64_t{1});
    int64_t size = 1;
    for (int64_t d : x.dims) size *= d;
    return {output, {size}};
  }

 private:
  onnx::GraphProto& graph_;
  std::map<std::string, const NamedTensor*> parameters_;
};

// torch::nn::LSTMCell on features x [N, F] from state_in [N, 2H] (h then c): adds the input
// state_in and the value state_out, and returns h.
Value lstm_cell(GraphBuilder& g, onnx::GraphProto& graph, const Value& x, int64_t h) {
  g.parameter("lstm.weight_ih", {4 * h, x.dims.at(0)});
  g.parameter("lstm.weight_hh", {4 * h, h});
  g.parameter("lstm.bias_ih", {4 * h});
  g.parameter("lstm.bias_hh", {4 * h});
  describe(*graph.add_input(), "state_in", onnx::TensorProto::FLOAT, {0, 2 * h},
           "the recurrent state before this observation, h then c; zeros at an episode's start");
  GraphBuilder::attribute(
      g.node("Split", {"state_in", g.int64s("state_split", {h, h})}, {"h_in", "c_in"}), "axis",
      int64_t{1});
  const Value h_in{"h_in", {h}}, c_in{"c_in", {h}};
  GraphBuilder::attribute(
      g.node("Gemm", {x.name, "lstm.weight_ih", "lstm.bias_ih"}, {"lstm_gates_from_input"}),
      "transB", int64_t{1});
  GraphBuilder::attribute(
      g.node("Gemm", {"h_in", "lstm.weight_hh", "lstm.bias_hh"}, {"lstm_gates_from_state"}),
      "transB", int64_t{1});
  g.node("Add", {"lstm_gates_from_input", "lstm_gates_from_state"}, {"lstm_gates"});
  GraphBuilder::attribute(g.node("Split", {"lstm_gates", g.int64s("gate_split", {h, h, h, h})},
                                 {"lstm_input_gate_in", "lstm_forget_gate_in", "lstm_cell_gate_in",
                                  "lstm_output_gate_in"}),
                          "axis", int64_t{1});
  const auto gate = [&](const std::string& op, const std::string& name) {
    return g.op(op, {Value{name + "_in", {h}}}, name);
  };
  const Value i = gate("Sigmoid", "lstm_input_gate");
  const Value f = gate("Sigmoid", "lstm_forget_gate");
  const Value c_new = gate("Tanh", "lstm_cell_gate");
  const Value o = gate("Sigmoid", "lstm_output_gate");
  const Value c =
      g.op("Add", {g.op("Mul", {f, c_in}, "lstm_kept"), g.op("Mul", {i, c_new}, "lstm_written")},
           "c_out");
  Value h_out = g.op("Mul", {o, g.op("Tanh", {c}, "lstm_c_tanh")}, "h_out");
  GraphBuilder::attribute(g.node("Concat", {h_out.name, c.name}, {"state_out"}), "axis",
                          int64_t{1});
  return h_out;
}

std::string metadata_value(const ExportedPolicy& policy, const std::string& key) {
  for (const auto& [k, v] : policy.metadata) {
    if (k == key) return v;
  }
  return "";
}

}  // namespace

std::string onnx_policy_bytes(const ExportedPolicy& policy, const std::string& doc) {
  onnx::ModelProto model;
  model.set_ir_version(onnx::IR_VERSION);
  model.set_producer_name("ga3c");
  model.set_producer_version(metadata_value(policy, "ga3c_version"));
  model.set_doc_string(doc);
  onnx::OperatorSetIdProto& opset = *model.add_opset_import();
  opset.set_domain("");
  opset.set_version(kOpset);
  for (const auto& [key, value] : policy.metadata) {
    onnx::StringStringEntryProto& entry = *model.add_metadata_props();
    entry.set_key(key);
    entry.set_value(value);
  }
  onnx::GraphProto& graph = *model.mutable_graph();
  graph.set_name("ga3c " + model::to_string(policy.layout));
  GraphBuilder g(graph, policy.parameters);

  const std::vector<int64_t> shape = input_shape(policy.input, policy.observation_shape);
  std::vector<int64_t> dims{0};
  dims.insert(dims.end(), shape.begin(), shape.end());
  describe(*graph.add_input(), "observation", element_type(policy.input), dims,
           "observations as the environment gives them (" + dtype_name(policy.input) + ")");
  Value x{"observation", shape};
  bool channels_first = false;
  if (policy.input != ObservationInput::kFloat32) {
    GraphBuilder::attribute(g.node("Cast", {x.name}, {"observation_float"}), "to",
                            int64_t{onnx::TensorProto::FLOAT});
    x.name = "observation_float";
  }
  if (policy.input == ObservationInput::kUint8FramesFirst) {
    // The same division as the environment's (grey level / 255 in float32).
    x = g.op("Div", {x, Value{g.scalar("grey_levels", 255.0f), {}}}, "observation_scaled");
    channels_first = true;
  }

  switch (policy.layout.kind) {
    case model::NetworkKind::kMlp:
      if (channels_first) x = g.transpose(x, {1, 2, 0}, "observation_hwc");
      x = g.linear_relu("fc2", g.linear_relu("fc1", g.flatten(x, "observation_flat")));
      break;
    case model::NetworkKind::kMinAtarCnn:
      if (!channels_first) x = g.transpose(x, {2, 0, 1}, "observation_chw");
      x = g.linear_relu("fc", g.flatten(g.conv_relu("conv", x, 1), "conv_flat"));
      break;
    case model::NetworkKind::kA3cCnn:
      if (!channels_first) x = g.transpose(x, {2, 0, 1}, "observation_chw");
      x = g.conv_relu("conv2", g.conv_relu("conv1", x, 4), 2);
      x = g.linear_relu("fc", g.flatten(x, "conv2_flat"));
      break;
    case model::NetworkKind::kAuto:
      throw std::invalid_argument("export needs a resolved network kind, not auto");
  }
  if (policy.layout.lstm_size > 0) x = lstm_cell(g, graph, x, policy.layout.lstm_size);
  g.parameter("policy.weight", {policy.num_actions, x.dims.at(0)});
  g.parameter("policy.bias", {policy.num_actions});
  GraphBuilder::attribute(g.node("Gemm", {x.name, "policy.weight", "policy.bias"}, {"logits"}),
                          "transB", int64_t{1});
  g.parameter("value.weight", {1, x.dims.at(0)});
  g.parameter("value.bias", {1});
  GraphBuilder::attribute(g.node("Gemm", {x.name, "value.weight", "value.bias"}, {"value_column"}),
                          "transB", int64_t{1});
  g.node("Squeeze", {"value_column", g.int64s("value_axes", {1})}, {"value"});
  describe(*graph.add_output(), "logits", onnx::TensorProto::FLOAT, {0, policy.num_actions},
           "unnormalised log-probabilities of the actions: pi = softmax(logits)");
  describe(*graph.add_output(), "value", onnx::TensorProto::FLOAT, {0}, "V(s)");
  if (policy.layout.lstm_size > 0) {
    describe(*graph.add_output(), "state_out", onnx::TensorProto::FLOAT,
             {0, 2 * policy.layout.lstm_size},
             "the recurrent state after this observation, h then c: pass it with the next one");
  }

  try {
    onnx::checker::check_model(model);
    onnx::ModelProto inferred = model;
    onnx::shape_inference::InferShapes(inferred, onnx::OpSchemaRegistry::Instance(),
                                       onnx::ShapeInferenceOptions(true, 1, false));
  } catch (const std::exception& e) {
    throw std::logic_error(std::string("ONNX refuses the exported graph: ") + e.what());
  }
  return model.SerializeAsString();
}

}  // namespace ga3c::exporting
