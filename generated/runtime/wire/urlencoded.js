// runtime/wire/urlencoded.ts of tms-gen 0.1.0, compiled. Do not edit: every generate replaces it.
/**
 * application/x-www-form-urlencoded, as used by query strings and urlencoded bodies.
 *
 * Encoding keeps only RFC 3986 unreserved characters (`A-Z a-z 0-9 - . _ ~`) and writes space as
 * `+`. That is byte for byte what `curl --data-urlencode` sends (checked against curl 7.88 in
 * test/wire/curl.test.ts), so the docs' curl samples and the client agree; every form decoder
 * (WHATWG, Django, PHP, ...) reads it back the same. Brackets, commas, quotes and colons are
 * percent-encoded: `to=%5B1%2C2%5D`.
 *
 * Decoding is lenient, as servers are: `+` and `%20` are both space, hex may be either case, a
 * malformed `%` escape stays as text and invalid UTF-8 becomes U+FFFD. It never throws.
 */
const utf8 = new TextEncoder();
const HEX = '0123456789ABCDEF';
export function encodeFormComponent(text) {
    // Fast path: the engine's encoder, then the five characters it leaves alone that we don't
    // (`!'()*`) and space as `+`. It throws only on a lone surrogate, which the byte walk handles.
    let encoded;
    try {
        encoded = encodeURIComponent(text);
    }
    catch {
        return encodeFormBytes(text);
    }
    return encoded.replace(/[!'()*]|%20/g, (c) => c === '%20' ? '+' : '%' + c.charCodeAt(0).toString(16).toUpperCase());
}
function encodeFormBytes(text) {
    let out = '';
    // Walk the UTF-8 bytes: a lone surrogate becomes U+FFFD (TextEncoder's rule), never an exception.
    for (const byte of utf8.encode(text)) {
        if (isUnreserved(byte))
            out += String.fromCharCode(byte);
        else if (byte === 0x20)
            out += '+';
        else
            out += '%' + HEX[byte >> 4] + HEX[byte & 15];
    }
    return out;
}
function isUnreserved(byte) {
    return ((byte >= 0x61 && byte <= 0x7a) || // a-z
        (byte >= 0x41 && byte <= 0x5a) || // A-Z
        (byte >= 0x30 && byte <= 0x39) || // 0-9
        byte === 0x2d ||
        byte === 0x2e ||
        byte === 0x5f ||
        byte === 0x7e // - . _ ~
    );
}
export function decodeFormComponent(raw) {
    const text = raw.includes('+') ? raw.replace(/\+/g, ' ') : raw;
    if (!text.includes('%'))
        return text;
    try {
        return decodeURIComponent(text);
    }
    catch {
        return decodePercentLeniently(text);
    }
}
/** The slow path for text that decodeURIComponent refuses (bad escapes or invalid UTF-8). */
function decodePercentLeniently(text) {
    const bytes = [];
    // Runs of text are encoded whole so surrogate pairs stay together.
    for (const piece of text.match(/%[0-9A-Fa-f]{2}|[^%]+|%/g) ?? []) {
        if (piece.length === 3 && piece[0] === '%')
            bytes.push(parseInt(piece.slice(1), 16));
        else
            for (const b of utf8.encode(piece))
                bytes.push(b);
    }
    return new TextDecoder('utf-8').decode(new Uint8Array(bytes));
}
export function serializeUrlencoded(pairs) {
    return pairs
        .map((pair) => {
        if (typeof pair.value !== 'string') {
            throw new TypeError(`\`${pair.name}\` is a file: send it as multipart/form-data`);
        }
        return (encodeFormComponent(pair.name) +
            '=' +
            (pair.encodedValue ?? encodeFormComponent(pair.value)));
    })
        .join('&');
}
export function parseUrlencoded(text) {
    const pairs = [];
    const body = text.startsWith('?') ? text.slice(1) : text;
    if (body === '')
        return pairs;
    for (const piece of body.split('&')) {
        if (piece === '')
            continue; // `a=1&&b=2` and a trailing `&` are common and harmless
        const eq = piece.indexOf('=');
        const rawName = eq === -1 ? piece : piece.slice(0, eq);
        const raw = eq === -1 ? '' : piece.slice(eq + 1);
        pairs.push({ name: decodeFormComponent(rawName), value: decodeFormComponent(raw), raw });
    }
    return pairs;
}
