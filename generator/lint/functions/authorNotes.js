// tms-author-notes: descriptions and summaries are for readers of the reference. Notes for
// contract authors (which x- extension holds what, why a schema is shaped for the validator)
// go in `x-author-note` beside them, which the docs never show (openapi/README.md).
const AUTHOR_TALK = [
  [/`?(?<![\w/.-])(?:components\.)?x-[a-z]+(?:-[a-z]+)*\b`?/, 'names a contract extension'],
  [/\b(?:in|of|to) this contract\b/i, 'talks about the contract'],
  [/\bmatches exactly one branch\b|\boneOf branch/i, 'explains a schema construct'],
];

export default function authorNotes(text, _options, context) {
  if (typeof text !== 'string') return [];
  for (const [pattern, why] of AUTHOR_TALK) {
    const m = pattern.exec(text);
    if (m) {
      return [
        {
          message: `${context.path[context.path.length - 1]} ${why} ("${m[0]}"): readers do not need it; move the note to x-author-note`,
          path: context.path,
        },
      ];
    }
  }
  return [];
}
