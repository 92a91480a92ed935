//===- LaunchDescription.cpp - the qgemm.launch host description ----------===//
//
// Writes, reads and checks the `qgemm.launch` description of a lowered func
// (schema in qgemm/Conversion/LaunchDescription.h), and builds it for W8A8.
// The reader is the stub writer's contract: every way a description can be
// malformed is a located error on the func.
//
//===----------------------------------------------------------------------===//

#include "qgemm/Conversion/LaunchDescription.h"

#include "Bsr.h"
#include "TileScheduler.h"
#include "W4A16.h"
#include "W8A8.h"

#include "qgemm/Conversion/Passes.h"

#include "mlir/IR/Builders.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FormatVariadic.h"

#include <limits>

using namespace mlir;
using namespace mlir::qgemm;

namespace {

constexpr StringLiteral kPrologueRole = "prologue";
constexpr StringLiteral kMatmulRole = "matmul";
constexpr StringLiteral kValidateRole = "validate";
constexpr StringLiteral kSplitKPartials = "split_k_partials";
constexpr StringLiteral kSplitKCounters = "split_k_counters";
/// Largest grid x and grid y / z extents of a launch.
constexpr int64_t kMaxGridX = (int64_t(1) << 31) - 1;
constexpr int64_t kMaxGridYZ = 65535;
/// Alignment the W8A8 kernels need of every pointer (16-byte cp.async and
/// vector accesses).
constexpr int64_t kW8A8Align = 16;

/// Names the stub cannot use for a parameter: its own parameters, the C and
/// C++ keywords a lowercase identifier can spell, and the standard library's
/// lowercase macros and type names. (The stub's own helpers all have an
/// upper-case letter in their names, so a lowercase one cannot hide them.)
bool isReservedName(StringRef name) {
  static const llvm::StringSet<> reserved = {
      "workspace", "stream",    "alignas",  "alignof",  "and",      "asm",
      "auto",      "bool",      "break",    "case",     "catch",    "char",
      "class",     "const",     "continue", "decltype", "default",  "delete",
      "do",        "double",    "else",     "enum",     "explicit", "export",
      "extern",    "false",     "float",    "for",      "friend",   "goto",
      "if",        "inline",    "int",      "long",     "mutable",  "namespace",
      "new",       "noexcept",  "not",      "nullptr",  "operator", "or",
      "private",   "protected", "public",   "register", "return",   "short",
      "signed",    "sizeof",    "static",   "struct",   "switch",   "template",
      "this",      "throw",     "true",     "try",      "typedef",  "typeid",
      "typename",  "union",     "unsigned", "using",    "virtual",  "void",
      "volatile",  "while",     "xor",      "assert",   "errno",    "stdin",
      "stdout",    "stderr",    "offsetof"};
  // Type names such as int64_t and size_t end in _t.
  return reserved.contains(name) || name.ends_with("_t");
}

/// Whether `name` is a lowercase C identifier.
bool isLowercaseIdentifier(StringRef name) {
  return !name.empty() && !llvm::isDigit(name.front()) &&
         llvm::all_of(name, [](char c) {
           return llvm::isLower(c) || llvm::isDigit(c) || c == '_';
         });
}

/// Whether `name` can be a kernel (gpu.func) name in a C string.
bool isSymbolName(StringRef name) {
  return !name.empty() && !llvm::isDigit(name.front()) &&
         llvm::all_of(name,
                      [](char c) { return llvm::isAlnum(c) || c == '_'; });
}

/// The attribute of `dims`: integers and strings.
ArrayAttr getDimsAttr(Builder &b, ArrayRef<LaunchDim> dims) {
  SmallVector<Attribute> attrs;
  for (const LaunchDim &dim : dims) {
    if (auto *extent = std::get_if<int64_t>(&dim))
      attrs.push_back(b.getI64IntegerAttr(*extent));
    else
      attrs.push_back(b.getStringAttr(std::get<std::string>(dim)));
  }
  return b.getArrayAttr(attrs);
}

/// The dictionary of `kernel`: the common fields, then its role's.
DictionaryAttr getKernelAttr(Builder &b, const LaunchKernel &kernel) {
  SmallVector<NamedAttribute> fields = {
      b.getNamedAttr("kernel", b.getStringAttr(kernel.name)),
      b.getNamedAttr("role",
                     b.getStringAttr(kernel.role == KernelRole::Prologue
                                         ? kPrologueRole
                                         : (kernel.role == KernelRole::Validate
                                                ? kValidateRole
                                                : kMatmulRole))),
      b.getNamedAttr(
          "operands",
          b.getStrArrayAttr(llvm::to_vector_of<StringRef>(kernel.operands))),
      b.getNamedAttr("threads", b.getI64IntegerAttr(kernel.threads)),
      b.getNamedAttr("shared_memory", b.getI64IntegerAttr(kernel.sharedMemory)),
      b.getNamedAttr("programmatic", b.getBoolAttr(kernel.programmatic)),
  };
  if (!kernel.tensorMaps.empty()) {
    SmallVector<Attribute> maps;
    for (const LaunchTensorMap &map : kernel.tensorMaps) {
      SmallVector<NamedAttribute> mapFields = {
          b.getNamedAttr("operand", b.getStringAttr(map.operand)),
          b.getNamedAttr("row_bytes", b.getI64IntegerAttr(map.rowBytes)),
          b.getNamedAttr("box_rows", b.getI64IntegerAttr(map.boxRows)),
      };
      if (map.boxBytes != kTensorMapBoxBytes)
        mapFields.push_back(
            b.getNamedAttr("box_bytes", b.getI64IntegerAttr(map.boxBytes)));
      maps.push_back(b.getDictionaryAttr(mapFields));
    }
    fields.push_back(b.getNamedAttr("tensor_maps", b.getArrayAttr(maps)));
  }
  if (kernel.role == KernelRole::Prologue) {
    fields.push_back(b.getNamedAttr("rows_per_block",
                                    b.getI64IntegerAttr(kernel.rowsPerBlock)));
  } else if (kernel.role == KernelRole::Validate) {
    fields.push_back(
        b.getNamedAttr("blocks", b.getI64IntegerAttr(kernel.blocks)));
  } else {
    fields.push_back(
        b.getNamedAttr("block_m", b.getI64IntegerAttr(kernel.blockM)));
    fields.push_back(
        b.getNamedAttr("block_n", b.getI64IntegerAttr(kernel.blockN)));
    fields.push_back(
        b.getNamedAttr("split_k", b.getI64IntegerAttr(kernel.splitK)));
    fields.push_back(b.getNamedAttr("max_m", b.getI64IntegerAttr(kernel.maxM)));
    fields.push_back(b.getNamedAttr("replaces_prologue",
                                    b.getBoolAttr(kernel.replacesPrologue)));
    if (kernel.clusterSplit)
      fields.push_back(b.getNamedAttr("cluster_split", b.getBoolAttr(true)));
    if (kernel.splitInKernel)
      fields.push_back(b.getNamedAttr("split_in_kernel", b.getBoolAttr(true)));
    if (kernel.tailSplit > 1)
      fields.push_back(b.getNamedAttr("tail_split",
                                      b.getI64IntegerAttr(kernel.tailSplit)));
    if (kernel.streamKTiles)
      fields.push_back(b.getNamedAttr(
          "stream_k_tiles", b.getI64IntegerAttr(kernel.streamKTiles)));
    if (kernel.rowSplit) {
      fields.push_back(
          b.getNamedAttr("row_split", b.getI64IntegerAttr(kernel.rowSplit)));
      fields.push_back(
          b.getNamedAttr("row_rest", b.getI64IntegerAttr(kernel.rowRest)));
    }
    if (kernel.tailSplit > 1 || kernel.streamKTiles)
      fields.push_back(b.getNamedAttr("wave_blocks",
                                      b.getI64IntegerAttr(kernel.waveBlocks)));
    if (const std::optional<LaunchRingPlan> &plan = kernel.ringPlan)
      fields.push_back(b.getNamedAttr(
          "ring_plan",
          b.getDictionaryAttr({
              b.getNamedAttr("size", b.getStringAttr(plan->size)),
              b.getNamedAttr("min_slice", b.getI64IntegerAttr(plan->minSlice)),
              b.getNamedAttr("max_slice", b.getI64IntegerAttr(plan->maxSlice)),
              b.getNamedAttr("spare", b.getI64IntegerAttr(plan->spare)),
              b.getNamedAttr("wave_items",
                             b.getI64IntegerAttr(plan->waveItems)),
          })));
    if (!kernel.minSizes.empty()) {
      SmallVector<NamedAttribute> bounds;
      for (const auto &[name, min] : kernel.minSizes)
        bounds.push_back(b.getNamedAttr(name, b.getI64IntegerAttr(min)));
      fields.push_back(
          b.getNamedAttr("min_sizes", b.getDictionaryAttr(bounds)));
    }
  }
  return b.getDictionaryAttr(fields);
}

} // namespace

