// A policy as an ONNX model (opset 17, IR version 8: ONNX 1.12, Debian 12's libonnx), built
// with ONNX's own protobuf classes and checked by ONNX's checker and strict shape inference.
//
// Graph: the forward pass of model/actor_critic.h with the observation scaling inside.
//   inputs   observation  ExportedPolicy::input's dtype, [N, input_shape(...)]  (N: any batch)
//            state_in     float32 [N, 2 * lstm_size], h then c; recurrent networks only, zeros
//                         at an episode's start
//   outputs  logits       float32 [N, A], unnormalised log-probabilities (softmax for pi)
//            value        float32 [N], V(s)
//            state_out    float32 [N, 2 * lstm_size], the state to pass with the next
//                         observation (recurrent networks only)
// The LSTM is written as its gate arithmetic (Gemm, Sigmoid, Tanh) in LibTorch's gate order
// (input, forget, cell, output) rather than ONNX's LSTM operator, whose gate order and
// sequence layout differ; ONNX Runtime gives ga3c's outputs within float32 rounding
// (tests/cli/check_export.py).
#pragma once

#include <string>

#include "export/exported_policy.h"

namespace ga3c::exporting {

// The serialised ModelProto. doc: the model's doc_string. Throws std::invalid_argument when
// policy's parameters are not those its layout needs (a missing name or a wrong shape), and
// std::logic_error when ONNX's checker or shape inference refuses the graph (a ga3c bug).
std::string onnx_policy_bytes(const ExportedPolicy& policy, const std::string& doc);

}  // namespace ga3c::exporting
