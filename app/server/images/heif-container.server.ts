/**
 * Reads what an HEIF file (an iPhone's HEIC photo) says about its primary picture, from the container's boxes
 * alone, before any decoder sees the file: which codec it needs, the size it declares (the ispe property), and
 * how it is to be turned (irot, imir). That lets the upload checks refuse a huge or non-HEVC file without
 * decoding it. Only the boxes needed are read; anything malformed throws HeifContainerError.
 */

export type HeifPrimary = {
  /** Brands of the ftyp box: the major one first. */
  brands: string[];
  /** The primary item's type: "hvc1" (HEVC), "grid" (tiles), "av01" (AVIF)... */
  itemType: string;
  /** The codec of the pixels: the item's own type, or its tiles' for a grid. */
  codec: string;
  /** Declared size before rotation (ispe). */
  width: number;
  height: number;
  /** Pixels the decoder makes: the grid's tiles together, or the image itself. */
  decodedPixels: number;
  /** Counter-clockwise quarter turns (irot), and the mirror axis (imir: 0 vertical axis, 1 horizontal). */
  rotation: 0 | 90 | 180 | 270;
  mirror: 0 | 1 | null;
};

export class HeifContainerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "HeifContainerError";
  }
}

type Box = { type: string; start: number; body: number; end: number };

function readBoxes(view: DataView, start: number, end: number): Box[] {
  const boxes: Box[] = [];
  let offset = start;
  while (offset + 8 <= end) {
    let size = view.getUint32(offset);
    const type = fourcc(view, offset + 4);
    let body = offset + 8;
    if (size === 1) {
      if (offset + 16 > end) throw new HeifContainerError("box header cut short");
      size = Number(view.getBigUint64(offset + 8));
      body = offset + 16;
    } else if (size === 0) {
      size = end - offset;
    }
    if (size < body - offset || offset + size > end) throw new HeifContainerError(`${type} box runs past its parent`);
    boxes.push({ type, start: offset, body, end: offset + size });
    offset += size;
  }
  return boxes;
}

const fourcc = (view: DataView, offset: number) =>
  String.fromCharCode(view.getUint8(offset), view.getUint8(offset + 1), view.getUint8(offset + 2), view.getUint8(offset + 3));

const find = (boxes: Box[], type: string) => boxes.find((box) => box.type === type);

function need(box: Box | undefined, type: string): Box {
  if (!box) throw new HeifContainerError(`no ${type} box`);
  return box;
}

/** Item id → property indexes (1-based into ipco), from ipma. */
function readAssociations(view: DataView, ipma: Box): Map<number, number[]> {
  const version = view.getUint8(ipma.body);
  const wide = (view.getUint32(ipma.body) & 1) === 1;
  let offset = ipma.body + 4;
  const count = view.getUint32(offset);
  offset += 4;
  const associations = new Map<number, number[]>();
  for (let i = 0; i < count; i++) {
    const itemId = version < 1 ? view.getUint16(offset) : view.getUint32(offset);
    offset += version < 1 ? 2 : 4;
    const n = view.getUint8(offset++);
    const indexes: number[] = [];
    for (let j = 0; j < n; j++) {
      indexes.push(wide ? view.getUint16(offset) & 0x7fff : view.getUint8(offset) & 0x7f);
      offset += wide ? 2 : 1;
    }
    associations.set(itemId, indexes);
  }
  return associations;
}

/** Item id → item type, from iinf's infe boxes (versions 2 and 3, the ones HEIF uses). */
function readItemTypes(view: DataView, iinf: Box): Map<number, string> {
  const version = view.getUint8(iinf.body);
  const first = iinf.body + 4 + (version === 0 ? 2 : 4);
  const types = new Map<number, string>();
  for (const infe of readBoxes(view, first, iinf.end).filter((box) => box.type === "infe")) {
    const infeVersion = view.getUint8(infe.body);
    if (infeVersion < 2) continue;
    const id = infeVersion === 2 ? view.getUint16(infe.body + 4) : view.getUint32(infe.body + 4);
    types.set(id, fourcc(view, infe.body + 4 + (infeVersion === 2 ? 2 : 4) + 2));
  }
  return types;
}