DictionaryAttr LaunchDescription::toAttr(MLIRContext *ctx) const {
  Builder b(ctx);
  SmallVector<Attribute> argAttrs, bufferAttrs, kernelAttrs;
  for (const LaunchArg &arg : args) {
    SmallVector<NamedAttribute> fields = {
        b.getNamedAttr("name", b.getStringAttr(arg.name)),
        b.getNamedAttr("dims", getDimsAttr(b, arg.dims)),
        b.getNamedAttr("align", b.getI64IntegerAttr(arg.align))};
    if (arg.pitch)
      fields.push_back(b.getNamedAttr("pitch", b.getI64IntegerAttr(arg.pitch)));
    argAttrs.push_back(b.getDictionaryAttr(fields));
  }
  SmallVector<NamedAttribute> sizes;
  for (const auto &[name, max] : maxSizes)
    sizes.push_back(b.getNamedAttr(name, b.getI64IntegerAttr(max)));
  for (const WorkspaceBuffer &buffer : buffers) {
    SmallVector<NamedAttribute> fields = {
        b.getNamedAttr("name", b.getStringAttr(buffer.name)),
        b.getNamedAttr("element_type", TypeAttr::get(buffer.elementType))};
    if (buffer.size == WorkspaceSize::Dims)
      fields.push_back(b.getNamedAttr("dims", getDimsAttr(b, buffer.dims)));
    else
      fields.push_back(b.getNamedAttr(
          "derived",
          b.getStringAttr(buffer.size == WorkspaceSize::SplitKPartials
                              ? kSplitKPartials
                              : kSplitKCounters)));
    if (buffer.keptZero)
      fields.push_back(b.getNamedAttr("kept_zero", b.getBoolAttr(true)));
    bufferAttrs.push_back(b.getDictionaryAttr(fields));
  }
  for (const LaunchKernel &kernel : kernels)
    kernelAttrs.push_back(getKernelAttr(b, kernel));
  DictionaryAttr dict = b.getDictionaryAttr({
      b.getNamedAttr("scheme", b.getStringAttr(scheme)),
      b.getNamedAttr("summary", b.getStringAttr(summary)),
      b.getNamedAttr("module", FlatSymbolRefAttr::get(ctx, module)),
      b.getNamedAttr("n", b.getI64IntegerAttr(n)),
      b.getNamedAttr("args", b.getArrayAttr(argAttrs)),
      b.getNamedAttr("max_sizes", b.getDictionaryAttr(sizes)),
      b.getNamedAttr(
          "workspace",
          b.getDictionaryAttr({
              b.getNamedAttr("align", b.getI64IntegerAttr(workspaceAlign)),
              b.getNamedAttr("section_align",
                             b.getI64IntegerAttr(sectionAlign)),
              b.getNamedAttr("buffers", b.getArrayAttr(bufferAttrs)),
          })),
      b.getNamedAttr("kernels", b.getArrayAttr(kernelAttrs)),
  });
  if (staticM > 0) {
    NamedAttrList fields(dict);
    fields.set("static_m", b.getI64IntegerAttr(staticM));
    dict = fields.getDictionary(ctx);
  }
  return dict;
}

int LaunchDescription::getArgIndex(StringRef name) const {
  for (auto [i, arg] : llvm::enumerate(args))
    if (arg.name == name)
      return i;
  return -1;
}

int LaunchDescription::getSizeIndex(StringRef name) const {
  for (auto [i, entry] : llvm::enumerate(maxSizes))
    if (entry.first == name)
      return i;
  return -1;
}

int LaunchDescription::getBufferIndex(StringRef name) const {
  for (auto [i, buffer] : llvm::enumerate(buffers))
    if (buffer.name == name)
      return i;
  return -1;
}

//===----------------------------------------------------------------------===//
// Reading and checking
//===----------------------------------------------------------------------===//

namespace {

/// Reads the fields of the description's dictionaries; every failure is an
/// error on the func that says where in the description it is.
class Reader {
public:
  explicit Reader(func::FuncOp func) : func(func) {}

  func::FuncOp getFunc() const { return func; }

  /// An error about `where` ("" for the description itself).
  InFlightDiagnostic error(StringRef where) {
    InFlightDiagnostic diag = func.emitError() << "qgemm.launch";
    if (!where.empty())
      diag << " " << where;
    return diag;
  }

  /// Fails unless every key of `dict` is in `known`.
  LogicalResult checkKeys(DictionaryAttr dict, StringRef where,
                          ArrayRef<StringRef> known) {
    for (NamedAttribute field : dict)
      if (!llvm::is_contained(known, field.getName().getValue()))
        return error(where)
               << " has unknown field '" << field.getName().str()
               << "' (expected one of " << llvm::join(known, ", ") << ")";
    return success();
  }

  /// The field `key` of `dict` as an `AttrTy`, `what` naming the expected
  /// kind; `optional` fields give a null attribute when absent.
  template <typename AttrTy>
  FailureOr<AttrTy> get(DictionaryAttr dict, StringRef where, StringRef key,
                        StringRef what, bool optional = false) {
    Attribute attr = dict.get(key);
    if (!attr) {
      if (optional)
        return AttrTy();
      return error(where) << " lacks field '" << key << "' (expected " << what
                          << ")";
    }
    auto typed = dyn_cast<AttrTy>(attr);
    if (!typed)
      return error(where) << " field '" << key << "' is " << attr
                          << ", expected " << what;
    return typed;
  }

  /// An integer field of at least `min`.
  FailureOr<int64_t> getInt(DictionaryAttr dict, StringRef where, StringRef key,
                            int64_t min) {
    FailureOr<IntegerAttr> attr =
        get<IntegerAttr>(dict, where, key, "an integer");
    if (failed(attr))
      return failure();
    // Every field is a size, count or bound of one launch, which the stub
    // keeps in 32 bits (unsigned fields, 32-bit grids).
    constexpr int64_t kMaxField = std::numeric_limits<int32_t>::max();
    const APInt &bits = attr->getValue();
    if (bits.getSignificantBits() > 64 || bits.getSExtValue() > kMaxField)
      return error(where) << " field '" << key << "' is "
                          << llvm::toString(bits, 10, /*Signed=*/true)
                          << ", expected at most " << kMaxField;
    int64_t value = bits.getSExtValue();
    if (value < min)
      return error(where) << " field '" << key << "' is " << value
                          << ", expected at least " << min;
    return value;
  }

  /// An optional integer field of at least `min`, `absent` when absent.
  FailureOr<int64_t> getOptionalInt(DictionaryAttr dict, StringRef where,
                                    StringRef key, int64_t min,
                                    int64_t absent) {
    if (!dict.get(key))
      return absent;
    return getInt(dict, where, key, min);
  }

  /// An optional boolean field, false when absent.
  FailureOr<bool> getBool(DictionaryAttr dict, StringRef where, StringRef key) {
    FailureOr<BoolAttr> attr =
        get<BoolAttr>(dict, where, key, "a boolean", /*optional=*/true);
    if (failed(attr))
      return failure();
    return *attr && attr->getValue();
  }

  /// A string field.
  FailureOr<std::string> getString(DictionaryAttr dict, StringRef where,
                                   StringRef key) {
    FailureOr<StringAttr> attr = get<StringAttr>(dict, where, key, "a string");
    if (failed(attr))
      return failure();
    return attr->str();
  }

