//===- Configure.cpp - choose targets and tiling variants -----------------===//
//
// qgemm-configure: fills the target and the kernel variants (configs) of
// every qgemm.matmul that lacks them, and rejects a config whose shared
// memory does not fit the target.
//
//===----------------------------------------------------------------------===//

#include "qgemm/Transforms/Passes.h"

#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "qgemm-configure"

namespace mlir::qgemm {
#define GEN_PASS_DEF_QGEMMCONFIGURE
#include "qgemm/Transforms/Passes.h.inc"
} // namespace mlir::qgemm

using namespace mlir;
using namespace mlir::qgemm;

/// The ring's shared memory (see getSharedMemoryBytes).
static int64_t getRingSharedMemoryBytes(MatmulOp op, ConfigAttr config) {
  WeightEncodingAttr weights = op.getWeightEncoding();
  if (weights.getFormat() == WeightFormat::bsr)
    return getBsrRingLayout(config, op.getK()).total;
  if (config.isRegisterDirect())
    return getRegisterSharedLayout(config, op.getK()).total;
  if (weights.getFormat() == WeightFormat::int4 &&
      !op.getLhsEncoding().isQuantized()) {
    int64_t groupSize = weights.getScales() == ScaleGranularity::per_group
                            ? weights.getGroupSize()
                            : 0;
    return getW4A16RingLayout(config, groupSize, weights.getZeroPoints())
        .total;
  }
  int64_t eltBytes = op.getLhsEncoding().getStorage().getIntOrFloatBitWidth() / 8;
  // wgmma reads swizzled, unpadded rows from 1024-byte-aligned tiles; the
  // kernel aligns the dynamic shared memory itself, hence the extra 1024.
  // A TMA ring keeps a `full` and an `empty` mbarrier per slot after it.
  if (config.isWgmma())
    return config.getStages() * (config.getBlockM() + config.getBlockN()) *
               config.getBlockK() * eltBytes +
           kSwizzleAtomBytes +
           (config.isTma() ? 2 * kMbarrierBytes * config.getStages() : 0);
  int64_t rowBytes = config.getBlockK() * eltBytes + kSharedRowPadBytes;
  return config.getStages() * (config.getBlockM() + config.getBlockN()) *
         rowBytes;
}

int64_t mlir::qgemm::getSharedMemoryBytes(MatmulOp op, ConfigAttr config) {
  int64_t bytes = getRingSharedMemoryBytes(op, config);
  // A cluster_split variant's partial tile reuses the idle ring after the
  // K loop, from the ring's 1024-byte aligned start.
  if (config.getClusterSplit())
    bytes = std::max(bytes, config.getClusterTileBytes() + kSwizzleAtomBytes);
  return bytes;
}

LogicalResult mlir::qgemm::checkSharedMemory(MatmulOp op, ConfigAttr config) {
  int64_t limit = op.getTargetAttr().getMaxSharedMemoryPerBlock();
  int64_t bytes = getSharedMemoryBytes(op, config);
  LLVM_DEBUG(llvm::dbgs() << config << ": " << bytes << " bytes\n");
  if (bytes <= limit)
    return success();
  return op.emitOpError() << "config " << config << " needs " << bytes
                          << " bytes of shared memory, over the "
                          << op.getTargetAttr().getChip() << " limit of "
                          << limit << " bytes";
}

/// The multiple of `step` nearest to `value` (halves round up), at least
/// `step`.
static int64_t getNearestMultiple(int64_t value, int64_t step) {
  return std::max<int64_t>((value + step / 2) / step, 1) * step;
}

/// Largest M of the register-direct variant: one block per 16 rows and
/// column block, the row blocks of a column next to each other. Measured on
/// the H200 (docs/perf-notes.md, v8): faster than the 32-row ring at M = 32
/// and 64 on every shape, slower than wgmma tiles from M = 128.
constexpr int64_t kRegisterMaxM = 64;
/// The same for W8A8 on sm_90a for N >= 1536 where the 64 x 64 wgmma tiles
/// follow (appendW8A8WgmmaConfigs, hasW8A8NarrowTiles).
constexpr int64_t kRegisterWgmmaMaxM = 32;
/// The same for W4A16 on sm_90a where the split register-A tiles follow
/// (addW4A16MidConfigs): the 64-channel variant to M = 48 where it stays
/// ahead of them, else to M = 32.
constexpr int64_t kW4A16RegisterWgmmaMaxM = 48, kW4A16LongKRegisterMaxM = 32;
/// Past this many weight bytes (N x K) the register-direct variant stops at
/// M = 16 when wgmma tiles follow it: it reads the weights once per 16 rows,
/// and measured on the H200 (docs/perf-notes.md, v9) the 64 x 128 wgmma
/// tiles were faster from M = 17 for 11008 x 4096 (45 MB: 23.1 against
/// 34.3 us at M = 33, 23.8 against 46.1 at M = 64), while the register
/// variant stayed ahead to M = 48 for 4096 x 4096 (16.8 MB).
constexpr int64_t kRegisterMaxWeightBytes = int64_t(32) << 20;
/// Shortest K for which the M = 1 variant quantizes the row in every block
/// (fuse_quantize) instead of launching the quantize kernel.
constexpr int64_t kFusedMinK = 4096;

namespace {
/// A config chosen earlier with the fields the later configure steps change
/// (the tiles, stages, split_k, max_m, tail_split, copy, cluster_split) open
/// to edit; get() builds it with every other field of the original (the row
/// split included).
struct ConfigEdit {
  explicit ConfigEdit(ConfigAttr config)
      : config(config), ctaTile(config.getCtaTile()),
        warpTile(config.getWarpTile()), stages(config.getStages()),
        splitK(config.getSplitK()), maxM(config.getMaxM()),
        tailSplit(config.getTailSplit()), copy(config.getCopy()),
        clusterSplit(config.getClusterSplit()) {}

  ConfigAttr get() const {
    return ConfigAttr::get(config.getContext(), ctaTile, warpTile, stages,
                           splitK, maxM, config.getMma(), config.getOperands(),
                           config.getFuseQuantize(), config.getMinFill(),
                           tailSplit, copy, config.getStreamK(), clusterSplit,
                           config.getRowSplit(), config.getRowRest());
  }

  ConfigAttr config;
  SmallVector<int64_t, 3> ctaTile;
  SmallVector<int64_t, 2> warpTile;
  int64_t stages, splitK, maxM, tailSplit;
  CopyKind copy;
  bool clusterSplit;
};
} // namespace

/// Row splits of a W4A16 wgmma chain (`configs`, register variants first),
/// from the chain's own time model `estimate(m, config)` (kernel us at M =
/// m on `config`'s tiles): the host stub runs M = H q + r (r in [1, R]) as
/// H q rows on the variant chosen for M, then r rows as a call of their
/// own (docs/perf-notes.md, v40). Measured on the H200 (r99, us): past a
/// bound where the chain changes tiles the next variant starts a second
/// wave (4096 x 4096 at M = 1024 / 1280: 48.0 / 77.5, 1280 rows cut into
/// 1024 + 256 would take about 71; 4096 x 11008 g128: 120.9 / 217.2 and
/// about 168), while on 11008 x 4096, 28672 x 8192 and 1024 x 4096 the cut
/// costs more than the wave it saves, as the model says. A cut is taken
/// when the model gives it kCutGain of margin with kCallUs for the extra
/// call:
/// - at each bound B >= 512 of a wgmma variant, a variant on its tiles
///   bounded at B + R with row_split = B cuts M = B + 1 .. B + R (R the
///   most multiple of 128 up to B / 2 for which every M = B + 128 j wins;
///   the variants it covers are dropped);
/// - on the unbounded last tiles, row_split = H, H the fewest rows of those
///   tiles that fill 95% of their waves, row_rest = R, checked at the
///   first multiple of H past the variant's start.
static void
addW4A16RowSplits(SmallVector<ConfigAttr> &configs,
                  llvm::function_ref<double(int64_t, ConfigAttr)> estimate) {
  constexpr double kCallUs = 3.0, kCutGain = 1.1;
  constexpr int64_t kStep = 128, kMinBound = 512, kMaxTileRows = 64;
  // The wgmma variant the chain runs at M = m, if it is one.
  auto variantAt = [&](int64_t m) -> ConfigAttr {
    for (ConfigAttr config : configs)
      if (config.getMaxM() == 0 || m <= config.getMaxM())
        return config.isWgmma() ? config : ConfigAttr();
    return ConfigAttr();
  };
  // The most rest (a multiple of kStep up to head / 2) for which cutting
  // M = head + r (r = kStep, 2 kStep, ..) on `whole`'s tiles wins at every
  // step, where the chain runs M on `whole` (null: on variantAt(M)).
  auto maxRest = [&](ConfigAttr head, int64_t headRows, ConfigAttr whole) {
    int64_t rest = 0;
    for (int64_t r = kStep; r <= headRows / 2; r += kStep) {
      ConfigAttr uncut = whole ? whole : variantAt(headRows + r);
      ConfigAttr tail = variantAt(r);
      if (!uncut || !tail)
        break;
      double cut = estimate(headRows, head) + estimate(r, tail) + kCallUs;
      if (kCutGain * cut >= estimate(headRows + r, uncut))
        break;
      rest = r;
    }
    return rest;
  };
  // Bounded variants first: each adds one after it.
  for (size_t i = 0; i + 1 < configs.size(); ++i) {
    ConfigAttr config = configs[i];
    int64_t bound = config.getMaxM();
    if (!config.isWgmma() || config.getSplitK() > 1 || bound < kMinBound ||
        bound % config.getBlockM() != 0)
      continue;
    int64_t rest = maxRest(config, bound, ConfigAttr());
    if (rest == 0)
      continue;
    ConfigAttr cut = config.withMaxM(bound + rest).withRowSplit(bound, rest);
    configs.insert(configs.begin() + i + 1, cut);
    // The variants the cut covers whole are gone.
    while (i + 2 < configs.size() - 1 &&
           configs[i + 2].getMaxM() <= bound + rest)
      configs.erase(configs.begin() + i + 2);
    ++i;
  }
  // The unbounded last tiles.
  ConfigAttr lastTiles = configs.back();
  if (configs.size() < 2 || !lastTiles.isWgmma() || lastTiles.getSplitK() > 1)
    return;
  // Fewest rows of tiles whose blocks fill 95% of their waves, measured by
  // the model: a row of tiles costs no more than 1 / 0.95 of its share of
  // kMaxTileRows rows.
  int64_t start = configs[configs.size() - 2].getMaxM();
  int64_t tileRows = lastTiles.getBlockM();
  double fullRowUs =
      estimate(kMaxTileRows * tileRows, lastTiles) / kMaxTileRows;
  int64_t k = 1;
  while (k <= kMaxTileRows &&
         0.95 * estimate(k * tileRows, lastTiles) > k * fullRowUs)
    ++k;
  if (k > kMaxTileRows)
    return;
  int64_t rows = k * tileRows;
  int64_t head = (start / rows + 1) * rows;
  int64_t rest = maxRest(lastTiles, head, lastTiles);
  if (rest > 0)
    configs.back() = lastTiles.withRowSplit(rows, rest);
}

static bool replaceMRange(SmallVectorImpl<ConfigAttr> &configs, int64_t lo,
                          int64_t hi, ConfigAttr tile,
                          bool keepCutsPast = false);
static ConfigAttr getServingConfig(ArrayRef<ConfigAttr> configs, int64_t m);
static int64_t getGridBlocks(MatmulOp op, ConfigAttr config, int64_t m);
static int64_t getW4A16RuleKTiles(MatmulOp op);

/// Rows cut off past the full waves of addW4A16FullWaveRestCuts, the
/// least fill (percent) of those waves, their most (measured: 2 to 5) and
/// the largest bound they follow.
constexpr int64_t kFullWaveRestRows = 192, kFullWaveRestMinFill = 90,
                  kFullWaveRestMaxWaves = 5, kFullWaveRestMaxBound = 1792;
/// The most rows cut off past full waves where the chain's own variant
/// would take a last round a quarter full or less.
constexpr int64_t kFullWaveLongRestRows = 384;
/// The same past one wave: the rows cut off under kOneWaveLongRestMinBound
/// with per-channel scales (at most a quarter of B) and from it or with
/// group scales (at most half of B), the least fill and the least bound.
constexpr int64_t kOneWaveRestRows = 384, kOneWaveLongRestRows = 768,
                  kOneWaveLongRestMinBound = 1536, kOneWaveRestMinFill = 80,
                  kOneWaveRestMinBound = 768;
/// The largest B of the chain's last, unbounded 256 x 128 tiles (their last
/// M of one wave) that the cut follows.
constexpr int64_t kOneWaveRestMaxLastBound = 8192;
/// The fewest K tiles of 64 of every rest cut (the least K measured: 2048).
constexpr int64_t kRestCutMinKTiles = 32;

/// A rest cut off past full waves of a W4A16 chain (`configs`, after
/// addW4A16RowSplits): where `config`, an unsplit 256 x 128 register-A
/// variant bounded at B = `bound` (a multiple of 256 up to `maxBound`,
/// kFullWaveRestMaxBound for the bounded variants, one block a
/// multiprocessor) runs at M = B a grid of two to kFullWaveRestMaxWaves waves,
/// each at least kFullWaveRestMinFill% full, the M of B + 1 .. B +
/// kFullWaveRestRows from the first at which the chain's own variant takes more
/// rounds of blocks than those waves (two one-warpgroup tiles of up to 128 rows
/// a multiprocessor, one of the others) run as B rows on it and the rest as a
/// call of its own (row_split = B); the variants the cut covers are cut or
/// dropped. addW4A16RowSplits's model (128-row steps, a 10% margin) leaves
/// these out. Measured on the H200 (docs/perf-notes.md, v88, same run, the
/// cut's time over the chain's):
/// - e529 (hand configs, B = 768, at M = B + 32 / 64 / 128 / 192 and 1000):
///   11008 x 4096 pc 0.86 / 0.89 / 0.98 / 0.90 (1.00 at 1000), g128z 0.82
///   / 0.88 / 0.94 / 0.94 (1.01), 10240 x 4096 pc 0.85 / 0.89 / 0.95 / 0.96
///   (1.05), the 128 x 128 tiles after B taking a third round from B + 1;
/// - e530, nine layers held out, from B + 1: B = 512 (15360 x 8192 g128,
///   16384 x 4096 pc, 24576 x 5120 g128z) 0.80 to 0.98, B = 768 (10752 x
///   4096 g128z, 11264 x 8192 pc, 22016 x 4096 pc, 27648 x 5120 g128) 0.80
///   to 1.00, B = 1024 (8192 x 2048 pc, 11776 x 4096 g128z) 0.86 to 1.00;
///   at B = 1280 to 1792 (six layers) 0.91 to 1.09 at B + 32 to 128, where
///   the chain's 128 x 128 tiles take no extra round, 0.75 to 0.91 at
///   B + 192;
/// - e533, the six from the M where they do (B + 129): 9216 x 4096 pc and
///   6144 x 8192 g128z (B = 1280), 5120 x 4096 g128 and 7680 x 8192 pc
///   (1536), 4352 x 4096 pc and 6656 x 5120 g128z (1792), 0.82 to 0.96.
/// The same past one wave (v89), B of kOneWaveRestMinBound or more, each
/// wave at least kOneWaveRestMinFill% full, rests of min(kOneWaveRestRows,
/// B / 4) rows (min(`longRest`, B / 2) from B = kOneWaveLongRestMinBound or
/// with group scales, v90; `longRest` kOneWaveLongRestRows for the bounded
/// variants, B for the chain's last): where the one-warpgroup
/// 128 x 128 tiles after B take a second round (19 and 20 columns from M =
/// 1665), e544 (hand configs, B = 1536) 2432 / 2560 x 4096 pc 0.83 to 0.84,
/// 2432 x 8192 g128 and 2560 x 8192 g128z 0.69 to 0.78 the time at M = 1696 to
/// 1920; held out, e545, ten layers at B = 768 to 1792: 0.71 to 0.98 (3072 x
/// 14336 g128 at M = 1441 257.1 -> 207.2 us); at B = 512 (two layers, rests of
/// 128 rows) 0.83 / 0.85 at B + 1, 0.97 to 1.02 past it, so not there. Rests of
/// up to 768 rows (v90): e548 (hand configs, B = 1536 to 3584, five layers)
/// 0.69x to 0.87x the time past the shorter rests, 0.98x to 1.05x
/// elsewhere; e550 (held out): from B = 1536 (nine layers) 0.59x to
/// 0.93x, at B = 768 to 1280 (six layers) 0.84x to 1.07x (5440 x 4096 pc
/// 1.04x / 1.07x at M = 961 / 1024, over 176-token tiles in two full
/// rounds; 3008 x 8192 pc 1.05x at 1920) but 0.84x to 0.96x with group
/// scales (three layers of g128z), so per channel the longer rests start
/// at B = 1536; e551, nine layers with group scales (g32z to g128) held
/// out at B = 768 to 1280: 0.72x to 0.98x, 1.01x / 1.02x at the last M of
/// the rest at B = 1280 (2880 x 8192 g64, 3008 x 5120 g128). A least fill
/// of 80% (v90; 85 before): e555, the 27- and 28-column layers at B = 1024
/// (3584 x 3584 and 3584 x 18944 g128, where a survey of released models'
/// layers found 0.65 to 0.69 x cuBLAS fp16 at M = 1280; 3392 x 14336
/// g128, 3456 x 4096 pc, 3520 x 3584 pc held out) 0.74x to 0.88x the time,
/// the 36- and 37-column ones at B = 768 0.92x to 1.02x with group scales,
/// 0.99x to 1.00x per channel. Past two to five waves the cut reaches on
/// from B + kFullWaveRestRows over the M at which the chain's own variant
/// would take a last round a quarter full or less, to B +
/// kFullWaveLongRestRows (v90): e556, 6144 x 4096 g128 (a survey's 0.65 x
/// cuBLAS fp16 at M = 1536: 128 x 128 tiles in a third round of 48 blocks)
/// and five layers held out (34 to 61 columns, B = 1280 to 1792), 0.76x to
/// 0.94x the time at B + 193 to B + 256 (11008 x 4096's third round at M =
/// 961 to 1024, 61% full, stays: e529 found the longer cut level there).
static void addW4A16FullWaveRestCut(MatmulOp op,
                                    SmallVectorImpl<ConfigAttr> &configs,
                                    ConfigAttr config, int64_t bound,
                                    int64_t maxBound, int64_t longRest) {
  int64_t sms = op.getTargetAttr().getMultiprocessorCount();
  int64_t columns = llvm::divideCeilSigned(op.getN(), 128);
  // The blocks of `config` a round runs (two one-warpgroup tiles of up to
  // 128 rows a multiprocessor, one of the others: their registers;
  // getWaveBlocks counts shared memory and threads only), and the rounds it
  // takes at M = m.
  auto slots = [&](ConfigAttr config) {
    return (config.getWarpN() == config.getBlockN() && config.getBlockM() <= 128
                ? 2
                : 1) *
           sms;
  };
  auto rounds = [&](ConfigAttr config, int64_t m) {
    return llvm::divideCeilSigned(getGridBlocks(op, config, m), slots(config));
  };
  if (!config.isWgmma() || !config.isRegisterA() || config.getSplitK() != 1 ||
      config.getRowSplit() != 0 || config.getBlockM() != 256 ||
      config.getBlockN() != 128 || bound <= 0 || bound % 256 != 0 ||
      bound > maxBound || getW4A16RuleKTiles(op) < kRestCutMinKTiles)
    return;
  int64_t blocks = columns * (bound / 256);
  int64_t waves = llvm::divideCeilSigned(blocks, sms);
  bool grouped =
      op.getWeightEncoding().getScales() == ScaleGranularity::per_group;
  int64_t rest = waves != 1 ? kFullWaveRestRows
                 : bound >= kOneWaveLongRestMinBound || grouped
                     ? std::min(longRest, bound / 2)
                     : std::min(kOneWaveRestRows, bound / 4);
  int64_t minFill = waves == 1 ? kOneWaveRestMinFill : kFullWaveRestMinFill;
  if (waves > kFullWaveRestMaxWaves || 100 * blocks < minFill * waves * sms ||
      (waves == 1 && bound < kOneWaveRestMinBound))
    return;
  int64_t cutM = bound + rest, from = 0;
  for (int64_t m = bound + 1; m <= cutM && from == 0; ++m) {
    ConfigAttr serving = getServingConfig(configs, m);
    if (!serving || !serving.isWgmma())
      break;
    // A variant that cuts M itself (addW4A16RowSplits' last tiles) runs
    // M = m whole where m is past its rest.
    int64_t split = serving.getRowSplit();
    if (split != 0 && m % split >= 1 && m % split <= serving.getRowRest())
      continue;
    if (rounds(serving, m) > waves)
      from = m;
  }
  if (from == 0)
    return;
  // Past the rest of a cut past full waves, the M whose own variant takes
  // a last round of a quarter of its slots or less, to kFullWaveLongRestRows.
  for (int64_t m = cutM + 1; waves > 1 && m <= bound + kFullWaveLongRestRows;
       ++m) {
    ConfigAttr serving = getServingConfig(configs, m);
    if (!serving || !serving.isWgmma() || serving.getRowSplit() != 0)
      break;
    int64_t grid = getGridBlocks(op, serving, m), perRound = slots(serving);
    int64_t r = llvm::divideCeilSigned(grid, perRound);
    if (r <= waves || 4 * (grid - (r - 1) * perRound) > perRound)
      break;
    cutM = m;
  }
  (void)replaceMRange(configs, from, cutM,
                      config.withRowSplit(bound, cutM - bound),
                      /*keepCutsPast=*/true);
}

/// addW4A16FullWaveRestCut over every bounded variant of the chain, B its
/// max_m.
static void addW4A16FullWaveRestCuts(MatmulOp op,
                                     SmallVectorImpl<ConfigAttr> &configs) {
  for (size_t i = 0; i + 1 < configs.size(); ++i)
    addW4A16FullWaveRestCut(op, configs, configs[i], configs[i].getMaxM(),
                            kFullWaveRestMaxBound, kOneWaveLongRestRows);
}

/// The cut of addW4A16FullWaveRestCut past the one wave of the chain's
/// last variant, unbounded, B its last M of one wave (to
/// kOneWaveRestMaxLastBound), where the variant before it ends under B; for
/// a dynamic M only (addW4A16MCuts), and once every other W4A16 rule has run
/// (their tiles serve the M before B as measured): 9 to 16 columns of 128,
/// where the second round would start at B + 1 (1152 x 8192 g128z at M =
/// 3585 175.6 us against 95.7 at 3520). e546 (hand configs, B = 3072 /
/// 3584): 0.59x to 0.71x the time at B + 1 to B + 384 on 1408 x 4096 pc,
/// 1408 x 8192 g128 and 1152 x 8192 g128z. To B = 8192 (5 to 8 columns,
/// v90): e549 (a build with it against the chains before) 0.68x to 0.74x
/// on four layers; e550 held out, with rests of 768 rows (576 x 8192 g128,
/// 704 x 8192 g128z, 832 x 4096 pc): 0.59x to 0.76x. Rests of B / 2 rows
/// (v90): e552 (hand configs, six layers, B = 2560 to 6656) 0.73x to 0.94x
/// the time past the rests of 768 rows, where the last tiles take a second
/// round; rests of 3 B / 4 gain nothing more (0.95x to 1.05x past B / 2).
static void addW4A16LastWaveRestCut(MatmulOp op,
                                    SmallVectorImpl<ConfigAttr> &configs) {
  int64_t sms = op.getTargetAttr().getMultiprocessorCount();
  int64_t bound = 256 * (sms / llvm::divideCeilSigned(op.getN(), 128));
  if (!ShapedType::isDynamic(op.getM()) || configs.empty() ||
      configs.back().getMaxM() != 0 ||
      (configs.size() > 1 && configs[configs.size() - 2].getMaxM() >= bound))
    return;
  addW4A16FullWaveRestCut(op, configs, configs.back(), bound,
                          kOneWaveRestMaxLastBound, /*longRest=*/bound);
}

/// The largest B of the cuts of addW4A16TailFullWaveRestCuts.
constexpr int64_t kTailRestMaxBound = 8192;

/// The cut of addW4A16FullWaveRestCut past two to kFullWaveRestMaxWaves
/// full waves of the chain's last variant, unbounded 256 x 128 tiles of one
/// block a multiprocessor, at every B (a multiple of 256 from the variant's
/// first M to kTailRestMaxBound) whose grid fills those waves to
/// kFullWaveRestMinFill percent or more: the M of B + 1 to B +
/// kFullWaveRestRows that the variant would run in one more round, and
/// that its own cut (addW4A16RowSplits' row_split) leaves whole, run as B
/// rows on it and the rest as a call of its own. The variant is cut into
/// bounded pieces around each such range; for a dynamic M only, once every
/// other W4A16 rule has run. addW4A16FullWaveRestCuts measured these cuts
/// on bounded variants to B = 1792 (v88, v90); past it the last variant
/// had only its own periodic cut, and a survey of released models' layers
/// (v91, e558) found the rounds past full waves it leaves: 3072 x 8192 g128
/// at M = 4224 382.3 us against 274.6 at 4096. Measured (v91, e564, nine
/// layers against the chains before, same run, both bench orders): 0.80x
/// to 0.90x the time at B + 1, 0.89x to 0.97x at B + 192, none slower
/// (3072 x 8192 g128 at M = 4097 354.9 -> 288.4 us, 0.79 -> 0.97 x cuBLAS
/// fp16; 5120 x 5120 g128 at 2305 227.9 -> 182.1); 8192 x 3072 at B = 1024
/// and 1536 level (1.00x).
static void addW4A16TailFullWaveRestCuts(MatmulOp op,
                                         SmallVectorImpl<ConfigAttr> &configs) {
  if (!ShapedType::isDynamic(op.getM()) || configs.empty() ||
      getW4A16RuleKTiles(op) < kRestCutMinKTiles)
    return;
  ConfigAttr tail = configs.back();
  if (tail.getMaxM() != 0 || !tail.isWgmma() || !tail.isRegisterA() ||
      tail.getSplitK() != 1 || tail.getBlockM() != 256 ||
      tail.getBlockN() != 128 || tail.getWarpN() != 64)
    return;
  int64_t sms = op.getTargetAttr().getMultiprocessorCount();
  int64_t first =
      configs.size() > 1 ? configs[configs.size() - 2].getMaxM() + 1 : 1;
  int64_t split = tail.getRowSplit(), splitRest = tail.getRowRest();
  auto tailCuts = [&](int64_t m) {
    return split != 0 && m % split >= 1 && m % split <= splitRest;
  };
  auto rounds = [&](int64_t m) {
    return llvm::divideCeilSigned(getGridBlocks(op, tail, m), sms);
  };
  SmallVector<ConfigAttr> pieces;
  // The last M of the pieces so far (each range ends under the next B).
  int64_t previous = first - 1;
  for (int64_t bound = 256 * llvm::divideCeilSigned(first, 256);
       bound <= kTailRestMaxBound; bound += 256) {
    int64_t blocks = getGridBlocks(op, tail, bound);
    int64_t waves = llvm::divideCeilSigned(blocks, sms);
    if (waves < 2 || waves > kFullWaveRestMaxWaves ||
        100 * blocks < kFullWaveRestMinFill * waves * sms)
      continue;
    // The M past B that take another round and that the variant's own cut
    // leaves whole: a run from B + 1.
    int64_t cutM = bound;
    for (int64_t m = bound + 1; m <= bound + kFullWaveRestRows; ++m) {
      if (tailCuts(m) || rounds(m) <= waves)
        break;
      cutM = m;
    }
    if (cutM == bound)
      continue;
    // The variant's own cut on the piece up to B, where it is below B (the
    // verifier's); under it no M of the piece is cut (each is past the
    // variant's rest), or the rule stays out.
    ConfigAttr piece = tail.withMaxM(bound);
    if (split >= bound) {
      if (previous + 1 <= splitRest)
        return;
      piece = tail.withRowSplit(0, 0).withMaxM(bound);
    }
    pieces.push_back(piece);
    pieces.push_back(tail.withRowSplit(bound, cutM - bound).withMaxM(cutM));
    previous = cutM;
  }
  if (pieces.empty())
    return;
  configs.pop_back();
  configs.append(pieces.begin(), pieces.end());
  configs.push_back(tail);
}

/// The cuts of a dynamic M of a W4A16 wgmma chain into two calls
/// (addW4A16RowSplits with the chain's time model `estimate`, then
/// addW4A16FullWaveRestCuts). A static M is one call of the variant that
/// serves it (chooseConfigs drops row_split): a cut's tiles over the whole
/// M are what neither the cut nor the model chose there (docs/perf-notes.md,
/// v88, e538: 0.81x to 0.95x the time on six static M without the cuts),
/// so it keeps the chain uncut.
static void
addW4A16MCuts(MatmulOp op, SmallVector<ConfigAttr> &configs,
              llvm::function_ref<double(int64_t, ConfigAttr)> estimate) {
  if (!ShapedType::isDynamic(op.getM()))
    return;
  addW4A16RowSplits(configs, estimate);
  addW4A16FullWaveRestCuts(op, configs);
}

/// Tokens a one-wave band of addW4A16OneWaveBands steps by, and the fewest
/// it has (bands of 64 to 224 tokens measured).
constexpr int64_t kW4A16BandStep = 32, kW4A16BandMinRows = 64;

/// One-wave token bands of a W4A16 wgmma chain (`configs`, after its row
/// splits): an unsplit register-A variant of 128-channel tiles (128 x 128,
/// one warpgroup; 256 x 128, two) whose grid is at most one wave over its
/// whole range (the previous variant's max_m, max_m] gets variants of the
/// same tiles over fewer tokens before it (kW4A16BandMinRows or more, in
/// steps of kW4A16BandStep), each bounded at the M where R =
/// floor(multiprocessors / column tiles) rows of its tiles still fit the
/// wave: the same blocks, less work each, where the variant's tiles would
/// leave the wave's blocks padded with rows past M. The bands take the
/// producer's TMA ring (96-token bands on cp.async were 1.06x slower than
/// the 128 x 128 tiles they cut, on the producer 0.93x). Measured on the H200
/// (docs/perf-notes.md, v55, `.gpu-out/e153`): 4096 x 4096 per channel at M =
/// 576 / 640 on 160-token tiles 0.78x the time of the 256 x 128 tiles, at 704 /
/// 768 on 176 / 192 tokens 0.82x to 0.86x; 4096 x 11008 0.77x to 0.86x, g128z
/// 0.85x to 0.93x; at M = 300 / 384 on 96-token tiles of one warpgroup 0.93x
/// (two 64-channel warpgroups: 0.97x).
static void addW4A16OneWaveBands(MatmulOp op,
                                 SmallVectorImpl<ConfigAttr> &configs) {
  int64_t rows = op.getTargetAttr().getMultiprocessorCount() /
                 llvm::divideCeilSigned(op.getN(), 128);
  // Where one row of 128-channel tiles is more than a wave (N over 16896
  // on 132 multiprocessors), the 256 x 128 tiles of M = 129 to 256 still
  // make one row of tiles: bands of fewer tokens keep its blocks and cut
  // their work (docs/perf-notes.md, v63, e235, same run, us at M = 129 /
  // 160 / 192 / 224 bands against the 256 x 128 tiles: 28672 x 8192 pc
  // 129.5 / 129.4 / 142.5 / 154.9 against 238.7 / 183.8 / 169.5 / 175.3,
  // g128z 145.9 / 146.6 / 158.1 / 170.5 against 266.6 / 219.9 / 175.9 /
  // 181.7; 32000 x 4096 pc 67.2 / 68.0 / 74.4 / 84.5 against 132.3 /
  // 100.4 / 89.2 / 92.8; 98.6 us at M = 128 on one wave of 128 x 256).
  bool wideRow = rows == 0;
  rows = std::max<int64_t>(rows, 1);
  SmallVector<ConfigAttr> banded;
  int64_t previous = 0;
  for (ConfigAttr config : configs) {
    int64_t bound = config.getMaxM(), tiles = config.getBlockM();
    if (config.isWgmma() && config.isRegisterA() && config.getSplitK() == 1 &&
        config.getRowSplit() == 0 && config.getBlockN() == 128 &&
        (tiles == 128 || tiles == 256) && (!wideRow || tiles == 256) &&
        bound > 0 && llvm::divideCeilSigned(bound, tiles) <= rows) {
      for (int64_t t = std::max<int64_t>(
               kW4A16BandMinRows,
               llvm::alignTo(llvm::divideCeilSigned(previous + 1, rows),
                             kW4A16BandStep));
           t < tiles && rows * t < bound; t += kW4A16BandStep) {
        // Not 128 tokens on the 256-row tiles' two 64-channel warpgroups
        // (v51: up to 1.15x slower than one warpgroup of 128 channels).
        if (t == 128)
          continue;
        ConfigEdit band(config);
        band.ctaTile[0] = band.warpTile[0] = t;
        band.maxM = rows * t;
        band.copy = CopyKind::tma_producer;
        banded.push_back(band.get());
      }
    }
    banded.push_back(config);
    if (bound > 0)
      previous = bound;
  }
  configs.assign(banded.begin(), banded.end());
}

/// Two rows of token bands of a W4A16 chain past the variant `*from`
/// (register-A, bounded at M = 256): for each t of `tokens`, `*from`'s
/// tiles over t tokens to M = 2t (`split` K slices, clustered when more
/// than one; the producer's TMA ring), in place of the variants after
/// `*from` that end by the last band's M; the next variant serves past it.
static void insertW4A16TwoRowBands(SmallVectorImpl<ConfigAttr> &configs,
                                   ConfigAttr *from, ArrayRef<int64_t> tokens,
                                   int64_t split) {
  int64_t toM = 2 * tokens.back();
  SmallVector<ConfigAttr> banded(configs.begin(), std::next(from));
  for (int64_t t : tokens) {
    ConfigEdit band(*from);
    band.ctaTile = {t, 128, 64};
    band.warpTile = {t, 64};
    band.stages = 4;
    band.splitK = split;
    band.clusterSplit = split > 1;
    band.tailSplit = 1;
    band.maxM = 2 * t;
    band.copy = CopyKind::tma_producer;
    banded.push_back(band.get());
  }
  for (ConfigAttr config : llvm::make_range(std::next(from), configs.end()))
    if (config.getMaxM() == 0 || config.getMaxM() > toM)
      banded.push_back(config);
  configs.assign(banded.begin(), banded.end());
}

/// Two rows of token bands of a W4A16 wgmma chain (`configs`, after
/// addW4A16OneWaveBands) where one row of 128-channel tiles is more than a
/// wave (N over 16896 on 132 multiprocessors): M = 257 to 448, past the 256
/// x 128 tiles of one row, takes tiles of t tokens and 128 channels (two
/// warpgroups of 64, on the producer's TMA ring) in two rows, t = 160 to M
/// = 320, 192 to 384, 224 to 448: 2 x ceil(N / 128) blocks, fewer waves of
/// less work than the 128 x 256 tiles in three rows (2.5 waves at M = 320)
/// or 128 x 128 tiles in three or four. Measured (docs/perf-notes.md, v64,
/// `.gpu-out/e249`, same run, time ratios against the chain before at M =
/// 288 / 320 / 352 / 384 / 416 / 448): 28672 x 8192 pc 0.86 / 0.87 / 0.94
/// / 0.92 / 0.87 / 0.86, g128 0.91 / 0.89 / 0.93 / 0.93 / 0.89 / 0.88,
/// g32z 0.93 / 0.90 / 0.94 / 0.91 / 0.91 / 0.86; as the rule (e250, against
/// the head's stubs) 32000 x 4096 pc 0.87 / 0.87 / 0.93 / 0.89 / 0.78 /
/// 0.91.
static void addW4A16WideRowTwoRowBands(MatmulOp op,
                                       SmallVectorImpl<ConfigAttr> &configs) {
  constexpr int64_t kFromM = 256, kTokens[] = {160, 192, 224};
  if (llvm::divideCeilSigned(op.getN(), 128) <=
      op.getTargetAttr().getMultiprocessorCount())
    return;
  auto *row = llvm::find_if(configs, [&](ConfigAttr config) {
    return config.isWgmma() && config.isRegisterA() &&
           config.getSplitK() == 1 && config.getRowSplit() == 0 &&
           config.getBlockM() == 256 && config.getBlockN() == 128 &&
           config.getMaxM() == kFromM;
  });
  if (row != configs.end() && std::next(row) != configs.end())
    insertW4A16TwoRowBands(configs, row, kTokens, /*split=*/1);
}

/// Two rows of token bands in two clustered K slices of a W4A16 wgmma chain
/// (`configs`, after addW4A16OneWaveBands): where those blocks, 2 rows x
/// ceil(N / 128) columns x 2 slices, are one wave and at least half of one
/// (N of 2080 to 4224 on 132 multiprocessors), M = 257 to 384, past a
/// variant bounded at 256, takes tiles of t tokens and 128 channels (two
/// warpgroups of 64, the producer's TMA ring), t = 160 to M = 320, 192 to
/// 384, in place of the variants there (the one-wave bands of 96 tokens,
/// one row of 128-channel tiles too few for the multiprocessors at M = 288;
/// 128 x 128 tiles in two slices, three rows: two waves). Measured
/// (docs/perf-notes.md, v64, `.gpu-out/e252`, same run, us at M = 257 /
/// 320 / 384): 4096 x 4096 pc 29.0 / 29.4 / 29.4 -> 22.9 / 22.6 / 24.2, g128
/// 32.4 / 34.2 / 33.0 -> 24.6 / 24.8 / 26.7; 4096 x 11008 pc 65.9 / 66.5 /
/// 67.8 -> 47.2 / 47.4 / 51.5; as the rule (e253, against the head's stubs,
/// M = 257 to 384) 4160 x 4096 pc 0.76 to 0.81, 4096 x 4032 pc 0.78 to
/// 0.83, 4096 x 4096 g32z 0.73 to 0.79, 4096 x 11008 g64z 0.71 to 0.78.
/// Not on 11008 x 4096 (344 blocks, 2.6 waves: 1.13x to 1.29x slower).
/// Where the variant that serves M = 256 runs past it (the time model's
/// 128 x 128 tiles in two slices where its levels of 256 and 384 chose the
/// same), that variant is cut at 256 and resumes after the bands (v83,
/// e463: 4096 x 6784 g128 took 1.22x the time of 4096 x 6912 at M = 384;
/// e465, both orders, 0.75x to 0.81x the time at M = 272 to 384 on 4096 x
/// 6784 g128, and on 3072 x 4224 pc, 3584 x 4480 g128z, 3584 x 4608 g128z,
/// 4160 x 7040 g128 not used to choose it).
static void addW4A16SplitTwoRowBands(MatmulOp op,
                                     SmallVectorImpl<ConfigAttr> &configs) {
  constexpr int64_t kFromM = 256, kTokens[] = {160, 192};
  int64_t sms = op.getTargetAttr().getMultiprocessorCount();
  int64_t blocks = 2 * llvm::divideCeilSigned(op.getN(), 128) * 2;
  if (blocks > sms || 2 * blocks < sms)
    return;
  // The variant that serves M = 256; one past it (the time model's 128 x 128
  // tiles in two slices over its levels of 256 and 384) is cut at 256 and
  // resumes after the bands.
  auto *from = llvm::find_if(configs, [&](ConfigAttr config) {
    return config.getMaxM() == 0 || config.getMaxM() >= kFromM;
  });
  if (from == configs.end() || !from->isWgmma() || !from->isRegisterA())
    return;
  if (from->getMaxM() != kFromM)
    from = configs.insert(from, from->withMaxM(kFromM));
  if (std::next(from) != configs.end())
    insertW4A16TwoRowBands(configs, from, kTokens, /*split=*/2);
}

/// Two-wave token bands of a W4A16 wgmma chain (`configs`, after
/// addW4A16OneWaveBands): where an unsplit register-A 128 x 128 variant
/// (one warpgroup, two blocks a multiprocessor) over (the previous
/// variant's max_m, max_m = B] has a grid of more than one wave (more than
/// two blocks a multiprocessor), tiles of t tokens and 128 channels (two
/// warpgroups of 64, one block a multiprocessor) take the M where it does:
/// with R2 = floor(2 x multiprocessors / column tiles), R2 rows of t =
/// B / R2 tokens (rounded up to 16) are two waves at M = B, where the
/// 128 x 128 tiles are a wave and a part. t is kept in [144, 208].
/// Measured on the H200 against the 128 x 128 tiles (docs/perf-notes.md,
/// v56, `.gpu-out/e169`, time ratios):
/// - 11008 x 4096 at M = 385 to 512 on 176 tokens: 0.89 (pc at 448: 1.00);
/// - 4096 x 4096, 4096 x 11008, 4160 x 4096 at 1281 to 1536 on 192: 0.91
///   to 0.94;
/// - 14336 / 13824 / 16384 wide at 257 to 384 on 192: 0.91 to 0.94 (at
///   320, 0.98 to 1.03);
/// - 3072 x 8192 (192) and 3584 x 18944 (208): 0.90 to 0.94;
/// - 5120 wide at 897 to 1024 (176): 0.88 to 0.89; 6144 (208): 0.95;
///   8192 x 8192 at 641 to 768 (192): 0.91 to 0.95;
/// - 8960 x 1536 at 385 to 640 on 224 tokens (K of 1536): 1.02, hence the
///   bound.
static void addW4A16TwoWaveBands(MatmulOp op,
                                 SmallVectorImpl<ConfigAttr> &configs) {
  constexpr int64_t kMinTokens = 144, kMaxTokens = 208, kStep = 16;
  int64_t sms = op.getTargetAttr().getMultiprocessorCount();
  int64_t columnTiles = llvm::divideCeilSigned(op.getN(), 128);
  int64_t rows = 2 * sms / columnTiles;
  if (rows == 0)
    return;
  SmallVector<ConfigAttr> banded;
  int64_t previous = 0;
  for (ConfigAttr config : configs) {
    int64_t bound = config.getMaxM();
    // Past M = rows x 128 the 128 x 128 grid is more than one wave.
    int64_t from = std::max(previous, rows * 128);
    int64_t t = llvm::alignTo(llvm::divideCeilSigned(bound, rows), kStep);
    if (config.isWgmma() && config.isRegisterA() && config.getSplitK() == 1 &&
        config.getRowSplit() == 0 && config.getBlockM() == 128 &&
        config.getBlockN() == 128 && bound > from && t >= kMinTokens &&
        t <= kMaxTokens) {
      if (from > previous)
        banded.push_back(config.withMaxM(from));
      ConfigEdit band(config);
      band.ctaTile[0] = band.warpTile[0] = t;
      band.warpTile[1] = 64;
      band.copy = CopyKind::tma_producer;
      banded.push_back(band.get());
    } else {
      banded.push_back(config);
    }
    if (bound > 0)
      previous = bound;
  }
  configs.assign(banded.begin(), banded.end());
}

/// The K tiles of 64 the W4A16 tile rules weigh: those of K rounded up to a
/// multiple of 128, so that a K of an odd count of K tiles (K % 128 = 64)
/// gets the splits and tiles of that neighbour (the kernels' last K slice
/// is one K tile shorter). Until v62 the rules counted K's own tiles and
/// such K got none of the split tiles that need an even count: 2752 x 7232
/// g32 at M = 256 took 51.5 us unsplit, 33.4 in two slices like its
/// neighbour 2816 x 7296 (32.2); 1024 x 4032 g64 21.4 us in two slices,
/// 16.0 in four (1024 x 4096: 15.0; perf notes v62, e219, e220). Four
/// uneven slices where the neighbour has none (2048 x 4224, 66 K tiles)
/// were 1.23x to 1.30x slower at M = 256 than its two clustered ones.
static int64_t getW4A16RuleKTiles(MatmulOp op) {
  return int64_t(llvm::alignTo(op.getK(), 128)) / 64;
}

/// W4A16 on sm_90a past the register variants (`configs`): wgmma with the
/// weights dequantized into its register operand A (operands = register_a,
/// Y^T = W . X^T): 128 x 128 tiles (one warpgroup, two blocks per
/// multiprocessor; K split in s = 1, 2 or 4 slices), 128 x 256 tiles (two
/// warpgroups of 128 channels, one block per multiprocessor; unsplit, where
/// 256 divides N) or 256 x 128 tiles (two warpgroups of 64 channels and 256
/// rows, one block per multiprocessor: each weight dequantized once for 256
/// rows; past M = 512 also in two clustered K slices where that grid is
/// one wave of 80 blocks or more), chosen per power-of-two M level from 128
/// on by a time model measured on the H200 (docs/perf-notes.md, v17, v23,
/// v52): a K tile of 64 takes kWideTileUs in a grid of 128 x 256 blocks,
/// kTallTileUs in a grid of 256 x 128 blocks (kTallSplitTileUs in two
/// clustered slices, their exchange included), kTileUs in a grid of
/// 128 x 128 blocks with two per multiprocessor, kLoneTileUs when that
/// grid has at most one block per multiprocessor; a grid takes
/// ceil(blocks / resident blocks) waves (a partial last wave of unsplit
/// 128 x 128 tiles with at most one block a multiprocessor at
/// kLoneTileUs); any other split adds the partial tiles' traffic, s x M x
/// N x 8 bytes at kReduceBytesPerUs. It reproduces the
/// measured 4096 x 4096 times at M = 512 / 1024 / 4096 (35 / 52 / 194 us
/// measured, 35 / 51 / 202 predicted). Levels are every 128 rows up to
/// M = 512, then powers of two, those past 512 whose choice is unsplit cut
/// into sub-levels of 128 or 256 rows to M = 2048; they stop at the first
/// from 2048 whose best choice is the unsplit 256 x 128 tile, which then
/// serves every larger M.
/// The rules' K is a multiple of 128 (getW4A16RuleKTiles), so K's tiles of
/// 64 take 2 slices evenly, and 4 in slices of uneven length where 4 do not
/// divide them (K an odd multiple of 128: the last slices a K tile shorter;
/// split K takes that). Measured against the 2 slices such K took before
/// (v83, same run, both orders, time at M = 81 to 256, the chains otherwise
/// the same): e468 1536 x 4224 pc 0.88x to 0.92x, 2048 x 5504 g128z 0.84x
/// to 0.92x, 2048 x 11136 g128 0.80x to 0.82x, 2560 x 7040 pc 0.86x to
/// 1.00x, 3072 x 5504 g64z 0.93x to 1.00x, e469 (M = 96 to 128) 2560 x 9856
/// pc 0.83x to 0.95x, 2816 x 8576 g128z, 3072 x 8320 pc, 3072 x 10112 g64
/// 0.84x to 0.96x, and on layers not used to choose it, 1792 x 5504 pc
/// 0.83x to 0.90x, 2048 x 4480 g32z 0.85x to 0.96x, 2304 x 6016 g128 0.85x
/// to 1.00x; e470, the rule's chains against the ones before: 0.80x to
/// 1.01x on nine layers (1280 x 6016 pc, held out, 0.81x to 0.93x at M =
/// 72 to 256). The v62 loss of 4 uneven slices (2048 x 4224 at M = 256,
/// getW4A16RuleKTiles) was on 64 x 64 tiles; the model keeps these to its
/// level of 128 there.
static SmallVector<ConfigAttr>
chooseW4A16WgmmaConfigs(MatmulOp op, SmallVector<ConfigAttr> configs) {
  constexpr double kWideTileUs = 0.85, kTallTileUs = 0.79, kTileUs = 0.87,
                   kLoneTileUs = 0.55, kTallSplitTileUs = 0.88,
                   kReduceBytesPerUs = 3e6;
  constexpr int64_t kMaxLevelM = 1 << 16, kTallSplitMinM = 512,
                    kTallSplitMinBlocks = 80, kTallSplitMidMaxM = 1024,
                    kTallSplitMidMinKTiles = 32;
  MLIRContext *ctx = op.getContext();
  int64_t n = op.getN();
  int64_t sms = op.getTargetAttr().getMultiprocessorCount();
  int64_t kTiles = getW4A16RuleKTiles(op);
  bool wide = n % 256 == 0;
  /// A candidate tile: 128 x 128 (split), 128 x 256 or 256 x 128.
  struct Tile {
    int64_t m, n, splitK;
    bool operator==(const Tile &o) const {
      return m == o.m && n == o.n && splitK == o.splitK;
    }
  };
  auto make = [&](Tile tile, int64_t maxM) {
    // 256-row tiles: one m64n256 accumulator for 64 channels a warpgroup.
    SmallVector<int64_t, 2> warpTile = {tile.m, tile.m == 256 ? 64 : 128};
    return ConfigAttr::get(ctx, {tile.m, tile.n, 64}, warpTile,
                           std::min<int64_t>(4, kTiles + 1), tile.splitK, maxM,
                           MmaKind::wgmma, OperandPath::register_a,
                           /*fuseQuantize=*/false);
  };
  // The blocks of a grid of `tile` for M rows.
  auto gridBlocks = [&](int64_t m, Tile tile) -> int64_t {
    return llvm::divideCeilSigned(m, tile.m) *
           llvm::divideCeilSigned(n, tile.n) * tile.splitK;
  };
  auto estimate = [&](int64_t maxM, Tile tile) {
    int64_t blocks = gridBlocks(maxM, tile);
    bool lone = tile.m == 256 || tile.n == 256;
    // The 256 x 128 tiles in two clustered slices: the cluster's reduction
    // is in their K tile's time (v52), not in the partials' traffic.
    bool tallSplit = tile.m == 256 && tile.splitK == 2;
    double tileUs = tallSplit       ? kTallSplitTileUs
                    : tile.m == 256 ? kTallTileUs
                    : tile.n == 256 ? kWideTileUs
                    : blocks <= sms ? kLoneTileUs
                                    : kTileUs;
    int64_t resident = lone ? sms : 2 * sms;
    double sliceTiles = double(llvm::divideCeil(kTiles, tile.splitK));
    double us = double(blocks / resident) * sliceTiles * tileUs;
    // A partial last wave of unsplit 128 x 128 tiles that leaves them one
    // a multiprocessor runs at the lone rate (v37 step 4).
    if (int64_t rest = blocks % resident)
      us += sliceTiles *
            (!lone && tile.splitK == 1 && rest <= sms ? kLoneTileUs : tileUs);
    if (tile.splitK > 1 && !tallSplit)
      us += double(tile.splitK * maxM * n * 8) / kReduceBytesPerUs;
    return us;
  };
  const Tile last = {256, 128, 1};
  // Levels every 128 rows up to M = 512, since a wave boundary can fall
  // between powers of two (11008 x 4096 at M = 384: three rows of 128 x 256
  // tiles fill one wave, two rows of 256 x 128 tiles take two), then powers
  // of two; the last tile may win a level and lose the next.
  // The best tile at level maxM: the split 128 x 128 tiles too, or only
  // the unsplit ones.
  auto choose = [&](int64_t maxM, bool splits) {
    Tile best = {128, 128, 1};
    double bestUs = estimate(maxM, best);
    auto consider = [&](Tile tile) {
      if (double us = estimate(maxM, tile); us < bestUs) {
        best = tile;
        bestUs = us;
      }
    };
    // The split 128 x 128 tiles: 2 or 4 slices, uneven where 4 do not
    // divide K's tiles (the comment above).
    if (splits)
      for (int64_t splitK : {2, 4})
        consider({128, 128, splitK});
    if (wide)
      consider({128, 256, 1});
    // The 256 x 128 tiles in two clustered slices, past M = 512 where
    // their grid is one wave from 80 blocks at the level's first M (its
    // levels are powers of two) up to the multiprocessors' count at its
    // last: measured on 1024 x 4096 at M = 1025 to 2048 (80 to 128 blocks,
    // v52: 0.83x to 0.92x the time of the 128 x 128 tiles), slower at
    // M = 769 to 1024 (64 blocks, 1.3x); at M = 513 to 1024 on N of 1665
    // to 2048 (96 to 128 blocks) and K of 32 tiles or more (v86: 0.83x to
    // 1.03x the time of the chains before, one-warpgroup 128 x 128 tiles
    // and one-wave bands, on six layers, 0.83x to 0.99x on eight held out;
    // on K of 12 to 22 tiles 0.99x to 1.22x).
    const Tile tallSplit = {256, 128, 2};
    if (splits && kTiles % 2 == 0 && maxM > kTallSplitMinM &&
        (maxM > kTallSplitMidMaxM || kTiles >= kTallSplitMidMinKTiles) &&
        gridBlocks(maxM / 2 + 1, tallSplit) >= kTallSplitMinBlocks &&
        gridBlocks(maxM, tallSplit) <= sms)
      consider(tallSplit);
    consider(last);
    return best;
  };
  // Levels with the same choice are one variant.
  auto add = [&](Tile best, int64_t maxM) {
    ConfigAttr config = make(best, maxM);
    if (!configs.empty() && configs.back().isWgmma() &&
        configs.back().getBlockM() == best.m &&
        configs.back().getBlockN() == best.n &&
        configs.back().getSplitK() == best.splitK)
      configs.back() = config;
    else
      configs.push_back(config);
  };
  // Past M = 512 a level whose choice is unsplit is cut into sub-levels of
  // 128 rows (to M = 1024) or 256 (to 2048) among the unsplit tiles, where
  // a wave boundary falls between the powers of two (v37 step 4: 4096 x
  // 4096 at M = 1280 / 1536 11% faster on 128 x 128 tiles than on the
  // 256 x 128 ones of the level; 28672 x 8192 at M = 576 / 640 8 to 16%);
  // the split choices stay at the power-of-two levels (at finer ones the
  // model moved them where they measured slower). The last tile serves
  // every M past the first level from 2048 it wins.
  constexpr int64_t kFineLevelsM = 512, kSubLevelsM = 2048;
  int64_t previous = 0;
  for (int64_t maxM = 128; maxM <= kMaxLevelM;
       maxM += maxM < kFineLevelsM ? 128 : maxM) {
    Tile best = choose(maxM, /*splits=*/true);
    if (best.splitK == 1 && maxM > kFineLevelsM && maxM <= kSubLevelsM) {
      int64_t step = maxM <= 1024 ? 128 : 256;
      for (int64_t sub = previous + step; sub < maxM; sub += step)
        add(choose(sub, /*splits=*/false), sub);
    }
    if (best == last && maxM >= kSubLevelsM)
      break;
    add(best, maxM);
    previous = maxM;
  }
  // The last tile serves every larger M (merged with a last level of its
  // own).
  if (configs.back().isWgmma() && configs.back().getBlockM() == last.m &&
      configs.back().getBlockN() == last.n &&
      configs.back().getSplitK() == last.splitK)
    configs.back() = make(last, 0);
  else
    configs.push_back(make(last, 0));
  addW4A16MCuts(op, configs, [&](int64_t m, ConfigAttr config) {
    return estimate(
        m, {config.getBlockM(), config.getBlockN(), config.getSplitK()});
  });
  addW4A16OneWaveBands(op, configs);
  addW4A16WideRowTwoRowBands(op, configs);
  addW4A16SplitTwoRowBands(op, configs);
  addW4A16TwoWaveBands(op, configs);
  return configs;
}

/// Most 128-K chunks per warp of a W4A16 register variant whose grid is at
/// most one block per multiprocessor.
constexpr int64_t kOneWaveMaxChunksPerWarp = 6;
/// Most warps along K of a W4A16 register variant: 16 (512 threads) leave
/// ptxas 128 registers a thread; 32 (1024 threads, 64 registers) spilled
/// 64 to 250 bytes on 1024 x 4096, which ran 5% (M = 1) to 35% (g32,
/// M = 64) slower than 16 warps of two chunks (docs/perf-notes.md, v15).
constexpr int64_t kRegisterMaxWarpsK = 16;

/// The register-direct W4A16 variant of `op` with warp tiles of 16 rows and
/// `wn` channels, bounded at `maxM`: the 128-K chunks spread over as many
/// warps along K as bring the grid to about 8 warps per multiprocessor
/// (chooseW4A16Configs).
static ConfigAttr getW4A16RegisterConfig(MatmulOp op, int64_t wn,
                                         int64_t maxM) {
  MLIRContext *ctx = op.getContext();
  int64_t n = op.getN(), k = op.getK();
  int64_t sms = op.getTargetAttr().getMultiprocessorCount();
  // K (a multiple of 64) may end half way through the last chunk.
  int64_t chunks = llvm::divideCeil(k, ConfigAttr::kRegisterChunkBytes);
  int64_t groupSize =
      op.getWeightEncoding().getScales() == ScaleGranularity::per_group
          ? op.getWeightEncoding().getGroupSize()
          : 0;
  int64_t blocks = std::max<int64_t>(n / wn, 1);
  int64_t warpsK = std::clamp<int64_t>(
      llvm::divideCeil(8 * sms, blocks), 1,
      std::min<int64_t>(kRegisterMaxWarpsK, chunks));
  int64_t perWarp = int64_t(llvm::divideCeil(chunks, warpsK));
  // A grid of at most one block per multiprocessor keeps each warp's
  // chain of chunks short (docs/perf-notes.md, v15: 4096 x 11008 at
  // M = 1, 9 warps of 10 chunks 12.7 us, 15 warps of 6 11.6 us; g128z
  // 14.4 -> 12.5 us). Targeting 16 warps per multiprocessor everywhere
  // was slower on 11008 x 4096 and 28672 x 8192.
  if (blocks <= sms)
    perWarp = std::min<int64_t>(perWarp, kOneWaveMaxChunksPerWarp);
  perWarp =
      std::max<int64_t>(perWarp, llvm::divideCeil(chunks, kRegisterMaxWarpsK));
  // The lowering unrolls at most kMaxRegisterChunks chunks a warp (K =
  // 65536 on sm_80 asked for 74 otherwise).
  perWarp = std::min<int64_t>(perWarp, ConfigAttr::kMaxRegisterChunks);
  warpsK = int64_t(llvm::divideCeil(chunks, perWarp));
  // On sm_90a at M <= 8 where the grid gives 3 warps along K or fewer (past
  // 8 / 3 blocks a multiprocessor), the most warps that divide the chunks
  // evenly and keep at most kMaxWarpsPerSm warps a multiprocessor
  // (docs/perf-notes.md, v84, e480 to e483, same run, us at M = 1: 11776 x
  // 5760 g128, 368 blocks, 3 warps of 15 chunks 18.5 -> 5 of 9 14.6; 14336
  // x 4096 pc 3 of 11 14.5 -> 4 of 8 13.4; 0.86x to 0.99x at M = 1 to 8 on
  // fourteen held out of 352 to 512 blocks, pc, g32, g32z, g128, g128z).
  // Not on grids of 4 warps (8960 x 6400 g64, 280 blocks, 4 of 13 -> 5 of
  // 10: 1.12x; 9216 x 3072 g128 1.02x; 10752 x 4608 pc 1.00x), nor groups
  // of 64 (13312 x 4608 g64 3 of 12 -> 4 of 9: 1.07x to 1.11x; 14592 x
  // 5120 g64z 1.16x, 12288 x 6144 g64z 0.93x), nor past M = 8 (not
  // measured).
  constexpr int64_t kMaxWarpsPerSm = 16;
  if (op.getTargetAttr().hasWgmma() && maxM <= 8 && 3 * blocks > 8 * sms &&
      groupSize != 64) {
    for (int64_t d = kRegisterMaxWarpsK; d > warpsK; --d) {
      if (chunks % d == 0 && blocks * d <= kMaxWarpsPerSm * sms) {
        warpsK = d;
        perWarp = chunks / d;
        break;
      }
    }
  }
  // A warp whose K loop the lowering rolls (more than
  // kMaxUnrolledGroupedChunks chunks) keeps few chunks in flight. Rolled:
  // the M <= 16 chain of group scales (groups of 128 with 2 chunks in
  // flight; 4 spilled: 28672 x 8192 g128z at M = 16, rolled: 73.2 us
  // with 4 stages, 52.2 with 2; 62.5 unrolled; docs/perf-notes.md, v25;
  // smaller groups with 1 since v41: g64 / g32 at M = 9 to 16 0.91x /
  // 0.95x the unrolled time, g128 with 1 slower, 50.4 against 48.4 us),
  // and since v41 every chain of zero points: g128z at M <= 8 with 2
  // chunks (42.6 / 43.5 against 44.8 / 46.1 us at M = 1 / 8; without
  // zero points the M <= 8 chains lost, g128 40.2 / 43.2 against 38.4 /
  // 38.9), groups of 32 and 64 with 1 (their scale and zero words per
  // block spilled with 2 or more: g32z at M = 1 / 8 / 16 49.1 / 49.2 /
  // 63.4 against 65.0 / 65.2 / 74.1 us unrolled, g64z 45.1 / 45.7 / 55.7
  // against 51.0 / 51.9 / 65.2; unrolled with 1 chunk in flight no
  // faster).
  bool rolled = perWarp > ConfigAttr::kMaxUnrolledGroupedChunks &&
                ConfigAttr::isRolledW4A16Chain(
                    groupSize, op.getWeightEncoding().getZeroPoints(), maxM,
                    /*blockM=*/16);
  int64_t stages = std::min<int64_t>(4, perWarp);
  if (rolled)
    stages = groupSize < ConfigAttr::kRegisterChunkBytes ? 1 : 2;
  return ConfigAttr::get(
      ctx, {16, wn, warpsK * ConfigAttr::kRegisterChunkBytes}, {16, wn},
      stages, 1, maxM, MmaKind::mma_sync,
      OperandPath::registers, /*fuseQuantize=*/false);
}

/// Fewest 128-K chunks a warp for splitImbalancedW4A16RegisterConfigs: the
/// shortest chains measured faster split (5120 x 8192, 10 chunks a warp);
/// 5120 x 5120's 6 were not.
constexpr int64_t kImbalancedMinChunksPerWarp = 10;

/// W4A16 on sm_90a: the 32-channel register variants of 16 rows bounded at
/// M <= 32 whose grid is one to two blocks a multiprocessor with chains of
/// kImbalancedMinChunksPerWarp chunks a warp or more leave the
/// multiprocessors of one block idle half the time; their K goes in
/// kImbalancedSplit slices over kImbalancedSplit warps each, where the split
/// grid keeps at most kImbalancedSplitWarps warps a multiprocessor
/// (docs/perf-notes.md, v46: 5120 x 13824, 160 blocks of 7 warps of 16
/// chunks, in 640 blocks of 4 warps of 7, 20 warps a multiprocessor: 0.89x /
/// 0.77x the time (pc / g128z) at M <= 8, 0.79x to 0.92x / 0.73x to 0.88x
/// at 9 to 32; 5120 x 8192 (10 chunks a warp) 0.82x to 0.94x; 5120 x 5120,
/// 6 chunks a warp, no faster; 8192 x 28672 in 1024 blocks, 32 warps a
/// multiprocessor: their launch bounds left 64 registers a thread, 416
/// bytes spilled, g128z 2.0x the time). Past M = 8 not where the split
/// chain is still rolled (5120 x 28672 g128z, 14 chunks a warp: 356 bytes
/// spilled at 96 registers, 1.11x to 1.27x the time), nor at M <= 8 with
/// groups of 32 (whose per-block scale sums spilled at 96 registers: 5120 x
/// 13824 and 5120 x 28672 g32 1.06x to 1.12x the time; at M = 9 to 32
/// 0.84x to 0.91x). Applied after the chain is chosen, so that the rules
/// that read the 16-row variant (fitsRowBlockWave) see it unsplit.
static void
splitImbalancedW4A16RegisterConfigs(MatmulOp op,
                                    SmallVectorImpl<ConfigAttr> &configs) {
  constexpr int64_t kImbalancedSplit = 4, kImbalancedSplitWarps = 20;
  if (!op.getTargetAttr().hasWgmma())
    return;
  // The K slices are whole 128-K chunks (checkW4A16Lowerable).
  if (op.getK() % ConfigAttr::kRegisterChunkBytes != 0)
    return;
  int64_t sms = op.getTargetAttr().getMultiprocessorCount();
  int64_t chunks = op.getK() / ConfigAttr::kRegisterChunkBytes;
  // 0 unless per_group (the encoding's verifier).
  WeightEncodingAttr weights = op.getWeightEncoding();
  int64_t groupSize = weights.getGroupSize();
  for (ConfigAttr &c : configs) {
    int64_t maxM = c.getMaxM();
    if (c.getOperands() != OperandPath::registers || c.getBlockM() != 16 ||
        c.getBlockN() != 32 || c.getWarpN() != 32 || c.getSplitK() != 1 ||
        maxM == 0 || maxM > 32)
      continue;
    int64_t blocks = op.getN() / c.getBlockN();
    int64_t perWarp = llvm::divideCeil(chunks, c.getWarpsK());
    int64_t splitPerWarp =
        llvm::divideCeil(chunks / kImbalancedSplit, kImbalancedSplit);
    bool rolled = ConfigAttr::isRolledW4A16Chain(
        groupSize, weights.getZeroPoints(), maxM, /*blockM=*/16);
    if (blocks <= sms || blocks >= 2 * sms ||
        perWarp < kImbalancedMinChunksPerWarp ||
        chunks % kImbalancedSplit != 0 ||
        splitPerWarp > ConfigAttr::kMaxRegisterChunks ||
        blocks * kImbalancedSplit * kImbalancedSplit >
            kImbalancedSplitWarps * sms ||
        (maxM > 8 && rolled &&
         splitPerWarp > ConfigAttr::kMaxUnrolledGroupedChunks) ||
        (maxM <= 8 && groupSize == 32))
      continue;
    // The unsplit chain's stages where getW4A16RegisterConfig chose them for
    // a rolled chain (1 or 2), whether or not the split one is still rolled
    // (measured so: 5120 x 13824 g128z with 2); else up to 4 in flight.
    int64_t stages = rolled && perWarp > ConfigAttr::kMaxUnrolledGroupedChunks
                         ? c.getStages()
                         : std::min<int64_t>(4, splitPerWarp);
    c = ConfigAttr::get(
        op.getContext(),
        {16, 32, kImbalancedSplit * ConfigAttr::kRegisterChunkBytes}, {16, 32},
        stages, kImbalancedSplit, maxM, MmaKind::mma_sync,
        OperandPath::registers, /*fuseQuantize=*/false);
  }
}

/// A small layer (N of 512 to 2048, the widths measured) whose tiles at
/// M = 128 are at most a quarter of the multiprocessors' worth of blocks
/// (768 x 2048: 24 blocks of 128 x 128 in 4 slices, 2048 x 1408: 32 in 2)
/// takes M = 65 to 256 on 64 x 64 tiles in K slices, 3 to 8 times the
/// blocks (v47, same run, us at M = 65 / 128 / 256: 768 x 2048 pc 12.6 /
/// 12.6 / 12.7 -> 10.7 / 10.9 / 11.5, g128z 12.6 / 12.6 / 12.8 -> 10.6 /
/// 10.9 / 11.8; 2048 x 1408 pc 14.0 / 13.9 / 14.1 -> 11.7 / 12.0 / 12.8,
/// g128z 13.8 / 13.7 / 13.8 -> 11.5 / 11.8 / 13.3). Four slices from 24
/// K tiles, uneven where four do not divide them (until v84 two there:
/// four 0.62x to 0.95x the time at M = 65 to 256 on thirteen layers, e477 /
/// e478, same run; 1024 x 5248 pc at M = 96 19.4 -> 14.8 us, 512 x 7296
/// pc 24.2 -> 15.1). `configs` is chooseW4A16WgmmaConfigs' chain.
static void addW4A16SmallLayerTiles(MatmulOp op,
                                    SmallVectorImpl<ConfigAttr> &configs) {
  MLIRContext *ctx = op.getContext();
  int64_t n = op.getN(), kTiles = getW4A16RuleKTiles(op);
  int64_t sms = op.getTargetAttr().getMultiprocessorCount();
  constexpr int64_t kSmallMidMaxM = 256;
  auto *first = llvm::find_if(configs, [](ConfigAttr c) {
    return c.isWgmma() && (c.getMaxM() == 0 || c.getMaxM() > 64);
  });
  // Measured where the register variants run to M = 64 and K splits in
  // two or four: widths of 512 to 2048 (on narrower ones chooseConfigs
  // would cluster the tiles in 8 slices, not measured).
  constexpr int64_t kSmallMinN = 512, kSmallMaxN = 2048;
  if (n < kSmallMinN || n > kSmallMaxN || kTiles % 2 != 0 ||
      first == configs.begin() || first == configs.end() ||
      !std::prev(first)->isRegisterDirect() ||
      std::prev(first)->getMaxM() != 64 ||
      int64_t(llvm::divideCeil(n, first->getBlockN())) * first->getSplitK() >
          sms / 4)
    return;
  int64_t split = kTiles / 4 >= 6 ? 4 : 2;
  ConfigAttr small = ConfigAttr::get(
      ctx, {64, 64, 64}, {64, 64}, std::min<int64_t>(4, kTiles + 1), split,
      kSmallMidMaxM, MmaKind::wgmma, OperandPath::register_a,
      /*fuseQuantize=*/false);
  // Where K splits in 8 slices of 8 tiles or more, chooseConfigs clusters
  // the chain's first tiles so at M = 65 to 128 (1024 x 4096), which the
  // 64 x 64 tiles do not beat there (13.0 to 13.9 us against 12.3 to 13.1)
  // but do from M = 129 (13.8 to 15.2 against 15.3 to 16.4; v47).
  ConfigAttr head = *first;
  bool keepHead = kTiles % 8 == 0 && kTiles / 8 >= 8;
  auto *past = std::find_if(first, configs.end(), [](ConfigAttr c) {
    return c.getMaxM() == 0 || c.getMaxM() > kSmallMidMaxM;
  });
  auto *at = configs.erase(first, past);
  if (keepHead)
    at = std::next(configs.insert(at, head.withMaxM(128)));
  configs.insert(at, small);
}

/// The most blocks of a variant's grid whose K slices chooseConfigs
/// launches as clusters (three quarters of the multiprocessors); past it
/// the slices add through global partials.
static int64_t getMaxClusterBlocks(MatmulOp op) {
  return op.getTargetAttr().getMultiprocessorCount() * 3 / 4;
}

/// The split register-A tiles of W4A16 on sm_90a over `rows` tokens to
/// M = `rows`, of `channels` channels (`warpChannels` a warpgroup: all of
/// them by default, or 64 for tiles of two warpgroups), their slices summed
/// in a cluster or through global memory (addW4A16MidConfigs; the tiles of
/// M = 65 to 512 of addW4A16NarrowChannelTiles,
/// addW4A16SixtyFourTokenSplitTiles and addW4A16TokenBandSplitTiles), their
/// copies `copy` (chooseConfigs gives tiles of 128 rows and more the
/// producer's ring).
static ConfigAttr getW4A16MidTile(MLIRContext *ctx, int64_t rows, int64_t split,
                                  int64_t channels, bool clustered,
                                  int64_t warpChannels = 0,
                                  CopyKind copy = CopyKind::cp_async) {
  return ConfigAttr::get(ctx, {rows, channels, 64},
                         {rows, warpChannels ? warpChannels : channels},
                         /*stages=*/4, split, rows, MmaKind::wgmma,
                         OperandPath::register_a, /*fuseQuantize=*/false,
                         /*minFill=*/0, /*tailSplit=*/1, copy,
                         /*streamK=*/false, clustered);
}

/// M = `lo` to `hi` of a wgmma chain (`configs`, ordered by max_m) on
/// `tile`: the variants there are cut or dropped, the others kept. False,
/// and `configs` unchanged, where a variant that serves some of that range
/// is not a wgmma one or cuts M into two calls (row_split), but, with
/// `keepCutsPast`, one of those that starts in the range and serves past
/// it (it keeps the M past `hi`).
static bool replaceMRange(SmallVectorImpl<ConfigAttr> &configs, int64_t lo,
                          int64_t hi, ConfigAttr tile, bool keepCutsPast) {
  SmallVector<ConfigAttr> result;
  int64_t previous = 0;
  bool placed = false;
  for (ConfigAttr config : configs) {
    int64_t bound = config.getMaxM();
    bool past = bound == 0 || bound > hi;
    // Wholly before or after the range.
    if ((bound != 0 && bound < lo) || previous >= hi) {
      result.push_back(config);
      previous = bound;
      continue;
    }
    if (!config.isWgmma() || (config.getRowSplit() != 0 &&
                              !(keepCutsPast && past && previous + 1 >= lo)))
      return false;
    if (previous + 1 < lo)
      result.push_back(config.withMaxM(lo - 1));
    if (!placed)
      result.push_back(tile.withMaxM(hi));
    placed = true;
    if (past)
      result.push_back(config);
    previous = bound;
  }
  if (!placed)
    return false;
  configs.assign(result.begin(), result.end());
  return true;
}

/// The variant of the chain `configs` (ordered by max_m) that serves M =
/// `m`, or null.
static ConfigAttr getServingConfig(ArrayRef<ConfigAttr> configs, int64_t m) {
  for (ConfigAttr config : configs)
    if (config.getMaxM() == 0 || config.getMaxM() >= m)
      return config;
  return ConfigAttr();
}

/// An M range of a chain, lo to hi, and the tile that serves it.
using MRange = std::tuple<int64_t, int64_t, ConfigAttr>;

/// Calls `fn(lo, hi)` for each bounded variant of a chain (`configs`,
/// ordered by max_m) that `match`es, over the M it serves from `fromM` on.
static void forEachBoundedRange(ArrayRef<ConfigAttr> configs, int64_t fromM,
                                llvm::function_ref<bool(ConfigAttr)> match,
                                llvm::function_ref<void(int64_t, int64_t)> fn) {
  int64_t previous = 0;
  for (ConfigAttr config : configs) {
    int64_t bound = config.getMaxM();
    if (bound == 0)
      break;
    int64_t lo = std::max(fromM, previous + 1);
    previous = bound;
    if (lo <= bound && match(config))
      fn(lo, bound);
  }
}

/// One variant where bounded neighbours of a chain (`configs`) run `tile`
/// (the same config but max_m): the later bound.
static void mergeBoundedVariants(SmallVectorImpl<ConfigAttr> &configs,
                                 ConfigAttr tile) {
  auto isTile = [&](ConfigAttr config) {
    return config.getMaxM() != 0 && config.withMaxM(0) == tile.withMaxM(0);
  };
  SmallVector<ConfigAttr> merged;
  for (ConfigAttr config : configs) {
    if (!merged.empty() && isTile(merged.back()) && isTile(config))
      merged.back() = config;
    else
      merged.push_back(config);
  }
  configs.assign(merged.begin(), merged.end());
}

/// Each of `ranges`, in order, served by its tile in `configs`
/// (replaceMRange); false, and `configs` unchanged, where one does not
/// fit.
static bool replaceMRanges(SmallVectorImpl<ConfigAttr> &configs,
                           ArrayRef<MRange> ranges) {
  SmallVector<ConfigAttr> result(configs.begin(), configs.end());
  for (auto [lo, hi, tile] : ranges)
    if (!replaceMRange(result, lo, hi, tile))
      return false;
  configs.assign(result.begin(), result.end());
  return true;
}

/// M = 17 to 96 of a small layer (N of 512 to 1536 on 132 multiprocessors:
/// 8 ceil(N / 64) blocks at most 1.5 a multiprocessor) on K of 32 tiles or
/// more, where register variants serve M = 17 to 64 (the 64-channel one's
/// 16-row blocks convert every weight once a row of them, four times at
/// M = 64, on a grid of N / 64 columns): register-A tiles of 64 channels
/// over 32 and 64 tokens, to M = 32 and 64, in 8 clustered K slices, then
/// over 80 and 96 tokens to M = 80 and 96 in place of the chain's tiles.
/// Measured on the H200 (docs/perf-notes.md, v85, same run, both bench
/// orders, time against the chain before):
/// - M = 33 to 64 (e496): 1024 x 4096 g128z 0.87x (11.7 -> 10.2 us, 0.89
///   -> 1.02 x cuBLAS fp16), pc 0.90x to 0.94x, 1024 x 8192 g64 0.83x to
///   0.85x, 1536 x 4096 g128 0.92x to 0.94x, 768 x 2048 pc 0.85x to 0.86x;
///   at N = 2048 (256 blocks) level or slower (2048 x 2048 g128z 0.98x to
///   1.00x, 2048 x 5632 pc 0.98x to 0.99x, 2048 x 4096 pc 1.04x to 1.06x).
///   The same tiles unclustered lost (0.90x to 1.21x), in 4 slices too
///   (1.06x to 1.24x). Held out (e497): ten layers of N = 512 to 1536, K
///   = 2048 to 8192, 0.72x to 0.97x (geomean 0.866, none slower).
/// - M = 17 to 32 (e499, 32 tokens): 0.74x to 0.93x on seven layers (1280
///   x 5120 g128z 13.9 -> 10.4 us at M = 24, 0.80 -> 1.07 x fp16); held
///   out (e500) nine layers 0.69x to 0.92x (640 x 8192 g128 15.6 -> 10.7
///   us at M = 20). 16-token tiles at M = 9 to 16 were 0.92x to 1.06x
///   (1536 x 6144 g128 1.04x to 1.06x): not taken.
/// - On N of 1537 to 2112 (8 ceil(N / 64) blocks 1.5 to 2 a multiprocessor)
///   the 32-token tiles at M = 17 to 32 only (e501h: 2048 x 5632 pc 0.82x
///   to 0.90x, 2048 x 2048 g128z 0.93x to 0.95x, 2048 x 4096 pc 0.88x to
///   1.00x; held out, e502: six layers of N = 1664 to 2048 0.74x to
///   1.00x, 1664 x 5120 g128z 13.3 -> 9.8 us at M = 17), the register
///   variants keeping M = 33 to 64, where the 64-token tiles lost (e496,
///   above).
/// - M = 65 to 96 (e503, where the 64-token tiles run): over 80 and 96
///   tokens to M = 80 and 96, 0.72x to 0.95x on six layers (1024 x 4096
///   g128z 0.83x to 0.91x, 512 x 4096 pc 0.72x to 0.81x); over 128 tokens
///   at M = 97 to 128 0.78x to 1.16x: not taken. Held out (e504): eight
///   layers 0.74x to 0.95x (896 x 3584 g64z 12.3 -> 9.1 us at M = 65).
static void addW4A16SmallLayerMidTiles(MatmulOp op,
                                       SmallVectorImpl<ConfigAttr> &configs) {
  constexpr int64_t kFromM = 17, kToM = 64, kSplit = 8, kMinKTiles = 32,
                    kMinN = 512, kNarrowTokens = 32, kWideTokens[] = {80, 96};
  int64_t n = op.getN(), sms = op.getTargetAttr().getMultiprocessorCount();
  int64_t blocks = kSplit * int64_t(llvm::divideCeil(n, 64));
  // Past 1.5 blocks a multiprocessor, to 2 (N of 1537 to 2112 on 132), the
  // 32-token tiles alone.
  bool narrowOnly = 2 * blocks > 3 * sms;
  if (n < kMinN || blocks > 2 * sms || getW4A16RuleKTiles(op) < kMinKTiles)
    return;
  // The variants that serve M = kFromM to kToM: register ones, the last
  // ending at kToM, the one before them at kFromM - 1.
  auto *first = llvm::find_if(configs, [](ConfigAttr c) {
    return c.getMaxM() == 0 || c.getMaxM() >= kFromM;
  });
  auto *past = std::find_if(first, configs.end(), [](ConfigAttr c) {
    return c.getMaxM() == 0 || c.getMaxM() > kToM;
  });
  if (first == configs.begin() || std::prev(first)->getMaxM() != kFromM - 1 ||
      first == past || std::prev(past)->getMaxM() != kToM ||
      !llvm::all_of(llvm::make_range(first, past),
                    [](ConfigAttr c) { return c.isRegisterDirect(); }))
    return;
  auto tile = [&](int64_t tokens) {
    return getW4A16MidTile(op.getContext(), tokens, kSplit, 64,
                           /*clustered=*/true);
  };
  if (narrowOnly) {
    // The register variants past M = 32 keep their rows from M = 33.
    auto *keep = std::find_if(
        first, past, [](ConfigAttr c) { return c.getMaxM() > kNarrowTokens; });
    configs.insert(configs.erase(first, keep), tile(kNarrowTokens));
    return;
  }
  auto *at = configs.erase(first, past);
  for (int64_t tokens : {kNarrowTokens, kToM})
    at = std::next(configs.insert(at, tile(tokens)));
  // And M = 65 to 96 on the same tiles over 80 and 96 tokens (wgmma n80 /
  // n96), in place of the chain's split 64 x 64 or 128 x 128 tiles.
  int64_t from = kToM + 1;
  for (int64_t tokens : kWideTokens) {
    (void)replaceMRange(configs, from, tokens, tile(tokens));
    from = tokens + 1;
  }
}

/// Bands `makeBand(bm)` for bm = `from` + `step`, ... up to `to`, each
/// serving M = bm - `step` + 1 to bm, appended to `ranges`.
static void appendMBands(SmallVectorImpl<MRange> &ranges, int64_t from,
                         int64_t to, int64_t step,
                         function_ref<ConfigAttr(int64_t)> makeBand) {
  for (int64_t bm = from + step; bm <= to; bm += step)
    ranges.push_back({bm - step + 1, bm, makeBand(bm)});
}

/// The bands of appendMBands in `configs` (replaceMRanges: all or none).
static bool replaceMBands(SmallVectorImpl<ConfigAttr> &configs, int64_t from,
                          int64_t to, int64_t step,
                          function_ref<ConfigAttr(int64_t)> makeBand) {
  SmallVector<MRange> ranges;
  appendMBands(ranges, from, to, step, makeBand);
  return replaceMRanges(configs, ranges);
}

/// W4A16 register-A tiles of 128 tokens and 64 channels (one warpgroup,
/// m64n128k16) in two K slices (clustered by chooseConfigs) at M = 129 (65
/// on K of at most kShortKTiles tiles of 64; 113 where the chain's 128 x
/// 128 tiles of M <= 128 split K through global partials) to 128 R, R = min(4,
/// floor(multiprocessors / ceil(N / 64))): the rows of tiles whose grid,
/// 2 R ceil(N / 64) blocks, is at most two a multiprocessor, on K of
/// kMinKTiles to kMaxKTiles tiles of 64 (the K measured: 768 to 10240). A
/// K tile costs such a block about what it costs a 128-channel one (the
/// chain of the weights' conversion and the wgmma bounds both: 1408 x 2048
/// at M = 128, 0.49 us a K tile on 128 x 128 tiles and on 128 x 64 ones),
/// so twice the blocks for the same M do the work in half the K steps
/// where the multiprocessors hold them. Not past the small layers' 64 x 64
/// tiles (addW4A16SmallLayerTiles), which take M to 256 there. Measured on
/// the H200 (docs/perf-notes.md, v66, same run, time against the chain
/// before):
/// - e272, one tile from M = 65 (us at M = 128 / 256 / 320 / 384 / 512):
///   1408 x 2048 pc 12.2 / 12.3 / 16.9 / 17.0 / 15.3 -> 11.6 / 11.8 /
///   11.9 / 11.9 / 14.2; 1536 x 1536 pc 11.2 / 11.7 / 13.4 / 13.4 / 13.5
///   -> 10.6 / 10.7 / 12.5 / 12.6 / 12.8; where the grid is past two a
///   multiprocessor they lose (5120 x 5120 at M = 320 / 384 / 512: 38.6 /
///   38.6 / 45.3 -> 41.1 / 41.4 / 53.0; 18944 x 3584 at 256: 70.1 ->
///   73.6);
/// - e273, the rule on 24 families of the harness and 22 model-layer ones
///   at M = 129 to 512: 0.71x to 0.96x on 1408 x 2048, 1536 x 1536, 1600 x
///   6400, 2048 x 768, 2560 x 10240, 3072 x 8192; the 4096-wide layers
///   (M to 256) 0.93x to 1.02x; 1024 x 4096 0.95x to 1.05x to M = 256,
///   0.77x to 0.79x at 448 / 512; 512 x 3584 0.94x to 1.07x; with K past
///   10240 1.01x to 1.11x slower (3584 x 18944 at M = 160 / 224; 4096 x
///   11008 and 4096 x 14336 0.95x to 1.07x), hence kMaxKTiles;
/// - e279, from M = 65 where K is at most kShortKTiles tiles (the
///   M = 65 to 128 tiles there, 128 x 128 in four clustered slices, slices
///   of 8 K tiles or fewer): 0.86x to 0.98x the time at M = 65 to 128 on
///   1408 x 2048, 1536 x 1536 and 2048 x 768 (pc and g128z); with longer K
///   those tiles keep M <= 128 (e278: 2560 x 10240 23.7 us at M = 128 on
///   them, 37.4 at 129 on these);
/// - e293 (v69), from M = 113 where the 128 x 128 tiles of M <= 128 split K in
///   slices whose clusters pass chooseConfigs's bound (global partials):
///   0.82x to 0.95x the time at M = 113 to 128 on 4096 x 4096 (pc, g128z),
///   4160 x 4096, 4096 x 4032, 5120 x 5120, 5120 x 8192 and 8192 x 8192
///   (pc, g128z), both bench orders. A last tile of 113 rows or more fills
///   at most 15 rows of X's whole box past M; from M = 97 (e274) a last
///   tile of 97 rows filled 31 and 8192 x 8192 ran 1.43x slower.
/// - e297 (v71): there M = 97 to 112 takes tiles of 112 tokens and 64
///   channels on the producer's ring in two clustered slices (a last tile
///   of 97 rows fills at most 15 rows past M): 0.79x to 0.92x the time of
///   the 128 x 128 tiles in four global slices on the same seven layers,
///   both bench orders (5120 x 5120 pc 28.2 -> 22.4 us, 4096 x 4096 pc
///   20.0 -> 16.2); the 96-token tiles' form over 112 tokens (four global
///   slices, no producer) 0.88x to 0.95x, and 1.18x slower on 8192 x 8192.
/// - v80, the same from M = 97 where those 128 x 128 tiles split K in two
///   and make at most half a wave (2 ceil(N / 128) blocks, N of 4224 or
///   less; K tiles that four slices do not divide): e415 (hand configs
///   `_n112`), 0.71x to 0.76x the time at M = 104 to 128 on 3136 x 6784
///   g128z, 4032 x 5184 g32z and 4160 x 7040 g128 (33.5 -> 23.9 us at 112);
///   e418, the rule on nine layers not used to choose it (2560 to 4224
///   wide, K of 3200 to 9344, pc, g32z, g64, g128, g128z), 0.73x to 0.83x
///   at M = 97 to 128.
/// - v83, the same where those tiles make up to one wave of two blocks a
///   multiprocessor (4 ceil(N / 128) blocks, N of 8448 or less): e464 (hand
///   configs `_n`), 0.92x to 0.97x the time at M = 97 to 128 on 4352 x 5504
///   pc, 4864 x 6016 pc, 5120 x 4480 pc, 5632 x 5248 g64z, 6144 x 3200 g32
///   and 8192 x 5504 g128z (0.92x to 0.95x to M = 112), 11008 x 4224 (344
///   blocks) 0.99x to 1.02x; e465, six layers not used to choose it (4608 x
///   4736 pc to 8448 x 3200 pc), 0.92x to 0.98x.
static void addW4A16NarrowChannelTiles(MatmulOp op,
                                       SmallVectorImpl<ConfigAttr> &configs) {
  constexpr int64_t kFromM = 128, kTokens = 128, kChannels = 64, kMaxRows = 4,
                    kMinKTiles = 12, kMaxKTiles = 160, kShortKTiles = 32,
                    kFullBoxFromM = 113, kEdgeTokens = 112;
  int64_t sms = op.getTargetAttr().getMultiprocessorCount();
  int64_t rows =
      std::min(kMaxRows, sms / int64_t(llvm::divideCeil(op.getN(), kChannels)));
  int64_t kTiles = getW4A16RuleKTiles(op);
  int64_t lo = (kTiles <= kShortKTiles ? kRegisterMaxM : kFromM) + 1;
  // From M = 113 (a last tile of 113 rows or more: X's whole box fills at
  // most 15 rows past M) where the chain's 128 x 128 tiles of M <= 128
  // split K through global partials, their slices' clusters past
  // chooseConfigs's bound (three quarters of the multiprocessors).
  // So where those tiles split K in two and make at most one wave of two
  // blocks a multiprocessor (4 ceil(N / 128) blocks, N of 8448 or less on
  // 132 multiprocessors).
  if (lo == kFromM + 1) {
    ConfigAttr at = getServingConfig(configs, kFromM);
    int64_t columns = llvm::divideCeil(op.getN(), 128);
    if (at && at.isRegisterA() && at.getBlockM() == kTokens &&
        at.getBlockN() == 128 &&
        ((at.getSplitK() > 2 &&
          columns * at.getSplitK() > getMaxClusterBlocks(op)) ||
         (at.getSplitK() == 2 && 2 * columns * at.getSplitK() <= 2 * sms)))
      lo = kFullBoxFromM;
  }
  // The narrow tiles already in the chain (M <= 96 on 64 channels) stay.
  int64_t narrowMaxM = 0;
  for (ConfigAttr config : configs)
    if (config.isWgmma() && config.getBlockN() < 128 && config.getMaxM() != 0)
      narrowMaxM = std::max(narrowMaxM, config.getMaxM());
  lo = std::max(lo, narrowMaxM + 1);
  int64_t hi = rows * kTokens;
  if (hi < lo || kTiles < kMinKTiles || kTiles > kMaxKTiles)
    return;
  if (!replaceMRange(configs, lo, hi,
                     getW4A16MidTile(op.getContext(), kTokens, /*split=*/2,
                                     kChannels, /*clustered=*/true)))
    return;
  // And M = 97 to 112 on tiles of 112 tokens where those start at 113 (a
  // last tile of 97 rows or more fills at most 15 rows past M), after the
  // narrow tiles.
  int64_t edgeLo = std::max(kEdgeTokens - 15, narrowMaxM + 1);
  if (lo == kFullBoxFromM && edgeLo <= kEdgeTokens)
    (void)replaceMRange(configs, edgeLo, kEdgeTokens,
                        getW4A16MidTile(op.getContext(), kEdgeTokens,
                                        /*split=*/2, kChannels,
                                        /*clustered=*/true, /*warpChannels=*/0,
                                        CopyKind::tma_producer));
}

/// The same for tiles of 64 tokens and 128 channels (the M <= 64 register-A
/// tiles, without the producer) in two clustered K slices where the
/// 128 x 64 tiles have one row at most (ceil(N / 64) past half the
/// multiprocessors) but three rows or more of these, 2 ceil(N / 128)
/// blocks each, are at most two a multiprocessor: M = 129 to 64 R, R =
/// floor(multiprocessors / ceil(N / 128)) (N of 4288 to 5632 on 132),
/// on K of kMinKTiles tiles or more. Measured on the H200
/// (docs/perf-notes.md, v66, same run, us, the chain before -> these
/// tiles): e272 at M = 192, 5120 x 5120 36.1 -> 30.3, 5120 x 28672 160.5
/// -> 133.8, at 256 (four rows, 320 blocks) they lose (36.5 -> 39.9,
/// 163.3 -> 187.7); e277, the rule at M = 129 to 192 on 5120 x 5120, 8192,
/// 13824 and 28672, per channel and g128z: 0.82x to 0.87x the time.
static void
addW4A16SixtyFourTokenSplitTiles(MatmulOp op,
                                 SmallVectorImpl<ConfigAttr> &configs) {
  constexpr int64_t kFromM = 128, kTokens = 64, kChannels = 128, kMinRows = 3,
                    kMinKTiles = 12;
  int64_t sms = op.getTargetAttr().getMultiprocessorCount();
  int64_t n = op.getN();
  if (int64_t(llvm::divideCeil(n, 64)) <= sms / 2)
    return;
  int64_t rows = sms / int64_t(llvm::divideCeil(n, kChannels));
  int64_t kTiles = getW4A16RuleKTiles(op);
  if (rows < kMinRows || kTiles < kMinKTiles)
    return;
  (void)replaceMRange(configs, kFromM + 1, rows * kTokens,
                      getW4A16MidTile(op.getContext(), kTokens, /*split=*/2,
                                      kChannels, /*clustered=*/true));
}

/// W4A16 register-A token bands of 160, 192, 224 and 256 tokens and 128
/// channels (two warpgroups of 64, one block a multiprocessor) in two
/// clustered K slices at M = 129 to 256, one band for each 32 of M, where
/// their grid, 2 ceil(N / 128) blocks, is at least three fifths of the
/// multiprocessors and at most all of them (N of 5057 to 8448 on 132), on
/// K of kMinKTiles to kMaxKTiles tiles of 64 (the K measured: 4096, 5120
/// and 8192). One row of such tiles
/// converts each weight once for all of M where two rows of 128 tokens
/// convert it twice. Measured on the H200 (docs/perf-notes.md, v70, e294,
/// same run in both bench orders, against the chain before): 8192 x 8192
/// pc 0.73x to 0.91x the time at M = 129 to 256 (51.9 -> 37.9 us at 129,
/// where M = 128 takes 33.4), g128z 0.74x to 0.90x, 5120 x 8192 pc 0.81x
/// to 0.90x (over the 64-token tiles of addW4A16SixtyFourTokenSplitTiles
/// to M = 192); in three slices (clusters of three) 1.14x to 1.27x slower.
/// v71 (e295, both bench orders): 6144 x 4096 (64 K tiles) pc 0.77x to
/// 0.90x, g128z 0.73x to 0.82x; 5120 x 5120 (80) pc 0.83x to 0.92x, g128z
/// 0.84x to 0.94x. Below 64 K tiles not measured.
/// Where two slices make fewer than three fifths of the multiprocessors
/// but four make three fifths to three quarters of them (N of 2433 to
/// 3072 on 132),
/// the bands take four clustered slices, on K of 128 to 160 tiles (at
/// least 32 a slice, as two slices of 64): v71 e299, 2560 x 10240 pc
/// 0.69x to 0.92x the time at M = 129 to 256 (38.8 -> 26.7 us at 160),
/// g128z 0.68x to 0.85x, over 128 x 64 tiles in two slices.
static void addW4A16TokenBandSplitTiles(MatmulOp op,
                                        SmallVectorImpl<ConfigAttr> &configs) {
  constexpr int64_t kFromM = 128, kStep = 32, kToM = 256, kChannels = 128,
                    kMinSliceKTiles = 32, kMaxKTiles = 160;
  int64_t sms = op.getTargetAttr().getMultiprocessorCount();
  int64_t columns = llvm::divideCeil(op.getN(), kChannels);
  int64_t kTiles = getW4A16RuleKTiles(op);
  int64_t split = 0;
  // Clusters of four at one block a multiprocessor: at most
  // getMaxClusterBlocks blocks (the H200 holds 30 such clusters, v66).
  for (int64_t s : {2, 4})
    if (s * columns <= (s == 2 ? sms : getMaxClusterBlocks(op)) &&
        5 * s * columns >= 3 * sms) {
      split = s;
      break;
    }
  if (split == 0 || kTiles < split * kMinSliceKTiles || kTiles > kMaxKTiles)
    return;
  (void)replaceMBands(configs, kFromM, kToM, kStep, [&](int64_t bm) {
    return getW4A16MidTile(op.getContext(), bm, split, kChannels,
                           /*clustered=*/true, /*warpChannels=*/64);
  });
}

/// W4A16 register-A token bands of 80 to 224 tokens and 192 channels
/// (three warpgroups of 64, on the cp.async ring: a producer warpgroup
/// takes at most two of tiles), unsplit, at M = 129 to 224, one band for
/// each 32 of M (and below, as follows), where 128-channel tiles make more
/// columns than the multiprocessors and 192-channel ones do not (N of 16897 to
/// 25344 on 132), on K of 56 to 128 tiles of 64 (the K measured: 3584,
/// 7168, 8192): one wave of blocks that convert each weight once, where the
/// chain's 128 x 128 tiles make two rows of more than a wave. Measured on
/// the H200 (docs/perf-notes.md, v71, e299, both bench orders, against
/// the chain before): 18944 x 3584 pc 0.68x to 0.83x the time at M = 129
/// to 224 (66.2 -> 45.4 us at 129), g128z 0.64x to 0.85x; a 256-token band
/// (56 bytes spilled at 168 registers) was 1.09x to 1.14x slower at 256.
/// Below M = 129, bands of 96, 112 and 128 tokens (one each 16 of M) from
/// M = 81, and of 80 from 65 where the chain's M = 80 variant is unsplit
/// (e301, against 128 x 256 tiles, one row of 74 to 80 blocks: 18944 x
/// 3584 pc 0.69x to 0.86x the time at M = 65 to 128, g128z 0.78x to 0.97x,
/// 20480 x 7168 0.67x to 0.87x; 22528 x 8192 at M = 96 to 128 0.83x to
/// 0.87x, but 1.04x at 65 / 80 against its 80 x 128 tiles in two clustered
/// K slices, 352 blocks).
static void addW4A16WideBandTiles(MatmulOp op,
                                  SmallVectorImpl<ConfigAttr> &configs) {
  constexpr int64_t kFromM = 128, kStep = 32, kToM = 224, kChannels = 192,
                    kMinKTiles = 56, kMaxKTiles = 128, kLowFromM = 64,
                    kLowStep = 16;
  int64_t sms = op.getTargetAttr().getMultiprocessorCount();
  int64_t n = op.getN();
  int64_t kTiles = getW4A16RuleKTiles(op);
  if (int64_t(llvm::divideCeil(n, 128)) <= sms ||
      int64_t(llvm::divideCeil(n, kChannels)) > sms || kTiles < kMinKTiles ||
      kTiles > kMaxKTiles)
    return;
  auto makeBand = [&](int64_t bm) {
    return getW4A16MidTile(op.getContext(), bm, /*split=*/1, kChannels,
                           /*clustered=*/false, /*warpChannels=*/64);
  };
  ConfigAttr at80 = getServingConfig(configs, kLowFromM + kLowStep);
  int64_t lowFromM =
      at80 && at80.getSplitK() == 1 ? kLowFromM : kLowFromM + kLowStep;
  SmallVector<MRange> bands;
  appendMBands(bands, lowFromM, kFromM, kLowStep, makeBand);
  appendMBands(bands, kFromM, kToM, kStep, makeBand);
  (void)replaceMRanges(configs, bands);
}

/// W4A16 register-A token bands of 160, 192 and 224 tokens and 192
/// channels (three warpgroups of 64, on the cp.async ring) in two clustered
/// K slices at M = 129 to 224, one band for each 32 of M, where two slices
/// of 128-channel tiles pass the multiprocessors and two of 192-channel
/// ones do not (N of 8449 to 12672 on 132), on K of 64 tiles of 64 (the K
/// measured: 4096). Measured on the H200 (docs/perf-notes.md, v75, e360,
/// both bench orders, hand configs `_e360w`, against the chain's unsplit
/// 128-channel bands, 67 / 73 blocks): 8576 / 9344 x 4096 pc 0.89x to
/// 0.94x the time at M = 129 to 224 (34.5 -> 31.0 us at 129). M = 225 to
/// 256 keeps the chain's (a 256-token band of 64 channels a warpgroup
/// spilled, v71).
static void addW4A16WideBandSplitTiles(MatmulOp op,
                                       SmallVectorImpl<ConfigAttr> &configs) {
  constexpr int64_t kFromM = 128, kStep = 32, kToM = 224, kChannels = 192,
                    kSplit = 2, kKTiles = 64;
  int64_t sms = op.getTargetAttr().getMultiprocessorCount();
  int64_t n = op.getN();
  if (kSplit * int64_t(llvm::divideCeil(n, 128)) <= sms ||
      kSplit * int64_t(llvm::divideCeil(n, kChannels)) > sms ||
      getW4A16RuleKTiles(op) != kKTiles)
    return;
  (void)replaceMBands(configs, kFromM, kToM, kStep, [&](int64_t bm) {
    return getW4A16MidTile(op.getContext(), bm, kSplit, kChannels,
                           /*clustered=*/true, /*warpChannels=*/64);
  });
}

/// W4A16 register-A tiles at M = 193 to 256 where the chain's 128 x 128
/// tiles in two clustered K slices make two rows of more than a wave and
/// 192-channel ones in two slices would not (N of 4225 to 6336 on 132
/// multiprocessors; addW4A16TokenBandSplitTiles takes those from 5057), on K
/// of 64 tiles of 64 (the K measured: 4096): a 224-token band of 128
/// channels in two clustered slices at M = 193 to 224 (the producer's
/// ring, half a wave), 128 x 192 tiles in two clustered slices (three
/// warpgroups of 64 channels on the cp.async ring) at 225 to 256. Measured
/// on the H200 (docs/perf-notes.md, v76, e363, both bench orders, hand
/// configs `_e363t` / `_e363c`, against the 128 x 128 tiles, 136 to 152
/// blocks): 4352 / 4416 / 4800 x 4096 pc 0.84x to 0.85x the time at M =
/// 208 / 224 (the band), 0.88x to 0.89x at 240 / 256 (128 x 192; the
/// 256-token band 0.93x); e365, the rule on layers not used to choose it:
/// 4288 / 4608 / 4992 x 4096 pc, 4352 / 4608 x 4096 g128z and 4352 x 4032
/// pc 0.84x to 0.86x at 208 / 224, 0.88x to 0.99x at 240 / 256.
static void addW4A16TwoWaveSplitTiles(MatmulOp op,
                                      SmallVectorImpl<ConfigAttr> &configs) {
  constexpr int64_t kFromM = 193, kBandM = 224, kToM = 256, kKTiles = 64,
                    kSplit = 2, kWideChannels = 192;
  int64_t sms = op.getTargetAttr().getMultiprocessorCount();
  int64_t n = op.getN();
  if (getW4A16RuleKTiles(op) != kKTiles ||
      2 * kSplit * int64_t(llvm::divideCeil(n, kWideChannels)) > sms)
    return;
  ConfigAttr square = getServingConfig(configs, kFromM);
  if (!square || square != getServingConfig(configs, kToM) ||
      getServingConfig(configs, kFromM - 1) == square ||
      square.getBlockM() != 128 || square.getBlockN() != 128 ||
      square.getSplitK() != kSplit ||
      square.getOperands() != OperandPath::register_a ||
      2 * kSplit * int64_t(llvm::divideCeil(n, 128)) <= sms)
    return;
  MLIRContext *ctx = op.getContext();
  (void)replaceMRanges(
      configs,
      {{kFromM, kBandM,
        getW4A16MidTile(ctx, kBandM, kSplit, 128, /*clustered=*/true,
                        /*warpChannels=*/64, CopyKind::tma_producer)},
       {kBandM + 1, kToM,
        getW4A16MidTile(ctx, 128, kSplit, kWideChannels, /*clustered=*/true,
                        /*warpChannels=*/64)}});
}

/// The register-direct variant `r16` (16 rows a block) with its warps over
/// `rows` = 32 or 64 rows, bounded at `maxM`: every weight word converted
/// once for all of them (warp tile [rows, WN]).
static ConfigAttr getW4A16RowBlockConfig(ConfigAttr r16, int64_t rows,
                                         int64_t maxM) {
  return ConfigAttr::get(r16.getContext(),
                         {rows, r16.getBlockN(), r16.getBlockK()},
                         {rows, r16.getWarpN()}, r16.getStages(), 1, maxM,
                         MmaKind::mma_sync, OperandPath::registers,
                         /*fuseQuantize=*/false);
}

/// Whether the register-direct variant `r16` (16 rows a block) over 32 or
/// 64 rows a block has a grid (N / WN blocks a row of them) that the
/// multiprocessors hold in one wave, ConfigAttr::getRowBlocksPerSM a
/// multiprocessor (the launch bounds of such blocks).
static bool fitsRowBlockWave(MatmulOp op, ConfigAttr r16) {
  int64_t resident = ConfigAttr::getRowBlocksPerSM(32 * r16.getNumWarps());
  int64_t blocks = op.getN() / r16.getBlockN();
  return blocks <= resident * op.getTargetAttr().getMultiprocessorCount();
}

/// Whether the M = 33 to 64 register-A tiles of a layer with fewer than
/// 128 K tiles (64 channels in `split` K slices) take 128 channels in
/// clustered slices instead.
static bool isW4A16WideClusteredMid(MatmulOp op, int64_t split) {
  // Per-channel scales and fewer than 128 K tiles: where 128-channel tiles
  // in 4 slices hold 2.5 blocks a multiprocessor or more, they take M = 33
  // to 64 in clustered slices (the partial tiles summed through
  // distributed shared memory) instead of 64 x 64 tiles in 4 (v51, same
  // run, us at M = 33 / 64, new against before: 11008 x 4096 22.5 / 22.8
  // against 26.9 / 27.3, 18944 x 3584 32.2 / 32.0 against 34.7 / 35.6,
  // 13824 x 5120 33.2 / 33.9 against 34.7 / 35.6, 14336 x 4096 28.9 /
  // 29.3 against 30.1 / 30.8, 16384 x 3072 27.1 / 28.7 against 26.9 /
  // 29.6). With group scales they were 0.94x to 1.10x the time (g128z
  // 16384 x 3072 33.3 / 33.8 against 30.0 / 30.3, 11008 x 4096 28.0 /
  // 28.5 against 28.6 / 29.0), and the 8 clustered slices of 128 K tiles
  // and more 0.94x to 1.16x (28672 x 8192 pc 85.5 / 87.6 against 91.1 /
  // 93.0, 8192 x 28672 pc 91.0 / 87.7 against 78.5 / 80.4, 8192 x 8192 pc
  // 35.4 / 34.8 against 32.8 / 32.9): not taken. Measured on N a multiple
  // of 128 only.
  int64_t n = op.getN();
  int64_t sms = op.getTargetAttr().getMultiprocessorCount();
  bool perChannel =
      op.getWeightEncoding().getScales() != ScaleGranularity::per_group;
  return perChannel && n % 128 == 0 &&
         2 * int64_t(llvm::divideCeil(n, 128)) * split >= 5 * sms;
}

/// W4A16 on sm_90a at M = 65 to 96 (addW4A16MidConfigs, after its
/// 64-token tiles of `midN` channels in `midSplit` slices): the same tiles
/// over 80 and 96 tokens (wgmma n80 / n96) where the 128-row tiles of the chain
/// leave most of each tile's rows past M, when the split grid has 1.5 to 3
/// blocks a multiprocessor: the split halved until it has at most 3, at least 2
/// slices. Measured on the H200 (docs/perf-notes.md, v49; hand configs e73, us
/// at M = 65 / 80 / 96 against the 128-row tiles: 11008 x 4096 pc 32.2 / 32.5
/// / 32.5
/// -> 27.6 / 27.7 / 29.9 in 2 slices, 30.3 / 30.2 / 33.6 in 4; 4096 x
/// 4096 pc 19.9 / 19.3 / 19.5 -> 15.5 / 16.1 / 17.2 in 4, 17.5 / 17.0 /
/// 20.5 in 8; 128 tokens lost at M = 112 / 128 on every layer tried,
/// 39.1 / 39.3 against 32.7 / 32.7 on 11008 x 4096; 28672 x 8192, 1792
/// blocks in 8 slices, 1.12x to 1.33x slower than its 128 x 256 tiles.
/// The rule on 48 families, e74: new / previous time at M = 65 / 80 / 96
/// median 0.85 / 0.85 / 0.92, 0.71 at best (5120 x 28672); 2560 x 10240
/// and 3072 x 8192, 160 and 192 blocks, up to 1.11x slower at M = 96
/// against their clustered 128 x 128 tiles in 4 slices, hence the lower
/// bound; 224 blocks (3584 x 18944) 0.83 to 0.99). The bound counts
/// blocks, not what fits: the 128-channel tiles (168 to 249 registers)
/// hold two a multiprocessor, so 265 to 396 of them take two waves (5120
/// x 13824 and 5120 x 28672, 320 blocks, measured 0.72x to 0.77x the
/// time all the same).
/// The blocks are counted on N rounded up to a multiple of 128, so that an
/// N edge gets its neighbour's tiles: 3136 x 4864 g32 (196 blocks in 4
/// slices) took 20.4 / 20.5 us at M = 65 / 96 on the 128-row tiles, 16.9
/// / 17.8 on these, as 3200 x 4864 (200 blocks) 17.0 / 17.9
/// (docs/perf-notes.md, v63).
/// Where K is an odd multiple of 128 (K tiles of 64 that 4 slices do not
/// divide) the 128 x 128 tiles split K in 4 uneven slices
/// (chooseW4A16WgmmaConfigs); below the bound the 80-token tiles of 64
/// channels in 4 slices still take M = 65 to 80 from 1 block a
/// multiprocessor (v83, same run, both orders, time at M = 80 of the 128 x
/// 128 tiles in 4 uneven slices against them: e469 1.02x to 1.04x on 2560 x
/// 9856 pc, 2816 x 8576 g128z, 3072 x 8320 pc, 3072 x 10112 g64; e468 1.00x
/// to 1.05x on 2304 x 6016 g128 to 3072 x 5504 g64z). Before those slices
/// (the 128 x 128 tiles in 2, half a wave) the 80- and 96-token tiles had
/// taken M = 65 to 96 at 0.61x to 0.84x the time (e460 to e462).
static void addW4A16WideTokenTiles(MatmulOp op,
                                   SmallVectorImpl<ConfigAttr> &configs,
                                   int64_t midN, int64_t midSplit) {
  MLIRContext *ctx = op.getContext();
  int64_t n = op.getN();
  int64_t sms = op.getTargetAttr().getMultiprocessorCount();
  constexpr int64_t kWideTokenRows[] = {80, 96};
  constexpr int64_t kWideMaxBlocksPerSm = 3;
  int64_t colTiles = llvm::divideCeil(llvm::alignTo(n, 128), midN);
  int64_t wideSplit = midSplit;
  while (wideSplit > 2 && colTiles * wideSplit > kWideMaxBlocksPerSm * sms)
    wideSplit /= 2;
  int64_t wideBlocks = colTiles * wideSplit;
  if (wideBlocks > kWideMaxBlocksPerSm * sms)
    return;
  // The lower bound is the clustered 128 x 128 tiles in 4 slices. Where K's
  // tiles do not divide in 4 (K an odd multiple of 128) those slices are
  // uneven, and the 80-token tiles of 64 channels in 4 slices (as many
  // blocks as 128 channels in 8) still take M = 65 to 80 from one block a
  // multiprocessor.
  ArrayRef<int64_t> rows = kWideTokenRows;
  int64_t channels = midN;
  if (2 * wideBlocks < 3 * sms) {
    if (getW4A16RuleKTiles(op) % 4 == 0 || wideBlocks < sms)
      return;
    rows = rows.take_front();
    channels = 64;
    wideSplit = wideSplit * 64 / midN;
  }
  for (int64_t tokens : rows)
    configs.push_back(
        getW4A16MidTile(ctx, tokens, wideSplit, channels, /*clustered=*/false));
}

/// W4A16 on sm_90a at M = 17 to 48 (addW4A16MidConfigs, before its
/// 64-token tiles `mid`): the same tiles over 32 and, with `midRows`, 48
/// tokens (wgmma n32 / n48; the channels, K slices and cluster of `mid`),
/// appended to the register variants `configs`. The 48-token tiles take
/// M = 33 to 48 wherever the 64-token ones would (no register variant past
/// M = 32). The 32-token tiles take M = 17 to 32 from the register variant
/// `r` that served them (the last of `configs`) where its warps walk more
/// than kMaxUnrolledGroupedChunks 128-K chunks (a rolled chain, or 16-row
/// blocks whose code outgrows the instruction cache), or where it has 16
/// rows a block and its two rows of blocks at M = 32 are more than one a
/// multiprocessor; `r` keeps M <= 16 if it served any of them. Measured on the H200 (docs/perf-notes.md, v65, e260 and
/// e261, same run, us at M = 24 / 32, `r` against the 32-token tiles):
/// - taken: 28672 x 8192 pc (16 rows, 32 chunks a warp) 78.7 / 82.0 ->
///   66.4 / 66.9, g128z 83.3 / 84.1 -> 71.2 / 71.7; 8192 x 28672 pc (32
///   rows, 45) 77.4 / 80.2 -> 62.0 / 61.6; 13824 x 5120 pc (32 rows, 14)
///   30.6 / 31.1 -> 24.7 / 24.9, g128z 32.6 / 33.8 -> 29.3 / 29.4; 18944 x
///   3584 pc (32 rows, 14) 30.6 / 31.1 -> 23.9 / 24.0; 8192 x 8192 pc (32
///   rows, 13) 28.2 / 28.6 -> 25.3 / 25.4; 5120 x 5120 pc (16 rows, 64
///   channels, 160 blocks) 20.4 / 20.7 -> 16.3 / 16.4; 5120 x 8192 pc (160
///   blocks) 26.7 / 26.4 -> 20.5 / 21.2; 3584 x 18944 pc (224 blocks) 31.1
///   / 31.6 -> 29.2 / 29.7; 5120 x 13824 pc (1280 blocks of 4 warps) 30.6 /
///   31.8 -> 30.5 / 30.3;
/// - kept: 32-row blocks of at most 12 chunks a warp in one wave (11008 x
///   4096 pc 17.5 / 18.1 against 18.2 / 18.4, 4096 x 4096 pc 11.2 / 10.9
///   against 12.9 / 12.4, 16384 x 3072 pc 17.6 / 18.5 against 21.5 / 21.6,
///   3072 x 8192 pc 15.0 / 15.6 against 17.0 / 16.4; 14336 x 4096 and 6144
///   x 4096 within 5%), 4096 x 11008's 64-channel blocks (128, one wave:
///   17.9 / 18.5 against 19.8 / 20.3), and a register variant that runs to
///   M = 48 (2560 x 10240's 64-channel blocks: 15.6 / 16.2 against 19.2 /
///   19.9; 4096 x 4096's 64-row blocks within 3% of the 48-token tiles).
/// The 48-token tiles against the 64-token ones at M = 40 / 48: 28672 x
/// 8192 pc 90.7 / 90.9 -> 75.2 / 75.8, 8192 x 28672 pc 78.6 / 78.6 -> 63.8
/// / 64.9, 13824 x 5120 g128z 37.6 / 37.7 -> 32.9 / 33.2, 11008 x 4096 pc
/// 21.8 / 21.8 -> 20.3 / 20.3, 5120 x 5120 pc 19.3 / 19.4 -> 17.2 / 17.3,
/// 0.81x to 0.95x the time on the 12 layers measured.
static void addW4A16NarrowTokenTiles(MatmulOp op,
                                     SmallVectorImpl<ConfigAttr> &configs,
                                     ConfigAttr mid, bool midRows) {
  constexpr int64_t kNarrowRows = 32, kMidRows = 48;
  auto withRows = [&](int64_t rows) {
    ConfigEdit edit(mid);
    edit.ctaTile[0] = edit.warpTile[0] = rows;
    edit.maxM = rows;
    return edit.get();
  };
  if (configs.empty() || configs.back().getMaxM() > kNarrowRows)
    return; // A register variant serves M = 33 to 48 (or further).
  if (configs.back().getMaxM() == kNarrowRows) {
    ConfigAttr r = configs.back();
    int64_t n = op.getN(), k = op.getK();
    int64_t sms = op.getTargetAttr().getMultiprocessorCount();
    int64_t chunks =
        llvm::divideCeil(llvm::divideCeil(k, ConfigAttr::kRegisterChunkBytes),
                         r.getWarpsK() * r.getSplitK());
    int64_t blocks = int64_t(llvm::divideCeil(n, r.getBlockN())) *
                     r.getSplitK() * (kNarrowRows / r.getBlockM());
    bool narrow = r.isRegisterDirect() &&
                  (chunks > ConfigAttr::kMaxUnrolledGroupedChunks ||
                   (r.getBlockM() == 16 && blocks > sms));
    if (!narrow) {
      if (midRows)
        configs.push_back(withRows(kMidRows));
      return;
    }
    // `r` keeps the rows up to 16 it served, if any.
    if (configs.size() == 1 || configs[configs.size() - 2].getMaxM() < 16)
      configs.back() = r.withMaxM(16);
    else
      configs.pop_back();
  }
  configs.push_back(withRows(kNarrowRows));
  if (midRows)
    configs.push_back(withRows(kMidRows));
}

/// The 32-token register-A tiles of a layer whose 128 x 256 tiles fill the
/// GPU from M = 33 (addW4A16MidConfigs: no 64-token tiles; the LM heads):
/// 128 channels, in the most clustered K slices (up to 4) that keep the
/// grid at 8 blocks a multiprocessor or fewer. Measured on the H200
/// (docs/perf-notes.md, v65, e264, same run, us at M = 17 / 32 against two
/// rows of 16-row register blocks): 32000 x 4096 pc (250 columns, 4
/// slices) 44.9 / 46.5 -> 39.5 / 39.9, g128z 50.0 / 51.0 -> 43.6 / 44.0;
/// 128256 x 4096 pc (1002 columns) 151.1 / 162.7 -> 111.5 / 114.4
/// unsplit, 116.0 / 118.6 in 2 slices.
static ConfigAttr getW4A16LmHeadTile(MatmulOp op) {
  constexpr int64_t kMaxBlocksPerSm = 8, kMaxSplit = 4;
  int64_t columns = llvm::divideCeil(op.getN(), 128);
  int64_t sms = op.getTargetAttr().getMultiprocessorCount();
  int64_t split = 1;
  while (split < kMaxSplit && 2 * split * columns <= kMaxBlocksPerSm * sms)
    split *= 2;
  return getW4A16MidTile(op.getContext(), 32, split, 128,
                         /*clustered=*/split > 1);
}

/// The K slices of addW4A16MidConfigs' unclustered 64 x 64 register-A tiles
/// of M = 33 to 64 (`split` of them, 4): three where four make more than
/// 1.25 waves of the kMidTilesPerSm blocks a multiprocessor holds and
/// three make at most one (166 to 176 columns of 64, N of 10561 to 11264
/// on 132). Such tiles hold 128 registers a thread and 43 KiB of shared
/// memory: four blocks a multiprocessor (ncu, e493: 11008 x 4096 g128z at
/// M = 64, 688 blocks in 1.3 waves). Measured on the H200
/// (docs/perf-notes.md, v85, same run, both bench orders, time in three
/// slices over four at M = 33 to 64): e494 11008 x 4096 g128z / g32 0.90x
/// to 0.93x (28.9 -> 26.3 us at 64, 0.93 -> 1.02 x cuBLAS fp16); held out
/// (e495) 10624 x 5120 g128 0.87x to 0.91x, 10752 x 4096 g128z 0.91x,
/// 11008 x 4096 g64 / g128 0.91x to 0.93x, 11136 x 3072 g64z 0.89x to
/// 0.91x, 11264 x 4096 g32z 0.97x. Below the window three slices lose or
/// tie (e494: 10240 x 4096 g64z, 640 blocks in four, 0.99x to 1.05x; 9216
/// x 4096 pc 0.97x to 1.04x), and past it two slices (one wave) lose:
/// 14336 x 4096 g128z 1.02x to 1.09x, 13824 x 5120 g128 1.04x to 1.08x.
static int64_t getW4A16MidSplit(MatmulOp op, int64_t split) {
  constexpr int64_t kMidTilesPerSm = 4, kOneWaveSplit = 3;
  int64_t sms = op.getTargetAttr().getMultiprocessorCount();
  int64_t columns = llvm::divideCeil(op.getN(), 64);
  int64_t slots = kMidTilesPerSm * sms;
  if (split == 4 && 4 * split * columns > 5 * slots &&
      kOneWaveSplit * columns <= slots)
    return kOneWaveSplit;
  return split;
}

/// W4A16 on sm_90a from M = 17 to 96 (chooseW4A16Configs): the split
/// register-A wgmma tiles where they fill the GPU (over 64 tokens to M =
/// 64, then over 80 and 96 where their grid allows), and before them the
/// register variants `configs` ends with, bounded or replaced as measured.
/// `wide`, `rowBlocks` and `sixtyFourRows` are chooseW4A16Configs' (a
/// 64-channel variant, blocks of 32 rows and of 64).
static void addW4A16MidConfigs(MatmulOp op,
                               SmallVectorImpl<ConfigAttr> &configs, bool wide,
                               bool rowBlocks, bool sixtyFourRows) {
  MLIRContext *ctx = op.getContext();
  int64_t n = op.getN(), k = op.getK();
  int64_t sms = op.getTargetAttr().getMultiprocessorCount();
  // M = 49 to 64 (33 to 64 where no register variant runs past M = 32):
  // register-A tiles of 64 rows with K in slices, when that grid fills the
  // multiprocessors and the slices have at least kMinSliceTiles K tiles
  // (v20, same run, us at M = 48 / 64, register variant against 64 x 128
  // tiles in kMidSplit slices: 4096 x 4096 pc 17.3 / 17.7 against 16.8 /
  // 16.9, g128z 19.5 / 19.9 against 17.2 / 17.4; 11008 x 4096 26.5 / 35.3
  // against 29.3 / 29.5; 4096 x 11008 31.1 / 31.0 against 24.3 / 24.0;
  // 28672 x 8192, 128 x 256 register-A tiles, 99.7 / 99.7 against 91.3 /
  // 92.5; at M = 32 the register variants are faster but on 28672 x 8192,
  // 10.9 against 16.2 us on 4096 x 4096; 128 x 128 tiles in 4 or 8 slices
  // were slower). Where K has fewer than 128 tiles, 64 x 64 tiles (one
  // 64-channel warpgroup) in half the slices, as many thread blocks with
  // twice the K tiles each (v24 step 6, same run, us at M = 49 / 64: 4096 x
  // 4096 pc 16.7 / 16.8 -> 14.6 / 14.7, g128z 17.0 / 17.2 -> 15.1 / 15.2;
  // 11008 x 4096 pc 29.3 / 29.5 -> 26.7 / 26.8; with 128 or more K tiles
  // within 3% either way: 28672 x 8192 g128z 96.8 / 98.0 -> 99.1 / 100.7,
  // 4096 x 11008 pc 24.2 / 24.0 -> 23.8 / 24.5). Slices of 6 K tiles still
  // win (v43, same run, us at M = 49 / 64: 8960 x 1536 pc 18.4 / 18.6 ->
  // 16.0 / 16.0, g128z 19.0 / 19.8 -> 16.5 / 16.6, 24 K tiles in 4 slices
  // after the 64-channel variant; 18944 x 3584, 56 K tiles, where no
  // variant ran from M = 17 to 128 but 128 x 256 tiles, pc 45.3 / 45.4 ->
  // 35.0 / 35.3, g128z 47.4 / 47.3 -> 37.5 / 37.9).
  constexpr int64_t kMidSplit = 8, kMidMaxM = 64, kMinSliceTiles = 6;
  int64_t kTiles = getW4A16RuleKTiles(op);
  int64_t midN = kTiles < 128 ? 64 : 128;
  int64_t midSplit = midN == 64 ? kMidSplit / 2 : kMidSplit;
  if (int64_t(llvm::divideCeil(n, 128)) * kMidSplit < sms ||
      kTiles < kMinSliceTiles * midSplit)
    return;
  if (wide) {
    // The 64-channel register variant (configs.back(), to M = 64) reads and
    // converts every weight once per 16 rows. M = 33 to 48 goes:
    // - where K = 4096 on at most 9 MiB of weights, to 64-row
    //   blocks, one wave of them, where its three rows of blocks took a
    //   second wave (v42, same run, us at M = 33 / 40 / 48: 4096 x 4096 pc
    //   17.3 / 16.6 / 17.4 -> 13.4 / 14.2 / 14.0, g128z 19.6 / 19.2 / 19.8
    //   -> 13.4 / 14.0 / 13.8, g32z 20.7 / 20.4 / 21.0 -> 13.5 / 14.2 /
    //   13.9; the 64 x 64 wgmma tiles from M = 33: 14.8 / 14.2 / 14.8 for
    //   pc). Past that each 32-channel block reads X again from L2, M rows
    //   of it: 6144 x 4096 (12 MiB) pc 21.7 / 22.0 us at M = 33 / 48
    //   against 17.7 / 17.9 on the wgmma tiles (v43), 11008 x 4096 pc 29.5
    //   to 30.0 against 26.2 to 26.7 (v42); at M = 49 to 64 the wgmma tiles
    //   stay ahead (4096 x 4096 pc 14.4 against 15.0);
    // - to the 64-channel variant itself where its three rows of blocks
    //   are one wave (2560 x 10240: 120 blocks, pc 16.2 to 16.7 us at
    //   M = 33 to 48 against 22.8 to 23.3 on the 64 x 128 tiles, 20.4 to
    //   21.1 on 64 x 64 ones, v43) or K is short: under 64 K tiles, under
    //   32 with zero points (8960 x 1536, 24 K tiles: pc 14.6 to 14.9
    //   against 15.8 to 15.9, g128z 15.9 to 16.7 against 16.4 to 16.8;
    //   16384 x 3072, 48 K tiles: g128z 35.4 to 36.5 against 29.4 to 30.3
    //   on the split 64 x 64 tiles, pc 27.0 to 27.3 against 28.2 to 28.3;
    //   v47);
    // - else to the wgmma tiles below, the 64-channel variant bounded at
    //   M = 32 or, where the 32-row blocks serve M = 17 to 32, dropped (v43,
    //   same run, us at M = 33 / 48: 5120 x 5120 pc 21.0 / 21.3 -> 19.8 /
    //   19.9, g128z 23.5 / 23.5 -> 20.9 / 21.1; 6144 x 4096 pc 24.2 / 24.9
    //   (the 64-channel variant) -> 17.7 / 17.9; v42 step 7: 11008 x 4096
    //   g128z 30.6 / 30.9 -> 28.4 / 28.6, g32z 32.9 / 33.4 -> 28.7 / 28.9,
    //   per channel 26.1 / 26.4 -> 26.7 / 26.8, 2% slower; 4096 x 11008 at
    //   M = 33 / 48, 64 x 128 tiles, pc 31.2 / 31.2 -> 24.5 / 24.7, g128z
    //   36.6 / 36.8 -> 26.1 / 26.1, v20).
    if (sixtyFourRows && kTiles >= 64 && n * k / 2 <= (int64_t(9) << 20))
      configs.back() =
          getW4A16RowBlockConfig(configs[1], 64, kW4A16RegisterWgmmaMaxM);
    else if ((kTiles < (op.getWeightEncoding().getZeroPoints() ? 32 : 64)) ||
             3 * (n / 64) <= sms)
      configs.back() =
          getW4A16RegisterConfig(op, 64, kW4A16RegisterWgmmaMaxM);
    else if (rowBlocks)
      configs.pop_back();
    else
      configs.back() =
          getW4A16RegisterConfig(op, 64, kW4A16LongKRegisterMaxM);
  } else if (configs.back().getMaxM() == 16) {
    // Past 24 MiB of weights (no 64-channel variant) and without 32-row
    // blocks the 16-row blocks still serve M = 17 to 32, two rows of them
    // whose blocks of one column run next to each other and share the
    // weights through L2 (v42 step 6, same run, 28672 x 8192, us at
    // M = 17 / 32 against the split tiles: pc 79.6 / 82.6 against 90.2 /
    // 90.5, g128 78.1 / 86.5 against 96.9 / 97.1, g128z 82.8 / 85.1
    // against 95.0 / 95.4, g32 83.6 / 84.4 against 94.3 / 94.9, g32z
    // 103.6 / 106.2 against 107.0 / 107.8; three rows at M = 33 to 48 1.2
    // to 1.3x slower).
    configs.back() = getW4A16RegisterConfig(op, 32, 32);
  }
  // Where unsplit tiles of 128 x 256 (N a multiple of 256) fill 90% of the
  // multiprocessors (N of 30464 and more on 132) the split tiles only add
  // their reduction: the
  // chain's 128-row tiles take M = 33 to 64 (v47, same run, us at M = 48 /
  // 64: 32000 x 4096 pc 59.4 / 60.0 -> 51.6 / 51.8, g128z 63.6 / 64.0 ->
  // 53.8 / 53.8; 128256 x 4096 pc 210.3 / 218.3 -> 197.7 / 191.8, g128z
  // 225.8 / 230.9 -> 198.4 / 199.3; 28672 x 8192's 112 columns of such
  // tiles keep the split ones, measured faster in v20 and v24).
  if (n % 256 == 0 && 10 * (n / 256) >= 9 * sms) {
    addW4A16NarrowTokenTiles(op, configs, getW4A16LmHeadTile(op),
                             /*midRows=*/false);
    return;
  }
  // Where the 128-channel tiles' columns are as many as the
  // multiprocessors (N of 16897 and more on 132), two clustered K slices
  // instead of eight global ones: v71, e306, both bench orders, 28672 x
  // 8192 pc 0.89x to 0.98x the time at M = 24 to 64 (93.0 -> 83.1 us at
  // 64), g128z 0.94x to 0.97x, 22528 x 8192 0.81x to 0.91x; four clustered
  // slices 0.90x to 0.99x on 28672 x 8192 pc. K measured: 8192 only, so
  // at most 128 K tiles.
  constexpr int64_t kPairMaxKTiles = 128;
  bool pairSlices = midN == 128 && kTiles <= kPairMaxKTiles &&
                    int64_t(llvm::divideCeil(n, 128)) >= sms;
  bool clustered =
      pairSlices || (midN == 64 && isW4A16WideClusteredMid(op, midSplit));
  ConfigAttr mid =
      clustered ? getW4A16MidTile(ctx, kMidMaxM, pairSlices ? 2 : midSplit, 128,
                                  /*clustered=*/true)
                : getW4A16MidTile(ctx, kMidMaxM,
                                  midN == 64 ? getW4A16MidSplit(op, midSplit)
                                             : midSplit,
                                  midN, /*clustered=*/false);
  addW4A16NarrowTokenTiles(op, configs, mid, /*midRows=*/true);
  configs.push_back(mid);
  addW4A16WideTokenTiles(op, configs, midN, midSplit);
}

/// W4A16 on 256 x 128 register-A tiles (two warpgroups of 64 channels) in
/// two clustered K slices over the rows of 256 whose grid is one wave of 80
/// blocks or more: r rows serve M = 256 (r - 1) + 1 to 256 r where r x
/// columns x 2 is 80 to `sms` (from M = 385 where r = 2, r up to 6), on
/// N of 1153 or more (10 columns of 128) and K of 64 tiles or more, instead
/// of the one-wave bands and 128 x 128 tiles of one warpgroup (one or two
/// a multiprocessor) the chain has there. Measured (v86, time against the
/// chain before): e510 at M = 769 to 1024, 1280 x 4096 pc 0.93, 1408 x
/// 4096 g128z 0.83 to 0.88, 1536 x 4096 pc 0.94, 1536 x 8192 g128 0.85 to
/// 0.87, 1664 x 4096 g64z 0.83 to 0.86; 1664 x 2048 (32 K tiles) 0.98 to
/// 1.03, hence the bound on K; e512, seven layers held out, 0.83 to 0.95;
/// e513 at M = 1025 to 1280, 1280 x 8192 pc 0.83 to 0.88, 1408 x 4096
/// g128z 0.84 to 0.88, 1536 x 4096 pc 0.90 to 0.95, 1664 x 4096 g64z 0.83
/// to 0.86 (the same tiles unsplit 1.25 to 1.50); e514, held out, 0.75 to
/// 0.96; e515 at M = 385 to 512 (4096 x 4096 pc 0.90 to 0.91, g128z 0.85
/// to 0.86, 3840 x 4096 g64 0.83 to 0.84, 3328 x 4096 pc 0.89 to 0.94),
/// 513 to 768 (2304 x 4096 pc 0.89 to 0.94, 2560 x 4096 g128z 0.84 to
/// 0.87, 2816 x 8192 pc 0.85 to 0.89) and 1281 to 1536 (1216 x 4096 g128,
/// 1280 x 8192 pc, 1408 x 4096 g128z 0.82 to 0.86). Under 80 blocks (M =
/// 513 to 768 on 10 to 13 columns: 60 to 78) they were 0.86x to 1.35x the
/// time (e510); at M = 257 to 384 (half the rows empty at M = 257) and
/// past M = 1536 not measured. Held out (v87, the rule against main's
/// chain before): e516, ten layers of 1408 to 4160 channels, 0.78 to 1.00
/// (4096 x 4096 pc 0.88 to 0.90 at M = 400 to 512); e518, 20 to 22
/// columns at M = 385 to 768, 0.76 to 0.95. From 14 columns the model takes them at
/// M = 513 to 1024 on K of 32 tiles too (chooseW4A16WgmmaConfigs).
static void addW4A16TallSplitBand(MatmulOp op,
                                  SmallVectorImpl<ConfigAttr> &configs) {
  constexpr int64_t kRows = 256, kMinRows = 2, kMaxRows = 6, kFirstM = 385,
                    kMinBlocks = 80, kMinColumns = 10, kMinKTiles = 64;
  int64_t sms = op.getTargetAttr().getMultiprocessorCount();
  int64_t kTiles = getW4A16RuleKTiles(op);
  int64_t columnTiles = llvm::divideCeilSigned(op.getN(), 128);
  if (kTiles < kMinKTiles || kTiles % 2 != 0 || columnTiles < kMinColumns)
    return;
  // The rows of tiles whose grid is one wave of kMinBlocks or more: a run
  // of consecutive counts, as the grid grows with them.
  int64_t first = 0, last = 0;
  for (int64_t rows = kMinRows; rows <= kMaxRows; ++rows) {
    int64_t blocks = rows * columnTiles * 2;
    if (blocks < kMinBlocks || blocks > sms)
      continue;
    if (!first)
      first = rows;
    last = rows;
  }
  if (!first)
    return;
  int64_t lo = std::max(kRows * (first - 1) + 1, kFirstM), hi = kRows * last;
  // Spelled as the model's tiles (chooseW4A16WgmmaConfigs), so that the
  // merge below finds them; chooseConfigs clusters the slices and gives
  // the tiles the producer's ring.
  ConfigAttr tile =
      getW4A16MidTile(op.getContext(), kRows, /*split=*/2, /*channels=*/128,
                      /*clustered=*/false, /*warpChannels=*/64);
  if (!replaceMRange(configs, lo, hi, tile))
    return;
  // One variant where the chain ran the same tiles up to the range.
  mergeBoundedVariants(configs, tile);
}

/// Where `config` is W4A16's one-warpgroup 128 x 128 register-A variant in
/// two K slices, the first M at which its grid passes one wave (more than
/// `sms` blocks: two on some multiprocessors); else 0
/// (addW4A16NarrowChannelTallBands, addW4A16SmallLayerTallSplitTiles).
static int64_t getW4A16SquareSplitPastWaveM(MatmulOp op, ConfigAttr config) {
  if (!config || !config.isRegisterA() || config.getBlockM() != 128 ||
      config.getBlockN() != 128 || config.getWarpN() != 128 ||
      config.getSplitK() != 2)
    return 0;
  int64_t sms = op.getTargetAttr().getMultiprocessorCount();
  return 128 * (sms / (2 * llvm::divideCeilSigned(op.getN(), 128))) + 1;
}

/// Appends to `ranges`, from M = `lo` to at most `toM`, `tile(t)` over the
/// token counts t of `tokenCounts` in order (192 then 256 unless given),
/// each as far as its grid of `columns` tiles a row in two K slices is one
/// wave of `sms` blocks, and only from where that grid has `minBlocks` or
/// more (addW4A16NarrowChannelTallBands, addW4A16FewColumnTallSplitTiles,
/// addW4A16TallSplitTokenBands); returns the first M left after them.
static int64_t
appendOneWaveTokenRanges(SmallVectorImpl<MRange> &ranges, int64_t lo,
                         int64_t toM, int64_t columns, int64_t sms,
                         int64_t minBlocks,
                         llvm::function_ref<ConfigAttr(int64_t)> tile,
                         ArrayRef<int64_t> tokenCounts = {192, 256}) {
  for (int64_t tokens : tokenCounts) {
    int64_t hi = std::min(toM, tokens * (sms / (2 * columns)));
    if (hi < lo || llvm::divideCeilSigned(lo, tokens) * columns * 2 < minBlocks)
      continue;
    ranges.push_back({lo, hi, tile(tokens)});
    lo = hi + 1;
  }
  return lo;
}

/// W4A16 at M = 513 to 1024 on N of 833 to 1152 (14 to 18 columns of 64
/// channels, under the window of addW4A16TallSplitBand): the 64-channel
/// tiles of one warpgroup that serve M <= 512 there
/// (addW4A16NarrowChannelTiles: 128 tokens in two clustered K slices) go
/// on over 192 tokens, then 256, each as far as its two-slice grid is one
/// wave and from where it is 80 blocks or more, instead of the
/// one-warpgroup 128 x 128 tiles in two clustered slices (four global ones
/// on 1024 x 8192) the chain has there. Measured (v87, e517, hand configs
/// against the chain at M = 520 / 640 / 768 / 896 / 1024): 1024 x 4096 pc
/// and g128z, 192 tokens to M = 768 0.82 to 0.84, 256 tokens to 1024 0.86
/// to 0.89; 1024 x 8192 g128 0.75 to 0.78 and 0.80 to 0.82; 1152 x 4096 pc
/// (192 tokens to 576, 256 to 768) 0.84 and 0.88. Past one wave they lost
/// (192 tokens at M = 896 on 1024 wide 1.02 to 1.39, 256 at 896 on 1152
/// 1.44); 128 x 64 tiles in two slices over the whole range 0.91 to 0.96.
/// K measured: 64 and 128 tiles. Held out (e521, nine layers of 896 to
/// 1152 channels): 0.76 to 0.89. On 1088 and 1152 the bands end at M = 768
/// and the chain's 128 x 128 tiles in two slices serve to 1024, 144 blocks
/// from M = 897 (1.4x to 1.5x the time of 896): there the 192-token tiles,
/// 1.6 waves at 1024 (e525, hand configs, M = 928 to 1024: 1152 x 4096 pc
/// 0.77 to 0.78, 1088 x 8192 pc 0.74 to 0.76, 1152 x 8192 g128z 0.95 to
/// 0.98, 1088 x 4096 g128z 0.99 to 1.00; the next variant's 96 x 128 tiles
/// from 897 0.98 to 1.11, 128 x 64 tiles in two slices 0.96 to 1.04, the
/// 128 x 128 tiles unsplit 1.05 to 1.19).
static void
addW4A16NarrowChannelTallBands(MatmulOp op,
                               SmallVectorImpl<ConfigAttr> &configs) {
  constexpr int64_t kFromM = 513, kToM = 1024, kChannels = 64, kMinColumns = 14,
                    kMaxColumns = 18, kMinBlocks = 80, kMinKTiles = 64;
  int64_t sms = op.getTargetAttr().getMultiprocessorCount();
  int64_t kTiles = getW4A16RuleKTiles(op);
  int64_t columns = llvm::divideCeilSigned(op.getN(), kChannels);
  if (kTiles < kMinKTiles || kTiles % 2 != 0 || columns < kMinColumns ||
      columns > kMaxColumns)
    return;
  ConfigAttr narrow = getServingConfig(configs, kFromM - 1);
  if (!narrow || !narrow.isRegisterA() || narrow.getBlockN() != kChannels)
    return;
  auto tile = [&](int64_t tokens) {
    return getW4A16MidTile(op.getContext(), tokens, /*split=*/2, kChannels,
                           /*clustered=*/true,
                           /*warpChannels=*/0, CopyKind::tma_producer);
  };
  SmallVector<MRange> ranges;
  int64_t lo = appendOneWaveTokenRanges(ranges, kFromM, kToM, columns, sms,
                                        kMinBlocks, tile);
  // Where the bands stop short of M = 1024, the chain's one-warpgroup
  // 128 x 128 tiles in two slices that serve to 1024 pass one wave from
  // some M on (9 columns of 128: 144 blocks from M = 897); from there the
  // 192-token tiles.
  int64_t squareFrom =
      getW4A16SquareSplitPastWaveM(op, getServingConfig(configs, kToM));
  if (lo <= kToM && squareFrom != 0 && squareFrom <= kToM)
    ranges.push_back({std::max(lo, squareFrom), kToM, tile(192)});
  (void)replaceMRanges(configs, ranges);
}

/// W4A16 small layers (N of 1024 and less) at M = 1025 to 2048: where the
/// chain's one-warpgroup 128 x 128 tiles in two clustered K slices serve
/// to M = 2048 and pass one wave from some M on (two blocks on some
/// multiprocessors: 5 columns of 128 from M = 1665, 6 from 1409, 7 from
/// 1153), the 256 x 128 tiles of two warpgroups in two clustered slices
/// take that M to 2048, where their grid is one wave (8 rows x columns x
/// 2), on K of 64 tiles or more. Measured (v87, e527, hand configs against
/// the chain at those M): 640 x 4096 pc 0.93 to 0.94, 576 x 4096 g128z
/// 0.90, 768 x 8192 g128z 0.87 to 0.89, 896 x 8192 g128z 0.87 to 0.89;
/// 192 x 64 tiles in two slices 0.77 to 1.38, 256 x 64 ones 0.65 to 1.08.
/// Held out (e528, seven layers of 576 to 896 channels, K of 5120 to
/// 14336): 0.84 to 0.90, none slower.
static void
addW4A16SmallLayerTallSplitTiles(MatmulOp op,
                                 SmallVectorImpl<ConfigAttr> &configs) {
  constexpr int64_t kToM = 2048, kRows = 256, kMinKTiles = 64;
  int64_t sms = op.getTargetAttr().getMultiprocessorCount();
  int64_t columns = llvm::divideCeilSigned(op.getN(), 128);
  int64_t kTiles = getW4A16RuleKTiles(op);
  int64_t from =
      getW4A16SquareSplitPastWaveM(op, getServingConfig(configs, kToM));
  if (kTiles < kMinKTiles || kTiles % 2 != 0 || from == 0 || from > kToM ||
      kToM / kRows * columns * 2 > sms)
    return;
  (void)replaceMRange(configs, from, kToM,
                      getW4A16MidTile(op.getContext(), kRows, /*split=*/2,
                                      /*channels=*/128, /*clustered=*/true,
                                      /*warpChannels=*/64,
                                      CopyKind::tma_producer));
}

/// W4A16 layers of 5 to 8 columns of 128 channels at M = 1025 to 2048,
/// where the chain's 256 x 128 tiles of two warpgroups in two clustered K
/// slices serve (chooseW4A16WgmmaConfigs on 8 columns from M = 1025,
/// addW4A16SmallLayerTallSplitTiles on 5 to 7): the same tiles over 160
/// tokens, then 192, each as far as its grid is one wave, then the 256-token
/// ones. Each multiprocessor runs one block either way, of 5 / 8 or 3 / 4
/// of the products. Measured (v91, e557, hand configs against the chain,
/// same run, both bench orders, M = 1025 to 1664): 1024 x 4096 pc and 960 x
/// 4096 pc 160 tokens to M = 1280 0.80x to 0.82x the time, 192 tokens to
/// 1536 0.84x to 0.87x; 1024 x 4096 g128 / g128z 0.87x to 0.89x and 0.91x to
/// 0.93x; 1024 x 8192 g128 0.86x to 0.90x and 0.92x to 0.94x. Past one wave
/// they lost (1.38x to 1.70x); 256 x 128 tiles in three unclustered slices
/// 0.90x to 1.05x, one-warpgroup 128 x 128 tiles in two clustered slices
/// 1.05x to 1.18x. Held out (e559, ten layers of 576 to 1024 channels, K of
/// 2048 to 14336): 0.78x to 0.93x where the chain changes, none slower
/// (896 x 8192 pc at M = 1280 47.3 -> 36.6 us, 0.69 -> 0.88 x cuBLAS
/// fp16). Measured on 5 to 8 columns only: wider layers keep the chain.
static void addW4A16TallSplitTokenBands(MatmulOp op,
                                        SmallVectorImpl<ConfigAttr> &configs) {
  constexpr int64_t kFromM = 1025, kMaxColumns = 8;
  int64_t sms = op.getTargetAttr().getMultiprocessorCount();
  int64_t columns = llvm::divideCeilSigned(op.getN(), 128);
  if (columns > kMaxColumns)
    return;
  auto isTallSplit = [](ConfigAttr config) {
    return config.isWgmma() && config.isRegisterA() &&
           config.getBlockM() == 256 && config.getBlockN() == 128 &&
           config.getWarpN() == 64 && config.getSplitK() == 2 &&
           config.getRowSplit() == 0;
  };
  auto tile = [&](int64_t tokens) {
    return getW4A16MidTile(op.getContext(), tokens, /*split=*/2,
                           /*channels=*/128, /*clustered=*/true,
                           /*warpChannels=*/64, CopyKind::tma_producer);
  };
  SmallVector<MRange> ranges;
  forEachBoundedRange(
      configs, kFromM, isTallSplit, [&](int64_t lo, int64_t bound) {
        appendOneWaveTokenRanges(ranges, lo, bound, columns, sms,
                                 /*minBlocks=*/0, tile, {160, 192, 256});
      });
  (void)replaceMRanges(configs, ranges);
}

/// W4A16 with group scales past M = 1024, where the chain's unsplit
/// one-warpgroup 128 x 128 tiles (two blocks a multiprocessor) take two full
/// rounds of blocks or more and a partial one, and the unsplit 256 x 128
/// tiles (one block a multiprocessor, 64 channels a warpgroup) take as many
/// rounds: the 256 x 128 ones. chooseW4A16WgmmaConfigs's model runs the
/// partial round of the 128 x 128 tiles at the lone rate, which v37
/// measured after one full round. Measured (v91, same run, both bench
/// orders): e561 (the unsplit 256 x 128 tiles against the chain past M =
/// 1024) where this holds 5120 x 5120 g128 at M = 1920 / 2048 0.85x / 0.86x
/// the time, 7168 x 5120 g128 at 2048 0.84x, 9216 x 3072 g128 at 1536
/// 0.88x; where the 128 x 128 tiles take one full round and a partial one
/// or fewer rounds they won (1.11x to 1.51x). e563 (the rule on any scales,
/// eight held-out layers): with group scales 0.93x to 1.01x, per channel
/// 0.92x to 1.06x (2560 x 4096 pc at M = 3456 to 4096 1.05x to 1.06x):
/// group scales only. Held out again (e566, eight layers with group
/// scales): 18 changed cells, geomean 0.940, 0.84x to 1.05x (2560 x 8192
/// g128 at M = 3840 / 4096 0.84x, 9216 x 14336 g128 at 1536 0.89x: 718.0
/// -> 637.8 us; 7168 x 8192 g128z at 1153 1.05x).
static void addW4A16TallPastFullRounds(MatmulOp op,
                                       SmallVectorImpl<ConfigAttr> &configs) {
  constexpr int64_t kFromM = 1025;
  if (op.getWeightEncoding().getScales() != ScaleGranularity::per_group)
    return;
  int64_t sms = op.getTargetAttr().getMultiprocessorCount();
  int64_t columns = llvm::divideCeilSigned(op.getN(), 128);
  auto isSquare = [](ConfigAttr config) {
    return config.isWgmma() && config.isRegisterA() &&
           config.getBlockM() == 128 && config.getBlockN() == 128 &&
           config.getWarpN() == 128 && config.getSplitK() == 1 &&
           config.getRowSplit() == 0;
  };
  // The rounds of each grid over a row count of 128-row tiles (the 256-row
  // tiles' rows are the same over each 128 rows of M).
  auto tallWins = [&](int64_t rows) {
    int64_t blocks = rows * columns, resident = 2 * sms;
    int64_t tallBlocks = llvm::divideCeilSigned(rows, 2) * columns;
    return blocks / resident >= 2 && blocks % resident != 0 &&
           llvm::divideCeilSigned(blocks, resident) ==
               llvm::divideCeilSigned(tallBlocks, sms);
  };
  // Spelled as the model's tiles (chooseW4A16WgmmaConfigs), so that the
  // merge below finds them; chooseConfigs gives them the producer's ring.
  ConfigAttr tall = ConfigAttr::get(
      op.getContext(), {256, 128, 64}, {256, 64},
      std::min<int64_t>(4, getW4A16RuleKTiles(op) + 1), /*splitK=*/1,
      /*maxM=*/256, MmaKind::wgmma, OperandPath::register_a,
      /*fuseQuantize=*/false);
  SmallVector<MRange> ranges;
  forEachBoundedRange(
      configs, kFromM, isSquare, [&](int64_t lo, int64_t bound) {
        for (int64_t m = lo; m <= bound;) {
          int64_t rows = llvm::divideCeilSigned(m, 128);
          int64_t last = std::min(bound, rows * 128);
          if (tallWins(rows)) {
            if (!ranges.empty() && std::get<1>(ranges.back()) + 1 == m)
              std::get<1>(ranges.back()) = last;
            else
              ranges.push_back({m, last, tall});
          }
          m = last + 1;
        }
      });
  if (ranges.empty() || !replaceMRanges(configs, ranges))
    return;
  // One variant where bounded neighbours now run the 256 x 128 tiles.
  mergeBoundedVariants(configs, tall);
}

/// W4A16 layers of 3 to 8 columns of 128 channels at M = 2049 to 6144,
/// where the chain's tiles there leave most of a wave idle or pass one:
/// its one-warpgroup 128 x 128 tiles in two clustered K slices, past the
/// M where their grid passes one wave (4 columns: 136 blocks from M =
/// 2113; 3 columns: from 2817), its unsplit 256 x 128 tiles (5 to 8
/// columns: 45 to 72 blocks at M = 2049), or, on 3 and 4 columns and K of
/// 32 tiles or more, its one-warpgroup unsplit bands of 64 to 128 tokens
/// (addW4A16OneWaveBands, 92 to 132 blocks, each two K tiles of products
/// a slot where the two-slice tiles take one). The two-warpgroup tiles of 192
/// tokens (64 channels a warpgroup) in two clustered slices take that M as
/// far as their grid is one wave, then those of 256 tokens as far as
/// theirs is; past it (or where neither fits one wave: 8 columns) the
/// chain's. Measured (v88, hand configs against the chain, same run, M =
/// 2112 to 4096):
/// - e531, the 128 x 128 two-slice tiles: 512 x 8192 pc 192 tokens to M =
///   3072 0.77 to 0.78, 256 tokens 0.92 to 0.94; 512 x 14336 g128 0.76 and
///   0.85 to 0.87; 384 x 8192 pc 192 tokens from 2817 0.76 to 0.78. Past
///   one wave they lost (192 tokens at M = 3584 on 512 wide 1.41 to
///   1.46); so did the 256-token tiles at M = 2112 / 2560 on 384 wide,
///   where the chain's grid is still one wave (1.39). Held out (e532, seven
///   layers of 320 to 512 channels): 0.71 to 0.93;
/// - e535, the unsplit 256 x 128 tiles: 576 x 4096 pc and 640 x 8192 pc
///   192 tokens at 2112 0.54 / 0.48, 256 tokens to 3072 0.58 to 0.65; 768
///   x 4096 g128z 0.60 and 0.65 to 0.66; 896 x 14336 g128 256 tokens at
///   2112 0.61. Past one wave 1.08 to 1.19 (256 tokens), 0.93 to 1.45 (192
///   tokens); on 1024 x 8192 (8 columns) 256 tokens 1.09 to 1.15;
/// - v91, the bands (e560, hand configs): 512 x 2048 / 3584 g128, 512 x
///   2048 pc, 512 x 4096 g128z and 384 x 3072 pc at M = 2176 to 4096 0.78x
///   to 0.99x the time; 128 x 128 tiles in two slices 0.81x to 1.10x, 256
///   x 128 ones 0.86x to 1.06x; on 3 columns past M = 4096 192 tokens 0.60x
///   at 4224. Held out (e562, seven layers of 320 to 512 channels, K of
///   2048 to 8192): 0.74x to 0.91x at M = 2176 to 4096, 0.52x to 0.75x on
///   3 columns at 4224 to 5632 (384 x 8192 pc, whose square tiles the rule
///   took to 4096 before: 81.2 -> 42.0 us at 4224), none slower.
static void
addW4A16FewColumnTallSplitTiles(MatmulOp op,
                                SmallVectorImpl<ConfigAttr> &configs) {
  constexpr int64_t kFromM = 2049, kToM = 6144, kMinKTiles = 64,
                    kMinColumns = 3, kBandMinKTiles = 32, kBandMaxColumns = 4;
  int64_t sms = op.getTargetAttr().getMultiprocessorCount();
  int64_t columns = llvm::divideCeilSigned(op.getN(), 128);
  int64_t kTiles = getW4A16RuleKTiles(op);
  ConfigAttr serving = getServingConfig(configs, kFromM);
  int64_t squareFrom = getW4A16SquareSplitPastWaveM(op, serving);
  bool tall = serving && serving.isWgmma() && serving.isRegisterA() &&
              serving.getBlockM() == 256 && serving.getBlockN() == 128 &&
              serving.getSplitK() == 1 && serving.getRowSplit() == 0;
  // The one-warpgroup unsplit bands of 128 rows or fewer that serve M =
  // 2049 on layers of 3 and 4 columns (addW4A16OneWaveBands), on K of 32
  // tiles or more (v91).
  bool band = serving && serving.isWgmma() && serving.isRegisterA() &&
              serving.getBlockM() <= 128 && serving.getBlockN() == 128 &&
              serving.getWarpN() == 128 && serving.getSplitK() == 1 &&
              serving.getRowSplit() == 0 && columns <= kBandMaxColumns &&
              kTiles >= kBandMinKTiles;
  int64_t lo = std::max(kFromM, squareFrom);
  if ((kTiles < kMinKTiles && !band) || kTiles % 2 != 0 ||
      columns < kMinColumns || (squareFrom == 0 && !tall && !band) ||
      lo > kToM || getServingConfig(configs, lo) != serving)
    return;
  SmallVector<MRange> ranges;
  appendOneWaveTokenRanges(
      ranges, lo, kToM, columns, sms, /*minBlocks=*/0, [&](int64_t tokens) {
        return getW4A16MidTile(op.getContext(), tokens, /*split=*/2,
                               /*channels=*/128, /*clustered=*/true,
                               /*warpChannels=*/64, CopyKind::tma_producer);
      });
  (void)replaceMRanges(configs, ranges);
}

/// W4A16 layers of 5 to 16 columns of 128 channels at M = 1025 to 4096,
/// where the chain's unsplit 256 x 128 tiles (two warpgroups, one block a
/// multiprocessor) serve under one wave after the two-slice ones
/// (addW4A16FewColumnTallSplitTiles, the 256 x 128 tiles in two clustered
/// slices of v52 / v86): 8 columns from M = 2049 (72 to 96 blocks), 7
/// from 2305, 6 from 2817, 5 from 3329, 9 to 16 from where the two-slice
/// tiles pass one wave (11 columns from M = 1537: 77 blocks). There the
/// same tiles over 192 tokens, unsplit, as far as their grid is one wave.
/// Each multiprocessor still runs one block, of three quarters of the
/// products (the weights converted as often). Measured (v89, same run,
/// both bench orders, time against the chain):
/// - e540 (hand configs, M = 2112 to 3456): per channel 0.81x to 0.85x
///   (1024 x 8192, 960 x 8192, 896 x 8192), with group scales 0.91x to
///   0.96x (1024 x 4096 g128z, 1024 x 14336 g128, 896 x 4096 g128); the
///   same tiles in two clustered slices 0.93x to 1.07x (e539), 256 x 64
///   and 128 x 128 ones in two slices 0.97x to 1.10x; unsplit tiles of 144
///   to 176 tokens before them 0.92x to 1.04x the time of these (e542);
/// - e541, held out (ten layers of 576 to 1024 channels, K of 4096 to
///   14336): 0.81x to 0.93x where the chain changes (per channel 0.81x to
///   0.87x, with group scales 0.88x to 0.93x);
/// - e543, the rule widened to 9 to 16 columns from M = 1025 (nine layers
///   of 1152 to 2048 channels, none used to choose it): 0.81x to 0.95x
///   where the chain changes (per channel 0.81x to 0.88x, with group
///   scales 0.88x to 0.95x), none slower;
/// - K of 32 to 63 tiles of 64 (v90; v89 took 64 or more): e549 (a build
///   with it, five layers of K = 2048 / 3072) 0.83x to 0.94x, e550 held
///   out (1280 x 3072 g128z, 1856 x 2560 pc, 704 x 2560 g128, 960 x 2048
///   g128z) 0.83x to 0.92x.
static void addW4A16FewColumnTallTiles(MatmulOp op,
                                       SmallVectorImpl<ConfigAttr> &configs) {
  constexpr int64_t kFromM = 1025, kToM = 4096, kTokens = 192, kMaxColumns = 16,
                    kMinKTiles = 32;
  int64_t sms = op.getTargetAttr().getMultiprocessorCount();
  int64_t columns = llvm::divideCeilSigned(op.getN(), 128);
  if (getW4A16RuleKTiles(op) < kMinKTiles || columns > kMaxColumns)
    return;
  auto isTall = [](ConfigAttr config) {
    return config.isWgmma() && config.isRegisterA() &&
           config.getBlockM() == 256 && config.getBlockN() == 128 &&
           config.getWarpN() == 64 && config.getSplitK() == 1;
  };
  // The first M from kFromM that the unsplit 256 x 128 tiles serve.
  ConfigAttr tall;
  int64_t lo = 0, previous = 0;
  for (ConfigAttr config : configs) {
    int64_t bound = config.getMaxM();
    if ((bound == 0 || bound >= kFromM) && isTall(config)) {
      tall = config;
      lo = std::max(kFromM, previous + 1);
      break;
    }
    if (bound == 0)
      break;
    previous = bound;
  }
  int64_t hi = std::min(kToM, kTokens * (sms / columns));
  if (!tall || hi < lo)
    return;
  // The same variant over the whole range, and no cut of M inside it (a
  // row_split of H > hi cuts only the M whose rest, M itself, is R or less).
  if (getServingConfig(configs, hi) != tall ||
      (tall.getRowSplit() != 0 &&
       (tall.getRowSplit() <= hi || tall.getRowRest() >= lo)))
    return;
  (void)replaceMRange(configs, lo, hi,
                      getW4A16MidTile(op.getContext(), kTokens, /*split=*/1,
                                      /*channels=*/128, /*clustered=*/false,
                                      /*warpChannels=*/64,
                                      CopyKind::tma_producer),
                      /*keepCutsPast=*/true);
}

/// The most K slices of a W4A16 tail split (addW4A16TailSplits), the K
/// tiles (of 64) a one-warpgroup tile needs for one, and the largest M
/// the chain's last variant takes one to.
constexpr int64_t kW4A16TailSplit = 4, kW4A16TailSplitMinKTiles = 48,
                  kW4A16TailSplitMaxM = 8192;

/// The blocks of one wave of a W4A16 register-A ring variant, as the
/// lowering holds them resident (getRingResidentBlocks): with a producer
/// warpgroup two blocks a multiprocessor for one warpgroup of tiles, one
/// for two.
static int64_t getW4A16RingWaveBlocks(MatmulOp op, ConfigAttr config) {
  TargetAttr target = op.getTargetAttr();
  int64_t blocks = target.getResidentBlocks(getSharedMemoryBytes(op, config),
                                            config.getBlockThreads());
  if (config.isTmaProducer())
    blocks = std::min<int64_t>(blocks, config.getNumWarps() > 4 ? 1 : 2);
  return blocks * target.getMultiprocessorCount();
}

/// W4A16's unsplit register-A variants on TMA rings (every M from 129 on
/// sm_90a but the clustered and split-K bands and the 128 x 256 tiles of
/// group scales, which keep cp.async; chooseConfigs, once the producer
/// copies are chosen) split the tiles of a grid's partial last wave along K
/// (tail_split) at the M where the split takes place: past one whole wave
/// of W blocks, a last wave of R <= W / 2 blocks, whose tiles then run in
/// s = min(4, W / R) slices of K with f32 partials that the last one adds,
/// instead of a whole round of blocks for R of them. At the other M (and
/// past kW4A16TailSplitMaxM) the variant stays as it was, in bounded
/// pieces around those ranges: a tail-split kernel whose tail does not
/// split ran 1% to 2% slower. A variant that cuts M (row_split) keeps its
/// cut in each piece that serves M past it (at a cut M the stub runs the
/// piece on whole waves, where nothing splits). One warpgroup of tiles (two
/// blocks a multiprocessor, whose last wave runs them alone on theirs) only on
/// K of kW4A16TailSplitMinKTiles tiles or more. Once every other rule has run,
/// so that none of them sees it. Measured (docs/perf-notes.md v92, both bench
/// orders, same run):
/// - e568, the configured chains of nine layers of N = 3072 to 28672
///   against the same chains with every such variant split: where a tail
///   splits, 0.85x to 0.99x the time in 26 of 29 cells (9216 x 3072 g128
///   at M = 1000 / 1024 0.85 / 0.86: 128 x 128 tiles over 2.2 waves; 14336
///   x 4096 g128 0.92 to 0.97 at M = 1000 to 3072; 5120 x 5120 g128 at M =
///   2048 / 2560 0.92 / 0.88), level (1.00 to 1.01) in three; where none
///   splits 1.00x to 1.02x in most cells. In column-major tile order past
///   one wave, as W8A8's tail split runs, the many-wave grids took 1.03x to
///   1.09x the time (e567).
/// - e569, held out (ten layers of N = 2048 to 18944, K = 2048 to 18944):
///   0.82x to 0.98x in most cells where a tail splits (12288 x 4096 pc at
///   M = 320 0.82, 5120 x 13824 g128 at 2048 / 2560 0.87 / 0.89); grids of
///   less than one wave split whole (7168 x 2048 pc at M = 160 / 224 1.08
///   / 1.20) and one-warpgroup tiles on K of 32 and 40 tiles in two slices
///   (1.05x to 1.11x) lost: both left out here.
/// - e570, this rule on thirteen of those layers (4096 x 4096 has no such
///   M: its last variants cut M themselves): 130 cells, geomean 0.983, 22
///   under 0.95 (9216 x 3072 g128 at M = 1000 120.3 -> 103.6 us, 0.66 ->
///   0.77 x cuBLAS fp16; 12288 x 4096 pc at 320 0.82x; 5120 x 13824 g128
///   at 2048 0.88x), the slowest 1.05x where no tail splits (the same
///   kernel: the run's spread).
static void addW4A16TailSplits(MatmulOp op,
                               SmallVectorImpl<ConfigAttr> &configs) {
  SmallVector<ConfigAttr> result;
  int64_t previous = 0, kTiles = op.getK() / 64;
  // `config` bounded at `maxM` (0: unbounded), without its row split where
  // no M it serves passes the split (the stub cuts only M past it).
  auto piece = [](ConfigAttr config, int64_t maxM) {
    config = config.withMaxM(maxM);
    if (config.getRowSplit() != 0 && maxM != 0 && maxM <= config.getRowSplit())
      config = config.withRowSplit(0, 0);
    return config;
  };
  for (ConfigAttr config : configs) {
    int64_t bound = config.getMaxM();
    int64_t lo = previous + 1, hi = bound ? bound : kW4A16TailSplitMaxM;
    previous = bound;
    if (!config.isRegisterA() || !config.isTma() || config.getSplitK() != 1 ||
        config.getTailSplit() != 1 ||
        (config.getNumWarps() <= 4 && kTiles < kW4A16TailSplitMinKTiles)) {
      result.push_back(config);
      continue;
    }
    ConfigEdit edit(config);
    edit.tailSplit = kW4A16TailSplit;
    ConfigAttr tile = edit.get();
    int64_t wave = getW4A16RingWaveBlocks(op, config), bm = config.getBlockM();
    int64_t columns = llvm::divideCeil(op.getN(), config.getBlockN());
    // The M ranges [from, to] whose grid splits its tail (not the M the
    // stub cuts: H q rows of whole waves, and a call of its own).
    int64_t cutAt = config.getRowSplit(), cutRest = config.getRowRest();
    SmallVector<std::pair<int64_t, int64_t>> ranges;
    for (int64_t m = lo; m <= hi; ++m) {
      if (cutAt != 0 && m > cutAt && m % cutAt != 0 && m % cutAt <= cutRest)
        continue;
      int64_t tiles = llvm::divideCeil(m, bm) * columns, rest = tiles % wave;
      if (tiles < wave || rest == 0 || 2 * rest > wave)
        continue;
      if (!ranges.empty() && ranges.back().second + 1 == m)
        ranges.back().second = m;
      else
        ranges.emplace_back(m, m);
    }
    int64_t next = lo;
    for (auto [from, to] : ranges) {
      if (next < from)
        result.push_back(piece(config, from - 1));
      result.push_back(piece(tile, to));
      next = to + 1;
    }
    if (bound == 0 || next <= bound)
      result.push_back(piece(config, bound));
  }
  configs.assign(result.begin(), result.end());
}

/// Weights in fragment order (`fragment_order = true`) hand the register
/// variants X as four 4-byte k-pairs a 32-K block instead of one 16-byte
/// run; with two token tiles and more those loads make M = 9 to 48 1.3x to
/// 2.1x slower than the seed layout (perf notes v94, e582), while the
/// register-A tiles, which read one word a channel and 32-K block in that
/// order, gain. The register variants past M = 8 (up to 64 rows) take the
/// chain's first register-A tile instead, over the rows they served (e583,
/// against the seed layout's configured chains: 0.93x to 1.23x the time at
/// M = 9 to 16, 0.78x to 1.06x at 24 to 64). A tile whose clustered slices
/// would leave a slice no rows keeps the register variant.
static void
useRegisterATilesForFragmentOrder(MatmulOp op,
                                  SmallVectorImpl<ConfigAttr> &configs) {
  if (!op.getWeightEncoding().getFragmentOrder())
    return;
  const ConfigAttr *first =
      llvm::find_if(configs, [](ConfigAttr c) { return c.isRegisterA(); });
  if (first == configs.end())
    return;
  ConfigAttr shape = *first;
  for (ConfigAttr &config : configs) {
    int64_t rows = config.getMaxM();
    if (config.getOperands() != OperandPath::registers || rows <= 8 ||
        rows > 64)
      continue;
    int64_t split = shape.getSplitK();
    if (shape.getClusterSplit() &&
        (split - 1) * llvm::divideCeilSigned(rows, split) >= rows)
      continue;
    config = ConfigAttr::get(
        op.getContext(), {rows, shape.getBlockN(), shape.getBlockK()},
        {rows, shape.getWarpN()}, shape.getStages(), split, rows,
        MmaKind::wgmma, OperandPath::register_a, /*fuseQuantize=*/false,
        /*minFill=*/0, /*tailSplit=*/1, shape.getCopy(), /*streamK=*/false,
        shape.getClusterSplit());
  }
}

/// The W4A16 rules count the K tiles of K rounded up to 128
/// (getW4A16RuleKTiles: a K that is a multiple of 64 but not of 128 takes
/// the chain of its neighbour); where that gives a variant more K slices
/// than K has tiles (K = 192: three tiles of 64, a split in four from 256's
/// chain, which the verifier refuses), the slices are the most power of two
/// that K's tiles hold, and one slice is not clustered.
static void clampW4A16Splits(MatmulOp op,
                             SmallVectorImpl<ConfigAttr> &configs) {
  for (ConfigAttr &config : configs) {
    // The register variants walk K in chunks of their own (no K tiles).
    int64_t kTiles = op.getK() / config.getBlockK();
    if (config.isRegisterDirect() || kTiles < 1 || config.getSplitK() <= kTiles)
      continue;
    ConfigEdit edit(config);
    edit.splitK = int64_t(llvm::bit_floor(uint64_t(kTiles)));
    edit.clusterSplit = edit.clusterSplit && edit.splitK > 1;
    config = edit.get();
  }
}

/// W4A16 (int4 weights, fp16 activation). Measured on the H200
/// (docs/perf-notes.md, v12):
/// - M <= 64: the register-direct variant, one block per warp tile of WN
///   channels (N / WN blocks), the 128-K chunks spread over as many warps
///   along K as bring the grid to about 8 warps per multiprocessor (at most
///   16 a block, at most 6 chunks a warp when the grid is one wave (v15),
///   trimmed so that no warp has two chunks fewer than another),
///   up to 4 chunks of weights in flight per warp. Warp tiles of 32 channels
///   to M = 16 (one token tile of 8 to M = 8: 11008 x 4096 at M = 1,
///   13.0 -> 11.7 us), of 64 channels to M = 64 (4096 x 4096 at M = 64:
///   15.2 us against 36.9 us with 64 x 128 ring tiles) when the weights
///   are at most 24 MiB; since v42 (sm_90 family, K <= 4096; since v43 on
///   sm_90a also wherever their grid is one wave) the 32-channel warps over
///   32 rows to M = 32 and over 64 rows further (below);
/// - M <= 256: the cp.async ring, 64 x 128 x 64 tiles, warp tiles of 32
///   tokens x 64 channels;
/// - past it: 128 x 256 x 64 tiles, warp tiles of 64 x 64, 3 stages (4096 x
///   4096 at M = 1024: 96 us against 122 us with 128 x 128 tiles) when N
///   has 16 such columns, else 128 x 128 tiles with warp tiles of 64 x 32.
static SmallVector<ConfigAttr> chooseW4A16Configs(MatmulOp op) {
  MLIRContext *ctx = op.getContext();
  int64_t n = op.getN(), k = op.getK();
  SmallVector<ConfigAttr> configs;
  // The ring masks N edge tiles (of 32-channel slabs): its tiles are 128
  // channels wide from N = 128 on, whether 128 divides N or not.
  // K is a multiple of 64 (the verifier's): the ring's K tiles divide it.
  bool ring = n % 64 == 0;
  // The 64-channel register tiles read the weights once per 16 rows; past
  // 24 MiB of weights the ring is faster at M = 64 (28672 x 8192: 113 us
  // against 199 us).
  bool wide = ring && n * k / 2 <= (int64_t(24) << 20);
  // Register variants walk K in 128-K chunks, the last one masked half way
  // where K is a multiple of 64 but not of 128. Until v62 such K went to
  // the ring at every M, 2 to 5 times slower at M <= 64 than its
  // multiple-of-128 neighbour (perf notes v62).
  configs.push_back(getW4A16RegisterConfig(op, 32, 8));
  // Without the ring (N not a multiple of 64) the register variant serves
  // every M past 8.
  configs.push_back(getW4A16RegisterConfig(op, 32, ring ? 16 : 0));
  if (!ring)
    return configs;
  if (wide)
    configs.push_back(getW4A16RegisterConfig(op, 64, 64));
  // The M <= 16 variant's warps over 32 or 64 rows.
  auto moreRows = [&](int64_t rows, int64_t maxM) {
    return getW4A16RowBlockConfig(configs[1], rows, maxM);
  };
  // The blocks of 32 and 64 rows were measured on the H200 only (sm_90a and
  // sm_90 kernels): an sm_80 family keeps its 16-row ones. With K <= 4096
  // they serve the layers with a 64-channel variant (v42); on sm_90a also
  // any layer whose 32-row grid is resident in one wave at the registers
  // such blocks keep (v43, same run, us at M = 17 / 32 against two rows of
  // 16-row blocks: 14336 x 4096 pc 27.8 / 28.9 -> 21.3 / 22.8, g128z 30.1
  // / 30.8 -> 23.7 / 24.2; 13824 x 5120 pc 31.6 / 33.0 -> 30.0 / 31.3,
  // g128z 35.1 / 35.6 -> 31.7 / 33.0; 18944 x 3584 pc 29.3 / 33.1 -> 29.8
  // / 31.2, g128z 33.9 / 33.9 -> 32.5 / 34.0; where 160 blocks of 7 warps
  // hold one a multiprocessor, 5120 x 13824 pc 31.4 / 40.5 -> 43.2 / 45.3,
  // g128z 41.2 / 42.0 -> 48.2 / 50.5, and 5120 x 5120 within 8% of its
  // 64-channel variant either way).
  bool rowBlocks = op.getTargetAttr().getSMVersion() >= 90 &&
                   ((wide && k <= 4096) || (op.getTargetAttr().hasWgmma() &&
                                            fitsRowBlockWave(op, configs[1])));
  // 64-row blocks of at most 8 warps (256 threads), which keep 168
  // registers or more a thread: 1024 x 4096's 16 warps, held to 128,
  // spilled and ran 1.5 to 1.7x slower (v42); measured with K = 4096 only.
  bool sixtyFourRows =
      rowBlocks && wide && k <= 4096 && configs[1].getWarpsK() <= 8;
  // M = 17 to 32 where K <= 4096: 32-row blocks before the 64-channel
  // register variant, which reads the weights once per 16 rows (v42, same
  // run, us at M = 17 / 24 / 32: 11008 x 4096 pc 22.9 / 23.2 / 23.4 ->
  // 17.4 / 17.6 / 18.4, g128z 25.8 / 25.9 / 26.1 -> 18.8 / 18.8 / 19.2 on
  // sm_90a, the same on sm_90; 1024 x 4096 g128z 11.3 / 11.8 / 11.4 ->
  // 10.2 / 11.0 / 10.8; 4096 x 4096 within 3%; with longer K slower: 4096
  // x 11008 pc 18.1 / 18.6 against 18.9 / 21.9 at M = 24 / 32, whose
  // 15-warp blocks spill at 128 registers, and 28672 x 8192 against its
  // wgmma tiles).
  if (rowBlocks && wide)
    configs.insert(configs.end() - 1, moreRows(32, 32));
  else if (rowBlocks)
    configs.push_back(moreRows(32, 32));
  if (op.getTargetAttr().hasWgmma() && k / 64 >= 2) {
    addW4A16MidConfigs(op, configs, wide, rowBlocks, sixtyFourRows);
    configs = chooseW4A16WgmmaConfigs(op, std::move(configs));
    addW4A16SmallLayerTiles(op, configs);
    addW4A16SmallLayerMidTiles(op, configs);
    addW4A16NarrowChannelTiles(op, configs);
    addW4A16SixtyFourTokenSplitTiles(op, configs);
    addW4A16TokenBandSplitTiles(op, configs);
    addW4A16WideBandTiles(op, configs);
    addW4A16WideBandSplitTiles(op, configs);
    addW4A16TwoWaveSplitTiles(op, configs);
    addW4A16TallSplitBand(op, configs);
    addW4A16NarrowChannelTallBands(op, configs);
    addW4A16SmallLayerTallSplitTiles(op, configs);
    addW4A16TallSplitTokenBands(op, configs);
    addW4A16TallPastFullRounds(op, configs);
    addW4A16FewColumnTallSplitTiles(op, configs);
    addW4A16FewColumnTallTiles(op, configs);
    addW4A16LastWaveRestCut(op, configs);
    addW4A16TailFullWaveRestCuts(op, configs);
    clampW4A16Splits(op, configs);
    useRegisterATilesForFragmentOrder(op, configs);
    return configs;
  }
  // Without wgmma the 64-channel register variant runs to M = 64 (four
  // rows of 16-row blocks): 64-row blocks take M = 33 to 64 on at most 12
  // MiB of weights, M = 49 to 64 past it (v42, sm_90 kernels on the H200,
  // same run, us at M = 33 / 48 / 64: 4096 x 4096 pc 16.9 / 16.9 / 17.9 ->
  // 13.6 / 14.1 / 15.5, g128z 19.8 / 20.0 / 19.7 -> 14.1 / 14.7 / 14.7;
  // 11008 x 4096 at M = 56 / 64 pc 35.6 / 35.7 -> 29.3 / 29.8, g128z 42.0 /
  // 42.1 -> 32.5 / 33.3, but at 33 / 48 pc 26.5 / 26.9 against 28.2 /
  // 28.8).
  if (sixtyFourRows && configs.back().getMaxM() == kRegisterMaxM) {
    if (n * k / 2 <= (int64_t(12) << 20)) {
      configs.back() = moreRows(64, kRegisterMaxM);
    } else {
      configs.back() = getW4A16RegisterConfig(op, 64, 48);
      configs.push_back(moreRows(64, kRegisterMaxM));
    }
  }
  auto make = [&](int64_t bm, int64_t bn, int64_t wm, int64_t wn,
                  int64_t stages, int64_t maxM) {
    return ConfigAttr::get(ctx, {bm, bn, 64}, {wm, wn},
                           std::min<int64_t>(stages, k / 64 + 1), 1, maxM,
                           MmaKind::mma_sync, OperandPath::shared,
                           /*fuseQuantize=*/false);
  };
  int64_t bn = n >= 128 ? 128 : 64;
  configs.push_back(make(64, bn, 32, 64, 4, 256));
  // 128 x 256 tiles only when they give at least 16 columns of blocks
  // (N = 1024 at M = 1024: 92 us with them, 62 us with 128 x 128), and
  // only when they divide N: one more, mostly empty column of blocks
  // (N = 4160: 17) takes a second wave at M = 1024 (4160 x 4096 pc:
  // 185 us, against 96 us for 4096 x 4096).
  if (n % 256 == 0 && n / 256 >= 16)
    configs.push_back(make(128, 256, 64, 64, 3, 0));
  else
    configs.push_back(make(128, bn, 64, 32, 4, 0));
  return configs;
}

/// BSR (fp16 activation, 32 x 32 blocks): one block row (32 columns) per
/// thread block. Up to M = 256 a block row's stored blocks are split into
/// split_k slices (of ceil(K / 32 / split_k) blocks): enough for about
/// `blocksPerSM` thread blocks per multiprocessor when rows are full, and
/// (M > 16) slices of at most `maxSliceBlocks` blocks, so that a long row
/// of a skewed weight is spread over several blocks. A row that fits one
/// slice is stored directly; the slices of a longer one meet in a split
/// reduction. Measured on the H200 (docs/perf-notes.md, v13):
/// - M <= 16: register-direct thread blocks of 16 rows of one block row
///   (v28), unsplit: W warps take the row's blocks in turn, loads of two
///   groups of 2 blocks in flight a warp straight into mma.sync registers,
///   W about 16 a multiprocessor for one wave (16 for up to 132 rows, 4 for
///   344; at most 8 from M = 9, where 16 warps leave 128 registers a thread
///   and spill). Same run against the ring tiles they replace (16 rows,
///   four warps of 16 x 8, 4 stages, split in slices): 4096 x 4096 at
///   M = 1, d = 1 / 0.1 / skewed 14.7 / 7.2 / 10.2 us against 19.1 / 10.7
///   / 11.5; 11008 x 4096 (4 warps) 26.3 / 8.9 / 16.5 against 36.6 / 11.4
///   / 16.3; with split_k = 2 (v29) the blocks of empty block rows take
///   slices (of at least three groups of loads) of rows longer than two
///   such slices: the skewed weight 17 to 46% faster on 11008 x 4096 and
///   4096 x 11008, uniform weights 1 to 12% slower (the whole row_ptr read
///   and counted by every block), so only layers whose rows can be that
///   long get it (not 4096 x 4096 with 16 warps, not 1024 x 1024);
/// - M <= 256: 64-row tiles, warps of 32 x 16, about 4 blocks per SM,
///   slices of at most 32 blocks: a weight of a few full rows takes 1.2 to
///   1.4x the time of a uniform one of the same size at M = 256, against 1.4
///   to 4.9x with whole rows of 128 rows; uniform weights lose 15 to 30%
///   there;
/// - larger M: 128-row tiles over whole rows: four block rows per tile
///   walking the union of their columns (warps of 64 x 32) when nnzb is at
///   least kUnionMinFill% of a full weight's blocks, else one block row
///   (warps of 32 x 32). Four rows were 2.3x faster at density 1 and 1.4x
///   at 0.5, even at 0.25 and 20 to 30% slower at 0.1 and on a skewed
///   weight.
/// On sm_90a (wgmma, X and the blocks by descriptor from 64-byte-swizzled
/// slots):
/// - the one-row tiles are warpgroups of 64 x 32, one wgmma m64n32k16 per
///   k16 half of each stored block (v24): 64 rows to M = 64, 128 rows
///   after it, split as above to M = 256, then in slices of at most
///   kMidSliceBlocks blocks to kMidSplitMaxM. Same run against the mma.sync
///   one-row tiles, M = 4096, 4096 x 4096: 77 / 163 / 34 us at d = 0.1 /
///   0.25 / 0.02 against 129 / 284 / 50; 11008 x 4096 at M = 64, d = 0.25:
///   20 against 31 us;
/// - four-row tiles walk the union (v16, v18, v21): one wgmma m64n128k16
///   per k16 half over the column's four blocks, zeros where a row stores
///   none, from kUnionMinFill% of the blocks on. Up to M = 256 (with at
///   least 16 four-row groups) the union is split in about one wave at
///   M = 256 (2 x groups x split ~ 2 x SMs, 2 to 8 slices), in twice that
///   on one warpgroup of 64 rows up to M = 64 (v20, d = 1 at M = 64:
///   4096 x 4096 24.6 us against 27.5 with 128 rows); since v51, where at
///   most 33 groups leave room for 2 slices of one wave, the 128-row ones
///   run on the producer's ring in pairs, one block a multiprocessor, in
///   sms / groups slices to M = 128 and half that to 256. Past M = 256 they
///   are 256 x 128 (four warpgroups) from the M where those fill 90% of a
///   wave with at least 4 rows of tiles (at 2 rows, M = 300 on 11008 x
///   4096, 133 against 80 us), 128 x 128 before it (v21: M = 1024 / 4096
///   at d = 1, 4096 x 4096 69 / 270 against 79 / 299 us with 128 x 128).
///   At d = 0.5 they beat the one-row tiles (4096 x 4096, M = 4096: 267
///   against 317 us), at d = 0.25 they lose (214 against 163). The
///   unbounded 256-row tiles fill their ring by TMA from a producer
///   warpgroup (v38: 1 to 21% faster at d = 1 at M = 2048 and 4096 on the
///   three large layers, -1 to 6% at d = 0.5), and so do the bounded ones
///   (v51: with K tiles of two block columns and the half box, 0.73x to
///   0.80x the cp.async time at M = 1024, d = 1 and 0.5, on the three large
///   layers; v38 had them 8 to 19% slower with one column a K tile). The
///   128-row ones take the producer too up to the M where their grid is
///   one block a multiprocessor (v51: 0.78x to 0.90x the time at M = 300
///   and 512 on 4096 x 4096 and 4096 x 11008, at M = 300 to 1024 on
///   1024 x 1024), the 256-row ones on the producer after it (0.60x to
///   0.83x the time of the 128-row ones on cp.async). Past one wave the
///   128-row tiles on the producer lose (1.12x the time at M = 768 on
///   4096 x 4096, at M = 300 on 11008 x 4096): where they are never one
///   wave past M = 256, or without pairs (K not a multiple of 64), the
///   128-row tiles keep cp.async, two blocks a multiprocessor.
/// The density (percent of a full weight's blocks) from which the BSR
/// variants take four block rows per tile.
constexpr int64_t kUnionMinFill = 35;
/// Past M = 256 and up to kMidSplitMaxM, the one-row tiles split a block
/// row in slices of at most kMidSliceBlocks blocks: a skewed weight's few
/// long rows are otherwise a fraction of a wave (v24, same run, us at
/// M = 300 / 1024, a weight of 10% full rows: 4096 x 4096 50.9 / 76.9
/// unsplit, 39.5 / 48.7 in slices of 64 blocks, 29.3 / 43.2 in slices of
/// 32; 4096 x 11008 127.8 / 156.6 unsplit, 48.5 / 80.6 in slices of 64).
/// Slices of 64 cost uniform weights up to 12% at d = 0.1 and 0.25
/// (slices of 32: up to 35%), 5 to 37% at d = 0.02 (the thread blocks of
/// empty slices).
constexpr int64_t kMidSliceBlocks = 64;
constexpr int64_t kMidSplitMaxM = 1024;
/// Past kMidSplitMaxM and up to kPlannedSplitMaxM the one-row tiles of a
/// layer of at most one block row a multiprocessor stay split in 2 where
/// they plan their work (isBsrRingPlanned: only rows longer than the plan's
/// W are cut, over the spare blocks): a skewed weight's full rows are
/// otherwise one block's serial loop in a grid of 2 to 3 waves (v39, r95,
/// r96: 2.7x the uniform weight's time on 4096 x 4096 at M = 1025, 3.2x on
/// 4096 x 11008; planned 1.35 to 1.42x and 1.25 to 1.31x). Uniform weights
/// pay the spare blocks: up to 6% at density 0.1 and 6 to 22% at 0.02 in
/// 2 slices (4096 x 11008 in its 6 slices of M <= 1024: 57 to 72% at
/// 0.02). 11008 x 4096 (344 block rows, 4.7 waves at M = 1025) gained
/// little (0.93 to 1.13x the skewed time) for 30% at 0.02: not split. Past
/// kPlannedSplitMaxM the grid holds more waves of tiles.
constexpr int64_t kPlannedSplitMaxM = 2048;

/// The 256-row union tiles cut M in two where their last row of tiles
/// would spill into a mostly idle wave (row_split, row_rest): the first part
/// is whole multiples of H = 256 k rows, k the fewest rows of tiles whose
/// k x `groups` blocks fill at least kRowSplitFill% of their waves of one
/// block a multiprocessor; the last r rows run as a call of their own. A
/// rest of r rows costs, measured (v39, M = 1 and 256 against the 256-row
/// tiles at M = 1024, d = 1; u = the time of one row of tiles, a wave's
/// time x groups / sms), about u (0.7 + 1.2 r / 256): 4096 x 4096 14.6 and
/// 34.9 us for u = 15.8, 11008 x 4096 27.6 and 83.5 for u = 45, 4096 x
/// 11008 26.7 and 69.7 for u = 39.5; the rest's tiles are 128 rows, so r
/// rows cost as many as the next multiple of 128 (11008 x 4096 at M = 900,
/// r = 132: 83 us, as 256 rows). Where the rest's tiles would add a wave,
/// the cut saves that wave less the rest's call: it is taken for r up to
/// R, the largest multiple of 128 for which u (0.7 + 1.2 R / 256) is under
/// one wave, and at most H / 2 (v39: 11008 x 4096 with R = 178 was 4 to 6%
/// slower at M = 900).
constexpr int64_t kRowSplitFill = 95;

static void addBsrRowSplits(SmallVectorImpl<ConfigAttr> &configs,
                            int64_t groups, int64_t sms) {
  // The waves of one block a multiprocessor that `tileRows` rows of tiles
  // (of `groups` blocks each) take.
  auto waves = [&](int64_t tileRows) {
    return (tileRows * groups + sms - 1) / sms;
  };
  // The most rows of a rest whose call costs less than `saved` waves:
  // 256 (saved x sms / groups - 0.7) / 1.2 in integers, down to a multiple
  // of 128.
  auto maxRest = [&](int64_t saved) {
    return (256 * 10 * saved * sms - 256 * 7 * groups) / (12 * groups) / 128 *
           128;
  };
  int64_t k = 1;
  while (k <= 64 && 100 * k * groups < kRowSplitFill * sms * waves(k))
    ++k;
  int64_t rows = 256 * k;
  int64_t rest = std::min<int64_t>(maxRest(1), rows / 2);
  if (k > 64 || rest < 1)
    return;
  for (ConfigAttr &config : configs)
    if (config.getBlockM() == 256 && config.getBlockN() > 32 &&
        (config.getMaxM() == 0 || config.getMaxM() > rows))
      config = config.withRowSplit(rows, rest);
  // Where one wave of whole rows of tiles (k1 = sms / groups rows) already
  // fills kFirstWaveFill% of it but H is further, the bounded 256-row tiles
  // past k1 rows cut there instead (5120 x 5120, 40 groups: three rows
  // fill 120 of 132 multiprocessors and M = 1024 took a second wave; cut
  // at 768 rows, us at M = 800 / 1024 178.9 / 179.4 -> 120.9 / 137.9 at
  // d = 1, 172.2 / 173.0 -> 116.1 / 136.4 at d = 0.5; 3072 x 4096, 24
  // groups, cut at 1280 rows: M = 1300 / 1536 / 1920 123.3 / 125.9 / 126.6
  // -> 86.1 / 95.5 / 122.1 at d = 1, v44). The unbounded tiles keep H:
  // every M past a cut at k1 rows pays a rest call (5120 x 5120 at M =
  // 4096, 3840 + 256 rows: 444.0 against 390.0 us uncut).
  constexpr int64_t kFirstWaveFill = 90;
  int64_t firstRows = 256 * (sms / groups);
  if (firstRows > 0 && firstRows < rows &&
      100 * (sms / groups) * groups >= kFirstWaveFill * sms) {
    int64_t firstRest = std::min<int64_t>(maxRest(1), firstRows / 2);
    // Only a variant that serves some M of firstRows + 1 .. firstRows +
    // firstRest: past its previous bound `start`.
    int64_t start = 0;
    for (ConfigAttr &config : configs) {
      if (config.getBlockM() == 256 && config.getBlockN() > 32 &&
          config.getMaxM() > firstRows && config.getRowSplit() == 0 &&
          start < firstRows + firstRest)
        config = config.withRowSplit(firstRows, firstRest);
      start = std::max(start, config.getMaxM());
    }
  }
  // Where the unbounded union tiles start (past S0) a rest of r rows can
  // add two waves (the tiles of a wave hold fewer rows than H): the cut
  // saves them for r up to R2, where u (0.7 + 1.2 R2 / 256) is two waves.
  // A variant bounded at the last multiple of H below S0 plus R2 cuts
  // there (11008 x 4096: H = 768, M = 1025 to 1152, rests of 257 to 384).
  auto unbounded = llvm::find_if(configs, [](ConfigAttr config) {
    return config.getBlockM() == 256 && config.getBlockN() > 32 &&
           config.getMaxM() == 0;
  });
  if (unbounded == configs.end() || unbounded == configs.begin() ||
      unbounded + 1 == configs.end())
    return;
  int64_t start = std::prev(unbounded, 2)->getMaxM();
  int64_t head = start / rows * rows;
  int64_t rest2 = std::min<int64_t>(maxRest(2), rows - 128);
  if (head <= 0 || head + rest2 <= start || rest2 <= rest ||
      waves(llvm::divideCeil(start + 1, 256)) - waves(head / 256) < 2)
    return;
  ConfigAttr unionTiles =
      unbounded->withMaxM(head + rest2).withRowSplit(rows, rest2);
  ConfigAttr rowTiles = std::next(unbounded)->withMaxM(head + rest2);
  configs.insert(unbounded, {unionTiles, rowTiles});
}

/// The BSR register-direct variant of `op` bounded at `maxM` (M <= 16,
/// chooseBsrConfigs): one block row a thread block, about 16 warps
/// a multiprocessor in one wave (4 to 16 a block; 8 with two token tiles,
/// whose loads in flight need more registers), two groups of 2 blocks in
/// flight a warp; one token tile to M = 8; split_k = 2 (the blocks of
/// empty rows take slices of the long rows) where K / 32 is more than two
/// of the shortest slices.
static ConfigAttr getBsrRegisterConfig(MatmulOp op, int64_t maxM) {
  MLIRContext *ctx = op.getContext();
  int64_t blockRows = op.getN() / 32, blockCols = op.getK() / 32;
  int64_t sms = op.getTargetAttr().getMultiprocessorCount();
  // Warps a block for about 16 a multiprocessor when `blocks` thread
  // blocks make one wave.
  auto warpsFor = [&](int64_t blocks) {
    return std::clamp<int64_t>(
        llvm::bit_floor(uint64_t(
            std::max<int64_t>(16 * sms / std::max<int64_t>(blocks, 1), 1))),
        4, maxM <= 8 ? 16 : 8);
  };
  int64_t warps = warpsFor(blockRows);
  // split_k = 2 only where a row can be longer than two slices.
  constexpr int64_t stages = 2;
  int64_t splitK =
      blockCols > 2 * kBsrMinSliceGroups * warps * stages ? 2 : 1;
  // With two token tiles (M = 9 to 16) a block's loads in flight hold
  // its multiprocessor to two blocks of 8 warps: the split grid's blocks
  // count (v43, same run, us at M = 16, 8 warps against 4: 5120 x 5120,
  // 320 blocks, d = 1 / 0.5 / 0.1 / 0.02 / skewed 28.6 / 19.9 / 10.9 /
  // 10.0 / 11.8 against 24.7 / 18.0 / 9.8 / 7.3 / 11.4; 6144 x 4096, 384
  // blocks, 24.8 / 18.0 / 10.7 / 9.4 / 11.3 against 21.9 / 15.4 / 9.0 /
  // 7.2 / 11.1). One token tile (M <= 8) keeps the rows' count (not
  // measured split), and so does sm_80 (not measured: with 108
  // multiprocessors the rule would change 4096 x 4096).
  if (maxM > 8 && splitK == 2 && op.getTargetAttr().getSMVersion() >= 90) {
    warps = std::min(warps, warpsFor(2 * blockRows));
    // Blocks of 4 warps whose grid leaves a last wave mostly empty take 3
    // where waves / warps is lower (a block's time goes as 1 / warps): a
    // wave holds sms x the blocks the launch bounds allow
    // (ConfigAttr::getBsrRegisterBlocksPerSM, at most one wave of block
    // rows), and the grid is one block a block row (the slices of a split
    // row are work items its blocks loop over). v45, same run, 14336 x
    // 4096, 448 blocks: 4 warps, three a multiprocessor, 1.13 waves; 3
    // warps, four, one wave; us at M = 16, d = 1 / 0.5 / 0.1 / 0.02 /
    // skewed, 35.3 / 22.1 / 10.8 / 8.0 / 12.9 against 45.0 / 26.7 / 12.9
    // / 9.9 / 12.9; 2 warps (six, one wave) 39.1 / 24.7 / 11.6 / 8.3 /
    // 14.1.
    auto waves = [&](int64_t w) {
      int64_t resident = std::clamp<int64_t>(
          ConfigAttr::getBsrRegisterBlocksPerSM(32 * w, /*tokenTiles=*/2,
                                                stages),
          1, llvm::divideCeil(blockRows, sms));
      return llvm::divideCeil(blockRows, sms * resident);
    };
    if (warps == 4 && waves(3) * 4 < waves(4) * 3)
      warps = 3;
  }
  return ConfigAttr::get(
      ctx, {16, 32, warps * ConfigAttr::kRegisterChunkBytes}, {16, 32},
      stages, splitK, maxM, MmaKind::mma_sync, OperandPath::registers,
      /*fuseQuantize=*/false, /*minFill=*/0);
}

/// A BSR tile that splits K as the M <= 256 tiles do: in enough slices for
/// `blocksPerSM` blocks a multiprocessor (0: unsplit) and of at most
/// `maxSliceBlocks` blocks (0: no bound), each of at least `minSliceBlocks`.
static ConfigAttr getBsrSplitTile(MatmulOp op, int64_t bm, int64_t bn,
                                  int64_t wm, int64_t wn, int64_t stages,
                                  int64_t blocksPerSM, int64_t maxSliceBlocks,
                                  int64_t minSliceBlocks, int64_t maxM,
                                  int64_t minFill = 0,
                                  MmaKind mma = MmaKind::mma_sync) {
  int64_t blockRows = op.getN() / 32, blockCols = op.getK() / 32;
  int64_t sms = op.getTargetAttr().getMultiprocessorCount();
  int64_t splitK = 1;
  if (blocksPerSM > 0)
    splitK = std::clamp<int64_t>(
        std::max(llvm::divideCeil(sms * blocksPerSM, blockRows),
                 maxSliceBlocks ? llvm::divideCeil(blockCols, maxSliceBlocks)
                                : int64_t(1)),
        1, std::max<int64_t>(blockCols / minSliceBlocks, 1));
  return ConfigAttr::get(op.getContext(), {bm, bn, 32}, {wm, wn}, stages,
                         splitK, maxM, mma, OperandPath::shared,
                         /*fuseQuantize=*/false, minFill);
}

namespace {
/// The wgmma BSR tiles of one layer (sm_90a, chooseBsrConfigs): one-row
/// tiles and four-row union tiles, from the layer's quantities.
struct BsrWgmmaTiles {
  explicit BsrWgmmaTiles(MatmulOp op);

  /// One block row on warpgroups of 64 x 32, bounded at `maxM`: split as
  /// getBsrSplitTile does up to M = 256, in slices of at most
  /// kMidSliceBlocks blocks up to kMidSplitMaxM, in 2 planned slices to
  /// kPlannedSplitMaxM where plannedPastMid, unsplit past it.
  ConfigAttr row(int64_t bm, int64_t maxM);
  /// Four block rows of `bm` rows walking their union in `splitK` slices
  /// (at most one a K tile), bounded at `maxM`.
  ConfigAttr unionTile(int64_t bm, int64_t splitK, int64_t maxM);

  MatmulOp op;
  int64_t sms, blockRows, blockCols;
  /// Groups of four block rows (union tiles), if any.
  bool unionRows;
  int64_t groups;
  /// The one-row tiles' slices to kMidSplitMaxM.
  int64_t midSplit;
  /// The one-row tiles of M = kMidSplitMaxM to kPlannedSplitMaxM split in
  /// 2 planned slices.
  bool plannedPastMid;
  /// The M up to which the unsplit 128-row union tiles are one wave of
  /// blocks, one a multiprocessor (0: none past M = 256).
  int64_t oneWaveM;
};
} // namespace

BsrWgmmaTiles::BsrWgmmaTiles(MatmulOp op)
    : op(op), sms(op.getTargetAttr().getMultiprocessorCount()),
      blockRows(op.getN() / 32), blockCols(op.getK() / 32),
      unionRows(blockRows >= 4), groups(llvm::divideCeil(blockRows, 4)),
      midSplit(llvm::divideCeil(blockCols, kMidSliceBlocks)),
      plannedPastMid(blockRows <= sms &&
                     isBsrRingPlanned(blockCols, 128, /*stages=*/4, 2)) {
  oneWaveM = 128 * (sms / std::max<int64_t>(groups, 1));
  if (oneWaveM <= 256)
    oneWaveM = 0;
}

ConfigAttr BsrWgmmaTiles::row(int64_t bm, int64_t maxM) {
  if (maxM != 0 && maxM <= 256)
    return getBsrSplitTile(op, bm, 32, 64, 32, 4, 4, 32, 8, maxM, 0,
                           MmaKind::wgmma);
  int64_t splitK = maxM != 0 && maxM <= kMidSplitMaxM ? midSplit : 1;
  if (maxM > kMidSplitMaxM && maxM <= kPlannedSplitMaxM && plannedPastMid)
    splitK = 2;
  return ConfigAttr::get(op.getContext(), {bm, 32, 32}, {64, 32},
                         /*stages=*/4, splitK, maxM, MmaKind::wgmma,
                         OperandPath::shared, /*fuseQuantize=*/false,
                         /*minFill=*/0);
}

// The unbounded 256-row tiles on a TMA ring filled by a producer
// warpgroup, in K tiles of two block columns where K is a multiple of 64
// (X in 128-byte rows, which the multiprocessors receive about 16% faster
// than 64-byte ones: docs/perf-notes.md, v50, same run, us at M = 2048 /
// 4096, density 1 and 0.5: 4096 x 4096 109.2 / 214.1 and 110.7 / 212.9
// against 128.0 / 252.3 and 140.0 / 266.3; 11008 x 4096 0.81x to 0.85x
// the time, 4096 x 11008 0.81x to 0.91x, 1024 x 1024 at M = 4096 0.94x /
// 0.96x).
// Pairs take twice the ring: where that and the tables of a long K pass
// the shared memory (from K = 46336 on sm_90a), one column a K tile.
// The bounded 256-row tiles and the one-wave 128-row ones take the
// producer only with pairs (measured so, v51).
ConfigAttr BsrWgmmaTiles::unionTile(int64_t bm, int64_t splitK, int64_t maxM) {
  bool producer = bm == 256 && (maxM == 0 || maxM > kMidSplitMaxM);
  // The split 128-row tiles of M <= 256 whose grid is one block a
  // multiprocessor (the caller chooses such splits).
  bool oneWaveSplit =
      bm == 128 && splitK > 1 && maxM != 0 && maxM <= 256 &&
      int64_t(llvm::divideCeil(maxM, 128)) * groups * splitK <= sms;
  bool pairProducer =
      (bm == 256 && !producer) ||
      (bm == 128 && splitK == 1 && maxM > 256 && maxM <= oneWaveM) ||
      oneWaveSplit;
  auto build = [&](int64_t bk, bool producer) {
    return ConfigAttr::get(
        op.getContext(), {bm, 128, bk}, {64, 128}, /*stages=*/4,
        std::min(splitK, op.getK() / bk), maxM, MmaKind::wgmma,
        OperandPath::shared, /*fuseQuantize=*/false, kUnionMinFill,
        /*tailSplit=*/1, producer ? CopyKind::tma_producer : CopyKind::cp_async,
        /*streamK=*/false, /*clusterSplit=*/false);
  };
  if ((producer || pairProducer) && op.getK() % 64 == 0) {
    ConfigAttr pairs = build(64, /*producer=*/true);
    if (getSharedMemoryBytes(op, pairs) <=
        op.getTargetAttr().getMaxSharedMemoryPerBlock())
      return pairs;
  }
  return build(32, producer);
}

/// The BSR wgmma variants past M = 64 (chooseBsrConfigs), in (union,
/// one-row) pairs by M bound; `splitUnion` says whether union tiles serve
/// M = 65 to 256, in `unionSplit` slices on cp.async.
static void addBsrWgmmaTilesPast64(BsrWgmmaTiles &tiles, bool splitUnion,
                                   int64_t unionSplit,
                                   SmallVectorImpl<ConfigAttr> &configs) {
  MatmulOp op = tiles.op;
  int64_t sms = tiles.sms, groups = tiles.groups;
  bool unionRows = tiles.unionRows;
  // M = 65 to 256: where the union tiles in pairs on the producer's ring
  // make one wave of blocks, one a multiprocessor, in at least 2 slices (at
  // most 33 groups on 132: M <= 128 in sms / groups slices, 129 to 256 in
  // half as many), they take it, else cp.async in unionSplit slices, two
  // blocks a multiprocessor (v51, same run, us at M = 65 / 128 / 192 / 256,
  // d = 1: 4096 x 4096 23.2 / 23.4 (4 slices) / 31.4 / 31.6 (2) against
  // 25.9 / 26.2 / 34.1 / 34.3 on cp.async in 4; 4096 x 11008 40.2 / 41.2 /
  // 64.1 / 64.7 against 51.0 / 50.8 / 68.4 / 69.3, at d = 0.5 1.03x the
  // time at 192 and 256; 4 slices at 192 / 256 (two waves) 1.12x slower
  // on 4096 x 4096, 2 at 65 / 128 (half a wave) 1.14x; 11008 x 4096 in 2
  // (344 blocks) 1.03x to 1.27x slower).
  // (K of fewer pair tiles than the wave's slices keeps cp.async.)
  int64_t waveSplit128 = sms / std::max<int64_t>(groups, 1);
  int64_t waveSplit256 = waveSplit128 / 2;
  ConfigAttr union128 = tiles.unionTile(128, waveSplit128, /*maxM=*/128);
  // The (union, one-row) pairs past M = 64: a pair equal to the next one
  // but for max_m is dropped (the same kernels on either side).
  SmallVector<std::pair<ConfigAttr, ConfigAttr>> pairs;
  if (splitUnion && waveSplit256 >= 2 && op.getK() / 64 >= waveSplit128 &&
      union128.getCopy() == CopyKind::tma_producer) {
    ConfigAttr row = tiles.row(128, 256);
    pairs.push_back({union128, row.withMaxM(128)});
    pairs.push_back({tiles.unionTile(128, waveSplit256, /*maxM=*/256), row});
  } else {
    pairs.push_back(
        {splitUnion ? tiles.unionTile(128, unionSplit, 256) : ConfigAttr(),
         tiles.row(128, 256)});
  }
  // Past M = 256: the M bounds where the union tiles change from 128 to
  // 256 rows and the one-row tiles stop splitting, in order.
  SmallVector<int64_t, 3> rowBounds;
  int64_t maxM128 = 0;
  if (unionRows) {
    int64_t rowTiles = llvm::divideCeil(sms * 9, 10 * groups);
    maxM128 = 256 * (std::max<int64_t>(rowTiles, 4) - 1);
    rowBounds.push_back(maxM128);
  }
  if (tiles.midSplit > 1 && maxM128 != kMidSplitMaxM)
    rowBounds.push_back(kMidSplitMaxM);
  llvm::sort(rowBounds);
  // The planned one-row split past kMidSplitMaxM (the union tiles of that
  // M range are the unbounded ones, sharing their kernel).
  if (tiles.plannedPastMid && llvm::all_of(rowBounds, [](int64_t bound) {
        return bound < kPlannedSplitMaxM;
      }))
    rowBounds.push_back(kPlannedSplitMaxM);
  SmallVector<int64_t, 4> bounds(rowBounds.begin(), rowBounds.end());
  if (unionRows) {
    // Where the 128-row tiles take the producer while they are one wave,
    // the 256-row ones (on the producer too) follow them, not the 128-row
    // ones on cp.async (v51, same run, us at M = 513 / 768, d = 1: 4096 x
    // 4096 53.7 / 53.8 against 77.5 / 77.2, 4096 x 11008 131.7 / 131.0
    // against 220.3 / 221.0; 1024 x 1024 at M = 2049 / 3584 20.2 / 21.1
    // against 24.2 / 24.8). Where the 128-row tiles are never one wave,
    // the 256-row ones still take over past M = 384, their second row of
    // tiles at least half full (v51, same run, 11008 x 4096 at M = 400 /
    // 512 / 640 / 768, d = 1: 107.7 / 108.7 / 112.8 / 113.3 us against
    // 133.4 / 134.4 / 154.6 / 160.6 on 128-row tiles on cp.async). The
    // one-row tiles keep the kernel of the range they had.
    int64_t tallFromM = std::max<int64_t>(tiles.oneWaveM, 384);
    if (tallFromM < maxM128 &&
        tiles.unionTile(256, 1, 0).getCtaTile()[2] == 64) {
      maxM128 = tallFromM;
      if (!llvm::is_contained(bounds, tallFromM))
        bounds.push_back(tallFromM);
      llvm::sort(bounds);
    }
  }
  for (int64_t bound : bounds) {
    // The one-row tiles of the range that holds `bound` among rowBounds.
    const int64_t *rowBound = llvm::lower_bound(rowBounds, bound);
    ConfigAttr row = tiles.row(128, rowBound == rowBounds.end() ? 0 : *rowBound)
                         .withMaxM(bound);
    pairs.push_back(
        {unionRows ? tiles.unionTile(bound <= maxM128 ? 128 : 256, 1, bound)
                   : ConfigAttr(),
         row});
  }
  pairs.push_back({unionRows ? tiles.unionTile(256, 1, 0) : ConfigAttr(),
                   tiles.row(128, 0)});
  auto sameButMaxM = [](ConfigAttr a, ConfigAttr b) {
    return (!a && !b) || (a && b && a.withMaxM(0) == b.withMaxM(0));
  };
  for (auto [i, pair] : llvm::enumerate(pairs)) {
    if (i + 1 < pairs.size() && sameButMaxM(pair.first, pairs[i + 1].first) &&
        sameButMaxM(pair.second, pairs[i + 1].second))
      continue;
    if (pair.first)
      configs.push_back(pair.first);
    configs.push_back(pair.second);
  }
}

/// BSR on sm_90a at M = 257 to 512 where the 128-row union tiles make at
/// most a quarter of a wave there (four rows of at most sms / 16 groups of
/// four block rows: N of 1056 and less on 132 multiprocessors): the one-row
/// tiles of M = 129 to 256 (in their K slices, at most four) from a fill of
/// kUnionMinFill, the unsplit one-row tiles under it, before the union
/// tiles. Measured on 1024 x 1024 (docs/perf-notes.md, v63 step 10, us at
/// M = 320 / 512, union tiles against the one-row tiles in four slices): d
/// = 1 16.8 / 16.8 against 13.7 / 15.2, d = 0.5 16.5 / 16.5 against 13.0 /
/// 13.8, the skewed weight 17.3 / 17.6 against 11.7 / 11.9; at d = 0.25
/// (under the fill, unsplit one-row tiles) 9.4 / 9.8 against 10.8 / 11.5;
/// past M = 512 the split tiles lost at d = 1 (20.4 against 16.9 at 768).
static void addBsrSmallUnionRowSplit(MatmulOp op,
                                     SmallVectorImpl<ConfigAttr> &configs) {
  constexpr int64_t kFromM = 257, kToM = 512, kMaxSplit = 4;
  int64_t sms = op.getTargetAttr().getMultiprocessorCount();
  int64_t groups = llvm::divideCeil(op.getN() / 32, int64_t(4));
  if (op.getN() / 32 < 4 || 4 * groups * 4 > sms)
    return;
  // The split one-row tiles ending at M = 256, then a union variant past
  // 512 followed by the one-row tiles of its bound.
  auto split = llvm::find_if(configs, [&](ConfigAttr config) {
    return config.isWgmma() && config.getBlockN() == 32 &&
           config.getMaxM() == kFromM - 1 && config.getSplitK() > 1;
  });
  if (split == configs.end() || split + 2 >= configs.end())
    return;
  ConfigAttr unionTile = *(split + 1), row = *(split + 2);
  if (unionTile.getBlockN() != 128 || unionTile.getMinFill() == 0 ||
      row.getBlockN() != 32 || row.getMaxM() != unionTile.getMaxM() ||
      (row.getMaxM() != 0 && row.getMaxM() <= kToM))
    return;
  // In at most the four slices measured (their partials at M = 512 are
  // 4 x 512 x N x 4 bytes).
  ConfigAttr dense = ConfigAttr::get(
      op.getContext(), split->getCtaTile(), split->getWarpTile(),
      split->getStages(), std::min<int64_t>(split->getSplitK(), kMaxSplit),
      kToM, split->getMma(), split->getOperands(), split->getFuseQuantize(),
      unionTile.getMinFill());
  configs.insert(split + 1, {dense, row.withMaxM(kToM)});
}

static SmallVector<ConfigAttr> chooseBsrConfigs(MatmulOp op) {
  SmallVector<ConfigAttr> configs = {getBsrRegisterConfig(op, 8),
                                     getBsrRegisterConfig(op, 16)};
  bool unionRows = op.getN() / 32 >= 4;
  if (!op.getTargetAttr().hasWgmma()) {
    configs.push_back(getBsrSplitTile(op, 64, 32, 32, 16, 4, 4, 32, 8, 256));
    if (unionRows)
      configs.push_back(
          getBsrSplitTile(op, 128, 128, 64, 32, 4, 0, 0, 0, 0, kUnionMinFill));
    configs.push_back(getBsrSplitTile(op, 128, 32, 32, 32, 4, 0, 0, 0, 0));
    return configs;
  }
  BsrWgmmaTiles tiles(op);
  bool splitUnion = unionRows && tiles.groups >= 16;
  int64_t unionSplit =
      std::clamp<int64_t>(tiles.sms / std::max<int64_t>(tiles.groups, 1), 2, 8);
  if (splitUnion)
    configs.push_back(tiles.unionTile(64, std::min<int64_t>(2 * unionSplit, 16),
                                      /*maxM=*/64));
  configs.push_back(tiles.row(64, 64));
  addBsrWgmmaTilesPast64(tiles, splitUnion, unionSplit, configs);
  addBsrSmallUnionRowSplit(op, configs);
  if (unionRows)
    addBsrRowSplits(configs, tiles.groups, tiles.sms);
  return configs;
}

/// Builds a W8A8 ring config (chooseConfigs' `make`): cta tile [BM, BN,
/// BK], warp tile [WM, WN], stages, max_m, split_k, mma.
using RingConfigMaker = function_ref<ConfigAttr(
    int64_t bm, int64_t bn, int64_t bk, int64_t wm, int64_t wn, int64_t stages,
    int64_t maxM, int64_t splitK, MmaKind mma)>;

/// `config` with its ring filled by `copy` (tma: by one of the tiles'
/// threads; tma_producer: by a warpgroup of its own).
static ConfigAttr withCopy(ConfigAttr config, CopyKind copy) {
  ConfigEdit edit(config);
  edit.copy = copy;
  return edit.get();
}

/// The blocks of one wave of `config`'s grid: those its shared memory and
/// threads leave resident on every multiprocessor.
static int64_t getWaveBlocks(MatmulOp op, ConfigAttr config) {
  TargetAttr target = op.getTargetAttr();
  return target.getResidentBlocks(getSharedMemoryBytes(op, config),
                                  config.getBlockThreads()) *
         target.getMultiprocessorCount();
}

/// The blocks of `config`'s grid at M = `m` (its split_k slices counted).
static int64_t getGridBlocks(MatmulOp op, ConfigAttr config, int64_t m) {
  return llvm::divideCeil(m, config.getBlockM()) *
         llvm::divideCeil(op.getN(), config.getBlockN()) * config.getSplitK();
}

/// The rows of `config`'s tiles (in its split_k slices) that one wave of
/// resident blocks holds when a row has `columns` tiles.
static int64_t getWaveRows(MatmulOp op, ConfigAttr config, int64_t columns) {
  return getWaveBlocks(op, config) / (config.getSplitK() * columns);
}

/// The narrowest W8A8 tile width, a multiple of 16 columns, that covers
/// N in `columns` columns of tiles (a band whose rows of tiles fit a wave).
static int64_t getW8A8BandN(MatmulOp op, int64_t columns) {
  return llvm::alignTo(llvm::divideCeil(op.getN(), columns), int64_t(16));
}

/// The most waves a grid that addW8A8ColumnBands cuts into bands has.
constexpr int64_t kW8A8BandMaxWaves = 3;

/// The column band addW8A8ColumnBands cuts the grid of `config` (128-row
/// tiles the tail split takes, or 256-row ones, one block a multiprocessor)
/// into at `rows` rows of 128 (docs there): its width and the grid's waves,
/// or a width of 0 where the variant keeps its own tiles.
struct W8A8ColumnBand {
  int64_t blockN = 0, waves = 0;
};
static W8A8ColumnBand getW8A8ColumnBand(MatmulOp op, ConfigAttr config,
                                        int64_t rows) {
  // Bands of 80 to 224 columns measured.
  constexpr int64_t kMinNarrowing = 32, kMinBandN = 80,
                    kMaxMultiWaveBandN = 208;
  int64_t sms = op.getTargetAttr().getMultiprocessorCount();
  int64_t bm = config.getBlockM(), bn = config.getBlockN();
  int64_t tiles =
      llvm::divideCeil(128 * rows, bm) * llvm::divideCeil(op.getN(), bn);
  // The variant's waves, the last one partial with `rest` tiles; more
  // than half a wave there is what the tail split leaves unsplit.
  int64_t waves = llvm::divideCeil(tiles, sms);
  int64_t rest = tiles - (waves - 1) * sms;
  // The band's columns of tiles that r rows fit in as many waves: none
  // when a 256-row variant's rows outnumber its waves' blocks.
  int64_t bandCols = waves * sms / rows;
  if (bandCols == 0)
    return {};
  int64_t bandN = std::max(kMinBandN, getW8A8BandN(op, bandCols));
  // At least 32 columns under a 128-row variant's; at most three
  // quarters of a 256-row tile's work (128 x 160 and 128 x 192 of
  // 256 x 128 measured, nothing closer).
  bool narrower =
      bm == 128 ? bandN + kMinNarrowing <= bn : 4 * 128 * bandN <= 3 * bm * bn;
  // Over several waves 128 x 224 tiles did not gain (11008 x 4096 at
  // M = 513 to 640: 1.00x to 1.02x the time, v56), 208 and under did.
  bool wide = waves > 1 && bandN > kMaxMultiWaveBandN;
  if (waves <= kW8A8BandMaxWaves && 2 * rest > sms && narrower && !wide)
    return {bandN, waves};
  return {};
}

/// Whether widenW8A8QuadTiles widens 256-row tiles `blockN` wide: 128, or
/// the 144 of a sliver (N just past a multiple of 128, appendW8A8RowTiles),
/// whose two rows at M = 385 to 512 passed one wave as those of 128 do
/// (docs/perf-notes.md, v80, e422, both bench orders, 256 x 160 tiles
/// against the tail-split 128 x 208 tiles the 144-wide ones left in their
/// place: 10120 x 8032 at M = 448 / 512 0.85x the time, level with its
/// neighbour 10112 x 8064 (9648 x 7328, whose round-up chain has no
/// 256-row tiles there, 0.83x with the same tiles by hand: not changed);
/// e423, eight layers not used to choose it, 10248 x 6016 / 8192, 11272 x
/// 7968 / 8192, 12296 x 4096 / 8192 and already quantized 10248 x 8192 /
/// 12296 x 4096, 0.83x to 0.89x the time at M = 416 to 512, level
/// elsewhere).
static bool isW8A8WidenedQuadN(int64_t blockN) {
  return blockN == 128 || blockN == 144;
}

/// The M range widenW8A8QuadTiles widens 256 x 128 tiles in.
constexpr int64_t kW8A8WideQuadFromM = 257, kW8A8WideQuadToM = 512;

/// The width widenW8A8QuadTiles gives 256 x 128 tiles past one wave at
/// M = kW8A8WideQuadFromM to kW8A8WideQuadToM (the fewest multiple of 16
/// columns that makes two rows one wave, up to 192), or 0 where it does
/// not widen them.
static int64_t getW8A8WideQuadN(MatmulOp op) {
  constexpr int64_t kMaxBlockN = 192;
  int64_t sms = op.getTargetAttr().getMultiprocessorCount();
  int64_t blockN = getW8A8BandN(op, sms / (kW8A8WideQuadToM / 256));
  return blockN > 128 && blockN <= kMaxBlockN ? blockN : 0;
}

/// The tile width among 256, 240, 224 and 208 columns that leaves the
/// fewest columns past `n` (the widest of equals).
static int64_t getFittedBlockN(int64_t n) {
  int64_t fitN = 256;
  for (int64_t candidate : {240, 224, 208})
    if (llvm::divideCeil(n, candidate) * candidate <
        llvm::divideCeil(n, fitN) * fitN)
      fitN = candidate;
  return fitN;
}

/// The most K slices of `kTiles` tiles, up to 4, that keep 8 K tiles a slice
/// and give `blocks` x slices blocks of at most `perMultiprocessor` a
/// multiprocessor.
static int64_t getMostSlices(int64_t blocks, int64_t kTiles, int64_t sms,
                             int64_t perMultiprocessor) {
  int64_t split = 1;
  for (int64_t s : {2, 4})
    if (blocks * s <= perMultiprocessor * sms &&
        llvm::divideCeil(kTiles, s) >= 8)
      split = s;
  return split;
}

/// The most K tiles of an unsplit grid of lone blocks (getLoneSplit).
constexpr int64_t kLoneMaxKTiles = 64;

/// The K slices that keep a grid of `blocks` W8A8 wgmma tiles a slice one
/// block a multiprocessor, so that deepenLoneRings fills the shared memory
/// with stages: the most, up to 4, that keep 8 K tiles a slice
/// (docs/perf-notes.md, v34, same run, us at M = 33 / 64: 4096 x 4096 12.8
/// / 12.6 in two slices of 8 stages against 14.2 / 14.5 in four of 4;
/// 4096 x 11008 20.4 / 20.9 against 22.3 / 23.0); where none does but the
/// unsplit grid is itself one block a multiprocessor, none, while K has at
/// most kLoneMaxKTiles tiles (v45, same run, us at M = 33 / 64, 64 x 64
/// tiles unsplit in 8 stages against four clustered slices of 4 stages,
/// three blocks a multiprocessor: 6144 x 4096, 96 blocks, 14.2 / 14.3
/// against 19.9 / 20.0; 5120 x 5120, 80 blocks, 15.4 / 15.4 against 15.9 /
/// 16.3; 8192 x 8192, 128 blocks of 64 K tiles, 25.0 against 28.6 at
/// M = 64; but 5120 x 13824, 80 blocks of 108 K tiles, 31.5 against
/// 29.3). 0 where no such grid exists.
static int64_t getLoneSplit(int64_t blocks, int64_t kTiles, int64_t sms) {
  int64_t lone = getMostSlices(blocks, kTiles, sms, 1);
  if (lone > 1 || (blocks <= sms && kTiles <= kLoneMaxKTiles))
    return lone;
  return 0;
}

/// The K slices of the 64 x 64 tiles of the smallest M, `blocks` of them a
/// slice: getLoneSplit's, else the most that give at most three blocks a
/// multiprocessor (v20).
static int64_t getNarrowSplit(int64_t blocks, int64_t kTiles, int64_t sms) {
  int64_t lone = getLoneSplit(blocks, kTiles, sms);
  return lone ? lone : getMostSlices(blocks, kTiles, sms, 3);
}

/// The K slices the tail split cuts a W8A8 variant's tiles of a partial
/// last wave into (1: none). The unsplit variants past M = 256 fill a
/// partial last wave by splitting its tiles along K (tail_split): at most
/// kTailSplit slices of at least kTailSliceTiles K tiles (docs/perf-notes.md,
/// v19). Only variants whose shared memory already keeps them alone on a
/// multiprocessor: the split epilogue costs registers (128 x 128 tiles, 3
/// stages: 128 -> 168 a thread, one block a multiprocessor instead of two,
/// 1.5 to 1.7x slower on 4160 x 4160 at M >= 1024). Not the tiles of four
/// warpgroups, which interleaveW8A8QuadTiles takes where they fill their
/// waves (measured without it).
/// Whether a W8A8 layer whose K is not a multiple of 128 takes its
/// multiple-of-128 neighbour's tiles at M = 65 to 256 (128 x 64 tiles to M =
/// 128, then 128 x 128, on cp.async rings) instead of 64 x 128 tiles in two
/// slices and 128 x 128 tiles on TMA rings: from N = 6144 on, once the
/// weights' edge copies carried no mask (v64). Measured (docs/perf-notes.md,
/// v64, e245, same run, us at M = 65 / 128 / 224 / 256): 6816 x 7008 30.4 /
/// 31.9 / 38.3 / 39.0 -> 29.1 / 27.8 / 33.2 / 34.3; pre-quantized 7440 x
/// 7712 31.9 / 34.4 / 39.6 / 39.9 -> 29.4 / 30.9 / 34.9 / 35.6; 6760 x 5920
/// 26.7 / 28.3 / 32.7 / 33.7 -> 26.0 / 24.9 / 29.3 / 30.2. Not below: 4904
/// x 6176 at M = 65 / 96 26.3 / 26.7 against 23.5 / 24.2 (within 4% either
/// way past 128), 3360 x 5408 2% to 6% slower at 128 to 256, 2056 x 4128
/// 1.11x to 1.13x slower at 160, 192 and 256.
static bool hasW8A8NeighbourMidTiles(MatmulOp op) {
  constexpr int64_t kMinN = 6144;
  return op.getK() % 128 != 0 && op.getN() >= kMinN;
}

/// Whether a W8A8 layer whose K is not a multiple of 128, of N = 4096 to
/// 6143 (under hasW8A8NeighbourMidTiles), quantizing its activations, takes
/// its neighbour's one row of 128 x 64 tiles at M = 65 to 128 (128-row
/// tiles on the producer's TMA ring: produceW8A8EdgeRowTiles) instead of
/// 64 x 128 tiles in two clustered slices on the consumers' TMA ring.
/// Measured (docs/perf-notes.md, v79, e410, both bench orders, time at M =
/// 65 to 128 against the two slices): 4232 x 7264 0.86x to 0.93x, 4400 x
/// 4544 0.88x to 0.92x, 4904 x 6176 0.83x to 0.89x, 5000 x 4160 0.84x to
/// 0.87x, 5576 x 5024 0.81x to 0.85x, 5888 x 4192 0.78x to 0.80x (unsplit),
/// 4160 x 4160 0.89x to 0.92x (in two slices); on the consumers' ring
/// 0.96x to 1.29x. Since the quantized activation's rows are aligned
/// (v78); v64 had found 4904 x 6176 slower on them at M = 65 / 96, on
/// cp.async rings. Not measured under N = 4096 (e409: 2056 x 4128 on its
/// neighbour's cp.async tiles 1.05x to 1.08x) nor on an activation
/// quantized by the caller.
static bool hasW8A8EdgeRowTiles(MatmulOp op) {
  constexpr int64_t kMinN = 4096;
  return op.getK() % 128 != 0 && op.getN() >= kMinN &&
         !hasW8A8NeighbourMidTiles(op) && op.getLhsScales().empty() &&
         op.getTargetAttr().hasWgmma();
}

/// Whether a W8A8 layer on an activation already quantized, K off multiples
/// of 128 (32 K tiles or more), N of 4096 to 6143, takes its neighbour's
/// split tiles at M = 65 to 192 on the cp.async ring
/// (pairW8A8QuantizedEdgeRows, addW8A8TripleRowSplitTiles). Measured
/// (docs/perf-notes.md, v82, e450, both bench orders, time at M = 80 to 128 /
/// 144 to 192 against 64 x 128 tiles in two clustered slices and unsplit 128 x
/// 128 on TMA): 4704 x 5056 0.91 to 0.93 / 0.77 to 0.81, 5576 x 5024 0.78 to
/// 0.82 / 0.81 to 0.84, 5216 x 4672 0.90 to 0.95 / 0.91 to 0.95, 5000 x 4160
/// 0.91 to 0.95 / 0.94 to 0.96, 4488 x 5216 0.91 to 0.98 / 1.00 to 1.01 (their
/// neighbours' 256 x 80 split tiles at M = 193 to 256 lost, 1.13x to
/// 1.17x: not taken). e454, layers not used to choose it: 5720 x 5344
/// 0.77 to 0.81 / 0.80 to 0.82, 5432 x 5600 0.79 to 0.85 / 0.79 to 0.81,
/// 4968 x 8160 0.83 to 0.93 / 0.80 to 0.81, 4360 x 6112 0.90 to 0.94 / 0.75
/// to 0.79, 5864 x 4448 0.83 to 0.87 / 0.98 to 0.99, 4600 x 4672 1.00 to
/// 1.03 / 0.92 to 0.94; 4096 x 4320, 4224 x 7200 and 4232 x 7264 (whose
/// chains had 128-row split or band tiles at M = 129 to 256) 0.97 to 1.03.
static bool hasW8A8QuantizedEdgeMidTiles(MatmulOp op) {
  constexpr int64_t kMinN = 4096, kMinKTiles = 32;
  return !op.getLhsScales().empty() && op.getK() % 128 != 0 &&
         op.getN() >= kMinN && !hasW8A8NeighbourMidTiles(op) &&
         llvm::divideCeil(op.getK(), 128) >= kMinKTiles &&
         op.getTargetAttr().hasWgmma();
}

static int64_t getW8A8TailSplit(MatmulOp op, ConfigAttr config) {
  constexpr int64_t kTailSplit = 8, kTailSliceTiles = 4;
  int64_t kTiles = llvm::divideCeil(op.getK(), 128);
  int64_t tailSplit = std::min(kTailSplit, kTiles / kTailSliceTiles);
  bool takes =
      tailSplit >= 2 && config.isWgmma() && config.getSplitK() == 1 &&
      config.getNumWarps() <= 8 &&
      (config.getMaxM() == 0 || config.getMaxM() > 256) &&
      op.getTargetAttr().getResidentBlocks(getSharedMemoryBytes(op, config),
                                           config.getBlockThreads()) == 1;
  return takes ? tailSplit : 1;
}

/// The last steps of appendW8A8WgmmaConfigs over its variants: the tail
/// split and, where K is not a multiple of 128, the TMA ring.
static void finishW8A8WgmmaConfigs(MatmulOp op,
                                   SmallVectorImpl<ConfigAttr> &configs) {
  // No tail split where K has at most 15 K tiles of 128 (two or three
  // slices of fewer than 6) and N 3072 columns or more (the column bands of
  // addW8A8ColumnBands still apply there):
  // the two slices of 4 K tiles lost to the unsplit tiles
  // (docs/perf-notes.md, v63, e236, same run, us with the tail split
  // against without: 4096 x 1024 at M = 1152 / 1536 / 2560 27.2 / 30.1 /
  // 40.3 against 23.6 / 24.7 / 34.8, 8192 x 1024 at 1152 / 1792 / 2816
  // 37.2 / 48.0 / 68.0 against 32.7 / 42.8 / 61.5, never faster; with 16
  // K tiles, four slices within 8% either way). On 1024 x 1024 and 1000 x
  // 992 they won at some M and lost at others (e237: 0.78x to 1.29x the
  // time) and stay. Until v84 only to 8 K tiles from N = 4096; on 9 to 11
  // (v84, e488 / e489, same run) 0.84x to 0.97x the time without at the M
  // of the split variants on four K-edge layers (4256 x 1120 at M = 1280
  // 30.0 -> 25.2 us), 0.84x to 1.02x (geomean 0.957 over every cell) on
  // seven not used to choose (4224 x 1152 at 1280 30.7 -> 25.8, 3584 x
  // 1280 at 1536 31.3 -> 27.4); on 12 to 15 (three slices; e490) 0.86x to
  // 1.01x on four layers (4096 x 1536 at 1536 35.0 -> 30.1 us) and 0.88x
  // to 1.01x on four held out in the same run (8192 x 1536 at 640 32.7 ->
  // 28.8).
  constexpr int64_t kShortKMaxTiles = 15, kShortKMinN = 3072;
  int64_t kTiles = llvm::divideCeil(op.getK(), 128);
  bool shortK = kTiles <= kShortKMaxTiles && op.getN() >= kShortKMinN;
  for (ConfigAttr &config : configs)
    if (int64_t tailSplit = getW8A8TailSplit(op, config);
        tailSplit >= 2 && !shortK) {
      ConfigEdit edit(config);
      edit.tailSplit = tailSplit;
      config = edit.get();
    }
  // Where K is not a multiple of 128, every K tile's cp.async copies carry
  // the K edge mask; TMA fills the bytes past K in hardware. The variants
  // past M = 64, but for 128 x 256 tiles, take the TMA ring there (v23,
  // same run, us: 4160 x 4160 at M = 512 / 1024 / 4096 23.5 / 40.8 / 144.5
  // against 28.4 / 42.8 / 152.4; 2056 x 4128 at M = 256 / 1024 / 2048 19.8
  // / 27.0 / 49.1 against 21.4 / 31.1 / 53.3, but with its 128 x 256 tiles
  // 123.6 against 95.5 at M = 4096; at M = 64 16.2 against 15.7).
  // Not the variants of M = 65 to 256 of a layer that takes its
  // neighbour's tiles there (hasW8A8NeighbourMidTiles).
  if (op.getK() % 128 != 0)
    for (ConfigAttr &config : configs)
      if (config.isWgmma() && config.getBlockN() != 256 &&
          (config.getMaxM() == 0 || config.getMaxM() > 64) &&
          !(hasW8A8NeighbourMidTiles(op) && config.getMaxM() > 0 &&
            config.getMaxM() <= 256))
        config = withCopy(config, CopyKind::tma);
  // A producer warpgroup of its own issues the TMA copies (copy =
  // tma_producer) where that measured faster than the ring's own copies
  // (docs/perf-notes.md, v35, same run, us): the 64 x 64 tiles on TMA (2056
  // x 4128 at M = 33 / 64 / 128: 13.1 / 13.0 / 14.3 -> 11.5 / 11.6 / 13.4),
  // and the unbounded tiles of two warpgroups on TMA (2056 x 4128 at M =
  // 4096: 89.9 -> 84.1; 4160 x 4160 at 2048 / 4096: 1%) or over 64 K tiles
  // and more (4096 x 11008 at M = 1024 / 2048 / 4096: 74.6 / 146.2 / 295.7
  // -> 71.0 / 138.9 / 274.3 from cp.async). Not elsewhere: the 128 x 128
  // tiles in two slices lose up to 17% at M = 192, the 128 x 256 ones of
  // 32 K tiles 1 to 4% at M = 512 to 1024, the 64 x 64 cp.async tiles of
  // the K = 4096 and 11008 layers 12% at M = 33.
  // And the 128 x 128 cp.async tiles of 32 K tiles and more past M = 1024
  // (v35 step 6: 1024 x 4096 and 2048 x 4096 5 to 8% faster at M = 640 to
  // 2048; on TMA, 2056 x 4128's 128 x 144 tiles, 6 to 10% slower).
  // And the tiles of two warpgroups where K is off multiples of 128 (the
  // 128 x 256 ones, which the TMA rule above leaves on cp.async): v78,
  // e392, both orders, the unbounded tail-split 128 x 256 tiles at M = 1024
  // to 4096: 11768 x 7456 0.78x to 0.83x the time, 7104 x 6336 0.83x to
  // 0.86x, 7656 x 4928 0.79x to 0.83x (as fast as their multiple-of-128
  // neighbours on cp.async, or faster); e393, bounded ones too: 8192 x
  // 3296 0.82x to 0.92x at M = 512 to 6400, 6144 x 4160 / 4096 x 2368 /
  // 2048 x 3904 0.83x to 0.91x at 1024 to 6400, 1000 x 992 0.93x at 4096;
  // no cell slower.
  for (ConfigAttr &config : configs) {
    bool pair = config.getNumWarps() == 8 &&
                (config.getMaxM() == 0 || config.getBlockN() > 144);
    bool narrow = config.getBlockM() == 64 && config.getBlockN() == 64;
    // insertW8A8PairRowTiles's 128 x 64 tiles in K slices.
    bool pairRows = config.getBlockM() == 128 && config.getBlockN() == 64 &&
                    config.getSplitK() > 1;
    bool square = config.getBlockM() == 128 && config.getBlockN() == 128 &&
                  config.getMaxM() > 1024 && !config.isTma() && kTiles >= 32;
    if (config.isWgmma() &&
        ((config.isTma() && (pair || narrow || pairRows)) ||
         (pair && (kTiles >= 64 || op.getK() % 128 != 0)) || square))
      config = withCopy(config, CopyKind::tma_producer);
  }
}

/// The fraction of one wave's resident blocks that `config`'s grid fills in
/// its last wave at M = `m`, as blocks / (waves x wave blocks).
static std::pair<int64_t, int64_t> getWaveFill(MatmulOp op, ConfigAttr config,
                                               int64_t m) {
  int64_t wave = getWaveBlocks(op, config);
  int64_t blocks = getGridBlocks(op, config, m);
  // A config whose shared memory leaves no block resident fills nothing.
  if (wave == 0)
    return {0, 1};
  return {blocks, llvm::divideCeil(blocks, wave) * wave};
}

/// The largest M up to which interleaveW8A8QuadTiles compares the tiles.
constexpr int64_t kQuadTileMaxM = 4096;

/// Where N is not a multiple of 128, the 128-row tiles' grid fills its last
/// wave well at some M and badly at others, and so does a grid of 256-row
/// tiles (four warpgroups, `quad`): between the first 128-row variant and
/// M = kQuadTileMaxM, each 128 rows of M take the 256-row tiles where those
/// fill their last wave at least as well as the 128-row variant there
/// (ties: the larger tile, which reads fewer operand bytes per product).
/// Measured (docs/perf-notes.md, v36, same run, us): 4160 x 4160, 33
/// columns of 128, at M = 768 / 1024 / 2048 / 3072 / 4096 33.0 / 34.4 /
/// 62.2 / 92.6 / 123.0 against 35.1 / 38.7 / 71.1 / 98.5 / 125.6, but at
/// M = 1280 / 1536 (1.25 and 1.5 waves) 58.1 / 59.6 against 50.5 / 51.5;
/// 2056 x 4128, 15 columns of 144, at M = 2048 / 4096 41.6 / 78.3 against
/// 48.9 / 83.7, at M = 1280 / 1536 / 3072 38.2 / 39.2 / 72.6 against 31.5
/// / 35.5 / 60.6: the rule picks the faster of the two at each of those M.
/// On 4096 x 4096, whose 128 x 256 tiles fill their waves as well and are
/// as large, 256 x 128 tiles were 0 to 2% slower at M >= 1024.
/// From the first 128-row variant up to kFineToM, the steps are 64 rows, each
/// ending at a multiple of 64 (a 128-row step could end past the M at which
/// 256-row tiles pass a wave: 5504 x 4096 at M = 768, three rows of 43 tiles,
/// was decided at 832), and where the 128-row tiles are one block a
/// multiprocessor the tiles of a step are those whose grid's slots (waves x
/// resident blocks) times tile area are fewer: the rows and columns the tiles
/// pad count, where the fill of the last wave ignores them. Measured
/// (docs/perf-notes.md, v76, e366 to e369, both bench orders, against the
/// 128-row steps, 37 layers of K = 256 to 8192 whose chains it changes): 0.68x
/// to 0.98x the time on 67 of 75 changed cells of M = 576 to 1024 (6272 x 4096
/// at 768 0.68x, 6720 x 4096 / 8192 at 576 / 640 0.72x, 4800 x 4096 at 896
/// 0.73x, 4992 x 4096 at 768 0.75x, 5504 x 4096 at 1024 0.78x), 1.00x to 1.03x
/// on six, 1.05x / 1.12x on two (11712 x 4096 at 896, 14464 x 4096 at 640). The
/// cost of a 128-row tile that addW8A8ColumnBands cuts into bands (tail-
/// split tiles, or 256-row ones, of one block a multiprocessor whose grid
/// passes a wave with its last wave more than half full) is that of the
/// bands it will run, and the 64-row steps go on to M = 2048 (e373, both
/// orders, against the rule bounded at 1024 with the banded grids
/// excluded, 20 layers and 2056 x 4128, M = 576 to 1536 every 64: 46 of
/// 336 cells 0.82x to 0.95x the time, geometric mean 0.984, seven 1.02x
/// to 1.05x; e375, the same layers against the steps to 1536, M = 1600 to
/// 1984: 19 of 105 cells 0.80x to 0.95x, geometric mean 0.978, two 1.06x
/// / 1.07x; past 2048 as many cells lost as gained, up to 1.15x). The
/// 64-row steps start at the first 128-row variant (they started past M =
/// 576, 128-row steps by wave fill before them), a 256 x 128 grid past one
/// wave at M = 257 to 512 costing the one wave of wider tiles
/// widenW8A8QuadTiles makes of it (e377, both orders, against the 128-row
/// steps to 576, 35 layers of N = 4736 to 16000 and K = 4096 to 8192 whose
/// chains it changes, M = 144 to 576 every 32: 123 of 490 cells 0.67x to
/// 0.95x the time, geometric mean 0.961, 0.954 on the 8 layers it was not
/// chosen on; 13 cells 1.05x to 1.19x, on 15552 x K at 240 to 368, 14656
/// x K at 528 / 560 and 5000 x 8192 at 208). Without the widened tiles'
/// cost it lost 1.24x to 1.32x on 9024 / 8832 x 8192 at 449 to 512 (e376).
/// Not by area where the 128-row tiles are two a multiprocessor (5000 x
/// 4096 at 577 to 640: 128 x 128 tiles of two blocks a multiprocessor
/// instead of the 128 x 208 bands of the 256-row tiles, 1.46x to 1.50x).
static void interleaveW8A8QuadTiles(MatmulOp op, ConfigAttr quad,
                                    SmallVectorImpl<ConfigAttr> &configs) {
  // The 128-row tiles of 128 columns and more past the last 64-row variant
  // (not the 128 x 64 tiles of the middle of M before it, nor the 128 x
  // 128 tiles of one row, M = 65 to 128, that appendW8A8MidTiles gives N
  // over 66 columns of 128: resampled from M = 192 on, 11304 x 5152 lost
  // them to the 128 x 224 tiles there, 1.16x to 1.25x the time at M = 65
  // to 128; docs/perf-notes.md, v64, e255). The 128-row bands start where
  // they did without those tiles (resampled from M = 128 instead, 11304 x
  // 5152 lost up to 1.13x at M = 224 to 4096).
  auto *from = configs.begin();
  for (auto *it = configs.begin(); it != configs.end(); ++it)
    if (it->getBlockM() == 64)
      from = std::next(it);
  auto isOneRow = [](ConfigAttr config) {
    return config.getBlockM() == 128 && config.getBlockN() >= 128 &&
           config.getMaxM() == 128;
  };
  auto *rows = std::find_if(from, configs.end(), [&](ConfigAttr config) {
    return config.getBlockM() == 128 && config.getBlockN() >= 128 &&
           !isOneRow(config);
  });
  if (rows == configs.begin() || rows == configs.end())
    return;
  auto *before = std::prev(rows);
  if (isOneRow(*before) && before != configs.begin())
    before = std::prev(before);
  int64_t firstM = before->getMaxM();
  SmallVector<ConfigAttr> chain(rows, configs.end());
  auto at = [&](int64_t m) {
    return *llvm::find_if(chain, [&](ConfigAttr config) {
      return config.getMaxM() == 0 || config.getMaxM() >= m;
    });
  };
  auto isQuadBetter = [&](ConfigAttr config, int64_t m) {
    auto [quadBlocks, quadSlots] = getWaveFill(op, quad, m);
    auto [blocks, slots] = getWaveFill(op, config, m);
    int64_t lhs = quadBlocks * slots, rhs = blocks * quadSlots;
    return lhs > rhs ||
           (lhs == rhs && quad.getBlockM() * quad.getBlockN() >
                              config.getBlockM() * config.getBlockN());
  };
  SmallVector<ConfigAttr> merged;
  auto append = [&](ConfigAttr config, int64_t maxM) {
    if (!merged.empty() && merged.back().withMaxM(0) == config.withMaxM(0))
      merged.back() = config.withMaxM(maxM);
    else
      merged.push_back(config.withMaxM(maxM));
  };
  // The slots x tile area of `c`'s grid at M = `m`, or of the column bands
  // addW8A8ColumnBands will cut it into there (its rule, one wave of 128-row
  // tiles of bandN columns for each 128 rows): the tiles the step will
  // run, not the tiles before them.
  auto getCost = [&](ConfigAttr c, int64_t m) -> int64_t {
    int64_t sms = op.getTargetAttr().getMultiprocessorCount();
    int64_t bm = c.getBlockM(), bn = c.getBlockN();
    int64_t plain = getWaveFill(op, c, m).second * bm * bn;
    bool candidate = (bm == 128 && getW8A8TailSplit(op, c) >= 2) || bm == 256;
    if (!candidate || getWaveBlocks(op, c) != sms)
      return plain;
    W8A8ColumnBand band = getW8A8ColumnBand(op, c, llvm::divideCeil(m, 128));
    if (band.blockN)
      return band.waves * sms * 128 * band.blockN;
    // Or of the one wave of wider 256-row tiles widenW8A8QuadTiles makes of
    // a 256 x 128 grid past one wave (its rule).
    int64_t wideN = getW8A8WideQuadN(op);
    int64_t rows = llvm::divideCeil(m, 256);
    if (bm == 256 && isW8A8WidenedQuadN(bn) && c.getSplitK() == 1 &&
        c.getRowSplit() == 0 && m >= kW8A8WideQuadFromM &&
        m <= kW8A8WideQuadToM && wideN && wideN > bn &&
        rows * int64_t(llvm::divideCeil(op.getN(), bn)) > sms) {
      int64_t wideTiles = rows * int64_t(llvm::divideCeil(op.getN(), wideN));
      return llvm::divideCeil(wideTiles, sms) * sms * 256 * wideN;
    }
    return plain;
  };
  auto isQuadSmaller = [&](ConfigAttr config, int64_t m) {
    int64_t cost = getCost(config, m), quadCost = getCost(quad, m);
    return cost > quadCost ||
           (cost == quadCost && quad.getBlockM() * quad.getBlockN() >
                                    config.getBlockM() * config.getBlockN());
  };
  // Tile area decides where the 128-row tiles are one block a
  // multiprocessor.
  auto isQuadByArea = [&](ConfigAttr config, int64_t) {
    return getWaveBlocks(op, config) ==
           op.getTargetAttr().getMultiprocessorCount();
  };
  constexpr int64_t kFineToM = 2048;
  // `last` ends the steps taken so far: the one-row tiles', where they are
  // kept (a step bounded at their M would serve nothing, and the verifier
  // refuses two variants of one bound).
  int64_t last = std::prev(rows)->getMaxM();
  for (int64_t m = llvm::alignTo(last + 1, 64);
       m <= std::min(kFineToM, kQuadTileMaxM); m += 64) {
    ConfigAttr config = at(m);
    bool takeQuad = isQuadByArea(config, m) ? isQuadSmaller(config, m)
                                            : isQuadBetter(config, m);
    append(takeQuad ? quad : config, m);
    last = m;
  }
  // Past kFineToM the 128-row steps of the grid from firstM again.
  for (int64_t m = firstM + 128 * llvm::divideCeil(last - firstM + 1, 128);
       m <= kQuadTileMaxM; m += 128) {
    ConfigAttr config = at(m);
    append(isQuadBetter(config, m) ? quad : config, m);
  }
  for (ConfigAttr config : chain)
    if (config.getMaxM() == 0 || config.getMaxM() > kQuadTileMaxM)
      append(config, config.getMaxM());
  configs.erase(rows, configs.end());
  configs.append(merged.begin(), merged.end());
}

/// Where the 64 x 64 tiles of the smallest M are followed by 64 x 128 ones
/// whose grid would leave more than half the multiprocessors idle, the
/// 64 x 64 tiles go on, 64 rows at a time up to M = 256, while their own
/// grid fits one wave of resident blocks: first while it has at most one
/// block a multiprocessor (deepenLoneRings deepens that variant's ring),
/// then with the ring they have. Measured (docs/perf-notes.md, v36, same
/// run, us): 1024 x 4096 (64 x 64 in 4 clustered slices) at M = 160 / 192
/// / 256 13.1 / 13.5 / 14.0 against 16.1 / 16.1 / 16.7 on 64 x 128 tiles
/// in 2 (48 and 64 blocks); 4096 x 1024 (64 x 64, 8 stages) at M = 96 /
/// 128 8.8 / 9.2 against 10.6 / 11.1 on 64 x 128 (64 blocks), where 4
/// stages (three blocks a multiprocessor) gained nothing; 2048 x 4096 and
/// 4096 x 4096, whose 64 x 128 grids fill most of a wave there, lost with
/// them (v20: 5 to 30% at M = 96 / 128); 1000 x 992 (64 x 64, 8 stages,
/// producer TMA ring) at M = 129 / 192 / 256 8.3 / 8.4 / 8.5 against 11.4
/// / 11.4 / 11.5 on 64 x 128 tiles in 2 (v50, where 1024 x 1024 takes 8.8
/// / 8.7 / 8.8). Layers whose N rounds up to 1024 or more only (the
/// smaller ones were not measured).
static void extendW8A8NarrowTiles(MatmulOp op,
                                  SmallVectorImpl<ConfigAttr> &configs) {
  constexpr int64_t kNarrowMaxM = 256;
  int64_t sms = op.getTargetAttr().getMultiprocessorCount();
  auto *narrow = llvm::find_if(configs, [](ConfigAttr config) {
    return config.isWgmma() && config.getBlockM() == 64 &&
           config.getBlockN() == 64 && config.getMaxM() != 0;
  });
  // Measured on N >= 1024 only.
  if (narrow == configs.end() || std::next(narrow) == configs.end() ||
      std::next(narrow)->getBlockN() != 128 ||
      llvm::alignTo(op.getN(), 128) < 1024)
    return;
  ConfigAttr next = *std::next(narrow);
  int64_t wave = getWaveBlocks(op, *narrow);
  int64_t loneMaxM = narrow->getMaxM(), waveMaxM = narrow->getMaxM();
  for (int64_t m = waveMaxM + 64; m <= kNarrowMaxM; m += 64) {
    int64_t blocks = getGridBlocks(op, *narrow, m);
    if (2 * getGridBlocks(op, next, m) >= sms || blocks > wave)
      break;
    waveMaxM = m;
    if (blocks <= sms)
      loneMaxM = m;
  }
  if (waveMaxM == narrow->getMaxM())
    return;
  // The variants after it now start past waveMaxM.
  ConfigAttr base = *narrow;
  auto *rest = std::next(narrow);
  rest = configs.erase(
      rest, std::find_if(rest, configs.end(), [&](ConfigAttr config) {
        return config.getMaxM() == 0 || config.getMaxM() > waveMaxM;
      }));
  *narrow = base.withMaxM(loneMaxM);
  if (waveMaxM > loneMaxM)
    configs.insert(rest, base.withMaxM(waveMaxM));
}

/// Where the 64 x 64 tiles of M <= 128 are followed by 64 x 128 tiles in K
/// slices that go on past M = 256 (the family of N <= 2048, whose 64 x 128
/// tiles serve M up to 1024), M = 129 to 256 takes 128 x 64 tiles (two
/// warpgroups) in getLoneSplit's slices of two rows of N / 64 blocks, where
/// K is a multiple of 128 and that grid fills more than half the
/// multiprocessors. Measured (docs/perf-notes.md, v45, same run, 2048 x
/// 4096 in two clustered slices of 8 stages, us at M = 160 / 192 / 256:
/// 14.3 / 14.7 / 14.7 against 16.8 / 16.7 / 17.4 on the 64 x 128 tiles in
/// two slices of 4, two blocks a multiprocessor). Where K is not a
/// multiple of 128 they take the producer's TMA ring
/// (finishW8A8WgmmaConfigs; v50, same run, 2056 x 4128 at M = 129 / 160 /
/// 224 / 256: 14.4 / 14.8 / 16.6 / 15.7 against 16.9 / 17.3 / 18.5 / 18.7
/// us on the 64 x 128 tiles, but 18.0 against 17.1 at M = 192, whose last
/// row of tiles holds 64 rows below M; on cp.async, v49, 16.4 to 16.9).
static void insertW8A8PairRowTiles(MatmulOp op, RingConfigMaker make,
                                   SmallVectorImpl<ConfigAttr> &configs) {
  auto *narrow = llvm::find_if(configs, [](ConfigAttr config) {
    return config.isWgmma() && config.getBlockM() == 64 &&
           config.getBlockN() == 64 && config.getMaxM() != 0;
  });
  if (narrow == configs.end() || std::next(narrow) == configs.end())
    return;
  ConfigAttr next = *std::next(narrow);
  if (narrow->getMaxM() != 128 || next.getBlockM() != 64 ||
      next.getBlockN() != 128 || next.getSplitK() < 2 ||
      (next.getMaxM() != 0 && next.getMaxM() <= 256))
    return;
  int64_t sms = op.getTargetAttr().getMultiprocessorCount();
  int64_t blocks = 2 * llvm::divideCeil(op.getN(), 64);
  int64_t split =
      getLoneSplit(blocks, llvm::divideCeil(op.getK(), 128), sms);
  if (split == 0 || 2 * blocks * split <= sms)
    return;
  configs.insert(std::next(narrow),
                 make(128, 64, 128, 64, 64, 4, 256, split, MmaKind::wgmma));
}

/// Where the 64 x 128 tiles in two K slices go on past M = 256 (the family
/// of N <= 2048) on a layer whose N and K are multiples of 128 with 32 K
/// tiles or more, 128 x 128 tiles in two slices (6 stages, one block a
/// multiprocessor; chooseConfigs clusters both) take the M where their grid
/// fills more than half a wave and at most one. Measured
/// (docs/perf-notes.md, v54, same run): 2048 x 4096 at M = 257 / 384 / 512
/// 0.95 / 0.93 / 0.90x the time, 1024 x 4096 at M = 576 to 1024 0.93 to
/// 0.96x, 1536 x 4096 (sweep) at 257 to 640 0.92 to 0.97x; not where N or
/// K is not a multiple of 128 (2056 x 4128 on 128 x 144 tiles and TMA:
/// 1.10x slower at M = 257, 0.94x at 512).
static void insertW8A8PairSplitTiles(MatmulOp op, RingConfigMaker make,
                                     SmallVectorImpl<ConfigAttr> &configs) {
  constexpr int64_t kMinKTiles = 32;
  if (op.getN() % 128 != 0 || op.getK() % 128 != 0 ||
      op.getK() / 128 < kMinKTiles)
    return;
  auto *mid = llvm::find_if(configs, [](ConfigAttr config) {
    return config.isWgmma() && config.getBlockM() == 64 &&
           config.getBlockN() == 128 && config.getSplitK() == 2 &&
           config.getMaxM() > 256;
  });
  if (mid == configs.begin() || mid == configs.end())
    return;
  ConfigAttr pair = make(128, 128, 128, 64, 128, 6, 0, 2, MmaKind::wgmma);
  int64_t wave = getWaveBlocks(op, pair), columns = op.getN() / 128;
  int64_t fromM = 128 * (wave / 2 / (2 * columns));
  int64_t pairMaxM = std::min(mid->getMaxM(), 128 * (wave / (2 * columns)));
  int64_t previousM = std::prev(mid)->getMaxM();
  if (pairMaxM <= std::max(fromM, previousM))
    return;
  // Past the pairs' wave, the 64 x 128 tiles keep the rest of their range
  // (1536 x 4096, sweep: M = 641 to 704, 1.04x slower on the 128 x 128
  // tiles' tail split).
  ConfigAttr rest = *mid;
  ConfigAttr pairTiles = pair.withMaxM(pairMaxM);
  if (fromM > previousM) {
    *mid = mid->withMaxM(fromM);
    mid = configs.insert(std::next(mid), pairTiles);
  } else {
    *mid = pairTiles;
  }
  if (pairMaxM < rest.getMaxM())
    configs.insert(std::next(mid), rest);
}

/// Where the W8A8 64 x 64 tiles of M <= 64 are unsplit and the next
/// variant is one row of unsplit 128 x 128 tiles to M = 128 (N of 128
/// columns that make more than a wave of 64 x 64 blocks, fewer of 128 x
/// 128: 13824 x 5120, 14336 x 4096), the 128 x 128 tiles from M = 49.
/// Measured (docs/perf-notes.md, v71, e305, both bench orders): 14336 x
/// 4096 at M = 49 to 64 0.92x to 0.93x the time (24.9 -> 23.0 us; 224
/// blocks of 64 x 64 against 112 of 128 x 128).
static void startW8A8SquareTilesEarly(MatmulOp op,
                                      SmallVectorImpl<ConfigAttr> &configs) {
  constexpr int64_t kFromM = 48, kNarrowMaxM = 64, kSquareMaxM = 128;
  if (op.getN() % 128 != 0)
    return;
  for (size_t i = 0; i + 1 < configs.size(); ++i) {
    ConfigAttr narrow = configs[i], next = configs[i + 1];
    if (!narrow.isWgmma() || narrow.getBlockM() != 64 ||
        narrow.getBlockN() != 64 || narrow.getSplitK() != 1 ||
        narrow.getMaxM() != kNarrowMaxM)
      continue;
    if (next.isWgmma() && next.getBlockM() == 128 && next.getBlockN() == 128 &&
        next.getSplitK() == 1 && next.getMaxM() == kSquareMaxM &&
        (i == 0 || configs[i - 1].getMaxM() < kFromM))
      configs[i] = narrow.withMaxM(kFromM);
    return;
  }
}

/// The largest M of the W8A8 64 x 128 tiles on sm_90a for N rounded to
/// `n128`: 1024 where the unbounded variant's tiles (128 x 256 on four
/// columns of 256 and more, else 128 x 128) give fewer thread blocks than
/// half the multiprocessors at M = 1024 (appendW8A8WgmmaConfigs), else 256.
static int64_t getW8A8MidMaxM(int64_t n128, int64_t sms) {
  bool wide = n128 % 256 == 0 && n128 / 256 >= 4;
  int64_t bigN = wide ? 256 : 128;
  return (1024 / 128) * (n128 / bigN) * 2 < sms ? 1024 : 256;
}

/// Whether the W8A8 variants on sm_90a have 64 x 64 wgmma tiles for the
/// M just past the register variant (appendW8A8WgmmaConfigs: N >= 2048, or
/// the family whose 64 x 128 tiles go on to M = 1024).
static bool hasW8A8NarrowTiles(int64_t n128, int64_t sms) {
  return n128 >= 2048 || getW8A8MidMaxM(n128, sms) == 1024;
}

/// The 128-row variants of appendW8A8WgmmaConfigs, past the 64-row ones:
/// the tiles to M = 2048 (`sliverN` wide: 144 where N passes a multiple of
/// 128 by a sliver, else 128), the lone 128 x 128 tiles of the 128 x 128
/// family (`wide`: N has four columns of 256 or more) and the unbounded
/// variant. `colTiles`: the grid's columns of 128; `fitted`: the unbounded
/// variant on fitted widths where N is a multiple of 128 too
/// (appendW8A8WgmmaConfigs).
static void appendW8A8RowTiles(MatmulOp op, int64_t n128, bool wide,
                               int64_t colTiles, int64_t sliverN, bool fitted,
                               RingConfigMaker make,
                               SmallVectorImpl<ConfigAttr> &configs) {
  int64_t sms = op.getTargetAttr().getMultiprocessorCount();
  int64_t n = op.getN(), bigN = wide ? 256 : 128;
  int64_t fitN =
      (n % 128 != 0 || fitted) && n >= 2048 ? getFittedBlockN(n) : 256;
  if (wide && (2048 / 128) * (n128 / bigN) < sms &&
      configs.back().getMaxM() < 2048) {
    // The 128-row tiles to M = 2048, 144 wide on a sliver (v22, same run,
    // 2056 x 4128: 15 columns instead of 17; 31.1 / 52.6 us at M = 1024 /
    // 2048 against 46.0 / 68.0, where 2048 x 4096 takes 24.2 / 40.6). Past
    // M = 1024, while the fitted tiles of the unbounded variant (below)
    // make one wave where the 144-wide ones make two, those take over
    // (v35 step 7, same run, 2056 x 4128: 10 columns of 208 against 15 of
    // 144, 30.8 / 35.5 us at M = 1280 / 1536 against 42.0 / 42.4; past
    // their wave, at 1792 / 2048, 49.5 / 50.2 against 45.1 / 47.7).
    if (sliverN == 144 && fitN != 256) {
      ConfigAttr fit = make(128, fitN, 128, 64, fitN, 4, 0, 1, MmaKind::wgmma);
      int64_t fitMaxM = 128 * getWaveRows(op, fit, llvm::divideCeil(n, fitN));
      if (fitMaxM > 1024 && fitMaxM < 2048) {
        configs.push_back(
            make(128, sliverN, 128, 64, sliverN, 4, 1024, 1, MmaKind::wgmma));
        configs.push_back(
            make(128, fitN, 128, 64, fitN, 4, fitMaxM, 1, MmaKind::wgmma));
      }
    }
    configs.push_back(
        make(128, sliverN, 128, 64, sliverN, 4, 2048, 1, MmaKind::wgmma));
  }
  // Without 128 x 256 tiles the unbounded 128 x 128 tiles keep 3 stages
  // (two blocks a multiprocessor); while M gives at most one tile a
  // multiprocessor, 4 stages keep one K tile more in flight (v22, same
  // run, 4160 x 4160, 33 columns: 28.0 / 28.0 us at M = 384 / 512 against
  // 39.6 / 39.9 with 3 stages). Measured for N >= 2048 only.
  if (!wide && colTiles >= 16) {
    int64_t loneMaxM = 128 * (sms / colTiles);
    if (loneMaxM > configs.back().getMaxM())
      configs.push_back(
          make(128, 128, 128, 64, 128, 4, loneMaxM, 1, MmaKind::wgmma));
  }
  // An N of 2048 or more that is not a multiple of 128: the unbounded
  // variant has 128-row tiles of the width among 256, 240, 224 and 208
  // columns that leaves the fewest columns past N, filled by TMA. Where N
  // has no four columns of 256 (the 128 x 128 family), the 128 x 128 tiles
  // with 3 stages (two blocks a multiprocessor) come first, while their
  // grid is one wave. Measured (docs/perf-notes.md, v33, same run, us):
  // 4160 x 4160, 20 columns of 208 against 33 of 128: 71.8 / 124.5 at
  // M = 2048 / 4096 against 73.7 / 142.4, but 46.0 against 39.5 at
  // M = 1024, where the 128 x 128 grid is one wave; 2056 x 4128, 10
  // columns of 208 against 9 of 256: 88.7 against 95.2 at M = 4096; the
  // same tiles filled by cp.async 1.02 to 1.09x slower. Only 208 was
  // measured.
  if (fitN != 256) {
    if (!wide) {
      ConfigAttr pair = make(128, 128, 128, 64, 128, 3, 0, 1, MmaKind::wgmma);
      int64_t pairMaxM = 128 * getWaveRows(op, pair, colTiles);
      if (pairMaxM > configs.back().getMaxM())
        configs.push_back(
            make(128, 128, 128, 64, 128, 3, pairMaxM, 1, MmaKind::wgmma));
    }
    configs.push_back(
        withCopy(make(128, fitN, 128, 64, fitN, 4, 0, 1, MmaKind::wgmma),
                 CopyKind::tma));
    interleaveW8A8QuadTiles(
        op,
        withCopy(make(256, sliverN, 128, 64, sliverN, 4, 0, 1, MmaKind::wgmma),
                 CopyKind::tma),
        configs);
  } else {
    // Where the unbounded variant's tail split (finishW8A8WgmmaConfigs)
    // would cut the tiles of the one, partial wave in two K slices (wave /
    // 3 < tiles <= wave / 2), the same two slices added up in a cluster
    // (chooseConfigs) instead of through global partials, the tail split
    // kept below (three slices or more). Measured (docs/perf-notes.md, v54,
    // same run, us): 4096 x 4096 at M = 257 / 384 / 512 22.0 / 22.6 / 23.3
    // against 27.3 / 28.0 / 29.1, 5120 x 5120 (sweep) at 257 / 384 25.1 /
    // 25.8 against 31.5 / 32.3, 4096 x 11008 at 257 / 512 40.7 / 43.3
    // against 45.5 / 49.1; where the tail split cuts three or four slices
    // the cluster's two lost (2560 x 10240 at M = 257 / 384 37.3 / 38.3
    // against 33.9 / 35.2; 3584 x 18944 59.3 / 62.1 against 52.7 / 56.3).
    ConfigAttr unbounded =
        make(128, bigN, 128, 64, bigN, wide ? 4 : 3, 0, 1, MmaKind::wgmma);
    if (wide) {
      int64_t wave = getWaveBlocks(op, unbounded);
      int64_t cols = llvm::divideCeil(n, bigN);
      int64_t threeSliceM = 128 * (wave / (3 * cols));
      int64_t twoSliceM = 128 * (wave / (2 * cols));
      int64_t previousM = configs.back().getMaxM();
      if (previousM != 0 && twoSliceM > std::max(threeSliceM, previousM)) {
        if (threeSliceM > previousM)
          configs.push_back(unbounded.withMaxM(threeSliceM));
        configs.push_back(
            make(128, bigN, 128, 64, bigN, 4, twoSliceM, 2, MmaKind::wgmma));
      }
    }
    configs.push_back(unbounded);
  }
}

/// The W8A8 variants of M = 65 to 256 on sm_90a where the 64 x 128 tiles
/// stop at M = 256 (appendW8A8WgmmaConfigs; `colTiles`: the grid's columns
/// of 128): tiles of 128 rows in K slices, or unsplit, that keep their
/// grid within one wave, on one block a multiprocessor where they can.
static void appendW8A8MidTiles(MatmulOp op, int64_t colTiles,
                               RingConfigMaker make,
                               SmallVectorImpl<ConfigAttr> &configs) {
  int64_t sms = op.getTargetAttr().getMultiprocessorCount();
  int64_t kTiles = llvm::divideCeil(op.getK(), 128);
  // The 128 x 64 tiles (two warpgroups) of M = 65 to 128, where K is a
  // multiple of 128 or the layer takes its neighbour's tiles there (to M =
  // 256, or to 128 only: hasW8A8EdgeRowTiles): N / 64 blocks a slice, in
  // getLoneSplit's slices.
  bool pairRows = op.getK() % 128 == 0 || hasW8A8NeighbourMidTiles(op);
  bool pairRowsTo128 = pairRows || hasW8A8EdgeRowTiles(op);
  int64_t rowBlocks = llvm::divideCeil(op.getN(), 64);
  int64_t loneSplit = pairRowsTo128 ? getLoneSplit(rowBlocks, kTiles, sms) : 0;
  if (kTiles >= 32) {
    // Two slices of the tiles of M = 128 (two rows of 64) and of M = 256
    // (two rows of 128), each within one wave. The 64-row tiles take four
    // slices when those still have 16 K tiles and fill at most one wave
    // (v20, same run, 4096 x 11008 at M = 64 / 128: 25.4 / 27.9 us
    // against 29.7 / 33.7 in two slices; 4096 x 4096, 8 K tiles a slice:
    // 16.1 / 18.3 against 16.1 / 19.1, so not split further; the 128-row
    // tiles in four slices, two waves, were slower: 41.8 against 34.8 us
    // on 4096 x 11008 at M = 256).
    //
    // M = 65 to 128 takes the 128 rows as one tile 64 columns wide (two
    // warpgroups of 64 x 64, the same blocks as two rows of 64 x 128 tiles):
    // each weight tile is read once for the 128 rows, and a multiprocessor
    // has two warpgroups issuing wgmma instead of one. Measured (v45, same
    // run, us at M = 65 / 96 / 128, against 64 x 128 in the same slices):
    // 4096 x 4096 14.6 / 14.5 / 15.0 against 15.3 / 15.3 / 15.8; 4096 x
    // 11008 (4 slices) 25.4 / 26.3 / 26.4 against 27.9 / 27.1 / 28.0;
    // 3584 x 18944 and 4096 x 14336 4 to 9% faster; 2560 x 10240, 5120 x
    // 5120 and 6144 x 4096 within 5% either way. Not on a TMA ring (K not a
    // multiple of 128), whose one thread issues the copies for both
    // warpgroups: 4160 x 4160 1.12 to 1.26x slower. These tiles are N / 64
    // blocks a slice and split as getLoneSplit says where it finds a split
    // (one block a multiprocessor, deepest ring), else as before (v45, same
    // run, us at M = 65 / 128 against the four slices or packed blocks
    // before: 4096 x 11008 22.6 / 23.7 in two slices against 25.2 / 26.5 in
    // four, 3584 x 18944 30.9 / 32.6 against 35.1 / 37.2, 4096 x 14336 26.7
    // / 28.1 against 30.1 / 31.2, 2560 x 10240 21.4 / 21.9 against 22.9 /
    // 22.6; unsplit, 6144 x 4096 16.4 / 17.0 against 19.3 / 18.6 in two
    // slices of 4 stages, 5120 x 5120 20.5 / 19.9 against 21.5 / 20.2).
    int64_t splitBlocks = 2 * colTiles * 2;
    if (splitBlocks <= 2 * sms) {
      int64_t rowSplit =
          kTiles >= 4 * 16 && 2 * splitBlocks <= 2 * sms ? 4 : 2;
      // Lone slices of at most two (measured); four, as for N < 2112, are
      // clustered or not by the grid's size and were not.
      bool lone = loneSplit != 0 && loneSplit <= 2;
      // Where those are lone and unsplit (N / 64 blocks make a wave) and
      // 128 x 128 tiles in two slices are a grid chooseConfigs clusters:
      // those (v71, e301, 5120 x 5120 at M = 65 to 128, us: 20.0 to 21.0
      // -> 17.3 to 18.2, 0.83x to 0.91x the time, both bench orders; two
      // rows of 64 x 64 tiles 1.22x to 1.31x slower, the 128 x 64 tiles
      // in two clustered slices, 160 blocks, 1.14x to 1.19x). Measured on N
      // a multiple of 128 only: an edge layer keeps its chain (5000 x 4096
      // would take 64 x 64 tiles there and move its bands past M = 256).
      if (pairRows && loneSplit == 1 && op.getN() % 128 == 0 &&
          2 * colTiles <= getMaxClusterBlocks(op)) {
        configs.push_back(
            make(128, 128, 128, 64, 128, 4, 128, 2, MmaKind::wgmma));
      } else {
        configs.push_back(pairRowsTo128 ? make(128, 64, 128, 64, 64, 4, 128,
                                               lone ? loneSplit : rowSplit,
                                               MmaKind::wgmma)
                                        : make(64, 128, 128, 64, 128, 4, 128,
                                               rowSplit, MmaKind::wgmma));
      }
    } else if (pairRows && colTiles <= sms && kTiles <= kLoneMaxKTiles) {
      // Too many columns for the 128 x 64 tiles to be lone, but not for
      // 128 x 128 ones: those, unsplit (v45, same run, 11008 x 4096, 86
      // blocks of 6 stages, us at M = 96 / 128: 20.8 / 21.9 against 24.8 /
      // 26.2 on the 64 x 128 tiles below, two blocks a multiprocessor).
      configs.push_back(
          make(128, 128, 128, 64, 128, 4, 128, 1, MmaKind::wgmma));
    }
    // M = 129 to 256: 128 x 128 tiles in two slices while that grid is one
    // block a multiprocessor, else unsplit while theirs is (deepened to 6
    // stages; v45, same run, us at M = 129 / 192 / 256 against the 64 x 128
    // tiles of two blocks a multiprocessor below: 6144 x 4096 20.7 / 20.7 /
    // 20.7 against 23.5 / 22.6 / 24.1, 5120 x 5120 23.7 / 24.0 / 23.6
    // against 26.6 / 26.1 / 27.4; at M = 192 / 256, 8192 x 8192 33.7 / 35.0
    // against 42.0 / 45.3, 5120 x 13824 50.9 / 48.6 against 60.1 / 64.0).
    // Where K is not a multiple of 128 too (on the TMA ring that
    // finishW8A8WgmmaConfigs gives it), in place of the 64 x 128 tiles:
    // measured since v62 (e224, same run, us at M = 160 / 192 / 256: 6816 x
    // 7008 39.7 / 40.3 / 48.6 -> 36.0 / 34.4 / 35.3, pre-quantized 7440 x
    // 7712 44.4 / 46.6 / 52.5 -> 37.6 / 36.4 / 38.5); the 128 x 64 tiles
    // above stay off TMA rings (v45).
    if (splitBlocks <= sms)
      configs.push_back(
          make(128, 128, 128, 64, 128, 4, 256, 2, MmaKind::wgmma));
    else if (2 * colTiles <= sms)
      configs.push_back(
          make(128, 128, 128, 64, 128, 4, 256, 1, MmaKind::wgmma));
  } else if (pairRows && loneSplit && 2 * rowBlocks * loneSplit > sms &&
             2 * colTiles <= sms && 2 * 2 * colTiles > sms) {
    // Under 32 K tiles (no split variants above), where the 128 x 64 tiles
    // make a grid of lone blocks over more than half the multiprocessors
    // and so do the unsplit 128 x 128 tiles at M = 256 (34 to 66 columns
    // of 128): those to M = 128 and 256, in place of the 64 x 128 tiles of
    // two blocks a multiprocessor (v45, same run, 8192 x 2048, 16 K tiles,
    // 128 blocks, us at M = 96 / 128 / 192 / 256: 12.5 / 12.6 / 14.4 /
    // 14.9 against 14.9 / 15.7 / 15.9 / 16.8). Narrower layers keep the
    // 64 x 64 tiles that extendW8A8NarrowTiles takes on past M = 64.
    configs.push_back(
        make(128, 64, 128, 64, 64, 4, 128, loneSplit, MmaKind::wgmma));
    configs.push_back(
        make(128, 128, 128, 64, 128, 4, 256, 1, MmaKind::wgmma));
  }
}

/// Column bands of a W8A8 wgmma chain (after finishW8A8WgmmaConfigs): where
/// an unsplit variant's tiles (128 rows with a tail split, or 256 rows of
/// four warpgroups) would be one partial wave that no split cuts (wave / 2 <
/// tiles <= wave, one block a multiprocessor), 128-row tiles of fewer
/// columns serve those M, r rows of them: the fewest multiple of 16 whose r
/// rows still fit the wave, at least 32 columns under a 128-row variant's
/// width, at most three quarters of a 256-row tile's work, on the
/// producer's TMA ring (the last column masked by its boxes): the same
/// wave, less work a block. Measured (docs/perf-notes.md, v55, same run,
/// us): 4160 x 4160 at M = 576 / 640 on 128 x 160 tiles instead of 99 of
/// 256 x 128 0.76x to 0.78x the time, at 704 / 768 on 128 x 192 0.87x (256
/// x 96 tiles 0.95x to 1.02x); 4096 x 4096 at M = 576 / 640 on
/// 160 columns 23.6 / 24.0 against 30.0 / 30.6 on 256, at 704 / 768 on 192
/// 27.0 / 27.2 against 32.0 / 31.2; 4096 x 11008 0.75x and 0.82x; sweep and
/// small layers 0.72x to 0.98x with up to 224 columns, but 240 (16 under
/// 256) 1.01x to 1.08x slower at M = 832 / 896; 2056 x 4128 on 80 / 96
/// columns of 144 0.89x to 0.92x at M = 576 to 768, 4160 x 4160 on 96 of
/// 128 0.89x to 0.97x at 288 to 384, 2048 x 4096 on 80 / 96 0.95x to
/// 0.98x; the same tiles on the consumers' TMA ring 1.02x to 1.05x slower.
/// The same over two or three waves (v56): where the variant's last wave
/// holds more than half a wave (which the tail split leaves unsplit), the
/// fewest columns whose r rows fit the same number of waves, at most 208.
/// Measured against the variant (`.gpu-out/e172`, time ratios): 4096 x
/// 4096 and 4096 x 11008 at M = 1537 to 1664 on 208 columns 0.86 to 0.90,
/// 2048 x 4096 at 3073 to 3328 0.89, 5000 x 4096 at 1153 to 1280 0.89,
/// 1000 x 992 / 1024 x 1024 / 1024 x 4096 at 6273 to 6656 0.87 / 0.93 /
/// 0.90, 4096 x 1024 0.98; 4160 x 4160 on 160 / 176 at 1153 to 1408 0.90
/// / 0.95 to 1.01, 2056 x 4128 at 2433 to 2816 0.94 to 0.98; 224 columns
/// (11008 x 4096 at 513 to 640) 1.00 to 1.02, hence the bound.
static void addW8A8ColumnBands(MatmulOp op,
                               SmallVectorImpl<ConfigAttr> &configs) {
  int64_t n = op.getN(), sms = op.getTargetAttr().getMultiprocessorCount();
  SmallVector<ConfigAttr> banded;
  // The pieces of one variant (its bands and what they leave it) merge
  // where they are the same but for max_m; the chain's own neighbours do
  // not (extendW8A8NarrowTiles' two bounds of one tile, which
  // deepenLoneRings tells apart).
  size_t first = 0;
  auto push = [&](ConfigAttr config) {
    if (banded.size() > first &&
        banded.back().withMaxM(0) == config.withMaxM(0))
      banded.back() = config;
    else
      banded.push_back(config);
  };
  int64_t previous = 0;
  for (ConfigAttr config : configs) {
    first = banded.size();
    int64_t bound = config.getMaxM(), bm = config.getBlockM(),
            bn = config.getBlockN();
    int64_t cols = llvm::divideCeil(n, bn);
    // 128-row tiles the tail split takes (finishW8A8WgmmaConfigs, which
    // leaves the short-K layers unsplit), or 256-row ones (four warpgroups,
    // which it does not take).
    bool candidate =
        (bm == 128 && getW8A8TailSplit(op, config) >= 2) || bm == 256;
    if (!config.isWgmma() || config.isRegisterDirect() || !candidate ||
        config.getSplitK() != 1 || config.getRowSplit() != 0 || bn < 128 ||
        getWaveBlocks(op, config) != sms) {
      push(config);
      previous = bound;
      continue;
    }
    // In rows of 128 (the bands' tiles); the variant's own tiles cover
    // ceil(128 rows / bm) rows of theirs.
    int64_t lastRows = bound ? llvm::divideCeil(bound, 128)
                             : (kW8A8BandMaxWaves * sms / cols) * (bm / 128);
    for (int64_t rows = previous / 128 + 1; rows <= lastRows; ++rows) {
      int64_t maxM = bound ? std::min(bound, 128 * rows) : 128 * rows;
      W8A8ColumnBand bandTile = getW8A8ColumnBand(op, config, rows);
      if (bandTile.blockN) {
        ConfigEdit band(config);
        band.ctaTile[0] = 128;
        band.ctaTile[1] = band.warpTile[1] = bandTile.blockN;
        band.maxM = maxM;
        band.tailSplit = 1;
        band.copy = CopyKind::tma_producer;
        push(band.get());
      } else {
        push(config.withMaxM(maxM));
      }
    }
    // The variant serves what the bands leave (nothing when a band reaches
    // its bound).
    if (bound == 0 || banded.back().getMaxM() < bound)
      push(config);
    previous = bound;
  }
  configs.assign(banded.begin(), banded.end());
}

/// Where the variant of unsplit 64 x 128 tiles that ends at `rowM` (the
/// one before it ending 64 rows earlier) comes before a 128-row band on the
/// producer's TMA ring ending 64 rows later, erases it, so that the band
/// serves its M too; whether it did (dropW8A8MidTilesBeforeBand,
/// dropW8A8EdgeMidRow).
static bool dropW8A8MidRowBeforeBand(SmallVectorImpl<ConfigAttr> &configs,
                                     int64_t rowM) {
  for (size_t i = 1; i + 1 < configs.size(); ++i) {
    ConfigAttr mid = configs[i], band = configs[i + 1];
    if (mid.isWgmma() && mid.getBlockM() == 64 && mid.getBlockN() == 128 &&
        mid.getSplitK() == 1 && mid.getMaxM() == rowM &&
        configs[i - 1].getMaxM() == rowM - 64 && band.isWgmma() &&
        band.getBlockM() == 128 && band.getSplitK() == 1 &&
        band.getCopy() == CopyKind::tma_producer &&
        band.getMaxM() == rowM + 64) {
      configs.erase(configs.begin() + i);
      return true;
    }
  }
  return false;
}

/// M = 129 to 192 on the column band that follows, not on the three rows of
/// unsplit 64 x 128 tiles that appendW8A8MidTiles stops at one wave (N of
/// about 8600 to 11300, three rows of two blocks a multiprocessor): where
/// addW8A8ColumnBands made the 128-row tiles of M = 129 to 256 a band on the
/// producer's TMA ring, that band serves 129 on. Measured on the H200
/// (docs/perf-notes.md, v81, e433, same run, both bench orders, time at M
/// = 136 / 160 / 176 / 192 against the 64 x 128 tiles): 8648 x 7104 0.86x
/// / 0.86x / 0.86x / 0.85x, 8704 x 7168 0.88x / 0.89x / 0.87x / 0.86x, 9216
/// x 6144 0.90x / 0.91x / 0.89x / 0.88x, 9688 x 5536 0.90x / 0.91x / 0.90x
/// / 0.89x, 9728 x 5504 0.93x / 0.93x / 0.94x / 0.88x (8704 x 7168 at 192:
/// 39.3 -> 33.9 us; at 128 and 224 the same kernels); e434, layers not used
/// to choose it, 0.81x to 0.96x at 136 to 192 (9184 x 6144, 10240 x 8192,
/// 11008 x 6016, 11168 x 4480, already quantized 8960 x 5760, 9496 x 7168,
/// 10096 x 6784). Only on K of more than 32 tiles: on 11008 x 4096 it was
/// level (0.98x to 1.01x; already quantized 1.02x to 1.03x).
/// So at M = 257 to 320, where the 64 x 128 tiles' fifth row ends their
/// wave (N of about 5900 to 6700) and a band serves 321 to 384, on K of 16
/// tiles or more (v81, e442, time at M = 272 to 320: 6016 x 3968 0.87x to
/// 0.89x, 6144 x 3072 0.90x to 0.91x, 6272 x 2880 0.85x to 0.87x, 6304 x
/// 3136 0.84x to 0.86x, 6528 x 3968 0.89x to 0.90x, 6656 x 2048 0.97x to
/// 0.99x, already quantized 5936 x 3328 0.77x, 6400 x 2816 0.93x to 0.94x,
/// 6528 x 3968 0.87x to 0.88x, 6552 x 3904 0.83x; already quantized 6144 x
/// 1152, 9 K tiles, 1.03x to 1.04x); e443, layers not used to choose it,
/// 0.71x to 0.99x on eleven (6560 x 3840 0.71x to 0.73x).
static void dropW8A8MidTilesBeforeBand(MatmulOp op,
                                       SmallVectorImpl<ConfigAttr> &configs) {
  // The measured cases: the 64 x 128 tiles' last row (their max_m, the
  // variant before them ending 64 rows earlier and the band 64 rows later)
  // and the fewest K tiles the rule takes there.
  struct MidRow {
    int64_t maxM, minKTiles;
  };
  constexpr MidRow kRows[] = {{192, 33}, {320, 16}};
  int64_t kTiles = llvm::divideCeil(op.getK(), 128);
  for (MidRow row : kRows)
    if (kTiles >= row.minKTiles && dropW8A8MidRowBeforeBand(configs, row.maxM))
      return;
}

/// Whether K has `minKTiles` to `maxKTiles` K tiles of 128 (the last one
/// partial where K is off multiples of 128): the layers v72's W8A8 tile
/// rules were measured on. K off multiples of 128 measured in v78 (e386,
/// both orders, against the chain that left those rules out there):
/// 11920 x 2368 0.64x the time at M = 320 / 384, 14336 x 2912 and 12032 x
/// 5824 0.73x to 0.74x there, 4096 / 5000 x 2368, 6144 x 2112, 6696 x 2912,
/// 8192 / 7696 x 3296, 2048 x 3904, 3760 / 11008 x 4160 0.67x to 0.82x at
/// 512 to 1536; 20 of 156 cells changed, none slower. The 80-K-tile split
/// rules (`wholeTiles`: extendW8A8SquareSplitTiles, narrowW8A8SplitTiles)
/// keep K a multiple of 128: on K off it they would change 2560 x 8224 to
/// 10208, which no run has measured or checked. N may be any
/// (the last column of tiles masked): measured off multiples of 128 in v74
/// (e349, both orders, against the chain without them): the 256-row tiles
/// of addW8A8QuadWaveTiles on 6000 / 6080 x 4096 at M = 641 to 768 0.71x to
/// 0.77x the time, 6080 x 4096 and 5104 x 5120 at 769 to 1024 0.78x to
/// 0.83x, 7000 x 4608 and 8416 x 4096 at 513 to 768 0.84x to 0.89x, 4040 x
/// 4224 at 1025 to 1280 0.78x; the other M 0.99x to 1.02x.
static bool hasW8A8KTilesIn(MatmulOp op, int64_t minKTiles, int64_t maxKTiles,
                            bool wholeTiles = false) {
  int64_t kTiles = llvm::divideCeil(op.getK(), 128);
  return (!wholeTiles || op.getK() % 128 == 0) && kTiles >= minKTiles &&
         kTiles <= maxKTiles;
}

/// addW8A8TripleRowTiles' second case: M = 129 to 192 on 192-row tiles in
/// two clustered K slices where `square`, the variant from M = 129, is
/// unsplit 128 x 128 tiles; whether it added them.
static bool addW8A8TripleRowSplitTiles(MatmulOp op,
                                       SmallVectorImpl<ConfigAttr> &configs,
                                       ConfigAttr square) {
  constexpr int64_t kFromM = 128, kTripleMaxM = 192, kSquareMinMaxM = 256,
                    kMinN = 80, kMaxN = 128, kMinKTiles = 32, kMaxKTiles = 64,
                    kMaxStages = 6, kMinStages = 4,
                    kMaxSplitRingBytes = 216 * 1024;
  int64_t sms = op.getTargetAttr().getMultiprocessorCount();
  int64_t kTiles = llvm::divideCeil(op.getK(), 128);
  // K off multiples of 128: only on a layer that takes its neighbour's
  // tiles at M = 65 to 256 (hasW8A8NeighbourMidTiles), with the quantize
  // kernel (the comment above addW8A8TripleRowTiles).
  if ((op.getK() % 128 != 0 &&
       !(hasW8A8NeighbourMidTiles(op) && op.getLhsScales().empty()) &&
       !hasW8A8QuantizedEdgeMidTiles(op)) ||
      kTiles < kMinKTiles || kTiles > kMaxKTiles || !square.isWgmma() ||
      square.isRegisterDirect() || square.getBlockM() != 128 ||
      square.getBlockN() != 128 || square.getSplitK() != 1 ||
      square.getRowSplit() != 0 ||
      (square.getMaxM() != 0 && square.getMaxM() < kSquareMinMaxM))
    return false;
  int64_t bn = std::max(kMinN, getW8A8BandN(op, sms / 2));
  if (bn > kMaxN)
    return false;
  ConfigEdit edit(square);
  edit.ctaTile = {192, bn, square.getBlockK()};
  edit.warpTile = {64, bn};
  edit.splitK = 2;
  edit.clusterSplit = true;
  edit.tailSplit = 1;
  edit.copy = CopyKind::cp_async;
  auto fitStages = [&] {
    for (edit.stages = kMaxStages;
         edit.stages > kMinStages &&
         getSharedMemoryBytes(op, edit.get()) > kMaxSplitRingBytes;
         --edit.stages) {
    }
  };
  fitStages();
  (void)replaceMRange(configs, kFromM + 1, kTripleMaxM, edit.get());
  // Where the square tiles' two rows at M = 256 leave more than three
  // eighths of the multiprocessors idle, 256-row tiles of the same width in
  // two clustered slices serve M = 193 to 256 too (5120 x 5120, 80 blocks:
  // 0.89x to 0.95x the time on 256 x 80 in 5 stages, e313).
  int64_t squareCols = llvm::divideCeil(op.getN(), 128);
  if (8 * 2 * squareCols <= 5 * sms && op.getK() % 128 == 0) {
    edit.ctaTile[0] = 256;
    fitStages();
    (void)replaceMRange(configs, kTripleMaxM + 1, kSquareMinMaxM, edit.get());
  }
  return true;
}

/// W8A8 on sm_90a, M = 129 to 256 on a wide layer, where the chain goes
/// from M = 128 to unsplit 128-row tiles of 192 columns or more
/// (addW8A8ColumnBands' 128 x 224 bands, or the tail-split 128 x 256 tiles): at
/// M = 129 to 192 tiles of 192 rows (three warpgroups on a TMA ring, 4 stages),
/// as narrow as one wave of the grid's columns allows but at least 112; where
/// the wide tiles' grid passes one wave (their tail split), 256-row tiles of
/// that width serve M = 193 to 256 too. A 128-row tile's second row of
/// tiles runs its 128 rows whatever M leaves of them; 192 rows pad less
/// and read each weight tile once. Measured (docs/perf-notes.md, v72,
/// e311, both bench orders, time against the configured chain): 18944 x
/// 3584 (148 tiles of 128 x 256, tail split 7) at M = 129 to 192 0.64x
/// to 0.69x on 192 x 144, at 193 to 256 0.71x to 0.72x on 256 x 144;
/// 14336 x 4096 and 13824 x 5120 (bands of 128 x 224) at 144 to 192 0.88x
/// to 0.91x on 192 x 112, at 129 0.95x / 1.00x; 256 x 112 in place of the
/// bands at 193 to 256 0.98x to 1.01x (not taken). Not where the tiles
/// of M = 129 are narrower (11008 x 4096, 64 x 128 to M = 192: 192 x 96
/// 0.98x to 1.08x; 8192 x 8192, 128 x 128: 192 x 64 1.12x to 1.22x).
/// Measured on 28 to 40 K tiles of 128 and widths of 112 to 144 (wider
/// 256-row tiles would not fit their 4 stages, and 256 x 144 already
/// spills 16 bytes: 28672 x 4096, whose width would be 224, keeps its
/// tiles).
///
/// Where the tiles of M = 129 are unsplit 128 x 128 ones that serve M up
/// to 256 or more, M = 129 to 192 takes 192-row tiles in two K slices
/// added up in a cluster, as narrow as two slices of the grid's columns in
/// one wave allow (80 to 128 columns), on the cp.async ring in the most
/// stages (6 at most) that keep it in kMaxSplitRingBytes. Measured (v72,
/// e312, both bench orders): 5120 x 5120 (80 tiles of 128 x 128) 0.76x to
/// 0.83x the time on 192 x 80, 6144 x 4096 (96) 0.86x to 0.87x on 192 x
/// 96, 8192 x 8192 (128) 0.91x to 0.93x on 192 x 128. 5120 x 5120 also
/// takes 256-row tiles at M = 193 to 256 (addW8A8TripleRowSplitTiles). Not on
/// 16 K tiles (8192 x 2048: 1.12x to 1.14x), nor in four slices where the 128 x
/// 128 tiles are split already (4096 x 4096 1.69x, 2048 x 4096 and 2560 x
/// 10240 1.14x to 1.45x: clusters of four). K a multiple of 128; N any
/// (the last column of tiles masked): N off multiples of 128 measured in
/// v74 (e348, both orders, against the unsplit 128 x 128 tiles): 6000 /
/// 6080 x 4096 0.87x to 0.88x the time at M = 129 to 192, 7000 x 4608
/// 0.88x to 0.89x, 8416 x 4096 0.94x to 0.95x, 5104 x 5120 0.76x to 0.83x
/// (and 0.87x to 0.94x at 193 to 256 on its 256-row tiles).
/// K off multiples of 128 (its K tiles counted whole, the last one masked
/// on the cp.async ring), where the layer takes its neighbour's tiles at
/// M = 65 to 256 (N of 6144 or more) and quantizes its activation: the
/// same 192-row tiles in two slices at M = 129 to 192 (v82, e448, both
/// orders, time at M = 144 to 192 against two rows of unsplit 128 x 128):
/// 6160 x 5024 0.77x, 6304 x 8160 0.79x, 8416 x 6080 0.85x to 0.86x, 6200
/// x 4128, 6760 x 5920, 6816 x 7008 0.93x to 0.95x, 8280 x 8032 0.97x to
/// 0.98x, 7560 x 4640 1.00x to 1.01x. Not on an activation quantized by the
/// caller (7224 x 4576 0.87x to 0.89x, but 7440 x 7712 0.99x to 1.02x and
/// 8256 x 5472 1.04x to 1.05x).
static void addW8A8TripleRowTiles(MatmulOp op,
                                  SmallVectorImpl<ConfigAttr> &configs) {
  constexpr int64_t kFromM = 128, kTripleMaxM = 192, kQuadMaxM = 256,
                    kMinWideN = 192, kMinN = 112, kMaxN = 144, kMinKTiles = 28,
                    kMaxKTiles = 40, kStages = 4;
  int64_t sms = op.getTargetAttr().getMultiprocessorCount();
  int64_t kTiles = llvm::divideCeil(op.getK(), 128);
  // The variant that starts at M = 129.
  ConfigAttr before = getServingConfig(configs, kFromM);
  ConfigAttr wide = getServingConfig(configs, kFromM + 1);
  if (!before || before.getMaxM() != kFromM || !wide ||
      addW8A8TripleRowSplitTiles(op, configs, wide))
    return;
  if (kTiles < kMinKTiles || kTiles > kMaxKTiles || !wide.isWgmma() ||
      wide.isRegisterDirect() || wide.getBlockM() != 128 ||
      wide.getBlockN() < kMinWideN || wide.getSplitK() != 1 ||
      wide.getRowSplit() != 0 ||
      (wide.getMaxM() != 0 && wide.getMaxM() < kQuadMaxM))
    return;
  int64_t bn = std::max(kMinN, getW8A8BandN(op, sms));
  if (bn > kMaxN || bn + 32 > wide.getBlockN())
    return;
  auto rows = [&](int64_t bm) {
    ConfigEdit edit(wide);
    edit.ctaTile = {bm, bn, wide.getBlockK()};
    edit.warpTile = {64, bn};
    edit.stages = kStages;
    edit.tailSplit = 1;
    edit.copy = CopyKind::tma;
    return edit.get();
  };
  // The wide tiles serve what the new ones leave, if anything.
  (void)replaceMRange(configs, kFromM + 1, kTripleMaxM, rows(192));
  if (wide.getTailSplit() >= 2)
    (void)replaceMRange(configs, kTripleMaxM + 1, kQuadMaxM, rows(256));
}

/// W8A8 on sm_90a, M = 385 to 1536: each 128-row step at which the chain's
/// tiles are tail-split 128-row ones (finishW8A8WgmmaConfigs) whose grid
/// passes one wave takes tiles of 256 rows (four warpgroups on a TMA ring,
/// 4 stages or 3 past kMaxQuadRingBytes) as narrow as one wave of their
/// rows allows, where that is 80 to 192 columns; neighbouring steps of the
/// same tiles are one variant. Measured (docs/perf-notes.md, v72, e315 and
/// e319, both bench orders, time against the tail-split 128 x 256 tiles):
/// 11008 x 4096 at M = 385 to 512 (172 tiles) 0.84x on 256 x 176 (126
/// blocks); 6144 x 4096 at 641 to 768 (144) 0.74x to 0.75x on 256 x 144
/// (129) and at 769 to 1024 0.85x to 0.90x on 256 x 192 in 3 stages (128);
/// 8192 x 2048 at 513 to 768 0.77x to 0.79x on 256 x 192 in 3 stages
/// (129); 5120 x 5120 at 769 to 1024 (160 and 180 tiles) 0.79x to 0.82x on
/// 256 x 160 (128); 4096 x 4096 at 1025 to 1280 0.79x to 0.80x on 256 x
/// 160 (130) and at 1281 to 1536 0.86x to 0.89x on 256 x 192 (132, e322);
/// 2048 x 4096 (tail-split 128 x 128 tiles) at 1025 to 1280 0.87x to 0.89x
/// on 256 x 80 (130) and at 1281 to 1536 0.88x to 0.90x on 256 x 96 (132,
/// e324). 80 to 192 columns: 192 is the most four warpgroups' accumulators
/// hold (the verifier's bound).
/// Not on 64 K tiles and more (8192 x 8192 at 513 to 640 on 256 x 192:
/// 1.00x to 1.03x; 4096 x 11008 at 1025 to 1536 0.91x to 1.03x), nor
/// where one wave needs wider tiles (18944 x
/// 3584, 14336 x 4096, 11008 x 4096 past M = 512: 224 to 288 columns).
/// Measured where N and K are multiples of 128, on 16 to 40 K tiles;
/// M = 257 to 384 not measured (12288 x 3072 passes one wave there and
/// keeps its tiles). On more K tiles, M = 385 to 512 only, in 4 stages
/// (256 x 192 too): v80, e424, both bench orders, against tail-split 128 x
/// 256 tiles, ten layers of 44 to 64 K tiles (9216, 9648, 9720, 9728,
/// 10240, 10616, 10752, 11264, 11776, 12288 wide; 9648 x 7328 and 9720 x
/// 8192 on the round-up chain) 0.81x to 0.90x the time at M = 416 to 512
/// (9216 x 8192 at 512 74.4 -> 61.2 us, 1.51 -> 1.84 x cuBLAS fp16);
/// e425, nine layers not used to choose it (8704 x 6144, 9472 x 14336,
/// 9984 x 5376, 11008 x 5632, 11520 x 5376, four of them on an already
/// quantized activation too), 0.79x to 0.92x the time at M = 416 to 512.
static void addW8A8QuadWaveTiles(MatmulOp op,
                                 SmallVectorImpl<ConfigAttr> &configs) {
  constexpr int64_t kFirstStep = 4, kLastStep = 12, kMinN = 80, kMaxN = 192,
                    kMinKTiles = 16, kMaxKTiles = 40,
                    kMaxQuadRingBytes = 224 * 1024;
  int64_t sms = op.getTargetAttr().getMultiprocessorCount();
  int64_t kTiles = llvm::divideCeil(op.getK(), 128);
  if (kTiles < kMinKTiles)
    return;
  // Past kMaxKTiles, the first step only (M = 385 to 512), in 4 stages.
  bool longK = kTiles > kMaxKTiles;
  for (int64_t step = kFirstStep; step <= (longK ? kFirstStep : kLastStep);
       ++step) {
    int64_t m = 128 * step;
    ConfigAttr tiles = getServingConfig(configs, m);
    if (!tiles)
      return;
    // One variant serves the whole step.
    if (!tiles.isWgmma() || tiles.isRegisterDirect() ||
        tiles.getBlockM() != 128 || tiles.getSplitK() != 1 ||
        tiles.getTailSplit() < 2 ||
        getServingConfig(configs, m - 127) != tiles ||
        getGridBlocks(op, tiles, m) <= sms)
      continue;
    int64_t rows = llvm::divideCeil(m, 256);
    int64_t bn = getW8A8BandN(op, sms / rows);
    if (bn < kMinN || bn > kMaxN)
      continue;
    ConfigEdit edit(tiles);
    edit.ctaTile = {256, bn, tiles.getBlockK()};
    edit.warpTile = {64, bn};
    edit.stages = 4;
    edit.tailSplit = 1;
    edit.copy = CopyKind::tma;
    if (!longK && getSharedMemoryBytes(op, edit.get()) > kMaxQuadRingBytes)
      edit.stages = 3;
    ConfigAttr quad = edit.get();
    // The steps before, if they ran the same tiles, run on to this one.
    int64_t lo = m - 127;
    auto *before = llvm::find(configs, getServingConfig(configs, m - 128));
    if (before != configs.end() && before->withMaxM(0) == quad.withMaxM(0))
      lo = before == configs.begin() ? 1 : std::prev(before)->getMaxM() + 1;
    (void)replaceMRange(configs, lo, m, quad);
  }
}

/// W8A8 on sm_90a: the 128 x 128 tiles of M = 129 to 256 in two clustered
/// K slices go on to M = 384 where three rows of them still make one wave
/// and tail-split 128-row tiles follow (2560 x 10240, 20 columns: 120
/// blocks; 0.80x to 0.81x the time of the 128 x 256 tiles at M = 257 to
/// 384 in 6 stages, v72, e315). Measured on 80 K tiles, N and K
/// multiples of 128.
static void extendW8A8SquareSplitTiles(MatmulOp op,
                                       SmallVectorImpl<ConfigAttr> &configs) {
  constexpr int64_t kFromMaxM = 256, kToMaxM = 384, kMinKTiles = 64,
                    kMaxKTiles = 80, kStages = 6;
  int64_t sms = op.getTargetAttr().getMultiprocessorCount();
  if (!hasW8A8KTilesIn(op, kMinKTiles, kMaxKTiles,
                       /*wholeTiles=*/true))
    return;
  for (size_t i = 0; i + 1 < configs.size(); ++i) {
    ConfigAttr square = configs[i], next = configs[i + 1];
    if (!square.isWgmma() || square.getBlockM() != 128 ||
        square.getBlockN() != 128 || square.getSplitK() != 2 ||
        square.getMaxM() != kFromMaxM)
      continue;
    if (next.isWgmma() && next.getBlockM() == 128 && next.getSplitK() == 1 &&
        next.getTailSplit() >= 2 &&
        (next.getMaxM() == 0 || next.getMaxM() > kToMaxM) &&
        getGridBlocks(op, square, kToMaxM) <= sms) {
      // The stages deepenLoneRings gives them to M = 256 (it stops there).
      ConfigEdit edit(square);
      edit.maxM = kToMaxM;
      edit.stages = kStages;
      configs[i] = edit.get();
    }
    return;
  }
}

/// W8A8 on sm_90a, a narrow layer on a long K (2560 x 10240: 20 columns
/// of 128, 80 K tiles): the two-slice tiles of M = 65 to 128 (128 x 64)
/// and 129 to 256 (128 x 128) give 80 blocks; tiles of 64 and 128 rows, as
/// narrow as two rows of two slices in one wave allow (80 columns, 128
/// blocks), in 8 stages, take their place (docs/perf-notes.md, v72, e317,
/// both bench orders: 0.88x to 0.92x the time at M = 80 to 256). Not
/// where the narrower tiles would add less than half the blocks (5120 x
/// 5120's 128 x 80 at M = 65 to 128, 0.96x to 0.97x; 6144 x 4096's 128 x
/// 96, 0.99x to 1.00x). Measured on 80 K tiles, N and K multiples of 128.
static void narrowW8A8SplitTiles(MatmulOp op,
                                 SmallVectorImpl<ConfigAttr> &configs) {
  constexpr int64_t kMinKTiles = 64, kMaxKTiles = 80, kStages = 8;
  int64_t sms = op.getTargetAttr().getMultiprocessorCount();
  if (!hasW8A8KTilesIn(op, kMinKTiles, kMaxKTiles,
                       /*wholeTiles=*/true))
    return;
  // The tiles of M = 65 to 128 (128 x 64) and of 129 to 256 (128 x 128;
  // extendW8A8SquareSplitTiles may have taken them on to 384), each
  // starting where its M range does.
  for (int64_t m : {128, 256}) {
    ConfigAttr config = getServingConfig(configs, m);
    if (!config || !config.isWgmma() || config.isRegisterDirect() ||
        config.getSplitK() != 2 || config.getBlockM() != 128 ||
        config.getBlockN() != m / 2 ||
        getServingConfig(configs, m / 2) == config ||
        getServingConfig(configs, m / 2 + 1) != config)
      continue;
    int64_t bn = getW8A8BandN(op, sms / 4);
    ConfigEdit edit(config);
    edit.ctaTile = {m / 2, bn, config.getBlockK()};
    edit.warpTile = {64, bn};
    edit.stages = kStages;
    ConfigAttr narrow = edit.get();
    int64_t blocks = getGridBlocks(op, config, m);
    int64_t narrowBlocks = getGridBlocks(op, narrow, m);
    if (narrow.getBlockM() * bn < config.getBlockM() * config.getBlockN() &&
        narrowBlocks <= sms && 2 * narrowBlocks >= 3 * blocks)
      (void)replaceMRange(configs, m / 2 + 1, m, narrow);
  }
}

/// `from` as unsplit 128 x 64 tiles (one warpgroup of m64n64k32 and a
/// producer warpgroup) on the producer's TMA ring, 8 stages: the tiles of
/// unsplitW8A8PairRowTiles and unsplitW8A8SingleRowTiles.
static ConfigAttr getW8A8UnsplitProducerTiles(ConfigAttr from) {
  ConfigEdit edit(from);
  edit.ctaTile = {128, 64, 128};
  edit.warpTile = {64, 64};
  edit.stages = 8;
  edit.splitK = 1;
  edit.clusterSplit = false;
  edit.tailSplit = 1;
  edit.copy = CopyKind::tma_producer;
  return edit.get();
}

/// The two rules below: W8A8 on sm_90a quantizing its activations (no
/// lhs_scales), K of 32 to 40 tiles of 128, where the variant that starts
/// at `fromM` is 128-row wgmma tiles that serve `toM` too and `takes` it:
/// M = fromM to toM on getW8A8UnsplitProducerTiles, where their grid at
/// `toM` is `minWaveTenths` tenths to all of one wave.
static void unsplitW8A8ProducerRows(MatmulOp op,
                                    SmallVectorImpl<ConfigAttr> &configs,
                                    int64_t fromM, int64_t toM,
                                    int64_t minWaveTenths,
                                    function_ref<bool(ConfigAttr)> takes) {
  constexpr int64_t kMinKTiles = 32, kMaxKTiles = 40;
  int64_t sms = op.getTargetAttr().getMultiprocessorCount();
  int64_t kTiles = llvm::divideCeil(op.getK(), 128);
  if (!op.getLhsScales().empty() || kTiles < kMinKTiles || kTiles > kMaxKTiles)
    return;
  ConfigAttr served = getServingConfig(configs, fromM);
  if (!served || !served.isWgmma() || served.isRegisterDirect() ||
      served.getBlockM() != 128 || getServingConfig(configs, toM) != served ||
      getServingConfig(configs, fromM - 1) == served || !takes(served))
    return;
  ConfigAttr tiles = getW8A8UnsplitProducerTiles(served);
  int64_t blocks = getGridBlocks(op, tiles, toM);
  if (blocks <= sms && 10 * blocks >= minWaveTenths * sms)
    (void)replaceMRange(configs, fromM, toM, tiles);
}

/// W8A8 on sm_90a, quantizing its activations (no lhs_scales): where the
/// chain serves M = 129 to 256 with 128 x 128 tiles in two K slices, K has
/// 32 to 40 tiles of 128 and two rows of 128 x 64 tiles are 70% to all of
/// one wave (N of 2945 to 4224 on 132 multiprocessors), those tiles
/// unsplit on the producer's TMA ring, 8 stages, serve M = 129 to 256
/// (docs/perf-notes.md, v73, e330, both bench orders: 4096 x 4096 0.92x
/// to 0.95x the time at M = 129 to 192, 4160 x 4160 0.95x to 0.97x; v74,
/// e341, at 193 to 256: 4096 x 4096 0.92x to 0.96x, 3840 / 4224 x 4096,
/// 4096 x 4608 / 5120 0.92x to 1.00x, 4160 x 4160 0.95x to 1.02x; v75,
/// e351, 96 to 112 blocks: 3072 / 3328 / 3584 x 4096 0.92x to 0.96x at
/// 129 to 256, 3584 x 5120 0.94x to 0.97x). ncu
/// (e329n) puts the matmul kernels alike (12.6 against 13.2 us at M =
/// 160): the gain is the unsplit ring's weight prologue, issued before
/// griddepcontrol.wait, running under the quantize kernel; the already
/// quantized 4096 x 4096 (no quantize kernel) was 0.99x to 1.02x, so not
/// there. Wider layers lose (6144 x 4096, 5120 x 5120: 192 blocks or more,
/// 1.31x to 1.45x), and so do longer K (3072 x 8192 0.95x to 1.03x, 4096
/// x 14336 1.01x to 1.09x). M = 193 to 256 needs the last row tile moved
/// up to end at M (Tiling::shiftLastRowTile): before it, a last tile whose
/// TMA box passed M by 24 to 40 rows made them up to 1.25x (e328).
static void unsplitW8A8PairRowTiles(MatmulOp op,
                                    SmallVectorImpl<ConfigAttr> &configs) {
  // (extendW8A8SquareSplitTiles may have taken the square tiles past 256.)
  unsplitW8A8ProducerRows(
      op, configs, 129, 256, /*minWaveTenths=*/7, [](ConfigAttr square) {
        return square.getBlockN() == 128 && square.getSplitK() == 2;
      });
}

/// W8A8 on sm_90a, quantizing its activations (no lhs_scales): where the
/// chain serves M = 65 to 128 with 128 x 128 tiles in two clustered K
/// slices or with unsplit 128 x 64 cp.async tiles, K has 32 to 40 tiles of
/// 128 and one row of 128 x 64 tiles is 60% to all of one wave (N of 5057
/// to 8448 on 132 multiprocessors), those tiles unsplit on the producer's
/// TMA ring, 8 stages, serve M = 65 to 128 (docs/perf-notes.md, v74, e345,
/// both bench orders: 6144 x 4096 0.91x to 0.95x the time, 5632 x 5120
/// 0.93x to 0.98x, 7168 x 4096 0.93x to 0.95x, 5120 x 5120 0.95x to 0.99x
/// at M = 88 to 128 and 1.00x to 1.01x at 65 to 80). The lone row tile
/// takes one box of its rows rounded up to 16 (Tiling::singleBoxes): with
/// the whole box, 32 rows past M at M = 96, 5120 x 5120 was 1.05x (v73,
/// e337).
static void unsplitW8A8SingleRowTiles(MatmulOp op,
                                      SmallVectorImpl<ConfigAttr> &configs) {
  constexpr int64_t kToM = 128;
  unsplitW8A8ProducerRows(
      op, configs, 65, kToM, /*minWaveTenths=*/6, [&](ConfigAttr served) {
        // (chooseConfigs clusters the two slices later.)
        bool twoSlices = served.getBlockN() == 128 && served.getSplitK() == 2;
        bool unsplitCopies = served.getBlockN() == 64 &&
                             served.getSplitK() == 1 &&
                             served.getCopy() == CopyKind::cp_async;
        return (twoSlices || unsplitCopies) &&
               getServingConfig(configs, kToM + 1) != served;
      });
}

/// W8A8 on sm_90a, a layer of hasW8A8EdgeRowTiles whose one row of unsplit
/// 128 x 64 tiles (or, on short K, 64 x 128 tiles; below) serves M = 65 to
/// 128 on the consumers' TMA ring (K not a multiple of 128): 128 x 64
/// tiles on the producer's ring, 8 stages
/// (getW8A8UnsplitProducerTiles; docs/perf-notes.md, v79, e410: 0.78x to
/// 0.93x the time of the two clustered slices on six layers, where the
/// consumers' ring took 0.96x to 1.29x).
static void produceW8A8EdgeRowTiles(MatmulOp op,
                                    SmallVectorImpl<ConfigAttr> &configs) {
  constexpr int64_t kFromM = 65, kToM = 128;
  if (!hasW8A8EdgeRowTiles(op))
    return;
  ConfigAttr served = getServingConfig(configs, kFromM);
  if (!served || !served.isWgmma() || served.isRegisterDirect() ||
      served.getSplitK() != 1 || served.getCopy() != CopyKind::tma ||
      getServingConfig(configs, kToM) != served ||
      getServingConfig(configs, kFromM - 1) == served)
    return;
  // Also on K of fewer than 32 tiles, whose chain runs 64 x 128 tiles from
  // M = 65 past 128 (appendW8A8MidTiles builds the 128 x 64 tiles from 32
  // K tiles on): the same tiles at M = 65 to 128 (v80, e428, both bench
  // orders, against the 64 x 128 tiles: 4200 x 2080, 4608 x 2400, 5000 x
  // 1888, 5400 x 2720 and 5792 x 2112 0.75x to 0.81x the time at M = 96 /
  // 128; the neighbour's 128 x 128 tiles at 129 to 256 1.03x to 1.08x at
  // 160 / 192, not taken).
  constexpr int64_t kShortKTiles = 32;
  bool shortK = int64_t(llvm::divideCeil(op.getK(), 128)) < kShortKTiles &&
                served.getBlockM() == 64 && served.getBlockN() == 128 &&
                served.getMaxM() > kToM;
  if (!shortK && (served.getBlockM() != 128 || served.getBlockN() != 64))
    return;
  (void)replaceMRange(configs, kFromM, kToM,
                      getW8A8UnsplitProducerTiles(served));
}

/// The variants of a chain (`configs`, ordered by max_m) that serve some
/// of M = `lo` to `hi`, each with the part it serves, from to to.
static SmallVector<std::tuple<ConfigAttr, int64_t, int64_t>>
getServedParts(ArrayRef<ConfigAttr> configs, int64_t lo, int64_t hi) {
  SmallVector<std::tuple<ConfigAttr, int64_t, int64_t>> parts;
  int64_t previous = 0;
  for (ConfigAttr config : configs) {
    int64_t bound = config.getMaxM();
    int64_t from = std::max(lo, previous + 1);
    int64_t to = bound == 0 ? hi : std::min(hi, bound);
    previous = bound;
    if (from <= to)
      parts.push_back({config, from, to});
  }
  return parts;
}

/// M = `lo` to `hi` of a wgmma chain (`configs`, ordered by max_m), each
/// variant that serves some of it on the tile `replace(variant, from, to)`
/// gives for its part, from to to (none where it gives a null tile): the
/// parts are found first, then replaced (replaceMRange).
static void replaceServedParts(
    SmallVectorImpl<ConfigAttr> &configs, int64_t lo, int64_t hi,
    function_ref<ConfigAttr(ConfigAttr, int64_t, int64_t)> replace) {
  SmallVector<std::tuple<int64_t, int64_t, ConfigAttr>> parts;
  for (auto [config, from, to] : getServedParts(configs, lo, hi))
    if (ConfigAttr tile = replace(config, from, to))
      parts.push_back({from, to, tile});
  for (auto [from, to, tile] : parts)
    (void)replaceMRange(configs, from, to, tile);
}

/// W8A8 on sm_90a: where 128 x 128 tiles of two blocks a multiprocessor
/// (unsplit, on the cp.async, the consumers' or the producer's ring: the
/// chain of a layer without four columns of 256 past its 64-row tiles)
/// serve some of M = 129 to 2048 in a grid past the multiprocessors, each 128
/// rows of that range take the column bands a wide layer's chain gets there
/// (addW8A8ColumnBands): 128-row tiles of the fewest multiple of 16 columns
/// whose r rows of tiles are at most one block a multiprocessor, on the
/// producer's TMA ring (the last column masked by its boxes), 4 stages.
/// Measured (docs/perf-notes.md, v75, e354, both bench orders, hand configs
/// `_e354b`): 8576 / 9024 / 9344 / 9792 / 10112 / 10560 x 4096 0.62x to 0.68x
/// the time at M = 193 to 256 (128 x 144 to 128 x 160 tiles), 0.72x to 0.79x at
/// 257 to 320 (128 x 208 to 128 x 240); 11648 / 13184 x 4096 0.72x to 0.79x at
/// 129 to 256 (128 x 192 / 128 x 208); e357, the producer's ring (K of 64
/// tiles): 10112 / 12416 x 8192 0.54x to 0.58x at M = 192 to 256. x
/// cuBLAS fp16 at M = 256: 0.80 -> 1.28 on 8576 x 4096, 0.78 -> 1.44 on
/// 10112 x 8192. The consumers' TMA ring (K off multiples of 128; v77,
/// e374): 8576 / 9024 / 9088 / 9536 x 4160 0.80x to 0.91x at M = 208 to
/// 320. Four rows, M = 385 to 512 (v77, e380, both orders): 4496 / 5000 /
/// 5256 / 6056 / 7056 / 8336 x 4096 and 5000 x 8192 0.54x to 0.78x the
/// time (128 x 144 to 128 x 256 bands; 5000 x 4096 at 464 0.84 -> 1.35 x
/// cuBLAS fp16). Five to sixteen rows, M = 513 to 2048 (v78, e382, both
/// orders, 11 layers of N = 2416 to 6496 on K = 4096 at M = 528 to 1664):
/// the 27 cells that changed 0.62x to 0.84x the time, none slower (3976 x
/// 4096 at 704 0.83 -> 1.32 x cuBLAS fp16).
static void bandW8A8PairTiles(MatmulOp op,
                              SmallVectorImpl<ConfigAttr> &configs) {
  constexpr int64_t kMaxRows = 16, kMaxBandN = 256, kStages = 4;
  int64_t sms = op.getTargetAttr().getMultiprocessorCount();
  for (int64_t rows = 2; rows <= kMaxRows; ++rows) {
    int64_t bandN = getW8A8BandN(op, sms / rows);
    if (bandN <= 128 || bandN > kMaxBandN)
      continue;
    replaceServedParts(
        configs, 128 * (rows - 1) + 1, 128 * rows,
        [&](ConfigAttr config, int64_t, int64_t to) -> ConfigAttr {
          bool pair = config.isWgmma() && !config.isRegisterDirect() &&
                      config.getBlockM() == 128 && config.getBlockN() == 128 &&
                      config.getSplitK() == 1 && config.getTailSplit() == 1 &&
                      config.getRowSplit() == 0 &&
                      (config.getCopy() == CopyKind::cp_async ||
                       config.getCopy() == CopyKind::tma ||
                       config.getCopy() == CopyKind::tma_producer) &&
                      getWaveBlocks(op, config) > sms &&
                      getGridBlocks(op, config, to) > sms;
          if (!pair)
            return ConfigAttr();
          ConfigEdit band(config);
          band.ctaTile = {128, bandN, config.getCtaTile()[2]};
          band.warpTile = {64, bandN};
          band.stages = kStages;
          band.copy = CopyKind::tma_producer;
          return band.get();
        });
  }
}

/// W8A8 on sm_90a: where 256-row tiles (four warpgroups, one block a
/// multiprocessor) of 128 columns serve some of M = 257 to 512 in a grid
/// past the multiprocessors (two rows of over 66 columns on 132), the same
/// tiles as wide as makes the two rows one wave: the fewest multiple of 16
/// columns, up to 192. Measured (docs/perf-notes.md, v75, e355, both bench
/// orders, hand configs `_e355q`, M = 449 to 512): 8640 / 9024 / 9344 /
/// 9408 x 4096 on 256 x 144 tiles 0.67x to 0.68x the time, 9792 / 10560 x
/// 4096 on 256 x 160 0.70x to 0.72x, 12096 x 4096 on 256 x 192 0.79x
/// (8640 x 4096 at M = 512 1.08 -> 1.62 x cuBLAS fp16).
static void widenW8A8QuadTiles(MatmulOp op,
                               SmallVectorImpl<ConfigAttr> &configs) {
  int64_t sms = op.getTargetAttr().getMultiprocessorCount();
  int64_t blockN = getW8A8WideQuadN(op);
  if (!blockN)
    return;
  replaceServedParts(
      configs, kW8A8WideQuadFromM, kW8A8WideQuadToM,
      [&](ConfigAttr config, int64_t, int64_t to) -> ConfigAttr {
        if (!config.isWgmma() || config.isRegisterDirect() ||
            config.getBlockM() != 256 ||
            !isW8A8WidenedQuadN(config.getBlockN()) ||
            blockN <= config.getBlockN() || config.getSplitK() != 1 ||
            config.getRowSplit() != 0 || getWaveBlocks(op, config) != sms ||
            getGridBlocks(op, config, to) <= sms)
          return ConfigAttr();
        ConfigEdit wide(config);
        wide.ctaTile[1] = wide.warpTile[1] = blockN;
        return wide.get();
      });
}

/// W8A8 on sm_90a quantizing its activations (no lhs_scales), K of 32 to
/// 40 tiles of 128: M = 257 to 384 on three rows of unsplit 128-row tiles
/// of the fewest multiple of 16 columns, 64 at least, whose three rows are
/// 85% to all of one wave of one block a multiprocessor, up to 96 columns
/// (N of 2369 to 4224 on 132 multiprocessors), on the producer's TMA ring
/// (8 stages at 64 columns, as unsplitW8A8PairRowTiles' tiles, 4 above).
/// Measured (docs/perf-notes.md, v75, e357, both bench orders, hand
/// configs `_e357b`, time against the head's 256 x 128 and tail-split
/// 128 x 256 tiles at M = 288 to 384): 2496 x 4096 (128 x 64) 0.52x to
/// 0.53x, 2816 x 4096 (64) 0.63x, 3264 x 4096 (80) 0.69x to 0.70x, 3584 x
/// 4096 (96) 0.73x to 0.75x, 4032 x 4096 (96) 0.63x to 0.65x (3584 x 4096
/// at M = 320 0.86 -> 1.15 x cuBLAS fp16).
static void
addW8A8TripleRowProducerTiles(MatmulOp op,
                              SmallVectorImpl<ConfigAttr> &configs) {
  constexpr int64_t kFromM = 257, kToM = 384, kMinKTiles = 32, kMaxKTiles = 40,
                    kMinBlockN = 64, kMaxBlockN = 96;
  int64_t sms = op.getTargetAttr().getMultiprocessorCount();
  int64_t kTiles = llvm::divideCeil(op.getK(), 128);
  if (!op.getLhsScales().empty() || kTiles < kMinKTiles || kTiles > kMaxKTiles)
    return;
  int64_t rows = kToM / 128;
  int64_t blockN = std::max(kMinBlockN, getW8A8BandN(op, sms / rows));
  int64_t blocks = rows * llvm::divideCeil(op.getN(), blockN);
  ConfigAttr served = getServingConfig(configs, kFromM);
  if (!served || blockN > kMaxBlockN || blocks > sms || 20 * blocks < 17 * sms)
    return;
  ConfigEdit tiles(getW8A8UnsplitProducerTiles(served));
  tiles.ctaTile[1] = tiles.warpTile[1] = blockN;
  if (blockN != kMinBlockN)
    tiles.stages = 4;
  (void)replaceMRange(configs, kFromM, kToM, tiles.get());
}

/// W8A8 on sm_90a, K of 16 to 64 tiles of 128, M = 257 to 384: where the
/// chain serves that range on 256-row tiles (two rows of 256 where 384
/// rows would do) or on 128-row tiles whose three rows pass a wave, two rows
/// of 192-row tiles (three warpgroups on the consumers' TMA ring, 4
/// stages) of the fewest multiple of 16 columns that makes them one wave,
/// where that is 160 to 224 columns (N of 9505 to 14784 on 132
/// multiprocessors). Measured (docs/perf-notes.md, v76, e363, both bench
/// orders, hand configs `_e363r`, time against the chain before at M = 288
/// to 384): 11328 x 4096 on 192 x 176 0.84x against 256 x 176 at 288 / 320
/// and 0.73x to 0.74x against tail-split 128 x 224 at 352 / 384; 12032 /
/// 12800 / 14336 x 4096 on 192 x 192 / 208 / 224 against tail-split 128 x
/// 256 0.75x to 0.82x (14336 x 4096 at M = 320 1.20 -> 1.47 x cuBLAS
/// fp16); e365, the rule against the chain before on layers not used to
/// choose it: 10944 / 11648 / 13696 / 14720 / 14784 x 4096, 12288 x 3584,
/// 11328 / 13824 x 5120 0.70x to 0.85x at M = 288 to 384; e371, K of 16
/// and 64 tiles and 160 columns: 12032 / 14336 x 2048 0.71x to 0.74x,
/// 12032 / 12096 / 14336 / 14400 x 8192 0.74x to 0.88x, 10176 x 4096 (192
/// x 160) 0.71x to 0.86x (K of 24 and 48 tiles, between those, not
/// measured). 11008 x 4096, whose three rows of 128 x 256
/// tiles are one wave (129 blocks), keeps them, as do the layers whose
/// chain has column bands there (bandW8A8PairTiles: 9600 / 10112 x
/// 4096).
static void addW8A8TripleRowWideTiles(MatmulOp op,
                                      SmallVectorImpl<ConfigAttr> &configs) {
  constexpr int64_t kFromM = 257, kToM = 384, kMinKTiles = 16, kMaxKTiles = 64,
                    kMinBlockN = 160, kMaxBlockN = 224, kStages = 4;
  int64_t sms = op.getTargetAttr().getMultiprocessorCount();
  if (!hasW8A8KTilesIn(op, kMinKTiles, kMaxKTiles))
    return;
  int64_t blockN = getW8A8BandN(op, sms / 2);
  if (blockN < kMinBlockN || blockN > kMaxBlockN)
    return;
  // Every variant serving some of the range wastes rows or passes a wave.
  auto parts = getServedParts(configs, kFromM, kToM);
  auto isWasteful = [&](const std::tuple<ConfigAttr, int64_t, int64_t> &part) {
    auto [config, from, to] = part;
    return config.isWgmma() && !config.isRegisterDirect() &&
           config.getSplitK() == 1 && config.getRowSplit() == 0 &&
           (config.getBlockM() == 256 ||
            (config.getBlockM() == 128 &&
             getGridBlocks(op, config, to) > getWaveBlocks(op, config)));
  };
  if (parts.empty() || !llvm::all_of(parts, isWasteful))
    return;
  ConfigAttr first = std::get<0>(parts.front());
  ConfigEdit tiles(first);
  tiles.ctaTile = {192, blockN, first.getBlockK()};
  tiles.warpTile = {64, blockN};
  tiles.stages = kStages;
  tiles.tailSplit = 1;
  tiles.copy = CopyKind::tma;
  (void)replaceMRange(configs, kFromM, kToM, tiles.get());
}

/// The fourth row of a sliver layer's 64 x 144 tiles (appendW8A8WgmmaChain:
/// N a multiple of 128 and 8 or 16 more, where they go on to M = 256 past
/// the 64 x 128 tiles' three rows; N of about 8450 to 9500 on 132): M = 193
/// to 256 on 128 x 144 tiles on the producer's TMA ring instead, whose two
/// rows are one wave, as the neighbour's column band. Measured on the H200
/// (docs/perf-notes.md, v82, e450, both bench orders, time at M = 208 to
/// 256 against the fourth row): 9224 x 4128 0.63x to 0.64x, 8976 x 7168
/// 0.67x to 0.68x, 9096 x 4096 0.69x, 9104 x 3168 0.71x to 0.72x, 8720 x
/// 3904 0.75x to 0.76x, 8592 x 6016 0.79x, 9360 x 8192 0.81x to 0.82x,
/// 9352 x 4128 0.82x to 0.84x, 9480 x 5120 0.84x, 8464 x 2560 0.86x to
/// 0.87x; already quantized 9224 x 4128 0.68x to 0.71x, 9360 x 6144 0.80x
/// to 0.82x.
static void widenW8A8SliverRow(SmallVectorImpl<ConfigAttr> &configs) {
  constexpr int64_t kFromM = 192, kToM = 256;
  for (auto *it = configs.begin(); it != configs.end(); ++it) {
    if (it == configs.begin() || std::prev(it)->getMaxM() != kFromM ||
        it->getMaxM() != kToM || !it->isWgmma() || it->getBlockM() != 64 ||
        it->getBlockN() != 144 || it->getSplitK() != 1)
      continue;
    ConfigEdit edit(*it);
    edit.ctaTile[0] = 128;
    edit.copy = CopyKind::tma_producer;
    *it = edit.get();
  }
}

/// dropW8A8MidTilesBeforeBand's case on a layer whose K is off multiples
/// of 128 and that takes its neighbour's tiles at M = 65 to 256
/// (hasW8A8NeighbourMidTiles, N of 6144 or more), whatever its K tiles:
/// where the third row of unsplit 64 x 128 tiles (M = 129 to 192, on the
/// cp.async ring, every copy carrying the K edge mask) comes before a
/// 128-row band on the producer's TMA ring that serves M = 193 to 256, the
/// band serves 129 on. Measured on the H200 (docs/perf-notes.md, v82, e452,
/// both bench orders, time at M = 144 to 192 against the third row; at 128
/// and 256 the same kernels): 10640 x 6624 0.76x to 0.80x, already
/// quantized 8720 x 5664 0.81x to 0.84x and 9864 x 5952 0.78x to 0.80x
/// (the three found by a sweep, e451); layers not used to choose it: 9872
/// x 7200 0.75x to 0.79x, 9224 x 4128 (a sliver, widenW8A8SliverRow's band)
/// 0.75x to 0.79x, 9104 x 7520 0.79x to 0.83x, 9640 x 5024 0.83x to 0.88x,
/// 10192 x 4032 0.91x to 0.94x, already quantized 10648 x 7616 0.81x to
/// 0.83x, 8840 x 5472 0.83x to 0.88x.
static void dropW8A8EdgeMidRow(MatmulOp op,
                               SmallVectorImpl<ConfigAttr> &configs) {
  constexpr int64_t kRowM = 192;
  if (hasW8A8NeighbourMidTiles(op))
    (void)dropW8A8MidRowBeforeBand(configs, kRowM);
}

/// M = 65 to 128 of a layer that takes its neighbour's split tiles there
/// (hasW8A8QuantizedEdgeMidTiles): 128 x 128 tiles in two clustered K
/// slices on the cp.async ring (6 stages), where the chain has 64 x 128
/// ones in two slices.
static void pairW8A8QuantizedEdgeRows(MatmulOp op,
                                      SmallVectorImpl<ConfigAttr> &configs) {
  constexpr int64_t kFromM = 64, kToM = 128, kStages = 6;
  if (!hasW8A8QuantizedEdgeMidTiles(op))
    return;
  for (size_t i = 1; i < configs.size(); ++i) {
    ConfigAttr c = configs[i];
    if (configs[i - 1].getMaxM() != kFromM || c.getMaxM() != kToM ||
        !c.isWgmma() || c.isRegisterDirect() || c.getBlockM() != 64 ||
        c.getBlockN() != 128 || c.getSplitK() != 2)
      continue;
    ConfigEdit edit(c);
    edit.ctaTile = {128, 128, c.getBlockK()};
    edit.warpTile = {64, 128};
    edit.stages = kStages;
    edit.copy = CopyKind::cp_async;
    configs[i] = edit.get();
    return;
  }
}

/// W8A8 on sm_90a, M > 64: wgmma (warpgroups of m64nNk32) over 128-byte
/// swizzled K tiles of 128 bytes; the ring keeps stages - 2 tiles ahead plus
/// one wgmma group in flight. Measured on the H200 (docs/perf-notes.md, v4):
/// - M <= 256: one warpgroup on 64 x 128 tiles, 4 stages (96 KB, two
///   thread blocks per multiprocessor), while their rows fit one wave
///   (v22);
/// - larger M: two warpgroups on 128 x 256 tiles, 4 stages (193 KB) when N
///   has at least 4 such columns of tiles, else 128 x 128 tiles, 3 stages
///   (97 KB, two per multiprocessor) (v7: N = 1024 at M = 4096, 48.2 us
///   with 128 x 256, 52.4 us with 128 x 128 and 3 stages);
/// - when the unbounded variant's tiles give fewer thread blocks than half
///   the multiprocessors at M = 1024, the 64-row variant serves M up to
///   1024 (N = 1024: 64 x 128 tiles took 30 us at M = 1024, 128 x 128
///   tiles 42 us), and splits K in two (v9, N = 1024: 18.4 / 20.6 /
///   24.6 us at M = 256 / 512 / 1024 against 21.9 / 23.5 / 26.1 us);
/// - otherwise, M = 65 to 256: K split in two (slices of at least 16 K
///   tiles) where the split grid still fits one wave: 64 x 128 tiles (two
///   blocks a multiprocessor; since v45 128 x 64 tiles where K is a
///   multiple of 128) up to M = 128, 128 x 128 tiles (one) up to 256 (v15,
///   same run: 4096 x 4096 at M = 128 / 256, 19.2 / 19.5 us
///   against 22.2 / 22.3 us unsplit; 4096 x 11008, 34.1 / 35.3 against
///   46.7 / 49.0 us; 11008 x 4096, two waves when split, and 4096 x 1024,
///   8 K tiles, are faster unsplit);
/// - when 128 x 256 tiles give fewer thread blocks than multiprocessors at
///   M = 2048, 128 x 128 tiles with 4 stages serve M up to 2048 (v7:
///   N = 1024 at M = 2048, 31.4 us against 38.6 us with 128 x 256).
/// Slices may differ by a K tile (the kernels bound the last one), so an
/// odd number of K tiles splits too.
static void appendW8A8WgmmaChain(MatmulOp op, int64_t n128, bool fitted,
                                 RingConfigMaker make,
                                 SmallVectorImpl<ConfigAttr> &configs) {
  int64_t sms = op.getTargetAttr().getMultiprocessorCount();
  int64_t kTiles = llvm::divideCeil(op.getK(), 128);
  // The columns of 128-wide tiles the grid has (N itself, not n128: 2056
  // has 17, whose split grid at M = 512 passes one wave where 2048's 16 do
  // not).
  int64_t colTiles = llvm::divideCeil(op.getN(), 128);
  bool wide = n128 % 256 == 0 && n128 / 256 >= 4;
  int64_t midMaxM = getW8A8MidMaxM(n128, sms);
  // N >= 2048, up to M = 64 (one row of tiles): 64 x 64 tiles with K in
  // slices (getNarrowSplit; before v34 the most that kept three blocks a
  // multiprocessor, 64 KB each; measured then against the 64 x 128 tiles:
  // v20, same run, us at M = 64: 4096 x 4096
  // 14.6 in 4 slices against 16.2; 4096 x 11008 23.7 in 4 against 25.4;
  // 11008 x 4096 20.9 in 2 against 23.6 unsplit, and 20.9 against 22.6 at
  // M = 32; 2048 x 4096 12.9 in 4 slices against 15.5, 2056 x 4128 14.0
  // against 17.0; at M = 96 and 128, two rows of tiles, they were 5 to 30%
  // slower).
  // Where the 64 x 128 tiles serve M up to 1024 (N <= 2048), the 64 x 64
  // tiles serve M up to 128, two rows of them (v20, same run, us at M = 65
  // / 96 / 128 against the 64 x 128 tiles in two slices: 2048 x 4096 14.3
  // / 14.5 / 14.9 in 4 slices against 15.3 / 16.5 / 17.5; 2056 x 4128 16.1
  // / 16.3 / 16.5 against 18.4 / 20.1 / 20.8; 1024 x 4096 12.4 / 13.4 /
  // 14.0 against 14.9 / 14.9 / 16.5; 1024 x 1024, one slice, 9.2 / 9.2 /
  // 10.1 against 10.3 / 10.4 / 11.7; equal at M = 160 and 256).
  int64_t narrowMaxM = midMaxM == 1024 ? 128 : 64;
  if (hasW8A8NarrowTiles(n128, sms) &&
      configs.back().getMaxM() < narrowMaxM) {
    int64_t narrowSplit =
        getNarrowSplit((narrowMaxM / 64) * (n128 / 64), kTiles, sms);
    configs.push_back(make(64, 64, 128, 64, 64, 4, narrowMaxM, narrowSplit,
                           MmaKind::wgmma));
  }
  if (midMaxM == 256)
    appendW8A8MidTiles(op, colTiles, make, configs);
  // The unsplit 64 x 128 tiles to M = 256 stop at the last M whose rows of
  // tiles fit one wave; past it the 128-row tiles take over (v22, same run,
  // 11008 x 4096: 86 columns, two blocks a multiprocessor, so three rows of
  // tiles fit: 27.1 us at M = 192, 46.5 at M = 256 in two waves, and the
  // 128 x 256 tiles 31.6 us at M = 384). Where K is too short for the split
  // variants (under 32 K tiles) they go on to that M past 256 too (v22, same
  // run, 4096 x 1024: 11.3 / 12.1 us at M = 320 / 512 against 19.1 / 20.3
  // with the 128 x 256 tiles split in two along the 8 K tiles).
  // Where they serve M up to 1024 in two K slices, they stop where the
  // split grid passes one wave too, and the 128 x 128 tiles below take the
  // rest (v22, same run, 2048 x 4096, 16 columns: 22.4 to 24.0 us at
  // M = 640 to 1024 against 28.5 to 32.6).
  int64_t midSplit = midMaxM == 1024 ? 2 : 1;
  ConfigAttr mid =
      make(64, 128, 128, 64, 128, 4, midMaxM, midSplit, MmaKind::wgmma);
  int64_t waveMaxM = 64 * getWaveRows(op, mid, colTiles);
  int64_t narrowMidMaxM = midMaxM == 256 && kTiles < 32
                              ? waveMaxM
                              : std::min(midMaxM, waveMaxM);
  if (configs.back().getMaxM() < narrowMidMaxM)
    configs.push_back(make(64, 128, 128, 64, 128, 4, narrowMidMaxM, midSplit,
                           MmaKind::wgmma));
  // When N passes a multiple of 128 by a sliver (at most 16 columns),
  // 144-column tiles cover it without a column of nearly empty tiles.
  int64_t n = op.getN();
  int64_t sliverN = n % 128 != 0 && n % 128 <= 16 &&
                            llvm::divideCeil(n, 144) < llvm::divideCeil(n, 128)
                        ? 144
                        : 128;
  // Where the 64 x 128 split tiles stop at their wave before midMaxM, the
  // same tiles 144 wide go on to their own wave (docs/perf-notes.md, v33,
  // same run, 2056 x 4128 at M = 512, 17 columns of 128 against 15 of
  // 144: 30.8 us in two waves against 25.7 in one; at M = 256 / 384, one
  // wave either way, 144 columns were 5% slower: 21.0 / 24.1 against
  // 19.9 / 22.8).
  if (sliverN == 144 && configs.back().getMaxM() == waveMaxM &&
      waveMaxM < midMaxM) {
    ConfigAttr sliver =
        make(64, 144, 128, 64, 144, 4, midMaxM, midSplit, MmaKind::wgmma);
    int64_t sliverMaxM = std::min(
        midMaxM, 64 * getWaveRows(op, sliver, llvm::divideCeil(n, 144)));
    if (sliverMaxM > waveMaxM)
      configs.push_back(
          make(64, 144, 128, 64, 144, 4, sliverMaxM, midSplit, MmaKind::wgmma));
  }
  appendW8A8RowTiles(op, n128, wide, colTiles, sliverN, fitted, make, configs);
  extendW8A8NarrowTiles(op, configs);
  insertW8A8PairRowTiles(op, make, configs);
  insertW8A8PairSplitTiles(op, make, configs);
  startW8A8SquareTilesEarly(op, configs);
  finishW8A8WgmmaConfigs(op, configs);
  addW8A8ColumnBands(op, configs);
  dropW8A8MidTilesBeforeBand(op, configs);
  addW8A8TripleRowTiles(op, configs);
  addW8A8QuadWaveTiles(op, configs);
  extendW8A8SquareSplitTiles(op, configs);
  narrowW8A8SplitTiles(op, configs);
  unsplitW8A8PairRowTiles(op, configs);
  unsplitW8A8SingleRowTiles(op, configs);
  produceW8A8EdgeRowTiles(op, configs);
  bandW8A8PairTiles(op, configs);
  widenW8A8QuadTiles(op, configs);
  addW8A8TripleRowProducerTiles(op, configs);
  addW8A8TripleRowWideTiles(op, configs);
  widenW8A8SliverRow(configs);
  dropW8A8EdgeMidRow(op, configs);
  pairW8A8QuantizedEdgeRows(op, configs);
}

/// The W8A8 wgmma variants of sm_90a (appendW8A8WgmmaChain). Where N (2048
/// or more) is a multiple of 128 but not of 256, the 128 x 256 tiles would
/// leave a half-empty column and the 128 x 128 ones ran alone past M = 256:
/// there the chain past M = 256 is the one a layer off multiples of 128
/// gets (the unbounded variant on the fitted width among 256 to 208 columns
/// that leaves the fewest columns past N, interleaved with 256-row tiles,
/// and the rules over them), and the chain to 256 stays (the rules of the
/// middle of M that ask N % 128 == 0 build it; the fitted chain was 1.03x
/// to 1.42x slower there). Measured (docs/perf-notes.md, v75, e352, both
/// bench orders, new / old time at M = 320 to 4096): 6016 x 4096 0.60x to
/// 0.91x but 1.00x at 512 and 1.16x at 640; 4992 x 4096 0.62x to 0.91x
/// but 1.00x at 320 and 1.13x at 768; 4224 x 4096 equal to 512, 0.66x to
/// 0.84x past it (6016 x 4096 at M = 4096 207 -> 178 us, where 6000 x 4096
/// takes 168).
static void appendW8A8WgmmaConfigs(MatmulOp op, int64_t n128,
                                   RingConfigMaker make,
                                   SmallVectorImpl<ConfigAttr> &configs) {
  constexpr int64_t kFittedFromM = 256, kRoundUpMinN = 4096, kSmallFromM = 640;
  int64_t n = op.getN();
  // Where no width under 256 leaves fewer columns past N, the fitted chain
  // is that of 256-column tiles, the last column half empty: the chain of
  // N rounded up to a multiple of 256 (the off-128 neighbour's). Measured
  // (v75, e354, both orders, time against the 128 x 128 tiles at M = 288
  // to 4096): 13952 x 4096 0.71x to 0.75x, 10624 x 4096 0.57x to 0.89x,
  // 6528 x 4096 0.63x to 0.81x; 3200 x 4096 0.76x to 0.97x at 1024 to
  // 4096 but 1.13x to 1.51x at 288 to 512 and (e357) 1.20x at 640: under
  // kRoundUpMinN the chain past kSmallFromM only (e357: 3200 x 4096 0.63x
  // to 0.97x at 768 to 4096, 3200 x 8192 0.50x to 0.71x).
  bool roundUp = getFittedBlockN(n) == 256;
  // N off multiples of 128 whose nearest multiple of 128 is an odd one
  // take the round-up too: otherwise their chain's unbounded variant is
  // 128 x 128 tiles of two blocks a multiprocessor from the middle of M on
  // (appendW8A8RowTiles), as N % 256 == 128's was. Measured (v78, e381,
  // both orders, 11 layers of N = 2936 to 15016 on K = 4096 / 8192 at M =
  // 320 to 4096): the 116 cells that changed 0.54x to 0.89x the time but
  // 2936 x 4096 at 1280 / 2048 to 4096 (1.05x to 1.13x); 9656 x 8192 at
  // 4096 1.21 -> 1.96 x cuBLAS fp16. Where a width under 256 fits better,
  // N off multiples of 128 keep their own chain.
  if (n < 2048 || n128 % 256 == 0 || (n % 128 != 0 && !roundUp)) {
    appendW8A8WgmmaChain(op, n128, /*fitted=*/false, make, configs);
    return;
  }
  int64_t fittedN128 = roundUp ? int64_t(llvm::alignTo(n, 256)) : n128;
  SmallVector<ConfigAttr> fitted(configs.begin(), configs.end());
  appendW8A8WgmmaChain(op, fittedN128, /*fitted=*/true, make, fitted);
  appendW8A8WgmmaChain(op, n128, /*fitted=*/false, make, configs);
  // The chain to kFittedFromM (its variant there cut at it), then the fitted
  // chain's variants past it.
  int64_t fromM = roundUp && n < kRoundUpMinN ? kSmallFromM : kFittedFromM;
  SmallVector<ConfigAttr> spliced;
  for (ConfigAttr config : configs) {
    int64_t bound = config.getMaxM();
    spliced.push_back(bound != 0 && bound <= fromM ? config
                                                   : config.withMaxM(fromM));
    if (bound == 0 || bound >= fromM)
      break;
  }
  for (ConfigAttr config : fitted)
    if (config.getMaxM() == 0 || config.getMaxM() > fromM)
      spliced.push_back(config);
  configs.assign(spliced.begin(), spliced.end());
}

/// W8A8 on sm_90a, a small layer (N <= 2048, 8 K tiles of 128 or more)
/// whose chain serves M = 129 with 64 x 128 tiles:
/// 64 x 64 tiles in two slices (clustered by chooseConfigs) serve M from
/// the end of the register variant, or run on from the 64 x 64 two-slice
/// variant before them, up to the rows whose grid is one wave,
/// floor(sms / (2 ceil(N / 64))) x 64: 64 x 128 tiles in two slices gave
/// 32 to 48 blocks at M = 256 (v47, same run, us: 512 x 3584 at M = 192 /
/// 256 / 512 15.2 / 15.5 / 16.4 -> 10.9 / 11.2 / 12.7, at 1024 (two waves)
/// 18.5 -> 20.2; 768 x 2048 at 192 / 256 12.9 / 13.0 -> 10.2 / 10.3, at
/// 512 13.6 -> 15.4; 1408 x 2048, unsplit 64 x 128 tiles from M = 65, at
/// 65 to 192 12.5 to 13.5 -> 9.9 to 10.5, at 256 13.5 -> 15.0). Until
/// v84 only on an even count of K tiles and K a multiple of 128; on odd
/// counts and K edges (uneven slices) 0.61x to 0.92x the time at the
/// M it changes on nineteen layers (e475 / e476 / e478, same run: 1408 x 2944
/// at M = 128 17.4 -> 10.7 us, 512 x 8320 at 160 23.6 -> 14.8), where a K
/// edge's 64 x 64 two-slice variant on the producer's ring keeps M <= 128
/// (the cp.async ring there 1.05x to 1.09x its time on 896 x 3520 and 704
/// x 2880, e476).
static void extendW8A8SmallLayerTiles(MatmulOp op,
                                      SmallVectorImpl<ConfigAttr> &configs) {
  constexpr int64_t kSmallMaxN = 2048, kStages = 8;
  int64_t n = op.getN(), k = op.getK();
  int64_t sms = op.getTargetAttr().getMultiprocessorCount();
  int64_t kTiles = llvm::divideCeil(k, 128);
  // Slices of 4 K tiles or more (measured: 8 and 14).
  if (n > kSmallMaxN || kTiles < 8)
    return;
  auto *at = llvm::find_if(configs, [](ConfigAttr c) {
    return !c.isRegisterDirect() && (c.getMaxM() == 0 || c.getMaxM() > 128);
  });
  if (at == configs.end() || !at->isWgmma() || at->getBlockM() != 64 ||
      at->getBlockN() != 128)
    return;
  int64_t bound = sms / (2 * llvm::divideCeil(n, 64)) * 64;
  if (bound <= 128)
    return;
  auto isTwoSliceNarrow = [](ConfigAttr c) {
    return c.isWgmma() && c.getBlockM() == 64 && c.getBlockN() == 64 &&
           c.getSplitK() == 2;
  };
  // One on the producer's ring (a K edge) keeps its M.
  if (at != configs.begin() && isTwoSliceNarrow(*std::prev(at)) &&
      std::prev(at)->getCopy() != CopyKind::tma_producer)
    at = configs.erase(std::prev(at));
  auto *past = std::find_if(at, configs.end(), [&](ConfigAttr c) {
    return c.getMaxM() == 0 || c.getMaxM() > bound;
  });
  at = configs.erase(at, past);
  configs.insert(at, ConfigAttr::get(
                         op.getContext(), {64, 64, 128}, {64, 64},
                         std::min(kStages, kTiles / 2 + 1), 2, bound,
                         MmaKind::wgmma, OperandPath::shared,
                         /*fuseQuantize=*/false));
}

/// The warps along K of the W8A8 register variant of `op` with warp tiles of
/// `wn` columns over `chunks` 128-byte K chunks, where fewer than 8 make its
/// grid one wave (0 where the usual choice stands; 8 where the grid is past
/// one wave but that choice stands). On sm_90a (`wgmmaTiles`),
/// where the grid of 8-warp blocks (68 to 74 registers: three a
/// multiprocessor, 28 warps) is more than one wave, the most warps along
/// K (dividing the chunks, at most 16 chunks a warp) whose blocks make
/// one wave of the same 28 warps a multiprocessor: the whole grid streams
/// its weights at once instead of leaving a partial last wave. Measured
/// on the H200 (docs/perf-notes.md, v65, e261 / e262, same run, us at M
/// = 1 / 16, 8 warps (6 on 8960 x 1536) against the rule's): 4 warps on
/// 8192 x 8192 (512 blocks) 25.7 / 27.4 -> 23.6 / 24.8, 14336 x 4096
/// (896) 21.8 / 23.4 -> 20.1 / 21.2, 13824 x 5120 (864) 26.0 / 28.0 ->
/// 23.6 / 24.8, 8192 x 2048 (512) 12.0 / 13.2 -> 10.4 / 11.1, 8960 x
/// 1536 (560) 11.0 / 11.7 -> 9.5 / 10.2, 11008 x 4096 (688) 17.8 / 18.6
/// -> 17.4 / 18.2; 3 warps on 16384 x 3072 (1024) 18.7 / 20.8 -> 18.6 /
/// 19.7, 2 on 18944 x 3584 (1184) 23.7 / 26.2 -> 23.2 / 24.7. A grid past
/// one wave of the fewer warps loses (4 warps on 16384 x 3072: 1.05x to
/// 1.07x; e268's ncu at M = 1: DRAM 67% busy on 8 warps, 59% on 4, 1.13x
/// the kernel's time, against 14336 x 4096's 67% -> 70%, 0.95x; 2 warps
/// on 32000 x 4096, 2000 blocks: 1.15x to 1.20x), and so do fewer warps
/// where 8 make one wave (5120 x 5120, 6144 x 4096: 1.03x to 1.10x) or
/// walk more than 16 chunks (8192 x 28672, 56 on 4 warps: 77.6 against
/// 72.0 us at M = 1, e263). Nor where one or two warps would walk more
/// than 10 chunks each and leave fewer than 14 warps a multiprocessor (up
/// to 8 then, the grid past one wave: too few loads in flight). Measured
/// (v79, e398 / e399, same run, at M = 1 / 16, the one-wave warps against
/// 8): one warp of 11 chunks on 8192 x 1408 (3.9 warps a multiprocessor)
/// 1.45x / 1.41x, 25088 x 1408 (11.9) 1.05x / 1.03x; one of 13 on 18944 x
/// 1664 (9.0) 1.14x, of 15 on 20480 x 1920 (9.7) 1.15x / 1.12x; two of 11
/// on 6528 x 2816 (6.2) 1.08x / 1.04x, 8192 x 2816 (7.8) 0.98x to 1.04x,
/// 12544 x 2816 (11.9) 1.00x to 1.04x; two of 13 on 12288 x 3328 (11.6)
/// 1.05x / 1.03x. They keep theirs with more warps (16384 x 2816, two of 11,
/// 15.5 warps: 0.98x / 0.93x), fewer chunks (22016 x 1152, one of 9: 0.96x;
/// 11008 x 1280, two of 5: 0.89x to 0.93x) or three warps (6400 x 4224,
/// three of 11 at 9.1 warps: 0.95x / 0.93x; 8320 x 4992, three of 13:
/// 0.99x / 0.95x; 6400 x 3456, three of 9: 0.95x / 0.93x).
/// Nor where K is off multiples of 128 on an fp16 activation and the grid
/// has more than 5.5 blocks a multiprocessor (727 and more on 132): 8 warps
/// there (v81, same run, both orders, time at M = 1 to 16 of 8 warps against
/// the one-wave ones; e433 / e435: 11832 x 8096 (4 warps of 16) 0.79x to
/// 0.82x, 12800 x 6080 0.90x to 0.92x, 13824 x 5088 0.95x to 0.97x, 14336 x
/// 4064 0.90x to 0.96x; e436, layers not used to choose it: 11904 x 5600
/// 0.83x, 12544 x 5088 0.82x to 0.84x, 12800 x 3040 0.86x to 0.89x, 13312 x
/// 6112 0.90x to 0.95x, 14336 x 6112 0.85x to 0.87x, 12032 x 7136 and 14592
/// x 5600 0.95x to 0.98x, 12288 x 4000 and 11776 x 4064 0.97x to 1.03x).
/// Fewer blocks keep the one-wave warps (7168 x 5088, 448 blocks, 1.17x to
/// 1.24x on 8 warps; 8704 x 3552 1.12x to 1.14x; 11008 x 4064, 688 blocks,
/// 1.01x to 1.05x), and so do K of whole chunks (e433: 10240 x 8192 0.94x
/// to 0.97x, 11776 / 12160 x 8192 1.00x to 1.03x, 8192 x 8192 1.07x to
/// 1.12x) and an already quantized activation (e435 / e436: 11832 x 8096
/// 0.93x to 0.97x, 12416 x 6080 1.00x to 1.05x, 13824 x 4064 1.00x to
/// 1.07x).
/// From 5 blocks a multiprocessor (661 on 132), K off multiples of 128 with
/// the quantize kernel, the 8 warps too where the one-wave warps would walk
/// 11 chunks or more each (v82, same run, both orders, 8 warps against the 4
/// one-wave ones at M = 1 to 16; e446: 11224 x 8128 0.78x to 0.79x, 10816 x
/// 8160, 10688 x 5536 0.81x to 0.83x, 11520 x 5600 0.82x to 0.83x, 10880 x
/// 7136 and 11136 x 6112 0.99x to 1.01x; e447, layers not used to choose
/// it: 10880 x 8096, 11008 x 8096, 11392 x 5568 0.80x to 0.83x, 10624 x
/// 7616, 10752 x 6624, 10944 x 6080, 11264 x 7104, 11520 x 6624 0.97x to
/// 1.03x). Under 5 blocks a multiprocessor the 4 warps stay (8960 x 5600,
/// 9600 x 5568, 10496 x 5568: 1.08x to 1.12x on 8 warps).
/// And where K is off multiples of 128 with the quantize kernel, more than
/// 4 blocks a multiprocessor (529 to 660 on 132) would run 5 warps of 25 to
/// 40 chunks: 4 warps, the last ones skipping the steps past K (v83, same
/// run, both orders, time at M = 1 to 16 of 4 warps against 5; e457: 8768
/// x 3104 0.84x to 0.85x, 9600 x 3104 0.82x to 0.83x, 10240 x 3168 0.84x
/// to 0.86x, 8960 x 4448 0.83x to 0.85x, 9000 x 4448 0.80x to 0.83x; e458,
/// layers not used to choose it: 9216 x 3136, 8576 x 3808 (30 chunks),
/// 9856 x 4416, 9344 x 5056 (40 chunks) 0.84x to 0.87x). Not on 4 blocks a
/// multiprocessor or fewer (7424 x 3136, 464 blocks, 1.05x to 1.06x;
/// 8320 x 5664, 520 blocks of 45 chunks, 1.05x to 1.06x), on K of whole chunks
/// (9216 x 3200, 8704 x 3840, 8960 x 4480, 9984 x 5120: 1.02x to 1.04x) or an
/// already quantized activation (9216 x 3136, 8960 x 4480, 9344 x 5056:
/// 1.02x to 1.09x).
static int64_t getW8A8OneWaveWarpsK(MatmulOp op, int64_t wn, int64_t chunks,
                                    bool wgmmaTiles) {
  constexpr int64_t kRegisterWarpsPerSm = 28, kMaxBlocksPerSm = 32,
                    kMaxChunksPerWarp = 16, kMaxFewWarps = 2,
                    kMaxChunksFewWarps = 10, kMinWarpsPerSm = 14,
                    kEdgeHalfBlocksPerSm = 11, kEdgeLongBlocksPerSm = 5,
                    kEdgeLongChunksPerWarp = 11, kEdgeFourBlocksPerSm = 4,
                    kEdgeFourMinChunks = 25, kEdgeFourMaxChunks = 40;
  int64_t sms = op.getTargetAttr().getMultiprocessorCount();
  int64_t blocks = llvm::divideCeil(op.getN(), wn);
  if (!wgmmaTiles || wn != 16 || blocks <= kRegisterWarpsPerSm / 8 * sms)
    return 0;
  // K off multiples of 128 with the quantize kernel: past 5.5 blocks a
  // multiprocessor the usual 8 warps (the comment above).
  bool edgeQuantize = op.getK() % 128 != 0 && op.getLhsScales().empty();
  if (edgeQuantize && 2 * blocks > kEdgeHalfBlocksPerSm * sms)
    return 0;
  for (int64_t warps = 7; warps >= 1; --warps) {
    int64_t resident =
        std::min(kRegisterWarpsPerSm / warps, kMaxBlocksPerSm) * sms;
    if (chunks % warps == 0 && chunks / warps <= kMaxChunksPerWarp &&
        blocks <= resident) {
      // K off multiples of 128 with the quantize kernel, long warps on
      // more than 5 blocks a multiprocessor: 8 warps (the comment above).
      if (edgeQuantize && blocks > kEdgeLongBlocksPerSm * sms &&
          chunks / warps >= kEdgeLongChunksPerWarp)
        return 0;
      // K off multiples of 128 with the quantize kernel, 5 warps on more
      // than 4 blocks a multiprocessor: 4 warps (the comment above).
      if (edgeQuantize && warps == 5 && blocks > kEdgeFourBlocksPerSm * sms &&
          chunks >= kEdgeFourMinChunks && chunks <= kEdgeFourMaxChunks)
        return 4;
      return warps <= kMaxFewWarps && chunks / warps > kMaxChunksFewWarps &&
                     blocks * warps < kMinWarpsPerSm * sms
                 ? 8
                 : warps;
    }
  }
  return 0;
}

/// The largest M of the W8A8 register-direct variant of a layer of `n128` x
/// `k128` (N and K rounded up to 128); `wgmmaTiles`: wgmma ring tiles follow
/// it (sm_90a); `oneWave`: its warps along K are fewer than 8 to keep its
/// grid one wave (getW8A8OneWaveWarpsK).
static int64_t getW8A8RegisterMaxM(MatmulOp op, int64_t n128, int64_t k128,
                                   bool wgmmaTiles, bool oneWave) {
  int64_t maxM =
      wgmmaTiles && n128 * k128 > kRegisterMaxWeightBytes ? 16 : kRegisterMaxM;
  bool narrowTiles =
      wgmmaTiles &&
      hasW8A8NarrowTiles(n128, op.getTargetAttr().getMultiprocessorCount());
  // sm_90a, N >= 2048: the 64-row wgmma tiles (split where they fill a
  // wave) overtake from M = 49 (docs/perf-notes.md, v15, one run: 4096 x
  // 4096 at M = 48 / 64, 16.2 / 20.1 us registers against 15.9 / 16.2
  // us; 2048 x 4096 14.7 / 18.0 against 15.0 / 15.2; 1024 x 4096 keeps
  // the registers to 64: 13.3 against 14.8 us), and the 64 x 64 tiles
  // in K slices from M = 33 (v20, one run, us at M = 33 / 48 registers
  // against them: 4096 x 4096 15.4 / 16.2 against 14.5 / 14.5; 2048 x
  // 4096 13.6 / 14.5 against 12.7 / 12.6; 2056 x 4128 17.8 / 18.9
  // against 13.2 / 13.8; 4160 x 4160 17.8 / 18.4 against 14.9 / 15.6).
  // Also N = 1536 (v45, same run, 1536 x 4096 at M = 33 / 48 / 64: 13.1
  // / 13.7 / 14.7 us registers against 11.3 / 11.2 / 11.1 on the 64 x 64
  // tiles in two slices; 1024 x 4096 keeps them, 10.1 / 10.4 / 13.7
  // against 10.9 / 11.6 / 12.5 in four slices, and 1024 x 1024, 7.0 /
  // 7.2 / 7.5 against 8.2 / 8.2 / 8.2 unsplit).
  if (narrowTiles && n128 >= 1536)
    maxM = std::min(maxM, kRegisterWgmmaMaxM);
  // N = 1024 to 1535 with K >= 2048 (the register variant reads the
  // weights once per 16 rows): the ring tiles after it take M = 49 to 64,
  // and from M = 33 where the weights are 8 MB or more (v58, same run, us
  // at M = 56 / 64 registers against the ring: 1024 x 2048 10.0 / 9.8
  // against 9.0 / 9.0, 1024 x 4096 13.1 / 13.4 against 12.0 / 12.4, 1024
  // x 8192 21.8 / 21.2 against 15.5 / 15.5, and at 40 / 48 16.0 / 16.3
  // against 14.6 / 14.5; 1024 x 1024, 768 x 4096 and 512 x 4096 keep the
  // registers to 64: 7.2 against 8.0, 10.0 against 12.0, 9.7 against
  // 11.6 at M = 64).
  constexpr int64_t kRegisterShortRingMaxM = 48,
                    kRegisterShortRingMaxBytes = int64_t(8) << 20;
  if (narrowTiles && n128 >= 1024 && n128 < 1536 && k128 >= 2048)
    maxM = std::min(maxM, n128 * k128 >= kRegisterShortRingMaxBytes
                              ? kRegisterWgmmaMaxM
                              : kRegisterShortRingMaxM);
  // An fp16 activation (the family quantizes it first) from N = 2048 and
  // K = 4096 on: the wgmma tiles after the register variant take M = 17
  // to 32 too, where its two rows of 16-row blocks lost to them by 10% to
  // 28% (docs/perf-notes.md, v63, e233, same run, us at M = 17 / 24 / 32
  // registers against them: 2048 x 4096 12.5 / 13.0 / 12.9 against 10.7
  // / 10.5 / 10.6, 2056 x 4128 13.6 / 14.4 / 14.9 against 10.8, 4096 x
  // 4096 14.4 / 14.7 / 15.2 against 12.1, 4160 x 4160 16.4 / 16.7 / 17.4
  // against 12.4 / 12.5 / 12.5, 5120 x 5120 17.3 / 17.4 / 17.7 against
  // 15.6 / 15.5 / 15.5, 6144 x 4096 15.9 / 16.3 / 16.5 against 14.2 /
  // 14.0 / 13.9). Not where the activation comes quantized (4096 x 4096
  // within 7% either way), nor on 1536 x 4096, 3072 x 3072 (1.02x to
  // 1.06x slower) or 4096 x 1024.
  constexpr int64_t kRegisterQuantizeMaxM = 16, kRegisterQuantizeMinN = 2048,
                    kRegisterQuantizeMinK = 4096;
  int64_t sms = op.getTargetAttr().getMultiprocessorCount();
  bool quantizeKernel = op.getLhsScales().empty();
  bool quantizeShape =
      n128 >= kRegisterQuantizeMinN && k128 >= kRegisterQuantizeMinK;
  // So do those of a layer whose register grid takes fewer warps to be one
  // wave, whatever its K (v65, e262, same run): 8192 x 2048 at M = 17 / 24 /
  // 32 14.3 / 14.8 / 15.3 us on two rows of register blocks, 11.5 / 11.4 /
  // 11.5 on the 64 x 64 ring tiles; 8960 x 1536 12.5 / 12.8 / 13.2 against
  // 12.5 / 12.1 / 12.3.
  // And, with the quantize kernel, from N = 4096 on K of 2048 or more,
  // where two rows of the 16-column register blocks make more than two
  // waves (v80, e420, same run, both bench orders, the ring tiles' time at
  // M = 17 to 32 against the registers': 4096 x 2048 0.85x to 0.93x, 4608
  // x 2816 0.89x to 0.95x, 5248 x 3968 0.87x to 0.92x, 5304 x 4000 0.78x to
  // 0.82x, 6144 x 3072 0.85x to 0.92x; 2560 x 3584 and 3072 x 3072 1.04x to
  // 1.10x slower at 17 to 24; e421, the rule on five layers not used to
  // choose it, 0.82x to 0.97x: 4096 x 3072, 4096 x 3584, 4352 x 2048, 4480
  // x 2304, 5632 x 2048).
  constexpr int64_t kRegisterWideMinN = 4096, kRegisterWideMinK = 2048;
  bool stopsQuantizing =
      quantizeShape || oneWave ||
      (n128 >= kRegisterWideMinN && k128 >= kRegisterWideMinK);
  // An activation already quantized, where one row of 16-column blocks is
  // more than two a multiprocessor (N of 4240 or more on 132): the wgmma
  // tiles after the register variant take M = 17 on too (v80, same run,
  // both bench orders: e417, us at M = 32 registers against them, 6144 x
  // 4096 17.1 against 12.9, 6912 x 4736 21.6 against 14.4; e418, the rule
  // on six layers not used to choose it, 0.78x to 0.89x the time at M =
  // 17 to 32 on 4352 x 6144, 4608 x 4096, 4864 x 2048, 5120 x 5120, 5632
  // x 3072 and 6400 x 4096). 4096 x 4096, 256 blocks, keeps them (11.3
  // against 11.1 us; 4096 x 11008 17.7 against 18.4). So on 8-column blocks
  // (N under 16 per multiprocessor) from N = 2048 on K of 4096 or more, as
  // with the quantize kernel (e420, 2048 x 4096 0.88x to 0.95x; e421, 2040
  // x 5120 0.80x to 0.85x, 2048 x 6144 0.85x to 0.95x, 2048 x 8192 0.85x
  // to 0.93x; on shorter K 2048 x 2048, 2048 x 3072 and 2000 x 3008 1.01x
  // to 1.05x slower; on 16-column blocks under the bound above 2560 x 2048
  // and 3072 x 3072 1.06x to 1.14x slower).
  constexpr int64_t kRegisterQuantizedRowBlocksPerSm = 2;
  bool narrowBlocks = n128 / 16 < sms;
  bool stopsQuantized = int64_t(llvm::divideCeil(n128, 16)) >
                            kRegisterQuantizedRowBlocksPerSm * sms ||
                        (narrowBlocks && quantizeShape);
  if (wgmmaTiles && (quantizeKernel ? stopsQuantizing : stopsQuantized))
    maxM = std::min(maxM, kRegisterQuantizeMaxM);
  return maxM;
}

/// The variants of each scheme, before the cluster split (chooseConfigs).
static SmallVector<ConfigAttr> chooseSchemeConfigs(MatmulOp op) {
  if (op.getWeightEncoding().getFormat() == WeightFormat::int4 &&
      !op.getLhsEncoding().isQuantized()) {
    SmallVector<ConfigAttr> configs = chooseW4A16Configs(op);
    splitImbalancedW4A16RegisterConfigs(op, configs);
    return configs;
  }
  if (op.getWeightEncoding().getFormat() == WeightFormat::bsr)
    return chooseBsrConfigs(op);
  MLIRContext *ctx = op.getContext();
  int64_t n = op.getN(), k = op.getK();
  int64_t sms = op.getTargetAttr().getMultiprocessorCount();
  // Tiles need not divide N or K (the kernels mask the edge tiles), so the
  // variants are those of the nearest shape whose N and K are multiples of
  // 128 (`n128`, `k128`): the tile sizes below all divide such a shape.
  int64_t n128 = getNearestMultiple(n, 128), k128 = getNearestMultiple(k, 128);
  auto make = [&](int64_t bm, int64_t bn, int64_t bkTile, int64_t wm,
                  int64_t wn, int64_t stages, int64_t maxM, int64_t splitK = 1,
                  MmaKind mma = MmaKind::mma_sync) {
    // The K tiles of the longest slice.
    int64_t tiles = llvm::divideCeil(llvm::divideCeil(k, bkTile), splitK);
    return ConfigAttr::get(
        ctx, {bm, bn, bkTile}, {wm, wn},
        mma == MmaKind::wgmma
            ? std::max<int64_t>(3, std::min(stages, tiles + 1))
            : std::min(stages, tiles + 1),
        splitK, maxM, mma, OperandPath::shared, /*fuseQuantize=*/false);
  };
  SmallVector<ConfigAttr> configs;
  // sm_90a, M > 64 (below): wgmma tiles of K 128.
  bool wgmmaTiles = op.getTargetAttr().hasWgmma() && k128 / 128 >= 2;
  // M <= 64, K a multiple of 128: register-direct weight streaming. Each
  // warp keeps `stages` 128-byte K chunks of its weights in flight in
  // registers (2 chunks of two mma tiles: 74 registers, three blocks of 256
  // threads per multiprocessor; or 8 chunks of one), with no shared-memory
  // ring and no barrier per K step. 2 rather than 4 chunks (104 registers,
  // two blocks) measured faster (docs/perf-notes.md, v9: 11008 x 4096 at
  // M = 1 / 16: 17.9 / 19.5 us against 19.0 / 21.3 us). Warp tiles
  // of 16 columns when N / 16 gives a block to every multiprocessor, else
  // 8; up to 8 (16 with 8 columns) warps split K inside the block, as many
  // as divide the K / 128 chunks. Measured
  // on the H200 (docs/perf-notes.md, v8): 1.1 to 1.4x faster than the ring
  // at M = 16, and faster on every shape at M <= 8.
  // When K is not a multiple of 128 (the last chunk partly past K), the
  // warps along K divide either the whole chunks (a warp whose chunk of the
  // last step lies past K skips it) or all of them, whichever gives each
  // warp fewer steps (more warps on a tie).
  {
    int64_t wn = n128 / 16 >= sms ? 16 : 8;
    int64_t chunks = llvm::divideCeil(k, ConfigAttr::kRegisterChunkBytes);
    // sm_90a: fewer warps along K where that makes the grid one wave.
    int64_t oneWaveWarpsK = getW8A8OneWaveWarpsK(op, wn, chunks, wgmmaTiles);
    int64_t maxWarpsK = oneWaveWarpsK ? oneWaveWarpsK : wn == 16 ? 8 : 16;
    auto dividingWarps = [&](int64_t count) {
      int64_t warps = maxWarpsK;
      while (count % warps != 0)
        --warps;
      return warps;
    };
    // Fewer steps per warp first, then fewer empty steps (a warp whose
    // chunk lies past the last one), then more warps. 2056 x 4128 (33
    // chunks) measured 11 warps of 3 steps faster than 16 of 3 with 15 empty
    // (docs/perf-notes.md, v36, same run, us at M = 1 / 16 / 32: 8.8 / 11.0
    // / 15.1 against 9.8 / 12.2 / 17.5).
    auto cost = [&](int64_t warps) {
      int64_t steps = llvm::divideCeil(chunks, warps);
      return std::tuple(steps, steps * warps - chunks, -warps);
    };
    int64_t warpsK = dividingWarps(chunks);
    int64_t wholeWarpsK = dividingWarps(
        std::max<int64_t>(k / ConfigAttr::kRegisterChunkBytes, 1));
    if (cost(wholeWarpsK) < cost(warpsK))
      warpsK = wholeWarpsK;
    // A chunk count with no good divisor (K = 11008: 86 = 2 x 43) takes
    // every warp, the last ones skipping the steps past K: 11 steps of 8
    // warps rather than 43 of 2.
    int64_t allWarpsK = std::min<int64_t>(maxWarpsK, chunks);
    if (cost(allWarpsK) < cost(warpsK))
      warpsK = allWarpsK;
    int64_t stages = wn == 16 ? 2 : 8;
    int64_t perWarp = llvm::divideCeil(chunks, warpsK);
    int64_t maxM = getW8A8RegisterMaxM(op, n128, k128, wgmmaTiles,
                                       /*oneWave=*/oneWaveWarpsK != 0);
    if (perWarp <= ConfigAttr::kMaxRegisterChunks) {
      auto registers = [&](int64_t variantMaxM, bool fuse) {
        return ConfigAttr::get(
            ctx, {16, wn, warpsK * ConfigAttr::kRegisterChunkBytes}, {16, wn},
            std::min(stages, perWarp), 1, variantMaxM, MmaKind::mma_sync,
            OperandPath::registers, fuse);
      };
      // M = 1 in one kernel that quantizes the row in every block, when the
      // row is long and the grid is one wave of blocks (sm_90 and later,
      // where it replaces a programmatic quantize + matmul pair). Measured
      // on the H200 (docs/perf-notes.md, v9): 4096 x 4096 11.06 -> 10.45
      // us, 1024 x 4096 7.65 -> 7.36 us; slower for K = 1024 (7.52 ->
      // 7.95) and for 11008 x 4096 (688 blocks: 17.98 -> 19.78), and at
      // M >= 2 on every shape (each block repeats the quantization). An
      // activation already quantized has nothing to fuse.
      if (op.hasFusedQuantize() && op.getTargetAttr().getSMVersion() >= 90 &&
          k128 >= kFusedMinK && n128 / wn <= 2 * sms)
        configs.push_back(registers(1, /*fuse=*/true));
      configs.push_back(registers(maxM, /*fuse=*/false));
    }
  }
  // M <= 16 otherwise (over 64 chunks per warp): weight streaming through
  // the shared-memory ring, 16 x 32 tiles, 4 warps side by side along N,
  // K tiles of 128, 8 deep (split_k stays available to a config written by hand).
  if (configs.empty())
    configs.push_back(make(16, 32, 128, 16, 8, 8, 16));
  // M <= 64 (without register operands): 32-row tiles, 4 warps of
  // [16, 16], BN = 32: twice the thread blocks of 64 x 64 tiles for a
  // weight-bound shape.
  if (!configs.back().isRegisterDirect())
    configs.push_back(make(32, 32, 128, 16, 16, 6, 64));
  // sm_90a, M > 64: wgmma tiles.
  if (wgmmaTiles) {
    appendW8A8WgmmaConfigs(op, n128, make, configs);
    extendW8A8SmallLayerTiles(op, configs);
    return configs;
  }
  configs.push_back(make(64, 64, 64, 32, 32, 4, 256));
  configs.push_back(make(128, 128, 64, 64, 64, 4, 0));
  return configs;
}

/// `config` in `splitK` slices added up in a cluster, for M up to `maxM`.
static ConfigAttr withClusterSplit(ConfigAttr config, int64_t splitK,
                                   int64_t maxM) {
  ConfigEdit edit(config);
  edit.splitK = splitK;
  edit.maxM = maxM;
  edit.clusterSplit = true;
  return edit.get();
}

/// The W8A8 ring variants (wgmma) of the middle of M (a bound of at most
/// 256) whose grid at their largest M has at most one block a
/// multiprocessor take the most stages (up to 8, and one more than a
/// slice's K tiles) that leave kQuantizeRoomBytes of the multiprocessor's
/// shared memory free: a lone block keeps as many weight tiles in flight
/// as it can, and the quantize kernel's blocks still fit beside it while
/// the matmul's first weight tiles load (programmatic launch). Measured
/// (docs/perf-notes.md, v34, same run, us): 4096 x 4096 at M = 96 / 128,
/// 64 x 128 tiles in two clustered slices, 15.0 / 16.0 in 8 stages against
/// 18.1 / 18.6 in 4; 4096 x 11008 at M = 192 / 256, 128 x 128 tiles in
/// two, 29.6 / 30.4 in 6 stages against 33.6 / 34.8. Not deepened:
/// - clusters of more than two slices (placed a GPC at a time: 1024 x 4096
///   at M = 96 / 128, 64 x 64 tiles in four, 14.0 / 14.6 us in 8 stages
///   against 13.1 / 13.1);
/// - a TMA ring of two warpgroups (4160 x 4160 at M = 192 / 256, 128 x 128
///   tiles in two slices, 22.3 / 22.5 in 6 stages against 21.4 / 19.8;
///   v22 saw the same ring lose when deeper), but for the 128 x 64 tiles
///   of insertW8A8PairRowTiles, measured in 8 stages only;
/// - variants past M = 256, where the quantize kernel is longer (1024 x
///   1024 at M = 2048, 128 x 128 tiles, 13.9 in 6 stages against 13.1;
///   4160 x 4160 at M = 384 / 512 27.8 / 28.8 against 22.3 / 23.3).
static void deepenLoneRings(MatmulOp op, SmallVectorImpl<ConfigAttr> &configs) {
  if (op.getWeightEncoding().getFormat() != WeightFormat::int8)
    return;
  TargetAttr target = op.getTargetAttr();
  int64_t sms = target.getMultiprocessorCount();
  int64_t limit = target.getMaxSharedMemoryPerBlock();
  constexpr int64_t kMaxStages = 8, kQuantizeRoomBytes = 32 * 1024,
                    kMaxDeepM = 256;
  for (ConfigAttr &config : configs) {
    int64_t maxM = config.getMaxM();
    if (!config.isWgmma() || config.isRegisterDirect() || maxM == 0 ||
        maxM > kMaxDeepM ||
        (config.getClusterSplit() && config.getSplitK() > 2) ||
        (config.isTma() && config.getNumWarps() > 4 && config.getBlockN() > 64))
      continue;
    if (getGridBlocks(op, config, maxM) > sms)
      continue;
    int64_t sliceTiles = llvm::divideCeil(
        llvm::divideCeil(op.getK(), config.getBlockK()), config.getSplitK());
    ConfigEdit edit(config);
    for (edit.stages = std::min(kMaxStages, sliceTiles + 1);
         edit.stages > config.getStages(); --edit.stages) {
      ConfigAttr deeper = edit.get();
      if (getSharedMemoryBytes(op, deeper) <= limit - kQuantizeRoomBytes) {
        config = deeper;
        break;
      }
    }
  }
}

/// `m`, at most `maxM` unless that is 0 (an unbounded variant).
static int64_t boundedByMaxM(int64_t m, int64_t maxM) {
  return maxM == 0 ? m : std::min(m, maxM);
}

/// W8A8 (wgmma) on a short K, at most kMaxShortKTiles K tiles of 128: the
/// 64 x 128 tiles in two clustered K slices of the middle of M (the small
/// layers', N <= 2048, up to M = 1024) keep only 4 K tiles a slice, and the
/// cluster's exchange is most of their time. Where the unsplit 64 x 64
/// tiles on 8 stages come before them, those go on to the rows that one
/// wave of them holds, then the same tiles 128 rows high (two warpgroups
/// of 64 x 64, the same copy) to theirs; the split tiles keep what is
/// left. Measured (docs/perf-notes.md, v58, same run, us, split / unsplit,
/// the mean of two bench orders): 1024 x 1024 at M = 257 / 384 / 512 /
/// 640 / 768 / 1024 10.86 / 11.05 / 11.16 / 11.52 / 11.66 / 12.31 against
/// 9.02 / 9.19 / 9.47 / 10.64 / 10.86 / 11.08; 1000 x 992 (TMA rings,
/// K edge) 10.58 / 10.87 / 11.06 / 11.44 / 11.66 / 12.26 against 8.80 /
/// 9.05 / 9.26 / 10.00 / 10.21 / 10.78. The 64 x 64 tiles alone to M =
/// 1024 (two waves from 513) were 4% to 10% slower than the split ones
/// there, the unsplit 64 x 128 tiles the same as split.
static void unsplitShortKMiddleTiles(MatmulOp op,
                                     SmallVectorImpl<ConfigAttr> &configs) {
  constexpr int64_t kMaxShortKTiles = 8, kNarrowStages = 8;
  if (op.getWeightEncoding().getFormat() != WeightFormat::int8 ||
      llvm::divideCeil(op.getK(), 128) > kMaxShortKTiles)
    return;
  int64_t columns = llvm::divideCeil(op.getN(), 64);
  for (size_t i = 1; i < configs.size(); ++i) {
    ConfigAttr narrow = configs[i - 1], split = configs[i];
    if (!split.isWgmma() || !split.getClusterSplit() ||
        split.getSplitK() != 2 || !narrow.isWgmma() ||
        narrow.isRegisterDirect() || narrow.getSplitK() != 1 ||
        narrow.getBlockM() != 64 || narrow.getBlockN() != 64 ||
        narrow.getWarpM() != 64 || narrow.getWarpN() != 64 ||
        narrow.getStages() != kNarrowStages || narrow.getMaxM() == 0)
      continue;
    int64_t splitMaxM = split.getMaxM();
    int64_t narrowMaxM = std::max(
        narrow.getMaxM(),
        boundedByMaxM(64 * getWaveRows(op, narrow, columns), splitMaxM));
    ConfigEdit tall(narrow);
    tall.ctaTile[0] = 128;
    int64_t tallMaxM =
        boundedByMaxM(128 * getWaveRows(op, tall.get(), columns), splitMaxM);
    if (tallMaxM <= narrowMaxM && narrowMaxM == narrow.getMaxM())
      return;
    configs[i - 1] = narrow.withMaxM(narrowMaxM);
    size_t at = i;
    if (tallMaxM > narrowMaxM) {
      tall.maxM = tallMaxM;
      configs.insert(configs.begin() + at++, tall.get());
    }
    int64_t covered = std::max(narrowMaxM, tallMaxM);
    if (splitMaxM != 0 && splitMaxM <= covered)
      configs.erase(configs.begin() + at);
    return;
  }
}

/// W8A8 (wgmma, cp.async ring) past M = 256 on a narrow layer: the 64 x
/// 128 tiles in two clustered K slices that the chain gives M from 257 on
/// (one block of 4 stages a multiprocessor in one wave) give way, up to the
/// rows one wave of them holds, to 128 x 64 tiles of two warpgroups in two
/// clustered slices on kTallStages stages: as many blocks, twice the ring
/// depth. Measured (docs/perf-notes.md, v58, same run, us, the mean of two
/// bench orders): 1024 x 4096 at M = 320 / 384 / 512 14.2 / 14.1 / 14.5
/// against 15.8 / 16.3 / 17.1; the same tiles in four slices of 4 stages
/// were 15.6 / 15.3 / 20.0.
static void tallenNarrowSplitTiles(MatmulOp op,
                                   SmallVectorImpl<ConfigAttr> &configs) {
  constexpr int64_t kFirstM = 256, kTallStages = 8;
  if (op.getWeightEncoding().getFormat() != WeightFormat::int8)
    return;
  int64_t columns = llvm::divideCeil(op.getN(), 64);
  int64_t limit = op.getTargetAttr().getMaxSharedMemoryPerBlock();
  for (size_t i = 1; i < configs.size(); ++i) {
    ConfigAttr split = configs[i];
    int64_t firstM = configs[i - 1].getMaxM();
    if (firstM < kFirstM || !split.isWgmma() || !split.getClusterSplit() ||
        split.getSplitK() != 2 || split.isTma() || split.getBlockM() != 64 ||
        split.getBlockN() != 128 || split.getWarpM() != 64 ||
        split.getWarpN() != 128)
      continue;
    ConfigEdit tall(split);
    tall.ctaTile[0] = 128;
    tall.ctaTile[1] = 64;
    tall.warpTile = {64, 64};
    tall.stages = kTallStages;
    if (getSharedMemoryBytes(op, tall.get()) > limit)
      continue;
    int64_t splitMaxM = split.getMaxM();
    int64_t tallMaxM =
        boundedByMaxM(128 * getWaveRows(op, tall.get(), columns), splitMaxM);
    if (tallMaxM <= firstM)
      continue;
    tall.maxM = tallMaxM;
    configs.insert(configs.begin() + i, tall.get());
    if (splitMaxM != 0 && splitMaxM <= tallMaxM)
      configs.erase(configs.begin() + i + 1);
    return;
  }
}

/// W8A8 (chooseConfigs, after tallenNarrowSplitTiles): where 64-row tiles
/// in K slices serve the M just before a 128-row column band on the
/// producer's TMA ring (addW8A8ColumnBands), from past M = 128,
/// on K of at most 33 tiles of 128: the band serves their M too (the split
/// variant erased). Measured (docs/perf-notes.md, v87, e520, hand configs
/// against the chain, both bench orders, time at the split variant's M):
/// 2056 x 1024 0.68 (M = 449 to 512, 15.0 -> 10.2 us), 2056 x 4128 0.86 to
/// 0.87 (449 to 512), 2048 x 2048 0.91 to 0.94 (257 to 512), 1000 x 4096
/// 0.90 to 0.96 (513 to 1024), 1536 x 4096 0.97 to 0.98 (641 to 704), 1792
/// x 4096 0.97 to 0.98 (513 to 576); with 64 K tiles level or slower (1792
/// x 8192 1.00 to 1.04 at 513 to 576), and from M = 65 (3072 x 4128, 65 to
/// 128) 0.99 to 1.04. The band over only the split variant's last 64 rows
/// gained less (2048 x 2048 0.91 at 449 to 512 only, 1000 x 4096 0.90 at
/// 961 to 1024 only). Held out (e522, the rule against the chain before):
/// 1000 x 1536 0.86 to 0.88, 1024 x 2048 0.93 to 0.96, 1280 x 3072 0.92 to
/// 0.98, 1536 x 2048 0.93 to 0.95, 1792 x 1536 0.87 to 0.91, 2048 x 3584
/// 0.94 to 0.95, 2056 x 2880 0.87 to 0.89, already quantized 2048 x 2048
/// 0.94 to 0.96; but where the 128-row tiles after the split ones were the
/// chain's last, unbounded variant, not a band (768 x 4128: six columns of
/// them), 1.31 to 1.51: hence a bounded band only.
static void dropW8A8SplitTilesBeforeBand(MatmulOp op,
                                         SmallVectorImpl<ConfigAttr> &configs) {
  constexpr int64_t kMinFromM = 129, kMaxKTiles = 33;
  if (op.getWeightEncoding().getFormat() != WeightFormat::int8 ||
      llvm::divideCeil(op.getK(), 128) > kMaxKTiles)
    return;
  for (size_t i = 1; i + 1 < configs.size(); ++i) {
    ConfigAttr split = configs[i], band = configs[i + 1];
    if (split.isWgmma() && split.getBlockM() == 64 && split.getSplitK() > 1 &&
        split.getMaxM() != 0 && configs[i - 1].getMaxM() + 1 >= kMinFromM &&
        band.isWgmma() && band.getBlockM() == 128 && band.getSplitK() == 1 &&
        band.getCopy() == CopyKind::tma_producer && band.getMaxM() != 0) {
      configs.erase(configs.begin() + i);
      return;
    }
  }
}

/// sm_90a, W8A8: no register-direct variant where the 64 x 64 ring tiles
/// after it make 0.8 to 1.25 waves of one block a multiprocessor
/// (ceil(N / 64) blocks) on K of kMinChunks 128-byte chunks or more, and
/// the register grid (one block of 16 columns each) either runs 8 warps
/// along K past one wave (more than three blocks a multiprocessor) or has
/// each warp walk kMinChunksPerWarp chunks or more: those tiles take M = 1
/// on. Measured on the H200 (docs/perf-notes.md, v80, same run, both bench
/// orders, time at M = 1 / 16 against the register variant): e416, 8 warps
/// past one wave on 7296 x 2816 0.95x / 0.86x, 7312 x 2752 0.91x / 0.83x,
/// 7512 x 5824 0.94x / 0.90x, already quantized 6912 x 4736 0.86x / 0.83x
/// (0.67x at M = 32); 3 warps of 13 chunks on 8192 x 4992 0.95x / 0.95x,
/// already quantized 0.77x / 0.76x, 8704 x 4992 0.91x / 0.91x; e417, 4
/// warps of 16 on 8192 x 8192 1.02x / 0.99x, already quantized 0.88x /
/// 0.87x; e418 (layers not used to choose the rule) 7680 x 2816 0.94x /
/// 0.86x, 8192 x 28672 1.00x / 0.92x, 6912 x 8192 1.02x / 1.00x. Fewer
/// chunks a warp in one wave lose: 9216 x 4096 (4 warps of 8) 1.15x /
/// 1.10x, 9728 x 3072 1.17x / 1.07x, 10240 x 5120 1.14x / 1.11x, 7040 x
/// 4608 1.07x / 1.04x, already quantized 10240 x 3584 and 9216 x 4096
/// 1.07x to 1.11x (7168 / 8448 x 4096 within 3% either way, already
/// quantized 7168 x 4096 0.90x). Outside the ring band the register
/// variant wins (6528 x 2688, 102 ring blocks, 1.07x / 1.04x on the ring;
/// 11008 x 4096, 172, 1.12x / 1.08x; 14336 x 4096 and 13824 x 5120 1.16x
/// to 1.19x; 28672 x 8192 1.27x / 1.20x), and so it does on fewer chunks
/// (8192 x 1408, 8 warps past one wave on 11: 1.06x / 1.03x).
///
/// Past the band, up to two blocks a multiprocessor, the ring tiles take
/// M = 1 on only where they split K in two (twice the blocks) and the
/// register grid runs 7 warps along K past one wave, or, on an activation
/// the caller quantized (no quantize kernel for the register variant to
/// overlap), 3 warps of kMinChunksPerWarp chunks or more (v81, time at M
/// = 1 / 8 / 16 of the register variant against the ring, same run, both
/// orders): e430, 7 warps on 10880 x 6272 1.02x / 1.06x / 1.10x, 11264 x
/// 6272 1.01x / 1.05x / 1.09x, 12288 x 6272 0.99x / 1.03x / 1.07x, already
/// quantized 11008 x 6272 1.09x to 1.11x, 3 warps already quantized on
/// 12160 x 5760 1.09x; e431 (layers not used to choose it) 10624 x 6272
/// 1.01x / 1.05x / 1.09x, 11520 x 4480 0.99x / 1.03x / 1.08x, already
/// quantized 11520 x 6272 1.07x to 1.09x, 3 warps already quantized
/// 10624 x 4992 1.07x / 1.08x, 11136 x 5760 1.09x. The register variant
/// wins elsewhere: on an unsplit ring (e430: 16384 x 6272 and already
/// quantized 13824 x 6272, 7 warps, 0.85x to 0.94x; 13312 x 4992 and
/// 14336 x 5760, 3 warps, 0.86x to 0.90x), on 8 warps (10752 x 7296,
/// 11776 x 3968: 0.93x to 0.99x), on 3 warps with the quantize kernel
/// (e431: 10880 x 5376, 11520 x 4992, 12416 x 5376 0.94x to 0.99x) and on
/// 4 warps of 12 to 16 chunks (11520 x 6144, 10880 x 7168, 12160 x 8192
/// 0.91x to 0.98x; already quantized 11520 x 6656 and 11904 x 7680 0.98x
/// to 1.00x).
///
/// With the quantize kernel, two more cases (v81, e438 / e439, time at M = 1
/// to 16 of the ring against the register variant): 8-warp grids past three
/// blocks a multiprocessor from 0.75 of the wave of ring blocks on K of
/// kMinUnderBandChunks chunks or more (46 to 58 measured; 6400 x 6016
/// 0.91x to 0.95x, 6656 x 5888 0.90x to 0.94x, 6400 x 7424 0.86x to 0.91x;
/// already quantized 6400 x 6016 and 6528 x 5888 0.84x to 0.90x but 6656 x
/// 7424 1.06x to 1.11x, so not those), and in the band 7-warp grids past
/// three blocks a multiprocessor on K off multiples of 128 whose warps walk
/// at most kMaxEdgeChunksPerWarp chunks (7248 x 4384 0.83x to 0.86x, 7168 x
/// 4448 0.83x to 0.88x, 8192 x 4416 0.86x to 0.90x, 7040 x 3488 0.92x to
/// 0.95x). 7 warps elsewhere keep the register variant: whole chunks (7040 x
/// 6272, 7168 x 3584, 7680 x 4480, 8192 x 4480 1.01x to 1.10x on the ring;
/// 10240 x 6272 0.91x to 0.98x the exception), 7 chunks a warp (9216 x 6240
/// 1.02x to 1.09x), already quantized (7680 x 4416 1.03x to 1.08x, 9728 x
/// 6208 0.94x to 1.02x, 8192 x 5376 1.03x to 1.04x).
static void
dropW8A8RingWaveRegisterVariant(MatmulOp op,
                                SmallVectorImpl<ConfigAttr> &configs) {
  constexpr int64_t kMinChunks = 22, kMinChunksPerWarp = 12,
                    kWaveBlocksPerSm = 3, kMaxEdgeChunksPerWarp = 5,
                    kMinUnderBandChunks = 40;
  if (op.getWeightEncoding().getFormat() != WeightFormat::int8 ||
      !op.getTargetAttr().hasWgmma())
    return;
  int64_t sms = op.getTargetAttr().getMultiprocessorCount();
  int64_t ringBlocks = llvm::divideCeil(op.getN(), 64);
  int64_t chunks = llvm::divideCeil(op.getK(), ConfigAttr::kRegisterChunkBytes);
  bool pastBand = 4 * ringBlocks > 5 * sms;
  bool underBand = 5 * ringBlocks < 4 * sms;
  if (4 * ringBlocks < 3 * sms || ringBlocks > 2 * sms || chunks < kMinChunks)
    return;
  auto *ring = llvm::find_if(
      configs, [](ConfigAttr c) { return !c.isRegisterDirect(); });
  if (ring == configs.begin() || ring == configs.end() || !ring->isWgmma() ||
      ring->getBlockM() != 64 || ring->getBlockN() != 64)
    return;
  ConfigAttr registers = *std::prev(ring);
  if (registers.getBlockN() != 16)
    return;
  int64_t blocks = llvm::divideCeil(op.getN(), registers.getBlockN());
  int64_t warpsK = registers.getWarpsK();
  int64_t chunksPerWarp = llvm::divideCeil(chunks, warpsK);
  bool longWarps = chunksPerWarp >= kMinChunksPerWarp;
  bool quantizeKernel = op.getLhsScales().empty();
  bool pastOneWave = blocks > kWaveBlocksPerSm * sms;
  bool dropped;
  if (underBand)
    dropped = quantizeKernel && warpsK == 8 && pastOneWave &&
              chunks >= kMinUnderBandChunks;
  else if (pastBand)
    dropped = ring->getSplitK() == 2 &&
              ((warpsK == 7 && pastOneWave) ||
               (!quantizeKernel && warpsK == 3 && longWarps));
  else
    dropped = (warpsK == 8 && pastOneWave) ||
              (quantizeKernel && warpsK == 7 && op.getK() % 128 != 0 &&
               chunksPerWarp <= kMaxEdgeChunksPerWarp && pastOneWave) ||
              longWarps;
  if (dropped)
    configs.erase(configs.begin(), ring);
}

/// With a static M, only the variants the stub can choose for that M: those
/// whose M range holds it, up to the first without a lower bound on another
/// size (min_fill), which every call then takes. A family of one M compiles
/// one kernel (or a BSR density choice) instead of a chain.
static void keepStaticMVariants(MatmulOp op, SmallVector<ConfigAttr> &configs) {
  int64_t m = op.getM();
  if (ShapedType::isDynamic(m))
    return;
  SmallVector<ConfigAttr> kept;
  for (ConfigAttr config : configs) {
    if (config.getMaxM() != 0 && config.getMaxM() < m)
      continue;
    kept.push_back(config);
    if (config.getMinFill() == 0)
      break;
  }
  configs = std::move(kept);
}

SmallVector<ConfigAttr> mlir::qgemm::chooseConfigs(MatmulOp op) {
  SmallVector<ConfigAttr> configs = chooseSchemeConfigs(op);
  // row_split cuts a dynamic M into two calls of the stub; a static M is
  // one call of the variant that serves it.
  if (!ShapedType::isDynamic(op.getM()))
    for (ConfigAttr &config : configs)
      config = config.withRowSplit(0, 0);
  // The wgmma variants that split K add their slices in a cluster
  // (cluster_split), measured in docs/perf-notes.md, v26 and v27:
  // - in two slices always: W4A16 128 x 128 tiles at M = 129 to 256 7 to
  //   11% faster, W8A8 64 x 128 tiles at M = 65 to 128 3 to 8%, 128 x 128
  //   at M = 129 to 256 within 3%;
  // - in four while the grid has at most three quarters of the
  //   multiprocessors' worth of blocks (99 on the H200), where a variant
  //   that goes past that M is cut in two: W4A16 1024 x 4096 in 4 slices
  //   14 to 21% faster at M = 96 to 384 (up to 96 blocks), 15 to 18%
  //   slower at M = 512 (128 blocks); on the larger grids of the large
  //   layers up to 1.36x slower (the clusters' blocks are placed four in a
  //   GPC at a time and stay resident until the last slice is done);
  // - in eight, ahead of four, on the rows of tiles whose grid stays in
  //   that bound when the slices keep 8 K tiles or more: W4A16 1024 x 4096
  //   at M = 65 to 128 (64 blocks) 20% faster than in four (32 blocks);
  // - in four at any grid when three blocks or more fit a multiprocessor
  //   (shared memory and threads; not the register-A tiles, which hold
  //   at most two a multiprocessor: 128 accumulator registers a thread):
  //   the W8A8 64 x 64 tiles 2 to 9% faster at M = 17 to 128 on six layers
  //   of 128 to 264 blocks (one cell 1% slower), where the 64 x 128 ones
  //   (two blocks) lost 26% on 256 blocks.
  if (op.getWeightEncoding().getFormat() == WeightFormat::bsr) {
    keepStaticMVariants(op, configs);
    return configs;
  }
  int64_t maxClusterBlocks = getMaxClusterBlocks(op);
  SmallVector<ConfigAttr> result;
  int64_t minM = 1;
  for (ConfigAttr config : configs) {
    int64_t firstM = minM;
    int64_t maxM = config.getMaxM();
    minM = maxM + 1;
    int64_t splitK = config.getSplitK();
    if (!config.isWgmma() || splitK < 2) {
      result.push_back(config);
      continue;
    }
    if (splitK == 2) {
      result.push_back(withClusterSplit(config, splitK, maxM));
      continue;
    }
    // The most M whose grid in `slices` slices stays within the bound.
    auto clusterMaxM = [&](int64_t slices) {
      int64_t tileBlocks =
          llvm::divideCeil(op.getN(), config.getBlockN()) * slices;
      return maxClusterBlocks / tileBlocks * config.getBlockM();
    };
    // Adds the variant in `slices` clustered slices from firstM up to
    // `boundM` (none when boundM < firstM); true when that is the rest of
    // its range.
    auto clusterUpTo = [&](int64_t slices, int64_t boundM) {
      if (boundM < firstM)
        return false;
      if (maxM != 0 && maxM <= boundM) {
        result.push_back(withClusterSplit(config, slices, maxM));
        return true;
      }
      result.push_back(withClusterSplit(config, slices, boundM));
      firstM = boundM + 1;
      return false;
    };
    int64_t kTiles = op.getWeightEncoding().getFormat() == WeightFormat::int4
                         ? getW4A16RuleKTiles(op)
                         : op.getK() / config.getBlockK();
    constexpr int64_t kMinSliceKTiles = 8;
    if (splitK == 4 && kTiles % 8 == 0 && kTiles / 8 >= kMinSliceKTiles &&
        clusterUpTo(8, clusterMaxM(8)))
      continue;
    ConfigAttr clustered = withClusterSplit(config, splitK, maxM);
    constexpr int64_t kPackedBlocks = 3;
    if (!config.isRegisterA() &&
        op.getTargetAttr().getResidentBlocks(
            getSharedMemoryBytes(op, clustered), config.getBlockThreads()) >=
            kPackedBlocks) {
      result.push_back(clustered);
      continue;
    }
    if (clusterUpTo(splitK, clusterMaxM(splitK)))
      continue;
    result.push_back(config);
  }
  // W4A16's register-A tiles of 128 rows and more take their copies from a
  // producer warpgroup (TMA boxes of X, the words, scales and zero points):
  // 3 to 16% faster from M = 65 to 4096 on nine layers, most with group
  // scales (docs/perf-notes.md, v37, same run). Not the 64-row tiles of
  // M = 49 to 64 (up to 25% slower) or the 128 x 256 tiles with group
  // scales (11008 x 4096 g128z at M = 384 10% slower; per channel 3 to 6%
  // faster). (The token-band passes give their bands the producer
  // themselves.)
  bool groupScales =
      op.getWeightEncoding().getScales() == ScaleGranularity::per_group;
  // Not the tiles of three warpgroups (addW4A16WideBandTiles): the
  // producer's ring takes at most two.
  for (ConfigAttr &config : result)
    if (config.isRegisterA() && config.getBlockM() >= 128 &&
        config.getNumWarps() <= 8 &&
        !(config.getBlockN() == 256 && groupScales))
      config = withCopy(config, CopyKind::tma_producer);
  deepenLoneRings(op, result);
  unsplitShortKMiddleTiles(op, result);
  tallenNarrowSplitTiles(op, result);
  dropW8A8SplitTilesBeforeBand(op, result);
  // W8A8 ring neighbours that differ only in max_m (extendW8A8NarrowTiles'
  // two bounds where the ring was not deepened) are one variant.
  bool w8a8 = op.getWeightEncoding().getFormat() == WeightFormat::int8;
  for (size_t i = 1; i < result.size();)
    if (w8a8 && !result[i].isRegisterDirect() &&
        result[i - 1].withMaxM(0) == result[i].withMaxM(0))
      result.erase(result.begin() + i - 1);
    else
      ++i;
  dropW8A8RingWaveRegisterVariant(op, result);
  addW4A16TailSplits(op, result);
  keepStaticMVariants(op, result);
  return result;
}

namespace {
struct QGemmConfigurePass
    : public qgemm::impl::QGemmConfigureBase<QGemmConfigurePass> {
  using Base::Base;

  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    auto target = TargetAttr::getChecked(
        [&] { return getOperation().emitError(); }, ctx, StringRef(chip));
    if (!target)
      return signalPassFailure();

    WalkResult result = getOperation().walk([&](MatmulOp op) {
      if (!op.getTargetAttr()) {
        op.setTargetAttr(target);
        // Hand configs were verified without a target: those `chip` cannot
        // run (mma = wgmma below sm_90a) would reach the lowering.
        if (op.getConfigsAttr() && failed(op.verify()))
          return WalkResult::interrupt();
      }
      // Kernels for an older SM run on a newer one; the other way round
      // (griddepcontrol, wgmma) the PTX for `chip` could not hold them.
      TargetAttr own = op.getTargetAttr();
      if (requireChip &&
          (own.getSMVersion() > target.getSMVersion() ||
           (own.hasWgmma() && !target.hasWgmma()))) {
        op.emitOpError() << "targets " << own.getChip()
                         << ", which the kernels compiled for " << chip
                         << " cannot run on; compile with --chip="
                         << own.getChip() << " or change the op's target";
        return WalkResult::interrupt();
      }
      if (!op.getConfigsAttr()) {
        // The configs are those of a scheme's kernels: an op without any
        // gets the lowering's error here, not a config its verifier refuses.
        if (!hasKernelScheme(op)) {
          (void)emitNoKernelSchemeError(op);
          return WalkResult::interrupt();
        }
        // W4A16's kernels walk K in tiles of 64 (ring) or 128 (register
        // chunks): for another K every config would fail the lowering.
        if (op.getWeightEncoding().getFormat() == WeightFormat::int4 &&
            op.getK() % 64 != 0) {
          op.emitOpError() << "expected K (" << op.getK()
                           << ") to be a multiple of 64 for the W4A16 "
                              "kernels (K tiles of 64)";
          return WalkResult::interrupt();
        }
        SmallVector<Attribute> configs = llvm::map_to_vector(
            chooseConfigs(op), [](ConfigAttr c) -> Attribute { return c; });
        op.setConfigsAttr(ArrayAttr::get(ctx, configs));
        ++numConfigured;
        if (failed(op.verify())) {
          // The op had no configs: the error above is about the ones chosen
          // here, which no valid op should get.
          op.emitOpError()
              << "got configs from qgemm-configure that its verifier refuses "
                 "(the error above): a bug of qgemm-configure; give the op "
                 "its configs by hand until it is fixed";
          return WalkResult::interrupt();
        }
      }
      for (Attribute attr : op.getConfigsAttr())
        if (failed(checkSharedMemory(op, cast<ConfigAttr>(attr))))
          return WalkResult::interrupt();
      return WalkResult::advance();
    });
    if (result.wasInterrupted())
      signalPassFailure();
  }
};
} // namespace
