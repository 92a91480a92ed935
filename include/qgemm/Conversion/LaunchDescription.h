//===- LaunchDescription.h - the qgemm.launch host description --*- C++ -*-===//
//
// convert-qgemm-to-gpu leaves on every lowered func a `qgemm.launch`
// dictionary that says, in data, everything the host stub needs: the names,
// shapes and alignment of the func's arguments, the run-time sizes, the
// workspace buffers, and each kernel with its operands and launch geometry.
// The host-stub writer (qgemm/Target/HostStub.h) reads nothing else, so a new
// scheme only has to describe itself here.
//
// Schema (every field is required unless marked optional; unknown fields are
// errors):
//
//   scheme    : string  the scheme's name ("w8a8"), for the stub's comments
//   summary   : string  one line of math for the stub's header comment
//   module    : symbol  the gpu.module (after the pipeline, the gpu.binary)
//                       holding the kernels
//   n         : int     N, the output columns; a matmul kernel's grid x is
//                       ceil(N / block_n)
//   args      : array   one dictionary per func argument, in func order:
//       name  : string  its C parameter name (lowercase identifier)
//       dims  : array   per dimension of its memref type (of whole-byte
//                       integers or floats), the static extent
//                       (int, equal to the type's) or the name of a run-time
//                       size (string, where the type's extent is dynamic)
//       align : int     the byte alignment the kernels need (a power of 2)
//       pitch : int     optional: the elements from one row to the next of
//                       a rank-2 argument whose rows are padded (its type's
//                       layout is strided<[pitch, 1]>, offset 0); at least
//                       the static second dim. Absent: row-major, rows
//                       one after another
//   max_sizes : dict    the largest value of each run-time size named in
//                       `args` (int per name); `m`, the rows M, is required.
//                       The stub takes one int64_t per size, in the order of
//                       first appearance in `args`.
//   static_m  : int     optional: the rows M are this static value (the
//                       arguments' types say so and name no size `m`); the
//                       stub still takes `m` first, bounded by it, and
//                       accepts only 0 and this value
//   workspace : dict    the caller's device scratch buffer:
//       align         : int    alignment of the workspace pointer
//       section_align : int    every buffer starts at a multiple of it
//       buffers       : array  in workspace order, each a dictionary:
//           name         : string  a name kernels refer to it by
//           element_type : type    its element (a whole number of bytes)
//           dims         : array   as in `args` (sizes named in `args` only)
//           derived      : string  instead of dims, a rank-1 size the stub
//                                  derives from the chosen matmul kernel:
//                                  "split_k_partials": split_k whole
//                                    block_m x block_n tiles per output
//                                    tile when split_k > 1 without
//                                    cluster_split (else 0);
//                                  "split_k_counters": one per output tile
//                                    in the same case (else 0)
//                                  with tail_split > 1 instead:
//                                    wave_blocks tiles of partials and
//                                    wave_blocks counters; with
//                                    stream_k_tiles: 2 x wave_blocks of
//                                    each
//           kept_zero    : bool    optional (false): the kernels need it
//                                  zero and leave it zero, so the caller
//                                  zero-fills the workspace once after
//                                  allocating it (a buffer with static dims
//                                  only, so that it never moves with M)
//   kernels   : array   every kernel, each a dictionary:
//       kernel        : string  the gpu.func name
//       role          : string  "prologue": launched before the matmul, one
//                               block per `rows_per_block` rows of M;
//                               "matmul": a variant, the first whose max_m
//                               admits M is launched, grid
//                               (ceil(N / block_n), ceil(M / block_m),
//                               split_k);
//                               "validate": a check of the arguments' data
//                               that the stub's <name>_validate entry point
//                               runs (not the call): `blocks` blocks; its one
//                               workspace operand is an i32 status that the
//                               stub zeroes, then reads back (non-zero: the
//                               data is malformed)
//       operands      : array   names of func arguments or workspace
//                               buffers; each is passed as a memref
//                               descriptor (allocated and aligned pointer,
//                               offset, sizes, row-major strides)
//       threads       : int     threads per block (1 to 1024)
//       shared_memory : int     dynamic shared memory bytes
//       programmatic  : bool    optional (false): launched as a programmatic
//                               dependent of the kernel before it
//       tensor_maps   : array   optional: tensor maps the kernel takes
//                               before its operands, each as a 128-byte
//                               CUtensorMap kernel parameter that the stub
//                               encodes for the call; one dictionary each:
//           operand   : string  an argument or buffer of rank 2 or more
//                               whose dims past the first are static, read
//                               as a byte matrix [rows, row_bytes]: its
//                               leading dims are the rows ([n, r, c]: n x r
//                               rows of c elements)
//           row_bytes : int     the last dim x its element bytes (a multiple
//                               of 16)
//           box_rows  : int     the rows of one copy (1 to 256); a copy is
//                               box_rows x box_bytes bytes, swizzled in rows
//                               of box_bytes, and reads zeros past the rows
//                               or row_bytes
//           box_bytes : int     optional (128): 128 or 64, the bytes of a
//                               box row and the swizzle (128- or 64-byte)
//     role = "prologue":
//       rows_per_block : int
//     role = "validate":
//       blocks : int
//     role = "matmul":
//       block_m, block_n, split_k : int  the tile scheduler's geometry
//       max_m             : int   largest M it is chosen for (0: no bound)
//       min_sizes         : dict  optional: the smallest value of run-time
//                                 sizes other than m (int per name) it is
//                                 chosen for; a variant that does not admit
//                                 them gives way to the next
//       tail_split        : int   optional (1): with split_k = 1, the most
//                                 slices a tile of a partial last wave
//                                 is split into; the grid is then
//                                 one-dimensional: T = ceil(N / block_n)
//                                 x ceil(M / block_m) tiles, R = T mod
//                                 wave_blocks, s = min(tail_split,
//                                 wave_blocks / max(R, 1)); T - R + R s
//                                 blocks when R > 0 and s >= 2, else T
//       stream_k_tiles    : int   optional (0: none): the K tiles of one
//                                 output tile, for a stream-K grid: with
//                                 split_k = 1 and no tail_split, the K
//                                 iterations (K tiles) of the
//                                 tiles of the last partial wave and one
//                                 whole wave before it are cut into
//                                 wave_blocks equal ranges (all the tiles'
//                                 when T < wave_blocks); the grid is
//                                 one-dimensional: T = ceil(N / block_n)
//                                 x ceil(M / block_m) tiles, W =
//                                 wave_blocks, R = T mod W; T blocks when
//                                 R = 0 or R >= W - W / 8, else T - S +
//                                 min(W, S x stream_k_tiles) with S = T
//                                 when T < W, R + W otherwise
//       wave_blocks       : int   with tail_split > 1 or stream_k_tiles: the
//                                 blocks of one wave (resident at once)
//       cluster_split     : bool  optional (false): with split_k > 1, the
//                                 split_k blocks of a tile (z = 0 ..
//                                 split_k - 1) are launched as one thread
//                                 block cluster (1, 1, split_k); the
//                                 split-K buffers are then empty
//       split_in_kernel   : bool  optional (false): with split_k > 1 and
//                                 no cluster_split, the grid's z extent is
//                                 1 and the kernel cuts the work itself
//                                 (the BSR register-direct split); the
//                                 split-K buffers are sized as for split_k
//                                 slices
//       row_split         : int   optional (0: none): H, a multiple of
//                                 block_m; when M mod H = r is in
//                                 [1, row_rest], the stub runs this variant
//                                 on the first M - r rows, then the last r
//                                 rows as a call of their own (the variant
//                                 chosen for r rows, every argument whose
//                                 first dim is m offset by M - r rows, the
//                                 first kernel launched in stream order);
//                                 needs a dynamic M, and m only as an
//                                 argument's first dim
//       row_rest          : int   with row_split: R in [1, H), the most
//                                 rows cut off
//       replaces_prologue : bool  optional (false): it does the prologue's
//                                 work itself; no prologue kernel runs
//       ring_plan         : dict  optional: with split_k > 1 (and no
//                                 cluster_split, split_in_kernel,
//                                 tail_split or stream_k_tiles), the kernel
//                                 takes three i32 before its operands
//                                 (after its tensor maps), S, W
//                                 and C of the work plan of its one-row
//                                 tiles (the BSR split ring), which the
//                                 stub computes per call from the run-time
//                                 size n = `size` and the grid's y extent
//                                 T:
//                                   S = min(max(min_slice, ceil(n / spare),
//                                       ceil(n T / wave_items)), max_slice)
//                                   W = min(2 S, max_slice)
//                                   C = min(floor(n / S), spare)
//           size       : string  a run-time size other than m
//           min_slice  : int     at least 1
//           max_slice  : int     at least min_slice, below 2^31
//           spare      : int     ceil(N / block_n) x (split_k - 1), the
//                                blocks with z > 0 (below 2^31)
//           wave_items : int     1 to 2^31 - 1
//
// The matmul kernels are listed by increasing max_m, the unbounded ones
// (max_m = 0) last; at least one is required. At most one kernel
// validates. Every integer field is at most 2^31 - 1;
// argument and buffer elements are integers or floats of 8, 16, 32 or 64
// bits; a "split_k_counters" buffer comes with a "split_k_partials" one.
//
// W8A8 (N = 128, K = 256; one variant shown):
//
//   qgemm.launch = {scheme = "w8a8", n = 128, module = @f_kernels,
//     summary = "Y[M, 128] = fp16(quantize(X[M, 256]) . Wq^T * sx * sw)",
//     args = [{name = "x", dims = ["m", 256], align = 16},
//             {name = "wq", dims = [128, 256], align = 16},
//             {name = "sw", dims = [128], align = 16},
//             {name = "y", dims = ["m", 128], align = 16}],
//     max_sizes = {m = 16777216},
//     workspace = {align = 16, section_align = 256, buffers = [
//       {name = "xq", element_type = i8, dims = ["m", 256]},
//       {name = "sx", element_type = f32, dims = ["m"]},
//       {name = "partials", element_type = i32, derived = "split_k_partials"},
//       {name = "counters", element_type = i32, derived =
//       "split_k_counters"}]},
//     kernels = [
//       {kernel = "quantize", role = "prologue", threads = 32,
//        rows_per_block = 1, shared_memory = 0,
//        operands = ["x", "xq", "sx", "counters"]},
//       {kernel = "matmul_v0", role = "matmul", threads = 128, block_m = 16,
//        block_n = 32, split_k = 4, max_m = 0, shared_memory = 11520,
//        operands = ["xq", "sx", "wq", "sw", "y", "partials", "counters"]}]}
//
//===----------------------------------------------------------------------===//

