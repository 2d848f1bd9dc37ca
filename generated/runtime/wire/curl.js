// runtime/wire/curl.ts of tms-gen 0.1.0, compiled. Do not edit: every generate replaces it.
import { encodeFields } from './fields.js';
import { encodeRequest, MULTIPART, mediaEssence, URLENCODED } from './request.js';
import { encodeFormComponent } from './urlencoded.js';
/** POSIX shell single-quoting: the only special character inside '...' is the quote itself. */
export function shellQuote(text) {
    if (text.includes('\0'))
        throw new TypeError('a shell argument cannot contain a NUL character');
    return `'${text.replace(/'/g, `'\\''`)}'`;
}
export function curlCommand(op, input, opts) {
    const request = encodeRequest(op, input, { mediaType: opts.mediaType, boundary: opts.boundary });
    const body = request.body;
    const bodyType = body ? mediaEssence(body.contentType) : undefined;
    const args = [];
    // curl picks GET without data and POST with it; anything else, and a POST without data, is named.
    if (request.method === 'HEAD')
        args.push('-I');
    else if (!(request.method === 'GET' || (request.method === 'POST' && body !== undefined)))
        args.push(`-X ${request.method}`);
    // With a body the query rides in the URL, as encoded; without one, -G spells it out readably.
    const base = opts.baseUrl.replace(/\/+$/, '') + request.path;
    const url = body !== undefined && request.query !== '' ? `${base}?${request.query}` : base;
    const lines = [`curl ${[...args, shellQuote(url)].join(' ')}`];
    if (opts.auth === 'placeholder')
        lines.push(`-u ${shellQuote('<EMAIL>:<API_KEY>')}`);
    else if (opts.auth)
        lines.push(`-u ${shellQuote(`${opts.auth.email}:${opts.auth.apiKey}`)}`);
    for (const [name, value] of Object.entries(request.headers))
        lines.push(`-H ${shellQuote(`${name}: ${value}`)}`);
    if (body === undefined && request.query !== '') {
        lines.push('-G');
        lines.push(...encodeFields(op.fields.filter((field) => field.in === 'query'), input.query ?? {}).map(dataArgument));
    }
    if (body !== undefined) {
        const pairs = () => encodeFields(op.fields.filter((field) => field.in === 'body'), input.body);
        if (op.body?.kind === 'form' && bodyType === URLENCODED)
            lines.push(...pairs().map(dataArgument));
        else if (op.body?.kind === 'form' && bodyType === MULTIPART)
            lines.push(...pairs().map(formArgument));
        else {
            lines.push(`-H ${shellQuote(`Content-Type: ${body.contentType}`)}`);
            lines.push(body.text !== undefined
                ? `--data-binary ${shellQuote(body.text)}`
                : `--data-binary @body.bin`);
        }
    }
    return lines.join(' \\\n  ');
}
function dataArgument(pair) {
    const name = encodeFormComponent(pair.name);
    // Pre-encoded values (comma lists) and empty names (`=x` means "no name" to curl) go as raw data.
    if (pair.encodedValue !== undefined || name === '') {
        return `--data ${shellQuote(`${name}=${pair.encodedValue ?? encodeFormComponent(String(pair.value))}`)}`;
    }
    return `--data-urlencode ${shellQuote(`${name}=${pair.value}`)}`;
}
function formArgument(pair) {
    if (typeof pair.value !== 'string') {
        // A file part reads a local file; the sample names it after the File (curl adds its own type).
        const fileName = typeof File !== 'undefined' && pair.value instanceof File ? pair.value.name : 'file';
        return `-F ${shellQuote(`${pair.name}=@${fileName}`)}`;
    }
    // curl splits `name=value` at the first `=`, so such a name has no spelling on its command line.
    if (pair.name.includes('='))
        throw new TypeError(`\`${pair.name}\`: curl cannot send a form field whose name has "="`);
    const plainForF = !/^[@<]|[;"\\\r\n]|^\s|\s$/.test(pair.value) && !/[;"\\]/.test(pair.name);
    return `${plainForF ? '-F' : '--form-string'} ${shellQuote(`${pair.name}=${pair.value}`)}`;
}
