import { fileNameProblem, isDeceptiveName } from '../files/file-name.policy';

/**
 * Industrial documents (spec 3 "Industrial files", DECISIONS 2 "Uploads"): which files the file
 * screen takes. One home for the browser (the drag area refuses a file before it is sent) and the
 * server (the upload call refuses it again, and checks the bytes).
 */

/** Nesting, CAD/CAM, NC and office formats a job is made of. */
export const DOCUMENT_EXTENSIONS = [
  'bnt', 'bnn', 'bnd', 'dxf', 'dwg', 'igs', 'iges', 'stp', 'step', 'nc', 'gcode', 'txt', 'csv',
  'pdf', 'png', 'jpg', 'jpeg', 'xlsx', 'xls', 'docx', 'doc', 'zip',
] as const;

/** Files one upload may carry. */
export const DOCUMENT_MAX_FILES = 20;

/** Why a name is refused: the kinds the screen names with its own texts. */
export type DocumentNameProblem =
  | { kind: 'plus' }
  | { kind: 'extension'; extension: string }
  | { kind: 'name'; reason: string };


export const extensionOf = (name: string): string => {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
};

/**
 * What is wrong with a document's file name, or null: a plus sign (spec 3: the list is cleared),
 * path parts, control or bidirectional characters, and extensions other than the document
 * formats (so "drawing.pdf.exe" is refused by its last extension).
 */
export function documentNameProblem(name: string): DocumentNameProblem | null {
  if (name.includes('+')) return { kind: 'plus' };
  if (isDeceptiveName(name)) return { kind: 'name', reason: 'The file name may not contain NUL, bidirectional or invisible control characters' };
  const general = fileNameProblem(name);
  if (general) return { kind: 'name', reason: general };
  const extension = extensionOf(name);
  if (!(DOCUMENT_EXTENSIONS as readonly string[]).includes(extension)) return { kind: 'extension', extension };
  return null;
}

/** The types file-type tells for extensions whose files carry a signature; other extensions have none. */
const SIGNATURES: Readonly<Record<string, readonly string[]>> = {
  dwg: ['dwg'],
  pdf: ['pdf'],
  png: ['png'],
  jpg: ['jpg'],
  jpeg: ['jpg'],
  zip: ['zip'],
  xlsx: ['xlsx', 'zip'],
  docx: ['docx', 'zip'],
  xls: ['cfb'],
  doc: ['cfb'],
};

/** Content that never belongs in a document, whatever its name says. */
const EXECUTABLE = new Set(['exe', 'elf', 'macho', 'dll', 'msi', 'class', 'wasm', 'swf', 'apk', 'dmg', 'deb', 'rpm', 'jar', 'lnk', 'cab']);

/**
 * What is wrong with a stored document's bytes, told by their signature (`detected`, file-type's
 * extension; undefined when the bytes have none): an executable is refused whatever its name, a
 * signature format must be what its name says, and a format without a signature (DXF, NC text)
 * may not carry another format's signature other than a harmless one.
 */
export function documentContentProblem(name: string, detected: string | undefined): string | null {
  const extension = extensionOf(name);
  if (detected && EXECUTABLE.has(detected)) return `The file is a program (${detected}), not a document`;
  const expected = SIGNATURES[extension];
  if (expected) {
    if (!detected || !expected.includes(detected)) return `The file's content is not ${extension.toUpperCase()}${detected ? ` (it is ${detected})` : ''}`;
    return null;
  }
  // bnt/dwg and friends: nesting packages may be zip or cfb containers; another signature is a disguise.
  if (detected && !['zip', 'cfb', 'xml', 'gz', '7z', 'stl'].includes(detected)) return `The file's content is ${detected}, not ${extension.toUpperCase()}`;
  return null;
}