#ifndef QGEMM_CONVERSION_LAUNCHDESCRIPTION_H
#define QGEMM_CONVERSION_LAUNCHDESCRIPTION_H

#include "qgemm/IR/QGemm.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"

#include <optional>
#include <string>
#include <variant>

namespace mlir::qgemm {

/// One dimension in a description: a static extent or a run-time size name.
using LaunchDim = std::variant<int64_t, std::string>;

/// A func argument as the stub passes it.
struct LaunchArg {
  std::string name;
  SmallVector<LaunchDim> dims;
  int64_t align = 1;
  /// Elements from one row to the next where the rows are padded (rank 2);
  /// 0: row-major.
  int64_t pitch = 0;
};

/// How a workspace buffer's size is found.
enum class WorkspaceSize {
  /// From its `dims`.
  Dims,
  /// The split-K partial tiles of the chosen matmul kernel.
  SplitKPartials,
  /// The split-K tile counters of the chosen matmul kernel.
  SplitKCounters,
};

/// A buffer of the workspace.
struct WorkspaceBuffer {
  std::string name;
  Type elementType;
  SmallVector<LaunchDim> dims;
  WorkspaceSize size = WorkspaceSize::Dims;
  /// Needed zero by the kernels and left zero by every call.
  bool keptZero = false;

