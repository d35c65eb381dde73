// Runs in the sandbox: values as JSON between the benchmark's JavaScript tests and the
// agent's code (the JavaScript twin of wire.py). Decoding builds plain values only
// (numbers, strings, arrays, plain objects, Maps, Sets, Dates, typed arrays) or hands a
// reference to `other`: a hostile reply can at worst be a wrong value.

const MAX_DEPTH = 200;

export class WireError extends Error {}

function plain(value) {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

export function encode(value, other, depth = 0) {
  if (depth > MAX_DEPTH) throw new WireError("a value nested too deeply to send");
  if (value === null) return null;
  switch (typeof value) {
    case "boolean":
    case "string":
      return value;
    case "number":
      if (Number.isFinite(value) && !Object.is(value, -0)) return value;
      return { $: "number", v: Object.is(value, -0) ? "-0" : String(value) };
    case "undefined":
      return { $: "undefined" };
    case "bigint":
      return { $: "bigint", v: value.toString() };
    case "function":
    case "symbol":
      return other(value);
    default:
      break;
  }
  const proto = Object.getPrototypeOf(value);
  const next = (v) => encode(v, other, depth + 1);
  if (Array.isArray(value) && proto === Array.prototype) return { $: "array", v: Array.from(value, next) };
  if (proto === Date.prototype) return { $: "date", v: Number.isNaN(value.getTime()) ? null : value.toISOString() };
  if (proto === Map.prototype) return { $: "map", v: Array.from(value, ([k, v]) => [next(k), next(v)]) };
  if (proto === Set.prototype) return { $: "set", v: Array.from(value, next) };
  if (proto === RegExp.prototype) return { $: "regexp", v: [value.source, value.flags] };
  if (value instanceof Uint8Array && proto === Uint8Array.prototype) {
    return { $: "bytes", v: Buffer.from(value).toString("base64") };
  }
  if (plain(value)) {
    return { $: "object", null: proto === null, v: Object.entries(value).map(([k, v]) => [k, next(v)]) };
  }
  return other(value);
}

function items(v, other, depth) {
  if (!Array.isArray(v)) throw new WireError("a container's items must be a list");
  return v.map((item) => decode(item, other, depth + 1));
}

export function decode(data, other, depth = 0) {
  if (depth > MAX_DEPTH) throw new WireError("a value nested too deeply");
  if (data === null || typeof data === "boolean" || typeof data === "string" || typeof data === "number") {
    return data;
  }
  if (typeof data !== "object" || Array.isArray(data) || typeof data.$ !== "string") {
    throw new WireError(`not a value: ${JSON.stringify(data).slice(0, 100)}`);
  }
  const v = data.v;
  switch (data.$) {
    case "undefined":
      return undefined;
    case "number":
      if (!["NaN", "Infinity", "-Infinity", "-0"].includes(v)) throw new WireError(`not a number: ${v}`);
      return v === "-0" ? -0 : Number(v);
    case "bigint":
      if (typeof v !== "string" || !/^-?\d+$/.test(v)) throw new WireError("not a bigint");
      return BigInt(v);
    case "array":
      return items(v, other, depth);
    case "date":
      return new Date(v === null ? NaN : String(v));
    case "map": {
      if (!Array.isArray(v) || !v.every((p) => Array.isArray(p) && p.length === 2)) {
        throw new WireError("a map's items are pairs");
      }
      return new Map(v.map(([key, value]) => [decode(key, other, depth + 1), decode(value, other, depth + 1)]));
    }
    case "set":
      return new Set(items(v, other, depth));
    case "regexp":
      if (!Array.isArray(v) || v.length !== 2) throw new WireError("a regexp is [source, flags]");
      return new RegExp(String(v[0]), String(v[1]));
    case "bytes":
      return new Uint8Array(Buffer.from(String(v), "base64"));
    case "object": {
      if (!Array.isArray(v)) throw new WireError("an object's entries must be a list");
      const result = data.null ? Object.create(null) : {};
      for (const entry of v) {
        if (!Array.isArray(entry) || entry.length !== 2 || typeof entry[0] !== "string") {
          throw new WireError("an object's entries are [name, value]");
        }
        Object.defineProperty(result, entry[0], {
          value: decode(entry[1], other, depth + 1),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
      return result;
    }
    default:
      return other(data);
  }
}