  /// A string field that names something in C (a lowercase identifier).
  FailureOr<std::string> getName(DictionaryAttr dict, StringRef where) {
    FailureOr<std::string> name = getString(dict, where, "name");
    if (failed(name))
      return failure();
    if (!isLowercaseIdentifier(*name) || isReservedName(*name))
      return error(where) << " name '" << *name
                          << "' is not usable in C (expected a lowercase "
                             "identifier other than workspace, stream, a "
                             "keyword or a name ending in _t)";
    return name;
  }

  /// The `dims` field: integers of at least 0 and size names.
  FailureOr<SmallVector<LaunchDim>> getDims(DictionaryAttr dict,
                                            StringRef where) {
    FailureOr<ArrayAttr> attr = get<ArrayAttr>(dict, where, "dims", "an array");
    if (failed(attr))
      return failure();
    SmallVector<LaunchDim> dims;
    for (Attribute dim : *attr) {
      if (auto extent = dyn_cast<IntegerAttr>(dim);
          extent && extent.getValue().getSignificantBits() <= 64 &&
          extent.getValue().getSExtValue() >= 0) {
        dims.push_back(extent.getValue().getSExtValue());
        continue;
      }
      auto name = dyn_cast<StringAttr>(dim);
      if (!name || !isLowercaseIdentifier(name.getValue()) ||
          isReservedName(name.getValue()))
        return error(where) << " dim " << dim
                            << " is neither an extent (an integer >= 0) nor "
                               "the name of a run-time size (a lowercase "
                               "identifier)";
      dims.push_back(name.str());
    }
    return dims;
  }

