/**
 * @module service/files/zip
 * A minimal ZIP writer for `file_type=zip` downloads (the documents of a template or a
 * signature request, one entry each): stored entries (no compression: the entries are PDFs,
 * which are compressed inside already), CRC-32, a central directory, no ZIP64 (the service's
 * documents are far below 4 GB and 65535 entries). Names are UTF-8 (general purpose bit 11).
 */
import { crc32 } from "../store/crc32";

export interface ZipEntry {
  name: string;
  data: Buffer;
}

/** 1980-01-01 00:00, the earliest MS-DOS date: fixed so that the same documents zip to the same bytes. */
const DOS_TIME = 0;
const DOS_DATE = (0 << 9) | (1 << 5) | 1;
const UTF8 = 1 << 11;
const VERSION = 20; // 2.0: the version that reads stored entries and directories

export function zip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, "utf8");
    const crc = crc32(e.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(VERSION, 4);
    local.writeUInt16LE(UTF8, 6);
    local.writeUInt16LE(0, 8); // stored
    local.writeUInt16LE(DOS_TIME, 10);
    local.writeUInt16LE(DOS_DATE, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(e.data.length, 18);
    local.writeUInt32LE(e.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    locals.push(local, name, e.data);

    const dir = Buffer.alloc(46);
    dir.writeUInt32LE(0x02014b50, 0);
    dir.writeUInt16LE(VERSION, 4);
    dir.writeUInt16LE(VERSION, 6);
    dir.writeUInt16LE(UTF8, 8);
    dir.writeUInt16LE(0, 10);
    dir.writeUInt16LE(DOS_TIME, 12);
    dir.writeUInt16LE(DOS_DATE, 14);
    dir.writeUInt32LE(crc, 16);
    dir.writeUInt32LE(e.data.length, 20);
    dir.writeUInt32LE(e.data.length, 24);
    dir.writeUInt16LE(name.length, 28);
    // extra, comment, disk number, internal attributes, external attributes: all 0
    dir.writeUInt32LE(offset, 42);
    central.push(dir, name);
    offset += local.length + name.length + e.data.length;
  }
  const dirSize = central.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dirSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...central, end]);
}

/**
 * Entry names from document names: path separators and control characters replaced, a `.pdf`
 * ending added, and repeats numbered (`nda.pdf`, `nda (2).pdf`), so that unzipping writes one
 * file per document inside the target folder.
 */
export function entryNames(names: string[]): string[] {
  const used = new Set<string>();
  return names.map((raw, i) => {
    // Control characters and path separators cannot stand in an entry name.
    const clean =
      raw
        // eslint-disable-next-line no-control-regex
        .replace(/[\u0000-\u001f\u007f/\\:]/g, "_")
        .replace(/^\.+/, "")
        .trim()
        .slice(0, 200) || `document-${i + 1}`;
    const base = clean.toLowerCase().endsWith(".pdf") ? clean.slice(0, -4) : clean;
    let name = `${base}.pdf`;
    for (let n = 2; used.has(name.toLowerCase()); n++) name = `${base} (${n}).pdf`;
    used.add(name.toLowerCase());
    return name;
  });
}
