/** One file a run produces: what emitters return, the package compile reads and the writer puts on disk. */
export interface GeneratedFile {
  /** path relative to the output root it belongs to */
  path: string;
  contents: string | Uint8Array;
}