  func::FuncOp func;
};

/// The description of `arg` in `where`, e.g. "argument #0 ('x')".
std::string describe(StringRef kind, size_t index, StringRef name) {
  std::string text = (kind + " #" + Twine(index)).str();
  if (!name.empty())
    text += " ('" + name.str() + "')";
  return text;
}

/// The name field of `dict` if it is a string, for messages.
StringRef peekName(DictionaryAttr dict, StringRef key) {
  auto name = dict ? dict.getAs<StringAttr>(key) : StringAttr();
  return name ? name.getValue() : StringRef();
}

/// Fails unless `dims` describe `type`: as many, static extents equal, size
/// names where the extent is dynamic; and unless `type`'s layout is the
/// identity (`pitch` 0) or padded rows of `pitch` elements (rank 2).
LogicalResult checkDimsMatch(Reader &reader, StringRef where,
                             ArrayRef<LaunchDim> dims, Type type,
                             int64_t pitch = 0) {
  auto memref = dyn_cast<MemRefType>(type);
  if (!memref || (!pitch && !memref.getLayout().isIdentity()))
    return reader.error(where)
           << " describes a func argument of type " << type
           << ", expected a memref with the identity (row-major) layout";
  if (pitch) {
    if (getRowPitch(memref) != pitch || memref.isDynamicDim(1) ||
        pitch < memref.getDimSize(1))
      return reader.error(where)
             << " has pitch " << pitch << ", expected a func argument of rank "
             << "2 with a static second dim of at most " << pitch
             << " and layout strided<[" << pitch << ", 1]>, got " << type;
  }
  // The stub steps through the buffer in bytes (the rows of a row split):
  // whole-byte integers and floats only.
  Type element = memref.getElementType();
  if (!element.isIntOrFloat() ||
      !llvm::is_contained({8u, 16u, 32u, 64u}, element.getIntOrFloatBitWidth()))
    return reader.error(where)
           << " describes a func argument of type " << type
           << ", expected a memref of integers or floats of 8, 16, 32 or 64 "
              "bits";
  if (static_cast<int64_t>(dims.size()) != memref.getRank())
    return reader.error(where) << " has " << dims.size() << " dims, expected "
                               << memref.getRank() << " (" << type << ")";
  for (auto [i, dim] : llvm::enumerate(dims)) {
    int64_t extent = memref.getDimSize(i);
    auto *value = std::get_if<int64_t>(&dim);
    if (ShapedType::isDynamic(extent) && value)
      return reader.error(where)
             << " dim #" << i << " is " << *value << ", expected the name of "
             << "a run-time size (" << type << " is dynamic there)";
    if (!ShapedType::isDynamic(extent) && (!value || *value != extent))
      return reader.error(where)
             << " dim #" << i << " is "
             << (value ? std::to_string(*value)
                       : "'" + std::get<std::string>(dim) + "'")
             << ", expected " << extent << " (" << type << ")";
  }
  return success();
}

/// Reads `args` against the func's signature and collects the size names in
/// first-appearance order.
LogicalResult readArgs(Reader &reader, DictionaryAttr attr,
                       LaunchDescription &d) {
  FailureOr<ArrayAttr> args =
      reader.get<ArrayAttr>(attr, "", "args", "an array");
  if (failed(args))
    return failure();
  func::FuncOp func = reader.func;
  if (args->size() != func.getNumArguments())
    return reader.error("") << " describes " << args->size()
                            << " of the func's " << func.getNumArguments()
                            << " arguments (expected one entry in 'args' per "
                               "argument)";
  for (auto [i, attr] : llvm::enumerate(*args)) {
    auto dict = dyn_cast<DictionaryAttr>(attr);
    std::string where = describe("argument", i, peekName(dict, "name"));
    if (!dict)
      return reader.error(where) << " is " << attr << ", expected a dictionary";
    if (failed(
            reader.checkKeys(dict, where, {"name", "dims", "align", "pitch"})))
      return failure();
    LaunchArg &arg = d.args.emplace_back();
    FailureOr<std::string> name = reader.getName(dict, where);
    FailureOr<SmallVector<LaunchDim>> dims = reader.getDims(dict, where);
    FailureOr<int64_t> align = reader.getInt(dict, where, "align", 1);
    FailureOr<int64_t> pitch =
        reader.getOptionalInt(dict, where, "pitch", 1, 0);
    if (failed(name) || failed(dims) || failed(align) || failed(pitch))
      return failure();
    if (!llvm::isPowerOf2_64(*align))
      return reader.error(where)
             << " field 'align' is " << *align << ", expected a power of 2";
    if (failed(checkDimsMatch(reader, where, *dims, func.getArgumentTypes()[i],
                              *pitch)))
      return failure();
    arg = {*name, *dims, *align, *pitch};
    for (const LaunchDim &dim : arg.dims) {
      auto *size = std::get_if<std::string>(&dim);
      if (size && d.getSizeIndex(*size) < 0)
        d.maxSizes.emplace_back(*size, 0);
    }
  }
  return success();
}

/// Reads `max_sizes`: a bound for every size the arguments name, `m` among
/// them, and nothing else.
LogicalResult readMaxSizes(Reader &reader, DictionaryAttr attr,
                           LaunchDescription &d) {
  FailureOr<DictionaryAttr> maxSizes =
      reader.get<DictionaryAttr>(attr, "", "max_sizes", "a dictionary");
  if (failed(maxSizes))
    return failure();
  if (d.getSizeIndex("m") < 0)
    return reader.error("") << " arguments name no run-time size 'm' (expected "
                               "the rows M as a dim of some argument)";
  for (NamedAttribute entry : *maxSizes)
    if (d.getSizeIndex(entry.getName().getValue()) < 0)
      return reader.error("")
             << " field 'max_sizes' bounds '" << entry.getName().str()
             << "', which no argument dim names";
  for (auto &[name, max] : d.maxSizes) {
    FailureOr<int64_t> value = reader.getInt(*maxSizes, "max_sizes", name, 1);
    if (failed(value))
      return failure();
    max = *value;
  }
  int64_t maxM = d.maxSizes[d.getSizeIndex("m")].second;
  if (d.staticM > 0 && maxM != d.staticM)
    return reader.error("") << " field 'max_sizes' bounds 'm' by " << maxM
                            << ", expected the static M " << d.staticM;
  return success();
}

/// Reads one workspace buffer.
LogicalResult readBuffer(Reader &reader, Attribute attr, size_t index,
                         LaunchDescription &d) {
  auto dict = dyn_cast<DictionaryAttr>(attr);
  std::string where =
      describe("workspace buffer", index, peekName(dict, "name"));
  if (!dict)
    return reader.error(where) << " is " << attr << ", expected a dictionary";
  if (failed(reader.checkKeys(dict, where,
                              {"name", "element_type", "dims", "derived",
                               "kept_zero"})))
    return failure();
  WorkspaceBuffer &buffer = d.buffers.emplace_back();
  FailureOr<std::string> name = reader.getName(dict, where);
  FailureOr<TypeAttr> type =
      reader.get<TypeAttr>(dict, where, "element_type", "a type");
  if (failed(name) || failed(type))
    return failure();
  buffer.name = *name;
  buffer.elementType = type->getValue();
  if (!buffer.elementType.isIntOrFloat() ||
      buffer.elementType.getIntOrFloatBitWidth() % 8 != 0)
    return reader.error(where)
           << " element type is " << buffer.elementType
           << ", expected an integer or float of whole bytes";
  if (dict.contains("dims") == dict.contains("derived"))
    return reader.error(where) << " needs exactly one of 'dims' and 'derived'";
  FailureOr<bool> keptZero = reader.getBool(dict, where, "kept_zero");
  if (failed(keptZero))
    return failure();
  buffer.keptZero = *keptZero;
  if (dict.contains("dims")) {
    FailureOr<SmallVector<LaunchDim>> dims = reader.getDims(dict, where);
    if (failed(dims))
      return failure();
    buffer.dims = *dims;
    if (buffer.keptZero && llvm::any_of(buffer.dims, [](const LaunchDim &dim) {
          return std::holds_alternative<std::string>(dim);
        }))
      return reader.error(where) << " is kept_zero, expected static dims "
                                    "(its place must not move with a size)";
    for (const LaunchDim &dim : buffer.dims) {
      auto *size = std::get_if<std::string>(&dim);
      if (size && d.getSizeIndex(*size) < 0)
        return reader.error(where) << " dim '" << *size
                                   << "' is not a run-time size of the "
                                      "arguments";
    }
    return success();
  }
  if (buffer.keptZero)
    return reader.error(where) << " is kept_zero, expected static dims "
                                  "(its place must not move with a size)";
  FailureOr<std::string> derived = reader.getString(dict, where, "derived");
  if (failed(derived))
    return failure();
  if (*derived == kSplitKPartials)
    buffer.size = WorkspaceSize::SplitKPartials;
  else if (*derived == kSplitKCounters)
    buffer.size = WorkspaceSize::SplitKCounters;
  else
    return reader.error(where)
           << " field 'derived' is '" << *derived << "', expected '"
           << kSplitKPartials << "' or '" << kSplitKCounters << "'";
  return success();
}

/// Reads `workspace`.
LogicalResult readWorkspace(Reader &reader, DictionaryAttr attr,
                            LaunchDescription &d) {
  FailureOr<DictionaryAttr> workspace =
      reader.get<DictionaryAttr>(attr, "", "workspace", "a dictionary");
  if (failed(workspace) ||
      failed(reader.checkKeys(*workspace, "workspace",
                              {"align", "section_align", "buffers"})))
    return failure();
  FailureOr<int64_t> align = reader.getInt(*workspace, "workspace", "align", 1);
  FailureOr<int64_t> section =
      reader.getInt(*workspace, "workspace", "section_align", 1);
  FailureOr<ArrayAttr> buffers =
      reader.get<ArrayAttr>(*workspace, "workspace", "buffers", "an array");
  if (failed(align) || failed(section) || failed(buffers))
    return failure();
  if (!llvm::isPowerOf2_64(*align) || !llvm::isPowerOf2_64(*section))
    return reader.error("workspace") << " alignments are " << *align << " and "
                                     << *section << ", expected powers of 2";
  d.workspaceAlign = *align;
  d.sectionAlign = *section;
  for (auto [i, buffer] : llvm::enumerate(*buffers))
    if (failed(readBuffer(reader, buffer, i, d)))
      return failure();
  // The counters count the slices of the partial tiles: they come with the
  // partials (whose size the stub also computes).
  auto sized = [&](WorkspaceSize size) {
    return llvm::any_of(d.buffers, [&](const WorkspaceBuffer &buffer) {
      return buffer.size == size;
    });
  };
  if (sized(WorkspaceSize::SplitKCounters) &&
      !sized(WorkspaceSize::SplitKPartials))
    return reader.error("workspace")
           << " has a '" << kSplitKCounters << "' buffer and no '"
           << kSplitKPartials << "' one (expected both or neither)";
  return success();
}

/// Fails when two arguments, sizes or buffers share a name.
LogicalResult checkUniqueNames(Reader &reader, const LaunchDescription &d) {
  llvm::StringSet<> seen;
  SmallVector<StringRef> names;
  for (const LaunchArg &arg : d.args)
    names.push_back(arg.name);
  for (const auto &entry : d.maxSizes)
    names.push_back(entry.first);
  for (const WorkspaceBuffer &buffer : d.buffers)
    names.push_back(buffer.name);
  for (StringRef name : names)
    if (!seen.insert(name).second)
      return reader.error("") << " names '" << name
                              << "' twice (expected distinct names for "
                                 "arguments, run-time sizes and workspace "
                                 "buffers)";
  return success();
}

/// Reads the optional ring plan of a matmul kernel whose other fields are
/// read.
LogicalResult readRingPlan(Reader &reader, DictionaryAttr dict, StringRef where,
                           const LaunchDescription &d, LaunchKernel &kernel) {
  FailureOr<DictionaryAttr> attr = reader.get<DictionaryAttr>(
      dict, where, "ring_plan", "a dictionary", /*optional=*/true);
  if (failed(attr))
    return failure();
  if (!*attr)
    return success();
  std::string planWhere = (where + " ring_plan").str();
  if (failed(reader.checkKeys(
          *attr, planWhere,
          {"size", "min_slice", "max_slice", "spare", "wave_items"})))
    return failure();
  FailureOr<std::string> size = reader.getString(*attr, planWhere, "size");
  FailureOr<int64_t> minSlice = reader.getInt(*attr, planWhere, "min_slice", 1);
  FailureOr<int64_t> maxSlice = reader.getInt(*attr, planWhere, "max_slice", 1);
  FailureOr<int64_t> spare = reader.getInt(*attr, planWhere, "spare", 1);
  FailureOr<int64_t> waveItems =
      reader.getInt(*attr, planWhere, "wave_items", 1);
  if (failed(size) || failed(minSlice) || failed(maxSlice) || failed(spare) ||
      failed(waveItems))
    return failure();
  if (*size == "m" || d.getSizeIndex(*size) < 0)
    return reader.error(planWhere) << " field 'size' is '" << *size
                                   << "', expected a run-time size other "
                                      "than m";
  if (kernel.splitK < 2 || kernel.clusterSplit || kernel.splitInKernel ||
      kernel.tailSplit > 1 || kernel.streamKTiles)
    return reader.error(where)
           << " has a 'ring_plan' with split_k = " << kernel.splitK
           << ", expected split_k >= 2 without cluster_split, "
              "split_in_kernel, tail_split or stream_k_tiles";
  constexpr int64_t kI32Max = std::numeric_limits<int32_t>::max();
  if (*maxSlice < *minSlice || *maxSlice > kI32Max)
    return reader.error(planWhere)
           << " field 'max_slice' is " << *maxSlice << ", expected "
           << *minSlice << " (min_slice) to " << kI32Max;
  int64_t blocks = llvm::divideCeil(d.n, kernel.blockN) * (kernel.splitK - 1);
  if (*spare != blocks || *spare > kI32Max)
    return reader.error(planWhere)
           << " field 'spare' is " << *spare << ", expected " << blocks
           << " (ceil(" << d.n << " / " << kernel.blockN << ") x (split_k - 1)"
           << (blocks > kI32Max ? ", below 2^31" : "") << ")";
  if (*waveItems > kI32Max)
    return reader.error(planWhere) << " field 'wave_items' is " << *waveItems
                                   << ", expected at most " << kI32Max;
  kernel.ringPlan =
      LaunchRingPlan{*size, *minSlice, *maxSlice, *spare, *waveItems};
  return success();
}

/// Reads the role-specific fields of a kernel.
LogicalResult readKernelGeometry(Reader &reader, DictionaryAttr dict,
                                 StringRef where, const LaunchDescription &d,
                                 LaunchKernel &kernel) {
  if (kernel.role == KernelRole::Prologue) {
    FailureOr<int64_t> rows = reader.getInt(dict, where, "rows_per_block", 1);
    if (failed(rows))
      return failure();
    kernel.rowsPerBlock = *rows;
    return success();
  }
  if (kernel.role == KernelRole::Validate) {
    FailureOr<int64_t> blocks = reader.getInt(dict, where, "blocks", 1);
    if (failed(blocks))
      return failure();
    if (*blocks > kMaxGridX)
      return reader.error(where) << " field 'blocks' is " << *blocks
                                 << ", expected at most " << kMaxGridX;
    kernel.blocks = *blocks;
    return success();
  }
  FailureOr<int64_t> blockM = reader.getInt(dict, where, "block_m", 1);
  FailureOr<int64_t> blockN = reader.getInt(dict, where, "block_n", 1);
  FailureOr<int64_t> splitK = reader.getInt(dict, where, "split_k", 1);
  FailureOr<int64_t> maxM = reader.getInt(dict, where, "max_m", 0);
  FailureOr<bool> replaces = reader.getBool(dict, where, "replaces_prologue");
  FailureOr<int64_t> tailSplit =
      reader.getOptionalInt(dict, where, "tail_split", 1, 1);
  FailureOr<int64_t> waveBlocks =
      reader.getOptionalInt(dict, where, "wave_blocks", 1, 0);
  FailureOr<int64_t> streamKTiles =
      reader.getOptionalInt(dict, where, "stream_k_tiles", 1, 0);
  FailureOr<bool> clusterSplit = reader.getBool(dict, where, "cluster_split");
  FailureOr<bool> splitInKernel =
      reader.getBool(dict, where, "split_in_kernel");
  FailureOr<int64_t> rowSplit =
      reader.getOptionalInt(dict, where, "row_split", 0, 0);
  FailureOr<int64_t> rowRest =
      reader.getOptionalInt(dict, where, "row_rest", 0, 0);
  if (failed(blockM) || failed(blockN) || failed(splitK) || failed(maxM) ||
      failed(replaces) || failed(tailSplit) || failed(waveBlocks) ||
      failed(streamKTiles) || failed(clusterSplit) || failed(splitInKernel) ||
      failed(rowSplit) || failed(rowRest))
    return failure();
  if (*rowSplit ? *rowRest < 1 || *rowRest >= *rowSplit : *rowRest != 0)
    return reader.error(where)
           << " field 'row_rest' is " << *rowRest << ", expected 1 to "
           << "row_split - 1 with a row_split, absent or 0 without";
  if (*rowSplit) {
    // The stub offsets the rows of every argument whose first dim is m and
    // sizes the workspace per part: m may appear nowhere else.
    bool mElsewhere = llvm::any_of(d.args, [](const LaunchArg &arg) {
      return llvm::any_of(llvm::drop_begin(arg.dims), [](const LaunchDim &dim) {
        return std::holds_alternative<std::string>(dim) &&
               std::get<std::string>(dim) == "m";
      });
    });
    if (*rowSplit % *blockM != 0 || *rowSplit > ConfigAttr::kMaxRowSplit ||
        (*maxM && *rowSplit >= *maxM) || d.staticM > 0 || mElsewhere)
      return reader.error(where)
             << " field 'row_split' is " << *rowSplit
             << ", expected a multiple of block_m (" << *blockM
             << ") of at most " << ConfigAttr::kMaxRowSplit
             << ", below max_m, with a dynamic M that is only ever an "
                "argument's first dim";
  }
  if (*splitInKernel && (*splitK < 2 || *clusterSplit))
    return reader.error(where)
           << " field 'split_in_kernel' is true with split_k = " << *splitK
           << (*clusterSplit ? " and cluster_split" : "")
           << ", expected split_k >= 2 and no cluster split";
  if (*clusterSplit && (*splitK < 2 || *splitK > ConfigAttr::kMaxClusterSplit))
    return reader.error(where)
           << " field 'cluster_split' is true with split_k = " << *splitK
           << ", expected split_k in [2, " << ConfigAttr::kMaxClusterSplit
           << "]";
  if (*streamKTiles && (*splitK != 1 || *tailSplit != 1 || *waveBlocks == 0))
    return reader.error(where)
           << " field 'stream_k_tiles' is " << *streamKTiles
           << ", which needs split_k = 1, no 'tail_split' and a field "
              "'wave_blocks'";
  if (*tailSplit > 1 && (*splitK != 1 || *waveBlocks == 0))
    return reader.error(where)
           << " field 'tail_split' is " << *tailSplit
           << ", which needs split_k = 1 and a field 'wave_blocks'";
  if ((*tailSplit > 1 || *streamKTiles) && *waveBlocks > kMaxGridYZ)
    return reader.error(where) << " field 'wave_blocks' is " << *waveBlocks
                               << ", expected at most " << kMaxGridYZ;
  if (*splitK > kMaxGridYZ)
    return reader.error(where)
           << " field 'split_k' is " << *splitK << ", expected at most "
           << kMaxGridYZ << " (the grid's z extent)";
  if (llvm::divideCeil(d.n, *blockN) > kMaxGridX)
    return reader.error(where)
           << " grid x extent ceil(" << d.n << " / " << *blockN
           << ") is over the limit of " << kMaxGridX;
  kernel.blockM = *blockM;
  kernel.blockN = *blockN;
  kernel.splitK = *splitK;
  kernel.maxM = *maxM;
  kernel.replacesPrologue = *replaces;
  kernel.clusterSplit = *clusterSplit;
  kernel.splitInKernel = *splitInKernel;
  kernel.tailSplit = *tailSplit;
  kernel.streamKTiles = *streamKTiles;
  kernel.waveBlocks = *tailSplit > 1 || *streamKTiles ? *waveBlocks : 0;
  kernel.rowSplit = *rowSplit;
  kernel.rowRest = *rowRest;
  if (failed(readRingPlan(reader, dict, where, d, kernel)))
    return failure();
  FailureOr<DictionaryAttr> minSizes = reader.get<DictionaryAttr>(
      dict, where, "min_sizes", "a dictionary", /*optional=*/true);
  if (failed(minSizes))
    return failure();
  if (!*minSizes)
    return success();
  for (NamedAttribute bound : *minSizes) {
    StringRef name = bound.getName().getValue();
    if (name == "m" || d.getSizeIndex(name) < 0)
      return reader.error(where)
             << " field 'min_sizes' bounds '" << name
             << "', expected a run-time size other than m";
    FailureOr<int64_t> min = reader.getInt(*minSizes, where, name, 0);
    if (failed(min))
      return failure();
    kernel.minSizes.emplace_back(name.str(), *min);
  }
  return success();
}

/// The memref type a kernel takes for `operand` of `d`.
Type getOperandType(func::FuncOp func, const LaunchDescription &d,
                    StringRef operand) {
  int argIndex = d.getArgIndex(operand);
  if (argIndex >= 0)
    return func.getArgumentTypes()[argIndex];
  const WorkspaceBuffer &buffer = d.buffers[d.getBufferIndex(operand)];
  SmallVector<int64_t> shape;
  if (buffer.size != WorkspaceSize::Dims)
    shape.push_back(ShapedType::kDynamic);
  for (const LaunchDim &dim : buffer.dims) {
    auto *extent = std::get_if<int64_t>(&dim);
    shape.push_back(extent ? *extent : ShapedType::kDynamic);
  }
  return MemRefType::get(shape, buffer.elementType);
}

/// The static bytes of one row of the rank-2 argument or buffer `operand`,
/// or 0 when it is not one with a static second dimension.
int64_t getStaticRowBytes(func::FuncOp func, const LaunchDescription &d,
                          StringRef operand) {
  if (d.getArgIndex(operand) < 0 && d.getBufferIndex(operand) < 0)
    return 0;
  auto type = dyn_cast<MemRefType>(getOperandType(func, d, operand));
  if (!type || type.getRank() < 2 || !type.getElementType().isIntOrFloat() ||
      llvm::any_of(type.getShape().drop_front(), ShapedType::isDynamic))
    return 0;
  return type.getShape().back() * type.getElementTypeBitWidth() / 8;
}

/// Reads the optional tensor maps of a kernel.
LogicalResult readTensorMaps(Reader &reader, DictionaryAttr dict,
                             StringRef where, const LaunchDescription &d,
                             LaunchKernel &kernel) {
  FailureOr<ArrayAttr> maps = reader.get<ArrayAttr>(
      dict, where, "tensor_maps", "an array", /*optional=*/true);
  if (failed(maps))
    return failure();
  if (!*maps)
    return success();
  for (auto [i, attr] : llvm::enumerate(*maps)) {
    std::string mapWhere = (where + " tensor map " + Twine(i)).str();
    auto map = dyn_cast<DictionaryAttr>(attr);
    if (!map)
      return reader.error(mapWhere)
             << " is " << attr << ", expected a dictionary";
    if (failed(reader.checkKeys(
            map, mapWhere, {"operand", "row_bytes", "box_rows", "box_bytes"})))
      return failure();
    FailureOr<std::string> operand = reader.getString(map, mapWhere, "operand");
    FailureOr<int64_t> rowBytes = reader.getInt(map, mapWhere, "row_bytes", 16);
    FailureOr<int64_t> boxRows = reader.getInt(map, mapWhere, "box_rows", 1);
    FailureOr<int64_t> boxBytes = reader.getOptionalInt(
        map, mapWhere, "box_bytes", 1, kTensorMapBoxBytes);
    if (failed(operand) || failed(rowBytes) || failed(boxRows) ||
        failed(boxBytes))
      return failure();
    int64_t actual = getStaticRowBytes(reader.getFunc(), d, *operand);
    if (actual == 0)
      return reader.error(mapWhere)
             << " operand '" << *operand
             << "' is not an argument or buffer of rank 2 or more whose dims "
                "past the first are static";
    if (*rowBytes != actual || actual % 16 != 0)
      return reader.error(mapWhere)
             << " field 'row_bytes' is " << *rowBytes << ", expected "
             << actual << " (the bytes of a row of '" << *operand
             << "', a multiple of 16)";
    if (*boxRows > 256)
      return reader.error(mapWhere) << " field 'box_rows' is " << *boxRows
                                    << ", expected at most 256";
    if (*boxBytes != 64 && *boxBytes != kTensorMapBoxBytes)
      return reader.error(mapWhere)
             << " field 'box_bytes' is " << *boxBytes << ", expected 64 or 128";
    kernel.tensorMaps.push_back({*operand, *rowBytes, *boxRows, *boxBytes});
  }
  return success();
}

/// Reads one kernel; its operands must name arguments or buffers.
LogicalResult readKernel(Reader &reader, Attribute attr, size_t index,
                         LaunchDescription &d) {
  auto dict = dyn_cast<DictionaryAttr>(attr);
  std::string where = describe("kernel", index, peekName(dict, "kernel"));
  if (!dict)
    return reader.error(where) << " is " << attr << ", expected a dictionary";
  FailureOr<std::string> name = reader.getString(dict, where, "kernel");
  FailureOr<std::string> role = reader.getString(dict, where, "role");
  if (failed(name) || failed(role))
    return failure();
  if (!isSymbolName(*name))
    return reader.error(where) << " name '" << *name
                               << "' is not a kernel symbol (expected letters, "
                                  "digits and _)";
  LaunchKernel &kernel = d.kernels.emplace_back();
  kernel.name = *name;
  SmallVector<StringRef> known = {"kernel",        "role",
                                  "operands",      "threads",
                                  "shared_memory", "programmatic",
                                  "tensor_maps"};
  if (*role == kPrologueRole) {
    kernel.role = KernelRole::Prologue;
    known.push_back("rows_per_block");
  } else if (*role == kMatmulRole) {
    kernel.role = KernelRole::Matmul;
    known.append({"block_m", "block_n", "split_k", "max_m", "replaces_prologue",
                  "min_sizes", "tail_split", "stream_k_tiles", "wave_blocks",
                  "cluster_split", "split_in_kernel", "ring_plan", "row_split",
                  "row_rest"});
  } else if (*role == kValidateRole) {
    kernel.role = KernelRole::Validate;
    known.push_back("blocks");
  } else {
    return reader.error(where)
           << " role is '" << *role << "', expected '" << kPrologueRole
           << "', '" << kMatmulRole << "' or '" << kValidateRole << "'";
  }
  if (failed(reader.checkKeys(dict, where, known)))
    return failure();
  FailureOr<ArrayAttr> operands =
      reader.get<ArrayAttr>(dict, where, "operands", "an array of names");
  FailureOr<int64_t> threads = reader.getInt(dict, where, "threads", 1);
  FailureOr<int64_t> shared = reader.getInt(dict, where, "shared_memory", 0);
  FailureOr<bool> programmatic = reader.getBool(dict, where, "programmatic");
  if (failed(operands) || failed(threads) || failed(shared) ||
      failed(programmatic) ||
      failed(readKernelGeometry(reader, dict, where, d, kernel)) ||
      failed(readTensorMaps(reader, dict, where, d, kernel)))
    return failure();
  if (*threads > 1024)
    return reader.error(where)
           << " field 'threads' is " << *threads << ", expected at most 1024";
  kernel.threads = *threads;
  kernel.sharedMemory = *shared;
  kernel.programmatic = *programmatic;
  for (Attribute operand : *operands) {
    auto operandName = dyn_cast<StringAttr>(operand);
    if (operandName && (d.getArgIndex(operandName) >= 0 ||
                        d.getBufferIndex(operandName) >= 0)) {
      kernel.operands.push_back(operandName.str());
      continue;
    }
    SmallVector<StringRef> candidates;
    for (const LaunchArg &arg : d.args)
      candidates.push_back(arg.name);
    for (const WorkspaceBuffer &buffer : d.buffers)
      candidates.push_back(buffer.name);
    return reader.error(where) << " operand " << operand
                               << " names no argument or workspace buffer "
                                  "(expected one of "
                               << llvm::join(candidates, ", ") << ")";
  }
  if (kernel.role != KernelRole::Validate)
    return success();
  // The status the stub zeroes and reads back: one static i32 buffer.
  SmallVector<int> statuses;
  for (const std::string &operand : kernel.operands)
    if (int index = d.getBufferIndex(operand); index >= 0)
      statuses.push_back(index);
  if (statuses.size() != 1)
    return reader.error(where) << " has " << statuses.size()
                               << " workspace operands, expected one (the "
                                  "validate status)";
  const WorkspaceBuffer &status = d.buffers[statuses.front()];
  if (!status.elementType.isInteger(32) ||
      status.size != WorkspaceSize::Dims ||
      llvm::any_of(status.dims, [](const LaunchDim &dim) {
        return std::holds_alternative<std::string>(dim);
      }))
    return reader.error(where) << " status buffer '" << status.name
                               << "' must be i32 with static dims";
  return success();
}

} // namespace