  /// Bytes of one element.
  int64_t getElementBytes() const {
    return elementType.getIntOrFloatBitWidth() / 8;
  }
};

/// When and how a kernel is launched.
enum class KernelRole { Prologue, Validate, Matmul };

/// Bytes of one row of a tensor map's box by default: one 128-byte swizzle
/// row.
inline constexpr int64_t kTensorMapBoxBytes = 128;

/// A tensor map a kernel takes: copies of `boxRows` x `boxBytes` bytes
/// (swizzled in rows of `boxBytes`) of the byte matrix [rows, rowBytes]
/// that `operand` is.
struct LaunchTensorMap {
  std::string operand;
  int64_t rowBytes = 0, boxRows = 0;
  int64_t boxBytes = kTensorMapBoxBytes;
};

/// The work plan of a split one-row ring kernel (`ring_plan`): the host
/// stub computes its S, W and C per call from the run-time size `size` and
/// the grid (formula in the schema above) and passes them before the
/// kernel's operands.
struct LaunchRingPlan {
  std::string size;
  int64_t minSlice = 0, maxSlice = 0, spare = 0, waveItems = 0;
};

/// A kernel of the family.
struct LaunchKernel {
  std::string name;
  KernelRole role = KernelRole::Matmul;
  /// Tensor maps, passed before `operands`.
  std::vector<LaunchTensorMap> tensorMaps;
  SmallVector<std::string> operands;
  int64_t threads = 0, sharedMemory = 0;
  bool programmatic = false;
  /// Prologue: rows of M per block.
  int64_t rowsPerBlock = 0;
  /// Validate: blocks of its grid.
  int64_t blocks = 0;
  /// Matmul: tile, K slices, M bound (0: none).
  int64_t blockM = 0, blockN = 0, splitK = 1, maxM = 0;
  /// Matmul: the split_k slices of a tile are one cluster (1, 1, split_k)
  /// and need no split-K workspace.
  bool clusterSplit = false;
  /// Matmul: the split_k slices are work items that each block of a grid
  /// (ceil(N / blockN), ceil(M / blockM), 1) loops over (the BSR
  /// register-direct split); the split-K workspace is sized as for a grid
  /// of split_k slices.
  bool splitInKernel = false;
  /// Matmul: tail_split's most slices (1: none) and the blocks of a wave.
  int64_t tailSplit = 1, waveBlocks = 0;
  /// Matmul: the K tiles of one output tile with a stream-K grid
  /// (stream_k_tiles; 0: none; needs waveBlocks).
  int64_t streamKTiles = 0;
  bool replacesPrologue = false;
  /// Matmul: row_split's H (0: none) and row_rest's R: M past a multiple
  /// of H by 1 to R rows is run as two calls, the whole multiples first.
  int64_t rowSplit = 0, rowRest = 0;
  /// Matmul: the work plan the stub computes and passes before the operands
  /// (ring_plan), if any.
  std::optional<LaunchRingPlan> ringPlan;
  /// Matmul: lower bounds of run-time sizes other than m (may be empty).
  std::vector<std::pair<std::string, int64_t>> minSizes;
};

/// The `qgemm.launch` description of a lowered func (schema above).
struct LaunchDescription {
  std::string scheme, summary, module;
  int64_t n = 0;
  /// The static rows M, or 0 when M is a run-time size.
  int64_t staticM = 0;
  SmallVector<LaunchArg> args;
  /// Largest value of each run-time size, in first-appearance order.
  SmallVector<std::pair<std::string, int64_t>> maxSizes;
  int64_t workspaceAlign = 1, sectionAlign = 1;
  SmallVector<WorkspaceBuffer> buffers;
  SmallVector<LaunchKernel, 0> kernels;

