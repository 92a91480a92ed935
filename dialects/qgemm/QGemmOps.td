//===- QGemmOps.td - qgemm operations ----------------------*- tablegen -*-===//
//
// qgemm.quantize and qgemm.matmul: the two operations of the dialect. Both
// work on memrefs in destination-passing style.
//
//===----------------------------------------------------------------------===//

#ifndef QGEMM_OPS_TD
#define QGEMM_OPS_TD

include "QGemmAttrs.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

class QGemm_Op<string mnemonic, list<Trait> traits = []>
    : Op<QGemm_Dialect, mnemonic, traits>;

def QGemm_QuantizeOp : QGemm_Op<"quantize"> {
  let summary = "dynamic per-token (or per-block) activation quantization";
  let description = [{
    Quantizes X[M, K] (fp16 or bf16) into `quantized` (the encoding's storage
    type, same shape) and `scales` (f32 [M] per token, f32 [M, K / block] per
    block). Symmetric: scale = absmax / Qmax, q = clamp(round_half_even(x /
    scale), Qmin, Qmax); an all-zero row gets scale 0 and q = 0.

    ```mlir
    qgemm.quantize ins(%x : memref<?x4096xf16>)
        outs(%xq, %sx : memref<?x4096xi8>, memref<?xf32>)
        {encoding = #qgemm.act<i8, per_token>}
    ```
  }];
  let arguments = (ins
    Arg<AnyMemRef, "activation", [MemRead]>:$input,
    Arg<AnyMemRef, "quantized activation", [MemWrite]>:$quantized,
    Arg<AnyMemRef, "scales", [MemWrite]>:$scales,
    QGemm_ActivationEncodingAttr:$encoding
  );
  let assemblyFormat = [{
    `ins` `(` $input `:` type($input) `)`
    `outs` `(` $quantized `,` $scales `:` type($quantized) `,` type($scales) `)`
    attr-dict
  }];
  let hasVerifier = 1;
}

def QGemm_MatmulOp : QGemm_Op<"matmul", [AttrSizedOperandSegments]> {
  let summary = "quantized or block-sparse Y = X . W^T";
  let description = [{
    Y[M, N] = X[M, K] . W[N, K]^T, with X described by `lhs_encoding` and W
    by `weight_encoding`. `lhs_scales` holds the activation scales when X is
    already quantized (i8 X with f32 [M] scales); an fp16 X with a quantized
    `lhs_encoding` is quantized inside the kernel. `weights` are the weight
    operands that `weight_encoding` names, in its order. M may be dynamic;
    N and K are static.

    Schemes:
    - W8A8: `#qgemm.act<i8, per_token>` with `format = int8`:
      Y = fp16(acc_i32 * sx[m] * sw[n]);
    - W4A16: `#qgemm.act<f16>` with `format = int4`: Y = X . (Wq * s)^T with
      fp32 accumulation;
    - BSR DDS: `#qgemm.act<f16>` with `format = bsr`.

    `target` and `configs` are filled by `qgemm-configure` unless given.

    ```mlir
    qgemm.matmul lhs(%x : memref<?x4096xf16>)
        weights(%w, %sw : memref<4096x4096xi8>, memref<4096xf32>)
        outs(%y : memref<?x4096xf16>)
        {lhs_encoding = #qgemm.act<i8, per_token>,
         weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
    ```
  }];
  let arguments = (ins
    Arg<AnyMemRef, "activation X", [MemRead]>:$lhs,
    Arg<Variadic<AnyMemRef>, "activation scales", [MemRead]>:$lhs_scales,
    Arg<Variadic<AnyMemRef>, "weight operands", [MemRead]>:$weights,
    Arg<AnyMemRef, "output Y", [MemWrite]>:$out,
    QGemm_ActivationEncodingAttr:$lhs_encoding,
    QGemm_WeightEncodingAttr:$weight_encoding,
    OptionalAttr<QGemm_TargetAttr>:$target,
    OptionalAttr<QGemm_ConfigArrayAttr>:$configs
  );
  let assemblyFormat = [{
    `lhs` `(` $lhs `:` type($lhs) `)`
    (`lhs_scales` `(` $lhs_scales^ `:` type($lhs_scales) `)`)?
    `weights` `(` $weights `:` type($weights) `)`
    `outs` `(` $out `:` type($out) `)`
    attr-dict
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// Dimensions of the problem; M is ShapedType::kDynamic when unknown.
    int64_t getM();
    int64_t getN();
    int64_t getK();
    /// The K extent of one tensor-core mma for this scheme (32 for int8
    /// activations, 16 for fp16).
    int64_t getMmaK();
    /// True when the fp16 activation is quantized inside the matmul.
    bool hasFusedQuantize();
  }];
}

#endif // QGEMM_OPS_TD