FailureOr<LaunchDescription> LaunchDescription::read(func::FuncOp func) {
  auto attr = func->getAttrOfType<DictionaryAttr>(kLaunchAttrName);
  if (!attr)
    return func.emitError() << "expected a '" << kLaunchAttrName
                            << "' dictionary (run convert-qgemm-to-gpu)";
  return read(func, attr);
}

FailureOr<LaunchDescription> LaunchDescription::read(func::FuncOp func,
                                                     DictionaryAttr attr) {
  Reader reader(func);
  LaunchDescription d;
  if (failed(reader.checkKeys(attr, "",
                              {"scheme", "summary", "module", "n", "args",
                               "max_sizes", "workspace", "kernels",
                               "static_m"})))
    return failure();
  if (attr.contains("static_m")) {
    FailureOr<int64_t> staticM = reader.getInt(attr, "", "static_m", 1);
    if (failed(staticM))
      return failure();
    d.staticM = *staticM;
    // The stub's first size, bounded by the static rows.
    d.maxSizes.emplace_back("m", 0);
  }
  FailureOr<std::string> scheme = reader.getString(attr, "", "scheme");
  FailureOr<std::string> summary = reader.getString(attr, "", "summary");
  FailureOr<FlatSymbolRefAttr> module =
      reader.get<FlatSymbolRefAttr>(attr, "", "module", "a symbol reference");
  FailureOr<int64_t> n = reader.getInt(attr, "", "n", 1);
  if (failed(scheme) || failed(summary) || failed(module) || failed(n))
    return failure();
  for (StringRef text : {StringRef(*scheme), StringRef(*summary)})
    if (llvm::any_of(text, [](char c) { return llvm::isPrint(c) == 0; }))
      return reader.error("")
             << " text '" << text << "' is not one printable line";
  d.scheme = *scheme;
  d.summary = *summary;
  d.module = module->getValue().str();
  d.n = *n;
  if (failed(readArgs(reader, attr, d)) ||
      failed(readMaxSizes(reader, attr, d)) ||
      failed(readWorkspace(reader, attr, d)) ||
      failed(checkUniqueNames(reader, d)))
    return failure();
  FailureOr<ArrayAttr> kernels =
      reader.get<ArrayAttr>(attr, "", "kernels", "an array");
  if (failed(kernels))
    return failure();
  for (auto [i, kernel] : llvm::enumerate(*kernels))
    if (failed(readKernel(reader, kernel, i, d)))
      return failure();
  if (llvm::none_of(d.kernels, [](const LaunchKernel &kernel) {
        return kernel.role == KernelRole::Matmul;
      }))
    return reader.error("") << " has no kernel with role '" << kMatmulRole
                            << "' (expected at least one)";
  if (llvm::count_if(d.kernels, [](const LaunchKernel &kernel) {
        return kernel.role == KernelRole::Validate;
      }) > 1)
    return reader.error("") << " has more than one kernel with role '"
                            << kValidateRole << "' (expected at most one)";
  // The stub runs the first matmul variant whose max_m admits M: bounds in
  // order, the unbounded variants (max_m = 0) last.
  int64_t previous = 1;
  for (auto [i, kernel] : llvm::enumerate(d.kernels)) {
    if (kernel.role != KernelRole::Matmul)
      continue;
    if (previous == 0 && kernel.maxM != 0)
      return reader.error(describe("kernel", i, kernel.name))
             << " has max_m = " << kernel.maxM
             << " after an unbounded variant (expected the variants in "
                "order of max_m, the unbounded ones last)";
    if (kernel.maxM != 0 && kernel.maxM < previous)
      return reader.error(describe("kernel", i, kernel.name))
             << " has max_m = " << kernel.maxM << " below the " << previous
             << " of an earlier variant (expected the variants in order of "
                "max_m, the unbounded ones last)";
    previous = kernel.maxM;
  }
  return d;
}

