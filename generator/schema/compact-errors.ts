/**
 * Ajv's error bookkeeping written shorter in the split validators' modules (split-modules.ts):
 * each error literal and its lines of list handling as one call of a helper (`addError`,
 * `addErrors`, `addMissing`, `addTypeError`: split-code.ts, helpersModule). Lines that do not
 * have exactly Ajv's shape are left as they are.
 */
/**
 * The first step of compactErrors, on its own: each error literal and its seven lines of
 * bookkeeping as one `addError` statement. It reads only Ajv's own local names (`vErrors`,
 * `err<n>`), which neither the schema reads inlined nor the renamed globals touch, and keeps
 * every other token as it was: so it gives the same module whether it runs on a module's text
 * or, earlier, on each function's code as Ajv compiles it (validators.ts does that: Graph's
 * 40,000 functions' code is then about half the size while it waits for the split).
 */
export function compactErrorLiterals(code: string): string {
  if (!code.includes('if(vErrors === null){')) return code;
  const lines = code.split('\n');
  const out: string[] = [];
  const literal =
    /^const (err\d+) = \{instancePath(?::(.*?))?,schemaPath:("(?:[^"\\]|\\.)*"),keyword:("(?:[^"\\]|\\.)*"),params:(.*)\};$/;
  for (let i = 0; i < lines.length; i++) {
    const m = literal.exec(lines[i]);
    const name = m?.[1];
    if (
      m &&
      lines[i + 1] === 'if(vErrors === null){' &&
      lines[i + 2] === `vErrors = [${name}];` &&
      lines[i + 3] === '}' &&
      lines[i + 4] === 'else {' &&
      lines[i + 5] === `vErrors.push(${name});` &&
      lines[i + 6] === '}' &&
      lines[i + 7] === 'errors++;'
    ) {
      const [, , path, schemaPath, keyword, params] = m;
      out.push(
        `vErrors = addError(vErrors, ${path ?? 'instancePath'}, ${schemaPath}, ${keyword}, ${params});`,
      );
      out.push('errors++;');
      i += 7;
      continue;
    }
    out.push(lines[i]);
  }
  return out.join('\n');
}

/**
 * Ajv writes each error as a literal and seven lines of bookkeeping (create or push the error
 * list, count). The same statement, once per error, calls `addError` (helpers module) instead:
 * the same list, the same objects, a third of the size. Lines that do not have exactly Ajv's
 * shape are left as they are.
 */
export function compactErrors(code: string): string {
  const lines = compactErrorLiterals(code).split('\n');
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const merged =
      /^vErrors = vErrors === null \? (f_\d+)\.errors : vErrors\.concat\((f_\d+)\.errors\);$/.exec(
        lines[i],
      );
    if (merged && merged[1] === merged[2]) {
      // with the count that follows it, one statement (thousands of calls on a large document)
      if (lines[i + 1] === 'errors = vErrors.length;') {
        out.push(`errors = (vErrors = addErrors(vErrors, ${merged[1]}.errors)).length;`);
        i++;
      } else out.push(`vErrors = addErrors(vErrors, ${merged[1]}.errors);`);
      continue;
    }
    out.push(lines[i]);
  }
  return compactRequired(out).join('\n');
}

/** `if(<prop> === undefined){` + its one required error + `errors++;` + `}` as one statement (`addMissing`). */
function compactRequired(lines: string[]): string[] {
  const out: string[] = [];
  const error =
    /^vErrors = addError\(vErrors, (.*), ("(?:[^"\\]|\\.)*"), "required", \{missingProperty: ("(?:[^"\\]|\\.)*")\}\);$/;
  for (let i = 0; i < lines.length; i++) {
    const test = /^if\((.+) === undefined\)\{$/.exec(lines[i]);
    const m = test ? error.exec(lines[i + 1] ?? '') : null;
    if (test && m && lines[i + 2] === 'errors++;' && lines[i + 3] === '}') {
      out.push(
        `if(${test[1]} === undefined) vErrors = addMissing(vErrors, ${m[1]}, ${m[3]}${m[2] === '"#/required"' ? '' : `, ${m[2]}`}), errors++;`,
      );
      i += 3;
    } else out.push(lines[i]);
  }
  // A type error with a single type names it directly (`addTypeError`).
  const typeError =
    /^vErrors = addError\(vErrors, (.*), ("(?:[^"\\]|\\.)*"), "type", \{type: ("[a-z]+")\}\);$/;
  const typed = out.map((line) => {
    const t = typeError.exec(line);
    return t ? `vErrors = addTypeError(vErrors, ${t[1]}, ${t[2]}, ${t[3]});` : line;
  });
  // `if(<test>){` + one error + `errors++;` + `}` as one statement.
  const single: string[] = [];
  for (let i = 0; i < typed.length; i++) {
    const head = /^(if\(.*\))\{$/.exec(typed[i]);
    const add = /^(vErrors = add[A-Za-z]*\(.*\));$/.exec(typed[i + 1] ?? '');
    if (head && add && typed[i + 2] === 'errors++;' && typed[i + 3] === '}') {
      single.push(`${head[1]} ${add[1]}, errors++;`);
      i += 3;
    } else single.push(typed[i]);
  }
  return guardedRequiredLoops(single);
}

/**
 * A long `required` list is checked in a loop over the list (`loopRequired`: an unrolled list
 * costs ~75 bytes a name), but a read by a key that changes each turn is a slow, megamorphic
 * one: on GitHub's `minimal-repository` (46 names) the loop was most of the object's check.
 * The loop now runs only when one test of plain property reads (~30 bytes a name) finds a name
 * missing, so a valid object pays the fast reads and the errors are those of the loop.
 */
function guardedRequiredLoops(lines: string[]): string[] {
  const lists = new Map<string, unknown>();
  for (const line of lines) {
    const m = /^const (read_\d+) = (.*);$/.exec(line);
    if (m) lists.set(m[1], JSON.parse(m[2]));
  }
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const loop = /^for\(const (prop\d+) of (read_\d+)\)\{$/.exec(lines[i]);
    const list = loop ? lists.get(loop[2]) : undefined;
    const test = loop
      ? new RegExp(`^if\\(([A-Za-z_$][\\w$]*)\\[${loop[1]}\\] === undefined\\) `).exec(
          lines[i + 1] ?? '',
        )
      : null;
    if (
      !test ||
      lines[i + 2] !== '}' ||
      !Array.isArray(list) ||
      list.length === 0 ||
      !list.every((name) => typeof name === 'string')
    ) {
      out.push(lines[i]);
      continue;
    }
    const data = test[1];
    const read = (name: string) =>
      /^[A-Za-z_$][\w$]*$/.test(name) ? `${data}.${name}` : `${data}[${JSON.stringify(name)}]`;
    out.push(
      `if(${(list as string[]).map((name) => `${read(name)} === undefined`).join(' || ')}){`,
    );
    out.push(lines[i], lines[i + 1], lines[i + 2], '}');
    i += 2;
  }
  return out;
}