  /// The description as the `qgemm.launch` attribute.
  DictionaryAttr toAttr(MLIRContext *ctx) const;

  /// Reads and checks the description of `func`; emits a located error on
  /// `func` and fails when it is missing a field, names an unknown operand
  /// or size, or does not match the func's signature.
  static FailureOr<LaunchDescription> read(func::FuncOp func);

  /// Checks `attr` as the description of `func` and reads it.
  static FailureOr<LaunchDescription> read(func::FuncOp func,
                                           DictionaryAttr attr);

  /// The index of the argument named `name`, or -1.
  int getArgIndex(StringRef name) const;
  /// The index of the run-time size named `name` in maxSizes, or -1.
  int getSizeIndex(StringRef name) const;
  /// The index of the workspace buffer named `name`, or -1.
  int getBufferIndex(StringRef name) const;
};

/// Largest M a W8A8 stub call accepts (the grid's y extent stays far below
/// its limit for every variant's block M up to 2^24 / 256).
inline constexpr int64_t kW8A8MaxM = int64_t(1) << 24;

/// The bound of `m` in the description of `op`: its static M, or
/// kW8A8MaxM when M is dynamic.
inline int64_t getMaxRows(MatmulOp op) {
  return ShapedType::isDynamic(op.getM()) ? kW8A8MaxM : op.getM();
}

/// Builds the description of a lowered W8A8 family: arguments x, wq, sw, y
/// (the matmul's lhs, weights and out, which must be the func's arguments
/// one to one), the workspace xq, sx, partials, counters (each at a
/// multiple of `sectionAlign`), and `kernels`, the `quantize` prologue and
/// the matmul variants as built (their operands are named here). Checks
/// every kernel's operands against its gpu.func in `module`; emits a
/// located error and fails on a mismatch.
FailureOr<DictionaryAttr> buildW8A8LaunchDescription(
    func::FuncOp func, MatmulOp op, gpu::GPUModuleOp module,
    ArrayRef<LaunchKernel> kernels, int64_t sectionAlign);

/// The launch description of a lowered W4A16 matmul: arguments x (dims
/// [m, K]), wq, scales, zeros (with zero points), y ([m, N]), no workspace
/// buffer, and `kernels`, the matmul variants (operands x, wq, scales,
/// [zeros,] y). Checks as buildW8A8LaunchDescription.
FailureOr<DictionaryAttr> buildW4A16LaunchDescription(
    func::FuncOp func, MatmulOp op, gpu::GPUModuleOp module,
    ArrayRef<LaunchKernel> kernels, int64_t sectionAlign);

/// The launch description of a lowered BSR matmul: arguments x ([m, K]),
/// row_ptr, col_idx ([nnzb]), blocks ([nnzb, 32, 32]), y ([m, N]); the
/// workspace status (the validate kernel's flag), counters (split slices,
/// kept zero, sized for the largest tile count of a split variant) and
/// partials; `kernels`: validate, then the matmul variants. Checks as
/// buildW8A8LaunchDescription.
FailureOr<DictionaryAttr> buildBsrLaunchDescription(
    func::FuncOp func, MatmulOp op, gpu::GPUModuleOp module,
    ArrayRef<LaunchKernel> kernels, int64_t sectionAlign);

} // namespace mlir::qgemm

#endif // QGEMM_CONVERSION_LAUNCHDESCRIPTION_H