//===----------------------------------------------------------------------===//
// Building
//===----------------------------------------------------------------------===//

namespace {

/// A func argument the lowering names: the matmul operand `value`, called
/// `name`, its dynamic dims called `dynamicDims` in order.
struct NamedOperand {
  Value value;
  StringRef name;
  SmallVector<StringRef> dynamicDims;
  /// The alignment its kernels need, in bytes; 0: describeArgs's.
  int64_t align = 0;
};

/// Describes the func's arguments from the matmul operands that they are:
/// every argument must be exactly one of `operands`.
FailureOr<SmallVector<LaunchArg>> describeArgs(func::FuncOp func, Operation *op,
                                               ArrayRef<NamedOperand> operands,
                                               int64_t align) {
  SmallVector<LaunchArg> args(func.getNumArguments());
  for (const NamedOperand &operand : operands) {
    auto arg = cast<BlockArgument>(operand.value);
    LaunchArg &described = args[arg.getArgNumber()];
    if (!described.name.empty())
      return op->emitOpError()
             << "expected distinct func arguments for the host stub, got "
                "argument #"
             << arg.getArgNumber() << " as both " << described.name << " and "
             << operand.name;
    auto type = cast<MemRefType>(arg.getType());
    described.name = operand.name.str();
    described.align = operand.align ? operand.align : align;
    // Padded rows (the verifier admits them where the kernels read them).
    if (!type.getLayout().isIdentity()) {
      described.pitch = getRowPitch(type);
      if (!described.pitch)
        return op->emitOpError()
               << "expected " << operand.name
               << " row-major or with padded rows (strided<[pitch, 1]>), got "
               << type;
    }
    ArrayRef<StringRef> names = operand.dynamicDims;
    for (int64_t extent : type.getShape()) {
      if (!ShapedType::isDynamic(extent)) {
        described.dims.push_back(extent);
        continue;
      }
      if (names.empty())
        return op->emitOpError() << "expected a name for every dynamic dim of "
                                 << operand.name << " (" << type << ")";
      described.dims.push_back(names.front().str());
      names = names.drop_front();
    }
  }
  for (auto [i, arg] : llvm::enumerate(args))
    if (arg.name.empty())
      return op->emitOpError()
             << "expected every func argument to be an operand (the host stub "
                "passes exactly those), got argument #"
             << i << " (" << func.getArgumentTypes()[i] << ") unused";
  return args;
}

/// Checks `d` with the reader and every kernel's operands against its
/// gpu.func in `module`, then returns the attribute.
FailureOr<DictionaryAttr> finishDescription(func::FuncOp func, Operation *op,
                                            gpu::GPUModuleOp module,
                                            const LaunchDescription &d) {
  DictionaryAttr attr = d.toAttr(func.getContext());
  if (failed(LaunchDescription::read(func, attr)))
    return failure();
  for (const LaunchKernel &kernel : d.kernels) {
    auto gpuFunc = module.lookupSymbol<gpu::GPUFuncOp>(kernel.name);
    if (!gpuFunc)
      return op->emitOpError()
             << "launch description names kernel '" << kernel.name
             << "', which " << module.getSymName() << " does not hold";
    // The tensor maps come first, as pointers to their parameters, then a
    // ring plan's three i32.
    ArrayRef<Type> types = gpuFunc.getArgumentTypes();
    size_t maps = kernel.tensorMaps.size();
    size_t planArgs = kernel.ringPlan ? 3 : 0;
    auto isI32 = [](Type type) { return type.isSignlessInteger(32); };
    if (types.size() != maps + planArgs + kernel.operands.size() ||
        !llvm::all_of(types.take_front(maps),
                      llvm::IsaPred<LLVM::LLVMPointerType>) ||
        !llvm::all_of(types.slice(maps, planArgs), isI32))
      return op->emitOpError()
             << "launch description gives kernel '" << kernel.name << "' "
             << maps << " tensor maps, " << planArgs << " plan values and "
             << kernel.operands.size() << " operands, expected " << types.size()
             << " arguments, the tensor maps first (!llvm.ptr), then the "
                "plan values (i32)";
    types = types.drop_front(maps + planArgs);
    for (auto [operand, type] : llvm::zip_equal(kernel.operands, types))
      if (getOperandType(func, d, operand) != type)
        return op->emitOpError()
               << "launch description passes " << operand << " ("
               << getOperandType(func, d, operand) << ") to kernel '"
               << kernel.name << "', expected " << type;
  }
  return attr;
}

} // namespace