/** The items a grid is made of (its dimg references in iref). */
function readTiles(view: DataView, iref: Box | undefined, gridId: number): number[] {
  if (!iref) return [];
  const wide = view.getUint8(iref.body) !== 0;
  for (const ref of readBoxes(view, iref.body + 4, iref.end)) {
    let offset = ref.body;
    const from = wide ? view.getUint32(offset) : view.getUint16(offset);
    offset += wide ? 4 : 2;
    if (ref.type !== "dimg" || from !== gridId) continue;
    const count = view.getUint16(offset);
    offset += 2;
    return Array.from({ length: count }, (_, i) => (wide ? view.getUint32(offset + i * 4) : view.getUint16(offset + i * 2)));
  }
  return [];
}

/** Reads the primary picture's description; throws HeifContainerError when the boxes are missing or malformed. */
export function readHeifPrimary(bytes: Uint8Array): HeifPrimary {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  try {
    const top = readBoxes(view, 0, bytes.length);
    const ftyp = need(find(top, "ftyp"), "ftyp");
    const brands = [fourcc(view, ftyp.body)];
    for (let offset = ftyp.body + 8; offset + 4 <= ftyp.end; offset += 4) brands.push(fourcc(view, offset));
    const meta = need(find(top, "meta"), "meta");
    const inMeta = readBoxes(view, meta.body + 4, meta.end);
    const pitm = need(find(inMeta, "pitm"), "pitm");
    const primaryId = view.getUint8(pitm.body) === 0 ? view.getUint16(pitm.body + 4) : view.getUint32(pitm.body + 4);
    const itemTypes = readItemTypes(view, need(find(inMeta, "iinf"), "iinf"));
    const iprp = readBoxes(view, need(find(inMeta, "iprp"), "iprp").body, find(inMeta, "iprp")!.end);
    const properties = readBoxes(view, need(find(iprp, "ipco"), "ipco").body, find(iprp, "ipco")!.end);
    const associations = readAssociations(view, need(find(iprp, "ipma"), "ipma"));

    const propertiesOf = (itemId: number) =>
      (associations.get(itemId) ?? []).flatMap((index) => (index > 0 && properties[index - 1] ? [properties[index - 1]!] : []));
    const sizeOf = (itemId: number) => {
      const ispe = find(propertiesOf(itemId), "ispe");
      return ispe ? { width: view.getUint32(ispe.body + 4), height: view.getUint32(ispe.body + 8) } : null;
    };

    const itemType = itemTypes.get(primaryId);
    if (!itemType) throw new HeifContainerError("the primary item is not described");
    const size = sizeOf(primaryId);
    if (!size || size.width === 0 || size.height === 0) throw new HeifContainerError("the primary item declares no size");
    let codec = itemType;
    let decodedPixels = size.width * size.height;
    if (itemType === "grid") {
      const tiles = readTiles(view, find(inMeta, "iref"), primaryId);
      const tileTypes = new Set(tiles.map((id) => itemTypes.get(id)));
      if (tiles.length === 0 || tileTypes.size !== 1) throw new HeifContainerError("a grid without uniform tiles");
      codec = [...tileTypes][0] ?? "none";
      decodedPixels = tiles.reduce((sum, id) => {
        const tile = sizeOf(id);
        if (!tile) throw new HeifContainerError("a tile declares no size");
        return sum + tile.width * tile.height;
      }, 0);
    }

    let rotation: HeifPrimary["rotation"] = 0;
    let mirror: HeifPrimary["mirror"] = null;
    for (const property of propertiesOf(primaryId)) {
      if (property.type === "irot") rotation = (((view.getUint8(property.body) & 3) * 90) as HeifPrimary["rotation"]);
      if (property.type === "imir") mirror = (view.getUint8(property.body) & 1) as 0 | 1;
    }
    return { brands, itemType, codec, ...size, decodedPixels, rotation, mirror };
  } catch (error) {
    if (error instanceof HeifContainerError) throw error;
    // A DataView read past the end: the file is cut short or its sizes lie.
    throw new HeifContainerError(`the container is damaged (${(error as Error).message})`);
  }
}

/** The size a viewer shows: a quarter turn swaps width and height. */
export function uprightHeifSize(primary: HeifPrimary): { width: number; height: number } {
  const turned = primary.rotation === 90 || primary.rotation === 270;
  return turned ? { width: primary.height, height: primary.width } : { width: primary.width, height: primary.height };
}