/// The split-K tile counters of a family whose split variants have a
/// bounded M: one static i32 [count] buffer that must be zero before the
/// first call and that every call leaves zero.
static WorkspaceBuffer getKeptZeroCounters(MLIRContext *ctx, int64_t count) {
  WorkspaceBuffer buffer{
      "counters", IntegerType::get(ctx, 32), {count}, WorkspaceSize::Dims};
  buffer.keptZero = true;
  return buffer;
}

FailureOr<DictionaryAttr> mlir::qgemm::buildW8A8LaunchDescription(
    func::FuncOp func, MatmulOp op, gpu::GPUModuleOp module,
    ArrayRef<LaunchKernel> kernels, int64_t sectionAlign) {
  MLIRContext *ctx = op.getContext();
  int64_t k = op.getK();
  // With the activation already quantized the matmul kernels read xq and
  // sx from the arguments (there is no quantize kernel).
  bool preQuantized = kernel::isPreQuantizedW8A8(op);
  LaunchDescription d;
  d.scheme = "w8a8";
  d.summary = llvm::formatv(
      preQuantized ? "Y[M, {0}] = fp16(Xq[M, {1}] . Wq^T * sx * sw)"
                   : "Y[M, {0}] = fp16(quantize(X[M, {1}]) . Wq^T * sx * sw)",
      op.getN(), k);
  d.module = module.getSymName().str();
  d.n = op.getN();
  SmallVector<NamedOperand> operands;
  // The kernels read sx one scalar at a time: 4-byte aligned is enough
  // (a caller may pass rows of a larger scale buffer).
  if (preQuantized)
    operands = {{op.getLhs(), "xq", {"m"}},
                {op.getLhsScales()[0], "sx", {"m"}, /*align=*/4}};
  else
    operands = {{op.getLhs(), "x", {"m"}}};
  operands.append({{op.getWeights()[0], "wq", {}},
                   {op.getWeights()[1], "sw", {}},
                   {op.getOut(), "y", {"m"}}});
  FailureOr<SmallVector<LaunchArg>> args =
      describeArgs(func, op, operands, kW8A8Align);
  if (failed(args))
    return failure();
  d.args = std::move(*args);
  d.maxSizes = {{"m", getMaxRows(op)}};
  d.staticM = ShapedType::isDynamic(op.getM()) ? 0 : op.getM();
  d.workspaceAlign = kW8A8Align;
  d.sectionAlign = sectionAlign;
  if (preQuantized) {
    // No quantize kernel zeroes the split-K counters before a call: they
    // are one static buffer that every call leaves zero (the split
    // epilogues reset their counter), the partials after it. Every kernel
    // takes a counters operand; in a family without a variant that counts
    // slices it is the partials buffer, empty for every M (no workspace at
    // all).
    int64_t counters = kernel::getW8A8CounterCount(op);
    d.buffers = {{"partials",
                  IntegerType::get(ctx, 32),
                  {},
                  WorkspaceSize::SplitKPartials}};
    if (counters)
      d.buffers.insert(d.buffers.begin(), getKeptZeroCounters(ctx, counters));
    for (const LaunchKernel &built : kernels) {
      LaunchKernel &kernel = d.kernels.emplace_back(built);
      kernel.operands = {"xq",
                         "sx",
                         "wq",
                         "sw",
                         "y",
                         "partials",
                         counters ? "counters" : "partials"};
    }
    return finishDescription(func, op, module, d);
  }
  d.buffers = {
      {"xq",
       IntegerType::get(ctx, 8),
       {"m", kernel::getW8A8ActivationPitch(k)},
       WorkspaceSize::Dims},
      {"sx", Float32Type::get(ctx), {"m"}, WorkspaceSize::Dims},
      {"partials",
       IntegerType::get(ctx, 32),
       {},
       WorkspaceSize::SplitKPartials},
      {"counters",
       IntegerType::get(ctx, 32),
       {},
       WorkspaceSize::SplitKCounters},
  };
  // quantize writes xq and sx and zeroes the split-K tile counters; a
  // variant that quantizes x itself takes x first.
  for (const LaunchKernel &built : kernels) {
    LaunchKernel &kernel = d.kernels.emplace_back(built);
    if (kernel.role == KernelRole::Prologue) {
      kernel.operands = {"x", "xq", "sx", "counters"};
      continue;
    }
    kernel.operands = {"xq", "sx", "wq", "sw", "y", "partials", "counters"};
    if (kernel.replacesPrologue)
      kernel.operands.insert(kernel.operands.begin(), "x");
  }
  return finishDescription(func, op, module, d);
}

FailureOr<DictionaryAttr> mlir::qgemm::buildW4A16LaunchDescription(
    func::FuncOp func, MatmulOp op, gpu::GPUModuleOp module,
    ArrayRef<LaunchKernel> kernels, int64_t sectionAlign) {
  MLIRContext *ctx = op.getContext();
  bool zeroPoints = op.getWeightEncoding().getZeroPoints();
  bool perGroup =
      op.getWeightEncoding().getScales() == ScaleGranularity::per_group;
  LaunchDescription d;
  d.scheme = "w4a16";
  d.summary = llvm::formatv(
      "Y[M, {0}] = X[M, {1}] . ({2})^T, int4 weights, fp16 scales {3}",
      op.getN(), op.getK(), zeroPoints ? "(Wq - zeros) * scales" : "Wq * scales",
      perGroup ? llvm::formatv("per group of {0} along K",
                               op.getWeightEncoding().getGroupSize())
                     .str()
               : std::string("per channel"));
  if (op.getWeightEncoding().getFragmentOrder())
    d.summary += ", Wq in fragment order (word 4b + q of a channel's 32-K "
                 "block b: k = 32b + 8j + 2q, + 1 in nibbles j, j + 4)";
  d.module = module.getSymName().str();
  d.n = op.getN();
  SmallVector<NamedOperand> operands = {{op.getLhs(), "x", {"m"}},
                                        {op.getWeights()[0], "wq", {}},
                                        {op.getWeights()[1], "scales", {}}};
  if (zeroPoints)
    operands.push_back({op.getWeights()[2], "zeros", {}});
  operands.push_back({op.getOut(), "y", {"m"}});
  FailureOr<SmallVector<LaunchArg>> args =
      describeArgs(func, op, operands, kW8A8Align);
  if (failed(args))
    return failure();
  d.args = std::move(*args);
  d.maxSizes = {{"m", getMaxRows(op)}};
  d.staticM = ShapedType::isDynamic(op.getM()) ? 0 : op.getM();
  d.workspaceAlign = kW8A8Align;
  d.sectionAlign = sectionAlign;
  // Split-K variants have a bounded M (checkW4A16Lowerable), and a tail
  // split counts a wave's tiles at most, so their tile counters fit one
  // static buffer that stays in place for every M; each call leaves them
  // zero.
  if (int64_t counters = kernel::getW4A16CounterCount(op))
    d.buffers = {
        getKeptZeroCounters(ctx, counters),
        {"partials", Float32Type::get(ctx), {}, WorkspaceSize::SplitKPartials}};
  for (const LaunchKernel &built : kernels) {
    LaunchKernel &kernel = d.kernels.emplace_back(built);
    kernel.operands = {"x", "wq", "scales"};
    if (zeroPoints)
      kernel.operands.push_back("zeros");
    kernel.operands.push_back("y");
    if (kernel.splitK > 1 || kernel.tailSplit > 1)
      kernel.operands.append({"partials", "counters"});
  }
  return finishDescription(func, op, module, d);
}

FailureOr<DictionaryAttr> mlir::qgemm::buildBsrLaunchDescription(
    func::FuncOp func, MatmulOp op, gpu::GPUModuleOp module,
    ArrayRef<LaunchKernel> kernels, int64_t sectionAlign) {
  MLIRContext *ctx = op.getContext();
  int64_t n = op.getN(), k = op.getK();
  LaunchDescription d;
  d.scheme = "bsr";
  d.summary = llvm::formatv(
      "Y[M, {0}] = X[M, {1}] . W^T, W [{0}, {1}] fp16 in BSR, 32 x 32 blocks",
      n, k);
  d.module = module.getSymName().str();
  d.n = n;
  FailureOr<SmallVector<LaunchArg>> args =
      describeArgs(func, op,
                   {{op.getLhs(), "x", {"m"}},
                    {op.getWeights()[0], "row_ptr", {}},
                    {op.getWeights()[1], "col_idx", {"nnzb"}},
                    {op.getWeights()[2], "blocks", {"nnzb"}},
                    {op.getOut(), "y", {"m"}}},
                   kW8A8Align);
  if (failed(args))
    return failure();
  d.args = std::move(*args);
  d.maxSizes = {{"m", getMaxRows(op)}, {"nnzb", (n / 32) * (k / 32)}};
  d.staticM = ShapedType::isDynamic(op.getM()) ? 0 : op.getM();
  d.workspaceAlign = kW8A8Align;
  d.sectionAlign = sectionAlign;
  // The split variants have a bounded M (checkBsrLowerable), so their tile
  // counters fit one static buffer that stays in place for every M.
  d.buffers = {
      {"status", IntegerType::get(ctx, 32), {1}, WorkspaceSize::Dims},
      getKeptZeroCounters(ctx, kernel::getBsrCounterCount(op)),
      {"partials", Float32Type::get(ctx), {}, WorkspaceSize::SplitKPartials},
  };
  for (const LaunchKernel &built : kernels) {
    LaunchKernel &kernel = d.kernels.emplace_back(built);
    if (kernel.role == KernelRole::Validate) {
      kernel.operands = {"row_ptr", "col_idx", "status"};
      continue;
    }
    kernel.operands = {"x", "row_ptr", "col_idx", "blocks", "y"};
    if (kernel.splitK > 1)
      kernel.operands.append({"partials", "counters"});
  }
  return finishDescription(func, op, module, d);
}
